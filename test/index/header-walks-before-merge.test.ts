// A build that is not the run's last drops the recorded header walks past their heap budget once its walks are over,
// before its merge: the merge's #undef states and macro records are not made beside them (a host env's 67 units:
// ~12 MB of libstdc++ walks).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { headerWalksBudget } from '../../src/indexer/release-memory.js';
import { HeaderWalkCache } from '../../src/preprocessor/header-walk-cache.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { generateZephyrCorpus } from '../bench/synthetic-zephyr.js';
import { tempDir } from '../helpers/fixture-project.js';

const events: string[] = [];
vi.mock('../../src/preprocessor/merge-unit-results.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/preprocessor/merge-unit-results.js')>();
  return { ...actual, mergeUnitResults: (...args: Parameters<typeof actual.mergeUnitResults>) => (events.push('merge'), actual.mergeUnitResults(...args)) };
});

const saved = headerWalksBudget.bytes;
afterEach(() => {
  headerWalksBudget.bytes = saved;
  vi.restoreAllMocks();
});

describe('recorded header walks past the heap budget', () => {
  it('go before the merge of the build that recorded them', async () => {
    const root = tempDir();
    generateZephyrCorpus(root, { boards: 2, units: 12, headers: 8, functionsPerUnit: 1 });
    writeConfig(root, DEFAULT_CONFIG);
    const clear = HeaderWalkCache.prototype.clear;
    vi.spyOn(HeaderWalkCache.prototype, 'clear').mockImplementation(function (this: HeaderWalkCache) {
      events.push(this.size > 0 ? 'drop walks' : 'none held');
      clear.call(this);
    });
    headerWalksBudget.bytes = 0;
    const result = await indexProject({ root, workers: 0 });
    expect(result.headerWalks.dropped).toBe(1);
    // The first build drops its walks, then merges; the last drops its own before its merge in any case.
    expect(events.filter((e) => e !== 'none held')).toEqual(['drop walks', 'merge', 'drop walks', 'merge']);
  });
});
