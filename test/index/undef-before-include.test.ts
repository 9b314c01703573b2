// A #define a unit #undefs (or defines again) before it includes a header does not apply there, as the compiler
// reads the header with the macros in force at the #include. An X-macro table read once per definition keeps the
// first one (a file is masked one way), as before.
import { beforeAll, describe, expect, it } from 'vitest';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';

describe('a unit that #undefs or redefines a macro before including a header', () => {
  let root: string;

  beforeAll(async () => {
    root = (await indexedFixture(['index', 'undef-before-include'])).root;
  });

  const symbols = (file: string) =>
    withProject(root, (ctx) => listSymbols(ctx, { file }).symbols)
      .filter((s) => s.kind !== 'macro')
      .map((s) => `${s.kind} ${s.name} ${s.line}`);

  it('keeps a declaration whose name the unit defined and #undef’d before the #include', () => {
    expect(symbols('include/log.h')).toEqual(['function printf_like 4']);
  });

  it('applies only the definition in force at the #include', () => {
    expect(symbols('include/decl.def')).toEqual(['function alpha_new 1']);
  });

  it('still applies an X-macro definition #undef’d after the read of the table it was in force at', () => {
    expect(symbols('include/table.def')).toEqual(expect.arrayContaining(['function alpha_first 1', 'function beta_first 2']));
  });
});
