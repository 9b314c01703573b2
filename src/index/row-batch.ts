// Rows of one table inserted many to a statement: a parse's few symbols and variable accesses wait with
// those of the next parses until BATCH_ROWS are pending, which one multi-row INSERT then writes. Each run of
// a statement costs a call into the binding (its result object, its reset) and SQLite a statement's setup;
// the rows and their ids are the same as one INSERT per row, in the same order. The values are passed as
// arguments, not as one array: the binding reads an array's elements through V8's API (~500 instructions each).
import type { Statement } from 'better-sqlite3';
import type { Db } from './open-index.js';
import { prepared } from './statement-cache.js';

/** Rows per statement when a batch is full; what is left at a flush goes in statements of these sizes. */
export const BATCH_ROWS = 64;
const FLUSH_SIZES = [16, 4, 1];

/** The columns an `INSERT INTO t(a, b, c)` names (3 there). */
export function columnCount(head: string): number {
  const open = head.indexOf('(');
  const close = head.lastIndexOf(')');
  if (open < 0 || close < open) throw new Error(`no column list in: ${head}`);
  return head.slice(open + 1, close).split(',').length;
}

export class RowBatch {
  /** The pending rows' values, row after row: push one row's `width` values, then call `added`. */
  readonly values: unknown[] = [];
  private readonly full: number;
  private readonly statements = new Map<number, Statement>();

  /** Values a row has: the columns `head` names. */
  readonly width: number;

  /** `head`: `INSERT INTO t(a, b, c)`, whose column list gives a row's values. */
  constructor(private readonly db: Db, private readonly head: string) {
    this.width = columnCount(head);
    this.full = BATCH_ROWS * this.width;
  }

  /** Called after each row's values are pushed: writes the batch once it is full. */
  added(): void {
    if (this.values.length >= this.full) {
      this.statement(BATCH_ROWS).run(...this.values);
      this.values.length = 0;
    }
  }

  /** Writes the pending rows (before the table is read, and before the writer leaves the rows it was given). */
  flush(): void {
    const values = this.values;
    let at = 0;
    for (const rows of FLUSH_SIZES) {
      const n = rows * this.width;
      while (values.length - at >= n) {
        this.statement(rows).run(...values.slice(at, at + n));
        at += n;
      }
    }
    values.length = 0;
  }

  /** Drops the pending rows (their transaction was rolled back). */
  clear(): void {
    this.values.length = 0;
  }

  private statement(rows: number): Statement {
    let s = this.statements.get(rows);
    if (!s) {
      const row = `(${new Array(this.width).fill('?').join(', ')})`;
      s = prepared(this.db, `${this.head} VALUES ${new Array(rows).fill(row).join(', ')}`);
      this.statements.set(rows, s);
    }
    return s;
  }
}
