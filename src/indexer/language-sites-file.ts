// Each language's #define sites of a build parsing C and C++ files (see language-macros.ts), with how many units
// reach each, kept beside the index in `.fw-context/language-sites/`: one checksummed file per build, stamped with
// the results the build links, so that a patch updates them from its changed units alone; a stale, foreign or
// missing file only misses (the patch then reads every unit's sites). A patch that moved no site only stamps the
// file again (restampLanguageSites), without writing the sites out anew.
import fs from 'node:fs';
import { sha1 } from '../model/sha1.js';
import { replaceFile } from '../model/replace-file.js';
import type { LanguageSites } from './language-macros.js';
import { buildStatePath, pruneBuildStateFiles, readChecksummed, writeChecksummed, type BuildName } from './build-state-files.js';

const FORMAT = 1;
const FOLDER = 'language-sites';

interface SitesFile {
  format: number;
  /** resultsStamp of the results the build linked when the sites were counted. */
  stamp: string;
  /** Language → stored path → [line step, units, line step, units, ...] (lines ascending, each a step from the one before). */
  languages: Record<string, Record<string, number[]>>;
}

/** What the sites of a build are counted from: its linked results (by content hash, in any order). */
export function resultsStamp(hashes: Iterable<string>): string {
  return sha1([...hashes].sort().join('\n'));
}

/** Deletes the files of builds the index no longer holds (see pruneBuildStateFiles). */
export function pruneLanguageSites(root: string, builds: BuildName[]): void {
  pruneBuildStateFiles(root, FOLDER, builds);
}

/** Lines in ascending order, asked by binary search. */
class AscendingLines {
  constructor(private readonly lines: Int32Array) {}

  has(line: number): boolean {
    let lo = 0;
    let hi = this.lines.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const at = this.lines[mid];
      if (at === line) return true;
      if (at < line) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }
}

/** The lines of `file` a language's units reached (`byFile`: its sites), to ask whether they hold a line. */
export function reachedLines(byFile: ReadonlyMap<string, Map<number, number>> | undefined, file: string): { has(line: number): boolean } | undefined {
  return byFile instanceof SteppedSites ? byFile.reached(file) : byFile?.get(file);
}

/** A sites file's paths both ways (see PathMemo). */
export interface SitePaths {
  absolutePath(stored: string): string;
  storedPath(file: string): string;
}

/**
 * The build's sites when its file is whole, of this format and counted from the results `stamp` names; else
 * undefined. Each file's lines are made from its steps when first asked (see SteppedSites).
 */
export function loadLanguageSites(root: string, build: BuildName, stamp: string, paths: SitePaths): LanguageSites | undefined {
  const data = readChecksummed(buildStatePath(root, FOLDER, build)) as SitesFile | undefined;
  if (!data || data.format !== FORMAT || data.stamp !== stamp || typeof data.languages !== 'object' || data.languages === null) return undefined;
  const out: LanguageSites = new Map();
  for (const [language, files] of Object.entries(data.languages)) out.set(language, new SteppedSites(files, paths));
  return out;
}

/** Site work of this process: files whose lines were made from their steps (tests count what a patch spares). */
export const siteWork = { filesStepped: 0 };

function linesOf(steps: number[]): Map<number, number> {
  siteWork.filesStepped++;
  const lines = new Map<number, number>();
  for (let i = 0, line = 0; i + 1 < steps.length; i += 2) lines.set((line += steps[i]), steps[i + 1]);
  return lines;
}

/**
 * One language's sites by absolute path, each file's lines made from its kept steps when first asked: a patch that
 * moves no unit's sites reads those of the few files defining the macros the files it masks name (Pico: ~1 000
 * files a language). Anything that lists or counts the files makes them all first.
 */
class SteppedSites extends Map<string, Map<number, number>> {
  /** Steps of the files not made yet, by stored path. */
  private pending?: Map<string, number[]>;
  /** Of pending files asked only whether they hold a line (see reached): their lines, ascending. */
  private asked = new Map<string, Int32Array>();

  constructor(
    steps: Record<string, number[]>,
    private readonly paths: SitePaths,
  ) {
    super();
    this.pending = new Map(Object.entries(steps));
  }

  /** Makes the file's lines when they are still pending. */
  private take(file: string): void {
    const pending = this.pending;
    if (pending === undefined || pending.size === 0) return;
    const stored = this.paths.storedPath(file);
    const steps = pending.get(stored);
    if (steps === undefined) return;
    pending.delete(stored);
    this.asked.delete(file);
    super.set(file, linesOf(steps));
  }

  /**
   * The lines of `file` some unit reached, to ask whether they hold a line: of a file still pending, its lines
   * ascending (searched, not made into a Map: a register header's thousands of sites for the few macros asked).
   */
  reached(file: string): { has(line: number): boolean } | undefined {
    const made = super.get(file);
    if (made !== undefined || this.pending === undefined) return made;
    let lines = this.asked.get(file);
    if (lines === undefined) {
      const steps = this.pending.get(this.paths.storedPath(file));
      if (steps === undefined) return undefined;
      lines = new Int32Array(steps.length >> 1);
      for (let i = 0, line = 0; i + 1 < steps.length; i += 2) lines[i >> 1] = line += steps[i];
      this.asked.set(file, lines);
    }
    return new AscendingLines(lines);
  }

  private takeAll(): void {
    const pending = this.pending;
    if (pending === undefined) return;
    this.pending = undefined;
    this.asked.clear();
    for (const [stored, steps] of pending) super.set(this.paths.absolutePath(stored), linesOf(steps));
  }

  override get(file: string): Map<number, number> | undefined {
    this.take(file);
    return super.get(file);
  }

  override has(file: string): boolean {
    this.take(file);
    return super.has(file);
  }

  override set(file: string, lines: Map<number, number>): this {
    this.take(file);
    return super.set(file, lines);
  }

  override delete(file: string): boolean {
    this.take(file);
    return super.delete(file);
  }

  override clear(): void {
    this.pending = undefined;
    this.asked.clear();
    super.clear();
  }

  override get size(): number {
    this.takeAll();
    return super.size;
  }

  override forEach(fn: (lines: Map<number, number>, file: string, map: Map<string, Map<number, number>>) => void, thisArg?: unknown): void {
    this.takeAll();
    super.forEach(fn, thisArg);
  }

  override entries(): MapIterator<[string, Map<number, number>]> {
    this.takeAll();
    return super.entries();
  }

  override keys(): MapIterator<string> {
    this.takeAll();
    return super.keys();
  }

  override values(): MapIterator<Map<number, number>> {
    this.takeAll();
    return super.values();
  }

  override [Symbol.iterator](): MapIterator<[string, Map<number, number>]> {
    this.takeAll();
    return super[Symbol.iterator]();
  }
}

/** Keeps the build's sites, counted from the results `stamp` names (a failure only costs the next patch a read of every unit). */
export function saveLanguageSites(root: string, build: BuildName, stamp: string, sites: LanguageSites, storedPath: (file: string) => string): void {
  const languages: SitesFile['languages'] = {};
  for (const [language, byFile] of sites) {
    const files: Record<string, number[]> = (languages[language] = {});
    for (const [file, lines] of byFile) {
      const steps: number[] = [];
      let line = 0;
      for (const l of [...lines.keys()].sort((a, b) => a - b)) {
        steps.push(l - line, lines.get(l)!);
        line = l;
      }
      files[storedPath(file)] = steps;
    }
  }
  writeChecksummed(buildStatePath(root, FOLDER, build), { format: FORMAT, stamp, languages } satisfies SitesFile);
}

/** The start of a file's body, up to its stamp (writeChecksummed writes the fields in SitesFile's order). */
const stampAt = (stamp: string): string => `{"format":${FORMAT},"stamp":${JSON.stringify(stamp)}`;

/**
 * Stamps the build's sites file, counted from the results `before` names, as counted from those `after` names (the
 * sites they reach are the same); false, leaving the file as it was, when it is not whole or not stamped `before`.
 */
export function restampLanguageSites(root: string, build: BuildName, before: string, after: string): boolean {
  const file = buildStatePath(root, FOLDER, build);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  const body = text.slice(41);
  const head = stampAt(before);
  if (text.charCodeAt(40) !== 10 || !body.startsWith(head) || sha1(body) !== text.slice(0, 40)) return false;
  const stamped = stampAt(after) + body.slice(head.length);
  return replaceFile(file, `${sha1(stamped)}\n${stamped}`);
}
