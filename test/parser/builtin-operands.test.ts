// GNU alignof of an expression and __builtin_offsetof, which the grammars cannot read, parse with positions kept.
import { describe, expect, it } from 'vitest';
import { readableOperands } from '../../src/parser/builtin-operands.js';
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

  it('lets functions taking the alignment of an expression or a nested member offset parse without error', () => {
    const align = 'void f(void)\n{\n\tint n = (int)__alignof__(((__typeof__(("s") + 0))("s")));\n\temit(n);\n}\n';
    const offset = 'void g(void)\n{\n\tfor (t = (struct k_thread *)((char *)n - __builtin_offsetof(struct k_thread, base.qnode_dlist)); t; t = 0) { use(t); }\n}\n';
    for (const lang of ['c', 'cpp'] as const) {
      expect(parseText(align, lang).hasError).toBe(false);
      expect(parseText(offset, lang).hasError).toBe(false);
    }
  });
});
