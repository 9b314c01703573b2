// Functions written after macro invocations that the parser cannot read even expanded (CMSIS-RTX `SVC0_1(...)`
// writing explicit register variables) are indexed: the masked parse lost them to the invocations before them.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';

describe('a build whose service-call macros tree-sitter cannot read', () => {
  let root: string;
  let diagnostics: Diagnostic[];

  beforeAll(async () => {
    const indexed = await indexedFixture(['index', 'svc-macros']);
    root = indexed.root;
    diagnostics = indexed.result.builds.flatMap((b) => b.diagnostics);
  });

  const functions = () => withProject(root, (ctx) => listSymbols(ctx, { file: 'src/rtx_mutex.c' }).symbols).filter((s) => s.kind === 'function');

  it('keeps the functions written after them', () => {
    const rows = functions()
      .filter((s) => s.is_definition && !s.name.startsWith('__svc'))
      .map((s) => `${s.name} ${s.line}`);
    expect(rows).toEqual(['osMutexNew 9', 'osMutexGetName 14', 'osMutexRelease 19', 'osMutexFlagsDrop 24']);
  });

  it('reads the wrappers as the definitions they are, and reports no syntax error', () => {
    const svc = functions().filter((s) => s.name.startsWith('__svc') || !s.name).map((s) => `${s.name} ${s.line} ${s.is_definition}`);
    expect(svc).toEqual(['__svcMutexNew 4 true', '__svcMutexGetName 5 true', '__svcMutexRelease 6 true']);
    const getName = functions().find((s) => s.name === '__svcMutexGetName');
    expect(getName?.signature).toMatch(/static inline const char \* __svcMutexGetName \(osMutexId_t a1\)/);
    expect(diagnostics.filter((d) => /syntax/.test(d.message))).toEqual([]);
  });
});
