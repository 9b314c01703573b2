// Changes between sorted lists by a merge-walk: the same as a set's filter gives, on random lists.
import { describe, expect, it } from 'vitest';
import { sortedDifference, withSortedChanges } from '../../src/preprocessor/sorted-lists.js';
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
    }
  });

  it('pass over dropped strings the list does not hold', () => {
    expect(withSortedChanges(['a', 'c', 'e'], ['b', 'c', 'z'], ['d'])).toEqual(['a', 'd', 'e']);
    expect(withSortedChanges([], ['a'], ['b', 'c'])).toEqual(['b', 'c']);
  });
});
