// A header edit that cannot change how many `__COUNTER__` uses the headers read before a unit's own file make (a
// declaration added) carries over the units whose own files use the counter, without walking them; an edit adding a
// use walks them, and their own files' values shift as gcc's do (checked with `gcc -E` where gcc is installed).
import { spawnSync } from 'node:child_process';
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

/** The numbered names `gcc -E` gives a unit of the fixture (undefined without gcc). */
function gccNames(root: string, unit: string): string[] | undefined {
  const r = spawnSync('gcc', ['-std=gnu11', '-E', '-P', `-I${path.join(root, 'include')}`, path.join(root, 'src', unit)], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return undefined;
  return [...r.stdout.matchAll(/\b([a-z]+(?:_[a-z]+)*_\d+)\b/g)].map((m) => m[1]).sort();
}

/**
 * Rows without the stored result of a unit carried over with counter values that may be stale (c.c: its own code uses
 * none, so nothing it indexes depends on them; see UnitResult.counterStale).
 */
const withoutResultOf = (rows: Record<string, unknown[]>, unit: string) => ({ ...rows, units: rows.units.filter((r) => !String(r).includes(`/src/${unit}"`)) });

const SHARED = 'include/shared.h';

/** The fixture indexed on this thread (one header walk cache: d.c replays b.c's walk of shared.h). */
async function indexed(): Promise<string> {
  const root = copyFixtureToTemp('index', 'counter-header-edit');
  const r = await indexProject({ root, workers: 0 });
  expect(r.headerWalks.replayed).toBeGreaterThan(0);
  return root;
}
const DECLARATION = 'extern int shared_count;\n';

describe('__COUNTER__ and header edits', () => {
  it('carries a declaration added to a shared header over units whose own files use the counter', async () => {
    const root = await indexed();
    expect(variablesIn(root, 'src/a.c')).toEqual(['a_plain', 'a_var_1']);
    replaceInFile(path.join(root, SHARED), DECLARATION, `${DECLARATION}extern int shared_added(int x);\n`);
    const r = await indexProject({ root, workers: 0 });
    // a.c, b.c and d.c use the counter in their own files, c.c does not: all four carried, none walked.
    expect(r.builds[0]).toMatchObject({ patched: true, preprocessed: 4, carriedUnits: 4 });
    expect(r.headerWalks.walked).toBe(0);
    expect(variablesIn(root, 'src/a.c')).toEqual(['a_plain', 'a_var_1']);
    expect(variablesIn(root, 'src/b.c')).toEqual(['b_two_2', 'b_var_1']);
    expect(variablesIn(root, 'src/d.c')).toEqual(['d_var_1']);
    // Their rows are a from-scratch index's: no result marked as holding values that may be stale.
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
  });

  it('walks them when the edit adds a use, and their values shift as gcc numbers them', async () => {
    const root = await indexed();
    replaceInFile(path.join(root, SHARED), DECLARATION, `${DECLARATION}extern int UNIQUE(shared_);\n`);
    const r = await indexProject({ root, workers: 0 });
    // a.c, b.c and d.c walked; c.c (no use of its own) carried.
    expect(r.builds[0]).toMatchObject({ patched: true, preprocessed: 4, carriedUnits: 1 });
    const a = ['a_plain', 'a_var_2'];
    const b = ['b_two_3', 'b_var_2'];
    expect(variablesIn(root, 'src/a.c')).toEqual(a);
    expect(variablesIn(root, 'src/b.c')).toEqual(b);
    expect(variablesIn(root, 'src/d.c')).toEqual(['d_var_2']);
    const gccA = gccNames(root, 'a.c');
    if (gccA) {
      expect(gccA).toEqual(['a_var_2', 'ids_0', 'shared_1'].sort());
      expect(gccNames(root, 'b.c')).toEqual(['b_two_3', 'b_var_2', 'ids_0', 'shared_1'].sort());
      expect(gccNames(root, 'd.c')).toEqual(['d_var_2', 'ids_0', 'shared_1'].sort());
    }
    // A declaration added to a header whose code uses the counter still walks them (its uses are not compared).
    replaceInFile(path.join(root, SHARED), DECLARATION, `${DECLARATION}extern int shared_added(int x);\n`);
    const again = await indexProject({ root, workers: 0 });
    expect(again.builds[0]).toMatchObject({ patched: true, preprocessed: 4, carriedUnits: 1 });
    expect(variablesIn(root, 'src/a.c')).toEqual(a);
    expect(variablesIn(root, 'src/b.c')).toEqual(b);
    const { incremental, scratch } = await againFromScratch(root);
    expect(withoutResultOf(incremental, 'c.c')).toEqual(withoutResultOf(scratch, 'c.c'));
  });

  it('walks them when the edit removes the only use of a header read before their own files', async () => {
    const root = await indexed();
    replaceInFile(path.join(root, 'include/ids.h'), 'extern int UNIQUE(ids_);\n', 'extern int ids_none;\n');
    const r = await indexProject({ root, workers: 0 });
    // d.c too: ids.h's use came with the replayed walk of shared.h.
    expect(r.builds[0]).toMatchObject({ patched: true, preprocessed: 4, carriedUnits: 1 });
    expect(variablesIn(root, 'src/a.c')).toEqual(['a_plain', 'a_var_0']);
    expect(variablesIn(root, 'src/b.c')).toEqual(['b_two_1', 'b_var_0']);
    expect(variablesIn(root, 'src/d.c')).toEqual(['d_var_0']);
    const { incremental, scratch } = await againFromScratch(root);
    expect(withoutResultOf(incremental, 'c.c')).toEqual(withoutResultOf(scratch, 'c.c'));
  });
});
