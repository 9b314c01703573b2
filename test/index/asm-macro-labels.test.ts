// Labels and symbol directives of an assembler file that C preprocessor macros write (Zephyr's GTEXT, GDATA and
// SECTION_FUNC family) are read from their expansions: the file defines what nm lists, and its branches are calls.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { findCallees } from '../../src/query/call-graph/call-sites.js';
import { isCompiled } from '../../src/query/is-compiled.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';
import { answerRows } from '../helpers/answer-rows.js';

describe('an assembler unit whose labels macros write', () => {
  let root: string;

  beforeAll(async () => {
    root = (await indexedFixture(['index', 'asm-macro-labels'])).root;
  });

  it('defines what nm lists (T cpu_idle, T reset_entry, t idle_local, D idle_count), at the macro invocations', () => {
    const symbols = withProject(root, (ctx) => listSymbols(ctx, { file: 'src/idle.S' }).symbols);
    expect(symbols.map((s) => `${s.kind} ${s.name} ${s.line}:${s.column}`)).toEqual([
      'function cpu_idle 11:20',
      'function reset_entry 16:43',
      'function idle_local 21:20',
      'varglobal idle_count 24:19',
    ]);
  });

  it('reads the branches under a macro-placed label as its calls', () => {
    const callees = (fn: string) => answerRows(withProject(root, (ctx) => findCallees(ctx, { name: fn }))).map((c) => c.callee);
    expect(callees('cpu_idle')).toEqual(['idle_hook']);
    expect(callees('reset_entry')).toEqual(['cpu_idle', 'idle_local']);
  });

  it('parses as C only the lines of a shared header its C units compile; the assembler part stays compiled', () => {
    const symbols = withProject(root, (ctx) => listSymbols(ctx, { file: 'include/exc.h' }).symbols);
    // `GTEXT(cpu_idle)` read as C was a variable cpu_idle and one named `function`.
    expect(symbols.map((s) => `${s.kind} ${s.name} ${s.line} ${s.is_definition ? 'definition' : 'declaration'}`)).toEqual(['function cpu_idle 9 declaration']);
    const line7 = withProject(root, (ctx) => isCompiled(ctx, { file: 'include/exc.h', line: 7 }));
    expect(line7.builds.map((b) => b.status)).toEqual(['compiled']);
  });

  it('parses the shared header the same way after an edit of it', async () => {
    const before = withProject(root, (ctx) => listSymbols(ctx, { file: 'include/exc.h' }).symbols).map((s) => `${s.kind} ${s.name}`);
    fs.appendFileSync(path.join(root, 'include', 'exc.h'), '/* edited */\n');
    await indexProject({ root });
    expect(withProject(root, (ctx) => listSymbols(ctx, { file: 'include/exc.h' }).symbols).map((s) => `${s.kind} ${s.name}`)).toEqual(before);
  });
});
