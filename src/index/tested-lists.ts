// The `tested` lists of unit results (the starting macros a unit's walk consulted, with their values), stored once
// each as value lists (keyed by the sha1 of their JSON, which the row hashes cover; see value-lists.ts) and named by
// id from unit_results: most units of a build consulted the same list (~7.5 KB). Lists are shared objects, never
// changed, cached.
import { sha1 } from '../model/sha1.js';
import type { Db } from './open-index.js';
import { storedListJson, storeList } from './value-lists.js';

export type Tested = [string, string | null][];

/** A list with its JSON and that JSON's sha1. */
export interface TestedList {
  readonly list: Tested;
  readonly json: string;
  readonly hash: string;
}

/** Each list object's entry: units that consulted the same macros share one list (see TrackedEnv.tested). */
const byObject = new WeakMap<Tested, TestedList>();

/** A list's entry, its JSON and hash made once per list object. */
export function testedOf(list: Tested): TestedList {
  let entry = byObject.get(list);
  if (entry === undefined) {
    const json = JSON.stringify(list);
    entry = { list, json, hash: sha1(json) };
    byObject.set(list, entry);
  }
  return entry;
}

/**
 * Entries by JSON: a build's units consulted few distinct lists (a Zephyr-shaped build of 100 units: one). Bounded:
 * cleared when full.
 */
const byJson = new Map<string, TestedList>();
const MAX_LISTS = 512;

/** The entry testedFromJson answered last: rows read one after another mostly name the same list. */
let lastFromJson: TestedList | undefined;

/** The shared list of a JSON text (a row encoded elsewhere, e.g. on a worker). */
export function testedFromJson(json: string): TestedList {
  // Compared with the last JSON first: a lookup hashes the whole string (~7 KB), a comparison stops at a difference.
  if (lastFromJson !== undefined && lastFromJson.json === json) return lastFromJson;
  let entry = byJson.get(json);
  if (entry === undefined) {
    if (byJson.size >= MAX_LISTS) byJson.clear();
    const list = JSON.parse(json) as Tested;
    byJson.set(json, (entry = { list, json, hash: sha1(json) }));
    byObject.set(list, entry);
  }
  return (lastFromJson = entry);
}

/**
 * Per connection, stored lists by id. Ids are never reused (AUTOINCREMENT), so an id names one list for the life of
 * the file, whatever other runs collect. Bounded: cleared when full.
 */
const byId = new WeakMap<Db, Map<number, TestedList>>();

function idsOf(db: Db): Map<number, TestedList> {
  let ids = byId.get(db);
  if (ids === undefined) byId.set(db, (ids = new Map()));
  return ids;
}

function remember(ids: Map<number, TestedList>, id: number, entry: TestedList): TestedList {
  if (ids.size >= MAX_LISTS) ids.clear();
  ids.set(id, entry);
  return entry;
}

/** The stored list of id `id` (see unit_results.tested_id). */
export function storedTested(db: Db, id: number): TestedList {
  const ids = idsOf(db);
  const known = ids.get(id);
  if (known !== undefined) return known;
  return remember(ids, id, testedFromJson(storedListJson(db, id)));
}

/** The id of the stored list of `t`'s hash, stored now when there is none (equal hashes, equal lists). */
export function testedId(db: Db, t: { hash: string; json: string }): number {
  return storeList(db, t);
}
