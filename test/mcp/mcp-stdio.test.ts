// Spawns `fw-context serve` and drives it with the MCP SDK Client over stdio, as an agent client does:
// the tools are listed, read-only, and answer what the CLI answers for the same question.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, cliJson, copyFixtureToTemp, runCli, assertCliBuilt } from '../helpers/fixture-project.js';

let root: string;
let client: Client;

const call = async (name: string, args: Record<string, unknown>) => {
  const r = (await client.callTool({ name, arguments: args })) as { content: { type: string; text: string }[]; isError?: boolean };
  return { value: JSON.parse(r.content[0].text), isError: !!r.isError };
};

beforeAll(async () => {
  assertCliBuilt();
  root = copyFixtureToTemp('index', 'drivers-hal-cmake');
  expect(runCli(root, ['index']).status).toBe(0);
  client = new Client({ name: 'fw-context-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'serve'], cwd: root, stderr: 'pipe' }));
});

afterAll(async () => {
  await client?.close();
});

describe('fw-context serve over stdio', () => {
  it('lists the query tools, each read-only with a description and a schema', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['get_active_build', 'search_code', 'lookup_symbol', 'get_source']));
    for (const t of tools) {
      expect(t.annotations?.readOnlyHint).toBe(true);
      expect(t.description!.length).toBeGreaterThan(200);
      expect(t.inputSchema.type).toBe('object');
    }
    const search = tools.find((t) => t.name === 'search_code')!;
    expect(search.inputSchema.required).toEqual(['query']);
  });

  it('get_active_build answers what `fw-context status` answers', async () => {
    // The server fills in the trigrams of files no build reads soon after it starts: compare once it has.
    const end = Date.now() + 20_000;
    let { value } = await call('get_active_build', {});
    while (value.content_index.deferred > 0 && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 100));
      ({ value } = await call('get_active_build', {}));
    }
    expect(value.content_index.deferred).toBe(0);
    expect(value).toEqual(cliJson(root, ['status']));
    expect(value.status).toBe('ready');
  });

  it('search_code answers what `fw-context search` answers', async () => {
    for (const q of ['uart init', 'serial_write', 'uart (init']) {
      const { value, isError } = await call('search_code', { query: q, limit: 10 });
      expect(isError).toBe(false);
      expect(value).toEqual(cliJson(root, ['search', q, '--limit', '10']));
    }
    const { value } = await call('search_code', { query: 'uart init' });
    expect(value.find((x: Record<string, unknown>) => 'kind' in x).name).toBe('uart_init');
  });

  it('lookup_symbol answers what `fw-context lookup` answers', async () => {
    const { value } = await call('lookup_symbol', { name: 'HAL_UART_', prefix: true });
    expect(value).toEqual(cliJson(root, ['lookup', 'HAL_UART_', '--prefix']));
  });

  it('get_source answers what `fw-context source` answers', async () => {
    const { value } = await call('get_source', { name: 'uart_init', file: 'uart.c' });
    expect(value).toEqual(cliJson(root, ['source', 'uart_init', '--file', 'uart.c']));
    expect(value.source).toMatch(/^int uart_init/);
  });

  it('returns errors as isError results with a hint', async () => {
    const { value, isError } = await call('get_source', { name: 'does_not_exist' });
    expect(isError).toBe(true);
    expect(value).toMatchObject({ error: expect.stringContaining('does_not_exist'), hint: expect.any(String) });
    const bad = await client.callTool({ name: 'search_code', arguments: { query: 'x', limit: 500 } });
    expect(bad.isError).toBe(true);
  });
});

describe('fw-context serve: a build declared but not indexed', () => {
  let multi: Client;
  let multiRoot: string;
  beforeAll(async () => {
    multiRoot = copyFixtureToTemp('adapters', 'zephyr-multi-board');
    expect(runCli(multiRoot, ['index', '--variant', 'nucleo_f401re']).status).toBe(0);
    multi = new Client({ name: 'fw-context-test', version: '1.0.0' });
    await multi.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'serve', '--no-refresh'], cwd: multiRoot, stderr: 'pipe' }));
  });
  afterAll(async () => {
    await multi?.close();
  });

  it('is named in the refusal (the server loads build detection for it) and listed by list_variants', async () => {
    const r = (await multi.callTool({ name: 'lookup_symbol', arguments: { name: 'main', variant: 'build-nrf52840dk' } })) as { content: { text: string }[]; isError?: boolean };
    expect(r.isError).toBe(true);
    expect(JSON.parse(r.content[0].text).error).toMatch(/"build-nrf52840dk" is a build of this project but is not indexed yet/);
    const v = (await multi.callTool({ name: 'list_variants', arguments: {} })) as { content: { text: string }[] };
    const variants = JSON.parse(v.content[0].text).variants as { variant: string; images: { indexed: boolean }[] }[];
    expect(variants.map((x) => [x.variant, x.images[0].indexed])).toEqual(expect.arrayContaining([['build-nrf52840dk', false], ['nucleo_f401re', true]]));
  });
});
