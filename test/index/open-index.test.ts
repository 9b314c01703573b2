// Opening the index for writing: a new file is made in WAL mode (its switch journaled in memory, its schema
// written unsynced) and left with the same settings as an existing one; the ids of rows an INSERT adds are
// answered without RETURNING (insertedId).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { closeIndexForWrite, openIndexForWrite } from '../../src/index/open-index.js';
import { insertedId } from '../../src/index/statement-cache.js';
import { SCHEMA_VERSION } from '../../src/index/schema.js';
import { tempDir } from '../helpers/fixture-project.js';

const settings = (db: Database.Database) => ({
  journal: db.pragma('journal_mode', { simple: true }),
  synchronous: db.pragma('synchronous', { simple: true }),
  foreignKeys: db.pragma('foreign_keys', { simple: true }),
});

describe('openIndexForWrite', () => {
  it('makes a new file in WAL mode with the settings of an existing one, and no journal file', () => {
    const file = path.join(tempDir('open-index-'), 'index.db');
    const first = openIndexForWrite(file);
    expect(first.rebuilt).toBe(false);
    expect(settings(first.db)).toEqual({ journal: 'wal', synchronous: 1, foreignKeys: 1 });
    expect(fs.existsSync(`${file}-journal`)).toBe(false);
    first.db.prepare("INSERT INTO meta(key, value) VALUES ('probe', 'x')").run();
    closeIndexForWrite(first.db);
    const again = openIndexForWrite(file);
    expect(settings(again.db)).toEqual({ journal: 'wal', synchronous: 1, foreignKeys: 1 });
    expect(again.db.prepare("SELECT value FROM meta WHERE key = 'probe'").pluck().get()).toBe('x');
    closeIndexForWrite(again.db);
  });

  it('takes an empty file as a new one', () => {
    const file = path.join(tempDir('open-index-'), 'index.db');
    fs.writeFileSync(file, '');
    const { db } = openIndexForWrite(file);
    expect(settings(db)).toEqual({ journal: 'wal', synchronous: 1, foreignKeys: 1 });
    expect(Number(db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get())).toBe(SCHEMA_VERSION);
    closeIndexForWrite(db);
  });

  it('rebuilds an index of an older schema as a new file', () => {
    const file = path.join(tempDir('open-index-'), 'index.db');
    const old = new Database(file);
    old.exec("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO meta VALUES ('schema_version', '1'), ('row_format_version', '1')");
    old.close();
    const { db, rebuilt } = openIndexForWrite(file);
    expect(rebuilt).toBe(true);
    expect(settings(db)).toEqual({ journal: 'wal', synchronous: 1, foreignKeys: 1 });
    closeIndexForWrite(db);
  });
});

describe('insertedId', () => {
  it('answers the id of the row added, and undefined when a conflict added none', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE g (id INTEGER PRIMARY KEY, hash TEXT NOT NULL UNIQUE)');
    const ins = db.prepare('INSERT INTO g(hash) VALUES (?) ON CONFLICT(hash) DO NOTHING');
    expect(insertedId(ins, 'a')).toBe(1);
    expect(insertedId(ins, 'b')).toBe(2);
    expect(insertedId(ins, 'a')).toBeUndefined();
    db.exec('DELETE FROM g WHERE id = 2');
    expect(insertedId(ins, 'c')).toBe(2);
    db.close();
  });
});
