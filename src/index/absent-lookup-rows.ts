// Read side of the lookups that found no file (model/absent-lookups.ts): a build's distinct lookups, each folder named
// once, for status and the server to probe, and its units with theirs. Read from the results' tested lists (the heads
// only, see resultAbsentLookups); the cache of them beside the index (indexer/unit-inputs.ts) is the indexer's.
import { absentLookupName, absentLookupParts } from '../model/absent-lookups.js';
import type { Db } from './open-index.js';
import { resultAbsentLookups } from './reindex-rows.js';
import { prepared } from './statement-cache.js';

/** A build's distinct lookups that found no file: what a probe needs to tell whether one of their headers appeared. */
export interface BuildAbsentLookups {
  /** The folders the lookups searched, each once (absolute). */
  folders: string[];
  /** Each lookup: the header's name as written and the folders it searched, in order (indexes into `folders`). */
  lookups: [string, number[]][];
}

/** Units of a build (absolute source paths) whose walks made lookups that found no file, each with those lookups (indexes into BuildAbsentLookups.lookups). */
export type UnitAbsentLookups = [string, number[]][];

/**
 * The build's lookups and its units' (absent: built with none). Each tested list is read once (`byList`: the lookups of
 * lists read before, by list id, which a reader keeps for the builds it is asked about).
 */
export function buildAbsentLookups(db: Db, buildId: number, byList?: Map<number, string[]>): { lookups: BuildAbsentLookups; units: UnitAbsentLookups } {
  const links = prepared(db, 'SELECT p.path, bu.result_id FROM build_units bu JOIN unit_paths p ON p.id = bu.unit_id WHERE bu.build_id = ? ORDER BY p.path')
    .raw()
    .all(buildId) as [string, number][];
  const byResult = resultAbsentLookups(db, [...new Set(links.map(([, id]) => id))], byList);
  const folders: string[] = [];
  const folderAt = new Map<string, number>();
  const lookups: [string, number[]][] = [];
  const lookupAt = new Map<string, number>();
  const indexOf = (lookup: string): number => {
    let at = lookupAt.get(lookup);
    if (at !== undefined) return at;
    const { name, folders: searched } = absentLookupParts(lookup);
    lookupAt.set(lookup, (at = lookups.push([name, searched.map((f) => folderAt.get(f) ?? (folderAt.set(f, folders.push(f) - 1), folders.length - 1))]) - 1));
    return at;
  };
  const units: UnitAbsentLookups = [];
  for (const [unit, id] of links) {
    const names = byResult.get(id);
    if (names) units.push([unit, names.map(indexOf)]);
  }
  return { lookups: { folders, lookups }, units };
}

/** The name a lookup of `lookups` stands for (as tested lists and AbsentProbe know it). */
export function lookupName(lookups: BuildAbsentLookups, at: number): string {
  const [name, folders] = lookups.lookups[at]!;
  return absentLookupName(name, folders.map((f) => lookups.folders[f]!));
}
