// Names of call rows and variable accesses (a callee, a caller, a variable) stored once in `names`: ref_rows and
// variable_ref_rows name them by id, the views refs and variable_refs read them back as text. Symbol names stay text.
import type { Db } from './open-index.js';
import { prepared } from './statement-cache.js';
import { CollectedIds } from './collected-ids.js';
import { ownString } from '../model/own-strings.js';

/** Characters of names the writer's cache holds (a 246-env PlatformIO project's distinct names: ~2 MB). */
const MAX_CACHED_CHARS = 4_000_000;
/** The meta key counting the collections that deleted names. */
const COLLECTION_KEY = 'names_collections';

/**
 * Stores names for one writer, each distinct name once, with a cache of name -> id (see CollectedIds).
 */
export class NameStore {
  private readonly ids: CollectedIds;

  constructor(private readonly db: Db) {
    this.ids = new CollectedIds(db, COLLECTION_KEY, MAX_CACHED_CHARS, (name) => name.length + 16);
  }

  /** Called at the start of each write transaction (see CollectedIds.begin). */
  begin(): void {
    this.ids.begin();
  }

  /** The transaction the cached ids were stored in was rolled back. */
  discard(): void {
    this.ids.discard();
  }

  /** The id of `name`, stored now when new. */
  id(name: string): number {
    const known = this.ids.get(name);
    if (known !== undefined) return known;
    const stored = prepared(this.db, 'SELECT id FROM names WHERE name = ?').pluck().get(name) as number | undefined;
    const id = stored ?? Number(prepared(this.db, 'INSERT INTO names(name) VALUES (?)').run(name).lastInsertRowid);
    // A name is cut from its file's masked text: held as it is, it would keep that whole text for as long as the
    // cache keeps the name (19 of Meshtastic's nRF52 envs: the cache held 13.6 MB, 1.3 MB with its own copies).
    this.ids.set(ownString(name), id);
    return id;
  }

  /** The id of `name`, null for none. */
  idOrNull(name: string | null | undefined): number | null {
    return name === null || name === undefined ? null : this.id(name);
  }

  /**
   * Deletes the names in temp table `candidates` (ids the deleted rows named) that no row names any more; when any
   * went, counts a collection (other writers' caches are dropped at their next transaction).
   */
  collect(candidates: string): number {
    const dropped = prepared(
      this.db,
      `DELETE FROM names WHERE id IN (SELECT id FROM ${candidates}) AND NOT EXISTS (SELECT 1 FROM ref_rows r WHERE r.name_id = names.id)
         AND NOT EXISTS (SELECT 1 FROM ref_rows r WHERE r.caller_id = names.id) AND NOT EXISTS (SELECT 1 FROM variable_ref_names v WHERE v.name_id = names.id)`,
    ).run().changes;
    if (dropped > 0) this.ids.collected();
    return dropped;
  }
}
