// Syntax errors that macros make in the text as written (asm statements built from string macros, statement
// macros, functions and initializers written by macros) are not reported when the macro-expanded reading parses
// there cleanly; real syntax errors are, beside macro-written code, at macros the build does not define, and
// past the first five errors of a file.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import type { MacroRecord } from '../../src/preprocessor/api.js';
import { BuildMacroTable } from '../../src/preprocessor/build-macro-table.js';
import { findInvocations } from '../../src/preprocessor/macro-invocations.js';
import { extractFile } from '../../src/indexer/extract-file.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';

function table(defs: [string, string | null, string][]): BuildMacroTable {
  const records = defs.map(([name, params, value], i) => ({ name, params, value, functionLike: params !== null, file: '/p/m.h', line: i + 1, expandedValue: null, docstring: '' }) as MacroRecord);
  return new BuildMacroTable(records);
}

/** The syntax error lines extractFile reports for `text` with the invocations the table finds in it. */
function errorLines(text: string, t: BuildMacroTable): number[] {
  const { invocations } = findInvocations(text, '/p/f.c', t);
  return extractFile(text, { relPath: 'f.c', language: 'c', fileText: text, invocations }).errorLines ?? [];
}

describe('syntax errors of the text as written', () => {
  const t = table([
    ['STEP_INIT', null, 'asm( "xorq %%r8, %%r8\\n"'],
    ['STEP_CORE', null, '"addq $8, %%rsi\\n"'],
    ['STEP_STOP', null, ': "+c" (c) : "b" (b) : "r8" );'],
    ['ENC', '(regs)', '".byte 0x66," regs "\\n\\t"'],
  ]);
  const steps = 'int f(long b) {\n  long c = 0;\n  STEP_INIT\n  STEP_CORE\n    STEP_STOP\n  return c;\n}\n';

  it('are not reported where the expansions parse cleanly', () => {
    expect(errorLines(steps, table([]))).not.toEqual([]);
    expect(errorLines(steps, t)).toEqual([]);
    const asm = 'void g(void) {\n  asm("nop\\n\\t"\n      ENC("0xC1")\n      "nop\\n\\t");\n}\n';
    expect(errorLines(asm, table([]))).not.toEqual([]);
    expect(errorLines(asm, t)).toEqual([]);
  });

  it('are reported where the expanded reading keeps them, or no expansion reaches', () => {
    // The function keeps its warning (at the lines the parser of the text as written stopped at).
    expect(errorLines(steps.replace('return c;', 'return (c + ;'), t)).not.toEqual([]);
    expect(errorLines(`${steps}int h(void) {\n  UNKNOWN_A(x) UNKNOWN_B(y)\n  return 0;\n}\n`, t)).toEqual([9]);
  });

  it('past the first five, once those are read by the expansions', () => {
    const text = steps.repeat(5).replace(/int f\(/g, (_, i: number) => `int f${i}(`) + 'int late(void) {\n  UNKNOWN_A(x) UNKNOWN_B(y)\n  return 0;\n}\n';
    expect(errorLines(text, table([]))).toEqual([3, 10, 17, 24, 31]);
    expect(errorLines(text, t)).toEqual([37]);
  });
});

describe('a build whose macros write code the parser cannot read as written', () => {
  let diagnostics: Diagnostic[];
  let root: string;

  beforeAll(async () => {
    const indexed = await indexedFixture(['index', 'macro-written-syntax']);
    root = indexed.root;
    diagnostics = indexed.result.builds.flatMap((b) => b.diagnostics);
  });

  it('warns only about the real syntax errors', () => {
    const syntax = diagnostics.filter((d) => /syntax errors/.test(d.message));
    expect(syntax.map((d) => d.file.slice(root.length + 1))).toEqual(['src/broken.c']);
    const lines = syntax[0].message.match(/near lines? ([\d, ]+)/)![1].split(', ').map(Number);
    expect(lines).toEqual(expect.arrayContaining([10, 16]));
  });

  it('keeps the symbols', () => {
    for (const name of ['mpi_core_mla', 'mpi_core_after', 'aesni_crypt_ecb', 'aesni_after', 'oid_attr_from_asn1', 'oid_get_attr_short_name', 'verify_strings', 'oid_after', 'broken_after']) {
      const found = withProject(root, (ctx) => lookupSymbol(ctx, { name })) as Record<string, unknown>[];
      expect(found.filter((r) => r.name === name), name).toHaveLength(1);
    }
  });
});
