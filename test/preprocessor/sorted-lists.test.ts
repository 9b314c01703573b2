// Changes between sorted lists by a merge-walk: the same as a set's filter gives, on random lists; a list made from
// another and changes, or checked to be it.
import { describe, expect, it } from 'vitest';
import { isWithSortedChanges, sortedDifference, withSortedChanges } from '../../src/preprocessor/sorted-lists.js';
import { seededRandom } from '../helpers/seeded-random.js';

const random = seededRandom(7);
/** A sorted list of distinct names drawn from `pool` names (with the \0 and `"` entries hold). */
const names = Array.from({ length: 60 }, (_, k) => (k % 7 === 0 ? `N${k}\u0000${k % 5}\u0000${k}` : k % 11 === 0 ? `Q"${k}` : `N${k}`));
const pick = (): string[] => names.filter(() => random() < 0.5).sort();

describe('sorted list changes', () => {
  it('are what a set filter finds, and give the list back', () => {
    for (let n = 0; n < 500; n++) {
      const prev = pick();
      const cur = pick();
      const { dropped, added } = sortedDifference(prev, cur);
      expect(dropped).toEqual(prev.filter((x) => !cur.includes(x)));
      expect(added).toEqual(cur.filter((x) => !prev.includes(x)));
      expect(withSortedChanges(prev, dropped, added)).toEqual(cur);
      expect(isWithSortedChanges(cur, prev, dropped, added)).toBe(true);
      // A list one string off, or of another length, is not.
      const other = pick();
      expect(isWithSortedChanges(other, prev, dropped, added)).toBe(other.join() === cur.join());
      if (cur.length) expect(isWithSortedChanges(cur.slice(1), prev, dropped, added)).toBe(false);
    }
  });

  it('take a string dropped and added again once, in its place', () => {
    expect(withSortedChanges(['a', 'c', 'e'], ['c'], ['b', 'c', 'f'])).toEqual(['a', 'b', 'c', 'e', 'f']);
    expect(isWithSortedChanges(['a', 'b', 'c', 'e', 'f'], ['a', 'c', 'e'], ['c'], ['b', 'c', 'f'])).toBe(true);
    expect(isWithSortedChanges(['a', 'b', 'e', 'f'], ['a', 'c', 'e'], ['c'], ['b', 'c', 'f'])).toBe(false);
  });

  it('pass over dropped strings the list does not hold', () => {
    expect(withSortedChanges(['a', 'c', 'e'], ['b', 'c', 'z'], ['d'])).toEqual(['a', 'd', 'e']);
    expect(withSortedChanges([], ['a'], ['b', 'c'])).toEqual(['b', 'c']);
  });
});
