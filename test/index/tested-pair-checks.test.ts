// A stored `tested` list checked pair by pair (storedTestedHolds): every pair asked in the list's order while they hold,
// none past the first that does not, with the same answer whether the list was loaded whole before or not.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeIndexForWrite, openIndexForWrite } from '../../src/index/open-index.js';
import { storedTested, storedTestedHolds } from '../../src/index/tested-lists.js';
import { listText, storeList } from '../../src/index/value-lists.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('storedTestedHolds', () => {
  it('asks each pair in order up to the first that fails, loaded whole or not', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tested-pairs-'));
    dirs.push(dir);
    const { db } = openIndexForWrite(path.join(dir, 'index.db'));
    const pairs: [string, string | null][] = [['A', '\u00011'], ['B', null], ['C', '(x)\u0001x']];
    const id = storeList(db, listText(JSON.stringify(pairs)));
    const other = storeList(db, listText(JSON.stringify([pairs[0], ['D', null]])));
    for (let pass = 0; pass < 2; pass++) {
      const asked: string[] = [];
      expect(storedTestedHolds(db, id, (name, key) => (asked.push(`${name}=${key}`), true))).toBe(true);
      expect(asked).toEqual(['A=\u00011', 'B=null', 'C=(x)\u0001x']);
      asked.length = 0;
      expect(storedTestedHolds(db, id, (name) => (asked.push(name), name !== 'B'))).toBe(false);
      expect(asked).toEqual(['A', 'B']);
      expect(storedTestedHolds(db, other, (name) => name !== 'C')).toBe(true);
      // The second pass reads the lists as loaded whole.
      storedTested(db, id);
      storedTested(db, other);
    }
    closeIndexForWrite(db);
  });
});
