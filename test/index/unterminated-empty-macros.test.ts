// A function-like macro that expands to nothing, used at file scope without a `;` (Mbed TLS's
// MBEDTLS_STATIC_ASSERT under C99): the file reads without syntax errors and defines what the compiler defines.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';

describe('empty macros used without a semicolon', () => {
  let root: string;
  let diagnostics: Diagnostic[];

  beforeAll(async () => {
    const indexed = await indexedFixture(['index', 'unterminated-empty-macros']);
    root = indexed.root;
    diagnostics = indexed.result.builds.flatMap((b) => b.diagnostics);
  });

  const definitions = (file: string) =>
    withProject(root, (ctx) => listSymbols(ctx, { file }).symbols)
      .filter((s) => s.is_definition)
      .map((s) => `${s.kind} ${s.name}:${s.line}`)
      .sort();

  it('reports no syntax error in either file (the empty uses are read expanded)', () => {
    expect(diagnostics.filter((d) => /syntax/.test(d.message))).toEqual([]);
  });

  it('defines in policy.c what nm lists there, at their lines', () => {
    expect(definitions('src/policy.c')).toEqual(['function set_policy:18', 'function validate_policy:13', 'varglobal policy_mask:3']);
  });

  it('defines layout_flags in layout.c, where the macro writes a C11 assertion', () => {
    expect(definitions('src/layout.c')).toEqual(['function layout_flags:6']);
  });
});
