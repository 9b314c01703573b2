// A function-like macro whose expansion calls nothing (`UNUSED(x)` → `((void)(x))`, NetX Duo's NX_PARAMETER_NOT_USED:
// its most "called" name) is no callee: its use, which tree-sitter reads as a call, is left out of every call-graph
// answer. A macro whose expansion calls a function gives that call, and a macro named like the function it calls
// leaves the call to the function.
import { beforeAll, describe, expect, it } from 'vitest';
import { findCallees, findCallers } from '../../src/query/call-graph/call-sites.js';
import { findHotspots } from '../../src/query/call-graph/hotspots.js';
import { checkCallGraph } from '../../src/query/call-graph/compiler-call-graph.js';
import { getSymbolContext } from '../../src/query/symbol-context.js';
import { withProject } from '../../src/query/project-context.js';
import { hasTool, indexedFixture } from '../helpers/fixture-project.js';
import { answerRows } from '../helpers/answer-rows.js';

describe('uses of function-like macros that call nothing', () => {
  let root: string;

  beforeAll(async () => {
    ({ root } = await indexedFixture(['callgraph', 'macro-uses-not-calls']));
  });

  it('are no callees, callers or hotspots; the calls macros write and the function a macro is named after stay', () => {
    const callees = answerRows(withProject(root, (ctx) => findCallees(ctx, { name: 'process' })));
    expect(callees.map((c) => `${c.callee}:${c.line}:${c.ref_kind}:${c.via_macro ?? ''}`)).toEqual(['log_write:7:macro_call:LOG_IT', 'helper:8:macro_call:helper']);
    expect(answerRows(withProject(root, (ctx) => findCallers(ctx, { name: 'UNUSED' })))).toEqual([]);
    const hot = (answerRows(withProject(root, (ctx) => findHotspots(ctx, {}))) as { name?: string }[]).map((h) => h.name).sort();
    expect(hot).toEqual(['helper', 'log_write']);
  });

  it('are no callees in a function’s context', () => {
    const context = withProject(root, (c) => getSymbolContext(c, { name: 'process' })) as unknown as { callees: { rows: { name?: string; callee?: string }[] } };
    expect(context.callees.rows.map((c) => c.name ?? c.callee).sort()).toEqual(['helper', 'log_write']);
  });

  it.skipIf(!hasTool('gcc'))('match the call graph GCC reports', () => {
    const r = withProject(root, (ctx) => checkCallGraph(ctx, {}));
    expect(r.missing).toEqual([]);
  });
});
