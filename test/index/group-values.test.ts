// The integer macro values read through a build's macro groups answer as the table of all their records does.
import { describe, expect, it } from 'vitest';
import type { MacroGroup } from '../../src/index/index-writer.js';
import type { MacroRecord } from '../../src/preprocessor/api.js';
import { BuildMacroTable } from '../../src/preprocessor/build-macro-table.js';
import { GroupValues } from '../../src/indexer/group-values.js';

const rec = (name: string, value: string, file: string, line: number): MacroRecord => ({ name, params: null, value, expandedValue: value, functionLike: false, file, line });

describe('GroupValues', () => {
  const groups: MacroGroup[] = [
    { hash: 'a', file: 'b.h', records: [rec('N', '4', 'b.h', 1), rec('TWICE', '1', 'b.h', 2), rec('TWICE', '2', 'b.h', 9), rec('TEXT', 'x', 'b.h', 3)] },
    { hash: 'b', file: 'a.h', records: [rec('TWICE', 'later', 'a.h', 1), rec('MIXED', '7', 'a.h', 2), rec('NEG', '-3', 'a.h', 3)] },
    { hash: 'c', file: '<command-line>', records: [rec('MIXED', 'y', '<command-line>', 0), rec('LAST', '10', '<command-line>', 0)] },
  ];
  const table = new BuildMacroTable(groups.flatMap((g) => g.records)).values;
  const values = new GroupValues(groups);

  it('answers each name as the table of every record does', () => {
    for (const name of ['N', 'TWICE', 'TEXT', 'MIXED', 'NEG', 'LAST', 'NONE']) {
      expect([name, values.get(name), values.has(name)]).toEqual([name, table.get(name), table.has(name)]);
    }
  });

  it('lists the same values', () => {
    expect(values.size).toBe(table.size);
    expect(new Map(values)).toEqual(new Map(table));
  });
});
