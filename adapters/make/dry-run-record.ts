// What the make dry runs left for detection (`.fw-context/make-dry-run.json`, written by `fw-context index --build`;
// one run per Makefile folder): the command, where it ran, the makefiles make read with their hashes, its exit status
// and what it printed.
import path from 'node:path';
import { readDetectedText } from '../shared/detect-inputs.js';

export const MAKE_DRY_RUN_FILE = 'make-dry-run.json';

/** What the warning about a makefile changed since the recorded run says (check reads it as a stale build). */
export const MAKEFILES_CHANGED = 'changed since the make dry run';

export interface MakeDryRunRecord {
  /** The command as run (argv), in `directory`. */
  command: string[];
  directory: string;
  /** The makefiles make read (its MAKEFILE_LIST, absolute), each with the sha1 of its text then. */
  makefiles: { path: string; sha1: string }[];
  /** Make's exit status (with -k it goes on past a failing recipe; a failure is reported, what it printed is read). */
  status: number | null;
  /** The last lines make wrote to stderr. */
  stderr: string;
  /** What make printed on stdout: the recipes, directory lines and messages. */
  output: string;
  /** When it ran (ISO time). */
  at: string;
  /** The variant the run is, when [make.variants] names it (else it is named after its folder). */
  variant?: string;
}

/** The makefile make reads in `dir` when none is named, as GNU make looks for it. */
export const DEFAULT_MAKEFILES = ['GNUmakefile', 'makefile', 'Makefile'];

/** The file's contents: a run per [make] dirs folder, then per [make.variants] entry, in the config's order. */
export interface MakeDryRuns {
  runs: MakeDryRunRecord[];
}

/** The runs kept in the state folder `stateDir` (none when there is no file or it cannot be read). */
export function readDryRunRecords(stateDir: string): MakeDryRunRecord[] {
  const text = readDetectedText(path.join(stateDir, MAKE_DRY_RUN_FILE));
  if (text === undefined) return [];
  try {
    const runs = (JSON.parse(text) as MakeDryRuns).runs;
    return Array.isArray(runs) ? runs.filter((r) => Array.isArray(r.command) && typeof r.output === 'string' && typeof r.directory === 'string' && (r.variant === undefined || typeof r.variant === 'string')) : [];
  } catch {
    return [];
  }
}
