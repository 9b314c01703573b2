// Rows written many to a statement (RowBatch) are the rows, ids and order of one INSERT per row, whatever
// the count left for the flush; rows of a rolled-back transaction are dropped, not written by the next one.
// A row's width is counted from the statement's column list.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { BATCH_ROWS, RowBatch, columnCount } from '../../src/index/row-batch.js';
import { tempDir } from '../helpers/fixture-project.js';

const TABLE = 'CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b INTEGER, c REAL)';
const row = (i: number): [string | null, number, number] => [i % 3 ? `v${i}` : null, i * 7, i / 4];

function rowsWritten(count: number, flushEvery: number): unknown[] {
  const db = new Database(path.join(tempDir('row-batch-'), 'x.db'));
  db.exec(TABLE);
  const batch = new RowBatch(db, 'INSERT INTO t(a, b, c)');
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      batch.values.push(...row(i));
      batch.added();
      if ((i + 1) % flushEvery === 0) batch.flush();
    }
    batch.flush();
  })();
  const out = db.prepare('SELECT * FROM t ORDER BY id').raw().all();
  db.close();
  return out;
}

describe('rows written in batches', () => {
  it('are the rows and ids of one INSERT per row', () => {
    for (const count of [0, 1, 3, 21, BATCH_ROWS, BATCH_ROWS * 2 + 16 + 4 + 3]) {
      const expected = Array.from({ length: count }, (_, i) => [i + 1, ...row(i)]);
      expect(rowsWritten(count, Infinity)).toEqual(expected);
      expect(rowsWritten(count, 37)).toEqual(expected);
    }
  });

  it('drops the pending rows when cleared', () => {
    const db = new Database(':memory:');
    db.exec(TABLE);
    const batch = new RowBatch(db, 'INSERT INTO t(a, b, c)');
    batch.values.push(...row(1));
    batch.added();
    batch.clear();
    batch.values.push(...row(2));
    batch.added();
    batch.flush();
    expect(db.prepare('SELECT * FROM t').raw().all()).toEqual([[1, ...row(2)]]);
    db.close();
  });

  it('counts a row\'s values from the column list', () => {
    expect(columnCount('INSERT INTO t(a, b, c)')).toBe(3);
    expect(columnCount('INSERT INTO refs(chunk_id)')).toBe(1);
    expect(columnCount(`INSERT INTO s(a,
      b, c, d)`)).toBe(4);
    expect(() => columnCount('INSERT INTO t')).toThrow(/no column list/);
    const db = new Database(':memory:');
    expect(new RowBatch(db, 'INSERT INTO t(a, b, c)').width).toBe(3);
    db.close();
  });
});
