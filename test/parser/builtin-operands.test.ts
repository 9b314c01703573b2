// GNU alignof of an expression, __builtin_offsetof and typeof as a type, which the grammars cannot read, parse with
// positions kept.
import { describe, expect, it } from 'vitest';
import { readableOperands } from '../../src/parser/builtin-operands.js';
import { extractCalls } from '../../src/parser/extract-calls.js';
import { extractSymbols } from '../../src/parser/extract-symbols.js';
import { parseText } from '../../src/parser/tree-sitter-parser.js';

describe('builtin operands', () => {
  it('writes alignof keywords before `(` as sizeof, keeping every position', () => {
    const text = 'a = __alignof__((x)) + _Alignof (int) + __alignof(y) + alignof(z); int my_alignof;';
    const out = readableOperands(text);
    expect(out).toHaveLength(text.length);
    expect(out).toBe('a = sizeof     ((x)) + sizeof   (int) + sizeof   (y) + sizeof (z); int my_alignof;');
  });

  it('reads __builtin_offsetof(...) as 0, keeping its line breaks', () => {
    const text = 'n = __builtin_offsetof(struct k_thread,\n  base.qnode_dlist) + 1;';
    expect(readableOperands(text)).toBe(`n = 0${' '.repeat(34)}\n${' '.repeat(19)} + 1;`);
  });

  it('reads the GCC keywords __signed__ and __signed as signed, keeping every position', () => {
    const text = 'typedef __signed__ char __s8; __signed long n; int my__signed__;';
    expect(readableOperands(text)).toBe('typedef signed     char __s8; signed   long n; int my__signed__;');
    const { symbols } = extractSymbols('typedef __signed__ char __s8;\ntypedef __signed__ long long __s64;\n', { relPath: 'x.h', language: 'c' });
    expect(symbols.map((s) => `${s.kind} ${s.name} ${s.line}:${s.column}`)).toEqual(['typedef __s8 1:25', 'typedef __s64 2:30']);
  });

  it('reads a typeof operation as one type name of its length', () => {
    const text = 'w = (__typeof__(*(w)) *)p; typeof(x + 1) y;';
    expect(readableOperands(text)).toBe('w = (__typeof________ *)p; __typeof_____ y;');
    expect(parseText('void f(void)\n{\n\tw = (__typeof__(*(w)) *)p;\n}\n', 'c').hasError).toBe(false);
  });

  it('leaves no call or function value named after a typeof operation', () => {
    const text = 'int f(int x)\n{\n\tint y = (__typeof__(x))3;\n\treturn __builtin_types_compatible_p(__typeof__(x), __typeof__(y)) + g(y);\n}\n';
    const refs = extractCalls(text, { relPath: 'x.c', language: 'c', fileText: text }).references;
    expect(refs.map((r) => `${r.kind} ${r.name}`)).toEqual(['call __builtin_types_compatible_p', 'call g']);
  });

  it('lets functions taking the alignment of an expression or a nested member offset parse without error', () => {
    const align = 'void f(void)\n{\n\tint n = (int)__alignof__(((__typeof__(("s") + 0))("s")));\n\temit(n);\n}\n';
    const offset = 'void g(void)\n{\n\tfor (t = (struct k_thread *)((char *)n - __builtin_offsetof(struct k_thread, base.qnode_dlist)); t; t = 0) { use(t); }\n}\n';
    for (const lang of ['c', 'cpp'] as const) {
      expect(parseText(align, lang).hasError).toBe(false);
      expect(parseText(offset, lang).hasError).toBe(false);
    }
  });
});
