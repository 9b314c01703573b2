// The call-graph MCP tools over the SDK's in-memory transport on the driver-stack fixture: callers/callees/path
// through a driver-API struct, pointer targets from designated initialisers, the vector table with handled and
// default slots, dead code, hotspots, indirect call sites, and the CLI commands.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliJson, indexedFixture, runCli } from '../helpers/fixture-project.js';
import { connectClient, type ToolCaller } from '../helpers/mcp-client.js';

let mcp: ToolCaller;
let root: string;
type Row = Record<string, any>;

const call = async (name: string, args: Record<string, unknown>) => {
  const r = await mcp.call(name, { project_root: root, ...args });
  return { value: r.value, isError: r.isError };
};
const rowsOf = (value: Row[]) => value.filter((r) => !('total' in r) && !('warning' in r) && !('note' in r) && !('found' in r));

beforeAll(async () => {
  ({ root } = await indexedFixture(['callgraph', 'driver-stack']));
  mcp = await connectClient('/');
});

afterAll(async () => {
  await mcp?.close();
});

describe('callers, callees and paths on a driver stack', () => {
  it('find_callers lists direct callers first, then pointer calls that reach the function', async () => {
    const { value } = await call('find_callers', { name: 'uarte_poll_out' });
    expect(value[0]).toMatchObject({ total: 1, shown: 1 });
    expect(rowsOf(value)).toEqual([expect.objectContaining({ caller: 'uart_poll_out', file: 'include/device.h', line: 24, ref_kind: 'indirect', expr: 'api->poll_out', via_slot: 'uart_driver_api.poll_out' })]);
    const direct = rowsOf((await call('find_callers', { name: 'uart_poll_out' })).value);
    expect(direct.map((r) => r.caller).sort()).toEqual(['main', 'on_blink', 'unused_helper']);
  });

  it('find_callees lists calls in source order, pointer calls with the via_slot find_callers uses', async () => {
    const { value } = await call('find_callees', { name: 'main' });
    expect(rowsOf(value).map((r) => r.callee)).toEqual(['app_init', 'uart_poll_out', 'uart_poll_in', 'timer_tick']);
    const inline = rowsOf((await call('find_callees', { name: 'uart_poll_out' })).value);
    expect(inline).toEqual([expect.objectContaining({ callee: 'poll_out', ref_kind: 'indirect', via_slot: 'uart_driver_api.poll_out' })]);
    expect(inline[0]).not.toHaveProperty('slot');
  });

  it('find_callees of an unknown function is an error with a hint', async () => {
    const { value, isError } = await call('find_callees', { name: 'no_such_function' });
    expect(isError).toBe(true);
    expect(value.hint).toMatch(/lookup_symbol/);
  });

  it('find_call_path goes from main through the driver API to the HAL', async () => {
    const { value } = await call('find_call_path', { from_name: 'main', to_name: 'hal_uart_write' });
    expect(value[0]).toMatchObject({ found: 1, shortest: 3, cut: false });
    const [path] = rowsOf(value);
    expect(path.steps.map((s: Row) => `${s.caller}>${s.callee}:${s.ref_kind}`)).toEqual(['main>uart_poll_out:call', 'uart_poll_out>uarte_poll_out:indirect', 'uarte_poll_out>hal_uart_write:call']);
  });

  it('find_call_path follows a callback stored through a parameter into a struct member', async () => {
    const { value } = await call('find_call_path', { from_name: 'main', to_name: 'on_blink' });
    expect(rowsOf(value)[0].steps.map((s: Row) => s.callee)).toEqual(['timer_tick', 'on_blink']);
  });

  it('find_call_path says when the node budget cut the search and when no chain exists', async () => {
    const cut = (await call('find_call_path', { from_name: 'main', to_name: 'hal_uart_write', node_budget: 1 })).value;
    expect(cut[0]).toMatchObject({ found: 0, cut: true });
    expect(cut[0].cut_reason).toMatch(/node budget/);
    const none = (await call('find_call_path', { from_name: 'hal_uart_write', to_name: 'main' })).value;
    expect(none[0]).toMatchObject({ found: 0, cut: false });
    expect(none[0].reason).toMatch(/no call chain/);
  });

  it('find_callers_recursive and find_callees_recursive walk levels', async () => {
    const up = rowsOf((await call('find_callers_recursive', { name: 'hal_uart_write', depth: 3 })).value);
    expect(up.map((r) => `${r.depth}:${r.caller}`)).toEqual(expect.arrayContaining(['1:uarte_poll_out', '2:uart_poll_out', '3:main', '3:on_blink']));
    const down = rowsOf((await call('find_callees_recursive', { name: 'app_init', depth: 2 })).value);
    expect(down.map((r) => `${r.depth}:${r.callee}`)).toEqual(['1:timer_init', '1:uart_alloc_buffer', '2:z_errno']);
  });
});

describe('pointers, vectors, hotspots and dead code', () => {
  it('find_indirect_call_sites lists every call through a pointer with its enclosing function', async () => {
    const { value } = await call('find_indirect_call_sites', { name: '*' });
    expect(rowsOf(value).map((r) => `${r.caller}:${r.expr}`)).toEqual([
      'uart_poll_out:api->poll_out',
      'uart_poll_in:((const struct uart_driver_api *)dev->api)->poll_in',
      'timer_tick:active->expiry',
      'timer_fire:cb',
    ]);
  });

  it('find_indirect_targets resolves driver-API designated initialisers (written through DEVICE_API)', async () => {
    const out = rowsOf((await call('find_indirect_targets', { name: 'poll_out' })).value);
    expect(out).toEqual([expect.objectContaining({ target: 'uarte_poll_out', slot: 'uart_driver_api.poll_out', match: 'type', file: 'src/drivers/uart.c', line: 27 })]);
    const byName = rowsOf((await call('find_indirect_targets', { name: 'poll_in' })).value);
    expect(byName).toEqual([expect.objectContaining({ target: 'uarte_poll_in', match: 'member_name' })]);
    const unresolved = rowsOf((await call('find_indirect_targets', { name: 'cb' })).value);
    expect(unresolved).toEqual([expect.objectContaining({ target: null, slot: 'arg:timer_fire#1' })]);
    expect(unresolved[0].unresolved).toMatch(/nothing this build compiles stores/);
  });

  it('get_vector_table gives the stack pointer slot, handled, default and unhandled slots with CMSIS names', async () => {
    const slots = rowsOf((await call('get_vector_table', {})).value);
    const by = (n: number) => slots.find((s) => s.slot === n)!;
    expect(slots).toHaveLength(17);
    expect(by(0)).toMatchObject({ name: 'Initial_SP', handler: '_estack', status: 'stack_pointer', source: 'vector_table' });
    expect(by(0)).not.toHaveProperty('defined_in');
    expect(by(1)).toMatchObject({ name: 'Reset', handler: 'Reset_Handler', status: 'handled' });
    expect(by(2)).toMatchObject({ name: 'NMI', handler: 'NMI_Handler', status: 'default', default_handler: 'Default_Handler' });
    expect(by(4)).toMatchObject({ handler: null, status: 'unhandled' });
    expect(by(14)).toMatchObject({ name: 'PendSV', handler: 'PendSV_Handler', status: 'handled', defined_in: 'src/port.c:23' });
    expect(by(15)).toMatchObject({ name: 'SysTick', status: 'handled' });
    expect(by(16)).toMatchObject({ name: 'USART1_IRQn', handler: 'USART1_IRQHandler', status: 'default' });
  });

  it('find_hotspots counts call sites and distinct callers', async () => {
    const top = rowsOf((await call('find_hotspots', { limit: 3 })).value);
    expect(top[0]).toMatchObject({ name: 'sys_slist_peek_head', calls: 3, callers: 3, file: 'src/lists.c' });
  });

  it('find_dead_code separates dead static functions from possibly dead external ones', async () => {
    const rows = rowsOf((await call('find_dead_code', {})).value);
    expect(rows[0]).toMatchObject({ name: 'unused_helper', status: 'dead', file: 'src/main.c' });
    const names = rows.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['debug_dump', 'timer_fire']));
    // Reached through a vector slot, a pointer store, the reset handler, or an expanded macro: not dead.
    for (const alive of ['SysTick_Handler', 'PendSV_Handler', 'uarte_poll_in', 'main', 'SystemInit', 'z_errno', 'prvIdleTask', 'Default_Handler']) expect(names).not.toContain(alive);
    expect(rows.find((r) => r.name === 'debug_dump')).toMatchObject({ status: 'possibly_dead' });
  });

  it('the CLI prints the same answers', () => {
    const callers = cliJson(root, ['callers', 'z_errno']) as Row[];
    expect(rowsOf(callers)[0]).toMatchObject({ via_macro: 'errno' });
    const text = runCli(root, ['vectors']);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/PendSV\s+PendSV_Handler\s+handled/);
    const missing = runCli(root, ['call-path', 'main']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/call-path needs FROM TO/);
  });
});

describe('get_symbol_context on the call graph', () => {
  it('wires a driver function to the API struct field it is stored into and to the pointer call that reaches it', async () => {
    const { value, isError } = await call('get_symbol_context', { name: 'uarte_poll_out' });
    expect(isError).toBe(false);
    expect(value.callers.rows).toEqual([expect.objectContaining({ caller: 'uart_poll_out', ref_kind: 'indirect', via_slot: 'uart_driver_api.poll_out' })]);
    expect(value.callees.rows).toEqual([expect.objectContaining({ name: 'hal_uart_write', ref_kinds: ['call'], defined_at: expect.objectContaining({ file: 'src/drivers/uart.c', line: 7 }) })]);
    expect(value.pointer_wiring.stored_into).toEqual({ total: 1, rows: [expect.objectContaining({ slot: 'uart_driver_api.poll_out', file: 'src/drivers/uart.c', line: 27, in_function: null })] });
    expect(value.pointer_wiring.indirect_calls).toEqual({ total: 0, rows: [] });
  });

  it('resolves the pointer calls a function makes to the functions the build stores there', async () => {
    const { value } = await call('get_symbol_context', { name: 'uart_poll_out' });
    expect(value.callers.rows.map((r: Row) => r.caller).sort()).toEqual(['main', 'on_blink', 'unused_helper']);
    expect(value.callees).toEqual({ total: 0, rows: [] });
    const [site] = value.pointer_wiring.indirect_calls.rows;
    expect(site).toMatchObject({ expr: 'api->poll_out', slot: 'uart_driver_api.poll_out', lines: [24] });
    expect(site.targets.rows).toEqual([expect.objectContaining({ target: 'uarte_poll_out', match: 'type', file: 'src/drivers/uart.c', line: 27 })]);
    const tick = (await call('get_symbol_context', { name: 'timer_tick' })).value;
    expect(tick.pointer_wiring.indirect_calls.rows[0].targets.rows.map((t: Row) => t.target)).toContain('on_blink');
  });

  it('names the macro a callee is called through, and leaves pointer wiring null for a non-function', async () => {
    const { value } = await call('get_symbol_context', { name: 'uart_alloc_buffer' });
    expect(value.callees.rows).toContainEqual(expect.objectContaining({ name: 'z_errno', ref_kinds: ['macro_call'], via_macro: ['errno'] }));
    expect(value.constants).toContainEqual(expect.objectContaining({ name: 'ENOMEM' }));
    const api = (await call('get_symbol_context', { name: 'uart0' })).value;
    expect(api.pointer_wiring).toBeNull();
  });

  it('the CLI context command prints the pointer wiring', () => {
    const text = runCli(root, ['context', 'uart_poll_out']);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/api->poll_out\s+\[uart_driver_api\.poll_out\] → uarte_poll_out/);
    expect(runCli(root, ['context', 'uarte_poll_out']).stdout).toMatch(/stored into \(1\):\n\s+uart_driver_api\.poll_out\s+src\/drivers\/uart\.c:27/);
  });
});
