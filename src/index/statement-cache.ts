// Prepared statements kept per database connection and SQL text: code that runs one query for every file,
// unit or build compiles it once per connection, not once per call. For get/all/run only (not iterate).
// And the id of a row an INSERT added, without RETURNING (insertedId), or of the row holding a value (valueRowId).
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

/**
 * Runs an INSERT (with ON CONFLICT DO NOTHING at most): the new row's id, undefined when it added none. The
 * hot inserts take no RETURNING clause: SQLite collects a RETURNING statement's rows in an ephemeral table, a
 * b-tree whose page cache (~90 KB, page faults when it is fresh) is set up and freed at every run.
 */
export function insertedId(s: Statement, ...values: unknown[]): number | undefined {
  const r = s.run(...values);
  return r.changes > 0 ? Number(r.lastInsertRowid) : undefined;
}

/**
 * The id of the row of `table` whose `column` (UNIQUE) holds `value`, the row inserted when none does; `added`: it
 * was inserted now. For tables of one value per row (a chunk's hash, a unit's path).
 */
export function valueRowId(db: Db, table: string, column: string, value: unknown): { id: number; added: boolean } {
  const found = prepared(db, `SELECT id FROM ${table} WHERE ${column} = ?`).pluck().get(value) as number | undefined;
  if (found !== undefined) return { id: found, added: false };
  return { id: Number(prepared(db, `INSERT INTO ${table}(${column}) VALUES (?)`).run(value).lastInsertRowid), added: true };
}
