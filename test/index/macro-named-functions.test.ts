// Functions whose name a function-like macro writes (`int PREFIX(printf)(...)` with `#define PREFIX(x)
// __wrap_##x`) are indexed under the name the compiler defines, and calls written the same way reach them.
import { beforeAll, describe, expect, it } from 'vitest';
import type { MacroRecord } from '../../src/preprocessor/api.js';
import { BuildMacroTable } from '../../src/preprocessor/build-macro-table.js';
import { findInvocations } from '../../src/preprocessor/macro-invocations.js';
import { findCallers } from '../../src/query/call-graph/call-sites.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';

const table = (value: string) =>
  new BuildMacroTable([{ name: 'PREFIX', params: '(x)', value, functionLike: true, file: '/p/f.c', line: 1, expandedValue: null, docstring: '' } as MacroRecord]);

describe('an invocation that writes one identifier', () => {
  it('is recorded where a parameter list follows it (a function name), not elsewhere', () => {
    const text = 'int PREFIX(printf)(const char *f) { return 0; }\nint n = PREFIX(count);\n';
    const found = findInvocations(text, '/p/f.c', table('__wrap_##x')).invocations;
    expect(found.map((i) => [i.line, i.expansion])).toEqual([[1, '__wrap_printf']]);
  });
});

describe('a build whose function names a macro writes', () => {
  let root: string;

  beforeAll(async () => {
    root = (await indexedFixture(['index', 'macro-named-functions'])).root;
  });

  const functions = (file: string) =>
    withProject(root, (ctx) => listSymbols(ctx, { file }).symbols)
      .filter((s) => s.kind === 'function')
      .map((s) => `${s.name} ${s.line}`);

  it('defines the names the compiler defines', () => {
    expect(functions('src/printf_wrap.c')).toEqual(['__wrap_printf 8', '__wrap_puts 13']);
    expect(functions('src/retarget.cpp')).toEqual(['_write 8']);
  });

  it('finds the calls written through the macro', () => {
    const answer = withProject(root, (ctx) => findCallers(ctx, { name: '__wrap_printf' })) as unknown as Record<string, unknown>[];
    const rows = answer.filter((r) => 'caller' in r).map((r) => `${r.caller} ${r.line} ${r.via_macro}`);
    expect(rows).toEqual(['__wrap_puts 15 PREFIX']);
  });
});
