// The files GNU as `.include` reads for a build's assembler files, each with the hash of the bytes read, kept beside
// the index in `.fw-context/assembler-includes/`. They are no unit's read files, so an edit of one alone is found
// here: the build then takes the full path, which reads them again.
import fs from 'node:fs';
import path from 'node:path';
import type { AsmFileMacros } from './assembler-macro-table.js';
import { buildStatePath, pruneBuildStateFiles, readChecksummed, writeChecksummed, type BuildName } from './build-state-files.js';

const FOLDER = 'assembler-includes';

/**
 * Keeps the `.include`d files among `files` ([stored path, hash]) and where an `.include` found no file ([stored path,
 * null]: a file appearing there is read); a build whose assembler files include none keeps no file.
 */
export function saveAssemblerIncludes(root: string, build: BuildName, files: readonly AsmFileMacros[] | undefined): void {
  const included: [string, string | null][] = [];
  for (const [rel, , reads] of files ?? []) {
    if (reads?.dotHash) included.push([rel, reads.dotHash]);
    for (const looked of reads?.absent ?? []) included.push([looked, null]);
  }
  const file = buildStatePath(root, FOLDER, build);
  if (included.length) {
    writeChecksummed(file, included);
    return;
  }
  try {
    fs.unlinkSync(file);
  } catch {
    // None kept before.
  }
}

/**
 * Whether a file `.include` read for the build's last index changed since (or is gone), or one it did not find
 * appeared, by the run's content hashes (`hashOf`: null for a file gone); false when it read none.
 */
export function assemblerIncludesChanged(root: string, build: BuildName, hashOf: (file: string) => string | null): boolean {
  const file = buildStatePath(root, FOLDER, build);
  if (!fs.existsSync(file)) return false;
  const kept = readChecksummed(file);
  if (!Array.isArray(kept)) return true;
  return (kept as [string, string | null][]).some(([rel, hash]) => hashOf(path.resolve(root, rel)) !== hash);
}

/** Read only: the stored paths where an `.include` of the build's last index found no file that hold one now. */
export function appearedAssemblerIncludes(root: string, build: BuildName): string[] {
  const kept = readChecksummed(buildStatePath(root, FOLDER, build));
  if (!Array.isArray(kept)) return [];
  return (kept as [string, string | null][]).flatMap(([rel, hash]) => (hash === null && fs.statSync(path.resolve(root, rel), { throwIfNoEntry: false })?.isFile() ? [rel] : []));
}

/** Deletes the files of builds the index no longer holds (see pruneBuildStateFiles). */
export function pruneAssemblerIncludes(root: string, builds: BuildName[]): void {
  pruneBuildStateFiles(root, FOLDER, builds);
}
