// `.include`s in branches of the assembler's conditionals: those of a branch the assembler skips are not read (no
// labels of theirs, no warning for a file missing). Expected names as arm-none-eabi-nm lists them (checked against
// the assembler where it is installed).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IndexResult } from '../../src/indexer/index-project.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { hasTool, indexedFixture, tempDir } from '../helpers/fixture-project.js';

const functionsOf = (root: string, file: string) =>
  withProject(root, (ctx) => listSymbols(ctx, { file }).symbols)
    .filter((s) => s.kind === 'function')
    .map((s) => `${s.name} ${s.line}`);
const withAssembler = hasTool('arm-none-eabi-gcc') && hasTool('arm-none-eabi-nm');

describe('`.include`s in conditional branches', () => {
  let root: string;
  let result: IndexResult;
  beforeAll(async () => {
    ({ root, result } = await indexedFixture(['index', 'asm-include-if']));
  });

  it('reads the files of the branches taken only', () => {
    // nm (unit.S.o): T a_fn, T c_fn, T unit_fn; b.inc (under `.if USE_B`, USE_B = 0, and the `.else` of a true `.if`)
    // is not read. c.inc stands under `.ifdef`, which is not decided: its branch is read, as the assembler does here.
    expect(functionsOf(root, 'include/a.inc')).toEqual(['a_fn 5']);
    expect(functionsOf(root, 'include/b.inc')).toEqual([]);
    expect(functionsOf(root, 'include/c.inc')).toEqual(['c_fn 5']);
    expect(functionsOf(root, 'src/unit.S')).toEqual(['unit_fn 24']);
  });

  it('warns for no file named in a branch skipped', () => {
    // arm-none-eabi-as assembles the unit without an error: missing.inc and gone.inc are never opened.
    const warned = result.builds.flatMap((b) => b.diagnostics).filter((d) => /missing\.inc|gone\.inc/.test(d.message));
    expect(warned).toEqual([]);
  });

  it.skipIf(!withAssembler)('matches the assembler', () => {
    const obj = path.join(tempDir(), 'unit.S.o');
    execFileSync('arm-none-eabi-gcc', ['-mcpu=cortex-m0plus', '-mthumb', `-I${path.join(root, 'include')}`, '-o', obj, '-c', path.join(root, 'src/unit.S')]);
    const out = execFileSync('arm-none-eabi-nm', ['--defined-only', obj], { encoding: 'utf8' });
    const functions = out.split('\n').map((l) => l.split(' ')).filter((p) => p[1] === 'T').map((p) => p[2]).sort();
    expect(functions).toEqual(['a_fn', 'c_fn', 'unit_fn']);
    expect(fs.existsSync(path.join(root, 'include/missing.inc'))).toBe(false);
  });
});
