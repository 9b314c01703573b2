// The macros a build blanks (blankableMacros of a macro set's records) kept beside the index in
// `.fw-context/blanked-macros/`, one checksummed file per build, keyed by the digest of the set's macro table (which
// names every record's name, parameters and value, all blankableMacros reads) and stamped with the code that worked
// them out: a re-index whose sets hold the same records takes them from there instead of working them out again (mbed
// CE's 28 000 records: ~80 ms in a short run). A file holds the sets of the last runs (KEPT_SETS at most, those used
// last); a missing or cut one, or one of other code, only costs working them out. The digests of the tables of the
// build's macro sets as the build stands (tableState) are kept apart, in `.fw-context/table-digests/`: a patch whose
// macros stay as they were takes them from there instead of sorting and hashing every record again (Pico: ~1.5 MB of
// records a set, in each of 36 images a shared .c edit patches), and one whose digests change (its units' results do)
// rewrites that small file, not the sets (~40 KB a build), which it reads only when a set is asked for.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { blankableHash, knownBlankableHash, type BlankableMacros } from './blank-macros.js';
import type { WrapperGlue } from './wrapper-macros.js';
import { buildStatePath, pruneBuildStateFiles, readChecksummed, writeChecksummed, type BuildName } from './build-state-files.js';
import { DECIDING_MODULES } from './kept-builtins.js';
import { moduleCodeStamp, moduleStamps } from '../model/module-stamps.js';
import { sha1 } from '../model/sha1.js';

const FORMAT = 2;
const FOLDER = 'blanked-macros';
const DIGESTS_FOLDER = 'table-digests';
/** Sets kept per build: the languages' blankings and their plain ones, of this run and the last few. */
const KEPT_SETS = 8;

/**
 * A kept set: object-like names with their replacement, function-like names, wrapper names with their glue; or
 * 'all' (the same as the set's whole blanking).
 */
type KeptBlanking = [[string, string][], string[], [string, WrapperGlue][]] | 'all';

interface BlankingsFile {
  format: number;
  /** The stamp of the code that made the sets (see blankingCode): sets made by other code are worked out again. */
  code?: string;
  sets: Record<string, KeptBlanking>;
  /** The hash of each set (blankableHash), by the key of the set: a kept set is not hashed again. */
  hashes?: Record<string, string>;
}

/** The table digests of the build's macro sets ('' the build's, c, cpp) in the state `state` names (see tableState). */
interface DigestsFile {
  format: number;
  state: string;
  digests: Record<string, string>;
}

/** Files of blanked macros read and written (the sets' files; the digests' are small), counted over a run. */
export interface BlankingFileCounts {
  read: number;
  written: number;
}

/**
 * The modules whose code decides a set's blanking from its records (the key names the records only), from this folder
 * (what they import to run is listed too, or is known to decide nothing of it: see the kept-code-modules test).
 */
export const BLANKING_MODULES = ['blank-macros.js', 'wrapper-macros.js', 'list-fragments.js', 'language-macros.js', 'compiler-keywords.js'];

/** What names the code that works blankings out: a kept set made by other code may differ. */
function blankingCode(): string {
  return moduleCodeStamp(path.dirname(fileURLToPath(import.meta.url)), BLANKING_MODULES);
}

/**
 * The modules whose code decides a table's records (which records of its groups each language reaches: the sites'
 * lines, the groups' records by name), builtins (those deciding a build's implicit macros) and digest, from this
 * module's folder (what they import to run is listed too, or is known to decide nothing of it: see the
 * kept-code-modules test).
 */
export const DIGEST_MODULES = [
  'kept-blankings.js', 'language-macros.js', 'group-macro-records.js', 'group-values.js', 'language-sites-file.js', 'vendor-paths.js',
  '../preprocessor/build-macro-table.js', '../preprocessor/macro-records-by-name.js', ...DECIDING_MODULES,
];

/**
 * What decides the tables of a build's macro sets: the groups it holds (groupsStamp), the results it links
 * (resultsStamp: which sites each language reaches), its fingerprint (its -D macros and builtins) and the code.
 */
export function tableState(groupsStamp: string, resultsStamp: string, fingerprint: string): string {
  return sha1(`${FORMAT}\0${groupsStamp}\0${resultsStamp}\0${fingerprint}\0${moduleStamps(path.dirname(fileURLToPath(import.meta.url)), DIGEST_MODULES)}`);
}

/** Deletes the files of builds the index no longer holds (see pruneBuildStateFiles). */
export function pruneKeptBlankings(root: string, builds: BuildName[]): void {
  pruneBuildStateFiles(root, FOLDER, builds);
  pruneBuildStateFiles(root, DIGESTS_FOLDER, builds);
}

/** The blankings of one build's macro sets: those kept answer, the others are made and kept for the next run. */
export class KeptBlankings {
  /** The kept sets and their hashes, read at the first use (a patch whose digests hold may ask for none). */
  private keptFile?: { kept: Record<string, KeptBlanking>; keptHashes: Record<string, string> };
  private readonly used: Record<string, KeptBlanking> = Object.create(null) as Record<string, KeptBlanking>;
  /** The blankings of `used`, as this run answered them (their hashes are kept with them). */
  private readonly usedSets = new Map<string, BlankableMacros>();
  /** Blankings worked out in this run (not kept from an earlier one). */
  made = 0;
  /** Of `made`, those written by save already. */
  private savedMade = 0;
  private tables: { state: string; digests: Record<string, string> } | undefined;

  constructor(
    private readonly root: string,
    private readonly build: BuildName,
    /** The run's count of sets' files read and written. */
    private readonly files: BlankingFileCounts = { read: 0, written: 0 },
  ) {
    const data = readChecksummed(buildStatePath(root, DIGESTS_FOLDER, build)) as DigestsFile | undefined;
    if (data && data.format === FORMAT && typeof data.state === 'string' && typeof data.digests === 'object' && data.digests !== null) this.tables = { state: data.state, digests: data.digests };
  }

  /** The sets kept for the build and their hashes, read from their file once. */
  private keptSets(): { kept: Record<string, KeptBlanking>; keptHashes: Record<string, string> } {
    if (this.keptFile) return this.keptFile;
    const data = readChecksummed(buildStatePath(this.root, FOLDER, this.build)) as BlankingsFile | undefined;
    if (data !== undefined) this.files.read++;
    const whole = data && data.format === FORMAT && data.code === blankingCode() && typeof data.sets === 'object' && data.sets !== null;
    const kept = whole ? Object.assign(Object.create(null) as Record<string, KeptBlanking>, data.sets) : Object.create(null);
    const hashes = whole && typeof data.hashes === 'object' && data.hashes !== null ? data.hashes : {};
    this.keptFile = { kept, keptHashes: Object.assign(Object.create(null) as Record<string, string>, hashes) };
    return this.keptFile;
  }

  /** The table digests kept for the build's sets in `state` (see tableState), by set; undefined when none are. */
  tableDigests(state: string): Map<string, string> | undefined {
    return this.tables?.state === state ? new Map(Object.entries(this.tables.digests)) : undefined;
  }

  /**
   * Keeps the digests of the build's sets as it now stands (`state`) for the next run, those known (given, or made by
   * their tables), in their own file (written when they changed), and the sets made (see save).
   */
  keepTableDigests(state: string, sets: Iterable<[string, { knownDigest(): string | undefined }]>): void {
    const next: Record<string, string> = {};
    for (const [key, set] of sets) {
      const digest = set.knownDigest();
      if (digest !== undefined) next[key] = digest;
    }
    this.save();
    if (this.tables?.state === state && JSON.stringify(this.tables.digests) === JSON.stringify(next)) return;
    this.tables = { state, digests: next };
    writeChecksummed(buildStatePath(this.root, DIGESTS_FOLDER, this.build), { format: FORMAT, state, digests: next } satisfies DigestsFile);
  }

  /** The blanking kept under `key`, else `make()` (kept under it). `all`: the set's whole blanking, which 'all' names. */
  of(key: string, make: () => BlankableMacros, all?: () => BlankableMacros): BlankableMacros {
    const { kept, keptHashes } = this.keptSets();
    const k = kept[key];
    if (k !== undefined && (k !== 'all' || all)) {
      this.used[key] = k;
      const b = k === 'all' ? all!() : { objectLike: new Map(k[0]), functionLike: new Set(k[1]), unwrapped: new Map(k[2]) };
      const hash = keptHashes[key];
      if (hash !== undefined && k !== 'all') knownBlankableHash(b, hash);
      this.usedSets.set(key, b);
      return b;
    }
    const b = make();
    this.made++;
    this.used[key] = all && b === all() ? 'all' : [[...b.objectLike], [...b.functionLike], [...b.unwrapped]];
    this.usedSets.set(key, b);
    return b;
  }

  /**
   * Keeps the blankings this run made, with those kept before (a patch masking C++ files only leaves the C ones
   * for the next), the last used first among KEPT_SETS. A failure only costs the next run working them out.
   */
  save(): void {
    if (this.made === this.savedMade) return;
    const { kept, keptHashes } = this.keptSets();
    const older = Object.entries(kept).filter(([key]) => !(key in this.used));
    const sets = Object.fromEntries([...Object.entries(this.used), ...older].slice(0, KEPT_SETS));
    // Each set's hash: as kept, else made now (the masking hashed those it used already).
    const hashes: Record<string, string> = {};
    for (const key of Object.keys(sets)) {
      const b = this.usedSets.get(key);
      const hash = b !== undefined && sets[key] !== 'all' ? blankableHash(b) : keptHashes[key];
      if (hash !== undefined) hashes[key] = hash;
    }
    if (writeChecksummed(buildStatePath(this.root, FOLDER, this.build), { format: FORMAT, code: blankingCode(), sets, hashes } satisfies BlankingsFile)) this.files.written++;
    this.savedMade = this.made;
  }
}
