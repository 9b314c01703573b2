// Headers that units of a build looked for and did not find when indexed which a folder they searched holds now
// (model/absent-lookups.ts), and files an assembler `.include` of the build did not find that are there now, for
// status, get_active_build, the server's refresh and `check` (index-check.ts). A build's units are read only when one
// of its headers appeared. Also get_active_build's words for them (its reasons and appeared_headers).
import path from 'node:path';
import { lookupName } from '../index/absent-lookup-rows.js';
import type { IndexReader } from '../index/index-reader.js';
import { appearedAssemblerIncludes, assemblerIncludeCandidates } from '../indexer/kept-assembler-includes.js';
import type { BuildName } from '../indexer/build-state-files.js';
import { storedPath } from '../indexer/vendor-paths.js';
import { AbsentProbe } from '../model/absent-lookups.js';
import type { BuildSummary } from '../index/build-summaries.js';
import { shownList } from './shown-list.js';

/** A header found now where units of a build looked for it and found none. */
export interface AppearedHeader {
  /** The file found (stored path). */
  file: string;
  /** The units that looked for it (stored paths), sorted; for an assembler `.include`, the file holding it. */
  units: string[];
}

/** A build as these answers name it: its row id and the name its state files are kept under. */
export type LookupsBuild = BuildName & { id: number };

/** What the answers read of an index: a build's lookups, and its units' once one appeared. */
export type LookupsReader = Pick<IndexReader, 'absentLookups' | 'absentLookupUnits'>;

/**
 * The build's headers found now by `probe` (each folder listed once per probe) and its assembler `.include`s' files
 * there now, by file; [] when none appeared.
 */
export function appearedInBuild(reader: LookupsReader, root: string, build: LookupsBuild, probe: AbsentProbe): AppearedHeader[] {
  const byFile = new Map<string, Set<string>>();
  const add = (file: string, units: Iterable<string>) => {
    const set = byFile.get(file) ?? byFile.set(file, new Set()).get(file)!;
    for (const u of units) set.add(u);
  };
  const lookups = reader.absentLookups(build.id);
  const found = lookups.lookups.map((_, at) => probe.found(lookupName(lookups, at)));
  if (found.some((f) => f !== null)) {
    for (const [unit, ats] of reader.absentLookupUnits(build.id)) {
      for (const at of ats) {
        const file = found[at];
        if (file !== null && file !== undefined) add(storedPath(root, file), [storedPath(root, unit)]);
      }
    }
  }
  for (const { file, from } of appearedAssemblerIncludes(root, build)) add(file, from);
  return [...byFile].sort(([a], [b]) => a.localeCompare(b)).map(([file, units]) => ({ file, units: [...units].sort() }));
}

/**
 * Every path where a file would be found by a lookup of the build that found none (the header's name in each folder
 * searched), and where its assembler `.include`s looked and found none.
 */
export function lookupCandidates(reader: LookupsReader, root: string, build: LookupsBuild): string[] {
  const { folders, lookups } = reader.absentLookups(build.id);
  return [...lookups.flatMap(([name, searched]) => searched.map((f) => path.join(folders[f]!, name))), ...assemblerIncludeCandidates(root, build)];
}

/** Headers that appeared where units of the builds looked for them (each folder listed once), by build; builds with none left out. */
export function appearedByBuild(reader: LookupsReader, root: string, scope: BuildSummary[]): Map<BuildSummary, AppearedHeader[]> {
  const probe = new AbsentProbe();
  const out = new Map<BuildSummary, AppearedHeader[]>();
  for (const b of scope) {
    const headers = appearedInBuild(reader, root, b, probe);
    if (headers.length) out.set(b, headers);
  }
  return out;
}

/** One reason per build whose units looked for headers that appeared: they name the headers, the units and the command. */
export function appearedReasons(appeared: Map<BuildSummary, AppearedHeader[]>): string[] {
  return [...appeared].map(([b, headers]) => {
    const units = [...new Set(headers.flatMap((h) => h.units))];
    const them = headers.length > 1 ? 'them' : 'it';
    return (
      `${shownList(headers.map((h) => h.file), 3)} appeared since indexing where ${units.length} unit(s) of build ${b.variant}/${b.image} looked for ${them} and found none (${shownList(units, 3)}); ` +
      `the index was made without ${them} (${headers.length > 1 ? 'their' : 'its'} symbols and the #if decisions that test ${them}): run \`fw-context index\``
    );
  });
}

/** The answer's list of appeared headers: each with its build and units (up to 5 named), up to MAX_APPEARED. */
export function appearedList(appeared: Map<BuildSummary, AppearedHeader[]>): Record<string, unknown>[] {
  return [...appeared]
    .flatMap(([b, headers]) => headers.map((h) => ({ file: h.file, build: `${b.variant}/${b.image}`, units_count: h.units.length, units: h.units.slice(0, 5) })))
    .slice(0, MAX_APPEARED);
}

const MAX_APPEARED = 20;
