// A header's code naming a macro that reaches `__COUNTER__` only once its name is pasted (`NAME_##s`): its uses are
// counted, from scratch and after an edit adding it (the units after it walked, not carried over), as gcc numbers them.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { copyFixtureToTemp } from '../helpers/fixture-project.js';
import { replaceInFile } from '../helpers/edit-file.js';
import { againFromScratch } from '../helpers/build-record-rows.js';
import { gccNames, variablesIn, withoutResultOf } from '../helpers/counter-names.js';

const DECLARATION = 'extern int shared_count;\n';
const C_NAMES = /\b(?:one_\d+|two_\d+|c_after_[a-z]+)\b/g;

describe('__COUNTER__ reached through pasted names', () => {
  it('counts a use through a pasted name that a header edit adds, as gcc does', async () => {
    const root = copyFixtureToTemp('index', 'counter-pasted-names');
    await indexProject({ root, workers: 0 });
    expect(variablesIn(root, 'src/a.c')).toEqual(['a_var_0']);
    expect(variablesIn(root, 'src/b.c')).toEqual(['b_plain']);
    // c.c's #if reads the counter after its own use through a pasted name.
    expect(variablesIn(root, 'src/c.c')).toEqual(['c_after_one', 'heavy', 'one_0']);
    if (gccNames(root, 'c.c', C_NAMES)) expect(gccNames(root, 'c.c', C_NAMES)).toEqual(['c_after_one', 'one_0']);
    replaceInFile(path.join(root, 'include/shared.h'), DECLARATION, `${DECLARATION}PICK_VAR(one)\nextern int PICK(fn)(two_);\n`);
    const r = await indexProject({ root, workers: 0 });
    // a.c's and c.c's own code use the counter: walked; b.c's does not (its macro pastes a name that reaches none): carried.
    expect(r.builds[0]).toMatchObject({ patched: true, preprocessed: 3, carriedUnits: 1 });
    expect(variablesIn(root, 'src/a.c')).toEqual(['a_var_2']);
    expect(variablesIn(root, 'include/shared.h')).toEqual(['one_0', 'shared_count']);
    const gcc = gccNames(root, 'a.c');
    if (gcc) {
      expect(gcc).toEqual(['a_var_2', 'one_0', 'two_1']);
      expect(gccNames(root, 'c.c', C_NAMES)).toEqual(['c_after_more', 'one_0', 'one_2', 'two_1']);
    }
    expect(variablesIn(root, 'src/c.c')).toEqual(['c_after_more', 'heavy', 'one_2']);
    const { incremental, scratch } = await againFromScratch(root);
    // b.c's result (carried, its counter values marked as possibly stale) is the one row apart.
    expect(withoutResultOf(incremental, 'b.c')).toEqual(withoutResultOf(scratch, 'b.c'));
    expect(variablesIn(root, 'src/a.c')).toEqual(['a_var_2']);
    expect(variablesIn(root, 'src/c.c')).toEqual(['c_after_more', 'heavy', 'one_2']);
  });
});
