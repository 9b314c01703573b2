// Unit results name their file views by id: `unit_results.views` holds the ids of a result's views in its files'
// order as varint differences (see value-lists.ts), ~2 bytes a file where a sha1 took 20. In memory a result's data
// stays its body followed by the views' 20-byte hashes (unit-result-rows.ts); this module converts at the table's
// edge: ids for the hashes when a row is written (a new view stored with no uses yet: the writer counts its uses
// once the build's results are linked), hashes for the ids when a row is read.
import type { Db } from './open-index.js';
import { ownString } from '../model/own-strings.js';
import { prepared } from './statement-cache.js';
import { encodeIds } from './value-lists.js';
import { viewIdsOf } from './view-lists.js';
import { hashText, storedHash, type StoredHash } from './hash-columns.js';
import { deflated, inflated } from '../model/raw-deflate.js';

/**
 * Characters from which a view's JSON is stored deflated (raw DEFLATE bytes; only the indexer reads views): a
 * many-env project's views take under half (2.6 -> 1.2 MB); a shorter one stays text.
 */
const DEFLATE_VIEWS_FROM = 256;

/** A view's JSON as file_views.data holds it. */
export function storedViewData(json: string): string | Buffer {
  return json.length < DEFLATE_VIEWS_FROM ? json : deflated(json);
}

/** The JSON of a view as storedViewData stored it. */
export function viewDataJson(stored: string | Buffer): string {
  return typeof stored === 'string' ? stored : inflated(stored).toString('utf8');
}

/** Bytes of a view hash in a result's data. */
export const VIEW_HASH_BYTES = 20;

/** A stored view's hash, as hex and as the bytes a result's data holds. */
interface ViewHash {
  hex: string;
  bytes: Buffer;
}

/**
 * Per connection: hashes by id, valid for the life of the file (file_views ids are never reused, and no row names a
 * deleted view), and ids by hash, valid until a view is deleted (by this connection: see deleteUnusedViews; by
 * another: its commit changes `PRAGMA data_version`) — a view stored again after that has a new id.
 */
interface ViewIdCache {
  hashes: Map<number, ViewHash>;
  ids: Map<string, number>;
  version: number | undefined;
}

const caches = new WeakMap<Db, ViewIdCache>();
/** Entries each map holds before it is emptied (~100 bytes each). */
const MAX_CACHED = 200_000;

function cacheOf(db: Db): ViewIdCache {
  let c = caches.get(db);
  if (c === undefined) caches.set(db, (c = { hashes: new Map(), ids: new Map(), version: undefined }));
  return c;
}

/** The cache with its ids by hash checked against commits of other connections. */
function writingCache(db: Db): ViewIdCache {
  const c = cacheOf(db);
  const version = prepared(db, 'PRAGMA data_version').pluck().get() as number;
  if (c.version !== version) {
    c.ids.clear();
    c.version = version;
  }
  return c;
}

function rememberHash(c: ViewIdCache, id: number, stored: StoredHash): ViewHash {
  if (c.hashes.size >= MAX_CACHED) c.hashes.clear();
  const h = { hex: hashText(stored), bytes: typeof stored === 'string' ? Buffer.from(stored, 'hex') : stored };
  c.hashes.set(id, h);
  return h;
}

/** The id of view `hash`, stored now with no uses when new (`json`: its JSON, asked for only then). */
function viewId(db: Db, c: ViewIdCache, hash: string, json: (hash: string) => string | undefined): number {
  const known = c.ids.get(hash);
  if (known !== undefined) return known;
  const stored = storedHash(hash);
  let id = prepared(db, 'SELECT id FROM file_views WHERE hash = ?').pluck().get(stored) as number | undefined;
  if (id === undefined) {
    const data = json(hash);
    if (data === undefined) throw new Error(`file view ${hash} is neither stored nor given with the result naming it`);
    id = Number(prepared(db, 'INSERT INTO file_views(hash, data, uses) VALUES (?, ?, 0)').run(stored, storedViewData(data)).lastInsertRowid);
  }
  if (c.ids.size >= MAX_CACHED) c.ids.clear();
  // A hash is cut from the hex of a row's view hashes (see storedViewHashes): held as it is, it keeps all of them.
  c.ids.set(ownString(hash), id);
  return id;
}

/**
 * The `views` column of a result naming the views `hashes` in order: their ids, each view stored when new (`json`
 * gives its JSON). The writer adds their uses when it links the result (see results-in-place.ts useView).
 */
export function viewIdsColumn(db: Db, hashes: readonly string[], json: (hash: string) => string | undefined): Buffer {
  const c = writingCache(db);
  const ids: number[] = new Array(hashes.length);
  let before: string | undefined;
  for (let i = 0; i < hashes.length; i++) {
    const hash = hashes[i];
    ids[i] = hash === before ? ids[i - 1] : viewId(db, c, hash, json);
    before = hash;
  }
  return encodeIds(ids);
}

/** The stored hashes of the views `ids` name. */
function viewHashes(db: Db, ids: readonly number[]): ViewHash[] {
  const c = cacheOf(db);
  const byId = prepared(db, 'SELECT hash FROM file_views WHERE id = ?').pluck();
  return ids.map((id) => {
    const known = c.hashes.get(id);
    if (known !== undefined) return known;
    const stored = byId.get(id) as StoredHash | undefined;
    if (stored === undefined) throw new Error(`file view ${id} is missing from the index`);
    return rememberHash(c, id, stored);
  });
}

/** The hashes of the views a stored `views` column names (plain, or edits of a view list: see view-lists.ts), in order. */
export function namedViewHashes(db: Db, views: Buffer): string[] {
  return viewHashes(db, viewIdsOf(db, views)).map((h) => h.hex);
}

/** A stored result's data as results hold it in memory: its body (`data` column), then its views' 20-byte hashes. */
export function resultData(db: Db, body: Buffer, views: Buffer): Buffer {
  const hashes = viewHashes(db, viewIdsOf(db, views));
  const data = Buffer.allocUnsafe(body.length + VIEW_HASH_BYTES * hashes.length);
  body.copy(data);
  for (let i = 0; i < hashes.length; i++) data.set(hashes[i].bytes, body.length + VIEW_HASH_BYTES * i);
  return data;
}

/** Deletes the views no result names any more; ids cached for them no longer hold. */
export function deleteUnusedViews(db: Db): void {
  if (prepared(db, 'DELETE FROM file_views WHERE uses <= 0').run().changes > 0) cacheOf(db).ids.clear();
}
