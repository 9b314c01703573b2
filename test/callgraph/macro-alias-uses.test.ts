// An object-like macro naming a function-like one (STM32Cube HAL's `#define ADC_STATE_CLR_SET MODIFY_REG`, `#define
// IS_UART_INSTANCE IS_UART_HALFDUPLEX_INSTANCE`, aliases of aliases too) is used as that macro: a use whose expansion
// calls nothing is no callee, as for the function-like macro itself; an alias of a macro calling a function, or of a
// function, gives that call.
import { beforeAll, describe, expect, it } from 'vitest';
import { findCallees, findCallers } from '../../src/query/call-graph/call-sites.js';
import { findHotspots } from '../../src/query/call-graph/hotspots.js';
import { checkCallGraph } from '../../src/query/call-graph/compiler-call-graph.js';
import { getSymbolContext } from '../../src/query/symbol-context.js';
import { withProject } from '../../src/query/project-context.js';
import { hasTool, indexedFixture } from '../helpers/fixture-project.js';
import { answerRows } from '../helpers/answer-rows.js';

describe('uses of object-like aliases of function-like macros', () => {
  let root: string;

  beforeAll(async () => {
    ({ root } = await indexedFixture(['callgraph', 'macro-alias-uses']));
  });

  it('are no callees, callers or hotspots; the calls an alias leads to stay', () => {
    const callees = answerRows(withProject(root, (ctx) => findCallees(ctx, { name: 'start' })));
    expect(callees.map((c) => `${c.callee}:${c.line}:${c.ref_kind}:${c.via_macro ?? ''}`)).toEqual(['log_write:22:macro_call:LOG_ALIAS', 'uart_send:23:macro_call:send_byte']);
    for (const alias of ['STATE_CLR_SET', 'STATE_UPDATE', 'IS_UART_PORT']) expect(answerRows(withProject(root, (ctx) => findCallers(ctx, { name: alias })))).toEqual([]);
    const hot = (answerRows(withProject(root, (ctx) => findHotspots(ctx, {}))) as { name?: string }[]).map((h) => h.name).sort();
    expect(hot).toEqual(['log_write', 'uart_send']);
  });

  it('are no callees in a function’s context', () => {
    const context = withProject(root, (c) => getSymbolContext(c, { name: 'start' })) as unknown as { callees: { rows: { name?: string; callee?: string }[] } };
    expect(context.callees.rows.map((c) => c.name ?? c.callee).sort()).toEqual(['log_write', 'uart_send']);
  });

  it.skipIf(!hasTool('gcc'))('match the call graph GCC reports', () => {
    const r = withProject(root, (ctx) => checkCallGraph(ctx, {}));
    expect(r.edges).toBe(2);
    expect(r.missing).toEqual([]);
  });
});
