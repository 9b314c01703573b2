// The `tested` lists of unit results (the starting macros a unit's walk consulted, with their values), stored once
// each as value lists (keyed by the sha1 of their JSON, which the row hashes cover; see value-lists.ts) and named by
// id from unit_results: most units of a build consulted the same list (~7.5 KB). Lists are shared objects, never
// changed, cached.
import { sha1, sha1Hasher } from '../model/sha1.js';
import { WeighedCache } from '../model/weighed-cache.js';
import type { Db } from './open-index.js';
import { testedItems } from '../model/tested-items.js';
import { storedItems, storedListJson } from './value-lists.js';

export type Tested = [string, string | null][];

/** A list with its JSON and that JSON's sha1. */
export interface TestedList {
  readonly list: Tested;
  readonly json: string;
  readonly hash: string;
  /** The JSON of each pair, when the walk's environment made the list (see tested-pairs.ts): stored without cutting `json`. */
  readonly items?: readonly string[];
}

/** Each list object's entry: units that consulted the same macros share one list (see TrackedEnv.tested). */
const byObject = new WeakMap<Tested, TestedList>();

/**
 * A list's entry, its hash made once per list object. A list made from its pairs' JSON (see tested-pairs.ts) is stored
 * from them: its JSON (~65 KB in a PlatformIO env, most units' lists distinct) is made again when read, not held by the
 * entry and the result's row until its build's write (a build's ~300 rows: ~20 MB the young generation's collections
 * copied and promoted).
 */
export function testedOf(list: Tested): TestedList {
  let entry = byObject.get(list);
  if (entry === undefined) {
    const items = testedItems(list);
    entry = items === undefined ? parsedEntry(list, JSON.stringify(list)) : joinedEntry(list, items);
    byObject.set(list, entry);
  }
  return entry;
}

function parsedEntry(list: Tested, json: string): TestedList {
  return { list, json, hash: sha1(json) };
}

/** An entry whose JSON is its items joined, made when read. */
function joinedEntry(list: Tested, items: readonly string[]): TestedList {
  return {
    list,
    items,
    hash: joinedHash(items),
    get json() {
      return joinedJson(items);
    },
  };
}

/** The JSON of a list of `items` (what JSON.stringify writes of the list whose elements they are). */
export function joinedJson(items: readonly string[]): string {
  return `[${items.join(',')}]`;
}

/** Items joined per piece hashed by joinedHash (~16 KB of a PlatformIO env's pairs). */
const HASHED_PER_PIECE = 512;

/**
 * sha1(joinedJson(items)), hashed a piece of items at a time: the whole JSON (~65 KB a PlatformIO unit's list, most
 * distinct) was joined, then copied flat again for the hash, fresh memory each time (~0.75 ms a list in a 20-env profile).
 * The pieces are whole items, so their UTF-8 bytes are the JSON's.
 */
export function joinedHash(items: readonly string[]): string {
  if (items.length <= HASHED_PER_PIECE) return sha1(joinedJson(items));
  const h = sha1Hasher().update('[');
  for (let at = 0; at < items.length; at += HASHED_PER_PIECE) {
    if (at > 0) h.update(',');
    h.update(items.slice(at, at + HASHED_PER_PIECE).join(','));
  }
  return h.update(']').digest('hex');
}

/** Lists a cache holds at most, whatever their macros. */
const MAX_LISTS = 512;
/**
 * Macros (list items) the lists of one cache may hold before it is cleared, whatever their count: a PlatformIO env's
 * units consult lists of ~1 500 macros, ~150 KB each as objects and JSON, and boards share almost none (512 of them
 * held ~75 MB, one build's ~40 at a time are used).
 */
export const maxCachedItems = { count: 25_000 };

/** A cache of lists bounded by their count and the macros they hold. */
function listCache<K>(): WeighedCache<K, TestedList> {
  return new WeighedCache<K, TestedList>(maxCachedItems.count, (entry) => entry.list.length, MAX_LISTS);
}

/**
 * Entries by JSON: a build's units consulted few distinct lists (a Zephyr-shaped build of 100 units: one). Bounded:
 * cleared when full.
 */
const byJson = listCache<string>();

/** The entry testedFromJson answered last: rows read one after another mostly name the same list. */
let lastFromJson: TestedList | undefined;

/** The shared list of a JSON text (a row encoded elsewhere, e.g. on a worker). */
export function testedFromJson(json: string): TestedList {
  // Compared with the last JSON first: a lookup hashes the whole string (~7 KB), a comparison stops at a difference.
  if (lastFromJson !== undefined && lastFromJson.json === json) return lastFromJson;
  let entry = byJson.get(json);
  if (entry === undefined) {
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
const byId = new WeakMap<Db, WeighedCache<number, TestedList>>();

function idsOf(db: Db): WeighedCache<number, TestedList> {
  let ids = byId.get(db);
  if (ids === undefined) byId.set(db, (ids = listCache<number>()));
  return ids;
}

/** Lists and their items the caches hold for `db` (for tests): by JSON, and by id for the connection. */
export function cachedTested(db: Db): { lists: number; items: number } {
  const ids = idsOf(db);
  return { lists: byJson.size + ids.size, items: byJson.weight + ids.weight };
}

/** Per connection, the pairs of list items by item id (a build's lists share most of their items). Cleared when full. */
const pairsById = new WeakMap<Db, Map<number, Tested[number]>>();
const MAX_PAIRS = 200_000;

/**
 * Whether `holds` is true of every pair of stored list `id`, asked in the list's order up to the first that is not:
 * a list loaded already is read from the cache; another is read item by item, without its JSON made, hashed and
 * parsed whole (a lookup's candidates are mostly other builds' results, whose lists fail on a board's macro).
 */
export function storedTestedHolds(db: Db, id: number, holds: (name: string, key: string | null) => boolean): boolean {
  const known = loadedList(db, id);
  if (known !== undefined) return known.every(([name, key]) => holds(name, key));
  const pairs = pairsOf(db);
  const items = storedItems(db, id);
  for (const item of items.ids) {
    const pair = itemPair(pairs, items, item);
    if (!holds(pair[0], pair[1])) return false;
  }
  return true;
}

/** The pairs of `db` by item id (a new map once full). */
function pairsOf(db: Db): Map<number, Tested[number]> {
  let pairs = pairsById.get(db);
  if (pairs === undefined || pairs.size >= MAX_PAIRS) pairsById.set(db, (pairs = new Map()));
  return pairs;
}

/** The pair of item `item` of a stored list, parsed once while `pairs` holds it. */
function itemPair(pairs: Map<number, Tested[number]>, items: ReturnType<typeof storedItems>, item: number): Tested[number] {
  let pair = pairs.get(item);
  if (pair === undefined) pairs.set(item, (pair = JSON.parse(items.json(item)) as Tested[number]));
  return pair;
}

/** Stored list `id` when a cache holds it already, whole (storedTested) or as shared pairs (storedTestedPairs). */
function loadedList(db: Db, id: number): Tested | undefined {
  return idsOf(db).get(id)?.list ?? pairListsById.get(db)?.get(id);
}

/**
 * Pairs (list items) the lists of one connection's pair-list cache may name: ~12 MB of references, the pairs themselves
 * shared by item. A 3D-printer firmware's 963 units consult 282 distinct lists of ~4 400 macros each, named again by
 * every env built alike; whole lists with their JSON (storedTested) held ~50 times more per list.
 */
export const maxCachedPairs = { count: 1_500_000 };

/** Per connection, stored lists by id made of the pairs shared by item id (see storedTestedPairs). Cleared when full. */
const pairListsById = new WeakMap<Db, WeighedCache<number, Tested>>();

/** Cached pair lists and the pairs they name (for tests). */
export function cachedPairLists(db: Db): { lists: number; pairs: number } {
  const lists = pairListsById.get(db);
  return { lists: lists?.size ?? 0, pairs: lists?.weight ?? 0 };
}

/**
 * The pairs of stored list `id`, without its JSON: made from its items, each item's pair parsed once per connection
 * and shared by every list naming it (a build's lists share most of their items), and cached by id. For readers that
 * need the list alone (a stored result decoded); the list is shared, never changed.
 */
export function storedTestedPairs(db: Db, id: number): Tested {
  const known = loadedList(db, id);
  if (known !== undefined) return known;
  let lists = pairListsById.get(db);
  if (lists === undefined) pairListsById.set(db, (lists = new WeighedCache<number, Tested>(maxCachedPairs.count, (list) => list.length, Infinity, true)));
  const pairs = pairsOf(db);
  const items = storedItems(db, id);
  // Filled by index: Array.from made an iterator result per id of the packed list (~110 MB on 32 Marlin F103 envs).
  const ids = items.ids;
  const list: Tested = new Array(ids.length);
  for (let k = 0; k < ids.length; k++) list[k] = itemPair(pairs, items, ids[k]);
  lists.set(id, list);
  return list;
}

/** The stored list of id `id` (see unit_results.tested_id). */
export function storedTested(db: Db, id: number): TestedList {
  const ids = idsOf(db);
  const known = ids.get(id);
  if (known !== undefined) return known;
  const entry = testedFromJson(storedListJson(db, id));
  ids.set(id, entry);
  return entry;
}
