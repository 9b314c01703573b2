// A language's macro set makes its blanked macros and its table when first read, once: the same answers as made
// at once. A table makes its digest when first read: one read for its values only hashes nothing.
import { describe, expect, it, vi } from 'vitest';
import { blankableMacros } from '../../src/indexer/blank-macros.js';
import { macroSetOf } from '../../src/indexer/language-macros.js';
import { BuildMacroTable } from '../../src/preprocessor/build-macro-table.js';
import type { MacroRecord } from '../../src/preprocessor/api.js';

const hashes = vi.hoisted(() => ({ made: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof import('node:crypto')>();
  return {
    ...crypto,
    createHash: (...args: Parameters<typeof crypto.createHash>) => {
      hashes.made++;
      return crypto.createHash(...args);
    },
  };
});

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

  it('a table read for its values only never hashes its records; its digest is made once, when first read', () => {
    const table = new BuildMacroTable(records);
    hashes.made = 0;
    expect(table.values.get('N')).toBe('4');
    expect(hashes.made).toBe(0);
    const digest = table.digest;
    expect(hashes.made).toBe(1);
    expect(table.digest).toBe(digest);
    expect(hashes.made).toBe(1);
    expect(new BuildMacroTable([...records].reverse()).digest).toBe(digest);
  });
});
