// mergeRanges: [from, to] pairs already in order (a file walked once) are merged in one pass, others sorted
// first; both must answer what sorting and merging every list answers.
import { describe, expect, it } from 'vitest';
import { mergeRanges } from '../../src/preprocessor/unit-result.js';

/** The merge as it was written before the in-order pass: pairs sorted by start then end, adjacent ones joined. */
function reference(r: number[]): number[] {
  const pairs: [number, number][] = [];
  for (let k = 0; k < r.length; k += 2) pairs.push([r[k], r[k + 1]]);
  pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: number[] = [];
  for (const [a, b] of pairs) {
    const n = out.length;
    if (n && a <= out[n - 1] + 1) out[n - 1] = Math.max(out[n - 1], b);
    else out.push(a, b);
  }
  return out;
}

/** A deterministic pseudo-random list of `n` pairs (lines 1..60), sorted when `ordered`. */
function pairs(seed: number, n: number, ordered: boolean): number[] {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2147483648) % 60;
  const list: [number, number][] = [];
  for (let k = 0; k < n; k++) {
    const a = next() + 1;
    list.push([a, a + (next() % 7)]);
  }
  if (ordered) list.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  return list.flat();
}

describe('mergeRanges', () => {
  it('merges pairs in order in one pass as a sort and merge would', () => {
    expect(mergeRanges([1, 3, 4, 6, 9, 9, 9, 12, 11, 11])).toEqual([1, 6, 9, 12]);
    expect(mergeRanges([2, 5, 2, 8, 10, 10])).toEqual([2, 8, 10, 10]);
    for (let seed = 1; seed <= 200; seed++) {
      const r = pairs(seed, 1 + (seed % 9), true);
      expect(mergeRanges(r)).toEqual(reference(r));
    }
  });

  it('sorts pairs out of order first', () => {
    expect(mergeRanges([9, 12, 1, 3, 4, 6])).toEqual([1, 6, 9, 12]);
    expect(mergeRanges([2, 8, 2, 5])).toEqual([2, 8]);
    for (let seed = 1; seed <= 200; seed++) {
      const r = pairs(seed, 1 + (seed % 9), false);
      expect(mergeRanges(r)).toEqual(reference(r));
    }
  });

  it('answers a copy of a single pair or none', () => {
    const one = [3, 4];
    expect(mergeRanges(one)).toEqual([3, 4]);
    expect(mergeRanges(one)).not.toBe(one);
    expect(mergeRanges([])).toEqual([]);
  });
});
