// Indexes of the row tables built after the first write into an empty index: the schema reads the same
// afterwards (every index, with its text), each index holds every row (SQLite's integrity check), and a
// write into tables that already hold rows keeps their indexes (nothing dropped).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dropIndexesOfEmptyTables } from '../../src/index/bulk-indexes.js';
import { openIndexForWrite, type Db } from '../../src/index/open-index.js';
import { tempDir } from '../helpers/fixture-project.js';

const indexes = (db: Db) => db.prepare("SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'index' ORDER BY name").all();

function fillSymbols(db: Db, n: number): void {
  db.prepare("INSERT INTO files(path, content_hash, size, mtime_ms) VALUES ('a.c', 'h', 1, 1)").run();
  db.prepare("INSERT INTO parsed_files(file_id, mask_hash, language) VALUES (1, 'm', 'c')").run();
  const ins = db.prepare(
    `INSERT INTO symbols(chunk_id, stable_id, name, qualified_name, kind, line, end_line, col, is_definition, signature, docstring,
       is_template, is_virtual, is_pure_virtual, name_tokens, alias) VALUES (1, ?, ?, ?, 'function', ?, ?, 1, 1, '', '', 0, 0, 0, '', ?)`,
  );
  for (let i = 0; i < n; i++) ins.run(`s${i}`, `name_${(i * 7) % n}`, `q_${i}`, i, i, i % 5 ? null : `alias_${i}`);
}

describe('indexes built after the first write', () => {
  it('are the schema indexes again and hold every row', () => {
    const { db } = openIndexForWrite(path.join(tempDir('bulk-indexes-'), 'index.db'));
    const before = indexes(db);
    db.transaction(() => {
      const deferred = dropIndexesOfEmptyTables(db)!;
      expect(deferred.length).toBeGreaterThan(5);
      expect(indexes(db).length).toBe(before.length - deferred.length);
      fillSymbols(db, 300);
      for (const sql of deferred) db.exec(sql);
    })();
    expect(indexes(db)).toEqual(before);
    expect(db.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    expect(db.prepare("SELECT count(*) AS n FROM symbols INDEXED BY symbols_name WHERE name = 'name_7' COLLATE NOCASE").get()).toEqual({ n: 1 });
    db.close();
  });

  it('are not dropped when a table holds rows', () => {
    const { db } = openIndexForWrite(path.join(tempDir('bulk-indexes-'), 'index.db'));
    fillSymbols(db, 3);
    const before = indexes(db);
    expect(dropIndexesOfEmptyTables(db)).toBeNull();
    expect(indexes(db)).toEqual(before);
    db.close();
  });
});
