// What a re-index reads of a stored build, light: how its description was fingerprinted, and which unit
// result it links per unit (id and content hash) without the result's columns: the files a result read are
// taken from the cache of them beside the index (indexer/unit-inputs.ts), and only the results that cache
// lacks, or the units a re-index redoes, are read here.
import { isAbsentLookup } from '../model/absent-lookups.js';
import type { BuildLink, BuildRow, RecordInputs } from './index-reader.js';
import type { Db } from './open-index.js';
import { prepared } from './statement-cache.js';
import { storedHeadItems, storedListJson } from './value-lists.js';
import { byHashPrefix, hashText, storedHash, type StoredHash } from './hash-columns.js';

/** A unit of a stored build and the result it links: the result's id and content hash (unit_results.hash). */
export interface StoredUnitLink {
  unitPath: string;
  id: number;
  hash: string;
}

/**
 * The units of a stored build with the results they link. The hashes come from one scan of the results' rows per
 * connection (~100 bytes a row besides its hashes; as fast as a scan of an index of the whole hashes was).
 */
export function buildUnitLinks(db: Db, variant: string, image: string): StoredUnitLink[] {
  const links = prepared(db, 'SELECT p.path, bu.result_id FROM build_units bu JOIN builds b ON b.id = bu.build_id JOIN unit_paths p ON p.id = bu.unit_id WHERE b.variant = ? AND b.image = ?')
    .raw()
    .all(variant, image) as [string, number][];
  if (links.length === 0) return [];
  const hashes = resultHashes(db);
  const one = prepared(db, 'SELECT hash FROM unit_results WHERE id = ?').pluck();
  return links.map(([unitPath, id]) => {
    let hash = hashes.get(id);
    // A result stored since the scan (by an earlier build of the run).
    if (hash === undefined) hashes.set(id, (hash = hashText(one.get(id) as StoredHash)));
    return { unitPath, id, hash };
  });
}

/**
 * The hashes of the stored results by id, scanned once per connection (a run over 39 builds scanned them for each).
 * A result's row changes only when a patch writes its unit's new result over it (noteResultHash then); rows are
 * deleted only when unused ones are collected (forgetResultHashes then).
 */
const hashesByDb = new WeakMap<Db, Map<number, string>>();
/** Scans of every result's hash made in this process (tests count them). */
export const resultHashScans = { made: 0 };

function resultHashes(db: Db): Map<number, string> {
  let hashes = hashesByDb.get(db);
  if (hashes) return hashes;
  resultHashScans.made++;
  hashes = new Map();
  for (const [id, hash] of prepared(db, 'SELECT id, hash FROM unit_results').raw().iterate() as Iterable<[number, StoredHash]>) hashes.set(id, hashText(hash));
  hashesByDb.set(db, hashes);
  return hashes;
}

/** A unit's new result was written over the row `id` (see results-in-place.ts): the id names `hash` now. */
export function noteResultHash(db: Db, id: number, hash: string): void {
  hashesByDb.get(db)?.set(id, hash);
}

/** Unit results were deleted: their ids may name other results later. */
export function forgetResultHashes(db: Db): void {
  hashesByDb.delete(db);
}

/** The hashes of the results a stored build links. */
export function buildResultHashes(db: Db, variant: string, image: string): string[] {
  return prepared(db, 'SELECT r.hash FROM build_units bu JOIN builds b ON b.id = bu.build_id JOIN unit_results r ON r.id = bu.result_id WHERE b.variant = ? AND b.image = ?')
    .pluck()
    .all(variant, image)
    .map((hash) => hashText(hash as StoredHash));
}

/** The builds that link the stored result of content hash `hash`. */
export function buildsLinkingResult(db: Db, hash: string): { variant: string; image: string }[] {
  const stored = storedHash(hash);
  return prepared(db, `SELECT b.variant, b.image FROM unit_results r JOIN build_units bu ON bu.result_id = r.id JOIN builds b ON b.id = bu.build_id WHERE ${byHashPrefix('r.hash')}`).all(stored, stored) as { variant: string; image: string }[];
}

/** The files list (JSON of [stored path, content hash] pairs) of stored results, by id. */
export function resultFiles(db: Db, ids: number[]): Map<number, string> {
  const q = prepared(db, 'SELECT files_id FROM unit_results WHERE id = ?').pluck();
  return new Map(ids.map((id) => [id, storedListJson(db, q.get(id) as number)]));
}

/**
 * Of each result, the names its tested list keeps for lookups that found no file (see absent-lookups.ts). A tested list
 * is sorted by name (see sortedTested) and theirs sort first: its items are read up to the first that is not one (not
 * its ~10 000 pairs parsed). `byList`: the lookups of the lists read before, by list id (a reader of several builds
 * reads a list they share once).
 */
export function resultAbsentLookups(db: Db, ids: number[], byList = new Map<number, string[]>()): Map<number, string[]> {
  const q = prepared(db, 'SELECT tested_id FROM unit_results WHERE id = ?').pluck();
  const out = new Map<number, string[]>();
  for (const id of ids) {
    const list = q.get(id) as number;
    let names = byList.get(list);
    if (names === undefined) byList.set(list, (names = listHeadLookups(db, list)));
    if (names.length) out.set(id, names);
  }
  return out;
}

/** The JSON a tested pair of a lookup's name starts with (JSON writes the name's first character so). */
const LOOKUP_PAIR = '["\\u0001';

function listHeadLookups(db: Db, list: number): string[] {
  const items = storedHeadItems(db, list);
  const names: string[] = [];
  for (const item of items.ids) {
    const json = items.json(item);
    if (!json.startsWith(LOOKUP_PAIR)) break;
    const [name] = JSON.parse(json) as [string, string | null];
    if (isAbsentLookup(name)) names.push(name);
  }
  return names;
}

/** How a stored build's description was fingerprinted: the fingerprint and the compile database's hash and mtime then. */
export interface StoredDescription {
  fingerprint: string | null;
  compileCommandsHash: string | null;
  compileCommandsMtimeMs: number | null;
}

/** What a stored build's record (memory, linker-script symbols, Kconfig summary) was read from, and its link and linker scripts as the row says; undefined: no such build. */
export function storedRecordInputs(db: Db, variant: string, image: string): ({ inputs: RecordInputs | null } & BuildLink) | undefined {
  const r = prepared(db, 'SELECT record_inputs_json, linked_units_json, linking_json, linker_scripts_json FROM builds WHERE variant = ? AND image = ?').get(variant, image) as
    | { record_inputs_json: string; linked_units_json: string | null; linking_json: string | null; linker_scripts_json: string }
    | undefined;
  return (
    r && {
      inputs: JSON.parse(r.record_inputs_json) as RecordInputs | null,
      linkedUnits: JSON.parse(r.linked_units_json ?? 'null') as BuildRow['linkedUnits'],
      linking: JSON.parse(r.linking_json ?? 'null') as BuildRow['linking'],
      linkerScripts: JSON.parse(r.linker_scripts_json) as string[],
    }
  );
}

export function storedDescription(db: Db, variant: string, image: string): StoredDescription | undefined {
  const r = prepared(db, 'SELECT fingerprint, compile_commands_hash, compile_commands_mtime_ms FROM builds WHERE variant = ? AND image = ?').get(variant, image) as
    | { fingerprint: string | null; compile_commands_hash: string | null; compile_commands_mtime_ms: number | null }
    | undefined;
  return r && { fingerprint: r.fingerprint, compileCommandsHash: r.compile_commands_hash, compileCommandsMtimeMs: r.compile_commands_mtime_ms };
}
