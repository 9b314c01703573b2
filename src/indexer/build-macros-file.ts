// A build's macro groups kept beside the index in `.fw-context/build-macros/`: one checksummed V8-serialized file
// per build, stamped with the hashes of the groups the build holds in the index, so that a patch takes the build's
// macros from it instead of reading every macro row (mbed CE's 28 000: ~100 ms). Records are kept as the index gives
// them back (storedMacroRecord). A stale, foreign or missing file only misses (the rows are read then). Builds with
// more records than MAX_KEPT_RECORDS (a vendor device header's) are not kept: the file would cost more than the read.
import type { MacroRecord } from '../preprocessor/api.js';
import { storedMacroRecord, type IndexWriter, type MacroGroup } from '../index/index-writer.js';
import { sha1 } from '../model/sha1.js';
import { buildStatePath, pruneBuildStateFiles, readChecksummedValue, writeChecksummedValue, type BuildName } from './build-state-files.js';

const FORMAT = 1;
const FOLDER = 'build-macros';
const EXT = 'v8';
/** Past this many records a build's groups are read from the index each patch (a kept file would be as large as they). */
export const MAX_KEPT_RECORDS = 200_000;

/** One group, its records as columns: [hash, file, names, params, values, function-like flags (0/1), lines, expanded values, docstrings ('' none), files (null: all the group's)]. */
type KeptGroup = [string, string, string[], (string | null)[], string[], number[], number[], (string | null)[], string[], string[] | null];

interface BuildMacrosFile {
  format: number;
  stamp: string;
  groups: KeptGroup[];
}

/** What a build's groups are named by: the hashes of the groups it holds (in any order). */
export function groupsStamp(hashes: Iterable<string>): string {
  return sha1([...hashes].sort().join('\n'));
}

/** Deletes the files of builds the index no longer holds (see pruneBuildStateFiles). */
export function pruneBuildMacros(root: string, builds: BuildName[]): void {
  pruneBuildStateFiles(root, FOLDER, builds, EXT);
}

function keptGroup(g: MacroGroup): KeptGroup {
  const r = g.records;
  const files = r.some((m) => m.file !== g.file) ? r.map((m) => m.file) : null;
  return [
    g.hash, g.file, r.map((m) => m.name), r.map((m) => m.params ?? null), r.map((m) => m.value), r.map((m) => (m.functionLike ? 1 : 0)),
    r.map((m) => m.line), r.map((m) => m.expandedValue ?? null), r.map((m) => m.docstring ?? ''), files,
  ];
}

function groupOf(k: KeptGroup): MacroGroup {
  const [hash, file, names, params, values, functionLike, lines, expanded, docstrings, files] = k;
  const records: MacroRecord[] = new Array(names.length);
  for (let i = 0; i < names.length; i++) {
    records[i] = storedMacroRecord({ name: names[i], params: params[i], value: values[i], functionLike: functionLike[i] === 1, file: files ? files[i] : file, line: lines[i], expandedValue: expanded[i], docstring: docstrings[i] });
  }
  return { hash, file, records };
}

/** The build's groups when its file is whole, of this format and stamped `stamp`; else undefined. */
export function loadBuildMacros(root: string, build: BuildName, stamp: string): MacroGroup[] | undefined {
  const data = readChecksummedValue(buildStatePath(root, FOLDER, build, EXT)) as BuildMacrosFile | undefined;
  if (!data || data.format !== FORMAT || data.stamp !== stamp || !Array.isArray(data.groups)) return undefined;
  return data.groups.map(groupOf);
}

/**
 * Keeps the build's groups as the index now holds them: `known` must hold a group of each hash the build's row
 * names (else, or past MAX_KEPT_RECORDS, the file is removed: the next patch reads the rows). Records are kept as
 * the index gives them back. A failure only costs the next patch a read of the rows.
 */
export function saveBuildMacros(root: string, build: BuildName, known: Iterable<MacroGroup>, writer: IndexWriter): void {
  const file = buildStatePath(root, FOLDER, build, EXT);
  const hashes = writer.buildMacroGroupHashes(build.variant, build.image);
  const byHash = new Map<string, MacroGroup>();
  for (const g of known) byHash.set(g.hash, g);
  const groups = hashes.map((h) => byHash.get(h));
  let records = 0;
  for (const g of groups) records += g?.records.length ?? 0;
  if (groups.some((g) => g === undefined) || records > MAX_KEPT_RECORDS) {
    writeChecksummedValue(file, null);
    return;
  }
  writeChecksummedValue(file, { format: FORMAT, stamp: groupsStamp(hashes), groups: (groups as MacroGroup[]).map(keptGroup) } satisfies BuildMacrosFile);
}

/**
 * The build's stored groups: from the file kept beside the index when it names the groups the index holds for the
 * build, else read from the index (`rowsRead`: macro rows read so). `stamp` names the groups the index holds.
 */
export function storedBuildMacros(root: string, build: BuildName, writer: IndexWriter): { groups: MacroGroup[]; stamp: string; rowsRead: number } {
  const stamp = groupsStamp(writer.buildMacroGroupHashes(build.variant, build.image));
  const kept = loadBuildMacros(root, build, stamp);
  if (kept) return { groups: kept, stamp, rowsRead: 0 };
  const groups = writer.buildMacroGroups(build.variant, build.image);
  let rowsRead = 0;
  for (const g of groups) rowsRead += g.records.length;
  return { groups, stamp, rowsRead };
}
