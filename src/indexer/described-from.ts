// The files the indexed builds were described from — what build detection read (platformio.ini and the configs it
// takes in, board manifests, CMake, Zephyr and Mbed build files) with size, mtime and content hash — kept beside the
// index by each run, so that status names one changed since without detecting again: each is checked as the detection
// cache checks it (detect-inputs.ts). Folder listings and existence checks (a new env's folder) are left to `check`.
import fs from 'node:fs';
import path from 'node:path';
import { changedDetectInputs, type DetectInput } from '../../adapters/shared/detect-inputs.js';
import { replaceFile } from '../model/replace-file.js';
import { STATE_DIR } from '../project/config.js';
import { absolutePath, storedPath } from './vendor-paths.js';

const FORMAT = 1;

/** A file detection read: path, size (null: unreadable), mtime, sha1 of its text. */
type FileInput = Extract<DetectInput, ['file', ...unknown[]]>;

interface DescribedFrom {
  format: number;
  /** When every file was last known to hold (ms since the epoch): decides which mtimes are trusted. */
  checkedAt: number;
  /** Paths stored relative to the root where inside it. */
  files: FileInput[];
}

/** The inputs of a detection, all holding at `checkedAt` (detection-cache.ts's ConsultedInputs). */
export interface DetectionInputs {
  checkedAt: number;
  inputs: DetectInput[];
}

export function describedFromPath(root: string): string {
  return path.join(root, STATE_DIR, 'described-from.json');
}

function readDescribedFrom(root: string): DescribedFrom | undefined {
  try {
    const data = JSON.parse(fs.readFileSync(describedFromPath(root), 'utf8')) as DescribedFrom;
    return data.format === FORMAT && Array.isArray(data.files) && typeof data.checkedAt === 'number' ? data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes the list unless the file holds that very text already: a run whose detection came from its cache keeps the
 * same list, and a read of it costs less than the temporary file and the rename over the old one (~1-2 ms here).
 */
function writeDescribedFrom(root: string, checkedAt: number, files: FileInput[]): void {
  const file = describedFromPath(root);
  const text = JSON.stringify({ format: FORMAT, checkedAt, files } satisfies DescribedFrom);
  if (sameText(file, text)) return;
  replaceFile(file, text);
}

/** Whether `file` holds `text` (ASCII or not, compared as UTF-8 bytes); false when it cannot be read. */
function sameText(file: string, text: string): boolean {
  try {
    return fs.readFileSync(file).equals(Buffer.from(text, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * Keeps the files an index run's detection read. A run that indexed every build replaces the list; one that indexed
 * some (`--variant`, a build that failed) keeps a file's earlier state where it differs, since the builds it left
 * were described from that, and adds the files new to the list.
 */
export function keepDescribedFrom(root: string, detection: DetectionInputs, everyBuild: boolean): void {
  const now = detection.inputs.filter((i): i is FileInput => i[0] === 'file').map((i): FileInput => ['file', storedPath(root, i[1]), i[2], i[3], i[4]]);
  const before = everyBuild ? undefined : readDescribedFrom(root);
  if (!before) return writeDescribedFrom(root, detection.checkedAt, now);
  const kept = new Map(before.files.map((f) => [f[1], f]));
  for (const f of now) {
    const old = kept.get(f[1]);
    if (!old || (old[2] === f[2] && old[4] === f[4])) kept.set(f[1], f);
  }
  writeDescribedFrom(root, Math.min(before.checkedAt, detection.checkedAt), [...kept.values()]);
}

/** A file the indexed builds were described from (absolute) as it stands now. */
export interface ChangedDescription {
  file: string;
  how: 'changed' | 'appeared' | 'gone';
}

/**
 * The files the indexed builds were described from that changed since, went, or appeared where detection found
 * none, leaving out those in `covered` (absolute: reported otherwise). Files re-read to tell (a touch) are kept as
 * checked now when none changed. [] when the index keeps no list (an older fw-context wrote it).
 */
export function changedDescriptionFiles(root: string, covered: ReadonlySet<string>): ChangedDescription[] {
  const data = readDescribedFrom(root);
  if (!data) return [];
  const files = data.files.map((f): FileInput => ['file', absolutePath(root, f[1]), f[2], f[3], f[4]]);
  const checked = files.filter((f) => !covered.has(f[1]));
  const now = Date.now();
  const { changed, byContent } = changedDetectInputs(checked, data.checkedAt);
  if (changed.length === 0 && byContent > 0) writeDescribedFrom(root, now, files.map((f): FileInput => ['file', storedPath(root, f[1]), f[2], f[3], f[4]]));
  return changed.map((f) => ({ file: f[1], how: f[2] === null ? 'appeared' : fs.existsSync(f[1]) ? 'changed' : 'gone' }));
}
