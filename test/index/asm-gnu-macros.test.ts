// Functions an assembler file writes with macros of the assembler (`.macro`) defined in a file it includes (the Pico
// SDK's regular_func, wrapper_func...): the file defines what nm lists, at the invocations, with their calls.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { findCallees } from '../../src/query/call-graph/call-sites.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';
import { answerRows } from '../helpers/answer-rows.js';

describe('an assembler unit whose functions assembler macros write', () => {
  let root: string;

  beforeAll(async () => {
    root = (await indexedFixture(['index', 'asm-gnu-macros'])).root;
  });

  it('defines what nm lists (T reverse32, T __wrap___clzsi2, W count_leading, T popcount32, W isr_irq1, T isr_irq3, T __wrap___aeabi_dadd, T dsqrt, T dsqrt_fast; t bits_init after .thumb_func), at the invocations', () => {
    const symbols = withProject(root, (ctx) => listSymbols(ctx, { file: 'src/bit_ops.S' }).symbols);
    expect(symbols.map((s) => `${s.kind} ${s.name} ${s.line}`)).toEqual([
      'function reverse32 7',
      'function __wrap___clzsi2 11',
      'function count_leading 15',
      'function popcount32 19',
      'function isr_irq1 27',
      'function isr_irq3 28',
      'function __wrap___aeabi_dadd 32',
      'function dsqrt 34',
      'function dsqrt_fast 34',
      'function bits_init 39',
    ]);
  });

  it("decides the assembler's conditionals in a macro body: one label per handler the chip has, none past NUM_IRQS", () => {
    const symbols = withProject(root, (ctx) => listSymbols(ctx, { file: 'src/bit_ops.S' }).symbols);
    expect(symbols.filter((s) => s.name.startsWith('isr_')).map((s) => `${s.name} ${s.signature}`)).toEqual(['isr_irq1 .weak isr_irq1:', 'isr_irq3 isr_irq3:']);
  });

  it('reads a local label `.thumb_func` marks as a function (nm: t bits_init), not a plain local label (t local_loop)', () => {
    const symbols = withProject(root, (ctx) => listSymbols(ctx, { file: 'src/bit_ops.S' }).symbols);
    expect(symbols.filter((s) => s.line >= 39).map((s) => `${s.kind} ${s.name} ${s.line}`)).toEqual(['function bits_init 39']);
    const callees = answerRows(withProject(root, (ctx) => findCallees(ctx, { name: 'bits_init' }))).map((c) => c.callee);
    expect(callees).toEqual(['reverse32']);
  });

  it('reads no symbol from the macro definitions themselves', () => {
    expect(withProject(root, (ctx) => listSymbols(ctx, { file: 'include/asm_helper.S' }).symbols)).toEqual([]);
  });

  it('reads the branches under a macro-written label as its calls', () => {
    const callees = (fn: string) => answerRows(withProject(root, (ctx) => findCallees(ctx, { name: fn }))).map((c) => c.callee);
    expect(callees('__wrap___clzsi2')).toEqual(['count_leading']);
    expect(callees('popcount32')).toEqual(['reverse32']);
  });

  it('follows an edit of the macro definitions on the next index', async () => {
    const helper = path.join(root, 'include/asm_helper.S');
    fs.writeFileSync(helper, fs.readFileSync(helper, 'utf8').replace('regular_func WRAPPER_FUNC_NAME(\\x)', 'regular_func WRAPPER_FUNC_NAME(\\x)\\()_v2'));
    await indexProject({ root });
    const symbols = withProject(root, (ctx) => listSymbols(ctx, { file: 'src/bit_ops.S' }).symbols);
    expect(symbols.map((s) => s.name)).toEqual(['reverse32', '__wrap___clzsi2_v2', 'count_leading', 'popcount32', 'isr_irq1', 'isr_irq3', '__wrap___aeabi_dadd_v2', 'dsqrt', 'dsqrt_fast', 'bits_init']);
  });
});
