// A stored result's `tested` list is read as its items' pairs, each pair parsed once per connection and shared by every
// list naming its item, the list cached by id: a 3D-printer firmware's 963 units consult 282 lists of ~4 400 macros
// each (mostly the same ones), named again by every env built alike. Lists read so are the lists stored, in order,
// long (deflated) items included, and the cache holds at most maxCachedPairs pairs.
import { describe, expect, it } from 'vitest';
import { storeList } from '../../src/index/value-lists.js';
import { cachedPairLists, maxCachedPairs, storedTestedPairs, testedOf, type Tested } from '../../src/index/tested-lists.js';
import { tempIndexes } from '../helpers/temp-index.js';

const newIndex = tempIndexes('tested-pairs');
const tempIndex = () => newIndex().db;

/** A configuration's list: `n` feature macros, those of `on` enabled, and one long value (a deflated item). */
function configList(n: number, on: (i: number) => boolean): Tested {
  const list: Tested = Array.from({ length: n }, (_, i) => [`FEATURE_${String(i).padStart(4, '0')}`, on(i) ? '\u00011' : null]);
  list.push(['LONG_TABLE', `\u0001${'{ 1, 2, 3, 4 }, '.repeat(40)}`]);
  return list;
}

describe('stored tested lists read as shared pairs', () => {
  it('are the lists stored, in order; lists naming the same items share their pairs', () => {
    const db = tempIndex();
    const a = configList(300, (i) => i % 2 === 0);
    const b = configList(300, (i) => i % 3 === 0);
    const ida = storeList(db, testedOf(a));
    const idb = storeList(db, testedOf(b));
    const readA = storedTestedPairs(db, ida);
    const readB = storedTestedPairs(db, idb);
    expect(readA).toEqual(a);
    expect(readB).toEqual(b);
    // FEATURE_0000 is enabled in both, FEATURE_0001 in neither: one item, one pair.
    expect(readB[0]).toBe(readA[0]);
    expect(readB[1]).toBe(readA[1]);
    expect(readB.at(-1)).toBe(readA.at(-1));
    expect(storedTestedPairs(db, ida)).toBe(readA);
    expect(cachedPairLists(db)).toEqual({ lists: 2, pairs: 602 });
    db.close();
  });

  it('hold at most maxCachedPairs pairs', () => {
    const db = tempIndex();
    const saved = maxCachedPairs.count;
    try {
      maxCachedPairs.count = 1_000;
      for (let k = 0; k < 10; k++) {
        const list = configList(300, (i) => i % (k + 2) === 0);
        expect(storedTestedPairs(db, storeList(db, testedOf(list)))).toEqual(list);
        expect(cachedPairLists(db).pairs).toBeLessThanOrEqual(1_000);
      }
    } finally {
      maxCachedPairs.count = saved;
      db.close();
    }
  });
});
