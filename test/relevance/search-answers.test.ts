// search_code as clients see it, on the RTOS + HAL fixture: through a real MCP client (in-memory transport)
// and through the built CLI — one row per symbol with declarations, API-wrapper macros with their expansion
// and wrapped function, lookup_symbol still listing every place, [] for no match.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliJson, indexedFixture, runCli } from '../helpers/fixture-project.js';
import { connectClient, type ToolCaller } from '../helpers/mcp-client.js';

let mcp: ToolCaller;
let root: string;

const call = (name: string, args: Record<string, unknown>) => mcp.call(name, { project_root: root, ...args });
const rows = (v: Record<string, any>[]) => v.filter((r) => 'kind' in r);

beforeAll(async () => {
  ({ root } = await indexedFixture(['relevance', 'stm32-freertos-app']));
  mcp = await connectClient('/');
});

afterAll(async () => {
  await mcp?.close();
});

describe('search_code over MCP', () => {
  it('returns the API macro and the function it wraps for "mutex take"', async () => {
    const { value, isError } = await call('search_code', { query: 'mutex take', limit: 5 });
    expect(isError).toBe(false);
    expect(value[0]).toMatchObject({ offset: 0, shown: 5, more: true });
    const names = rows(value).map((r) => r.name);
    expect(names).toContain('xSemaphoreTake');
    expect(names).toContain('xQueueSemaphoreTake');
    const macro = rows(value).find((r) => r.name === 'xSemaphoreTake');
    expect(macro).toMatchObject({ kind: 'macro', wraps: 'xQueueSemaphoreTake', params: '(xSemaphore, xBlockTime)' });
    expect(macro!._macro_expanded_value).toContain('xQueueSemaphoreTake');
  });

  it('gives a declared and defined function one row; lookup_symbol lists both places', async () => {
    const { value } = await call('search_code', { query: 'gpio toggle' });
    const toggle = rows(value).filter((r) => r.name === 'HAL_GPIO_TogglePin');
    expect(toggle).toHaveLength(1);
    expect(toggle[0]).toMatchObject({
      file: 'Drivers/STM32F4xx_HAL_Driver/Src/stm32f4xx_hal_gpio.c',
      is_definition: true,
      is_vendor: true,
      declarations: [{ file: 'Drivers/STM32F4xx_HAL_Driver/Inc/stm32f4xx_hal_gpio.h', line: expect.any(Number) }],
    });
    const look = await call('lookup_symbol', { name: 'HAL_GPIO_TogglePin' });
    expect(rows(look.value).map((r) => r.is_definition)).toEqual([true, false]);
  });

  it('counts merged rows in total and pages over them without repeats', async () => {
    const first = await call('search_code', { query: 'queue', limit: 10 });
    const total = first.value[0].total;
    const seen: string[] = [];
    for (let offset = 0; offset < total; offset += 10) {
      const page = await call('search_code', { query: 'queue', limit: 10, offset });
      expect(page.value[0].total).toBe(total);
      seen.push(...rows(page.value).map((r) => `${r.kind}:${r.qualified_name ?? r.name}:${r.file}:${r.line}`));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('answers [] when nothing matches', async () => {
    const { value, isError } = await call('search_code', { query: 'zzzunknownword' });
    expect(isError).toBe(false);
    expect(value).toEqual([]);
  });

  it('says what the row fields mean in its description', async () => {
    const { tools } = await mcp.client.listTools();
    const d = tools.find((t) => t.name === 'search_code')!.description!;
    expect(d).toMatch(/declarations/);
    expect(d).toMatch(/_macro_expanded_value/);
    expect(d).toMatch(/wraps/);
    expect(d).toMatch(/is_definition/);
    expect(d).toMatch(/\[\]/);
  });
});

describe('fw-context search', () => {
  it('prints declarations and API-wrapper expansions in text', () => {
    const r = runCli(root, ['search', 'mutex take', '--limit', '5']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/macro\s+xSemaphoreTake\s+Middlewares\/Third_Party\/FreeRTOS\/Source\/include\/semphr\.h:\d+/);
    expect(r.stdout).toMatch(/expands to xQueueSemaphoreTake.*\(wraps xQueueSemaphoreTake\)/);
    expect(r.stdout).toMatch(/declared at Middlewares\/Third_Party\/FreeRTOS\/Source\/include\/queue\.h:\d+/);
  });

  it('prints [] with --json and a short line in text when nothing matches', () => {
    expect(cliJson(root, ['search', 'zzzunknownword'])).toEqual([]);
    const r = runCli(root, ['search', 'zzzunknownword']);
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe('No symbol matches.');
  });
});
