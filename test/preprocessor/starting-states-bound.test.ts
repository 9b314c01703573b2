// A compiler's starting states (its macros with a unit's -D/-U options) are kept for the units set up alike, the least
// recently used let go past a bound: a build's own states stay shared however many other builds' states came after.
import { describe, expect, it } from 'vitest';
import type { CompileUnit } from '../../adapters/contract.js';
import { ImplicitMacroProvider } from '../../src/preprocessor/implicit-macros.js';
import { setUpUnit } from '../../src/preprocessor/unit-environment.js';

const provider = new ImplicitMacroProvider({ useRealCompiler: false });
const unit = (board: number): CompileUnit => ({
  file: '/p/a.c',
  directory: '/p/build',
  arguments: ['arm-none-eabi-gcc', `-DBOARD=${board}`, '-c', '/p/a.c'],
});
const envOf = (board: number) => setUpUnit(unit(board), provider).env;

describe('starting states kept per compiler', () => {
  it('keeps a state used while others are made and lets go of one left unused', () => {
    const used = envOf(1);
    const unused = envOf(2);
    for (let board = 100; board < 160; board++) {
      envOf(board);
      expect(envOf(1)).toBe(used);
    }
    expect(envOf(2)).not.toBe(unused);
    expect([...envOf(2)]).toEqual([...unused]);
  });
});
