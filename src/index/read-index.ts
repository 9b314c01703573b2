// Opens the SQLite index for reading and reads its `meta` values; never creates, migrates or writes anything.
// Apart from open-index.ts (the writers' opens) so that a read-only command loads no schema SQL.
import fs from 'node:fs';
import { openDatabase, type Db } from './sqlite-driver.js';

export type { Db };

export function metaValue(db: Db, key: string): string | null {
  try {
    const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
    return row?.value ?? null;
  } catch {
    return null;
  }
}

/** Open for reading; null when there is no index file. Never creates or migrates anything. */
export function openIndexForRead(file: string): Db | null {
  if (!fs.existsSync(file)) return null;
  // better-sqlite3's default timeout (5000 ms) is SQLite's busy timeout: no PRAGMA busy_timeout to prepare.
  return openDatabase(file, { readonly: true, fileMustExist: true, timeout: 5000 });
}
