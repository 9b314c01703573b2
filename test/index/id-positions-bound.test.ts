// A base list's positions (list-edits.ts) are mapped once while the lists stored after it edit it, and let go once
// other bases' ids past a bound were mapped: they took ~10 times the bytes of the cached ids they lived beside.
import { describe, expect, it } from 'vitest';
import { positions } from '../../src/index/list-edits.js';

const list = (from: number) => Int32Array.from({ length: 1500 }, (_, i) => from + i);

describe('base list positions', () => {
  it('are mapped once per base while held, and mapped again once many other bases were', () => {
    const base = list(0);
    const at = positions(base);
    expect(positions(base)).toBe(at);
    for (let k = 1; k <= 200; k++) positions(list(k * 10_000));
    const again = positions(base);
    expect(again).not.toBe(at);
    expect(positions(base)).toBe(again);
    expect([...again.next]).toEqual([...at.next]);
  });
});
