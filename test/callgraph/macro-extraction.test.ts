// Macro-aware extraction on a small driver stack: calls a FOR_EACH-style macro, an errno-style object macro and
// a function-generating macro write are call rows marked via_macro at the invocation; macro-made and renamed
// functions are symbols under their expanded names.
import { beforeAll, describe, expect, it } from 'vitest';
import { findCallers, findCallees } from '../../src/query/call-graph/call-sites.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { withProject } from '../../src/query/project-context.js';
import fs from 'node:fs';
import path from 'node:path';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { copyFixtureToTemp, indexedFixture } from '../helpers/fixture-project.js';
import { answerRows } from '../helpers/answer-rows.js';

let root: string;
let indexed: Awaited<ReturnType<typeof indexedFixture>>['result'];

beforeAll(async () => {
  ({ root, result: indexed } = await indexedFixture(['callgraph', 'driver-stack']));
});

describe('calls written by macros', () => {
  it('a FOR_EACH-style macro calls the list helpers at the invocation', () => {
    const r = answerRows(withProject(root, (ctx) => findCallers(ctx, { name: 'sys_slist_peek_next' })));
    expect(r).toContainEqual(expect.objectContaining({ caller: 'count_nodes', file: 'src/lists.c', line: 21, column: 2, ref_kind: 'macro_call', via_macro: 'SYS_SLIST_FOR_EACH_NODE' }));
  });

  it('an errno-style object macro calls z_errno() where errno is written', () => {
    const r = answerRows(withProject(root, (ctx) => findCallers(ctx, { name: 'z_errno' })));
    expect(r).toEqual([expect.objectContaining({ caller: 'uart_alloc_buffer', file: 'src/drivers/uart.c', line: 35, ref_kind: 'macro_call', via_macro: 'errno' })]);
  });

  it('functions a macro generates are symbols, and their calls have them as caller', () => {
    const made = answerRows(withProject(root, (ctx) => lookupSymbol(ctx, { name: 'work_queue_is_empty' })));
    expect(made[0]).toMatchObject({ kind: 'function', file: 'src/lists.c', line: 14 });
    const callees = answerRows(withProject(root, (ctx) => findCallees(ctx, { name: 'work_queue_count' })));
    expect(callees.map((c) => [c.callee, c.ref_kind, c.via_macro])).toEqual([
      ['sys_slist_peek_head', 'macro_call', 'GEN_LIST_HELPERS'],
      ['sys_slist_peek_next', 'macro_call', 'GEN_LIST_HELPERS'],
    ]);
    // The generated function is called by name like any other.
    const callers = answerRows(withProject(root, (ctx) => findCallers(ctx, { name: 'work_queue_is_empty' })));
    expect(callers).toEqual([expect.objectContaining({ caller: 'queue_busy', ref_kind: 'call' })]);
  });

  it('a prototype a macro writes over two lines is a declaration, with no syntax warning or skipped declaration there', () => {
    const proto = answerRows(withProject(root, (ctx) => lookupSymbol(ctx, { name: 'prvStatsTask' })));
    expect(proto).toEqual([expect.objectContaining({ kind: 'function', file: 'src/port.c', line: 59, is_definition: false })]);
    expect(indexed.builds.flatMap((b) => b.diagnostics).filter((d) => d.file.endsWith('port.c'))).toEqual([]);
  });

  it('portTASK_FUNCTION(prvIdleTask, ...) defines prvIdleTask, not a function named after the macro', () => {
    const task = answerRows(withProject(root, (ctx) => lookupSymbol(ctx, { name: 'prvIdleTask' })));
    expect(task[0]).toMatchObject({ kind: 'function', file: 'src/port.c', line: 17, is_definition: true });
    expect(answerRows(withProject(root, (ctx) => lookupSymbol(ctx, { name: 'portTASK_FUNCTION' }))).filter((s) => s.kind === 'function')).toEqual([]);
    const callees = answerRows(withProject(root, (ctx) => findCallees(ctx, { name: 'prvIdleTask' })));
    expect(callees.map((c) => c.callee)).toEqual(['prvCheckTasks']);
  });

  it('a handler whose declarator is a macro is indexed under the expanded name', () => {
    const h = answerRows(withProject(root, (ctx) => lookupSymbol(ctx, { name: 'PendSV_Handler', kind: 'function' })));
    expect(h.map((s) => `${s.file}:${s.line}`)).toEqual(expect.arrayContaining(['src/port.c:23', 'include/port.h:6']));
    expect(answerRows(withProject(root, (ctx) => lookupSymbol(ctx, { name: 'xPortPendSVHandler', kind: 'function' })))).toEqual([]);
  });

  it('an object-like macro naming a function-like one takes the () written after it (portYIELD_WITHIN_API())', () => {
    const r = answerRows(withProject(root, (ctx) => findCallers(ctx, { name: 'vPortYield' })));
    expect(r).toEqual([expect.objectContaining({ caller: 'vTaskSuspendSelf', file: 'src/port.c', line: 40, column: 2, ref_kind: 'macro_call', via_macro: 'portYIELD_WITHIN_API' })]);
  });

  it('a call written through an API macro (xQueueSendToBack over xQueueGenericSend) is a caller of the function', () => {
    const r = answerRows(withProject(root, (ctx) => findCallers(ctx, { name: 'xQueueGenericSend' })));
    expect(r).toEqual([expect.objectContaining({ caller: 'prvSendTimerCommand', file: 'src/port.c', line: 55, ref_kind: 'macro_call', via_macro: 'xQueueSendToBack' })]);
  });

  it('calls in inactive #if branches are not call sites', () => {
    const r = answerRows(withProject(root, (ctx) => findCallers(ctx, { name: 'hal_uart_write' })));
    expect(r.map((x) => x.caller)).toEqual(['uarte_poll_out']);
  });
});

describe('a storage class before a function-writing macro', () => {
  it('`static portTASK_FUNCTION(prvTimerTask, p)` is one function, not also the parser reading of the invocation', async () => {
    const copy = copyFixtureToTemp('callgraph', 'driver-stack');
    fs.appendFileSync(path.join(copy, 'src/port.c'), '\nstatic portTASK_FUNCTION(prvTimerTask, pvParameters)\n{\n\tprvCheckTasks();\n}\n');
    writeConfig(copy, DEFAULT_CONFIG);
    await indexProject({ root: copy });
    const task = answerRows(withProject(copy, (ctx) => lookupSymbol(ctx, { name: 'prvTimerTask' })));
    expect(task).toEqual([expect.objectContaining({ kind: 'function', file: 'src/port.c', is_definition: true, signature: 'static void prvTimerTask(void *pvParameters)' })]);
  });
});
