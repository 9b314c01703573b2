// The sha1 columns of unit_results, value_lists and file_views hold 20 bytes, not 40 hex digits; a result, list and view
// are still found by the hex hash the code holds, and a value of no sha1 shape is stored and read back as its text.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { hashText, storedHash } from '../../src/index/hash-columns.js';
import { closeIndexForWrite, openIndexForWrite } from '../../src/index/open-index.js';
import { buildResultHashes, buildsLinkingResult } from '../../src/index/reindex-rows.js';
import { storedTested } from '../../src/index/tested-lists.js';
import { buildUnitInputs, FileViewCache, findUnitResult } from '../../src/index/unit-result-rows.js';
import { listText, storedListJson, storeList } from '../../src/index/value-lists.js';
import { namedViewHashes } from '../../src/index/view-ids.js';
import { indexPath } from '../../src/project/config.js';
import { indexedFixture } from '../helpers/fixture-project.js';

const COLUMNS = [
  ['unit_results', 'key'],
  ['unit_results', 'hash'],
  ['value_lists', 'hash'],
  ['file_views', 'hash'],
] as const;

describe('hash columns', () => {
  it('store a sha1 as its 20 bytes and find results, lists and views by its hex', async () => {
    const { root } = await indexedFixture(['index', 'shared-units']);
    const read = new Database(indexPath(root), { readonly: true });
    for (const [table, column] of COLUMNS) {
      const shapes = read.prepare(`SELECT DISTINCT typeof(${column}) AS type, length(${column}) AS bytes FROM ${table}`).all();
      expect(shapes, `${table}.${column}`).toEqual([{ type: 'blob', bytes: 20 }]);
    }
    const inputs = [...buildUnitInputs(read, 'build-board-a', 'app').values()];
    expect(inputs.length).toBeGreaterThan(0);
    const hashes = buildResultHashes(read, 'build-board-a', 'app');
    for (const stored of inputs) {
      expect(stored.key).toMatch(/^[0-9a-f]{40}$/);
      const views = new FileViewCache(read);
      // Units of both boards share a key; the macros they consulted tell their results apart.
      const tested = JSON.stringify(storedTested(read, stored.testedId).list);
      const found = findUnitResult(read, stored.key, { tested: (t) => JSON.stringify(t) === tested, files: (files) => JSON.stringify(files) === stored.files }, views);
      expect(found?.id).toBe(stored.id);
      expect(found?.row.key).toBe(stored.key);
      expect(hashes).toContain(found?.hash);
      expect(buildsLinkingResult(read, found!.hash!).map((b) => b.variant)).toContain('build-board-a');
      const named = namedViewHashes(read, read.prepare('SELECT views FROM unit_results WHERE id = ?').pluck().get(stored.id) as Buffer);
      for (const hash of named) expect(views.get(hash)).toBeDefined();
    }
    const lists = read.prepare('SELECT id FROM value_lists').pluck().all() as number[];
    read.close();

    const { db } = openIndexForWrite(indexPath(root));
    const before = db.prepare('SELECT count(*) FROM value_lists').pluck().get();
    for (const id of lists) expect(storeList(db, listText(storedListJson(db, id)))).toBe(id);
    expect(db.prepare('SELECT count(*) FROM value_lists').pluck().get()).toBe(before);
    closeIndexForWrite(db);
  });

  it('keep a value of no sha1 shape as its text', () => {
    const hex = 'a'.repeat(40);
    expect(storedHash(hex)).toEqual(Buffer.alloc(20, 0xaa));
    expect(hashText(storedHash(hex))).toBe(hex);
    for (const other of ['k1', 'A'.repeat(40), `${hex}:scope`]) expect(storedHash(other)).toBe(other);
    expect(hashText('k1')).toBe('k1');
  });
});
