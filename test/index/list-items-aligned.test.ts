// A list's items are cut from its JSON without parsing it, each exactly as JSON.stringify wrote it; a list stored as
// the edits of the list before it takes the ids of the items the two share from that list, without a lookup each.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sha1 } from '../../src/model/sha1.js';
import { WeighedCache } from '../../src/model/weighed-cache.js';
import { closeIndexForWrite, openIndexForWrite, type Db } from '../../src/index/open-index.js';
import { itemsOf, listStorer, storedListJson } from '../../src/index/value-lists.js';

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tempIndex(): Db {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'list-items-aligned-'));
  dirs.push(dir);
  const file = path.join(dir, 'index.db');
  closeIndexForWrite(openIndexForWrite(file).db);
  return openIndexForWrite(file).db;
}

const text = (list: unknown[]) => {
  const json = JSON.stringify(list);
  return { json, hash: sha1(json) };
};

describe('list items', () => {
  it('cuts each element as JSON.stringify writes it, whatever its strings hold', () => {
    const list = [['A', '1'], ['B,C', null], 'x"],[y', { k: [1, { m: '\\' }] }, 3.5, [], {}, '', 'é\u0001'];
    expect(itemsOf(JSON.stringify(list))).toEqual(list.map((v) => JSON.stringify(v)));
    expect(itemsOf('[]')).toEqual([]);
    expect(itemsOf('[[]]')).toEqual(['[]']);
  });

  it('refuses text JSON.stringify would not write', () => {
    for (const bad of ['', '[1, 2]', '{"a":1}', '[[1]', '["a]', '1']) expect(() => itemsOf(bad), bad).toThrow(/JSON.stringify of an array/);
  });

  it('takes the shared items of a list stored after its base from the base, and joins both back', () => {
    const db = tempIndex();
    const first = Array.from({ length: 400 }, (_, k) => [`M${k}`, String(k)]);
    const second = first.filter((_, k) => k !== 7).map((p, k) => (k === 100 ? [p[0], 'changed'] : p));
    second.splice(200, 0, ['NEW', '1']);
    const store = listStorer(db);
    let a = 0;
    let b = 0;
    db.transaction(() => {
      a = store(text(first));
      const lookups = vi.spyOn(WeighedCache.prototype, 'get');
      b = store(text(second));
      // The changed item and the new one are looked up; the others come from the base.
      expect(lookups.mock.calls.length).toBeLessThanOrEqual(4);
    })();
    expect(storedListJson(db, a)).toBe(JSON.stringify(first));
    expect(storedListJson(db, b)).toBe(JSON.stringify(second));
    closeIndexForWrite(db);
  });
});
