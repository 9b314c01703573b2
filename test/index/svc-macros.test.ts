// Functions written after macro invocations that the parser cannot read even expanded (CMSIS-RTX `SVC0_1(...)`
// writing explicit register variables) are indexed: the masked parse lost them to the invocations before them.
import { beforeAll, describe, expect, it } from 'vitest';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';

describe('a build whose service-call macros tree-sitter cannot read', () => {
  let root: string;

  beforeAll(async () => {
    root = (await indexedFixture(['index', 'svc-macros'])).root;
  });

  it('keeps the functions written after them', () => {
    const rows = withProject(root, (ctx) => listSymbols(ctx, { file: 'src/rtx_mutex.c' }).symbols)
      .filter((s) => s.kind === 'function' && s.is_definition && !s.name.startsWith('__svc'))
      .map((s) => `${s.name} ${s.line}`);
    expect(rows).toEqual(['osMutexNew 9', 'osMutexGetName 14', 'osMutexRelease 19']);
  });
});
