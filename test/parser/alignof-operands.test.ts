// GNU alignof of an expression, which the grammars read only with a type operand, parses as sizeof would.
import { describe, expect, it } from 'vitest';
import { alignofAsSizeof } from '../../src/parser/alignof-operands.js';
import { parseText } from '../../src/parser/tree-sitter-parser.js';

describe('alignof operands', () => {
  it('writes alignof keywords before `(` as sizeof, keeping every position', () => {
    const text = 'a = __alignof__((x)) + _Alignof (int) + __alignof(y) + alignof(z); int my_alignof;';
    const out = alignofAsSizeof(text);
    expect(out).toHaveLength(text.length);
    expect(out).toBe('a = sizeof     ((x)) + sizeof   (int) + sizeof   (y) + sizeof (z); int my_alignof;');
  });

  it('lets a function whose body takes the alignment of an expression parse without error', () => {
    const text = 'void f(void)\n{\n\tint n = (int)__alignof__(((__typeof__(("s") + 0))("s")));\n\temit(n);\n}\n';
    for (const lang of ['c', 'cpp'] as const) expect(parseText(text, lang).hasError).toBe(false);
  });
});
