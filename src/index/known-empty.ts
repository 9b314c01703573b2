// Which looked-up tables a writing connection may find rows in: asked once per table, then set by the run's own
// inserts (every row of these tables is added through the run's one writer: see index-lock.ts). On a new index
// the lookups made before the first write, each an autocommit read with its two lock calls, run no statement.
import type { Db } from './open-index.js';
import { prepared } from './statement-cache.js';

/** Tables looked up before a build's write: parses, macro groups, unit results. */
export type LookupTable = 'parsed_files' | 'macro_groups' | 'unit_results';

const mayHold = new WeakMap<Db, Map<LookupTable, boolean>>();

function tablesOf(db: Db): Map<LookupTable, boolean> {
  let tables = mayHold.get(db);
  if (tables === undefined) mayHold.set(db, (tables = new Map()));
  return tables;
}

/** False while `table` is known to be empty on this connection. */
export function mayHoldRows(db: Db, table: LookupTable): boolean {
  const tables = tablesOf(db);
  let holds = tables.get(table);
  if (holds === undefined) tables.set(table, (holds = prepared(db, `SELECT 1 FROM ${table} LIMIT 1`).get() !== undefined));
  return holds;
}

/** Called once a row was added to `table` through `db`. */
export function rowsStored(db: Db, table: LookupTable): void {
  tablesOf(db).set(table, true);
}
