// The run's last build drops the recorded header walks as soon as its units are walked (no build after it replays
// them): the merge and the macro records are made without them. A build before it merges with them kept.
import { describe, expect, it, vi } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { HeaderWalkCache } from '../../src/preprocessor/header-walk-cache.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { generateZephyrCorpus } from '../bench/synthetic-zephyr.js';
import { tempDir } from '../helpers/fixture-project.js';

const merges: { cached: number[] } = { cached: [] };
/** The cache of the run under test (the last one made). */
let cache: HeaderWalkCache | undefined;

vi.mock('../../src/preprocessor/merge-unit-results.js', async (importOriginal) => {
  const merge = await importOriginal<typeof import('../../src/preprocessor/merge-unit-results.js')>();
  return {
    ...merge,
    mergeUnitResults: (...args: Parameters<typeof merge.mergeUnitResults>) => {
      merges.cached.push(cache?.size ?? -1);
      return merge.mergeUnitResults(...args);
    },
  };
});

describe('the last build of a run', () => {
  it('merges its units after the recorded header walks went', async () => {
    const root = tempDir();
    generateZephyrCorpus(root, { boards: 2, units: 12, headers: 8, functionsPerUnit: 2 });
    writeConfig(root, DEFAULT_CONFIG);
    const add = HeaderWalkCache.prototype.add;
    const spy = vi.spyOn(HeaderWalkCache.prototype, 'add').mockImplementation(function (this: HeaderWalkCache, ...args) {
      cache = this;
      return add.apply(this, args);
    });
    try {
      const r = await indexProject({ root });
      expect(r.headerWalks.replayed).toBeGreaterThan(0);
    } finally {
      spy.mockRestore();
    }
    // Two builds: the first merges with the walks kept for the second; the second without them.
    expect(merges.cached.length).toBe(2);
    expect(merges.cached[0]).toBeGreaterThan(0);
    expect(merges.cached[1]).toBe(0);
  });
});
