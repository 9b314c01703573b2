// Labels in files GNU as `.include` reads: the assembler writes them into the object of the unit including them, so
// they are the build's symbols at their own file and line; and an included file (`.include` or `#include`) sees the
// macros defined before its inclusion only. Expected names as arm-none-eabi-nm lists them (checked against the
// assembler where it is installed).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { withProject } from '../../src/query/project-context.js';
import { hasTool, indexedFixture, runCli, tempDir } from '../helpers/fixture-project.js';

const rowsOf = (root: string, file: string) => withProject(root, (ctx) => listSymbols(ctx, { file }).symbols).map((s) => `${s.kind} ${s.name} ${s.line}`);
const namesOf = (root: string, file: string) => withProject(root, (ctx) => listSymbols(ctx, { file }).symbols).map((s) => s.name);
const definedAt = (root: string, name: string) =>
  (withProject(root, (ctx) => lookupSymbol(ctx, { name })) as Record<string, unknown>[]).filter((r) => 'kind' in r && r.is_definition).map((r) => `${String(r.file)}:${String(r.line)}`);
const withAssembler = hasTool('arm-none-eabi-gcc') && hasTool('arm-none-eabi-nm');

/** The names nm lists as defined in the object of unit `file`, compiled as the fixture's compile command says. */
function nmNames(root: string, file: string): string[] {
  const obj = path.join(tempDir(), `${path.basename(file)}.o`);
  const entries = JSON.parse(fs.readFileSync(path.join(root, 'build/compile_commands.json'), 'utf8').replaceAll('@FIXTURE_ROOT@', root)) as { directory: string; command: string; file: string }[];
  const entry = entries.find((e) => e.file === path.join(root, file))!;
  const argv = entry.command.split(' ').slice(1).map((a) => (a.endsWith('.o') ? obj : a));
  execFileSync('arm-none-eabi-gcc', argv, { cwd: entry.directory });
  const out = execFileSync('arm-none-eabi-nm', ['--defined-only', obj], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((l) => l.split(' '))
    .filter((p) => p.length === 3 && !p[2].startsWith('$'))
    .map((p) => p[2])
    .sort();
}

describe('labels of a file `.include` reads', () => {
  let root: string;
  beforeAll(async () => {
    root = (await indexedFixture(['index', 'asm-include-labels'])).root;
  });

  it('are symbols of the build at the included file’s own lines', () => {
    // nm (main.S.o): T inc_entry, T m0_mark (both written by entry.inc), T main_fn, T woke1. third.S reads entry.inc
    // too, after three `mark`s: T m3_mark there (and its own T m0_mark at third.S:11).
    expect(rowsOf(root, 'include/entry.inc')).toEqual(['function inc_entry 5', 'function m0_mark 8', 'function m3_mark 8']);
    expect(rowsOf(root, 'src/main.S')).toEqual(['function main_fn 22', 'function woke1 23']);
    expect(definedAt(root, 'inc_entry')).toEqual(['include/entry.inc:5']);
    expect(definedAt(root, 'm0_mark').sort()).toEqual(['include/entry.inc:8', 'src/third.S:11']);
  });

  it('a file `.include` reads twice writes its `\\@` labels at each reading', () => {
    // nm (third.S.o): T m0_mark (third.S), T m1_mark, T m2_mark (twice.inc, read at each `.include`), T inc_entry,
    // T m3_mark (entry.inc), T m4_mark (third.S: the readings counted).
    expect(rowsOf(root, 'include/twice.inc')).toEqual(['function m1_mark 2', 'function m2_mark 2']);
    expect(rowsOf(root, 'src/third.S')).toEqual(['function m0_mark 11', 'function m4_mark 16']);
    expect(definedAt(root, 'm2_mark')).toEqual(['include/twice.inc:2']);
  });

  it('see only the macros defined before the `.include`', () => {
    // entry.inc's `wfe` is the instruction: main.S defines its `wfe` macro after including it (no woke0 there).
    expect(namesOf(root, 'include/entry.inc')).toEqual(['inc_entry', 'm0_mark', 'm3_mark']);
    expect(definedAt(root, 'woke1')).toEqual(['src/main.S:23']);
  });

  it('an #include of an assembler file sees only the macros defined before it too', () => {
    // early_wfe.S's `wfe` is the instruction: second.S defines its `wfe` macro after the #include. nm (second.S.o):
    // T early_fn, T second_fn, T second_woke0.
    expect(rowsOf(root, 'include/early_wfe.S')).toEqual(['function early_fn 5']);
    expect(rowsOf(root, 'src/second.S')).toEqual(['function second_fn 16', 'function second_woke0 17']);
  });

  it.skipIf(!withAssembler)('matches the assembler: nm lists the names the unit and the files it includes define', () => {
    expect(nmNames(root, 'src/main.S')).toEqual(['inc_entry', 'm0_mark', 'main_fn', 'woke1']);
    expect(nmNames(root, 'src/second.S')).toEqual(['early_fn', 'second_fn', 'second_woke0']);
    expect(nmNames(root, 'src/third.S')).toEqual(['inc_entry', 'm0_mark', 'm1_mark', 'm2_mark', 'm3_mark', 'm4_mark']);
    // Each name the index defines in the files the units read.
    const indexed = ['src/main.S', 'src/second.S', 'src/third.S', 'include/entry.inc', 'include/early_wfe.S', 'include/twice.inc'].flatMap((f) => namesOf(root, f));
    expect([...new Set(indexed)].sort()).toEqual([...new Set([...nmNames(root, 'src/main.S'), ...nmNames(root, 'src/second.S'), ...nmNames(root, 'src/third.S')])].sort());
  });

  it('a label written as is in a file one unit `.include`s twice: kept once, with the assembler’s error as a warning', async () => {
    const copy = (await indexedFixture(['index', 'asm-include-labels'])).root;
    fs.writeFileSync(path.join(copy, 'include/plain.inc'), '@ Read twice: GNU as rejects plain_fn the second time.\n  .global plain_fn\n  .type plain_fn, %function\n  .thumb_func\nplain_fn:\n  bx lr\n');
    fs.appendFileSync(path.join(copy, 'src/third.S'), '  .include "plain.inc"\n  .include "plain.inc"\n');
    const r = await indexProject({ root: copy });
    // arm-none-eabi-as: "plain.inc:5: Error: symbol `plain_fn' is already defined".
    const warned = r.builds.flatMap((b) => b.diagnostics).filter((d) => d.file.endsWith('include/plain.inc'));
    expect(warned.map((d) => [d.severity, d.line])).toEqual([['warning', 5]]);
    expect(warned[0].message).toMatch(/`plain_fn` is defined at each reading of this file in src\/third\.S/);
    expect(definedAt(copy, 'plain_fn')).toEqual(['include/plain.inc:5']);
  });

  it('a label written as is in a file one unit reads twice through a nested `.include`: warned too', async () => {
    const copy = (await indexedFixture(['index', 'asm-include-labels'])).root;
    fs.writeFileSync(path.join(copy, 'include/plain.inc'), '@ Read twice: GNU as rejects plain_fn the second time.\n  .global plain_fn\n  .type plain_fn, %function\n  .thumb_func\nplain_fn:\n  bx lr\n');
    fs.writeFileSync(path.join(copy, 'include/wrap.inc'), '@ Reads plain.inc again.\n  .include "plain.inc"\n');
    fs.appendFileSync(path.join(copy, 'src/third.S'), '  .include "plain.inc"\n  .include "wrap.inc"\n');
    const r = await indexProject({ root: copy });
    // arm-none-eabi-as: "plain.inc:5: Error: symbol `plain_fn' is already defined" (read from third.S, then from wrap.inc).
    const warned = r.builds.flatMap((b) => b.diagnostics).filter((d) => d.file.endsWith('include/plain.inc'));
    expect(warned.map((d) => [d.severity, d.line])).toEqual([['warning', 5]]);
    expect(warned[0].message).toMatch(/`plain_fn` is defined at each reading of this file in src\/third\.S/);
    expect(definedAt(copy, 'plain_fn')).toEqual(['include/plain.inc:5']);
  });

  it('a file read twice whose label stands under its guard (`.ifndef`): no warning', async () => {
    const copy = (await indexedFixture(['index', 'asm-include-labels'])).root;
    fs.writeFileSync(path.join(copy, 'include/guarded.inc'), '@ Guarded: the second reading skips its body.\n  .ifndef GUARDED_INC\n  .equ GUARDED_INC, 1\n  .global guarded_fn\n  .type guarded_fn, %function\n  .thumb_func\nguarded_fn:\n  bx lr\n  .endif\n');
    fs.appendFileSync(path.join(copy, 'src/third.S'), '  .include "guarded.inc"\n  .include "guarded.inc"\n');
    const r = await indexProject({ root: copy });
    // arm-none-eabi-as assembles it; nm lists T guarded_fn (and a GUARDED_INC).
    expect(r.builds.flatMap((b) => b.diagnostics).filter((d) => d.file.endsWith('include/guarded.inc'))).toEqual([]);
    expect(definedAt(copy, 'guarded_fn')).toEqual(['include/guarded.inc:7']);
  });

  it('an `.include` of a file not found: a warning at its line naming where the assembler looked; the rest is indexed, and the file once it appears', async () => {
    const copy = (await indexedFixture(['index', 'asm-include-labels'])).root;
    fs.appendFileSync(path.join(copy, 'src/third.S'), '  .include "missing.inc"\n  .global after_fn\n  .type after_fn, %function\n  .thumb_func\nafter_fn:\n  bx lr\n');
    // arm-none-eabi-as: "third.S:18: Error: can't open missing.inc for reading: No such file or directory".
    const cli = runCli(copy, ['index', '--json']);
    expect(cli.status).toBe(0);
    const builds = (JSON.parse(cli.stdout) as { builds: { diagnostics: { severity: string; file: string; line?: number; message: string; fix?: string }[] }[] }).builds;
    const warned = builds.flatMap((b) => b.diagnostics).filter((d) => d.message.includes('missing.inc'));
    expect(warned.map((d) => [d.severity, path.relative(copy, d.file), d.line])).toEqual([['warning', 'src/third.S', 18]]);
    expect(warned[0].message).toMatch(/^`\.include "missing\.inc"` names a file found in none of the folders the assembler searches \(the compile's directory, then -I and -Wa,-I: build, include\)/);
    expect(warned[0].fix).toBe('add the folder holding the file with -I or -Wa,-I, or correct the name');
    expect(rowsOf(copy, 'src/third.S')).toEqual(['function m0_mark 11', 'function m4_mark 16', 'function after_fn 22']);
    // The file made where -I points: the next run reads it (the build is not kept as it was).
    fs.writeFileSync(path.join(copy, 'include/missing.inc'), '  .global inc_new\n  .type inc_new, %function\n  .thumb_func\ninc_new:\n  bx lr\n');
    // `check` names it before the run.
    const check = JSON.parse(runCli(copy, ['check', '--json']).stdout) as { builds: { reasons: { code: string; file: string }[] }[] };
    expect(check.builds.flatMap((b) => b.reasons.map((x) => [x.code, x.file]))).toEqual([['header_appeared', 'include/missing.inc']]);
    const r = await indexProject({ root: copy });
    expect(r.builds.flatMap((b) => b.diagnostics).filter((d) => d.message.includes('missing.inc'))).toEqual([]);
    expect(definedAt(copy, 'inc_new')).toEqual(['include/missing.inc:4']);
  });

  it('an edit of the included file re-indexes its labels on the next run', async () => {
    const copy = (await indexedFixture(['index', 'asm-include-labels'])).root;
    const inc = path.join(copy, 'include/entry.inc');
    fs.writeFileSync(inc, fs.readFileSync(inc, 'utf8').replaceAll('inc_entry', 'inc_renamed').replace('  mark\n', '  nop\n  mark\n'));
    await indexProject({ root: copy });
    expect(rowsOf(copy, 'include/entry.inc')).toEqual(['function inc_renamed 5', 'function m0_mark 9', 'function m3_mark 9']);
    expect(definedAt(copy, 'inc_entry')).toEqual([]);
    expect(definedAt(copy, 'inc_renamed')).toEqual(['include/entry.inc:5']);
    // Unchanged since: the next run keeps the build.
    const again = await indexProject({ root: copy });
    expect(again.builds.every((b) => b.unchanged)).toBe(true);
  });

  it('an edit of the unit alone keeps the included file’s labels', async () => {
    const copy = (await indexedFixture(['index', 'asm-include-labels'])).root;
    fs.appendFileSync(path.join(copy, 'src/main.S'), '  .global tail_fn\n  .type tail_fn, %function\n  .thumb_func\ntail_fn:\n  bx lr\n');
    const r = await indexProject({ root: copy });
    expect(r.builds.map((b) => b.patched)).toEqual([true]);
    expect(rowsOf(copy, 'src/main.S')).toEqual(['function main_fn 22', 'function woke1 23', 'function tail_fn 28']);
    expect(rowsOf(copy, 'include/entry.inc')).toEqual(['function inc_entry 5', 'function m0_mark 8', 'function m3_mark 8']);
  });

  it('a C macro change keeps the included file’s parse (no C preprocessor reads it): the build is patched', async () => {
    const copy = (await indexedFixture(['index', 'asm-include-labels'])).root;
    const config = path.join(copy, 'include/config.h');
    const unit = path.join(copy, 'src/main.S');
    fs.writeFileSync(config, '#define TAIL_COUNT 1\n');
    fs.writeFileSync(unit, `#include "config.h"\n${fs.readFileSync(unit, 'utf8')}`);
    await indexProject({ root: copy });
    fs.appendFileSync(config, '#define OTHER_COUNT 2\n');
    const r = await indexProject({ root: copy });
    expect(r.builds.map((b) => b.patched)).toEqual([true]);
    expect(rowsOf(copy, 'include/entry.inc')).toEqual(['function inc_entry 5', 'function m0_mark 8', 'function m3_mark 8']);
  });
});

describe('a file two units include, each from its own `\\@` count', () => {
  let root: string;
  beforeAll(async () => {
    root = (await indexedFixture(['index', 'asm-include-two-units'])).root;
  });

  it('writes the labels of each unit’s reading (#include and `.include` alike)', () => {
    // nm (a.S.o): T m0_mark (marked.S), T m1_mark (marked.inc), T m2_mark (inner.inc). nm (b.S.o): T m0_mark,
    // T m1_mark (b.S), T m2_mark (marked.S), T m3_mark (marked.inc), T m4_mark (inner.inc).
    expect(rowsOf(root, 'include/marked.S')).toEqual(['function m0_mark 2', 'function m2_mark 2']);
    expect(rowsOf(root, 'include/marked.inc')).toEqual(['function m1_mark 2', 'function m3_mark 2']);
    expect(rowsOf(root, 'src/b.S')).toEqual(['function m0_mark 11', 'function m1_mark 13']);
  });

  it('writes the labels of each unit’s reading of a file the shared `.include` file includes', () => {
    // The second unit reaching marked.inc reads inner.inc too: m4_mark, as nm lists it for b.S.o.
    expect(rowsOf(root, 'include/inner.inc')).toEqual(['function m2_mark 2', 'function m4_mark 2']);
  });

  it.skipIf(!withAssembler)('matches the assembler: nm lists those names in each object', () => {
    expect(nmNames(root, 'src/a.S')).toEqual(['m0_mark', 'm1_mark', 'm2_mark']);
    expect(nmNames(root, 'src/b.S')).toEqual(['m0_mark', 'm1_mark', 'm2_mark', 'm3_mark', 'm4_mark']);
  });
});

describe('a file units with different search folders `.include`', () => {
  let root: string;
  beforeAll(async () => {
    root = (await indexedFixture(['index', 'asm-include-search-paths'])).root;
  });

  it('resolves its own `.include`s with the folders of each unit reading it', () => {
    // nm (a.S.o): T board_a_init; nm (b.S.o): T board_b_init (board.inc from -Wa,-I board-b).
    expect(rowsOf(root, 'board-a/board.inc')).toEqual(['function board_a_init 5']);
    expect(rowsOf(root, 'board-b/board.inc')).toEqual(['function board_b_init 5']);
  });

  it('warns for the unit whose folders hold no such file, naming those folders', async () => {
    const copy = (await indexedFixture(['index', 'asm-include-search-paths'])).root;
    fs.rmSync(path.join(copy, 'board-b/board.inc'));
    const r = await indexProject({ root: copy });
    const warned = r.builds.flatMap((b) => b.diagnostics).filter((d) => d.message.includes('board.inc'));
    expect(warned.map((d) => [path.relative(copy, d.file), d.line])).toEqual([['include/shared.inc', 2]]);
    expect(warned[0].message).toMatch(/: build, include, board-b\)/);
    expect(rowsOf(copy, 'board-a/board.inc')).toEqual(['function board_a_init 5']);
  });

  it('warns once for a file neither unit’s folders hold, naming all the folders searched', async () => {
    const copy = (await indexedFixture(['index', 'asm-include-search-paths'])).root;
    fs.rmSync(path.join(copy, 'board-a/board.inc'));
    fs.rmSync(path.join(copy, 'board-b/board.inc'));
    // arm-none-eabi-as fails both units: "shared.inc:2: Error: can't open board.inc for reading".
    const r = await indexProject({ root: copy });
    const warned = r.builds.flatMap((b) => b.diagnostics).filter((d) => d.message.includes('board.inc'));
    expect(warned.map((d) => [path.relative(copy, d.file), d.line])).toEqual([['include/shared.inc', 2]]);
    expect(warned[0].message).toMatch(/: build, include, board-a, board-b\)/);
  });

  it.skipIf(!withAssembler)('matches the assembler', () => {
    expect(nmNames(root, 'src/a.S')).toEqual(['board_a_init']);
    expect(nmNames(root, 'src/b.S')).toEqual(['board_b_init']);
  });
});
