// Definition bodies stored once per distinct text (a file parsed under several masks has mostly the same bodies in
// each parse): symbols.body_id names a `bodies` row, found by a 52-bit key of the text's sha1. Ids are never reused.
import type { Db } from './open-index.js';
import { sha1Key } from '../model/sha1.js';
import { ownString } from '../model/own-strings.js';
import { prepared } from './statement-cache.js';
import { bodyText, storedBody } from './body-compression.js';
import { CollectedIds } from './collected-ids.js';

/** Characters of body text the writer's cache holds (a PlatformIO project's distinct bodies: a few MB). */
const MAX_CACHED_CHARS = 4_000_000;
/** The meta key counting the collections that deleted bodies. */
const COLLECTION_KEY = 'bodies_collections';

/**
 * Stores body texts for one writer, each distinct text once, with a cache of text -> id (see CollectedIds).
 */
export class BodyStore {
  private readonly ids: CollectedIds;

  constructor(private readonly db: Db) {
    this.ids = new CollectedIds(db, COLLECTION_KEY, MAX_CACHED_CHARS, (text) => text.length);
  }

  /** Called at the start of each write transaction (see CollectedIds.begin). */
  begin(): void {
    this.ids.begin();
  }

  /** The transaction the cached ids were stored in was rolled back. */
  discard(): void {
    this.ids.discard();
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
    if (dropped > 0) this.ids.collected();
    return dropped;
  }
}
