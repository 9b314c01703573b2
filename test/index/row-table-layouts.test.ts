// How the row tables are laid out to answer their queries in few bytes: the query plans of the lookups the readers
// make (the index holds no statistics, so a plan follows the schema alone). Leaves the answers to the tool tests.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SCHEMA_SQL } from '../../src/index/schema.js';

function schemaDb(): Database.Database {
  const db = new Database(':memory:');
  db.exec(SCHEMA_SQL);
  return db;
}

const plan = (db: Database.Database, sql: string): string =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join('\n');

describe('variable_refs', () => {
  it('is its own chunk index: no rowid, a chunk\'s lines read through the primary key', () => {
    const db = schemaDb();
    expect(() => db.prepare('SELECT rowid FROM variable_refs').all()).toThrow(/rowid/);
    expect(plan(db, 'SELECT name, access, via, col FROM variable_refs WHERE chunk_id = 1 AND line BETWEEN 3 AND 9')).toMatch(/USING PRIMARY KEY \(chunk_id=\? AND line>\? AND line<\?\)/);
    expect(plan(db, 'DELETE FROM variable_refs WHERE chunk_id IN (1, 2)')).toMatch(/USING PRIMARY KEY \(chunk_id=\?\)/);
  });

  it('answers a name\'s uses from variable_refs_name alone', () => {
    const db = schemaDb();
    expect(plan(db, "SELECT chunk_id, line, col, access, via FROM variable_refs WHERE name = 'x'")).toMatch(/USING COVERING INDEX variable_refs_name \(name=\?\)/);
  });
});
