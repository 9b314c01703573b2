// Each language's #define sites of a build parsing C and C++ files (see language-macros.ts), with how many units
// reach each, kept beside the index in `.fw-context/language-sites/`: one checksummed file per build, with a small
// stamp file in `language-sites-stamps/` naming the results the build links and the sites file's checksum, so that
// a patch updates them from its changed units alone; a stale, foreign or missing file only misses (the patch then
// reads every unit's sites). A patch that moved no site writes the stamp file only (Pico: 0.1 MB of sites an image
// a shared-source edit left as they were); sites counted again as they were are not written either.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { moduleCodeStamp } from '../model/module-stamps.js';
import { sha1 } from '../model/sha1.js';
import type { LanguageSites } from './language-macros.js';
import { buildStatePath, keepChecksummed, pruneBuildStateFiles, readChecksummed, readChecksummedWithSum, writeChecksummed, type BuildName } from './build-state-files.js';

const FORMAT = 2;
const FOLDER = 'language-sites';
const STAMPS = 'language-sites-stamps';

/** The modules whose code counts a build's sites from its results (the stamp names the results only). */
export const SITES_MODULES = ['language-macros.js', 'language-sites-file.js', 'vendor-paths.js', '../model/plain-path.js'];

/** What names the code that counts sites: sites counted by other code may differ. */
function sitesCode(): string {
  return moduleCodeStamp(path.dirname(fileURLToPath(import.meta.url)), SITES_MODULES);
}

interface StampFile {
  format: number;
  /** The stamp of the code that counted the sites (see sitesCode): sites counted by other code are counted again. */
  code: string;
  /** resultsStamp of the results the build linked when the sites were counted. */
  stamp: string;
  /** The checksum of the sites file counted from them. */
  sites: string;
}

interface SitesFile {
  format: number;
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
  pruneBuildStateFiles(root, STAMPS, builds);
}

/** The build's stamp file when it is whole, of this format and stamped `stamp`. */
function stampOf(root: string, build: BuildName, stamp: string): StampFile | undefined {
  const data = readChecksummed(buildStatePath(root, STAMPS, build)) as StampFile | undefined;
  return data && data.format === FORMAT && data.code === sitesCode() && data.stamp === stamp && typeof data.sites === 'string' ? data : undefined;
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
  const stamped = stampOf(root, build, stamp);
  if (!stamped) return undefined;
  const read = readChecksummedWithSum(buildStatePath(root, FOLDER, build));
  if (!read || read.sum !== stamped.sites) return undefined;
  const data = read.data as SitesFile;
  if (data.format !== FORMAT || typeof data.languages !== 'object' || data.languages === null) return undefined;
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

/**
 * Keeps the build's sites, counted from the results `stamp` names: the sites file is written only when they differ
 * from the file's, the stamp file always (a failure only costs the next patch a read of every unit).
 */
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
  const sum = keepChecksummed(buildStatePath(root, FOLDER, build), { format: FORMAT, languages } satisfies SitesFile);
  if (sum !== undefined) writeChecksummed(buildStatePath(root, STAMPS, build), { format: FORMAT, code: sitesCode(), stamp, sites: sum } satisfies StampFile);
}

/**
 * Stamps the build's sites, counted from the results `before` names, as counted from those `after` names (the
 * sites they reach are the same): the stamp file only is written; false, leaving it as it was, when it is not whole
 * or not stamped `before`.
 */
export function restampLanguageSites(root: string, build: BuildName, before: string, after: string): boolean {
  const stamped = stampOf(root, build, before);
  return stamped !== undefined && writeChecksummed(buildStatePath(root, STAMPS, build), { format: FORMAT, code: sitesCode(), stamp: after, sites: stamped.sites } satisfies StampFile);
}
