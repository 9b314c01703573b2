// Opening the index for writing: a first index is written into a temporary file (journal in memory, no syncs)
// and renamed into place in WAL mode, with the settings of an existing one, which is written in place through
// its WAL; the ids of rows an INSERT adds are answered without RETURNING (insertedId).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { firstIndexTempPath, packFrom } from '../../src/index/first-index-file.js';
import { closeIndexForWrite, openIndexForWrite } from '../../src/index/open-index.js';
import { insertedId } from '../../src/index/statement-cache.js';
import { SCHEMA_VERSION } from '../../src/index/schema.js';
import { tempDir } from '../helpers/fixture-project.js';

const settings = (db: Database.Database) => ({
  journal: db.pragma('journal_mode', { simple: true }),
  synchronous: db.pragma('synchronous', { simple: true }),
  foreignKeys: db.pragma('foreign_keys', { simple: true }),
});

/** The files beside an index (its WAL, shared memory, journal, temporary files). */
const besides = (file: string) => fs.readdirSync(path.dirname(file)).filter((n) => n !== path.basename(file)).sort();

describe('openIndexForWrite', () => {
  it('writes a first index into a temporary file without journal file or syncs, and renames it into place in WAL mode', () => {
    const file = path.join(tempDir('open-index-'), 'index.db');
    const first = openIndexForWrite(file);
    expect(first.rebuilt).toBe(false);
    expect(fs.existsSync(file)).toBe(false);
    expect(besides(file)).toEqual([path.basename(firstIndexTempPath(file))]);
    expect(settings(first.db)).toEqual({ journal: 'memory', synchronous: 0, foreignKeys: 1 });
    first.db.prepare("INSERT INTO meta(key, value) VALUES ('probe', 'x')").run();
    closeIndexForWrite(first.db);
    expect(besides(file)).toEqual([]);
    const again = openIndexForWrite(file);
    expect(settings(again.db)).toEqual({ journal: 'wal', synchronous: 1, foreignKeys: 1 });
    expect(again.db.prepare("SELECT value FROM meta WHERE key = 'probe'").pluck().get()).toBe('x');
    // An existing index is written in place, through its WAL.
    expect(besides(file)).toEqual(['index.db-shm', 'index.db-wal']);
    closeIndexForWrite(again.db);
  });

  /** A first index of scattered rows, half of them deleted: closed and put in place; its pages as written, and a reader of it. */
  const scatteredFirstIndex = (): { file: string; written: number; reader: Database.Database } => {
    const file = path.join(tempDir('open-index-'), 'index.db');
    const first = openIndexForWrite(file);
    // Keys in no order fill the key index's pages by half; deleting half of the rows frees more.
    const put = first.db.prepare('INSERT INTO meta(key, value) VALUES (?, ?)');
    const keys = Array.from({ length: 4000 }, (_, i) => `k${(i * 7919) % 4000}`.padEnd(40, '.'));
    for (const key of keys) put.run(key, 'v'.repeat(60));
    first.db.prepare("DELETE FROM meta WHERE key LIKE 'k%' AND CAST(substr(key, 2, 4) AS INTEGER) % 2 = 0").run();
    const written = first.db.pragma('page_count', { simple: true }) as number;
    closeIndexForWrite(first.db);
    expect(besides(file)).toEqual([]);
    const reader = new Database(file, { readonly: true });
    expect(reader.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(reader.prepare("SELECT count(*) FROM meta WHERE key LIKE 'k%'").pluck().get()).toBe(2000);
    expect(reader.pragma('integrity_check', { simple: true })).toBe('ok');
    return { file, written, reader };
  };

  it('puts a large first index in place compact: its pages full, none free, every row kept', () => {
    const from = packFrom.bytes;
    packFrom.bytes = 0;
    try {
      const { written, reader } = scatteredFirstIndex();
      expect(reader.pragma('freelist_count', { simple: true })).toBe(0);
      expect(reader.pragma('page_count', { simple: true }) as number).toBeLessThan(written * 0.7);
      reader.close();
    } finally {
      packFrom.bytes = from;
    }
  });

  it('puts a small first index in place as written (no compact copy: it would cost more than it saves), every row kept', () => {
    const { written, reader } = scatteredFirstIndex();
    expect(written * 4096).toBeLessThan(packFrom.bytes);
    expect(reader.pragma('page_count', { simple: true })).toBe(written);
    reader.close();
  });

  it('takes an empty file as a new one', () => {
    const file = path.join(tempDir('open-index-'), 'index.db');
    fs.writeFileSync(file, '');
    const { db } = openIndexForWrite(file);
    expect(Number(db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get())).toBe(SCHEMA_VERSION);
    closeIndexForWrite(db);
    const again = openIndexForWrite(file);
    expect(settings(again.db)).toEqual({ journal: 'wal', synchronous: 1, foreignKeys: 1 });
    closeIndexForWrite(again.db);
  });

  it('removes what a killed first index and a deleted index left beside a missing one', () => {
    const file = path.join(tempDir('open-index-'), 'index.db');
    for (const name of ['index.db.new-999999', 'index.db.new-999999-wal', 'index.db-wal', 'index.db-shm']) fs.writeFileSync(path.join(path.dirname(file), name), 'stale');
    const { db } = openIndexForWrite(file);
    expect(besides(file)).toEqual([path.basename(firstIndexTempPath(file))]);
    closeIndexForWrite(db);
    expect(besides(file)).toEqual([]);
    const reader = new Database(file, { readonly: true });
    expect(reader.pragma('integrity_check', { simple: true })).toBe('ok');
    reader.close();
  });

  it('rebuilds an index of an older schema as a new file', () => {
    const file = path.join(tempDir('open-index-'), 'index.db');
    const old = new Database(file);
    old.exec("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO meta VALUES ('schema_version', '1'), ('row_format_version', '1')");
    old.close();
    const { db, rebuilt } = openIndexForWrite(file);
    expect(rebuilt).toBe(true);
    expect(fs.existsSync(file)).toBe(false);
    closeIndexForWrite(db);
    const again = openIndexForWrite(file);
    expect(settings(again.db)).toEqual({ journal: 'wal', synchronous: 1, foreignKeys: 1 });
    expect(Number(again.db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get())).toBe(SCHEMA_VERSION);
    closeIndexForWrite(again.db);
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
