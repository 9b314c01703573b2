// A build whose file has the activity key (content, compiled lines, macros) an earlier build of the run masked it
// under, or a stored build holds, takes that mask and masks the file no more; its rows are those it makes alone.
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { againFromScratch } from '../helpers/build-record-rows.js';
import { copyFixtureToTemp } from '../helpers/fixture-project.js';
import { secondBuildTakesMasks } from '../helpers/second-build-masks.js';

const FIXTURE = ['index', 'shared-masks'];

describe('masks shared across builds', () => {
  it('the second build of a run masks none of the files the first masked alike', async () => {
    // src/util.c and include/util.h (and the compiler's stdc-predef.h where it has one) each; tests/test_util.c is masked.
    await secondBuildTakesMasks(FIXTURE, { variants: ['build-app', 'build-tests'], minFiles: 3, maskedAgain: 1 });
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
