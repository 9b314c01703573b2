// One name per field across the tools: a macro's value is _macro_value / _macro_expanded_value and an enum
// constant's enum_value wherever they appear (as search_code's contract names them); a file argument is
// `file` everywhere, and read_file / get_file_map still take their old name file_path as a deprecated alias.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { copyFixtureToTemp } from '../helpers/fixture-project.js';
import { connectClient, type ToolCaller } from '../helpers/mcp-client.js';

type Value = any; // eslint-disable-line @typescript-eslint/no-explicit-any
let mcp: ToolCaller;
let root: string;
const A = { variant: 'build-board-a' };
const call = async (name: string, args: Record<string, unknown>) => mcp.call(name, { project_root: root, ...args });

beforeAll(async () => {
  // The fixture's project folder indexed in place, with its SDK beside it (outside the project root).
  root = path.join(copyFixtureToTemp('reading', 'two-board-mixed'), 'project');
  writeConfig(root, { ...DEFAULT_CONFIG });
  await indexProject({ root });
  mcp = await connectClient('/');
});
afterAll(() => mcp?.close());

describe('macro and enum values have one name in every tool', () => {
  it('LED_PIN carries _macro_value in lookup_symbol, which_builds, get_file_map and get_symbol_context', async () => {
    const lookup = (await call('lookup_symbol', { name: 'LED_PIN', ...A })).value.find((r: Value) => r.kind === 'macro');
    expect(lookup).toMatchObject({ _macro_value: '5', _macro_expanded_value: '5' });
    const where = (await call('which_builds', { name: 'LED_PIN' })).value.builds.find((b: Value) => b.variant === 'build-board-a');
    expect(where.macro[0]).toMatchObject({ _macro_value: '5', _macro_expanded_value: '5' });
    expect(where.macro[0]).not.toHaveProperty('value');
    const map = (await call('get_file_map', { file: 'board.h', ...A })).value;
    expect(map.groups.find((g: Value) => g.kind === 'macro').items.find((m: Value) => m.name === 'LED_PIN')).toMatchObject({ _macro_value: '5', _macro_expanded_value: '5' });
    const context = (await call('get_symbol_context', { name: 'led_toggle', ...A })).value;
    expect(context.constants.find((c: Value) => c.name === 'LED_PIN')).toMatchObject({ _macro_value: '5', _macro_expanded_value: '5' });
  });

  it('an enum constant carries enum_value in lookup_symbol, get_file_map and get_symbol_context', async () => {
    const search = (await call('lookup_symbol', { name: 'ERR_BUS', ...A })).value.find((r: Value) => r.kind === 'enum_constant');
    expect(search.enum_value).toBe(4);
    const map = (await call('get_file_map', { file: 'board.h', kind: 'enum_constant', ...A })).value;
    expect(map.groups[0].items.find((c: Value) => c.name === 'ERR_BUS')).toMatchObject({ enum_value: 4 });
    const context = (await call('get_symbol_context', { name: 'sensor_poll', ...A })).value;
    expect(context.constants.find((c: Value) => c.name === 'ERR_BUS')).toMatchObject({ enum_value: 4 });
  });
});

describe('file arguments are named file', () => {
  it('every tool with a file argument names it file; file_path shows only as the deprecated alias', async () => {
    const { tools } = await mcp.client.listTools();
    for (const t of tools) {
      const props = Object.keys(t.inputSchema.properties ?? {});
      if (props.includes('file_path')) {
        expect(props, t.name).toContain('file');
        expect((t.inputSchema.properties!.file_path as { description: string }).description, t.name).toMatch(/^Deprecated/);
        expect(t.description, t.name).not.toMatch(/file_path/);
      }
    }
    expect(tools.filter((t) => 'file' in (t.inputSchema.properties ?? {})).map((t) => t.name)).toEqual(expect.arrayContaining(['read_file', 'get_file_map', 'is_compiled', 'get_source']));
  });

  it('read_file and get_file_map answer the same to file and to the old file_path', async () => {
    for (const tool of ['read_file', 'get_file_map']) {
      const now = await call(tool, { file: 'src/main.c', ...A });
      const old = await call(tool, { file_path: 'src/main.c', ...A });
      expect(now.isError, tool).toBe(false);
      expect(old.value, tool).toEqual(now.value);
      const none = await call(tool, { ...A });
      expect(none.isError, tool).toBe(true);
      expect(none.value.hint, tool).toMatch(/give file/);
    }
    expect(path.basename((await call('read_file', { file: 'main.c', ...A })).value.file)).toBe('main.c');
  });
});
