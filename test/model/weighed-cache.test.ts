// A cache bounded by the weight of what it holds: it never holds more than its bound, is cleared whole when an entry
// would pass it or its count, does not hold an entry heavier than the bound, and counts replaced and deleted entries out.
import { describe, expect, it } from 'vitest';
import { WeighedCache } from '../../src/model/weighed-cache.js';

describe('weighed cache', () => {
  it('holds entries up to its weight and is cleared when one would pass it', () => {
    const c = new WeighedCache<number, string>(100, (s) => s.length);
    for (let i = 0; i < 4; i++) c.set(i, 'x'.repeat(30));
    // The fourth 30-character entry would make 120: the first three go.
    expect([c.get(0), c.get(2), c.get(3)]).toEqual([undefined, undefined, 'x'.repeat(30)]);
    expect(c.weight).toBe(30);
    c.set(3, 'y'.repeat(10));
    expect(c.weight).toBe(10);
    c.delete(3);
    expect([c.weight, c.get(3)]).toEqual([0, undefined]);
  });

  it('is cleared when a new entry would pass its count, not when an entry is replaced', () => {
    const c = new WeighedCache<number, string>(1000, (s) => s.length, 2);
    c.set(1, 'a');
    c.set(2, 'b');
    c.set(2, 'bb');
    expect([c.size, c.get(1)]).toEqual([2, 'a']);
    c.set(3, 'c');
    expect([c.size, c.get(1), c.get(3), c.weight]).toEqual([1, undefined, 'c', 1]);
  });

  it('does not hold an entry heavier than its bound, and keeps what it holds', () => {
    const c = new WeighedCache<string, string>(50, (v, k) => v.length + k.length);
    c.set('a', 'small');
    c.set('b', 'z'.repeat(60));
    expect([c.get('a'), c.get('b'), c.weight]).toEqual(['small', undefined, 6]);
  });
});
