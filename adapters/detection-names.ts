// The builds' names of the detection cache's answer (variant, image, build folder, the build system's default),
// kept in a small file beside it with the inputs they were detected from: a caller that needs only the names
// (status choosing the default build) checks those inputs without reading every build's units and arguments.
import fs from 'node:fs';
import type { BuildDescription } from './contract.js';
import { detectInputsHold, type DetectInput } from './shared/detect-inputs.js';

const FORMAT = 1;

/** What the names file keeps of a build. */
export type NamedBuild = Pick<BuildDescription, 'variant' | 'image' | 'buildDir' | 'defaultVariant'>;

interface NamesFile {
  format: number;
  /** The detection cache's key (the question it answers). */
  key: string;
  checkedAt: number;
  inputs: DetectInput[];
  builds: NamedBuild[];
}

/** The names file beside detection cache `cacheFile`. */
export function namesFile(cacheFile: string): string {
  return cacheFile.replace(/(\.json)?$/, '-names.json');
}

/**
 * Writes the names of `builds`, detected from `head.inputs` as the cache answering `head.key` was; a failure only costs
 * the next caller a full read. It holds its own inputs, so it stands alone: its names answer its key while they hold.
 */
export function saveNames(cacheFile: string, head: Omit<NamesFile, 'format' | 'builds'>, builds: readonly NamedBuild[]): void {
  const file = namesFile(cacheFile);
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    const named = builds.map((b): NamedBuild => ({ variant: b.variant, image: b.image, buildDir: b.buildDir, ...(b.defaultVariant !== undefined ? { defaultVariant: b.defaultVariant } : {}) }));
    fs.writeFileSync(tmp, JSON.stringify({ format: FORMAT, ...head, builds: named } satisfies NamesFile));
    fs.renameSync(tmp, file);
  } catch {
    fs.rmSync(tmp, { force: true });
  }
}

function readNames(cacheFile: string, key: string): NamesFile | undefined {
  try {
    const data = JSON.parse(fs.readFileSync(namesFile(cacheFile), 'utf8')) as NamesFile;
    return data.format === FORMAT && data.key === key && Array.isArray(data.inputs) && Array.isArray(data.builds) ? data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The builds' names of the cached answer to `key` while every input it consulted still holds; undefined
 * otherwise (no names file, another question, a changed input). Names checked by content are kept as checked now.
 */
export function loadNames(cacheFile: string, key: string): NamedBuild[] | undefined {
  const data = readNames(cacheFile, key);
  if (!data) return undefined;
  const now = Date.now();
  const check = detectInputsHold(data.inputs, data.checkedAt);
  if (!check.holds) return undefined;
  if (check.byContent > 0) {
    const { format: _format, builds: _builds, ...head } = data;
    saveNames(cacheFile, { ...head, checkedAt: now }, data.builds);
  }
  return data.builds;
}
