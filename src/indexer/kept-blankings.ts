// The macros a build blanks (blankableMacros of a macro set's records) kept beside the index in
// `.fw-context/blanked-macros/`, one checksummed file per build, keyed by the digest of the set's macro table (which
// names every record's name, parameters and value, all blankableMacros reads): a re-index whose sets hold the same
// records takes them from there instead of working them out again (mbed CE's 28 000 records: ~80 ms in a short run).
// A file holds the sets of the last runs (KEPT_SETS at most, those used last); a missing or cut one only costs
// working them out.
import type { BlankableMacros } from './blank-macros.js';
import { buildStatePath, pruneBuildStateFiles, readChecksummed, writeChecksummed, type BuildName } from './build-state-files.js';

const FORMAT = 1;
const FOLDER = 'blanked-macros';
/** Sets kept per build: the languages' blankings and their plain ones, of this run and the last few. */
const KEPT_SETS = 8;

/** A kept set: object-like names with their replacement, function-like names; or 'all' (the same as the set's whole blanking). */
type KeptBlanking = [[string, string][], string[]] | 'all';

interface BlankingsFile {
  format: number;
  sets: Record<string, KeptBlanking>;
}

/** Deletes the files of builds the index no longer holds (see pruneBuildStateFiles). */
export function pruneKeptBlankings(root: string, builds: BuildName[]): void {
  pruneBuildStateFiles(root, FOLDER, builds);
}

/** The blankings of one build's macro sets: those kept answer, the others are made and kept for the next run. */
export class KeptBlankings {
  private readonly kept: Record<string, KeptBlanking>;
  private readonly used: Record<string, KeptBlanking> = Object.create(null) as Record<string, KeptBlanking>;
  /** Blankings worked out in this run (not kept from an earlier one). */
  made = 0;

  constructor(
    private readonly root: string,
    private readonly build: BuildName,
  ) {
    const data = readChecksummed(buildStatePath(root, FOLDER, build)) as BlankingsFile | undefined;
    this.kept = data && data.format === FORMAT && typeof data.sets === 'object' && data.sets !== null ? Object.assign(Object.create(null) as Record<string, KeptBlanking>, data.sets) : Object.create(null);
  }

  /** The blanking kept under `key`, else `make()` (kept under it). `all`: the set's whole blanking, which 'all' names. */
  of(key: string, make: () => BlankableMacros, all?: () => BlankableMacros): BlankableMacros {
    const k = this.kept[key];
    if (k !== undefined && (k !== 'all' || all)) {
      this.used[key] = k;
      return k === 'all' ? all!() : { objectLike: new Map(k[0]), functionLike: new Set(k[1]) };
    }
    const b = make();
    this.made++;
    this.used[key] = all && b === all() ? 'all' : [[...b.objectLike], [...b.functionLike]];
    return b;
  }

  /**
   * Keeps the blankings this run made, with those kept before (a patch masking C++ files only leaves the C ones
   * for the next), the last used first among KEPT_SETS. A failure only costs the next run working them out.
   */
  save(): void {
    if (this.made === 0) return;
    const older = Object.entries(this.kept).filter(([key]) => !(key in this.used));
    const sets = Object.fromEntries([...Object.entries(this.used), ...older].slice(0, KEPT_SETS));
    writeChecksummed(buildStatePath(this.root, FOLDER, this.build), { format: FORMAT, sets } satisfies BlankingsFile);
  }
}
