// Macro stage of a build: the #defines it reached, grouped per file. A group whose file content and reached
// sites match a stored group is read back from the index; others are read from the file's directives.
// Groups are what the index stores once for every build that reached the same.
import type { MergedBuild } from '../preprocessor/merge-unit-results.js';
import type { MacroRecord } from '../preprocessor/api.js';
import type { FileSkeleton } from '../preprocessor/file-skeleton.js';
import { definedMacros } from '../preprocessor/preprocess-build.js';
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

type MacroContext = { root: string; writer: IndexWriter; states: FileStates; skeleton: (file: string) => FileSkeleton | undefined };

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
      : withApiDocstrings(file, definedMacros(new Map([[file, sites]]), ctx.skeleton, stored, true));
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
    // One by one: a generated register header holds more #defines than a spread call takes arguments.
    for (const r of group.records) out.records.push(r);
  }
  if (commandLine.length) {
    const group = commandLineGroup(commandLine);
    out.groups.push(group);
    out.records.push(...commandLine);
  }
  return out;
}

/** Records whose strings packRecordStrings joins into one string. */
const PACKED_RECORDS = 1 << 14;
/** V8 copies a shorter part of a string; a longer one is a slice that keeps the whole string alive. */
const SLICED_MIN_LENGTH = 13;

/**
 * Gives the records' names and values strings of their own, slices of one string per PACKED_RECORDS records: read
 * from a skeleton, they are slices of the text the header was scanned from, which they would keep alive (24 MB for
 * a device header, with its comment-stripped lines) through masking, parsing and writing once the skeleton is
 * dropped. Short strings are copies already (and shared between records): left as they are.
 */
export function packRecordStrings(records: MacroRecord[]): void {
  for (let from = 0; from < records.length; from += PACKED_RECORDS) {
    const to = Math.min(records.length, from + PACKED_RECORDS);
    const parts: string[] = [];
    for (let i = from; i < to; i++) {
      const r = records[i];
      if (r.name.length >= SLICED_MIN_LENGTH) parts.push(r.name);
      if (r.value.length >= SLICED_MIN_LENGTH) parts.push(r.value);
    }
    const packed = parts.join('');
    let at = 0;
    for (let i = from; i < to; i++) {
      const r = records[i];
      if (r.name.length >= SLICED_MIN_LENGTH) r.name = packed.slice(at, (at += r.name.length));
      if (r.value.length >= SLICED_MIN_LENGTH) r.value = packed.slice(at, (at += r.value.length));
    }
  }
}
