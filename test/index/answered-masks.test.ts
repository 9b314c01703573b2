// A build whose macro table differs from an earlier build's only in names a file's masking never asked about takes
// that build's mask of the file (recalled by its answers, see mask-questions.ts); a file whose masking read a
// differing definition or blanking is masked again. The build's rows are those it makes alone.
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { recordRows } from '../helpers/build-record-rows.js';
import { indexedFixture } from '../helpers/fixture-project.js';
import { removeIndexFiles } from '../helpers/remove-index.js';

/** Of rows recordRows made, those of `variant`'s files and symbols. */
function buildRows(rows: Record<string, unknown[]>, variant: string): unknown[] {
  const of = (list: unknown[]) => list.filter((r) => (JSON.parse(r as string) as unknown[])[0] === variant);
  return [...of(rows.files), ...of(rows.symbols)];
}

/**
 * Indexes the fixture's two builds: the second masks again all but its two files named in the caller's comment, and
 * its rows equal those it makes indexed alone (which recalls no mask).
 */
async function secondBuildRecalls(fixture: string[]): Promise<void> {
  const { root, result } = await indexedFixture(fixture);
  const [one, two] = result.builds;
  expect([one.variant, two.variant, two.files]).toEqual(['build-one', 'build-two', one.files]);
  expect(two.files).toBeGreaterThanOrEqual(4);
  expect(result.masksRecalled).toBe(two.files - 2);
  const together = recordRows(root);
  removeIndexFiles(root);
  const alone = await indexProject({ root, variant: 'build-two', workers: 0 });
  expect(alone.masksRecalled).toBe(0);
  expect(buildRows(recordRows(root), 'build-two')).toEqual(buildRows(together, 'build-two'));
}

describe('masks recalled by what their masking asked', () => {
  it('the second build masks again only the files that read a macro the builds define differently', async () => {
    // Recalled: src/util.c and include/util.h (and the compiler's stdc-predef.h where it has one); not src/board.c
    // (BOARD_PINS differs) nor src/local.c (LOCAL is blanked in build-two alone).
    await secondBuildRecalls(['index', 'answered-masks']);
  });
});

describe('masks recalled whatever headers the file sees', () => {
  it('a file that names no macro of the header its build reads before it takes the earlier build\'s mask', async () => {
    // Recalled: src/util.c and include/util.h (and the compiler's stdc-predef.h where it has one); not src/board.c
    // (its macros differ) nor boards/two/board.h (a file build-one does not read).
    await secondBuildRecalls(['index', 'answered-header-masks']);
  });
});
