// A macro use in code that units reaching different #defines of its file all compile reads each one's: the inline
// run() below `#ifdef FAST_PATH / #define CALL fast_op / #else / #define CALL slow_op / #endif` calls fast_op in the
// unit defining FAST_PATH and slow_op in the other, so its CALL() refs both (gcc -c and nm of each unit); a use one
// unit reads as an empty macro and the other as a call is not blanked. Edits that change which classes there are
// patch the index to a from-scratch index's rows.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { findReferences } from '../../src/query/find-references.js';
import { withProject } from '../../src/query/project-context.js';
import { againFromScratch } from '../helpers/build-record-rows.js';
import { replaceInFile } from '../helpers/edit-file.js';
import { indexedFixture } from '../helpers/fixture-project.js';

const CALLED = ['fast_op', 'slow_op', 'fast_step', 'slow_step', 'trace_on', 'TRACE', 'log_fast', 'LOG', 'NOTE'];

describe('a header whose #ifdef branches define CALL, STEP(n), LOG(x), TRACE(x) and NOTE(x) apart, above code both units compile', () => {
  let root: string;

  beforeAll(async () => {
    root = (await indexedFixture(['index', 'define-class-expansions'])).root;
  });

  const uses = () =>
    CALLED.flatMap((name) =>
      (withProject(root, (ctx) => findReferences(ctx, { name })) as unknown as Record<string, unknown>[])
        .filter((r) => 'in_symbol' in r)
        .map((r) => `${name} ${r.in_symbol} ${r.file}:${r.line}:${r.column} ${r.kind}`),
    ).sort();

  it("refs each unit's expansion at the shared uses, once each", () => {
    expect(uses()).toEqual([
      'NOTE run include/calls.h:20:67 call',
      'TRACE run include/calls.h:20:49 call',
      'fast_op fast_main src/fast.c:3:31 macro_call',
      'fast_op run include/calls.h:20:32 macro_call',
      'fast_step run include/calls.h:20:40 macro_call',
      'log_fast run include/calls.h:20:59 macro_call',
      'slow_op run include/calls.h:20:32 macro_call',
      'slow_op slow_main src/slow.c:2:31 macro_call',
      'slow_step run include/calls.h:20:40 macro_call',
      'trace_on run include/calls.h:20:49 macro_call',
    ]);
  });

  it('patches to the rows of a from-scratch index when both units take one branch, and when they part again', async () => {
    const slow = path.join(root, 'src', 'slow.c');
    replaceInFile(slow, '#include "calls.h"', '#define FAST_PATH\n#include "calls.h"');
    await indexProject({ root });
    expect(uses()).toEqual([
      'fast_op fast_main src/fast.c:3:31 macro_call',
      'fast_op run include/calls.h:20:32 macro_call',
      'fast_op slow_main src/slow.c:3:31 macro_call',
      'fast_step run include/calls.h:20:40 macro_call',
      'log_fast run include/calls.h:20:59 macro_call',
      'trace_on run include/calls.h:20:49 macro_call',
    ]);
    const once = await againFromScratch(root);
    expect(once.incremental).toEqual(once.scratch);
    replaceInFile(slow, '#define FAST_PATH\n', '');
    await indexProject({ root });
    expect(uses()).toContain('slow_op run include/calls.h:20:32 macro_call');
    expect(uses()).toContain('fast_op run include/calls.h:20:32 macro_call');
    const twice = await againFromScratch(root);
    expect(twice.incremental).toEqual(twice.scratch);
  });

  it('patches to the rows of a from-scratch index when the shared code is edited', async () => {
    const header = path.join(root, 'include', 'calls.h');
    replaceInFile(header, 'static inline void run(void) {', 'static inline void run(void) {\n  STEP(0);');
    const edited = await indexProject({ root });
    expect(edited.builds[0].patched).toBe(true);
    expect(uses()).toContain('fast_step run include/calls.h:21:3 macro_call');
    expect(uses()).toContain('slow_step run include/calls.h:21:3 macro_call');
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
  });
});
