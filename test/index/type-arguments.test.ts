// A type name written as a macro argument (`va_arg(ap, unsigned int)`, `container_of(p, struct node, v)`,
// `CAST(void (*)(int), p)`, `SIZE_OF(int[4])`) is not a syntax warning: the grammar reads call arguments as
// expressions only. Real syntax errors beside or inside such arguments are still reported.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { extractFile } from '../../src/indexer/extract-file.js';
import type { Language } from '../../src/model/compile-args.js';
import { isTypeName } from '../../src/parser/type-names.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';

const errorLines = (text: string, language: Language = 'c'): number[] => extractFile(text, { relPath: 'f.c', language, fileText: text }).errorLines ?? [];

const repro = [
  '#define CAST(t, e) ((t)(e))',
  'char *b(void *p) { return CAST(char *, p); }',
  '#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))',
  'struct node { int v; }; struct node *a(int *p) { return container_of(p, struct node, v); }',
  'unsigned f(va_list ap) { return va_arg(ap, unsigned int); }',
  'long g(va_list ap) { long long x = va_arg(ap, long long); x += *va_arg(ap, lv_vaformat_t *); return x; }',
  'void h(void *ptr) { tlsf_cast(unsigned char *, ptr)[0] = 1; *tlsf_cast(const char * const *,\n    ptr) = 0; }',
  '',
].join('\n');

/** Types with abstract declarators, and a base type alone (an error to tree-sitter-cpp). */
const declarators = [
  'void *a(va_list ap) { return va_arg(ap, void (*)(int)); }',
  'int f(void) { return SIZE_OF(char (*)[8]) + SIZE_OF(struct s *[2]) + ALIGNOF(void (**)(int)); }',
  'int k(void *p) { return CAST(unsigned long (*)(void *, int), p)(p, 1) + CAST(int (* const)(void), p)(); }',
  'int m(void) { return SIZE_OF(int[4]) + SIZE_OF(char [sizeof(long) * 2]) + va_arg(ap, int (*)[3]) != 0; }',
  'int n(va_list ap) { return va_arg(ap, int) + CAST(int (*)(const char *fmt, ...), 0)("x"); }',
  '',
].join('\n');

describe('type names as macro arguments', () => {
  it('are not syntax errors', () => {
    expect(errorLines(repro)).toEqual([]);
  });

  it('are not syntax errors with abstract declarators, in C and C++', () => {
    expect(errorLines(declarators)).toEqual([]);
    expect(errorLines(declarators, 'cpp')).toEqual([]);
    // A real error beside one is reported at its line; one inside its parameter list or bound is reported too.
    const beside = 'long g(va_list ap)\n{\n  long v = (long)va_arg(ap, void (*)(int));\n  v = (v + ;\n  return v;\n}\n';
    expect(errorLines(beside)).toEqual([4]);
    expect(errorLines(beside, 'cpp')).toEqual([4]);
    expect(new Set(errorLines('void *h(va_list ap) { return va_arg(ap, void (*)(int,)); }\n'))).toEqual(new Set([1]));
    expect(new Set(errorLines('int t(void) { return SIZE_OF(int[4 +]); }\n', 'cpp'))).toEqual(new Set([1]));
    // tree-sitter-cpp's recovery here swallows the next function, whose symbol is lost: still reported.
    const swallowing = 'int e(va_list ap)\n{\n  return va_arg(ap, int) + (int)va_arg(ap, double);\n}\nint next(void) { return 0; }\n';
    expect(extractFile(swallowing, { relPath: 'f.cpp', language: 'cpp', fileText: swallowing }).symbols.map((s) => s.name)).not.toContain('next');
    expect(errorLines(swallowing, 'cpp')).not.toEqual([]);
  });

  it('leave real syntax errors beside them reported', () => {
    // The function keeps its warning, at the real error (line 6), not at its va_arg (line 5).
    expect(errorLines(repro.replace('return va_arg(ap, unsigned int);', 'unsigned v = va_arg(ap, unsigned int);\n  v = (v + ;\n  return v;'))).toEqual([6]);
    expect(errorLines(`${repro}int late(void) {\n  return (1 + ;\n}\n`)).toEqual([10]);
    // Not a type name: a declaration inside the argument list.
    expect(errorLines('void k(void) { use(unsigned int x); }\n')).toEqual([1]);
  });

  it('are told from expressions', () => {
    for (const t of ['unsigned int', 'long long', 'char *', 'lv_vaformat_t *', 'struct node', 'const char * const', 'enum e **']) expect(isTypeName(t), t).toBe(true);
    for (const t of ['int', 'void (*)(int)', 'char (*)[8]', 'int[4]', 'struct s *[2]', 'my_fn_t (*)(int)', 'int (* const)(void)', 'void (*)(const char *fmt, ...)', 'char [sizeof(long) * 2]']) expect(isTypeName(t), t).toBe(true);
    for (const t of ['p', 'a * b', 'unsigned int x', 'my_t int', 'f(x)', 'x + 1', 'struct node n']) expect(isTypeName(t), t).toBe(false);
    for (const t of ['a[4]', 'f(*p)', 'x * (y + 1)', '(*)(int)', 'int x[4]', 'void (*)(int,)', 'int[4 +]', 'const']) expect(isTypeName(t), t).toBe(false);
  });
});

describe('a build passing type names to macros', () => {
  let diagnostics: Diagnostic[];
  let root: string;

  beforeAll(async () => {
    const indexed = await indexedFixture(['index', 'type-arguments']);
    root = indexed.root;
    diagnostics = indexed.result.builds.flatMap((b) => b.diagnostics);
  });

  it('warns only about the real syntax errors', () => {
    const syntax = diagnostics.filter((d) => /syntax errors/.test(d.message));
    expect(syntax.map((d) => d.file.slice(root.length + 1))).toEqual(['src/broken.c']);
    expect(syntax[0].message).toMatch(/near lines 7, 19\b/);
  });

  it('keeps the symbols', () => {
    const declaratorFunctions = ['handler_arg', 'call_through', 'row_sizes', 'declarators_after', 'table_bytes', 'call_const', 'first_int', 'broken_declarator'];
    for (const name of ['b', 'a', 'f', 'wide', 'casts_after', 'broken_arg', 'broken_after', ...declaratorFunctions]) {
      const found = withProject(root, (ctx) => lookupSymbol(ctx, { name })) as Record<string, unknown>[];
      expect(found.filter((r) => r.name === name), name).toHaveLength(1);
    }
  });
});
