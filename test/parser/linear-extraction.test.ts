// Extraction work grows linearly with file size: counted as syntax nodes entered, never as wall-clock time. The parser skips the inside of large
// literal tables, and what follows them is still found where it is. The call walk takes one by one only the nodes it reads.
import { describe, expect, it } from 'vitest';
import type { ExtractedSymbol } from '../../src/model/symbol.js';
import { extractCalls, type CallWalkStats } from '../../src/parser/extract-calls.js';
import { extractSymbols, type ExtractStats } from '../../src/parser/extract-symbols.js';
import { DATA_TABLE_MIN_CHARS, dataTableInsides, findDataTables } from '../../src/parser/data-tables.js';

type Shape = (n: number) => string;

const SHAPES: Record<string, Shape> = {
  'documented functions': (n) => Array.from({ length: n }, (_, i) => `/** Doc of f${i}. */\nint f${i}(int a) { return g(a + ${i}); }\n`).join(''),
  'enum with trailing docs': (n) => `enum big {\n${Array.from({ length: n }, (_, i) => `  E_${i} = ${i}, /**< value ${i} */\n`).join('')}};\n`,
  'struct with many fields': (n) => `struct big {\n${Array.from({ length: n }, (_, i) => `  int f_${i}; /**< field ${i} */\n`).join('')}};\n`,
  'one function of many calls': (n) => `void big(void) {\n${Array.from({ length: n }, (_, i) => `  call_${i % 100}(${i});\n`).join('')}}\n`,
  'table of handlers (parsed, not skipped)': (n) => `void h(void);\nvoid (*const table[])(void) = {\n${Array.from({ length: n }, () => '  h,\n').join('')}};\n`,
  'many declarators in one declaration': (n) => `int ${Array.from({ length: n }, (_, i) => `v${i}`).join(', ')};\n`,
};

function work(text: string): { stats: ExtractStats; symbols: ExtractedSymbol[] } {
  const stats: ExtractStats = { nodesVisited: 0, skippedTableChars: 0 };
  const ex = extractSymbols(text, { relPath: 'big.c', language: 'c' }, stats);
  return { stats, symbols: ex.symbols };
}

describe('linear extraction', () => {
  for (const [name, shape] of Object.entries(SHAPES)) {
    it(`${name}: 4x the input is 4x the nodes`, () => {
      const small = work(shape(2000));
      const large = work(shape(8000));
      const ratio = large.stats.nodesVisited / small.stats.nodesVisited;
      expect(ratio).toBeGreaterThan(3.8);
      expect(ratio).toBeLessThan(4.2);
    });
  }

  it('a typedef of an anonymous struct names the scope of its fields (its name read from the walk\'s ancestors)', () => {
    const text = `typedef struct {\n${Array.from({ length: 500 }, (_, i) => `  int f_${i};\n`).join('')}} big_t;\n`;
    const { symbols } = work(text);
    expect(symbols).toHaveLength(502);
    expect(symbols.filter((s) => s.kind === 'field').every((s) => s.qualifiedName === `big_t::${s.name}`)).toBe(true);
  });
});

describe('literal data tables', () => {
  const table = (elements: number) => {
    const body = Array.from({ length: elements }, (_, i) => `0x${(i & 255).toString(16).padStart(2, '0')},${i % 16 === 15 ? '\n' : ' '}`).join('');
    return `typedef unsigned char uint8_t;\n\n/** The image. */\nconst uint8_t image_map[] = {\n${body}};\n/** Runs after the table. */\nint after_table(void) { return image_map[3]; }\n`;
  };

  it('a 1.6 MB initializer is skipped: a handful of nodes, and the symbols after it keep line and docstring', () => {
    const text = table(270_000);
    expect(text.length).toBeGreaterThan(1_600_000);
    const stats: ExtractStats = { nodesVisited: 0, skippedTableChars: 0 };
    const ex = extractSymbols(text, { relPath: 'img.c', language: 'c' }, stats);
    expect(stats.nodesVisited).toBeLessThan(100);
    expect(stats.skippedTableChars).toBeGreaterThan(1_600_000);
    const after = ex.symbols.find((s) => s.name === 'after_table')!;
    expect(after).toMatchObject({ kind: 'function', line: text.split('\n').length - 1, docstring: 'Runs after the table.' });
    expect(after.body).toContain('return image_map[3];');
    expect(ex.symbols.find((s) => s.name === 'image_map')).toMatchObject({ kind: 'varglobal', docstring: 'The image.' });
    expect(ex.symbols.find((s) => s.name === 'image_map')!.signature.startsWith('const uint8_t image_map[] = { 0x00, 0x01,')).toBe(true);
    expect(ex.errors).toEqual([]);
  });

  it('skips exactly the inside of the braces', () => {
    const text = table(20_000);
    const { spans, chars } = dataTableInsides(text);
    expect(spans).toEqual([[text.indexOf('{') + 1, text.indexOf('}')]]);
    expect(chars).toBeGreaterThan(DATA_TABLE_MIN_CHARS);
    const ex = extractSymbols(text, { relPath: 'img.c', language: 'c' });
    expect(ex.symbols.find((s) => s.name === 'after_table')).toMatchObject({ line: text.split('\n').length - 1, column: 1 });
  });

  it('leaves alone groups that hold names, operators, directives, or are small', () => {
    const many = (item: string) => `int t[] = {${Array.from({ length: 8000 }, () => item).join(', ')}};`;
    expect(findDataTables(many('1'))).toHaveLength(1);
    expect(findDataTables(many('"str\\"ing{"'))).toHaveLength(1);
    expect(findDataTables(many('-1.5e-3f'))).toHaveLength(1);
    expect(findDataTables(many("'}'"))).toHaveLength(1);
    expect(findDataTables(many('X'))).toHaveLength(0);
    expect(findDataTables(many('1 << 2'))).toHaveLength(0);
    expect(findDataTables(many('sizeof(int)'))).toHaveLength(0);
    expect(findDataTables(`int t[] = {\n#if A\n${'1, '.repeat(8000)}\n#endif\n};`)).toHaveLength(0);
    expect(findDataTables(`int t[] = {${'1, '.repeat(100)}};`)).toHaveLength(0);
    // Nested literal groups are skipped once, as the outermost group.
    expect(findDataTables(`int t[][2] = {${'{1, 2}, '.repeat(4000)}};`)).toHaveLength(1);
  });
});

describe('call walk', () => {
  it('takes one by one only the nodes a handler reads, not every named node', () => {
    const n = 500;
    const text = `int x;\nvoid f(void)\n{\n${Array.from({ length: n }, (_, i) => `  x = x + ${i};\n`).join('')}  g();\n}\n`;
    const stats: CallWalkStats = { walked: 0 };
    const { references } = extractCalls(text, { relPath: 'w.c', language: 'c', fileText: text, stats });
    expect(references.map((r) => r.name)).toEqual(['g']);
    // `int x;`, f, the assignments and the call: not the statements, names and numbers between.
    expect(stats.walked).toBe(n + 3);
  });
});
