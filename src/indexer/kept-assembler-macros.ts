// A build's assembler macros by file kept beside the index in `.fw-context/assembler-macros/`, stamped with the
// activity keys its assembler files hold in the index: a patch masking an edited assembler file takes the other files'
// definitions from there instead of the full path's read of them all. A stale, cut or missing file only misses.
import type { StoredBuildFile } from '../index/index-writer.js';
import { sha1 } from '../model/sha1.js';
import { isAssemblerPath } from '../parser/extract-asm.js';
import type { AsmFileMacros } from './assembler-macro-table.js';
import { buildStatePath, pruneBuildStateFiles, readChecksummed, writeChecksummed, type BuildName } from './build-state-files.js';

// 2: a file's definitions are those left at its end (`.purgem` removes them). 3: where an included file's `\@` starts.
// 4: definitions in a conditional's branch not read are left out. 5: the units reading an included file that defines
// macros (which files see them). 6: the files `.include` reads. 7: the macros an included file sees where it is
// included. 8: the further readings of a file `.include` reads (`again`). 9: those of an #include'd file, per unit. 10: the
// readers of a file a `.include`d file includes, each unit's. 11: `.include`s under a decided `.ifdef` or `.ifeqs`
// left out of a file's includes. 12: a `.include` names the file it resolves to (one per file of a name). 13: the
// unit of each reading of a file whose includes the units resolve apart. 14: a file both #include'd and `.include`d
// is one entry. 15: a symbol set in a branch not decided has no value where `.include`s are listed. 16: nor one a
// file read or a macro invoked since may set.
const FORMAT = 16;
const FOLDER = 'assembler-macros';

interface KeptAssemblerMacros {
  format: number;
  stamp: string;
  files: AsmFileMacros[];
}

/** What the kept definitions stand for: the build's assembler files with their activity keys ([stored path, key]). */
export function assemblerStamp(files: Iterable<[string, string | null]>): string {
  const lines: string[] = [];
  for (const [rel, activity] of files) if (isAssemblerPath(rel)) lines.push(`${rel}\0${activity ?? ''}`);
  return sha1(lines.sort().join('\n'));
}

/** The stamp of a build's stored files, with the activity keys of `now` (stored path → key) over theirs. */
export function storedAssemblerStamp(stored: ReadonlyMap<string, StoredBuildFile>, now: ReadonlyMap<string, string> = new Map()): string {
  return assemblerStamp([...stored].map(([rel, f]): [string, string | null] => [rel, now.get(rel) ?? f.activity]));
}

/** The build's kept definitions when the file is whole, of this format and stamped `stamp`; else undefined. */
export function loadAssemblerMacros(root: string, build: BuildName, stamp: string): AsmFileMacros[] | undefined {
  const data = readChecksummed(buildStatePath(root, FOLDER, build)) as KeptAssemblerMacros | undefined;
  if (!data || data.format !== FORMAT || data.stamp !== stamp || !Array.isArray(data.files)) return undefined;
  return data.files;
}

/** Keeps the build's definitions under `stamp` (undefined files: none kept, the next patch of an assembler file declines). */
export function saveAssemblerMacros(root: string, build: BuildName, stamp: string, files: readonly AsmFileMacros[] | undefined): void {
  writeChecksummed(buildStatePath(root, FOLDER, build), files ? ({ format: FORMAT, stamp, files: [...files] } satisfies KeptAssemblerMacros) : null);
}

/** Deletes the files of builds the index no longer holds (see pruneBuildStateFiles). */
export function pruneAssemblerMacros(root: string, builds: BuildName[]): void {
  pruneBuildStateFiles(root, FOLDER, builds);
}
