// Which macro uses the call extractor gets expansions for: uses that call, declare or rename, or that write asm or
// (function-like) string literals, are recorded with their expansion; an object-like macro whose body is only
// literals and operators is settled once as writing nothing, its uses recorded by none, and a body that can fail
// (a bad `##`) still reports its failure.
import { describe, expect, it } from 'vitest';
import type { MacroRecord } from '../../src/preprocessor/api.js';
import { BuildMacroTable } from '../../src/preprocessor/build-macro-table.js';
import { findInvocations } from '../../src/preprocessor/macro-invocations.js';

const FILE = '/p/config.h';

function table(defs: [string, string | null, string][]): BuildMacroTable {
  const records: MacroRecord[] = defs.map(([name, params, value], i) => ({ name, params, value, functionLike: params !== null, file: FILE, line: i + 1, expandedValue: null, docstring: '' }) as MacroRecord);
  return new BuildMacroTable(records);
}

describe('findInvocations', () => {
  const t = table([
    ['LIMIT', null, '(40 * 2)'],
    ['EMPTY', null, ''],
    ['YIELD', null, 'vPortYield()'],
    ['RENAMED', null, 'real_name'],
    ['DECL', null, 'int made_here;'],
    ['BAD', null, '+ ## -'],
    ['CALL', '(x)', 'helper(x)'],
  ]);

  it('records uses that call, declare or rename, and none of the literal-only ones', () => {
    const text = 'void f(void) {\n  int a = LIMIT + LIMIT;\n  EMPTY;\n  YIELD;\n  RENAMED(a);\n  CALL(LIMIT);\n}\nDECL\n';
    const found = findInvocations(text, '/p/f.c', t);
    expect(found.invocations.map((i) => [i.name, i.line, i.expansion])).toEqual([
      ['YIELD', 4, 'vPortYield()'],
      ['RENAMED', 5, 'real_name'],
      ['CALL', 6, 'helper( (40 * 2) )'],
      ['DECL', 8, 'int made_here;'],
    ]);
    expect(found.diagnostics).toEqual([]);
  });

  it('answers __COUNTER__ by its uses so far in the file and __LINE__ by the line of the macro name, as gcc does', () => {
    const u = table([
      ['CAT2', '(a, b)', 'a ## b'],
      ['CAT', '(a, b)', 'CAT2(a, b)'],
      ['UNIQUE', '(x)', 'int CAT(x, __COUNTER__);'],
      ['AT_LINE', '(x)', 'int CAT(x, __LINE__);'],
    ]);
    // gcc -E of the same lines: int init_0; int init_1; int here_3; int there_4;
    const found = findInvocations('UNIQUE(init_)\nUNIQUE(init_)\nAT_LINE(here_)\nAT_LINE(there_\n)\n', '/p/f.c', u);
    expect(found.invocations.map((i) => i.expansion)).toEqual(['int init_0;', 'int init_1;', 'int here_3;', 'int there_4;']);
  });

  it('records asm statements and the string literals a function-like macro writes (text the parser cannot read unexpanded)', () => {
    const s = table([
      ['INIT', null, 'asm( "xorq %%r8, %%r8\\n"'],
      ['CORE', null, 'PART'],
      ['PART', null, '"addq $8, %%rsi\\n"'],
      ['ENC', '(regs)', '".byte 0x66," regs "\\n\\t"'],
      ['BIT', '(n)', '(1u << (n))'],
      ['xmm1', null, '"0xC1"'],
    ]);
    const text = 'void f(void) {\n  INIT\n  CORE\n  ENC(xmm1) : : );\n  int m = BIT(3);\n  puts("v" xmm1);\n}\n';
    expect(findInvocations(text, '/p/f.c', s).invocations.map((i) => [i.name, i.line, i.expansion])).toEqual([
      ['INIT', 2, 'asm( "xorq %%r8, %%r8\\n"'],
      ['ENC', 4, '".byte 0x66," "0xC1" "\\n\\t"'],
    ]);
  });

  it('still reports a body whose expansion fails', () => {
    const found = findInvocations('int x = BAD;\n', '/p/g.c', t);
    expect(found.invocations).toEqual([]);
    expect(found.diagnostics.map((d) => d.message)).toEqual([expect.stringContaining('macro BAD: pasting "+" and "-"')]);
  });
});

describe('BuildMacroTable.lookup', () => {
  const record = (name: string, value: string, file: string, line: number) => ({ name, params: null, value, functionLike: false, file, line, expandedValue: null, docstring: '' }) as MacroRecord;
  const t = new BuildMacroTable([
    record('ONCE', '1', '/p/a.h', 3),
    record('TWICE', '2', '/p/b.h', 5),
    record('TWICE', '3', '/p/a.h', 7),
    record('TWICE', '4', '/p/a.h', 9),
  ]);

  it('answers a name defined once, and of several definitions the file\'s own last one above the line, else the first elsewhere in (file, line) order', () => {
    expect(t.size).toBe(2);
    expect(t.lookup('ONCE', '/p/c.c', 1)?.valueText).toBe('1');
    expect(t.lookup('ONCE', '/p/a.h', 2)).toBeUndefined();
    expect(t.lookup('TWICE', '/p/a.h', 8)?.valueText).toBe('3');
    expect(t.lookup('TWICE', '/p/a.h', 10)?.valueText).toBe('4');
    expect(t.lookup('TWICE', '/p/a.h', 6)?.valueText).toBe('2');
    expect(t.lookup('TWICE', '/p/c.c', 1)?.valueText).toBe('3');
    expect(t.lookup('NONE', '/p/c.c', 1)).toBeUndefined();
  });
});

describe('BuildMacroTable.values', () => {
  const record = (name: string, expandedValue: string | null, file: string, line: number) => ({ name, params: null, value: expandedValue ?? 'x', functionLike: false, file, line, expandedValue }) as MacroRecord;
  // In the order a build's records come in: a later file first, a name's last integer value wins.
  const records = [
    record('ONE', '1', '/p/b.h', 2),
    record('NEG', '-4', '/p/b.h', 3),
    record('TEXT', 'foo', '/p/b.h', 4),
    record('TWICE', '5', '/p/b.h', 5),
    record('TWICE', '6', '/p/a.h', 9),
    record('LATE', 'bar', '/p/b.h', 6),
    record('LATE', '7', '/p/a.h', 1),
    record('THEN_TEXT', '8', '/p/b.h', 7),
    record('THEN_TEXT', 'baz', '/p/a.h', 2),
    record('NEVER', null, '/p/b.h', 8),
    record('NEVER', 'qux', '/p/a.h', 3),
  ];
  const t = new BuildMacroTable(records);
  /** What a Map filled from the records in their order held. */
  const expected = new Map<string, string>();
  for (const r of records) if (r.expandedValue !== null && /^-?\d+$/.test(r.expandedValue)) expected.set(r.name, r.expandedValue);

  it('answers what a map of the integer values set in the records\' order holds, from the table\'s own map', () => {
    expect(Object.fromEntries(t.values)).toEqual(Object.fromEntries(expected));
    expect(t.values.size).toBe(expected.size);
    for (const name of ['ONE', 'NEG', 'TEXT', 'TWICE', 'LATE', 'THEN_TEXT', 'NEVER', 'NONE']) {
      expect(t.values.get(name)).toBe(expected.get(name));
      expect(t.values.has(name)).toBe(expected.has(name));
    }
  });

  it('keeps the lookup order of a name defined several times', () => {
    // By (file, line): a.h's definition first, as when all records were sorted before being put by name.
    expect(t.lookup('TWICE', '/p/c.c', 1)?.valueText).toBe('6');
    expect(t.lookup('LATE', '/p/b.h', 9)?.valueText).toBe('bar');
  });
});
