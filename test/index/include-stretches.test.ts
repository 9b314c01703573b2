// Header edits that open or join a stretch of code right after an #include, under walks that follow names #undefs
// touched: a declaration added between two #includes is carried over where the state of those names there is known
// (found ahead of it, at the reads of the next headers and the code after them): with no mark when the header was
// last marked with it, else with the mark of the code below moved up to it; and walked where it is not known. A
// #define removed right after an #include (code after it) is carried over. A line appended below a header's last
// #include, with no code after it, is in the state the #included header leaves when that header changes none: carried
// over with no mark where the file was last marked with it, else with a new mark of it.
// Either way the rows equal those of a from-scratch index of the edited tree.
import { describe, expect, it } from 'vitest';
import type { IndexResult } from '../../src/indexer/index-project.js';
import { editAndCompare } from '../helpers/build-record-rows.js';
import { indexedFixture } from '../helpers/fixture-project.js';

/** The units the run preprocessed and, of those, carried over (the rest walked). */
const work = (r: IndexResult) => ({ preprocessed: r.preprocessed, carried: r.carriedUnits ?? 0 });

/** An edit of the fixture's file, the index made again, its work, and its rows checked against a from-scratch index. */
const edited = (root: string, file: string, from: string, to: string) => editAndCompare(root, file, from, to, work);

describe('a line of code added between two #includes', () => {
  it('carried over with no mark where the header was read with the name already followed, with the mark of the code below moved up to it where the #include above starts following it', async () => {
    const { root } = await indexedFixture(['index', 'include-stretches']);
    // ends_first.c: outer.h is read with ENDS_NAME followed, and plain.h, read next, starts in that state: no mark.
    // outer_first.c: outer.h is read before ENDS_NAME is followed (its include guard, #defined first, says it is read
    // once); the walk marks the new line, and no longer the code after plain.h.
    expect(await edited(root, 'include/outer.h', '#include "ends.h"\n', '#include "ends.h"\nint outer_added(void);\n')).toEqual({ preprocessed: 2, carried: 2 });
  });

  it('walked where the header included next is read in more than one state (no include guard)', async () => {
    const { root } = await indexedFixture(['index', 'include-stretches']);
    expect(await edited(root, 'include/outer.h', '#include "late.h"\n', '#include "late.h"\nint outer_late(void);\n')).toEqual({ preprocessed: 2, carried: 0 });
  });
});

describe('a #define removed right after an #include, code after it', () => {
  it('carried over: the code is read in the state it was, its mark moved up with it', async () => {
    const { root } = await indexedFixture(['index', 'include-stretches']);
    expect(await edited(root, 'include/outer.h', '#define OUTER_SPARE 3\n', '')).toEqual({ preprocessed: 2, carried: 2 });
  });
});

describe('a line of code appended below the last #include of a header', () => {
  it('carried over with no mark where the header included last changes no state and the file was last marked with the state it leaves; walked below a header that may change it', async () => {
    const { root } = await indexedFixture(['index', 'include-stretches']);
    // tail.h is read once (#pragma once); quiet.h is read in the state tail.h's code above it was marked with.
    expect(await edited(root, 'include/tail.h', '#include "quiet.h"\n', '#include "quiet.h"\nint tail_added(void);\n')).toEqual({ preprocessed: 1, carried: 1 });
    // multi.h #undefs a name: the state below it is not known without a walk.
    expect(await edited(root, 'include/tail_multi.h', '#include "multi.h"\n', '#include "multi.h"\nint tail_multi_added(void);\n')).toEqual({ preprocessed: 1, carried: 0 });
  });

  it('carried over with a new mark where the state changed below the header\'s last code', async () => {
    const { root } = await indexedFixture(['index', 'include-stretches']);
    // tail_first.c reads tail_late.h with ENDS_NAME followed already (no mark); tail_late_first.c starts to follow it
    // at tail_late.h's #include "ends.h", below its last code: the walk marks the new line with that state.
    expect(await edited(root, 'include/tail_late.h', '#include "quiet.h"\n', '#include "quiet.h"\nint tail_late_added(void);\n')).toEqual({ preprocessed: 2, carried: 2 });
  });
});
