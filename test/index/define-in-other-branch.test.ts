// A #define applies only where a view that reached it compiles the text: not to the `#else` of the `#ifdef` it sits
// in, which another unit reads (ThreadX's `VOID _tx_block_pool_initialize(VOID);` under
// `#ifndef TX_INVOKE_INLINE_INITIALIZATION`), nor to a unit that read the header without reaching it; its uses are
// not blanked there either. Edits that move which unit reaches it patch the index to a from-scratch index's rows.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexProject, type IndexResult } from '../../src/indexer/index-project.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { againFromScratch } from '../helpers/build-record-rows.js';
import { replaceInFile } from '../helpers/edit-file.js';
import { indexedFixture } from '../helpers/fixture-project.js';

const symbols = (root: string) =>
  withProject(root, (ctx) => listSymbols(ctx, {}).symbols)
    .filter((s) => s.kind !== 'macro')
    .map((s) => `${s.file}:${s.line} ${s.kind} ${s.name}${s.is_definition ? ' def' : ''}`)
    .sort();

const messages = (r: IndexResult) => [...r.diagnostics, ...r.builds.flatMap((b) => b.diagnostics)].map((d) => `${d.file}:${d.line ?? ''} ${d.message}`);

const DECLARED = [
  'include/pool.h:10 function pool_reset',
  'include/pool.h:11 varglobal pool_limit',
  'include/pool.h:13 varglobal pool_count',
  'include/pool.h:9 function pool_initialize',
  'src/init.c:4 function system_init def',
  'src/pool.c:3 varglobal pool_count def',
  'src/pool.c:4 varglobal pool_limit def',
  'src/pool.c:6 function pool_initialize def',
  'src/pool.c:8 function pool_reset def',
];

describe('a header defining macros under #ifdef, declaring the functions in its #else', () => {
  let root: string;
  let first: IndexResult;

  beforeAll(async () => {
    ({ root, result: first } = await indexedFixture(['index', 'define-in-other-branch']));
  });

  it('reads the #else declarations and the other unit as the compiler does', () => {
    expect(messages(first)).toEqual([]);
    expect(symbols(root).filter((s) => !s.includes(' def') || s.startsWith('src/'))).toEqual(DECLARED);
  });

  it('re-indexes to the rows of a from-scratch index when the unit defining the selector drops it and takes it again', async () => {
    const init = path.join(root, 'src', 'init.c');
    replaceInFile(init, '#define POOL_INLINE_INIT\n', '\n');
    await indexProject({ root });
    expect(symbols(root)).toEqual(DECLARED);
    const once = await againFromScratch(root);
    expect(once.incremental).toEqual(once.scratch);
    replaceInFile(init, '\n#include "pool.h"', '#define POOL_INLINE_INIT\n#include "pool.h"');
    const again = await indexProject({ root });
    expect(messages(again)).toEqual([]);
    expect(symbols(root)).toEqual(DECLARED);
    const twice = await againFromScratch(root);
    expect(twice.incremental).toEqual(twice.scratch);
  });

  it('patches to the rows of a from-scratch index when the #else branch is edited', async () => {
    const header = path.join(root, 'include', 'pool.h');
    replaceInFile(header, 'void pool_reset(void);\n', 'void pool_reset(void);\nvoid pool_drain(void);\n');
    const edited = await indexProject({ root });
    expect(edited.builds[0].patched).toBe(true);
    expect(messages(edited)).toEqual([]);
    expect(symbols(root)).toContain('include/pool.h:11 function pool_drain');
    expect(symbols(root)).toContain('include/pool.h:10 function pool_reset');
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
  });
});
