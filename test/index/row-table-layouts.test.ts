// How the row tables are laid out to answer their queries in few bytes: the query plans of the lookups the readers
// make (the index holds no statistics, so a plan follows the schema alone). Leaves the answers to the tool tests.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { nameIn, sameName } from '../../src/index/name-match.js';
import { refKindLiteral } from '../../src/index/ref-kind-codes.js';
import { SCHEMA_SQL } from '../../src/index/schema.js';

function schemaDb(): Database.Database {
  const db = new Database(':memory:');
  db.exec(SCHEMA_SQL);
  return db;
}

const plan = (db: Database.Database, sql: string): string =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join('\n');

describe('variable_ref_rows', () => {
  it('is its own chunk index: no rowid, a chunk\'s lines read through the primary key', () => {
    const db = schemaDb();
    expect(() => db.prepare('SELECT rowid FROM variable_ref_rows').all()).toThrow(/rowid/);
    expect(plan(db, 'SELECT name, access, via, col FROM variable_refs WHERE chunk_id = 1 AND line BETWEEN 3 AND 9')).toMatch(/USING PRIMARY KEY \(chunk_id=\? AND line>\? AND line<\?\)/);
    expect(plan(db, 'DELETE FROM variable_ref_rows WHERE chunk_id IN (1, 2)')).toMatch(/USING PRIMARY KEY \(chunk_id=\?\)/);
  });

  it('answers a name\'s uses from its chunks (variable_ref_names) and their rows, with no index repeating the rows', () => {
    const db = schemaDb();
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'variable_ref_rows' AND sql IS NOT NULL").pluck().all()).toEqual([]);
    const p = plan(db, "SELECT chunk_id, line, col, access, via FROM variable_refs x WHERE x.chunk_id IN (SELECT vn.chunk_id FROM variable_ref_names vn WHERE vn.name_id = (SELECT id FROM names WHERE name = 'x')) AND name = 'x'");
    expect(p).toMatch(/USING COVERING INDEX sqlite_autoindex_names_1 \(name=\?\)/);
    expect(p).toMatch(/SEARCH vn USING PRIMARY KEY \(name_id=\?\)/);
    expect(p).toMatch(/SEARCH x USING PRIMARY KEY \(chunk_id=\?\)/);
  });
});

describe('ref_rows', () => {
  it('counts a callee\'s and a caller\'s rows through the name\'s row and the name and caller indexes', () => {
    const db = schemaDb();
    const byName = plan(db, `SELECT chunk_id, count(*) FROM refs WHERE name IN ('f', 'g') AND kind_code IN (${refKindLiteral('call')}, ${refKindLiteral('macro_call')}) GROUP BY chunk_id`);
    expect(byName).toMatch(/USING COVERING INDEX ref_rows_name_kind \(name_id=\? AND kind=\?\)/);
    const byCaller = plan(db, `SELECT chunk_id, count(*) FROM refs WHERE caller_id IN (SELECT id FROM names WHERE name IN ('f')) AND kind_code = ${refKindLiteral('call')} GROUP BY chunk_id`);
    expect(byCaller).toMatch(/SEARCH x USING INDEX ref_rows_caller_kind \(caller_id=\? AND kind=\?\)/);
    expect(byCaller).toMatch(/USING COVERING INDEX sqlite_autoindex_names_1 \(name=\?\)/);
  });
});

describe('symbols', () => {
  it('keeps one (NOCASE) index of name and of qualified_name', () => {
    const db = schemaDb();
    const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'symbols' AND sql LIKE '%name%'").pluck().all();
    expect(names.sort()).toEqual(['symbols_name', 'symbols_qname']);
  });

  it('matches a name exactly through the NOCASE indexes', () => {
    const db = schemaDb();
    const insert = db.prepare(`INSERT INTO symbols(chunk_id, stable_id, name, qualified_name, kind, line, end_line, col, is_definition, signature, docstring,
      is_template, is_virtual, is_pure_virtual, name_tokens) VALUES (1, ?, ?, ?, 'function', 1, 1, 1, 1, '', '', 0, 0, 0, '')`);
    for (const n of ['init', 'Init', 'INIT', 'other']) insert.run(n, n, `ns::${n}`);
    expect(db.prepare(`SELECT name FROM symbols WHERE ${sameName('name', '@n')}`).pluck().all({ n: 'Init' })).toEqual(['Init']);
    expect(db.prepare(`SELECT qualified_name FROM symbols WHERE ${nameIn('qualified_name', '?, ?')} ORDER BY 1`).pluck().all('ns::init', 'ns::other', 'ns::init', 'ns::other')).toEqual(['ns::init', 'ns::other']);
    expect(plan(db, `SELECT kind FROM symbols WHERE ${sameName('name', "'x'")}`)).toMatch(/USING INDEX symbols_name \(name=\?\)/);
    expect(plan(db, `SELECT kind FROM symbols WHERE ${nameIn('qualified_name', "SELECT name FROM refs WHERE caller = 'f'")}`)).toMatch(/USING INDEX symbols_qname \(qualified_name=\?\)/);
  });
});
