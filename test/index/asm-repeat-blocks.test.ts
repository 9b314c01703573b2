// Symbols and vector slots that GNU as repeat blocks (`.rept`, `.irp`, `.irpc` ... `.endr`) and the macro counter `\@`
// write: the file defines what nm lists for its object (checked against the assembler where it is installed).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { findCallees, findCallers } from '../../src/query/call-graph/call-sites.js';
import { getVectorTable } from '../../src/query/call-graph/vector-table.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { answerRows } from '../helpers/answer-rows.js';
import { hasTool, indexedFixture, tempDir } from '../helpers/fixture-project.js';

const FILE = 'src/repeat.S';
const rowsOf = (root: string) => withProject(root, (ctx) => listSymbols(ctx, { file: FILE }).symbols).map((s) => `${s.kind} ${s.name} ${s.line}`);

/** The symbols nm lists as defined in the fixture's object, as `T name` (the assembler as the oracle). */
function nmSymbols(root: string): string[] {
  const obj = path.join(tempDir(), 'repeat.S.o');
  execFileSync('arm-none-eabi-gcc', ['-mcpu=cortex-m0plus', '-mthumb', `-I${root}/include`, '-c', path.join(root, FILE), '-o', obj]);
  const out = execFileSync('arm-none-eabi-nm', ['--defined-only', obj], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((l) => l.split(' '))
    .filter((p) => p.length === 3 && !p[2].startsWith('$'))
    .map((p) => `${p[1]} ${p[2]}`)
    .sort();
}

describe('an assembler unit whose symbols repeat blocks and \\@ labels write', () => {
  let root: string;

  beforeAll(async () => {
    root = (await indexedFixture(['index', 'asm-repeat-blocks'])).root;
  });

  it('defines what nm lists, at the line of the invocation or block that writes it', () => {
    // nm: T negate64, t l1_1, t l2_1 (dneg's `l\@_1`), T uart_rx, T uart_tx (`.irp` in a macro), T timer0_isr,
    // T timer1_isr (`.irp`), T port_a, T port_b (`.irpc`), T empty_list (`.irp` with no value: once, empty),
    // T kept_func (not dropped_func: `.exitm`), none for `.rept 0`, T default_handler, t l19_1, t l20_1 (`.rept
    // NUM_SLOTS` of dneg: `\@` counts every macro executed before, nested and in blocks), R vector_table.
    expect(rowsOf(root)).toEqual([
      'function negate64 7',
      'function l1_1 8',
      'function l2_1 9',
      'function uart_rx 12',
      'function uart_tx 12',
      'function timer0_isr 14',
      'function timer1_isr 14',
      'function port_a 20',
      'function port_b 20',
      'function empty_list 25',
      'function kept_func 33',
      'function default_handler 36',
      'function l19_1 37',
      'function l20_1 37',
      'varglobal vector_table 44',
    ]);
  });

  it.skipIf(!hasTool('arm-none-eabi-gcc') || !hasTool('arm-none-eabi-nm'))('matches the assembler: nm lists the same names', () => {
    const indexed = withProject(root, (ctx) => listSymbols(ctx, { file: FILE }).symbols).map((s) => `${s.kind === 'function' ? (/^l\d/.test(s.name) ? 't' : 'T') : 'R'} ${s.name}`);
    expect(nmSymbols(root)).toEqual(indexed.sort());
  });

  it('reads a `.rept` of `.word`s as that many vector slots, and the slots after it numbered on', () => {
    const slots = answerRows(withProject(root, (ctx) => getVectorTable(ctx, {}))).map((s) => `${s.slot} ${s.handler} ${s.line}`);
    expect(slots).toEqual(['0 reset_handler 45', '1 default_handler 46', '2 default_handler 46', '3 last_handler 49']);
  });

  it('reads the branches of a block once per iteration, under the label that iteration writes', () => {
    const callers = answerRows(withProject(root, (ctx) => findCallers(ctx, { name: 'negate64' }))).filter((c) => c.file === FILE).map((c) => `${c.caller} ${c.line}`);
    expect(callers).toEqual(['timer0_isr 14', 'timer1_isr 14']);
  });

  it('expands macros a repeat block defines (ret, ret_s from `.irp sfx,,_s`)', () => {
    const callees = (fn: string) => answerRows(withProject(root, (ctx) => findCallees(ctx, { name: fn }))).map((c) => c.callee);
    expect(callees('timer0_isr')).toEqual(['negate64', 'trace_exit']);
    expect(callees('port_b')).toEqual(['trace_exit_s']);
  });

  it('follows an edit of a block on the next index: one more iteration, the `\\@` labels after it renumbered', async () => {
    const file = path.join(root, FILE);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('.irp n, 0, 1', '.irp n, 0, 1, 2'));
    await indexProject({ root });
    const rows = rowsOf(root);
    expect(rows.filter((r) => /timer|l\d/.test(r))).toEqual([
      'function l1_1 8',
      'function l2_1 9',
      'function timer0_isr 14',
      'function timer1_isr 14',
      'function timer2_isr 14',
      'function l21_1 37',
      'function l22_1 37',
    ]);
  });
});
