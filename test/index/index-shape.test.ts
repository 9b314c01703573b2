// What the index's bulkiest per-build tables keep beside their rows (a many-env project repeats them per unit and file):
// no index that only the collection of unused rows would read, no rowid index doubling a table's key.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { byHashPrefix } from '../../src/index/hash-columns.js';
import { SCHEMA_SQL } from '../../src/index/schema.js';
import { indexPath } from '../../src/project/config.js';
import { indexedFixture } from '../helpers/fixture-project.js';

/** The indexes of `table` (named and automatic), sorted. */
function indexesOf(db: Database.Database, table: string): string[] {
  return (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? ORDER BY name").pluck().all(table) as string[]).sort();
}

describe('index shape', () => {
  it('keeps no index on the list ids of unit results nor on the bases of value lists', async () => {
    const { root } = await indexedFixture(['index', 'shared-units']);
    const db = new Database(indexPath(root), { readonly: true });
    expect(indexesOf(db, 'unit_results')).toEqual(['unit_results_hash', 'unit_results_key']);
    expect(indexesOf(db, 'value_lists')).toEqual(['value_lists_hash']);
    db.close();
  });

  it('stores build_files in its key, without a rowid and its key again in an index', async () => {
    const { root } = await indexedFixture(['index', 'shared-units']);
    const db = new Database(indexPath(root), { readonly: true });
    expect(indexesOf(db, 'build_files')).toEqual(['build_files_parsed']);
    expect(db.prepare('SELECT count(*) FROM build_files').pluck().get()).toBeGreaterThan(0);
    db.close();
  });

  it('stores each (file, line set) pair once and per build the list of its pairs, read as build_file_lines', async () => {
    const { root } = await indexedFixture(['index', 'shared-units']);
    const db = new Database(indexPath(root), { readonly: true });
    expect(db.prepare("SELECT type FROM sqlite_master WHERE name = 'build_file_lines'").pluck().get()).toBe('view');
    const rows = db.prepare('SELECT count(*) AS n, count(DISTINCT file_id || \',\' || lines_id) AS pairs FROM build_file_lines').get() as { n: number; pairs: number };
    expect(rows.n).toBeGreaterThan(rows.pairs);
    expect(db.prepare('SELECT count(*) FROM file_line_pairs').pluck().get()).toBe(rows.pairs);
    expect(db.prepare('SELECT count(*) FROM build_line_pairs').pluck().get()).toBe(db.prepare('SELECT count(*) FROM builds').pluck().get());
    db.close();
  });

  it('keeps no column sizes for the symbol and macro searches', async () => {
    const { root } = await indexedFixture(['index', 'shared-units']);
    const db = new Database(indexPath(root), { readonly: true });
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name LIKE '%_fts_docsize' ORDER BY name").pluck().all()).toEqual([]);
    db.close();
  });

  it('finds unit results by key and hash and lists by hash through indexes of their first 3 bytes', () => {
    // A schema without rows or statistics (on a fixture's few rows the planner scans instead).
    const db = new Database(':memory:');
    db.exec(SCHEMA_SQL);
    const plan = (sql: string): string => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(Buffer.alloc(20), Buffer.alloc(20)) as { detail: string }[]).map((r) => r.detail).join('; ');
    expect(plan(`SELECT id FROM unit_results WHERE ${byHashPrefix('key')}`)).toContain('USING INDEX unit_results_key');
    expect(plan(`SELECT id FROM unit_results WHERE ${byHashPrefix('hash')}`)).toContain('USING INDEX unit_results_hash');
    expect(plan(`SELECT id FROM value_lists WHERE ${byHashPrefix('hash')}`)).toContain('USING INDEX value_lists_hash');
    db.close();
  });
});
