// A function-like macro whose expansion drops an argument (STM32Cube's `assert_param(expr)` → `((void)0U)` without
// USE_FULL_ASSERT) drops the calls written in it: `check_param(IS_HOUR(to_byte(h)))` is no call of `to_byte`, as
// in GCC's call graph; a macro keeping its argument (`KEEP(x)` → `((void)(x))`) keeps the call.
import { beforeAll, describe, expect, it } from 'vitest';
import { findCallees, findCallers } from '../../src/query/call-graph/call-sites.js';
import { checkCallGraph } from '../../src/query/call-graph/compiler-call-graph.js';
import { withProject } from '../../src/query/project-context.js';
import { hasTool, indexedFixture } from '../helpers/fixture-project.js';
import { answerRows } from '../helpers/answer-rows.js';

describe('calls in a macro argument the expansion drops', () => {
  let root: string;

  beforeAll(async () => {
    ({ root } = await indexedFixture(['callgraph', 'dropped-argument-calls']));
  });

  it('are no calls; those an expansion keeps and those written outside macros are', () => {
    const callers = answerRows(withProject(root, (ctx) => findCallers(ctx, { name: 'to_byte' })));
    expect(callers.map((c) => `${c.caller}:${c.line}:${c.ref_kind}`)).toEqual(['set_time:18:call']);
    const callees = answerRows(withProject(root, (ctx) => findCallees(ctx, { name: 'set_time' })));
    expect(callees.map((c) => `${c.callee}:${c.line}:${c.ref_kind}:${c.via_macro ?? ''}`)).toEqual(['scale:17:macro_call:KEEP', 'to_byte:18:call:']);
  });

  it.skipIf(!hasTool('gcc'))('match the call graph GCC reports', () => {
    const r = withProject(root, (ctx) => checkCallGraph(ctx, {}));
    expect(r.edges).toBe(2);
    expect(r.missing).toEqual([]);
  });
});
