// Assembler files whose symbols depend on the state GNU as keeps while it reads: labels before a macro invocation and
// `;`-separated statements, `.purgem` (and case-blind macro names), `.altmacro` mode, `\@` counting the macros the
// files an `#include` reads execute. Each file defines what nm lists for its object (checked against the assembler
// where it is installed).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { asIncludeDirs } from '../../src/indexer/assembler-dot-includes.js';
import { indexProject } from '../../src/indexer/index-project.js';
import { findCallees } from '../../src/query/call-graph/call-sites.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { answerRows } from '../helpers/answer-rows.js';
import { hasTool, indexedFixture, tempDir } from '../helpers/fixture-project.js';

const rowsOf = (root: string, file: string) => withProject(root, (ctx) => listSymbols(ctx, { file }).symbols).map((s) => `${s.kind} ${s.name} ${s.line}`);
const namesOf = (root: string, file: string) => withProject(root, (ctx) => listSymbols(ctx, { file }).symbols).map((s) => s.name);
const withAssembler = hasTool('arm-none-eabi-gcc') && hasTool('arm-none-eabi-nm');

/**
 * The names nm lists as defined in the object of `file`, sorted: absolute symbols (`.set irq, 0`) and plain local labels
 * the file itself writes (`plainLocal`, no functions of the file) left out.
 */
function nmNames(root: string, file: string, plainLocal: string[] = []): string[] {
  const obj = path.join(tempDir(), `${path.basename(file)}.o`);
  execFileSync('arm-none-eabi-gcc', ['-mcpu=cortex-m0plus', '-mthumb', `-I${root}/include`, '-c', path.join(root, file), '-o', obj]);
  const out = execFileSync('arm-none-eabi-nm', ['--defined-only', obj], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((l) => l.split(' '))
    .filter((p) => p.length === 3 && !p[2].startsWith('$') && p[1].toLowerCase() !== 'a' && !plainLocal.includes(p[2]))
    .map((p) => p[2])
    .sort();
}

describe('labels before an invocation, `;`-separated statements', () => {
  const FILE = 'src/statements.S';
  let root: string;
  beforeAll(async () => {
    root = (await indexedFixture(['index', 'asm-macro-statements'])).root;
  });

  it('expands an invocation after labels and each `;`-separated one, none in an `@` comment nor a branch not read; arguments by name, blanks by operators', () => {
    // nm: T entry_label, T after_label (`entry_label: fn after_label`), T after_two_labels, T semi_a, T semi_b,
    // t m4_mark, t m5_mark (`mark ; mark @ mark`: `\@` counts both, not the commented one), T before_comment (not
    // in_comment, in_comment_too), T after_insn (`nop ; fn after_insn`), T inline_global (`.global inline_global ;
    // inline_global:`), T after_numeric_label (`1: fn ...`), t m9_mark; T kw_one_a, T kw_two_b, T kw_three_c (arguments
    // given by name); T pre_op_blank_post (`sized_fn 2 -1 op_blank`: `2-1` and `op_blank`, written `pre_&name&_post`);
    // T plain_fn, T kept_fn (not extra_fn: `.if HAVE_EXTRA` after `.set HAVE_EXTRA, 0`).
    expect(rowsOf(root, FILE)).toEqual([
      'function entry_label 20',
      'function after_label 20',
      'function after_two_labels 21',
      'function semi_a 22',
      'function semi_b 22',
      'function m4_mark 23',
      'function m5_mark 23',
      'function before_comment 24',
      'function after_insn 25',
      'function inline_global 26',
      'function after_numeric_label 27',
      'function m9_mark 28',
      'function kw_one_a 38',
      'function kw_two_b 39',
      'function kw_three_c 40',
      'function pre_op_blank_post 53',
      'function plain_fn 60',
      'function kept_fn 63',
    ]);
  });

  it('reads a call after a `;` under the label before it', () => {
    const callees = answerRows(withProject(root, (ctx) => findCallees(ctx, { name: 'inline_global' }))).map((c) => c.callee);
    expect(callees).toEqual(['semi_a']);
  });

  it.skipIf(!withAssembler)('matches the assembler: nm lists the same names', () => {
    // local_a and local_b are plain local labels the file writes: no functions of the file.
    expect(nmNames(root, FILE, ['local_a', 'local_b'])).toEqual(namesOf(root, FILE).sort());
  });
});

describe('.purgem and case-blind macro names', () => {
  const FILE = 'src/purge.S';
  let root: string;
  beforeAll(async () => {
    root = (await indexedFixture(['index', 'asm-macro-purge'])).root;
  });

  it('expands each invocation with the definition it follows, and none after the last purge', () => {
    // nm: T first (the first `emit`, not the one defined after `.purgem`), T second_v2, T third_v2 (`EMIT`), T
    // wfi_macro3 (the `wfi` after `.purgem wfi` is the instruction).
    expect(rowsOf(root, FILE)).toEqual(['function first 14', 'function second_v2 24', 'function third_v2 25', 'function wfi_macro3 37']);
  });

  it.skipIf(!withAssembler)('matches the assembler: nm lists the same names', () => {
    expect(nmNames(root, FILE)).toEqual(namesOf(root, FILE).sort());
  });
});

describe('.altmacro', () => {
  const FILE = 'src/altmacro.S';
  let root: string;
  beforeAll(async () => {
    root = (await indexedFixture(['index', 'asm-altmacro'])).root;
  });

  it('reads `%expr`, `<text>`, bare names joined by `&` and LOCAL labels as the assembler does', () => {
    // nm: T irq0_handler, T irq1_handler, T irq2_handler (`irq_handler %irq` in a `.rept` that `.set`s irq), T
    // uart_main (`name&_&unit` with the default), T spi_8 (`<spi>, %(2 * 4)`), no `done` (a LOCAL name is `.LL0001`,
    // not in the symbol table; the definition's own lines are no code), t unit and T default_handler (after
    // `.noaltmacro` the bare `unit` is text).
    expect(rowsOf(root, FILE)).toEqual([
      'function irq0_handler 16',
      'function irq1_handler 16',
      'function irq2_handler 16',
      'function uart_main 32',
      'function spi_8 33',
      'function unit 45',
      'function default_handler 45',
    ]);
  });

  it('reads the branches an expansion writes under its label', () => {
    const callees = answerRows(withProject(root, (ctx) => findCallees(ctx, { name: 'irq1_handler' }))).map((c) => c.callee);
    expect(callees).toEqual(['default_handler']);
  });

  it.skipIf(!withAssembler)('matches the assembler: nm lists the same names', () => {
    expect(nmNames(root, FILE)).toEqual(namesOf(root, FILE).sort());
  });
});

describe('\\@ after an #include of a file that executes macros', () => {
  const FILE = 'src/counted.S';
  const HEADERS = ['include/count_helper.S', 'include/nested_helper.S', 'include/late_helper.S'];
  let root: string;
  beforeAll(async () => {
    root = (await indexedFixture(['index', 'asm-include-counter'])).root;
  });

  it('counts the executions of the included files before the file’s own, and starts a later included file past them', () => {
    // nm: T main_fn, t m4_mark (helper_one, nested_fn in the file the header includes, helper_two: three before),
    // T late_fn, t m6_mark (late_helper.S, included after main_fn and mark), T last_fn, t m8_mark, T pick_v1 (`pick`
    // as the header's `.if 1` branch defines it).
    expect(rowsOf(root, FILE)).toEqual(['function main_fn 5', 'function m4_mark 6', 'function last_fn 9', 'function m8_mark 10', 'function pick_v1 12']);
    expect(HEADERS.flatMap((h) => rowsOf(root, h))).toEqual(['function helper_one 19', 'function helper_two 22', 'function nested_fn 2', 'function late_fn 2', 'function m6_mark 3']);
  });

  it.skipIf(!withAssembler)('matches the assembler: nm lists the names the unit and the files it includes define', () => {
    expect(nmNames(root, FILE)).toEqual([FILE, ...HEADERS].flatMap((f) => namesOf(root, f)).sort());
  });

  it('follows an edit of the unit on the next index: one more execution before an #include renumbers the file it reads', async () => {
    const unit = path.join(root, FILE);
    fs.writeFileSync(unit, fs.readFileSync(unit, 'utf8').replace('    mark\n    bx lr\n#include', '    mark ; mark\n    bx lr\n#include'));
    await indexProject({ root });
    expect(rowsOf(root, FILE)).toEqual(['function main_fn 5', 'function m4_mark 6', 'function m5_mark 6', 'function last_fn 9', 'function m9_mark 10', 'function pick_v1 12']);
    expect(rowsOf(root, 'include/late_helper.S')).toEqual(['function late_fn 2', 'function m7_mark 3']);
    if (withAssembler) expect(nmNames(root, FILE)).toEqual([FILE, ...HEADERS].flatMap((f) => namesOf(root, f)).sort());
    fs.writeFileSync(unit, fs.readFileSync(unit, 'utf8').replace('    mark ; mark\n', '    mark\n'));
    await indexProject({ root });
    expect(rowsOf(root, 'include/late_helper.S')).toEqual(['function late_fn 2', 'function m6_mark 3']);
  });

  it('follows an edit of an included file on the next index: one more execution renumbers the unit’s label', async () => {
    const nested = path.join(root, 'include/nested_helper.S');
    fs.appendFileSync(nested, 'regfn nested_two\n    bx lr\n');
    await indexProject({ root });
    expect(rowsOf(root, FILE)).toEqual(['function main_fn 5', 'function m5_mark 6', 'function last_fn 9', 'function m9_mark 10', 'function pick_v1 12']);
    expect(rowsOf(root, 'include/late_helper.S')).toEqual(['function late_fn 2', 'function m7_mark 3']);
    if (withAssembler) expect(nmNames(root, FILE)).toEqual([FILE, ...HEADERS].flatMap((f) => namesOf(root, f)).sort());
  });
});

describe('the macros of the files a unit reads, in order', () => {
  let root: string;
  beforeAll(async () => {
    root = (await indexedFixture(['index', 'asm-unit-macros'])).root;
  });

  it("sees no other unit's definitions, and a header's from its #include on", () => {
    // nm: T first_fn, T first_woken0 (first.S's own `wfe`); T second_fn (its `wfe` the instruction: first.S's macro
    // is not read), T second_after, T late_woken0 (the `wfe` late_wfe.S defines, after the #include).
    expect(rowsOf(root, 'src/first.S')).toEqual(['function first_fn 17', 'function first_woken0 18']);
    expect(rowsOf(root, 'src/second.S')).toEqual(['function second_fn 9', 'function second_after 18', 'function late_woken0 19']);
  });

  it.skipIf(!withAssembler)('matches the assembler: nm lists the same names', () => {
    expect(nmNames(root, 'src/first.S')).toEqual(namesOf(root, 'src/first.S').sort());
    expect(nmNames(root, 'src/second.S')).toEqual(namesOf(root, 'src/second.S').sort());
  });
});

describe('files `.include` reads', () => {
  const FILE = 'src/main.S';
  let root: string;
  beforeAll(async () => {
    root = (await indexedFixture(['index', 'asm-dot-include'])).root;
  });

  it('reads the macros of the files the assembler finds in the compile directory, -I and -Wa,-I folders', () => {
    // nm: T inc_one, T wa_two, T local_three, T m4_mark (`\@` counts the `pad` fn_macros.inc executes).
    expect(rowsOf(root, FILE)).toEqual(['function inc_one 6', 'function wa_two 9', 'function local_three 12', 'function m4_mark 14']);
  });

  it('searches the -I folders gcc hands the assembler in every spelling, and takes no value of another flag for one', () => {
    const argv = ['gcc', '--include-directory=a', '-Xassembler', '-I', '-Xassembler', 'b', '-Wa,-Ic', '-o', '-Inot', '-iquote', 'q', '-I', 'd'];
    expect(asIncludeDirs(argv, '/w')).toEqual(['/w', '/w/a', '/w/b', '/w/c', '/w/d']);
  });

  it('an edit of a file .include reads, alone, is indexed on the next run (it is no unit input: its hash is kept apart)', async () => {
    const copy = (await indexedFixture(['index', 'asm-dot-include'])).root;
    expect(rowsOf(copy, FILE)).toContain('function m4_mark 14');
    // A second `pad` executed: nm would list m5_mark.
    fs.appendFileSync(path.join(copy, 'include/fn_macros.inc'), '  pad\n');
    await indexProject({ root: copy });
    expect(rowsOf(copy, FILE)).toEqual(['function inc_one 6', 'function wa_two 9', 'function local_three 12', 'function m5_mark 14']);
    // Unchanged since: the next run keeps the build.
    const again = await indexProject({ root: copy });
    expect(again.builds.every((b) => b.unchanged)).toBe(true);
  });

  it.skipIf(!withAssembler)('matches the assembler: nm lists the same names (compiled as the compile command says)', () => {
    const obj = path.join(tempDir(), 'main.o');
    const [entry] = JSON.parse(fs.readFileSync(path.join(root, 'build/compile_commands.json'), 'utf8').replaceAll('@FIXTURE_ROOT@', root)) as { directory: string; command: string }[];
    const argv = entry.command.split(' ').slice(1).map((a) => (a.endsWith('.o') ? obj : a));
    execFileSync('arm-none-eabi-gcc', argv, { cwd: entry.directory });
    const out = execFileSync('arm-none-eabi-nm', ['--defined-only', obj], { encoding: 'utf8' });
    const names = out.split('\n').map((l) => l.split(' ')).filter((p) => p.length === 3 && !p[2].startsWith('$')).map((p) => p[2]);
    expect(names.sort()).toEqual(namesOf(root, FILE).sort());
  });
});
