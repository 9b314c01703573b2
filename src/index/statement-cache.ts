// Prepared statements kept per database connection and SQL text: code that runs one query for every file,
// unit or build compiles it once per connection, not once per call. For get/all/run only (not iterate).
import type { Statement } from 'better-sqlite3';
import type { Db } from './open-index.js';

const byDb = new WeakMap<Db, Map<string, Statement>>();

export function prepared(db: Db, sql: string): Statement {
  let statements = byDb.get(db);
  if (!statements) byDb.set(db, (statements = new Map()));
  let s = statements.get(sql);
  if (!s) {
    s = db.prepare(sql);
    statements.set(sql, s);
  }
  return s;
}
