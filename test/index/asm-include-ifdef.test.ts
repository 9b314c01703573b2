// `.include`s under `.ifdef`/`.ifndef` and `.ifeqs`/`.ifnes`: decided where the symbol's state is known (set before
// for certain; named nowhere before in a unit's text read first, its command line giving no symbol). Expected names as
// arm-none-eabi-nm lists them (checked against the assembler where it is installed).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IndexResult } from '../../src/indexer/index-project.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { hasTool, indexedFixture, tempDir } from '../helpers/fixture-project.js';

const FILES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((n) => `include/${n}.inc`);
const functionsIn = (root: string, files: string[]) =>
  files.flatMap((file) => withProject(root, (ctx) => listSymbols(ctx, { file }).symbols).filter((s) => s.kind === 'function').map((s) => s.name)).sort();
const withAssembler = hasTool('arm-none-eabi-gcc') && hasTool('arm-none-eabi-nm');

/** The functions nm lists in the object of unit `file`, compiled as the fixture's commands do with `extra` flags. */
function nm(root: string, file: string, extra: string[]): string[] {
  const obj = path.join(tempDir(), `${path.basename(file)}.o`);
  execFileSync('arm-none-eabi-gcc', ['-mcpu=cortex-m0plus', '-mthumb', `-I${path.join(root, 'include')}`, ...extra, '-o', obj, '-c', path.join(root, file)], { cwd: path.join(root, 'build') });
  const out = execFileSync('arm-none-eabi-nm', ['--defined-only', obj], { encoding: 'utf8' });
  return out.split('\n').map((l) => l.split(' ')).filter((p) => p[1] === 'T').map((p) => p[2]).sort();
}

describe('`.include`s under `.ifdef` and `.ifeqs`', () => {
  let root: string;
  let result: IndexResult;
  beforeAll(async () => {
    ({ root, result } = await indexedFixture(['index', 'asm-include-ifdef']));
  });

  it('reads the files of the branches the assembler takes', () => {
    // nm (unit.S.o): T a_fn, T d_fn, T h_fn, T unit_fn; nm (given.S.o, -Wa,--defsym,GIVEN_SYM=1): T e_fn.
    expect(functionsIn(root, FILES)).toEqual(['a_fn', 'd_fn', 'e_fn', 'h_fn']);
    expect(functionsIn(root, ['src/unit.S'])).toEqual(['unit_fn']);
    expect(result.builds.flatMap((b) => b.diagnostics).filter((d) => d.severity !== 'info')).toEqual([]);
  });

  it('keeps both branches where a file read before may define the symbol', async () => {
    const copy = (await indexedFixture(['index', 'asm-include-ifdef'])).root;
    // After `.include "d.inc"`, NEVER_SYM may be defined there: the index reads c2.inc (the assembler does not here).
    fs.writeFileSync(path.join(copy, 'include/c2.inc'), '  .global c2_fn\n  .type c2_fn, %function\n  .thumb_func\nc2_fn:\n  bx lr\n');
    fs.appendFileSync(path.join(copy, 'src/unit.S'), '  .ifdef NEVER_SYM\n  .include "c2.inc"\n  .endif\n');
    const { indexProject } = await import('../../src/indexer/index-project.js');
    await indexProject({ root: copy });
    expect(functionsIn(copy, ['include/c2.inc'])).toEqual(['c2_fn']);
  });

  it('reads a value as not known where it was set in a branch not decided or a file read since may set it', async () => {
    const copy = (await indexedFixture(['index', 'asm-include-ifdef'])).root;
    const inc = (name: string) => `  .global ${name}\n  .type ${name}, %function\n  .thumb_func\n${name}:\n  bx lr\n`;
    fs.writeFileSync(path.join(copy, 'include/b2.inc'), inc('b2_fn'));
    fs.writeFileSync(path.join(copy, 'include/c2.inc'), inc('c2_fn'));
    fs.writeFileSync(path.join(copy, 'include/cfg.inc'), '  .set USE_C, 1\n');
    const given = ['.ifdef GIVEN_SYM', '.equ USE_B, 1', '.else', '.equ USE_B, 0', '.endif', '.if USE_B', '.include "b2.inc"', '.endif'];
    const reset = ['.set USE_C, 0', '.include "cfg.inc"', '.if USE_C', '.include "c2.inc"', '.endif'];
    fs.appendFileSync(path.join(copy, 'src/given.S'), [...given, ...reset].map((l) => `  ${l}\n`).join(''));
    // A macro invoked after the set may set it again.
    fs.writeFileSync(path.join(copy, 'include/d2.inc'), inc('d2_fn'));
    const invoked = ['.macro set_d', '.set USE_D, 1', '.endm', '.set USE_D, 0', 'set_d', '.if USE_D', '.include "d2.inc"', '.endif'];
    fs.appendFileSync(path.join(copy, 'src/unit.S'), invoked.map((l) => `  ${l}\n`).join(''));
    const { indexProject } = await import('../../src/indexer/index-project.js');
    await indexProject({ root: copy });
    // nm (given.S.o, -Wa,--defsym,GIVEN_SYM=1): T b2_fn (USE_B is 1), T c2_fn (cfg.inc sets USE_C to 1), T e_fn.
    // nm (unit.S.o): T d2_fn too (set_d sets USE_D to 1).
    expect(functionsIn(copy, ['include/b2.inc', 'include/c2.inc', 'include/d2.inc'])).toEqual(['b2_fn', 'c2_fn', 'd2_fn']);
    if (withAssembler) {
      expect(nm(copy, 'src/given.S', ['-Wa,--defsym,GIVEN_SYM=1'])).toEqual(['b2_fn', 'c2_fn', 'e_fn']);
      expect(nm(copy, 'src/unit.S', [])).toEqual(['a_fn', 'd2_fn', 'd_fn', 'h_fn', 'unit_fn']);
    }
  });

  it.skipIf(!withAssembler)('matches the assembler', () => {
    expect(nm(root, 'src/unit.S', [])).toEqual(['a_fn', 'd_fn', 'h_fn', 'unit_fn']);
    expect(nm(root, 'src/given.S', ['-Wa,--defsym,GIVEN_SYM=1'])).toEqual(['e_fn']);
  });
});
