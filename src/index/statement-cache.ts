// Prepared statements kept per database connection and SQL text: code that runs one query for every file,
// unit or build compiles it once per connection, not once per call. For get/all/run only (not iterate).
// And the id of a row an INSERT added, without RETURNING (insertedId), or of the row holding a value (valueRowId).
// Readers keep at most a few hundred (queryStatement): their SQL varies with the lengths of the lists they bind.
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

/** Statements of read queries per connection, dropped all at once past READER_STATEMENTS (a few hundred KB at most). */
const readerStatements = new WeakMap<Db, Map<string, Statement>>();
const READER_STATEMENTS = 200;

/**
 * A read query's statement, kept for the next query of the same text: preparing a lookup's SQL (subqueries, several
 * joins) costs about as much as running it on an index of a few builds.
 */
export function queryStatement(db: Db, sql: string): Statement {
  let cache = readerStatements.get(db);
  if (!cache) readerStatements.set(db, (cache = new Map()));
  let st = cache.get(sql);
  if (!st) {
    if (cache.size >= READER_STATEMENTS) cache.clear();
    cache.set(sql, (st = db.prepare(sql)));
  }
  return st;
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
