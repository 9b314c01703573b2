// Definition bodies stored once per distinct text (a file parsed under several masks has mostly the same bodies in
// each parse): symbols.body_id names a `bodies` row, found by a 52-bit key of the text's sha1. Ids are never reused.
import type { Db } from './open-index.js';
import { sha1Key } from '../model/sha1.js';
import { ownString } from '../model/own-strings.js';
import { WeighedCache } from '../model/weighed-cache.js';
import { prepared } from './statement-cache.js';
import { bodyText, storedBody } from './body-compression.js';
import { collectionCount, countCollection } from './collection-counts.js';

/** Characters of body text the writer's cache holds (a PlatformIO project's distinct bodies: a few MB). */
const MAX_CACHED_CHARS = 4_000_000;
/** The meta key counting the collections that deleted bodies. */
const COLLECTION_KEY = 'bodies_collections';

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
    const now = collectionCount(this.db, COLLECTION_KEY);
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
    const key = sha1Key(text);
    const stored = prepared(this.db, 'SELECT id, text FROM bodies WHERE key = ?').all(key) as { id: number; text: string | Buffer }[];
    const found = stored.find((r) => bodyText(r.text) === text)?.id;
    const id = found ?? Number(prepared(this.db, 'INSERT INTO bodies(key, text) VALUES (?, ?)').run(key, storedBody(text)).lastInsertRowid);
    // A body is cut from its file's masked text: held as it is, it would keep that whole text for as long as the
    // cache keeps the body (the libstdc++ headers of a host build: ~440 texts, 7 MB, past the build's end).
    this.ids.set(ownString(text), id);
    return id;
  }

  /**
   * Deletes the bodies in temp table `candidates` (ids of bodies whose symbols were deleted) that no symbol names any
   * more; when any went, counts a collection (other writers' caches are dropped at their next transaction).
   */
  collect(candidates: string): number {
    const dropped = prepared(this.db, `DELETE FROM bodies WHERE id IN (SELECT id FROM ${candidates}) AND NOT EXISTS (SELECT 1 FROM symbols s WHERE s.body_id = bodies.id)`).run().changes;
    if (dropped === 0) return 0;
    this.ids.clear();
    this.collection = countCollection(this.db, COLLECTION_KEY);
    return dropped;
  }
}
