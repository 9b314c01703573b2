// How many collections of unused rows a table has had, kept in meta: a writer caching ids of rows it stored checks the
// count before trusting them (another process's run may have deleted those rows since), and a collection counts itself.
import type { Db } from './open-index.js';
import { prepared } from './statement-cache.js';

/** The count under meta key `key` ('0' before the first collection). */
export function collectionCount(db: Db, key: string): string {
  return (prepared(db, 'SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined) ?? '0';
}

/** Counts one more collection under `key`; answers the new count. */
export function countCollection(db: Db, key: string): string {
  const next = String(Number(collectionCount(db, key)) + 1);
  prepared(db, 'INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)').run(key, next);
  return next;
}
