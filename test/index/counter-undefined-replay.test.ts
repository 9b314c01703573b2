// A header whose code names a macro one unit leaves undefined and another defines to use `__COUNTER__`: the second
// unit's inclusion does not replay the first one's walk of it with its count (the name's absence is an input of the
// count), and a unit's own #define of the name added above the #include walks the unit; values as gcc numbers them.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { copyFixtureToTemp } from '../helpers/fixture-project.js';
import { replaceInFile } from '../helpers/edit-file.js';
import { againFromScratch } from '../helpers/build-record-rows.js';
import { gccNames, variablesIn } from '../helpers/counter-names.js';

describe('__COUNTER__ through a name a header names undefined', () => {
  it('counts it where another unit defines it, as gcc does, from scratch and after a header edit', async () => {
    const root = copyFixtureToTemp('index', 'counter-undefined-replay');
    await indexProject({ root, workers: 0 });
    expect(variablesIn(root, 'src/b.c')).toEqual(['b_var_0']);
    expect(variablesIn(root, 'src/d.c')).toEqual(['d_var_1']);
    const gcc = gccNames(root, 'd.c');
    if (gcc) {
      expect(gcc).toEqual(['d_var_1', 'h_0']);
      expect(gccNames(root, 'b.c')).toEqual(['b_var_0']);
    }
    replaceInFile(path.join(root, 'include/h.h'), 'extern int h_count;\n', 'extern int h_count;\nextern int h_more;\n');
    const r = await indexProject({ root, workers: 0 });
    expect(r.builds[0]).toMatchObject({ patched: true, preprocessed: 2 });
    expect(variablesIn(root, 'src/d.c')).toEqual(['d_var_1']);
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
  });

  it('walks a unit whose own file defines the name above the #include', async () => {
    const root = copyFixtureToTemp('index', 'counter-undefined-replay');
    await indexProject({ root, workers: 0 });
    replaceInFile(path.join(root, 'src/b.c'), '#include "h.h"\n', '#define H_VAR(p) VAR(p)\n#include "h.h"\n');
    const r = await indexProject({ root, workers: 0 });
    expect(r.builds[0]).toMatchObject({ patched: true, preprocessed: 1, carriedUnits: 0 });
    expect(variablesIn(root, 'src/b.c')).toEqual(['b_var_1']);
    const gcc = gccNames(root, 'b.c');
    if (gcc) expect(gcc).toEqual(['b_var_1', 'h_0']);
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
  });
});
