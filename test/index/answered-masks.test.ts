// A build whose macro table differs from an earlier build's only in names a file's masking never asked about takes
// that build's mask of the file (recalled by its answers, see mask-questions.ts); a file whose masking read a
// differing definition or blanking is masked again. The build's rows are those it makes alone.
import { describe, it } from 'vitest';
import { secondBuildTakesMasks } from '../helpers/second-build-masks.js';

const BUILDS = { variants: ['build-one', 'build-two'] as [string, string], minFiles: 4, maskedAgain: 2 };

describe('masks recalled by what their masking asked', () => {
  it('the second build masks again only the files that read a macro the builds define differently', async () => {
    // Recalled: src/util.c and include/util.h (and the compiler's stdc-predef.h where it has one); not src/board.c
    // (BOARD_PINS differs) nor src/local.c (LOCAL is blanked in build-two alone).
    await secondBuildTakesMasks(['index', 'answered-masks'], BUILDS);
  });
});

describe('masks recalled whatever headers the file sees', () => {
  it('a file that names no macro of the header its build reads before it takes the earlier build\'s mask', async () => {
    // Recalled: src/util.c and include/util.h (and the compiler's stdc-predef.h where it has one); not src/board.c
    // (its macros differ) nor boards/two/board.h (a file build-one does not read).
    await secondBuildTakesMasks(['index', 'answered-header-masks'], BUILDS);
  });
});
