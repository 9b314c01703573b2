// Code lines naming `__COUNTER__` themselves while no macro using it is defined: a header's uses are counted before
// the unit's own file (its values and an #if reading the counter follow them, as gcc's do), from scratch and after a
// header edit adding one (the units using the counter walked, not carried over).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { copyFixtureToTemp } from '../helpers/fixture-project.js';
import { replaceInFile } from '../helpers/edit-file.js';
import { againFromScratch } from '../helpers/build-record-rows.js';
import { gccNames, variablesIn } from '../helpers/counter-names.js';

const DECLARATION = 'extern int first_count;\n';
const NUMBERED = /\b(?:[a-z]+_var_\d+|first_\d+|b_one|b_two)\b/g;

describe('__COUNTER__ named by code lines before any macro uses it', () => {
  it('counts a header use a header edit adds, as gcc does', async () => {
    const root = copyFixtureToTemp('index', 'counter-literal-first');
    await indexProject({ root, workers: 0 });
    expect(variablesIn(root, 'src/a.c')).toEqual(['a_var_0']);
    expect(variablesIn(root, 'src/b.c')).toEqual(['b_one', 'b_var_0']);
    replaceInFile(path.join(root, 'include/first.h'), DECLARATION, `${DECLARATION}DEF(CAT(first_, __COUNTER__))\n`);
    const r = await indexProject({ root, workers: 0 });
    // All three readers walked: their results held no counter values to carry (nothing used it before).
    expect(r.builds[0]).toMatchObject({ patched: true, preprocessed: 3, carriedUnits: 0 });
    expect(variablesIn(root, 'include/first.h')).toEqual(['first_0', 'first_count']);
    expect(variablesIn(root, 'src/a.c')).toEqual(['a_var_1']);
    expect(variablesIn(root, 'src/b.c')).toEqual(['b_two', 'b_var_1']);
    const gccA = gccNames(root, 'a.c', NUMBERED);
    if (gccA) {
      expect(gccA).toEqual(['a_var_1', 'first_0']);
      expect(gccNames(root, 'b.c', NUMBERED)).toEqual(['b_two', 'b_var_1', 'first_0']);
    }
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
    expect(variablesIn(root, 'src/a.c')).toEqual(['a_var_1']);
    expect(variablesIn(root, 'src/b.c')).toEqual(['b_two', 'b_var_1']);
  });
});
