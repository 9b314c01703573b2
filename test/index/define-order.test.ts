// A #define written in a unit after it includes a header does not mask that header, nor another unit's file:
// the compiler read their text before (or without) it. One defined before an include (X-macro) still applies there.
import { beforeAll, describe, expect, it } from 'vitest';
import { findCallers } from '../../src/query/call-graph/call-sites.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';

describe('a unit that defines printf_like(...) after including the header declaring it', () => {
  let root: string;

  beforeAll(async () => {
    root = (await indexedFixture(['index', 'define-order'])).root;
  });

  const symbols = (file: string) =>
    withProject(root, (ctx) => listSymbols(ctx, { file }).symbols)
      .filter((s) => s.kind !== 'macro')
      .map((s) => `${s.kind} ${s.name} ${s.line}`);

  it('keeps the header declarations as they are written', () => {
    expect(symbols('include/log.h')).toEqual(['function printf_like 4', 'function log_quiet 5']);
  });

  it('applies the macros defined before an include there: an X-macro table, a decoration', () => {
    expect(symbols('include/table.def')).toEqual(expect.arrayContaining(['function alpha_handler 1', 'function beta_handler 2']));
    expect(symbols('include/export.h')).toEqual(['function exported_fn 2', 'function exported_other 3']);
  });

  it("masks the unit's own uses and leaves another unit's calls as calls", () => {
    const callers = (name: string) =>
      (withProject(root, (ctx) => findCallers(ctx, { name })) as unknown as Record<string, unknown>[]).filter((r) => 'caller' in r).map((r) => `${r.caller} ${r.line}`);
    expect(callers('printf_like')).toEqual(['report 6']);
    expect(callers('log_quiet')).toEqual(['report 5']);
    expect(symbols('src/main.c')).toEqual(['function main 13']);
  });
});
