// The caches of `tested` lists hold a bounded number of macros, whatever the number of builds and lists: a
// PlatformIO env's units consult lists of ~1 500 macros each, and boards share almost none.
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/index/open-index.js';
import { cachedTested, maxCachedItems, testedFromJson, type Tested } from '../../src/index/tested-lists.js';

/** A list of `n` macros of board `b`, as a walk of one of its units consults them. */
function boardList(b: number, n: number): Tested {
  return Array.from({ length: n }, (_, i) => [`BOARD_${b}_MACRO_${i}`, i % 3 ? `${i}` : null]);
}

describe('tested list caches', () => {
  it('hold at most maxCachedItems macros over many lists, and answer each JSON with its list', () => {
    const db = {} as Db;
    const perList = 1500;
    for (let b = 0; b < 300; b++) {
      const json = JSON.stringify(boardList(b, perList));
      const entry = testedFromJson(json);
      expect(entry.list).toEqual(boardList(b, perList));
      // The list the last ask made is the one answered again.
      expect(testedFromJson(json)).toBe(entry);
      expect(cachedTested(db).items).toBeLessThanOrEqual(maxCachedItems.count);
    }
    expect(cachedTested(db).lists).toBeLessThanOrEqual(Math.floor(maxCachedItems.count / perList));
  });
});
