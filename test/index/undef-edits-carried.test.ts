// Header edits under walks that follow names #undefs touched: a unit is carried over, not walked, when its walk would
// take every step as before with the same marks (an #undef in a branch no inclusion took, an #undef of a name already
// followed as undefined there, a line opened where no mark can fall, a #define added below an #include), and walked
// otherwise (an #undef that starts following a name, read or not; a line opened right after an #undef). Either way the
// rows equal those of a from-scratch index of the edited tree.
import { describe, expect, it } from 'vitest';
import type { IndexResult } from '../../src/indexer/index-project.js';
import { editAndCompare } from '../helpers/build-record-rows.js';
import { indexedFixture } from '../helpers/fixture-project.js';

/** The units the run preprocessed and, of those, carried over (the rest walked). */
const work = (r: IndexResult) => ({ preprocessed: r.preprocessed, carried: r.carriedUnits });

/** An edit of the fixture's file, the index made again, its work, and its rows checked against a from-scratch index. */
const edited = (root: string, file: string, from: string, to: string) => editAndCompare(root, file, from, to, work);

describe('#undefs added or removed in a header', () => {
  it('an #undef of a name already followed as undefined, added then removed: the unit reading the header after the earlier #undef is carried over', async () => {
    const { root } = await indexedFixture(['index', 'undef-edits']);
    // first_then_second.c read first.h's #undef NEVER_DEFINED before; second_then_first.c reads it after.
    expect(await edited(root, 'include/second.h', '/* Nothing is ended here. */', '#undef NEVER_DEFINED')).toEqual({ preprocessed: 2, carried: 1 });
    expect(await edited(root, 'include/second.h', '#undef NEVER_DEFINED\n', '')).toEqual({ preprocessed: 2, carried: 1 });
  });

  it('an #undef in a branch no inclusion takes, added then removed: every reader carried over', async () => {
    const { root } = await indexedFixture(['index', 'undef-edits']);
    expect(await edited(root, 'include/second.h', 'int second_extra(void);', '#undef SECOND_ENDED\nint second_extra(void);')).toEqual({ preprocessed: 2, carried: 2 });
    expect(await edited(root, 'include/second.h', '#undef SECOND_ENDED\n', '')).toEqual({ preprocessed: 2, carried: 2 });
  });

  it('an #undef that starts following a name no walk reads, and one of a name the walks read: the readers walked', async () => {
    const { root } = await indexedFixture(['index', 'undef-edits']);
    expect((await edited(root, 'include/second.h', '/* Nothing is ended here. */', '#undef NOT_FOLLOWED_YET')).carried ?? 0).toBe(0);
    expect((await edited(root, 'include/second.h', '#undef NOT_FOLLOWED_YET', '#undef SECOND_EXTRA')).carried ?? 0).toBe(0);
  });
});

describe('marks of #undefs moved with the lines', () => {
  it('a line of code opened right after an #undef takes its mark: walked; one opened above it: carried', async () => {
    const { root } = await indexedFixture(['index', 'undef-edits']);
    expect((await edited(root, 'include/third.h', '#undef THIRD_ENDED\n', '#undef THIRD_ENDED\nint third_more(void);\n')).carried ?? 0).toBe(0);
    expect(await edited(root, 'include/third.h', '#define THIRD_H\n', '#define THIRD_H\nint third_above(void);\n')).toEqual({ preprocessed: 1, carried: 1 });
  });

  it("a #define added right below an #include whose header #undefs a name: carried, the mark moved below the #define", async () => {
    const { root } = await indexedFixture(['index', 'undef-edits']);
    expect(await edited(root, 'src/third_only.c', '#include "third.h"\n', '#include "third.h"\n#define THIRD_ONLY_ADDED 1\n')).toEqual({ preprocessed: 1, carried: 1 });
  });
});
