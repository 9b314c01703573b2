// Macros that expand only to `_Pragma("...")` operators are blanked before parsing: no syntax warning where they
// wrap declarations or statements, no symbol named after them, and signatures without them.
import { beforeAll, describe, expect, it } from 'vitest';
import { blankableMacros, blankMacroUses } from '../../src/indexer/blank-macros.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import type { MacroRecord } from '../../src/preprocessor/api.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';

const def = (name: string, value: string): MacroRecord => ({ name, params: null, value, functionLike: false, file: 'x.h', line: 1, expandedValue: null });

describe('pragma-only macros', () => {
  it('are blanked; a macro with anything else beside the pragma is not', () => {
    const macros = blankableMacros([
      def('IGN_BEGIN', '_Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \\"-Wdeprecated-declarations\\"")'),
      def('IGN_END', '_Pragma ( "GCC diagnostic pop" )'),
      def('LOOP', '_Pragma("GCC unroll 4") for'),
    ]);
    expect([...macros.objectLike.keys()].sort()).toEqual(['IGN_BEGIN', 'IGN_END']);
    expect(blankMacroUses('IGN_BEGIN\nint x;\nIGN_END\n', macros)).toBe('         \nint x;\n       \n');
  });
});

describe('a build with pragma-only macros around declarations and statements', () => {
  let diagnostics: Diagnostic[];
  let root: string;

  beforeAll(async () => {
    const indexed = await indexedFixture(['index', 'pragma-macros']);
    root = indexed.root;
    diagnostics = indexed.result.builds.flatMap((b) => b.diagnostics);
  });

  it('has no syntax warning', () => {
    expect(diagnostics.filter((d) => /syntax/.test(d.message))).toEqual([]);
  });

  it('indexes every symbol at its line with a signature free of the macros', () => {
    const rows = withProject(root, (ctx) => listSymbols(ctx, { file: 'src/widget.c' }).symbols);
    expect(rows.map((r) => [r.kind, r.name, r.line, r.signature])).toEqual([
      ['varglobal', 'counter', 6, 'static int counter'],
      ['function', 'widget_count', 8, 'int widget_count(void)'],
      ['function', 'widget_set', 15, 'void widget_set(int v)'],
      ['function', 'widget_after', 22, 'int widget_after(void)'],
    ]);
  });
});
