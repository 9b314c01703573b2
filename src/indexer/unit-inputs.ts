// The files each unit of a stored build read, with the content hashes it read them at, for a re-index to find
// the units whose files changed. A result's file list is a function of its content hash (unit_results.hash
// covers it), so the lists are kept beside the index by that hash, as indexes into one list of the distinct
// [stored path, hash] pairs: a re-index reads the hashes its build links and that small file, not 100 rows of
// ~15 KB, and checks each distinct pair once. Results the file lacks (new since it was written) are read from
// the index and the file is written again; a missing or unreadable file only costs that. A patch writes the file
// with its new results' lists (keepPatchedInputs), which it knows without reading them. No code stamp: a list is the
// `files` column its hash covers, whatever code made the result (code reading other files makes another hash). Beside
// them, the lookups each result's walk made that found no file (the names its tested list keeps for them, see
// absent-lookups.ts), each distinct one once: a header that appears in a folder they searched is found without a walk.
import type { Db } from '../index/open-index.js';
import { buildUnitLinks, resultAbsentLookups, resultFiles } from '../index/reindex-rows.js';
import type { AbsentProbe } from '../model/absent-lookups.js';
import { buildStatePath, pruneBuildStateFiles, readChecksummed, writeChecksummed } from './build-state-files.js';

const FORMAT = 2;
const FOLDER = 'unit-inputs';

interface CacheFile {
  format: number;
  /** Distinct [stored path, content hash] pairs. */
  pairs: [string, string][];
  /** Result hash → indexes into `pairs`, in the result's file order. */
  results: Record<string, number[]>;
  /** Distinct lookups that found no file (see absent-lookups.ts). */
  lookups: string[];
  /** Result hash → indexes into `lookups` (a result of `results` not named here made none). */
  absent: Record<string, number[]>;
}

/** A unit of a stored build: the result it links and the files that result read (indexes into BuildInputs.pairs). */
export interface LinkedUnit {
  id: number;
  hash: string;
  files: number[];
  /** The lookups its walk made that found no file (indexes into BuildInputs.lookups). */
  absent: number[];
}

export interface BuildInputs {
  /** Unit path (as stored in unit_paths) → its linked result. */
  byPath: Map<string, LinkedUnit>;
  /** [stored path, content hash] pairs the units' `files` index. */
  pairs: [string, string][];
  /** Lookups that found no file, which the units' `absent` index. */
  lookups: string[];
  /** Results whose file lists were read from the index in this run (not in the cache file). */
  readFromIndex: number;
}

/** Where the file lists of a build's results are kept. */
export function unitInputsPath(root: string, variant: string, image: string): string {
  return buildStatePath(root, FOLDER, { variant, image });
}

/** Deletes the lists of builds the index no longer holds (see pruneBuildStateFiles); returns how many went. */
export function pruneUnitInputs(root: string, builds: { variant: string; image: string }[]): number {
  return pruneBuildStateFiles(root, FOLDER, builds);
}

/** The file's data when it is whole (its checksum holds: no index in it is checked one by one) and of this format. */
function readCache(file: string): CacheFile | undefined {
  const data = readChecksummed(file) as CacheFile | undefined;
  return data && data.format === FORMAT && typeof data.results === 'object' && data.results !== null && Array.isArray(data.pairs) && Array.isArray(data.lookups) && typeof data.absent === 'object' && data.absent !== null ? data : undefined;
}

/** The pairs and lookups the units name, each once, in the order first named; the units' indexes renumbered in place. */
function compact(pairs: [string, string][], lookups: readonly string[], units: LinkedUnit[]): CacheFile {
  const renumber = new Int32Array(pairs.length).fill(-1);
  const kept: [string, string][] = [];
  const results: Record<string, number[]> = {};
  const lookupAt = new Map<string, number>();
  const keptLookups: string[] = [];
  const absent: Record<string, number[]> = {};
  for (const u of units) {
    u.files = results[u.hash] ??= u.files.map((i) => (renumber[i] >= 0 ? renumber[i] : ((renumber[i] = kept.length), kept.push(pairs[i]), renumber[i])));
    if (u.absent.length === 0) continue;
    u.absent = absent[u.hash] ??= u.absent.map((i) => {
      let at = lookupAt.get(lookups[i]);
      if (at === undefined) lookupAt.set(lookups[i], (at = keptLookups.push(lookups[i]) - 1));
      return at;
    });
  }
  return { format: FORMAT, pairs: kept, results, lookups: keptLookups, absent };
}

/** Adds the lookups of results not in the cache file (read from their tested lists in the index) to `lookups`. */
function readAbsent(db: Db, missing: LinkedUnit[], lookups: string[]): void {
  const read = resultAbsentLookups(db, [...new Set(missing.map((u) => u.id))]);
  const index = new Map(lookups.map((l, i) => [l, i]));
  for (const u of missing) {
    u.absent = (read.get(u.id) ?? []).map((l) => {
      let i = index.get(l);
      if (i === undefined) index.set(l, (i = lookups.push(l) - 1));
      return i;
    });
  }
}

/**
 * The units of a stored build with the files their results read; null when the build links no unit. The
 * cache file is written again when it lacked a result or named one the build no longer links: it then holds
 * exactly the pairs of the linked results (so every pair checked is one some unit read).
 */
export function loadBuildInputs(db: Db, root: string, variant: string, image: string): BuildInputs | null {
  const links = buildUnitLinks(db, variant, image);
  if (links.length === 0) return null;
  const file = unitInputsPath(root, variant, image);
  const cache = readCache(file);
  const units = links.map((l) => ({ id: l.id, hash: l.hash, files: cache?.results[l.hash] as number[], absent: cache?.absent[l.hash] ?? NO_LOOKUPS }));
  const pairs = cache?.pairs ?? [];
  const lookups = cache?.lookups.slice() ?? [];
  const missing = units.filter((u) => u.files === undefined);
  if (missing.length) readAbsent(db, missing, lookups);
  if (missing.length) {
    const read = resultFiles(db, [...new Set(missing.map((u) => u.id))]);
    const index = new Map(pairs.map((p, i) => [`${p[0]}\0${p[1]}`, i]));
    const at = (p: [string, string]) => {
      const k = `${p[0]}\0${p[1]}`;
      let i = index.get(k);
      if (i === undefined) index.set(k, (i = pairs.push(p) - 1));
      return i;
    };
    const parsed = new Map<number, number[]>();
    for (const u of missing) {
      let files = parsed.get(u.id);
      if (!files) parsed.set(u.id, (files = (JSON.parse(read.get(u.id)!) as [string, string][]).map(at)));
      u.files = files;
    }
  }
  let checked = pairs;
  let named = lookups;
  if (missing.length || Object.keys(cache!.results).length !== new Set(links.map((l) => l.hash)).size) {
    const fresh = compact(pairs, lookups, units);
    writeChecksummed(file, fresh); // a failure only costs the next run a read of the rows
    checked = fresh.pairs;
    named = fresh.lookups;
  }
  return { byPath: new Map(links.map((l, k) => [l.unitPath, units[k]])), pairs: checked, lookups: named, readFromIndex: new Set(missing.map((u) => u.id)).size };
}

/** A build's [stored path, content hash] pairs, more added as they come (each once): what a unit's files index. */
export class InputPairs {
  readonly list: [string, string][];
  private index: Map<string, number> | undefined;

  constructor(pairs: readonly [string, string][]) {
    this.list = pairs.slice();
  }

  at(file: string, hash: string): number {
    this.index ??= new Map(this.list.map((p, i) => [`${p[0]}\0${p[1]}`, i]));
    const k = `${file}\0${hash}`;
    let i = this.index.get(k);
    if (i === undefined) this.index.set(k, (i = this.list.push([file, hash]) - 1));
    return i;
  }
}

/**
 * Keeps the lists of a patched build's results: `inputs` as loaded, with the new results of the units in `redone`
 * (each its hash and files as indexes into `pairs`, which extends inputs.pairs) in place of theirs, so that the next
 * run reads none of them from the index (a header edited under every unit replaces all their results).
 */
export function keepPatchedInputs(root: string, variant: string, image: string, inputs: BuildInputs, pairs: InputPairs, redone: ReadonlyMap<LinkedUnit, { hash: string; files: number[]; lookups: readonly string[] }>): void {
  const lookups = inputs.lookups.slice();
  const index = new Map(lookups.map((l, i) => [l, i]));
  const at = (l: string) => {
    let i = index.get(l);
    if (i === undefined) index.set(l, (i = lookups.push(l) - 1));
    return i;
  };
  const units = [...inputs.byPath.values()].map((u) => {
    const r = redone.get(u);
    return r ? { ...u, hash: r.hash, files: r.files, absent: r.lookups.map(at) } : { ...u };
  });
  writeChecksummed(unitInputsPath(root, variant, image), compact(pairs.list, lookups, units)); // a failure only costs the next run a read of the rows
}

/**
 * The units (by stored unit path) whose walk found no file where a searched folder holds the header now, each with
 * the files found (absolute): their results no longer hold.
 */
export function appearedHeaders(inputs: BuildInputs, probe: AbsentProbe): Map<string, string[]> {
  const found = inputs.lookups.map((l) => probe.found(l));
  const out = new Map<string, string[]>();
  if (found.every((f) => f === null)) return out;
  for (const [unit, { absent }] of inputs.byPath) {
    const files = absent.flatMap((i) => (found[i] === null ? [] : [found[i]!]));
    if (files.length) out.set(unit, files);
  }
  return out;
}

const NO_LOOKUPS: number[] = [];

/**
 * The units (by stored unit path) that read a file whose content hash is not the one they read it at. Each
 * distinct pair is checked once; the units' lists are gone through only when some pair does not hold.
 */
export function dirtyUnits(inputs: BuildInputs, storedHash: (stored: string) => string | null): Set<string> {
  const holds = new Uint8Array(inputs.pairs.length);
  let failed = false;
  inputs.pairs.forEach(([file, hash], i) => {
    if (storedHash(file) === hash) holds[i] = 1;
    else failed = true;
  });
  const dirty = new Set<string>();
  if (!failed) return dirty;
  for (const [unit, { files }] of inputs.byPath) if (files.some((i) => holds[i] !== 1)) dirty.add(unit);
  return dirty;
}
