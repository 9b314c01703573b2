// A read-only open goes to the addon through the driver's own connection: it must answer as the package's
// Database does (statements, pragmas, errors, the rarer methods it hands to the package's code).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/index/sqlite-driver.js';
import { requirePackage } from '../../src/model/require-package.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fw-context-driver-'));
const file = path.join(dir, 'x.db');
const writer = openDatabase(file);
writer.exec('CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t(name) VALUES (\'a\'), (\'b\'), (\'c\');');
writer.close();

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('read-only connection', () => {
  it('reads as the package does', () => {
    const db = openDatabase(file, { readonly: true, fileMustExist: true });
    const Database = requirePackage('better-sqlite3');
    const ref = new Database(file, { readonly: true, fileMustExist: true });
    try {
      for (const d of [db, ref]) d.pragma('busy_timeout = 5000');
      const rows = (d: typeof db) => ({
        all: d.prepare('SELECT * FROM t ORDER BY id').all(),
        get: d.prepare('SELECT name FROM t WHERE id = ?').get(2),
        pluck: d.prepare('SELECT count(*) FROM t').pluck().get(),
        iterate: [...d.prepare('SELECT id FROM t WHERE id > @min').iterate({ min: 1 })],
        pragma: d.pragma('busy_timeout'),
        simple: d.pragma('busy_timeout', { simple: true }),
        flags: [d.name, d.open, d.readonly, d.memory, d.inTransaction],
      });
      expect(rows(db)).toEqual(rows(ref));
      const stmt = db.prepare('SELECT 1');
      expect(stmt.database).toBe(db);
      expect(stmt.readonly).toBe(true);
    } finally {
      db.close();
      ref.close();
    }
    expect(db.open).toBe(false);
  });

  it('throws the package error class with its code', () => {
    const db = openDatabase(file, { readonly: true, fileMustExist: true });
    try {
      let caught: unknown;
      try {
        db.prepare('INSERT INTO t(name) VALUES (?)').run('d');
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(requirePackage('better-sqlite3').SqliteError);
      expect((caught as { code: string }).code).toBe('SQLITE_READONLY');
      expect(() => db.prepare('SELECT * FROM missing')).toThrow(/no such table/);
    } finally {
      db.close();
    }
    expect(() => openDatabase(path.join(dir, 'none.db'), { readonly: true, fileMustExist: true })).toThrow();
  });

  it('runs the rarer methods through the package', () => {
    const db = openDatabase(file, { readonly: true, fileMustExist: true });
    try {
      db.function('twice', (x: number) => 2 * x);
      expect(db.prepare('SELECT twice(21) AS v').get()).toEqual({ v: 42 });
      const read = db.transaction(() => db.prepare('SELECT count(*) AS n FROM t').get());
      expect(read()).toEqual({ n: 3 });
      expect(db.serialize().length).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  });
});
