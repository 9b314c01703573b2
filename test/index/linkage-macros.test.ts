// Macros that open and close a C linkage block in C++ (glibc/newlib `__BEGIN_DECLS` / `__END_DECLS`) are written
// out before parsing: the declarations between them are read, not taken for one broken declaration.
import { beforeAll, describe, expect, it } from 'vitest';
import { blankableMacros, blankMacroUses } from '../../src/indexer/blank-macros.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import type { MacroRecord } from '../../src/preprocessor/api.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';

const def = (name: string, value: string): MacroRecord => ({ name, params: null, value, functionLike: false, file: 'x.h', line: 1, expandedValue: null });

describe('linkage block macros', () => {
  it('are written out where they fit: the spaced opening, else the shortest, and the closing brace', () => {
    const macros = blankableMacros([def('__BEGIN_DECLS', 'extern "C" {'), def('BEGIN_DECLS', 'extern  "C"  {'), def('B_DECLS', 'extern "C" {'), def('__END_DECLS', '}')]);
    expect(blankMacroUses('__BEGIN_DECLS\nint f(void);\n__END_DECLS\n', macros)).toBe('extern "C" { \nint f(void);\n}          \n');
    expect(blankMacroUses('BEGIN_DECLS\n', macros)).toBe('extern"C"{ \n');
    // Seven characters hold no opening: the name stays.
    expect(macros.objectLike.has('B_DECLS')).toBe(false);
  });
});

describe('a C++ build whose header wraps its declarations in BEGIN_DECLS / END_DECLS', () => {
  let diagnostics: Diagnostic[];
  let root: string;

  beforeAll(async () => {
    const indexed = await indexedFixture(['index', 'linkage-macros']);
    root = indexed.root;
    diagnostics = indexed.result.builds.flatMap((b) => b.diagnostics);
  });

  it('reads the declarations between them, with no syntax warning', () => {
    const rows = withProject(root, (ctx) => listSymbols(ctx, { file: 'include/api.h' }).symbols);
    const named = rows.filter((s) => s.kind !== 'macro').map((s) => `${s.kind} ${s.name} ${s.line}`);
    expect(named).toEqual(expect.arrayContaining(['struct div_like_t 14', 'typedef div_like_t 17', 'function parse_div 19']));
    expect(rows.some((s) => /\s/.test(s.name))).toBe(false);
    expect(diagnostics.filter((d) => /syntax errors/.test(d.message))).toEqual([]);
  });
});
