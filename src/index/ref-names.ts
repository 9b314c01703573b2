// Names of call rows and variable accesses (a callee, a caller, a variable) stored once in `names`: ref_rows and
// variable_ref_rows name them by id, the views refs and variable_refs read them back as text. Symbol names stay text.
import type { Db } from './open-index.js';
import { WeighedCache } from '../model/weighed-cache.js';
import { prepared } from './statement-cache.js';
import { collectionCount, countCollection } from './collection-counts.js';

/** Characters of names the writer's cache holds (a 246-env PlatformIO project's distinct names: ~2 MB). */
const MAX_CACHED_CHARS = 4_000_000;
/** The meta key counting the collections that deleted names. */
const COLLECTION_KEY = 'names_collections';

/**
 * Stores names for one writer, each distinct name once. Its cache of name → id holds for the collection it was filled
 * after: another process's run may have collected names since (checked at each write transaction's start).
 */
export class NameStore {
  private readonly ids = new WeighedCache<string, number>(MAX_CACHED_CHARS, (_, name) => name.length + 16);
  /** The collection count the cache holds for (undefined: none yet). */
  private collection: string | undefined;

  constructor(private readonly db: Db) {}

  /** Called at the start of each write transaction: the cache is dropped when a run collected names since it was filled. */
  begin(): void {
    const now = collectionCount(this.db, COLLECTION_KEY);
    if (now !== this.collection) this.ids.clear();
    this.collection = now;
  }

  /** The transaction the cached ids were stored in was rolled back: they may be given to other names. */
  discard(): void {
    this.ids.clear();
    this.collection = undefined;
  }

  /** The id of `name`, stored now when new. */
  id(name: string): number {
    const known = this.ids.get(name);
    if (known !== undefined) return known;
    const stored = prepared(this.db, 'SELECT id FROM names WHERE name = ?').pluck().get(name) as number | undefined;
    const id = stored ?? Number(prepared(this.db, 'INSERT INTO names(name) VALUES (?)').run(name).lastInsertRowid);
    this.ids.set(name, id);
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
         AND NOT EXISTS (SELECT 1 FROM ref_rows r WHERE r.caller_id = names.id) AND NOT EXISTS (SELECT 1 FROM variable_ref_rows v WHERE v.name_id = names.id)`,
    ).run().changes;
    if (dropped === 0) return 0;
    this.ids.clear();
    this.collection = countCollection(this.db, COLLECTION_KEY);
    return dropped;
  }
}
