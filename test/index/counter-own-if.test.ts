// An #if of a unit's own file that reads `__COUNTER__` after the file's code used it sees those uses, as gcc's does,
// and an edit of that file adding one walks the unit again (the #if may decide otherwise). Checked with gcc (README).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { copyFixtureToTemp } from '../helpers/fixture-project.js';
import { replaceInFile } from '../helpers/edit-file.js';
import { againFromScratch } from '../helpers/build-record-rows.js';

const variablesIn = (root: string, file: string) =>
  withProject(root, (ctx) => listSymbols(ctx, { file }).symbols)
    .filter((s) => s.kind !== 'function' && s.kind !== 'macro')
    .map((s) => s.name)
    .sort();

describe('#if __COUNTER__ after uses in the same file', () => {
  it("reads the counter with the file's own uses above it", async () => {
    const root = copyFixtureToTemp('index', 'counter-own-if');
    await indexProject({ root, workers: 0 });
    expect(variablesIn(root, 'src/f.c')).toEqual(['if_one', 'iv_0', 'iw_2']);
  });

  it('walks the unit when its file gains a use above the #if', async () => {
    const root = copyFixtureToTemp('index', 'counter-own-if');
    await indexProject({ root, workers: 0 });
    replaceInFile(path.join(root, 'src/f.c'), 'VAR(iv_)\n', 'VAR(iv_)\nVAR(ix_)\n');
    const r = await indexProject({ root, workers: 0 });
    expect(r.builds[0]).toMatchObject({ preprocessed: 1, carriedUnits: 0 });
    expect(variablesIn(root, 'src/f.c')).toEqual(['if_other', 'iv_0', 'iw_3', 'ix_1']);
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
  });
});
