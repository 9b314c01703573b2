// A text past LARGE_TEXT_CHARS read to be scanned (a vendor device header), or a build whose walks fill the heap
// past largeHeap.bytes (many units), holds the heap's growth for the rest of the run; smaller ones leave V8's own.
// The run's last build is collected before the content index when its heap is past heapBeforeContent, not below, and
// what only builds read (definitions, masks and invocations kept for later builds) goes before it.
import { afterEach, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { lexedBodyCache } from '../../src/preprocessor/macro-definition.js';
import { collections, heapBeforeContent, heapGrowthIsHeld, heldGrowth, holdHeapGrowthForLargeHeap, holdHeapGrowthForText, largeHeap, LARGE_TEXT_CHARS, releaseHeapGrowth } from '../../src/indexer/release-memory.js';
import { copyFixtureToTemp } from '../helpers/fixture-project.js';

const LARGE_HEAP = largeHeap.bytes;

describe('the heap growth of a run that reads a large header or walks many units', () => {
  afterEach(() => {
    largeHeap.bytes = LARGE_HEAP;
    releaseHeapGrowth();
  });

  it('is held from the read of a text past the size and released at the end of the run', () => {
    releaseHeapGrowth();
    holdHeapGrowthForText('#define A 1\n'.repeat(1000));
    expect(heapGrowthIsHeld()).toBe(false);
    holdHeapGrowthForText('x'.repeat(LARGE_TEXT_CHARS + 1));
    expect(heapGrowthIsHeld()).toBe(true);
    expect(heldGrowth.percent).toBeGreaterThan(0);
    releaseHeapGrowth();
    expect(heapGrowthIsHeld()).toBe(false);
    expect(heldGrowth.percent).toBe(0);
  });

  it('is held closer past the bound of many units than after a large header', () => {
    releaseHeapGrowth();
    holdHeapGrowthForText('x'.repeat(LARGE_TEXT_CHARS + 1));
    const afterHeader = heldGrowth.percent;
    releaseHeapGrowth();
    largeHeap.bytes = 1;
    expect(holdHeapGrowthForLargeHeap()).toBe(true);
    expect(heldGrowth.percent).toBeGreaterThan(0);
    expect(heldGrowth.percent).toBeLessThan(afterHeader);
    // At most 5 %: V8's least step of 8 MB sets the limit of the walks' 90-160 MB live heaps.
    expect(heldGrowth.percent).toBeLessThanOrEqual(5);
  });

  it('is held once the heap in use passes its bound, not before', () => {
    releaseHeapGrowth();
    largeHeap.bytes = Number.MAX_SAFE_INTEGER;
    expect(holdHeapGrowthForLargeHeap()).toBe(false);
    expect(heapGrowthIsHeld()).toBe(false);
    largeHeap.bytes = 1;
    expect(holdHeapGrowthForLargeHeap()).toBe(true);
    expect(heapGrowthIsHeld()).toBe(true);
    // Once held, not again (no second collection).
    expect(holdHeapGrowthForLargeHeap()).toBe(false);
  });

  it("a build's walks hold it past the bound; the run's end releases it", async () => {
    largeHeap.bytes = 1;
    const root = copyFixtureToTemp('index', 'drivers-hal-cmake');
    let heldWhileIndexing = false;
    await indexProject({ root, workers: 0, onProgress: (m) => (heldWhileIndexing ||= m.includes('parsing') && heapGrowthIsHeld()) });
    expect(heldWhileIndexing).toBe(true);
    expect(heapGrowthIsHeld()).toBe(false);
  });
});

describe("the run's last build", () => {
  const BEFORE_CONTENT = heapBeforeContent.bytes;
  afterEach(() => {
    heapBeforeContent.bytes = BEFORE_CONTENT;
  });

  /** Collections made from the start of the build's parse to the start of the content index. */
  async function collectionsBeforeContent(root: string): Promise<number> {
    let atParse = -1;
    let atContent = -1;
    await indexProject({
      root,
      workers: 0,
      onProgress: (m) => {
        if (m.includes('parsing')) atParse = collections.count;
        if (m.startsWith('content index')) atContent = collections.count;
      },
    });
    expect(atParse).toBeGreaterThanOrEqual(0);
    return atContent - atParse;
  }

  it('is collected before the content index when the heap in use is past the bound, and not below it', async () => {
    heapBeforeContent.bytes = Number.MAX_SAFE_INTEGER;
    expect(await collectionsBeforeContent(copyFixtureToTemp('index', 'drivers-hal-cmake'))).toBe(0);
    heapBeforeContent.bytes = 1;
    expect(await collectionsBeforeContent(copyFixtureToTemp('index', 'drivers-hal-cmake'))).toBe(1);
  });

  it('lets go of what only builds read before the content index, its counts kept', async () => {
    let atParse = -1;
    let atContent = -1;
    const result = await indexProject({
      root: copyFixtureToTemp('index', 'drivers-hal-cmake'),
      workers: 0,
      onProgress: (m) => {
        if (m.includes('parsing')) atParse = lexedBodyCache().bodies;
        if (m.startsWith('content index')) atContent = lexedBodyCache().bodies;
      },
    });
    expect(atParse).toBeGreaterThan(0);
    expect(atContent).toBe(0);
    expect(result.macroGroupFiles.written).toBeGreaterThan(0);
  });
});
