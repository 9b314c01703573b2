// A type name written as a macro argument (`va_arg(ap, unsigned int)`, `container_of(p, struct node, v)`,
// `CAST(char *, p)`) is not a syntax warning: the grammar reads call arguments as expressions only. Real syntax
// errors beside such arguments, in the same function or the next one, are still reported.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { extractFile } from '../../src/indexer/extract-file.js';
import { isTypeName } from '../../src/parser/type-arguments.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';

const errorLines = (text: string): number[] => extractFile(text, { relPath: 'f.c', language: 'c', fileText: text }).errorLines ?? [];

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

describe('type names as macro arguments', () => {
  it('are not syntax errors', () => {
    expect(errorLines(repro)).toEqual([]);
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
    for (const t of ['p', 'a * b', 'unsigned int x', 'my_t int', 'f(x)', 'x + 1', 'struct node n']) expect(isTypeName(t), t).toBe(false);
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

  it('warns only about the real syntax error', () => {
    const syntax = diagnostics.filter((d) => /syntax errors/.test(d.message));
    expect(syntax.map((d) => d.file.slice(root.length + 1))).toEqual(['src/broken.c']);
    expect(syntax[0].message).toMatch(/near lines? 7\b/);
  });

  it('keeps the symbols', () => {
    for (const name of ['b', 'a', 'f', 'wide', 'casts_after', 'broken_arg', 'broken_after']) {
      const found = withProject(root, (ctx) => lookupSymbol(ctx, { name })) as Record<string, unknown>[];
      expect(found.filter((r) => r.name === name), name).toHaveLength(1);
    }
  });
});
