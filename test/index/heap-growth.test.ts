// A text past LARGE_TEXT_CHARS read to be scanned (a vendor device header) holds the heap's growth for the rest of
// the run (smaller old-generation steps, a young generation that keeps its size); a smaller one leaves V8's own.
import { afterEach, describe, expect, it } from 'vitest';
import { heapGrowthIsHeld, holdHeapGrowthForText, LARGE_TEXT_CHARS, releaseHeapGrowth } from '../../src/indexer/release-memory.js';

describe('the heap growth of a run that reads a large header', () => {
  afterEach(() => releaseHeapGrowth());

  it('is held from the read of a text past the size and released at the end of the run', () => {
    releaseHeapGrowth();
    holdHeapGrowthForText('#define A 1\n'.repeat(1000));
    expect(heapGrowthIsHeld()).toBe(false);
    holdHeapGrowthForText('x'.repeat(LARGE_TEXT_CHARS + 1));
    expect(heapGrowthIsHeld()).toBe(true);
    releaseHeapGrowth();
    expect(heapGrowthIsHeld()).toBe(false);
  });
});
