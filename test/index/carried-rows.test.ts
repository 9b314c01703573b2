// A unit carried over for headers edited between directives gets its new row from its stored one (the edited files'
// hashes and view hashes swapped in, the rest kept), not from its result decoded and encoded again: the rows are
// byte for byte those a from-scratch index of the edited tree writes, and `carriedRows` counts the units done so.
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { replaceInFile } from '../helpers/edit-file.js';
import { removeIndexFiles } from '../helpers/remove-index.js';
import { indexedSmallCorpus } from '../helpers/small-corpus.js';
import { unitResultRows } from '../helpers/unit-result-rows.js';

/** The result rows as they stand, then those of a from-scratch index of the same tree. */
async function againFromScratch(root: string): Promise<{ incremental: ReturnType<typeof unitResultRows>; scratch: ReturnType<typeof unitResultRows> }> {
  const incremental = unitResultRows(root);
  removeIndexFiles(root);
  const full = await indexProject({ root, workers: 0 });
  expect(full.carriedRows).toBe(0);
  return { incremental, scratch: unitResultRows(root) };
}

describe('carried units: their rows made from the stored ones', () => {
  it('a header every unit of two builds reads, edited between directives: no result encoded again, rows as from scratch', async () => {
    const { root, sampleHeader } = await indexedSmallCorpus(2);
    replaceInFile(sampleHeader, '/** Object', 'int k_added_above(void);\n\n/** Object');
    const r = await indexProject({ root, workers: 0 });
    expect(r.builds.map((b) => [b.patched, b.carriedUnits, b.carriedRows])).toEqual([
      [true, 12, 12],
      [true, 12, 12],
    ]);
    expect(r.carriedRows).toBe(24);
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental.results).toHaveLength(24);
    expect(incremental).toEqual(scratch);
  });

  it('a #define no unit reads added to the header, then removed: carried as rows each time, rows as from scratch', async () => {
    const { root, sampleHeader } = await indexedSmallCorpus(1);
    replaceInFile(sampleHeader, '/** Object', '#define K_TEST_ADDED 1\n/** Object');
    expect((await indexProject({ root, workers: 0 })).carriedRows).toBe(12);
    let { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
    replaceInFile(sampleHeader, '#define K_TEST_ADDED 1\n', '');
    const again = await indexProject({ root, workers: 0 });
    expect(again.carriedRows).toBe(12);
    // The patch before kept its new results' file lists beside the index: none is read from the rows.
    expect(again.builds.map((b) => b.resultListsRead)).toEqual([0]);
    ({ incremental, scratch } = await againFromScratch(root));
    expect(incremental).toEqual(scratch);
  });

  it("a unit's own file edited below its directives keeps its row's body: carried as a row; a line added above its #includes moves them: encoded again", async () => {
    const { root, sampleUnit } = await indexedSmallCorpus(1);
    replaceInFile(sampleUnit, 'drv_0_count += (uint32_t)v;', 'drv_0_count += (uint32_t)v + 1;');
    const body = await indexProject({ root, workers: 0 });
    expect([body.carriedUnits, body.carriedRows]).toEqual([1, 1]);
    let { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
    // The lines of the unit's #includes (its tops) move: the body of its row changes.
    replaceInFile(sampleUnit, '/* Driver 0. */\n', '/* Driver 0. */\n/* Moved down a line. */\n');
    const moved = await indexProject({ root, workers: 0 });
    expect([moved.carriedUnits, moved.carriedRows]).toEqual([1, 0]);
    ({ incremental, scratch } = await againFromScratch(root));
    expect(incremental).toEqual(scratch);
  });
});
