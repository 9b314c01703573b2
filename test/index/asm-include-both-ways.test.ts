// A file one unit `#include`s and another `.include`s: one file to the assembler macro table, read at each `.include`
// and once per #include, from the count of the unit reading it. Expected names as arm-none-eabi-nm lists them
// (checked against the assembler where it is installed).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { hasTool, indexedFixture, tempDir } from '../helpers/fixture-project.js';

const rowsOf = (root: string, file: string) => withProject(root, (ctx) => listSymbols(ctx, { file }).symbols).map((s) => `${s.kind} ${s.name} ${s.line}`);
const withAssembler = hasTool('arm-none-eabi-gcc') && hasTool('arm-none-eabi-nm');

function nmNames(root: string, unit: string): string[] {
  const obj = path.join(tempDir(), `${path.basename(unit)}.o`);
  execFileSync('arm-none-eabi-gcc', ['-mcpu=cortex-m0plus', '-mthumb', `-I${path.join(root, 'include')}`, '-o', obj, '-c', path.join(root, unit)], { cwd: path.join(root, 'build') });
  const out = execFileSync('arm-none-eabi-nm', ['--defined-only', obj], { encoding: 'utf8' });
  return out.split('\n').map((l) => l.split(' ')).filter((p) => p[1] === 'T').map((p) => p[2]).sort();
}

describe('a file `#include`d by one unit and `.include`d by another', () => {
  let root: string;
  beforeAll(async () => {
    root = (await indexedFixture(['index', 'asm-include-both-ways'])).root;
  });

  it('writes the labels of each reading', () => {
    // nm (a.S.o): T m0_mark (both.S), T m1_mark (a.S). nm (b.S.o): T m0_mark, T m1_mark (both.S), T m2_mark (b.S).
    expect(rowsOf(root, 'include/both.S')).toEqual(['function m0_mark 2', 'function m1_mark 2']);
    expect(rowsOf(root, 'src/a.S')).toEqual(['function m1_mark 12']);
    expect(rowsOf(root, 'src/b.S')).toEqual(['function m2_mark 13']);
  });

  it('in either order of the units', async () => {
    const copy = (await indexedFixture(['index', 'asm-include-both-ways'])).root;
    const db = path.join(copy, 'build/compile_commands.json');
    fs.writeFileSync(db, JSON.stringify((JSON.parse(fs.readFileSync(db, 'utf8')) as unknown[]).reverse(), null, 2));
    const { indexProject } = await import('../../src/indexer/index-project.js');
    await indexProject({ root: copy });
    expect(rowsOf(copy, 'include/both.S')).toEqual(['function m0_mark 2', 'function m1_mark 2']);
    expect(rowsOf(copy, 'src/a.S')).toEqual(['function m1_mark 12']);
    expect(rowsOf(copy, 'src/b.S')).toEqual(['function m2_mark 13']);
  });

  it('one unit reading it both ways reads it twice', async () => {
    const copy = (await indexedFixture(['index', 'asm-include-both-ways'])).root;
    const a = path.join(copy, 'src/a.S');
    fs.writeFileSync(a, fs.readFileSync(a, 'utf8').replace('#include "both.S"\n', '#include "both.S"\n  .include "both.S"\n'));
    const { indexProject } = await import('../../src/indexer/index-project.js');
    await indexProject({ root: copy });
    // nm (a.S.o): T m0_mark (both.S by #include), T m1_mark (both.S by `.include`), T m2_mark (a.S).
    expect(rowsOf(copy, 'include/both.S')).toEqual(['function m0_mark 2', 'function m1_mark 2']);
    expect(rowsOf(copy, 'src/a.S')).toEqual(['function m2_mark 13']);
    if (withAssembler) expect(nmNames(copy, 'src/a.S')).toEqual(['m0_mark', 'm1_mark', 'm2_mark']);
  });

  it.skipIf(!withAssembler)('matches the assembler', () => {
    expect(nmNames(root, 'src/a.S')).toEqual(['m0_mark', 'm1_mark']);
    expect(nmNames(root, 'src/b.S')).toEqual(['m0_mark', 'm1_mark', 'm2_mark']);
  });
});
