// Definition bodies stored once per distinct text (a file parsed under several masks has mostly the same bodies in
// each parse): symbols.body_id names a `bodies` row, found by a 52-bit key of the text's sha1. Ids are never reused.
import type { Db } from './open-index.js';
import { sha1 } from '../model/sha1.js';
import { WeighedCache } from '../model/weighed-cache.js';
import { prepared } from './statement-cache.js';

/** Characters of body text the writer's cache holds (a PlatformIO project's distinct bodies: a few MB). */
const MAX_CACHED_CHARS = 4_000_000;
/** The meta key counting the collections that deleted bodies. */
const COLLECTION_KEY = 'bodies_collections';

/** The key a body is found by: the first 52 bits of its text's sha1 (an integer index is a fraction of a hex one). */
function bodyKey(text: string): number {
  return parseInt(sha1(text).slice(0, 13), 16);
}

function collectionCount(db: Db): string {
  return (prepared(db, 'SELECT value FROM meta WHERE key = ?').pluck().get(COLLECTION_KEY) as string | undefined) ?? '0';
}

/**
 * Stores body texts for one writer, each distinct text once. Its cache of text → id holds for the collection it was
 * filled after: another process's run may have collected bodies since (checked at each write transaction's start).
 */
export class BodyStore {
  private readonly ids = new WeighedCache<string, number>(MAX_CACHED_CHARS, (_, text) => text.length);
  /** The collection count the cache holds for (undefined: none yet). */
  private collection: string | undefined;

  constructor(private readonly db: Db) {}

  /**
   * Called at the start of each write transaction: the cache is dropped when another run collected bodies since it
   * was filled (its ids may name deleted rows).
   */
  begin(): void {
    const now = collectionCount(this.db);
    if (now !== this.collection) this.ids.clear();
    this.collection = now;
  }

  /** The transaction the cached ids were stored in was rolled back: they may be given to other texts. */
  discard(): void {
    this.ids.clear();
    this.collection = undefined;
  }

  /** The id of body `text`, stored now when new; null for no body. */
  id(text: string | null): number | null {
    if (text === null) return null;
    const known = this.ids.get(text);
    if (known !== undefined) return known;
    const key = bodyKey(text);
    const found = prepared(this.db, 'SELECT id FROM bodies WHERE key = ? AND text = ?').pluck().get(key, text) as number | undefined;
    const id = found ?? Number(prepared(this.db, 'INSERT INTO bodies(key, text) VALUES (?, ?)').run(key, text).lastInsertRowid);
    this.ids.set(text, id);
    return id;
  }

  /**
   * Deletes the bodies in temp table `candidates` (ids of bodies whose symbols were deleted) that no symbol names any
   * more; when any went, counts a collection (other writers' caches are dropped at their next transaction).
   */
  collect(candidates: string): number {
    const dropped = prepared(this.db, `DELETE FROM bodies WHERE id IN (SELECT id FROM ${candidates}) AND NOT EXISTS (SELECT 1 FROM symbols s WHERE s.body_id = bodies.id)`).run().changes;
    if (dropped === 0) return 0;
    const next = String(Number(collectionCount(this.db)) + 1);
    prepared(this.db, 'INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)').run(COLLECTION_KEY, next);
    this.ids.clear();
    this.collection = next;
    return dropped;
  }
}
