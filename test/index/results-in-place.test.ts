// A patched unit's new result is written over the row it linked, under the same id, when no other unit links that
// row: no row inserted, none deleted. A row two builds share is left to the other and the new result inserted. The
// rows and the views' uses are those of a from-scratch index of the edited tree either way.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { replaceInFile } from '../helpers/edit-file.js';
import { removeIndexFiles } from '../helpers/remove-index.js';
import { indexedSmallCorpus } from '../helpers/small-corpus.js';
import { unitResultIds, unitResultRows } from '../helpers/unit-result-rows.js';

/** The stored results' ids, and every column of the results and views without ids. */
function stored(root: string): { ids: number[]; results: string[]; views: string[] } {
  return { ids: unitResultIds(root), ...unitResultRows(root) };
}

/** The rows without ids after a from-scratch index of the tree as it stands. */
async function fromScratch(root: string): Promise<Omit<ReturnType<typeof stored>, 'ids'>> {
  removeIndexFiles(root);
  const full = await indexProject({ root, workers: 0 });
  expect(full.resultsWrittenOver).toBe(0);
  return unitResultRows(root);
}

describe('unit results written over in place', () => {
  it('a header edited under every unit of two builds: each new row takes the id of the one it replaces', async () => {
    const { root, sampleHeader } = await indexedSmallCorpus(2);
    const before = stored(root);
    replaceInFile(sampleHeader, '/** Object', 'int k_added_above(void);\n\n/** Object');
    const r = await indexProject({ root, workers: 0 });
    expect([r.carriedRows, r.resultsWrittenOver, r.unlinkedRowsRead]).toEqual([24, 24, 0]);
    const after = stored(root);
    expect(after.ids).toEqual(before.ids);
    expect(after.results).not.toEqual(before.results);
    const { ids: _, ...rows } = after;
    expect(rows).toEqual(await fromScratch(root));
  });

  it('a #define added and removed again: the rows go back to the stored content under the same ids, views collected', async () => {
    const { root, sampleHeader } = await indexedSmallCorpus(1);
    const before = stored(root);
    replaceInFile(sampleHeader, '/** Object', '#define K_TEST_ADDED 1\n/** Object');
    expect((await indexProject({ root, workers: 0 })).resultsWrittenOver).toBe(12);
    replaceInFile(sampleHeader, '#define K_TEST_ADDED 1\n', '');
    expect((await indexProject({ root, workers: 0 })).resultsWrittenOver).toBe(12);
    expect(stored(root)).toEqual(before);
  });

  it('rows two builds share are not written over: the first patch inserts its new rows, the second links them', async () => {
    const { root, sampleHeader, buildDirs } = await indexedSmallCorpus(1);
    // A second build folder with the same compile commands: its units link the first one's results.
    fs.cpSync(buildDirs[0], path.join(path.dirname(buildDirs[0]), 'build-copy'), { recursive: true });
    await indexProject({ root, workers: 0 });
    const before = stored(root);
    expect(before.ids).toHaveLength(12);
    replaceInFile(sampleHeader, '/** Object', 'int k_added_above(void);\n\n/** Object');
    const r = await indexProject({ root, workers: 0 });
    expect(r.builds.map((b) => b.patched)).toEqual([true, true]);
    expect(r.resultsWrittenOver).toBe(0);
    const after = stored(root);
    expect(after.ids).toHaveLength(12);
    expect(after.ids.some((id) => before.ids.includes(id))).toBe(false);
    const { ids: _, ...rows } = after;
    expect(rows).toEqual(await fromScratch(root));
  });
});
