// The files GNU as `.include` reads for a build's assembler files, each with the hash of the bytes read, kept beside
// the index in `.fw-context/assembler-includes/`. They are no unit's read files, so an edit of one alone is found
// here: the build then takes the full path, which reads them again.
import fs from 'node:fs';
import path from 'node:path';
import type { AsmFileMacros } from './assembler-macro-table.js';
import { buildStatePath, hasBuildStateFolder, pruneBuildStateFiles, readChecksummed, writeChecksummed, type BuildName } from './build-state-files.js';

const FOLDER = 'assembler-includes';

/**
 * One kept entry: [stored path, hash] of an `.include`d file, or [stored path, null, the file whose `.include` looked
 * there] where it found none (a file appearing there is read; files kept before the third item have none).
 */
type KeptInclude = [string, string] | [string, null, string?];

/**
 * Keeps the `.include`d files among `files` and where an `.include` found no file (see KeptInclude); a build whose
 * assembler files include none keeps no file.
 */
export function saveAssemblerIncludes(root: string, build: BuildName, files: readonly AsmFileMacros[] | undefined): void {
  const included: KeptInclude[] = [];
  for (const [rel, , reads] of files ?? []) {
    if (reads?.dotHash) included.push([rel, reads.dotHash]);
    for (const looked of reads?.absent ?? []) included.push([looked, null, rel]);
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
  return (kept as KeptInclude[]).some(([rel, hash]) => hashOf(path.resolve(root, rel)) !== hash);
}

/** Where an `.include` of the build's last index found no file: each stored path with the files whose `.include` looked there. */
function lookedWithoutFinding(root: string, build: BuildName): Map<string, string[]> {
  const file = hasBuildStateFolder(root, FOLDER) ? buildStatePath(root, FOLDER, build) : undefined;
  const kept = file !== undefined && fs.existsSync(file) ? readChecksummed(file) : undefined;
  const out = new Map<string, string[]>();
  if (!Array.isArray(kept)) return out;
  for (const [rel, hash, from] of kept as KeptInclude[]) {
    if (hash !== null) continue;
    const by = out.get(rel) ?? out.set(rel, []).get(rel)!;
    if (from !== undefined && !by.includes(from)) by.push(from);
  }
  return out;
}

/**
 * Read only: the stored paths where an `.include` of the build's last index found no file that hold one now, each with
 * the files whose `.include` looked there (sorted; none for a build kept before they were).
 */
export function appearedAssemblerIncludes(root: string, build: BuildName): { file: string; from: string[] }[] {
  return [...lookedWithoutFinding(root, build)]
    .filter(([rel]) => fs.statSync(path.resolve(root, rel), { throwIfNoEntry: false })?.isFile())
    .map(([file, from]) => ({ file, from: from.sort() }));
}

/** Read only: every absolute path where an `.include` of the build's last index found no file (the server watches them). */
export function assemblerIncludeCandidates(root: string, build: BuildName): string[] {
  return [...lookedWithoutFinding(root, build).keys()].map((rel) => path.resolve(root, rel));
}

/** Deletes the files of builds the index no longer holds (see pruneBuildStateFiles). */
export function pruneAssemblerIncludes(root: string, builds: BuildName[]): void {
  pruneBuildStateFiles(root, FOLDER, builds);
}
