// Secondary indexes of the row tables a first write fills (symbols, references, variable accesses, macros)
// dropped before it and created again after it, in the same transaction: building an index from its rows
// sorts once, where keeping it up to date inserts row by row into random places. Only for empty tables.
import type { Db } from './open-index.js';

const BULK_TABLES = ['symbols', 'ref_rows', 'variable_ref_rows', 'macros'];

/** Fewer new rows than this go through the kept indexes (dropping and creating costs a little too). */
export const BULK_MIN_ROWS = 1000;

/**
 * When every one of the tables is empty, drops their secondary indexes and answers the statements that
 * create them again (their stored text: the schema reads the same afterwards); otherwise null, nothing dropped.
 */
export function dropIndexesOfEmptyTables(db: Db): string[] | null {
  if (!bulkTablesEmpty(db)) return null;
  const rows = db
    .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${BULK_TABLES.map(() => '?').join(', ')}) ORDER BY rowid`)
    .all(...BULK_TABLES) as { name: string; sql: string }[];
  for (const r of rows) db.exec(`DROP INDEX "${r.name}"`);
  return rows.map((r) => r.sql);
}

/** True when every one of the tables is empty. */
export function bulkTablesEmpty(db: Db): boolean {
  return BULK_TABLES.every((t) => db.prepare(`SELECT 1 FROM ${t} LIMIT 1`).get() === undefined);
}

/** Creates the dropped indexes again, in their order. */
export function createIndexes(db: Db, statements: string[]): void {
  for (const sql of statements) db.exec(sql);
}
