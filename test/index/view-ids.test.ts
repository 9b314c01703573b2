// Unit results name their file views by id: a stored row's data is its body alone and its views column a few bytes a
// file; ids written and read back name the same hashes, also after views were deleted and stored again by this
// connection or another one (a cached id of a deleted view is never written).
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { closeIndexForWrite, openIndexForWrite } from '../../src/index/open-index.js';
import { deleteUnusedViews, namedViewHashes, viewIdsColumn } from '../../src/index/view-ids.js';
import { indexPath } from '../../src/project/config.js';
import { decodeBody } from '../../src/index/result-body.js';
import { indexedFixture, tempDir } from '../helpers/fixture-project.js';
import { hashText, storedHash, type StoredHash } from '../../src/index/hash-columns.js';

const hash = (n: number): string => n.toString(16).padStart(40, '0');
const json = (h: string): string => JSON.stringify({ lines: 1, ranges: [1, 1], defines: [], of: h });

describe('view ids', () => {
  it('leave a stored result its body as data and a few bytes a file as views', async () => {
    const { root } = await indexedFixture(['index', 'shared-units']);
    const db = new Database(indexPath(root), { readonly: true });
    const rows = db.prepare('SELECT data, views FROM unit_results').all() as { data: Buffer; views: Buffer }[];
    expect(rows.length).toBeGreaterThan(0);
    const known = new Set((db.prepare('SELECT hash FROM file_views').pluck().all() as StoredHash[]).map(hashText));
    for (const r of rows) {
      expect(() => decodeBody(r.data, (k) => `file ${k}`)).not.toThrow();
      const hashes = namedViewHashes(db, r.views);
      expect(hashes.length).toBeGreaterThan(0);
      expect(r.views.length).toBeLessThanOrEqual(3 * hashes.length);
      for (const h of hashes) expect(known.has(h)).toBe(true);
    }
    db.close();
  });

  it('read back the hashes written, repeated hashes and new views included', () => {
    const { db } = openIndexForWrite(path.join(tempDir(), 'index.db'));
    const hashes = [hash(1), hash(2), hash(2), hash(1), hash(3)];
    const column = viewIdsColumn(db, hashes, json);
    expect(namedViewHashes(db, column)).toEqual(hashes);
    expect(db.prepare('SELECT count(*) FROM file_views WHERE uses = 0').pluck().get()).toBe(3);
    expect(() => viewIdsColumn(db, [hash(4)], () => undefined)).toThrow(/neither stored nor given/);
    db.close();
  });

  it('never write the id of a view deleted since it was cached, by this connection or another', () => {
    const file = path.join(tempDir(), 'index.db');
    // A first index is written aside and put in place when closed: the other connection below opens the file in place.
    closeIndexForWrite(openIndexForWrite(file).db);
    const { db } = openIndexForWrite(file);
    const ids = (column: Buffer): string[] => namedViewHashes(db, column);
    const first = viewIdsColumn(db, [hash(7)], json);
    const idOf = () => db.prepare('SELECT id FROM file_views WHERE hash = ?').pluck().get(storedHash(hash(7))) as number;
    const before = idOf();
    // This connection deletes the unused view, then names it again: it is stored anew under a new id.
    deleteUnusedViews(db);
    const again = viewIdsColumn(db, [hash(7)], json);
    expect(idOf()).not.toBe(before);
    expect(again.equals(first)).toBe(false);
    expect(ids(again)).toEqual([hash(7)]);
    // Another connection deletes it and stores it again: this connection's cached id no longer holds.
    const other = new Database(file);
    other.prepare('DELETE FROM file_views WHERE hash = ?').run(storedHash(hash(7)));
    other.prepare('INSERT INTO file_views(hash, data, uses) VALUES (?, ?, 1)').run(storedHash(hash(7)), json(hash(7)));
    other.close();
    const third = viewIdsColumn(db, [hash(7)], json);
    expect(third.equals(again)).toBe(false);
    expect(ids(third)).toEqual([hash(7)]);
    db.close();
  });
});
