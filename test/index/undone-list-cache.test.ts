// A stored #undef marks list is decoded once per connection while its cache holds it: the units sharing a result, and
// the same unit of every env built alike (a 3D-printer firmware's 963 units name 167 lists, ~120 states each), read the
// decoded marks again instead of parsing and rebuilding them state by state. The cache is bounded by the entries it
// alone holds: states shared by several lists count once, also when a later build decodes them again. At a build's
// first read, the lists neither it nor the build before read go.
import { describe, expect, it } from 'vitest';
import { storeList } from '../../src/index/value-lists.js';
import { cachedUndone, maxCachedUndone, storedUndone, undoneText } from '../../src/index/undone-lists.js';
import type { UndoneMarks } from '../../src/preprocessor/undone-names.js';
import { entriesHash, releaseSharedStates, sharedState } from '../../src/preprocessor/shared-undone-states.js';
import { tempIndexes } from '../helpers/temp-index.js';
import { nextBuildGeneration } from '../../src/model/build-generation.js';

const newIndex = tempIndexes('undone-cache');
const tempIndex = () => newIndex().db;

/** Marks of `n` states, each the one before with one more name #undef'd, the last defined again at a line of file 0. */
function marksOf(n: number, prefix: string): UndoneMarks {
  const states: string[][] = [[]];
  for (let k = 1; k <= n; k++) states.push([...states[k - 1], `${prefix}_${String(k).padStart(4, '0')}`].sort());
  states[n] = [...states[n - 1], `${prefix}_AGAIN\u00000\u000012`].sort();
  const marks: number[] = [];
  for (let k = 0; k <= n; k++) marks.push(0, 2 * k + 1, k);
  return { states, marks };
}

describe('stored #undef marks lists', () => {
  it('are decoded once per connection: every read of the same id answers the same marks', () => {
    const db = tempIndex();
    const a = storeList(db, undoneText(marksOf(40, 'A')));
    const b = storeList(db, undoneText(marksOf(30, 'B')));
    const first = storedUndone(db, a);
    expect(first?.states.at(-1)).toEqual(marksOf(40, 'A').states.at(-1));
    expect(first?.marks).toEqual(marksOf(40, 'A').marks);
    expect(storedUndone(db, b)?.states.length).toBe(31);
    expect(storedUndone(db, a)).toBe(first);
    expect(cachedUndone(db).lists).toBe(2);
    db.close();
  });

  it('hold at most maxCachedUndone entries, states shared by lists counted once', () => {
    const db = tempIndex();
    const saved = maxCachedUndone.entries;
    try {
      maxCachedUndone.entries = 5_000;
      // Lists of 80 states each (~3 300 names): two fit only if their states are shared.
      const same = storeList(db, undoneText(marksOf(80, 'S')));
      storedUndone(db, same);
      const one = cachedUndone(db).weight;
      expect(one).toBeGreaterThan(5_000 / 2);
      const again = { ...marksOf(80, 'S'), marks: [0, 1, 0, 0, 7, 80] };
      storedUndone(db, storeList(db, undoneText(again)));
      expect(cachedUndone(db).lists).toBe(2);
      expect(cachedUndone(db).weight).toBeLessThan(2 * one);
      for (let k = 0; k < 5; k++) storedUndone(db, storeList(db, undoneText(marksOf(80, `L${k}`))));
      expect(cachedUndone(db).weight).toBeLessThanOrEqual(5_000);
    } finally {
      maxCachedUndone.entries = saved;
      db.close();
    }
  });

  it('share the held states with lists a later build decodes: the cache weighs them once, the merge meets one object', () => {
    const db = tempIndex();
    releaseSharedStates();
    // A walk's shared lists: states decoded from their changes are these (their hashes worked out from the changes).
    const walked = marksOf(80, 'T').states.map((s) => sharedState(s, entriesHash(s)));
    const first = storedUndone(db, storeList(db, undoneText(marksOf(80, 'T'))));
    for (let k = 0; k < 81; k++) expect(first?.states[k]).toBe(walked[k]);
    const one = cachedUndone(db).weight;
    // The build's shared states go after its walks; the next build's list names the same states.
    releaseSharedStates();
    const later = storedUndone(db, storeList(db, undoneText({ ...marksOf(80, 'T'), marks: [0, 3, 80] })));
    for (let k = 0; k < 81; k++) expect(later?.states[k]).toBe(first?.states[k]);
    expect(cachedUndone(db).weight - one).toBeLessThan(200);
    db.close();
  });

  it('keep at a build\'s first read the lists the build before read, with their states, and drop the others', () => {
    const db = tempIndex();
    const a = storeList(db, undoneText(marksOf(80, 'A')));
    const b = storeList(db, undoneText(marksOf(60, 'B')));
    const firstA = storedUndone(db, a);
    const alone = cachedUndone(db).weight;
    const firstB = storedUndone(db, b);
    nextBuildGeneration();
    // The next build reads `a` only; `b` goes at the build after's first read.
    expect(storedUndone(db, a)).toBe(firstA);
    expect(cachedUndone(db).lists).toBe(2);
    nextBuildGeneration();
    expect(storedUndone(db, a)).toBe(firstA);
    expect(cachedUndone(db)).toEqual({ lists: 1, weight: alone });
    const againB = storedUndone(db, b);
    expect(againB).not.toBe(firstB);
    expect(againB?.states.at(-1)).toEqual(firstB?.states.at(-1));
    db.close();
  });
});
