// Macro stage of a build: the #defines it reached, grouped per file. A group whose file content and reached
// sites match a stored group is read back from the index; others are read from the file's directives.
// Groups are what the index stores once for every build that reached the same.
import type { MergedBuild } from '../preprocessor/merge-unit-results.js';
import type { MacroRecord } from '../preprocessor/api.js';
import type { FileSkeleton } from '../preprocessor/file-skeleton.js';
import { definedMacros, packRecordStrings } from '../preprocessor/preprocess-build.js';
import type { IndexWriter, MacroGroup } from '../index/index-writer.js';
import { sha1, type FileStates } from './file-states.js';
import { sha1Hasher } from '../model/sha1.js';
import { withApiDocstrings } from './macro-docstring.js';
import { storedPath } from './vendor-paths.js';

export interface BuildMacros {
  groups: MacroGroup[];
  /** Every record of the build (stored paths). */
  records: MacroRecord[];
  /** Groups read back from the index instead of from files. */
  reusedGroups: number;
}

type MacroContext = {
  root: string;
  writer: IndexWriter;
  states: FileStates;
  skeleton: (file: string) => FileSkeleton | undefined;
  /**
   * The skeletons the run drops once the records are made (see definedMacros): when set, every record read from a
   * file gets strings of their own (see packRecordStrings).
   */
  dropping?: ReadonlySet<FileSkeleton>;
};

/**
 * The group of #defines one file's reached sites make: read back from the index when stored, else from the file
 * (taking the sites out of `sites` as their records are made, see definedMacros).
 */
export function macroGroupOf(file: string, sites: Map<number, string | null>, ctx: MacroContext): { group: MacroGroup; reused: boolean } {
  const stored = storedPath(ctx.root, file);
  const hash = groupHash(stored, ctx.states.hash(file), sites);
  const id = ctx.writer.macroGroupId(hash);
  const records =
    id !== undefined
      ? ctx.writer.macroGroupRecords(id)
      : withApiDocstrings(file, definedMacros(new Map([[file, sites]]), ctx.skeleton, stored, true, ctx.dropping));
  return { group: { hash, file: stored, records }, reused: id !== undefined };
}

/**
 * sha1 of JSON.stringify([stored, fileHash, sites as [line, value] pairs by line]), written in pieces: a device
 * header's 400 000 sites make neither the array of pairs nor its text.
 */
function groupHash(stored: string, fileHash: string | null, sites: Map<number, string | null>): string {
  const h = sha1Hasher();
  h.update(`[${JSON.stringify(stored)},${JSON.stringify(fileHash)},[`);
  const lines = Float64Array.from(sites.keys()).sort();
  let piece = '';
  for (let i = 0; i < lines.length; i++) {
    piece += `${i ? ',' : ''}[${lines[i]},${JSON.stringify(sites.get(lines[i]))}]`;
    if (piece.length >= 1 << 16) {
      h.update(piece);
      piece = '';
    }
  }
  h.update(`${piece}]]`);
  return h.digest('hex');
}

/** The group of a build's -D macros (always last among its groups). */
export function commandLineGroup(commandLine: MacroRecord[]): MacroGroup {
  return { hash: sha1(JSON.stringify(['<command-line>', commandLine])), file: '<command-line>', records: commandLine };
}

export function buildMacros(merged: MergedBuild, commandLine: MacroRecord[], ctx: MacroContext): BuildMacros {
  const out: BuildMacros = { groups: [], records: [], reusedGroups: 0 };
  const files = [...merged.defineSites.keys()].sort();
  for (const file of files) {
    const { group, reused } = macroGroupOf(file, merged.defineSites.get(file)!, ctx);
    if (reused) out.reusedGroups++;
    out.groups.push(group);
  }
  if (commandLine.length) {
    if (ctx.dropping) packRecordStrings(commandLine);
    out.groups.push(commandLineGroup(commandLine));
  }
  // One array of the size of all (a generated register header holds more #defines than a spread call takes
  // arguments, and pushing them one by one leaves the arrays it outgrew).
  out.records = out.records.concat(...out.groups.map((g) => g.records));
  return out;
}
