// A language's macro set makes its blanked macros and its table when first read, once: the same answers as made
// at once.
import { describe, expect, it } from 'vitest';
import { blankableMacros } from '../../src/indexer/blank-macros.js';
import { macroSetOf } from '../../src/indexer/language-macros.js';
import { BuildMacroTable } from '../../src/preprocessor/macro-invocations.js';
import type { MacroRecord } from '../../src/preprocessor/api.js';

const record = (name: string, value: string, line: number, params: string | null = null): MacroRecord => ({ name, params, value, functionLike: params !== null, file: 'inc/m.h', line, expandedValue: value });

describe('a macro set', () => {
  const records = [record('WEAK', '', 1), record('N', '4', 2), record('CALL', 'f(x)', 3, 'x'), record('EMPTY_FN', '', 4, 'x')];

  it('answers what blankableMacros and BuildMacroTable make, each made once when first read', () => {
    const set = macroSetOf(records);
    expect(set.records).toBe(records);
    const table = set.macroTable;
    expect(set.macroTable).toBe(table);
    expect(table.digest).toBe(new BuildMacroTable(records).digest);
    const blankable = set.blankable;
    expect(set.blankable).toBe(blankable);
    expect([...blankable.objectLike].sort()).toEqual([...blankableMacros(records).objectLike].sort());
    expect([...blankable.functionLike].sort()).toEqual([...blankableMacros(records).functionLike].sort());
    expect(blankable.objectLike.has('WEAK')).toBe(true);
  });
});
