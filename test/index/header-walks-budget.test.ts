// A run of several builds keeps its recorded header walks for the next builds to replay, and drops them between
// builds once the heap in use is past headerWalksBudget (a run of many images in many macro states would otherwise
// hold every state's walks to its end): the later builds walk their headers again and index the same rows.
import { afterEach, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { headerWalksBudget } from '../../src/indexer/release-memory.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { generateZephyrCorpus } from '../bench/synthetic-zephyr.js';
import { tempDir } from '../helpers/fixture-project.js';
import { indexedCodeRows } from '../helpers/indexed-code-rows.js';

const saved = headerWalksBudget.bytes;
afterEach(() => {
  headerWalksBudget.bytes = saved;
});

describe('recorded header walks past the heap budget', () => {
  it('are dropped between builds, and the builds after walk their headers again to the same rows', async () => {
    const roots = [tempDir(), tempDir()];
    for (const root of roots) {
      generateZephyrCorpus(root, { boards: 3, units: 20, headers: 12, functionsPerUnit: 2 });
      writeConfig(root, DEFAULT_CONFIG);
    }
    const kept = await indexProject({ root: roots[0] });
    headerWalksBudget.bytes = 0;
    const dropped = await indexProject({ root: roots[1] });
    expect(kept.headerWalks.dropped).toBeUndefined();
    // After each build but the last (the last drops them before parsing in any case).
    expect(dropped.headerWalks.dropped).toBe(2);
    expect(dropped.headerWalks.walked).toBeGreaterThanOrEqual(kept.headerWalks.walked);
    const a = indexedCodeRows(roots[0]);
    expect(a.symbols.length).toBeGreaterThan(100);
    expect(indexedCodeRows(roots[1])).toEqual(a);
  });
});
