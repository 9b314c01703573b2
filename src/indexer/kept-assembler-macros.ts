// A build's assembler macros by file kept beside the index in `.fw-context/assembler-macros/`, stamped with the
// activity keys its assembler files hold in the index: a patch masking an edited assembler file takes the other files'
// definitions from there instead of the full path's read of them all. A stale, cut or missing file only misses. The
// keys name the files' texts as masked, not the code that read definitions from them: the file is stamped with that
// code too, and definitions other code read are read again.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StoredBuildFile } from '../index/index-writer.js';
import { moduleCodeStamp } from '../model/module-stamps.js';
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

/**
 * The modules whose code reads a build's assembler macros from its files' masked texts, from this module's folder (what
 * they import to run is listed too, or is known to decide nothing of it: see the kept-code-modules test). mask-files.js
 * hands them the texts, masked as every parse reads them.
 */
export const ASSEMBLER_MODULES = [
  'kept-assembler-macros.js', 'assembler-macro-table.js', 'assembler-dot-includes.js', 'assembler-read-twice.js', '../parser/extract-asm.js',
  '../parser/expanded-text.js', '../parser/name-tokens.js', '../preprocessor/assembler-macros.js', '../preprocessor/assembler-conditions.js',
  '../preprocessor/assembler-expander.js', '../preprocessor/assembler-syntax.js', '../preprocessor/assembler-include-lines.js', '../preprocessor/spliced-text.js',
  '../preprocessor/macro-invocations.js', '../preprocessor/class-expansions.js', '../preprocessor/invocation-expansion.js', '../preprocessor/macro-lookup.js',
  '../preprocessor/code-scan.js', '../preprocessor/macro-definition.js', '../preprocessor/macro-expander.js', '../preprocessor/hide-sets.js', '../preprocessor/sorted-lists.js', '../preprocessor/recorded-expansions.js',
  '../preprocessor/tokens.js', '../preprocessor/if-expression.js', '../model/line-index.js', '../model/compiler-value-flags.js',
];

/** What names the code that reads assembler macros (once per run): definitions read by other code may differ. */
function assemblerCode(): string {
  return moduleCodeStamp(path.dirname(fileURLToPath(import.meta.url)), ASSEMBLER_MODULES);
}

interface KeptAssemblerMacros {
  format: number;
  /** The stamp of the code that read the definitions (see assemblerCode). */
  code: string;
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

/** The build's kept definitions when the file is whole, of this format and code and stamped `stamp`; else undefined. */
export function loadAssemblerMacros(root: string, build: BuildName, stamp: string): AsmFileMacros[] | undefined {
  const data = readChecksummed(buildStatePath(root, FOLDER, build)) as KeptAssemblerMacros | undefined;
  if (!data || data.format !== FORMAT || data.code !== assemblerCode() || data.stamp !== stamp || !Array.isArray(data.files)) return undefined;
  return data.files;
}

/** Keeps the build's definitions under `stamp` (undefined files: none kept, the next patch of an assembler file declines). */
export function saveAssemblerMacros(root: string, build: BuildName, stamp: string, files: readonly AsmFileMacros[] | undefined): void {
  writeChecksummed(buildStatePath(root, FOLDER, build), files ? ({ format: FORMAT, code: assemblerCode(), stamp, files: [...files] } satisfies KeptAssemblerMacros) : null);
}

/** Deletes the files of builds the index no longer holds (see pruneBuildStateFiles). */
export function pruneAssemblerMacros(root: string, builds: BuildName[]): void {
  pruneBuildStateFiles(root, FOLDER, builds);
}
