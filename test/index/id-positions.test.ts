// The positions table of a list's item ids answers what a scan of the list answers: the first position of an id at or
// after a given one, and whether the list holds an id (repeated ids, ids past 32 bits, lists of any length).
import { describe, expect, it } from 'vitest';
import { holdsId, idPositions, positionFrom } from '../../src/index/id-positions.js';

/** A small deterministic generator (tests repeat). */
function generator(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

describe('id positions', () => {
  it('answer as a scan of the list does', () => {
    const next = generator(7);
    const spans = [4, 50, 1_000, 2 ** 40];
    for (let t = 0; t < 200; t++) {
      const span = spans[t % spans.length];
      const ids = Array.from({ length: next(300) }, () => (span > 2 ** 31 ? 2 ** 33 + next(2 ** 30) * 7 : next(span)));
      if (t % 5 === 0) ids.push(0, 2 ** 52, 0);
      const at = idPositions(ids);
      const asked = [...new Set(ids), -1, 3, 2 ** 33, 2 ** 52 + 2];
      for (const id of asked) {
        expect(holdsId(at, id)).toBe(ids.includes(id));
        for (let from = 0; from <= ids.length; from += 1 + next(7)) expect(positionFrom(at, id, from)).toBe(ids.indexOf(id, from));
      }
    }
  });

  it('of an empty list hold nothing', () => {
    const at = idPositions(new Int32Array(0));
    expect(holdsId(at, 0)).toBe(false);
    expect(positionFrom(at, 5, 0)).toBe(-1);
  });
});
