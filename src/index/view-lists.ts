// unit_results.views as the edits (list-edits.ts) of a shared plain list of view ids in view_lists, which counts the
// results editing it (`uses`) and goes once none does: the units of a build, and a unit across envs, read alike.
import type { Db } from './open-index.js';
import { prepared } from './statement-cache.js';
import { applyEdits, baseOf, closestBase, encodeEdits, isEdited, type ItemIds } from './list-edits.js';
import { decodeIds, packedIds } from './value-lists.js';
import { packedDecodedIds } from './packed-ids.js';
import { WeighedCache } from '../model/weighed-cache.js';
import { ConnectionState } from './connection-state.js';

/** A base the writer stored or used lately: its id and view ids (packed, as the cache holds them). */
interface Base {
  id: number;
  ids: ItemIds;
}

/** Bases a new list may edit: the last ones stored or used (the units of a build alternate between a few families of includes). */
const RECENT_BASES = 16;
/** Bytes under which a plain column is stored as it is (a base's row would cost more than it saves). */
const MIN_EDITED = 16;
/** Units whose last base id is kept (emptied when full); their view ids are read again through the bounded cache. */
const MAX_UNITS = 20_000;

/**
 * Per connection: the recent bases (the last used first) and the last base of each unit path (the same unit in the
 * next env reads mostly the same views: Meshtastic's envs, written one after another, are ~280 units apart). Valid
 * until a transaction of this connection rolls back (a base stored in it may be stored again under its id) or a base
 * is collected, and while no other connection commits (then the base view ids go too).
 */
interface Writing {
  recent: Base[];
  /** A unit path -> its last base's id (not its ids: held whole they cost ~28 MiB of Meshtastic's peak RSS). */
  byUnit: WeighedCache<string, number>;
}

const writing = new ConnectionState<Writing>(
  () => ({ recent: [], byUnit: WeighedCache.byCount<string, number>(MAX_UNITS) }),
  (db) => baseIds.delete(db),
);

/** Forgets the bases and base view ids known on `db`: called when a transaction rolls back, and when bases are collected. */
export function forgetViewBases(db: Db): void {
  writing.forget(db);
  baseIds.delete(db);
}

/**
 * The `views` column of a result about to be written whose views are `plain` (view-ids.ts viewIdsColumn): the edits
 * of the base they take fewest bytes from (the last one of the same `unit`, or a recent one), when under half of
 * `plain`; else of a new base holding them (a short column as it is). The base gains a use: the caller writes the
 * column (and gives the use back with releaseViewBase when the row goes).
 */
export function editedViews(db: Db, plain: Buffer, unit?: string): Buffer {
  if (plain.length < MIN_EDITED) return plain;
  const ids = decodeIds(plain);
  const w = writing.of(db);
  const ownId = unit === undefined ? undefined : w.byUnit.get(unit);
  const own = ownId === undefined ? undefined : (w.recent.find((b) => b.id === ownId) ?? storedBase(db, ownId));
  const best = closestBase(own ? [own, ...w.recent] : w.recent, ids);
  const edits = best && encodeEdits(best.id, best.ids, ids, plain.length / 2);
  const used = best !== undefined && edits !== undefined && prepared(db, 'UPDATE view_lists SET uses = uses + 1 WHERE id = ?').run(best.id).changes === 1;
  const base = used ? best : { id: Number(prepared(db, 'INSERT INTO view_lists(ids, uses) VALUES (?, 1)').run(plain).lastInsertRowid), ids: packedIds(ids) };
  const at = w.recent.findIndex((b) => b.id === base.id);
  if (at >= 0) w.recent.splice(at, 1);
  w.recent.unshift(base);
  if (w.recent.length > RECENT_BASES) w.recent.pop();
  if (unit !== undefined) w.byUnit.set(unit, base.id);
  if (used) return edits;
  cacheOf(db).set(base.id, base.ids);
  return encodeEdits(base.id, ids, ids, Infinity)!;
}

/** Stored base `id` with its view ids (cached: see cacheOf), or undefined when it was collected. */
function storedBase(db: Db, id: number): Base | undefined {
  const cache = cacheOf(db);
  let ids = cache.get(id);
  if (ids === undefined) {
    const stored = prepared(db, 'SELECT ids FROM view_lists WHERE id = ?').pluck().get(id) as Buffer | undefined;
    if (stored === undefined) return undefined;
    cache.set(id, (ids = packedDecodedIds(stored)));
  }
  return { id, ids };
}

/** The use the row whose `views` column this is held of its base, given back (the row is deleted or written over). */
export function releaseViewBase(db: Db, views: Buffer): void {
  if (isEdited(views)) prepared(db, 'UPDATE view_lists SET uses = uses - 1 WHERE id = ?').run(baseOf(views));
}

/** Deletes the bases no result edits any more (the recent ones are forgotten when some go). */
export function deleteUnusedViewLists(db: Db): void {
  if (prepared(db, 'DELETE FROM view_lists WHERE uses <= 0').run().changes > 0) forgetViewBases(db);
}

/**
 * Per connection, base view ids by id (a base never changes once committed, and ids are never reused: forgotten only
 * with the bases, see forgetViewBases), packed (see value-lists.ts packedIds). Bounded by their ids.
 */
const baseIds = new WeakMap<Db, WeighedCache<number, ItemIds>>();
const MAX_CACHED_IDS = 50_000;

function cacheOf(db: Db): WeighedCache<number, ItemIds> {
  let c = baseIds.get(db);
  if (c === undefined) baseIds.set(db, (c = new WeighedCache<number, ItemIds>(MAX_CACHED_IDS, (ids) => ids.length + 1, Infinity, true)));
  return c;
}

/** The view ids a stored `views` column names, in order. */
export function viewIdsOf(db: Db, views: Buffer): number[] {
  if (!isEdited(views)) return decodeIds(views);
  const id = baseOf(views);
  const base = storedBase(db, id);
  if (base === undefined) throw new Error(`view list ${id} is missing from the index`);
  return applyEdits(views, base.ids);
}
