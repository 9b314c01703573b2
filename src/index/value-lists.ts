// Lists of JSON values stored by their items: each distinct list once in value_lists (under the sha1 of its JSON),
// as the ids of its items (varint differences), each distinct item once in list_items. A unit result's `tested` list
// (~1 500 [macro, value] pairs in a PlatformIO env, drawn from ~2 300 pairs in all), its diagnostics (the same few
// hundred warnings for every unit), its files ([path, content hash] pairs, ~90 a unit, of a project's few thousand)
// and its #undef marks' states cost a few bytes an item instead of their JSON; so do a build's diagnostics and units
// (build-lists.ts), which the envs of one project repeat. A list stored right after a similar one is stored as that
// one's edits (list-edits.ts), a few bytes a list. Ids are never reused (AUTOINCREMENT), so an id read once names the
// same list or item for the life of the file.
import type { Db } from './open-index.js';
import { sha1, sha1Key } from '../model/sha1.js';
import { WeighedCache } from '../model/weighed-cache.js';
import { prepared } from './statement-cache.js';
import { ConnectionState } from './connection-state.js';
import { ownString } from '../model/own-strings.js';
import { collectionCount, countCollection } from './collection-counts.js';
import { packedDecodedIds, packedEditedIds } from './packed-ids.js';
import { addedIds, baseOf, closestBase, encodeEdits, isEdited, positions, type ItemIds } from './list-edits.js';
import { positionFrom, type IdPositions } from './id-positions.js';
import { VarintReader, VarintWriter } from './varints.js';
import { byHashPrefix, storedHash } from './hash-columns.js';
import { matchAhead } from '../model/match-ahead.js';
import { deflated, inflated } from '../model/raw-deflate.js';
import { lookupParts, sharedTailOf, sharedTailText } from './lookup-items.js';

/** A list as its JSON (what JSON.stringify makes of an array) and that JSON's sha1. */
export interface ListText {
  readonly json: string;
  readonly hash: string;
  /**
   * The JSON of each item, when the list was made from them (`json` is then `[` + items joined by `,` + `]`): strings
   * of their own, held by their maker (see tested-pairs.ts), so stored as they are and compared by identity.
   */
  readonly items?: readonly string[];
}

/**
 * The empty list's text: most results have no diagnostics and no #undef marks. Its sha1 written out: the readers
 * import this module, and a query that reads no changed file must not load node:crypto (the fast-start test).
 */
export const EMPTY_LIST: ListText = { json: '[]', hash: '97d170e1550eee4afc0af065b78cda302a97674c' };

/** The text of a list's JSON (the empty list's made once). */
export function listText(json: string): ListText {
  return json === EMPTY_LIST.json ? EMPTY_LIST : { json, hash: sha1(json) };
}

/**
 * Per connection, item ids by JSON and JSON by id (both bounded by the characters of their JSON: cleared when full).
 * `ids` holds for the collection it was filled after (another process's run may have collected items since): checked
 * before it serves a new list.
 */
interface ItemCache {
  ids: WeighedCache<string, number>;
  texts: WeighedCache<number, string>;
  collection: string | undefined;
}

/** Characters of item JSON each map holds (the same strings: ~1 MB in all). */
const MAX_ITEM_CHARS = 500_000;
/** The meta keys holding how many items were kept at the last collection of unused ones, and how many collections ran. */
const ITEMS_KEPT_KEY = 'list_items_kept';
const COLLECTION_KEY = 'list_items_collections';
const caches = new WeakMap<Db, ItemCache>();

function cacheOf(db: Db): ItemCache {
  let c = caches.get(db);
  if (c === undefined) {
    const ids = new WeighedCache<string, number>(MAX_ITEM_CHARS, (_, json) => json.length, Infinity, true);
    const texts = new WeighedCache<number, string>(MAX_ITEM_CHARS, (json) => json.length, Infinity, true);
    caches.set(db, (c = { ids, texts, collection: undefined }));
  }
  return c;
}

function remember(c: ItemCache, id: number, json: string): void {
  c.ids.set(json, id);
  c.texts.set(id, json);
}

/**
 * The JSON of each element of the array `json`, as JSON.stringify wrote them: cut at the array's own commas without
 * parsing it (a `tested` list: ~1 500 pairs, parsed and written again item by item took ~3 % of a many-env run).
 */
export function itemsOf(json: string): string[] {
  const n = json.length;
  if (n < 2 || json.charCodeAt(0) !== 0x5b || json.charCodeAt(n - 1) !== 0x5d) throw notStringified();
  const items: string[] = [];
  if (n === 2) return items;
  let depth = 0;
  let start = 1;
  for (let i = 1; i < n - 1; i++) {
    const c = json.charCodeAt(i);
    if (c === 0x22) i = stringEnd(json, i, n - 1);
    else if (c === 0x5b || c === 0x7b) depth++;
    else if (c === 0x5d || c === 0x7d) depth--;
    else if (c === 0x2c && depth === 0) {
      items.push(json.slice(start, i));
      start = i + 1;
    } else if (c <= 0x20) throw notStringified();
  }
  if (depth !== 0) throw notStringified();
  items.push(json.slice(start, n - 1));
  return items;
}

/** The index of the quote closing the JSON string that opens at `from` (before `end`). */
function stringEnd(json: string, from: number, end: number): number {
  for (let i = from + 1; i < end; i++) {
    const c = json.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === 0x22) return i;
  }
  throw notStringified();
}

const notStringified = (): Error => new Error('a stored list must be the JSON.stringify of an array');

/** An item as list_items.json holds it: its JSON, that JSON deflated, or a lookup's head and folders' id (see storedItem). */
type StoredItem = string | Buffer;

/**
 * Characters from which an item of a list only the indexer reads (a unit result's tested and #undef marks lists: see
 * listStorer's `indexerOnly`) is stored deflated (raw DEFLATE bytes): its #undef states (lists of macro names, ~2 KB) and
 * long macro values, over half of a many-env project's item bytes (6.7 MB), take under half (-2.5 MB). The lists a
 * query reads (a build's diagnostics and units, a result's files) keep their items as text: a query loads no zlib.
 * Items are inflated once per connection while the cache holds them (joinedItems).
 */
const DEFLATE_ITEMS_FROM = 256;

/**
 * An item as list_items stores it: a lookup that found no file (only in a tested list, which `deflate` marks) as its
 * head and the id of its folders' item (see lookup-items.ts: 30 000 such items of a 246-env project repeated ~2 700
 * folder lists, 5.2 MB deflated); a long item of such a list deflated; any other as its JSON.
 */
function storedItem(db: Db, c: ItemCache, json: string, deflate: boolean): StoredItem {
  if (!deflate || json.length < DEFLATE_ITEMS_FROM) return json;
  const parts = lookupParts(json);
  return parts ? sharedTailText(parts.head, itemId(db, c, parts.tail, false, true)) : deflated(json);
}

/** The JSON of an item as storedItem stored it. */
function storedItemJson(db: Db, stored: StoredItem): string {
  if (typeof stored !== 'string') return inflated(stored).toString('utf8');
  const shared = sharedTailOf(stored);
  return shared ? shared.head + itemJson(db, shared.tailId, 'a lookup item') : stored;
}

/**
 * The id of item `json`, stored now when new (deflated when long and `deflate`); `own`: `json` is a string of its own
 * (not cut from its list's JSON).
 */
function itemId(db: Db, c: ItemCache, json: string, own: boolean, deflate: boolean): number {
  const known = c.ids.get(json);
  if (known !== undefined) return known;
  const key = sha1Key(json);
  const same = (prepared(db, 'SELECT id, json FROM list_items WHERE key = ?').all(key) as { id: number; json: StoredItem }[]).find((r) => storedItemJson(db, r.json) === json);
  const id = same?.id ?? Number(prepared(db, 'INSERT INTO list_items(key, json) VALUES (?, ?)').run(key, storedItem(db, c, json, deflate)).lastInsertRowid);
  // Its own string: an item cut from its list's JSON would keep the list's JSON alive.
  remember(c, id, own ? json : ownString(json));
  return id;
}

/**
 * Ids as the differences from the id before (the first from 0), zigzag-mapped to unsigned (0, -1, 1, -2 … → 0, 1, 2,
 * 3 …) and written as LEB128 varints: a list's items were mostly stored in its order, so most differences are small
 * (a `tested` list's ~1 500 pairs: ~1 byte each instead of 2).
 */
export function encodeIds(ids: readonly number[]): Buffer {
  const w = new VarintWriter(ids.length);
  // Indexed, not for-of: no iterator result per id where the loop is not optimized.
  for (let k = 0; k < ids.length; k++) w.id(ids[k]);
  return w.buffer();
}

/** The ids encodeIds wrote. */
export function decodeIds(bytes: Uint8Array): number[] {
  const r = new VarintReader(bytes);
  const ids: number[] = [];
  while (!r.done) ids.push(r.id());
  return ids;
}

/**
 * The id of the stored list of `t`'s hash, stored now (with its new items) when there is none (equal hashes, equal
 * lists); `indexerOnly`: a list only the indexer reads, its long items stored deflated (see DEFLATE_ITEMS_FROM).
 */
export function storeList(db: Db, t: ListText, indexerOnly = false): number {
  return (storedId(db, t) ?? storeNew(db, t, indexerOnly, [])).id;
}

/** A list stored by this storer (its id, item ids and items, how many edited lists lead to a plain one): a later list may edit it. */
interface BaseList {
  id: number;
  ids: ItemIds;
  items: readonly string[];
  depth: number;
}

function storedId(db: Db, t: ListText): { id: number } | undefined {
  const hash = storedHash(t.hash);
  const id = prepared(db, `SELECT id FROM value_lists WHERE ${byHashPrefix('hash')}`).pluck().get(hash, hash) as number | undefined;
  return id === undefined ? undefined : { id };
}

/**
 * Stores new list `t`: as the edits of the one of `bases` (newest first) they take fewest bytes from, when that is
 * under half its plain form; else plain.
 */
function storeNew(db: Db, t: ListText, indexerOnly: boolean, bases: readonly BaseList[]): BaseList & { plain: Buffer } {
  const c = cacheOf(db);
  const collection = collectionCount(db, COLLECTION_KEY);
  if (c.collection !== collection) {
    c.ids.clear();
    c.collection = collection;
  }
  const own = t.items !== undefined;
  const items = t.items ?? itemsOf(t.json);
  const aligned = bases.find((b) => b.items.length > 0);
  const ids = aligned === undefined ? items.map((item) => itemId(db, c, item, own, indexerOnly)) : alignedIds(db, c, items, aligned, own, indexerOnly);
  const plain = encodeIds(ids);
  const edited = smallestEdits(bases, ids, plain.length / 2);
  const insert = prepared(db, 'INSERT INTO value_lists(hash, items, base_id) VALUES (?, ?, ?)');
  const id = Number(insert.run(storedHash(t.hash), edited?.edits ?? plain, edited?.base.id ?? null).lastInsertRowid);
  return { id, ids, items, depth: edited ? edited.base.depth + 1 : 0, plain };
}

/** Items from which a list is a long one (a tested list: ~1 000; a result's files or diagnostics: ~100). */
const LONG_LIST = 256;

/**
 * The smallest edits making `ids` from one of `bases`, when some take under `limit` bytes. A long list's edits are
 * made from the base a sample says differs least (the newest first among equals): making them from all 16 took ~5 %
 * of a run's time; from the best of the closest 3, 11 % fewer bytes of a 22-env project's tested lists at twice the time.
 */
function smallestEdits(bases: readonly BaseList[], ids: readonly number[], limit: number): { edits: Buffer; base: BaseList } | undefined {
  const tried = bases.length <= 1 || ids.length < LONG_LIST ? bases : [closestBase(bases, ids)!];
  let best: { edits: Buffer; base: BaseList } | undefined;
  for (const base of tried) {
    const edits = encodeEdits(base.id, base.ids, ids, best ? best.edits.length : limit);
    if (edits) best = { edits, base };
  }
  return best;
}

/**
 * The ids of `items`, each item equal to one of the base's next few (in order) taken from the base without a lookup:
 * a list stored after its base has mostly the same items in the same order (see listStorer). An item looked up that
 * the base holds further on aligns the list there: past a run of more than a few base items the list dropped, its
 * next items are found in the base again (a many-env run's tested lists: 3.4 of 8.8 million items looked up, 0.7).
 */
function alignedIds(db: Db, c: ItemCache, items: readonly string[], base: BaseList, own: boolean, deflate: boolean): number[] {
  const from = base.items;
  const ids = new Array<number>(items.length);
  let at: IdPositions | undefined;
  let j = 0;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const k = matchAhead(from, item, j);
    if (k >= 0) {
      ids[i] = base.ids[k];
      j = k + 1;
      continue;
    }
    const id = itemId(db, c, item, own, deflate);
    ids[i] = id;
    const p = positionFrom((at ??= positions(base.ids)), id, j);
    if (p >= 0) j = p + 1;
  }
  return ids;
}

/**
 * Lists a storer may write a new list as the edits of: its last stored ones. A list of a build differs from the one
 * before it by the headers and macros one unit reads and the other not, and from some other recent one by less
 * (the units of a build alternate between a few families of includes): chains of edits of ~1 000-item tested lists
 * take ~50 bytes a list where edits of the last plain list took ~240.
 */
const RECENT_BASES = 16;
/**
 * Edits a list of the indexer's may be from a plain list (a read decodes that many lists at most, cached: see
 * itemIdsOf). The lists a query reads (a build's diagnostics and units, a result's files) edit a plain list only.
 */
const MAX_CHAIN = 16;

/**
 * storeList for rows written one after another: a list the row before named is answered without a lookup (most rows
 * of a write name the same tested, diagnostics and #undef lists), and a new list may be stored as the edits of one of
 * the last lists stored (the units of a build consult mostly the same macros) or of the last list stored for the same
 * unit (`unit`: its path; the same unit in the next build, one many-env project's envs ~280 units apart, reads mostly
 * the same). One storer per column and write; `column` names the column across writes (see unitBase); `indexerOnly`
 * as storeList's, and such a list may edit an edited list (see MAX_CHAIN).
 */
export function listStorer(db: Db, indexerOnly = false, column?: string): (t: ListText, unit?: string) => number {
  let last: { hash: string; id: number } | undefined;
  const bases: BaseList[] = [];
  const maxDepth = indexerOnly ? MAX_CHAIN : 1;
  return (t, unit) => {
    if (last?.hash === t.hash) return last.id;
    let id = storedId(db, t)?.id;
    if (id === undefined) {
      const byUnit = column !== undefined && unit !== undefined ? unitLists(db, column) : undefined;
      const own = byUnit && unitBase(db, byUnit, unit!);
      const { plain, ...stored } = storeNew(db, t, indexerOnly, own && own.depth < maxDepth ? [own, ...bases] : bases);
      // A list as deep as allowed is no base.
      if (stored.depth < maxDepth) {
        bases.unshift(stored);
        if (byUnit) {
          byUnit.set(unit!, { id: stored.id, hash: t.hash, depth: stored.depth });
          unitPlainIds.of(db).set(stored.id, new Uint8Array(plain));
        }
      }
      if (bases.length > RECENT_BASES) bases.pop();
      id = stored.id;
    }
    last = { hash: t.hash, id };
    return id;
  };
}

/** A list stored for a unit: its id, hash (the row is still that list while it has it) and edits to a plain list. */
interface UnitList {
  id: number;
  /** As text, made a Buffer only when checked: up to 20 000 units and four columns would each hold one. */
  hash: string;
  depth: number;
}

/**
 * Per connection and column, the last list stored for each unit path (emptied when it holds MAX_UNIT_LISTS). Valid
 * until a transaction of this connection rolls back (forgetUnitLists) and while no other connection commits; a list
 * collected since is told by its row.
 */
const unitListsOf = new ConnectionState(() => new Map<string, WeighedCache<string, UnitList>>());
/** Units whose last list each column keeps (emptied when full). */
const MAX_UNIT_LISTS = 20_000;

/**
 * Per connection, the item ids of the lists stored last for units, by list id, as encodeIds wrote them (copies of
 * their own), bounded by their bytes (cleared when full). Read back from the index, a unit's list of the env before
 * was an edited list's chain of up to 16 rows decoded again for each unit (the read cache holds a few hundred lists;
 * a many-env project's envs are ~280 units apart). A tested list's ~1 500 ids take ~1.5 KB: Meshtastic's 466 unit
 * paths ~0.7 MB.
 */
const unitPlainIds = new ConnectionState(() => new WeighedCache<number, Uint8Array>(MAX_UNIT_PLAIN_BYTES, (plain) => plain.length, Infinity, true));
const MAX_UNIT_PLAIN_BYTES = 1 << 20;

/** Forgets the lists stored for units on `db` (a transaction rolled back: a list stored in it may be another now). */
export function forgetUnitLists(db: Db): void {
  unitListsOf.forget(db);
  unitPlainIds.forget(db);
}

function unitLists(db: Db, column: string): WeighedCache<string, UnitList> {
  const columns = unitListsOf.of(db);
  let lists = columns.get(column);
  if (lists === undefined) columns.set(column, (lists = WeighedCache.byCount<string, UnitList>(MAX_UNIT_LISTS)));
  return lists;
}

/** The last list stored for `unit`, as a base (its items not held: see storeNew), when its row still holds it. */
function unitBase(db: Db, byUnit: WeighedCache<string, UnitList>, unit: string): BaseList | undefined {
  const e = byUnit.get(unit);
  if (e === undefined) return undefined;
  if (prepared(db, 'SELECT 1 FROM value_lists WHERE id = ? AND hash = ?').pluck().get(e.id, storedHash(e.hash)) === undefined) {
    byUnit.delete(unit);
    return undefined;
  }
  const plain = unitPlainIds.of(db).get(e.id);
  return { id: e.id, ids: plain ? decodeIds(plain) : itemIdsOf(db, e.id), items: [], depth: e.depth };
}

/** The columns that name value lists, as [table, column] (never NULL): a list none of them names is collected (dropUnusedLists). */
export const LIST_COLUMNS = [
  ['unit_results', 'tested_id'],
  ['unit_results', 'diagnostics_id'],
  ['unit_results', 'undone_id'],
  ['unit_results', 'files_id'],
  ['builds', 'diagnostics_id'],
  ['builds', 'units_id'],
] as const;

/** Per connection, the JSON of the lists read last, by id (a build's units mostly name a few lists). Bounded by characters. */
const listJsons = new WeakMap<Db, WeighedCache<number, string>>();
const MAX_LIST_CHARS = 1_000_000;

/** The JSON of stored list `id` (its items joined back). */
export function storedListJson(db: Db, id: number): string {
  let jsons = listJsons.get(db);
  if (jsons === undefined) listJsons.set(db, (jsons = new WeighedCache<number, string>(MAX_LIST_CHARS, (json) => json.length, Infinity, true)));
  let json = jsons.get(id);
  if (json === undefined) {
    json = joinedItems(db, id);
    jsons.set(id, json);
  }
  return json;
}

/** The JSON of the first `n` items of stored list `id` (not cached: a build's row shows the head of its diagnostics). */
export function storedListHead(db: Db, id: number, n: number): string {
  return joinedItems(db, id, n);
}

/** The `items` column of stored list `id`. */
function listItems(db: Db, id: number): Buffer {
  const bytes = prepared(db, 'SELECT items FROM value_lists WHERE id = ?').pluck().get(id) as Buffer | undefined;
  if (bytes === undefined) throw new Error(`list ${id} is missing from the index`);
  return bytes;
}

/**
 * Per connection, the item ids of the lists read last, by id (a chain's lists decoded once), packed (4 bytes an id; as
 * arrays the 500 000 ids held 10.8 MB at Meshtastic's 200th env). Bounded by their ids.
 */
const listIds = new WeakMap<Db, WeighedCache<number, ItemIds>>();
const MAX_CACHED_IDS = 500_000;

/**
 * `ids` in an Int32Array when each fits one, else as they are. Copied by index: `Int32Array.from` made an iterator
 * result per id (1.2 GB on 32 of Marlin's F103 envs).
 */
export function packedIds(ids: number[]): ItemIds {
  const n = ids.length;
  for (let k = 0; k < n; k++) if ((ids[k] | 0) !== ids[k]) return ids;
  const out = new Int32Array(n);
  for (let k = 0; k < n; k++) out[k] = ids[k];
  return out;
}

/** The item ids of stored list `id` (an edited list's made from its base's, and so on to a plain list). */
function itemIdsOf(db: Db, id: number): ItemIds {
  let cache = listIds.get(db);
  if (cache === undefined) listIds.set(db, (cache = new WeighedCache<number, ItemIds>(MAX_CACHED_IDS, (ids) => ids.length + 1, Infinity, true)));
  const chain: { id: number; bytes: Buffer }[] = [];
  let ids = cache.get(id);
  for (let at = id; ids === undefined; ) {
    const bytes = listItems(db, at);
    if (!isEdited(bytes)) cache.set(at, (ids = packedDecodedIds(bytes)));
    else {
      if (chain.length > MAX_CHAIN) throw new Error(`list ${id} edits a chain of lists longer than ${MAX_CHAIN}`);
      chain.push({ id: at, bytes });
      at = baseOf(bytes);
      ids = cache.get(at);
    }
  }
  for (let k = chain.length - 1; k >= 0; k--) {
    ids = packedEditedIds(chain[k].bytes, ids);
    cache.set(chain[k].id, ids);
  }
  return ids;
}

/** The JSON of stored list `id` (of its first `limit` items): its items' JSON, each read once per connection while the cache holds it. */
function joinedItems(db: Db, id: number, limit?: number): string {
  const ids = itemIdsOf(db, id);
  // As ids.slice(0, limit) counts.
  const n = limit === undefined ? ids.length : limit < 0 ? Math.max(ids.length + limit, 0) : Math.min(limit, ids.length);
  const items = new Array<string>(n);
  const read = itemsInRange(db, ids, n);
  for (let i = 0; i < n; i++) items[i] = itemJson(db, ids[i], `list ${id}`, read);
  return `[${items.join(',')}]`;
}

/** Items not cached past which a list's are read in one range (a list's items are mostly stored in its order, ids in a row). */
const MIN_RANGE_READ = 16;

/**
 * The stored items of the first `n` of `ids` the connection's cache misses, read in one statement over their id range
 * when that range is dense (at most twice as many rows as items missed), as itemJson stores them: undefined otherwise.
 * A unit's `tested` list (~250 items in the bench's build) was read one row per statement.
 */
function itemsInRange(db: Db, ids: ItemIds, n: number): Map<number, StoredItem> | undefined {
  const texts = cacheOf(db).texts;
  let missed = 0;
  let low = Infinity;
  let high = -Infinity;
  for (let i = 0; i < n; i++) {
    const item = ids[i];
    if (texts.get(item) !== undefined) continue;
    missed++;
    if (item < low) low = item;
    if (item > high) high = item;
  }
  if (missed < MIN_RANGE_READ || high - low + 1 > 2 * missed) return undefined;
  const rows = prepared(db, 'SELECT id, json FROM list_items WHERE id BETWEEN ? AND ?').raw().all(low, high) as [number, StoredItem][];
  return new Map(rows);
}

/** The JSON of item `item` (of list `id`), read once per connection while the cache holds it (from `read` when it holds the row). */
function itemJson(db: Db, item: number, of: string, read?: Map<number, StoredItem>): string {
  const c = cacheOf(db);
  let json = c.texts.get(item);
  if (json === undefined) {
    const stored = read?.get(item) ?? (prepared(db, 'SELECT json FROM list_items WHERE id = ?').pluck().get(item) as StoredItem | undefined);
    if (stored === undefined) throw new Error(`item ${item} of ${of} is missing from the index`);
    json = storedItemJson(db, stored);
    remember(c, item, json);
  }
  return json;
}

/**
 * Stored list `id` item by item, without its JSON made: its item ids, and each item's JSON (read as `joinedItems` reads
 * them). A check that stops at an item that does not hold reads no more of them.
 */
export function storedItems(db: Db, id: number): { ids: ItemIds; json: (item: number) => string } {
  return { ids: itemIdsOf(db, id), json: (item) => itemJson(db, item, `list ${id}`) };
}

/**
 * Stored list `id` from its first item, as far as the caller reads (storedItems decodes every id): the head of a list
 * whose items of one kind sort first is read without the rest of its ids, nor its bases' past what it keeps of them.
 */
export function storedHeadItems(db: Db, id: number): { ids: Iterable<number>; json: (item: number) => string } {
  return { ids: headIds(db, id, 0), json: (item) => itemJson(db, item, `list ${id}`) };
}

/** The item ids of list `id` one at a time (an edited list's taken from its base's as its runs keep them). */
function* headIds(db: Db, id: number, depth: number): Generator<number, void, undefined> {
  const cached = listIds.get(db)?.get(id);
  if (cached !== undefined) return yield* cached;
  const bytes = listItems(db, id);
  const r = new VarintReader(bytes);
  if (!isEdited(bytes)) {
    while (!r.done) yield r.id();
    return;
  }
  if (depth > MAX_CHAIN) throw new Error(`list ${id} edits a chain of lists longer than ${MAX_CHAIN}`);
  r.unsigned();
  const base = headIds(db, r.unsigned(), depth + 1);
  const next = (): number => {
    const n = base.next();
    if (n.done) throw new Error('a stored list keeps more items than its base holds');
    return n.value;
  };
  while (!r.done) {
    for (let keep = r.unsigned(); keep > 0; keep--) yield next();
    for (let drop = r.unsigned(); drop > 0; drop--) next();
    for (let add = r.unsigned(); add > 0; add--) yield r.id();
  }
}

/** Items are collected once they are this many times those kept at the last collection (and at least MIN_ITEMS_TO_COLLECT). */
const ITEM_GROWTH = 2;
const MIN_ITEMS_TO_COLLECT = 4096;

/**
 * Deletes the lists no unit result or build names any more (answers how many), then, when the items have grown to twice
 * those kept at the last collection, the items no list names (reading every list: rare, and bounded by the growth).
 * A base is kept while a list edits it (so is its base, if edited: the named lists and their chains are all that stay).
 * The named ids are gathered in one temporary table, one scan of each naming table (they have no index on those ids).
 */
export function dropUnusedLists(db: Db): number {
  const named = LIST_COLUMNS.map(([table, column]) => `SELECT ${column} FROM ${table}`).join(' UNION ALL ');
  db.exec(`
    CREATE TEMP TABLE IF NOT EXISTS named_lists(id INTEGER PRIMARY KEY);
    DELETE FROM named_lists;
    INSERT OR IGNORE INTO named_lists ${named};
  `);
  keepBases(db);
  const dropped = prepared(db, 'DELETE FROM value_lists WHERE id NOT IN named_lists').run().changes;
  prepared(db, 'DELETE FROM named_lists').run();
  const items = prepared(db, 'SELECT count(*) FROM list_items').pluck().get() as number;
  const kept = Number(prepared(db, 'SELECT value FROM meta WHERE key = ?').pluck().get(ITEMS_KEPT_KEY) ?? 0);
  if (items >= Math.max(MIN_ITEMS_TO_COLLECT, ITEM_GROWTH * kept)) collectItems(db);
  return dropped;
}

/** Adds to named_lists the bases of the lists it holds, theirs, and so on (the pairs read in one scan). */
function keepBases(db: Db): void {
  const edits = prepared(db, 'SELECT id, base_id FROM value_lists WHERE base_id IS NOT NULL').raw().all() as [number, number][];
  const baseOfList = new Map(edits);
  const isNamed = prepared(db, 'SELECT 1 FROM named_lists WHERE id = ?').pluck();
  const keep = prepared(db, 'INSERT OR IGNORE INTO named_lists(id) VALUES (?)');
  for (const [id] of edits) {
    if (isNamed.get(id) === undefined) continue;
    for (let base = baseOfList.get(id); base !== undefined && keep.run(base).changes > 0; base = baseOfList.get(base));
  }
}

/** Deletes the items no stored list names and records how many are left. */
export function collectItems(db: Db): void {
  const used = new Set<number>();
  for (const bytes of prepared(db, 'SELECT items FROM value_lists').pluck().iterate() as Iterable<Buffer>) for (const id of isEdited(bytes) ? addedIds(bytes) : decodeIds(bytes)) used.add(id);
  // The folders' items of the lookup items kept (no list names them: see storedItem).
  for (const [id, stored] of prepared(db, "SELECT id, json FROM list_items WHERE typeof(json) = 'text' AND substr(json, 1, 1) = char(2)").raw().all() as [number, string][]) {
    const shared = sharedTailOf(stored);
    if (shared && used.has(id)) used.add(shared.tailId);
  }
  const drop = prepared(db, 'DELETE FROM list_items WHERE id = ?');
  const c = cacheOf(db);
  for (const id of prepared(db, 'SELECT id FROM list_items').pluck().all() as number[]) {
    if (used.has(id)) continue;
    drop.run(id);
    const json = c.texts.get(id);
    c.texts.delete(id);
    if (json !== undefined) c.ids.delete(json);
  }
  prepared(db, 'INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)').run(ITEMS_KEPT_KEY, String(used.size));
  c.collection = countCollection(db, COLLECTION_KEY);
}
