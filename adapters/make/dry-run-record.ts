// What a make dry run left for detection (`.fw-context/make-dry-run.json`, written by `fw-context index --build`):
// the command, where it ran, the makefiles make read with their hashes, its exit status and what it printed.
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
}

/** The makefile make reads in `dir` when none is named, as GNU make looks for it. */
export const DEFAULT_MAKEFILES = ['GNUmakefile', 'makefile', 'Makefile'];

/** The record kept in the state folder `stateDir`, or undefined when there is none or it cannot be read. */
export function readDryRunRecord(stateDir: string): MakeDryRunRecord | undefined {
  const text = readDetectedText(path.join(stateDir, MAKE_DRY_RUN_FILE));
  if (text === undefined) return undefined;
  try {
    const r = JSON.parse(text) as MakeDryRunRecord;
    return Array.isArray(r.command) && typeof r.output === 'string' && typeof r.directory === 'string' ? r : undefined;
  } catch {
    return undefined;
  }
}
