// A GNU asm label after a declarator (`f (...) __asm__ ("f_v2")`, glibc's `__REDIRECT`) renames the declaration:
// indexed as the function or variable declared, never as a variable named `__asm__ (...)`, in C++ and C readings.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { unwrapDeclarator } from '../../src/parser/declarators.js';
import { parseText } from '../../src/parser/tree-sitter-parser.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';

describe('an asm label', () => {
  it('is a declarator of its own to tree-sitter-cpp, and names nothing', () => {
    const tree = parseText('extern int f (int) noexcept (true) __asm__ ("" "f_v2");\n', 'cpp');
    const declarators = tree.rootNode.namedChildren[0].childrenForFieldName('declarator');
    expect(declarators.map((d) => d.type)).toEqual(['function_declarator', 'gnu_asm_expression']);
    expect(declarators.map((d) => unwrapDeclarator(d).nameNode?.text ?? null)).toEqual(['f', null]);
  });
});

describe('declarations renamed through asm labels', () => {
  let diagnostics: Diagnostic[];
  let root: string;

  beforeAll(async () => {
    const indexed = await indexedFixture(['index', 'asm-labels']);
    root = indexed.root;
    diagnostics = indexed.result.builds.flatMap((b) => b.diagnostics);
  });

  const named = (variant: string, file: string) =>
    withProject(root, (ctx) => listSymbols(ctx, { variant, file }).symbols).filter((s) => s.kind !== 'macro');

  const scanDeclarations = ['typedef scan_file_t 8', 'function fscan_like 10', 'function sscan_like 13', 'function strerror_like 16', 'function parse_int 21', 'varglobal scan_count 22'];

  it('index as the functions and variables they declare in a C++ build, with no syntax warning', () => {
    const rows = named('build-cpp', 'include/scan.h');
    expect(rows.map((s) => `${s.kind} ${s.name} ${s.line}`)).toEqual(scanDeclarations);
    expect(diagnostics.filter((d) => /syntax/.test(d.message))).toEqual([]);
  });

  it('index as the functions and variables they declare in a build of C and C++ units', () => {
    expect(named('build-mixed', 'include/scan.h').map((s) => `${s.kind} ${s.name} ${s.line}`)).toEqual(scanDeclarations);
    // Read by the C unit only: parsed as C, where a variable's label is a declarator of its own too.
    expect(named('build-mixed', 'include/counters.h').map((s) => `${s.kind} ${s.name} ${s.line}`)).toEqual(['varglobal tick_count 8']);
  });
});
