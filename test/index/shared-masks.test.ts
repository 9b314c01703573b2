// A build whose file has the activity key (content, compiled lines, macros) an earlier build of the run masked it
// under, or a stored build holds, takes that mask and masks the file no more; its rows are those it makes alone.
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { againFromScratch, recordRows } from '../helpers/build-record-rows.js';
import { copyFixtureToTemp, indexedFixture } from '../helpers/fixture-project.js';
import { removeIndexFiles } from '../helpers/remove-index.js';

const FIXTURE = ['index', 'shared-masks'];

/** Of rows recordRows made, those of `variant`'s files and symbols. */
function buildRows(rows: Record<string, unknown[]>, variant: string): unknown[] {
  const of = (list: unknown[]) => list.filter((r) => (JSON.parse(r as string) as unknown[])[0] === variant);
  return [...of(rows.files), ...of(rows.symbols)];
}

describe('masks shared across builds', () => {
  it('the second build of a run masks none of the files the first masked alike', async () => {
    const { root, result } = await indexedFixture(FIXTURE);
    const [app, tests] = result.builds;
    // src/util.c and include/util.h (and the compiler's stdc-predef.h where it has one) each; tests/test_util.c is masked.
    expect([app.variant, tests.variant, tests.files]).toEqual(['build-app', 'build-tests', app.files]);
    expect(tests.files).toBeGreaterThanOrEqual(3);
    expect(result.masksRecalled).toBe(tests.files - 1);
    const together = recordRows(root);
    removeIndexFiles(root);
    const alone = await indexProject({ root, variant: 'build-tests', workers: 0 });
    expect(alone.masksRecalled).toBe(0);
    expect(buildRows(recordRows(root), 'build-tests')).toEqual(buildRows(together, 'build-tests'));
  });

  it('a build new to the index takes the masks a stored build made', async () => {
    const root = copyFixtureToTemp(...FIXTURE);
    expect((await indexProject({ root, variant: 'build-app', workers: 0 })).masksRecalled).toBe(0);
    const next = await indexProject({ root, workers: 0 });
    expect(next.builds.map((b) => [b.variant, !!b.unchanged])).toEqual([
      ['build-app', true],
      ['build-tests', false],
    ]);
    expect(next.masksRecalled).toBe(next.builds[1].files - 1);
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
  });
});
