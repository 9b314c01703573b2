// `__COUNTER__` in a unit's own file takes the value the compiler gives it: every use before it in the unit counts,
// those of headers' code lines and #ifs included (replayed header walks too), skipped branches, macro bodies not
// used and arguments a macro drops or stringifies not. The fixture was checked with gcc and nm (see its README).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';
import { replaceInFile } from '../helpers/edit-file.js';

const variablesIn = (root: string, file: string) =>
  withProject(root, (ctx) => listSymbols(ctx, { file }).symbols)
    .filter((s) => s.kind !== 'enumerator' && s.kind !== 'enum' && s.kind !== 'macro')
    .map((s) => s.name)
    .sort();

const edit = replaceInFile;

describe('__COUNTER__ after headers that use it', () => {
  it('names the variables nm shows in each unit', async () => {
    const { root } = await indexedFixture(['index', 'counter-in-headers']);
    expect(variablesIn(root, 'src/a.c')).toEqual(['a_first_2', 'a_second_6', 'later_7']);
    expect(variablesIn(root, 'src/b.c')).toEqual(['b_var_5']);
    expect(variablesIn(root, 'src/c.c')).toEqual(['c_buf', 'c_var_3']);
  });

  it("follows a header's code lines edited between directives (nm after the edit: c_var_5)", async () => {
    const { root } = await indexedFixture(['index', 'counter-in-headers']);
    edit(path.join(root, 'include/types.h'), 'DROP(__COUNTER__)\n', 'ASSERT(2);\n');
    await indexProject({ root, workers: 0 });
    expect(variablesIn(root, 'src/c.c')).toEqual(['c_buf', 'c_var_5']);
    expect(variablesIn(root, 'src/a.c')).toEqual(['a_first_4', 'a_second_8', 'later_9']);
  });

  it('carries a header edit over a unit whose own file uses no counter, and walks it once its file uses one (nm: d_var_4)', async () => {
    const { root } = await indexedFixture(['index', 'counter-in-headers']);
    edit(path.join(root, 'include/plain.h'), 'extern int plain_decl;\n', 'extern int plain_decl;\nASSERT(3);\n');
    const r = await indexProject({ root, workers: 0 });
    expect(r.builds[0]).toMatchObject({ patched: true, carriedUnits: 1 });
    edit(path.join(root, 'src/d.c'), 'int d_plain = 1;\n', 'int d_plain = 1;\nVAR(d_var_)\n');
    const again = await indexProject({ root, workers: 0 });
    expect(again.builds[0]).toMatchObject({ patched: true, carriedUnits: 0 });
    expect(variablesIn(root, 'src/d.c')).toEqual(['d_plain', 'd_var_4']);
  });

  it("keeps the values when the unit's own file moves its lines, carried over (nm: c_var_3)", async () => {
    const { root } = await indexedFixture(['index', 'counter-in-headers']);
    edit(path.join(root, 'src/c.c'), 'VAR(c_var_)\n', '/* moved */\n\nVAR(c_var_)\n');
    const r = await indexProject({ root, workers: 0 });
    expect(r.builds[0]).toMatchObject({ patched: true, carriedUnits: 1 });
    expect(variablesIn(root, 'src/c.c')).toEqual(['c_buf', 'c_var_3']);
  });
});
