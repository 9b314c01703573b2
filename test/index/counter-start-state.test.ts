// `__COUNTER__` uses of a header's code depend on the macros of the unit reading it: a walk of the header recorded
// where they did not reach the counter (or before any macro using it was defined) is not replayed where they do, and
// a -D defining a macro with it counts the headers' uses from the start. Values checked with gcc (see the README).
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
    .filter((s) => s.kind !== 'function' && s.kind !== 'macro' && s.kind !== 'enum' && s.kind !== 'enumerator')
    .map((s) => s.name)
    .sort();

describe('__COUNTER__ in headers whose macros differ by unit', () => {
  it('numbers each unit as gcc does, header walks replayed or not', async () => {
    const root = copyFixtureToTemp('index', 'counter-start-state');
    // One thread: one header walk cache for the four units, in their order.
    const r = await indexProject({ root, workers: 0 });
    expect(r.headerWalks.replayed).toBeGreaterThan(0);
    expect(variablesIn(root, 'src/a.c')).toEqual(['a_0']);
    expect(variablesIn(root, 'src/e.c')).toEqual(['e_0']);
    expect(variablesIn(root, 'src/b.c')).toEqual(['b_1']);
  });

  it('counts the uses of a macro the command line defines with __COUNTER__', async () => {
    const root = copyFixtureToTemp('index', 'counter-start-state');
    await indexProject({ root, workers: 0 });
    expect(variablesIn(root, 'src/c.c')).toEqual(['c_d_1', 'c_v_2']);
  });

  it('keeps no stored result across a -D changed to use __COUNTER__ or not', async () => {
    const root = copyFixtureToTemp('index', 'counter-start-state');
    await indexProject({ root, workers: 0 });
    const commands = path.join(root, 'build/compile_commands.json');
    // dh.h's code names MYID only: no #if reads it, so only the key tells the stored result from the new one.
    replaceInFile(commands, '-DMYID=__COUNTER__', '-DMYID=7');
    await indexProject({ root, workers: 0 });
    // gcc: dh.h uses no counter now, so c.c's numbers start from 0.
    expect(variablesIn(root, 'src/c.c')).toEqual(['c_d_7', 'c_v_0']);
    replaceInFile(commands, '-DMYID=7', '-DMYID=__COUNTER__');
    await indexProject({ root, workers: 0 });
    expect(variablesIn(root, 'src/c.c')).toEqual(['c_d_1', 'c_v_2']);
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
  });
});
