// Statement-like macros inside function bodies (Zephyr's loop heads, CHECKIF, logging blocks): the file defines what
// the compiler defines (nm), no function named after a macro's argument, and a macro's block-scope locals are no
// globals; the calls those bodies make belong to the function they are written in.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { findCallees } from '../../src/query/call-graph/call-sites.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';
import { answerRows } from '../helpers/answer-rows.js';

describe('statement macros in function bodies', () => {
  let root: string;
  let diagnostics: Diagnostic[];

  beforeAll(async () => {
    const indexed = await indexedFixture(['index', 'statement-macros']);
    root = indexed.root;
    diagnostics = indexed.result.builds.flatMap((b) => b.diagnostics);
  });

  const symbols = () => withProject(root, (ctx) => listSymbols(ctx, { file: 'src/threads.c' }).symbols);

  it('defines the functions nm lists (init_items, merge_list, check_limits, wake_all, aligned_size, total), none named after a macro argument', () => {
    const defs = symbols().filter((s) => s.kind === 'function' && s.is_definition).map((s) => s.name);
    expect(defs.sort()).toEqual(['aligned_size', 'check_limits', 'init_items', 'merge_list', 'total', 'wake_all']);
  });

  it('reads the file without syntax errors (a statement head a macro writes is read expanded, __builtin_offsetof read)', () => {
    expect(diagnostics.filter((d) => /syntax/.test(d.message))).toEqual([]);
  });

  it('has only the global nm lists (items): the locals of a do-while macro are not globals', () => {
    expect(symbols().filter((s) => s.kind === 'varglobal').map((s) => s.name)).toEqual(['items']);
  });

  it('attributes the calls in those bodies to their function', () => {
    const callees = (fn: string) => answerRows(withProject(root, (ctx) => findCallees(ctx, { name: fn }))).map((c) => c.callee);
    expect(callees('init_items')).toEqual(['use_item']);
    expect(callees('merge_list').sort()).toEqual(['emit', 'list_empty']);
    expect(callees('total')).toEqual(['aligned_size']);
    expect(callees('wake_all')).toEqual(['wake']);
  });
});
