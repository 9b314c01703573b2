// A finished build is collected once the builds since the last collection preprocessed or parsed enough units and
// files (workPerCollection): a unit carried over counts as one walked (its stored row read, moved and written leave
// garbage too), and REUSED_UNITS_PER_WORK stored results a build decoded count as one.
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { collections, heapBeforeContent, releaseMemory, workPerCollection } from '../../src/indexer/release-memory.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { generateZephyrCorpus } from '../bench/synthetic-zephyr.js';
import { tempDir } from '../helpers/fixture-project.js';
import { replaceInFile } from '../helpers/edit-file.js';
import { indexedSmallCorpus } from '../helpers/small-corpus.js';

const WORK = workPerCollection.count;
const BEFORE_CONTENT = heapBeforeContent.bytes;

/** Collections made by an index run of the tree as it stands, with the run's summary. */
async function collectionsOf(root: string): Promise<{ made: number; carried: number; preprocessed: number }> {
  const before = collections.count;
  const r = await indexProject({ root, workers: 0 });
  return { made: collections.count - before, carried: r.carriedUnits, preprocessed: r.preprocessed };
}

describe('collections after builds', () => {
  afterEach(() => {
    workPerCollection.count = WORK;
    heapBeforeContent.bytes = BEFORE_CONTENT;
  });

  it('a header edit carried over under every unit collects as one that makes them walk does', async () => {
    const { root, sampleHeader } = await indexedSmallCorpus(2);
    workPerCollection.count = 10;
    // The test process's heap is not the run's: the last build's collection before the content index is left out.
    heapBeforeContent.bytes = Number.MAX_SAFE_INTEGER;
    collections.work = 0;
    replaceInFile(sampleHeader, '/** Object', 'int k_added_above(void);\n\n/** Object');
    // 12 units a build, past the 10 of a collection: the first build is collected (the last one is not, see above).
    expect(await collectionsOf(root)).toEqual({ made: 1, carried: 24, preprocessed: 24 });
    // A directive added: every unit reading the header is walked again (12 a build, past the 10 of a collection).
    replaceInFile(sampleHeader, 'int k_added_above(void);', '#if 1\nint k_added_above(void);\n#endif');
    const walked = await collectionsOf(root);
    expect([walked.carried, walked.preprocessed]).toEqual([0, 24]);
    expect(walked.made).toBeGreaterThanOrEqual(1);
  });

  it('a build that decodes its units\' stored results counts them toward a collection; an unchanged build does not', async () => {
    // Three builds of the same units alike: the first walks them, the two others decode its results.
    const root = tempDir();
    // 16 units: a build decoding their results does 2 units of work (REUSED_UNITS_PER_WORK is 8).
    const units = 16;
    const [board] = generateZephyrCorpus(root, { boards: 1, units, headers: 4, functionsPerUnit: 1 }).buildDirs;
    for (const copy of ['copy_a', 'copy_b']) fs.cpSync(board, path.join(root, `build-${copy}`), { recursive: true });
    writeConfig(root, DEFAULT_CONFIG);
    workPerCollection.count = 2;
    heapBeforeContent.bytes = Number.MAX_SAFE_INTEGER;
    collections.work = 0;
    // The walking build and the first decoding one (2 units of work) are collected; the last build is not (see above).
    const before = collections.count;
    const first = await indexProject({ root, workers: 0 });
    expect(first.builds.map((b) => [b.preprocessed, b.reusedUnits])).toEqual([
      [units, 0],
      [0, units],
      [0, units],
    ]);
    expect(collections.count - before).toBe(2);
    // Nothing changed: no build decodes a result.
    collections.work = 0;
    expect(await collectionsOf(root)).toEqual({ made: 0, carried: 0, preprocessed: 0 });
  });

  it('a collection between builds is optimized for size for itself alone (it compacts fragmented pages)', () => {
    const flags = vi.spyOn(v8, 'setFlagsFromString');
    try {
      const before = collections.count;
      releaseMemory(workPerCollection.count);
      expect(collections.count).toBe(before + 1);
      expect(flags.mock.calls.map(([flag]) => flag).filter((f) => f.includes('optimize-for-size'))).toEqual(['--optimize-for-size', '--no-optimize-for-size']);
    } finally {
      flags.mockRestore();
    }
  });
});
