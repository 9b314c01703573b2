// Refusals speak the language of the surface that shows them: the CLI names flags (--variant, --start-line)
// and commands (fw-context lookup), MCP names arguments (variant, start_line) and tools (lookup_symbol).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_COMMANDS } from '../../src/cli/cli-surface.js';
import { cliJson, indexedFixture, runCli } from '../helpers/fixture-project.js';
import { connectClient, type ToolCaller } from '../helpers/mcp-client.js';

describe('a refusal on a project of several builds', () => {
  let root: string;
  let mcp: ToolCaller;
  beforeAll(async () => {
    ({ root } = await indexedFixture(['adapters', 'zephyr-multi-board']));
    mcp = await connectClient(root);
  });
  afterAll(() => mcp?.close());

  it('names --variant and --image on the CLI, as text and as JSON', () => {
    const r = runCli(root, ['search', 'board init']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/hint: pass --variant \(and --image when the variant lists several\)/);
    expect(r.stderr).not.toMatch(/pass variant/);
    expect((cliJson(root, ['search', 'board init']) as { hint: string }).hint).toMatch(/^pass --variant/);
  });

  it('names the variant and image arguments over MCP', async () => {
    const { value, isError } = await mcp.call('search_code', { query: 'board init' });
    expect(isError).toBe(true);
    expect(value.hint).toMatch(/^pass variant \(and image when the variant lists several\)/);
    expect(value.hint).not.toMatch(/--/);
  });

  it('names the tool over MCP and the command on the CLI', async () => {
    const mcpHint = (await mcp.call('find_callees', { name: 'no_such_function', variant: 'nucleo_f401re' })).value.hint;
    expect(mcpHint).toMatch(/lookup_symbol \(kind="function"\)/);
    const cli = runCli(root, ['callees', 'no_such_function', '--variant', 'nucleo_f401re']);
    expect(cli.stderr).toMatch(/`fw-context lookup` \(--kind function\)/);
  });

  it('names snake_case arguments as their flags on the CLI', () => {
    const args = ['--variant', 'nucleo_f401re'];
    const read = runCli(root, ['read', 'src/main.c', '--start-line', '0', ...args]);
    expect(read.stderr).toMatch(/--start-line must be a positive integer, got 0/);
    const map = runCli(root, ['file-map', 'src/main.c', '--offset', '2', ...args]);
    expect(map.stderr).toMatch(/--offset pages one kind: give --kind together with --offset/);
    expect(map.stderr).toMatch(/e\.g\. --kind function --offset 100/);
  });
});

describe('the CLI names a command for every MCP tool', () => {
  it('has one for each tool the server lists', async () => {
    const mcp = await connectClient('/');
    const { tools } = await mcp.client.listTools();
    await mcp.close();
    expect(tools.map((t) => t.name).filter((n) => !CLI_COMMANDS[n])).toEqual([]);
  });
});
