// joinedHash hashes a tested list's items a piece at a time (no whole JSON made): the same sha1 as the joined JSON's,
// at and around the piece size, with items holding characters UTF-8 writes in several bytes.
import { describe, expect, it } from 'vitest';
import { joinedHash, joinedJson } from '../../src/index/tested-lists.js';
import { sha1 } from '../../src/model/sha1.js';

const item = (i: number): string => JSON.stringify([`NAME_${i}`, i % 5 === 0 ? null : i % 7 === 0 ? `"é€\u{1F600}${i}"` : String(i)]);

describe('joinedHash', () => {
  it('is the sha1 of the joined JSON for lists of every length around its pieces', () => {
    for (const n of [0, 1, 2, 511, 512, 513, 1023, 1024, 1025, 1536, 2049]) {
      const items = Array.from({ length: n }, (_, i) => item(i));
      expect(joinedHash(items), `${n} items`).toBe(sha1(joinedJson(items)));
    }
  });
});
