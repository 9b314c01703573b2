// A cache bounded by the weight of what it holds: it never holds more than its bound, is cleared whole when an entry
// would pass it or its count, does not hold an entry heavier than the bound, and counts replaced and deleted entries out.
// Made byBuild, it drops at a build's first use what the last build that used it did not read, and an entry the build
// before held is kept under a key of its own when read again (not the caller's, which may be cut from a larger text).
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { WeighedCache } from '../../src/model/weighed-cache.js';
import { nextBuildGeneration } from '../../src/model/build-generation.js';

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

  it('byBuild: keeps what the last build using it read, and drops the rest at the next build\'s first use', () => {
    const c = new WeighedCache<number, string>(1000, (s) => s.length, Infinity, true);
    c.set(1, 'a');
    c.set(2, 'bb');
    c.set(3, 'ccc');
    nextBuildGeneration();
    // Build 2 reads 1 and adds 4; 2 and 3 (last read in build 1) are held until build 3's first use.
    expect(c.get(1)).toBe('a');
    c.set(4, 'dddd');
    expect([c.size, c.weight]).toEqual([4, 10]);
    nextBuildGeneration();
    expect(c.get(2)).toBeUndefined();
    expect([c.get(1), c.get(4), c.get(3), c.size, c.weight]).toEqual(['a', 'dddd', undefined, 2, 5]);
    // Build 4 does not use the cache: build 5 keeps what build 3 read.
    c.set(5, 'eeeee');
    nextBuildGeneration();
    nextBuildGeneration();
    expect([c.get(1), c.get(5), c.size, c.weight]).toEqual(['a', 'eeeee', 3, 10]);
    expect(c.get(4)).toBe('dddd');
  });

  it('byBuild: replacing or deleting an entry of the build before counts its weight out once', () => {
    const c = new WeighedCache<number, string>(10, (s) => s.length, Infinity, true);
    c.set(1, 'aaaa');
    c.set(2, 'bbbb');
    nextBuildGeneration();
    c.set(1, 'aa');
    c.delete(2);
    c.set(3, 'ccc');
    expect([c.size, c.weight]).toEqual([2, 5]);
    // The next build reads 3 only: the build after drops 1, and its weight.
    nextBuildGeneration();
    expect(c.get(3)).toBe('ccc');
    nextBuildGeneration();
    expect([c.get(3), c.get(1), c.size, c.weight]).toEqual(['ccc', undefined, 1, 3]);
  });

  it("byBuild: an entry of the build before read again does not keep the text the reader's key was cut from", () => {
    const c = new WeighedCache<string, number>(1000, (_, k) => k.length, Infinity, true);
    c.set('an_item_longer_than_thirteen', 1);
    nextBuildGeneration();
    const read = (): { found: number | undefined; before: number } => {
      let text: string | null = `${'x'.repeat(32 << 20)}an_item_longer_than_thirteen${Math.random()}`;
      // Read once, so that the text is one flat string before the heap is measured.
      text.charCodeAt(0);
      const before = heapAfterCollection();
      // The key read is a slice of the 32 MB text: the entry moved into this build's entries must not be held by it.
      const found = c.get(text.slice(32 << 20, (32 << 20) + 28));
      text = null;
      return { found, before };
    };
    const { found, before } = read();
    expect(found).toBe(1);
    expect(heapAfterCollection() - before).toBeLessThan(-16 << 20);
    expect(c.get('an_item_longer_than_thirteen')).toBe(1);
  });
});

/** Heap in use after a full collection. */
function heapAfterCollection(): number {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
  return v8.getHeapStatistics().used_heap_size;
}
