// The code-reading tools through a real MCP client on a two-board C/C++ fixture: body search, build-masked
// file reading, file maps, variable readers/writers, symbol context and the C++ class tools — and the path
// rules of read_file / get_file_map (no "..", no absolute path or symlink leading outside the project).
import fs from 'node:fs';
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { copyFixture, fixturePath } from '../../src/project/copy-fixture.js';
import { DEFAULT_CONFIG, indexPath, writeConfig } from '../../src/project/config.js';
import { tempDir } from '../helpers/fixture-project.js';
import { connectClient, type ToolCaller } from '../helpers/mcp-client.js';

let mcp: ToolCaller;
let base: string;
let root: string;

type Value = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const call = async (name: string, args: Record<string, unknown>, variant = 'build-board-a'): Promise<{ value: Value; isError: boolean }> => {
  const r = await mcp.call(name, { project_root: root, variant, ...args });
  return { value: r.value, isError: r.isError };
};
const rows = (v: Value[]) => v.filter((x) => 'name' in x);

beforeAll(async () => {
  base = copyFixture(fixturePath('reading', 'two-board-mixed'), tempDir());
  root = path.join(base, 'project');
  writeConfig(root, { ...DEFAULT_CONFIG });
  await indexProject({ root });
  fs.symlinkSync('/etc', path.join(root, 'etc-link'));
  fs.writeFileSync(path.join(base, 'outside.c'), 'int secret;\n');
  fs.symlinkSync(path.join(base, 'outside.c'), path.join(root, 'src', 'linked.c'));
  mcp = await connectClient('/');
});

afterAll(async () => {
  await mcp?.close();
});

describe('search_bodies', () => {
  it('needs every word in the same definition', async () => {
    const { value } = await call('search_bodies', { query: 'record_error value' });
    expect(rows(value).map((r: Value) => r.qualified_name)).toEqual(['sensor_poll']);
    const hit = rows(value)[0];
    expect(hit.match_lines).toContainEqual({ line: 26, text: 'if (value < 0) record_error(ERR_BUS);' });
    expect(hit.source).toContain('hal_i2c_read');
    // record_error's own definition holds only one of the words.
    const one = await call('search_bodies', { query: 'record_error' });
    expect(rows(one.value).map((r: Value) => r.qualified_name).sort()).toEqual(['record_error', 'sensor_poll']);
  });

  it('searches only the lines the build compiles', async () => {
    expect(rows((await call('search_bodies', { query: 'hal_adc_read' })).value)).toEqual([]);
    expect(rows((await call('search_bodies', { query: 'hal_adc_read' }, 'build-board-b')).value).map((r: Value) => r.line)).toEqual([31]);
  });
});

describe('read_file', () => {
  it('blanks the other board\'s branch and keeps line numbers', async () => {
    const a = (await call('read_file', { file: 'src/main.c', start_line: 21, end_line: 37 })).value;
    const lines = a.content.split('\n');
    expect(lines[0]).toBe('21\t#ifdef BOARD_A');
    expect(lines[4]).toBe('25\t  int value = hal_i2c_read(SENSOR_ADDR_A);');
    expect(lines[12]).toBe('33');
    expect(a.content).not.toContain('hal_adc_read');
    const b = (await call('read_file', { file: 'main.c', line_numbers: false }, 'build-board-b')).value;
    const bl = b.content.split('\n');
    expect(bl).toHaveLength(56);
    expect(bl[24]).toBe('');
    expect(bl[32]).toBe('  int value = hal_adc_read(SENSOR_CHANNEL_B);');
    expect(b).toMatchObject({ view: 'preprocessed', all_lines_inactive: false, stale: false, total_lines: 56 });
  });

  it('shows the build\'s live #defines and hides the others', async () => {
    const v = (await call('read_file', { file: 'include/board.h' })).value.content.split('\n');
    expect(v[5]).toBe(' 6\t#define LED_PIN 5');
    expect(v[8]).toBe(' 9');
    expect(v[7]).toBe(' 8\t#else');
  });

  it('reads SDK headers outside the project and generated files', async () => {
    const sdk = (await call('read_file', { file: 'hal_gpio.h' })).value;
    expect(sdk.file).toBe(path.join(base, 'sdk', 'include', 'hal_gpio.h'));
    expect(sdk).toMatchObject({ is_vendor: true, view: 'preprocessed' });
    expect(sdk.content).toContain('int hal_i2c_read(int addr);');
    const gen = (await call('read_file', { file: 'app_config.h' }, 'build-board-b')).value;
    expect(gen.file).toBe('build-board-b/generated/app_config.h');
    expect(gen.content).toContain('#define APP_RX_SIZE 32');
  });

  it('says all_lines_inactive for a header of an include folder no unit reads', async () => {
    const v = (await call('read_file', { file: path.join(base, 'sdk', 'include', 'hal_unused.h') })).value;
    expect(v).toMatchObject({ view: 'not_read', all_lines_inactive: true, content: '', total_lines: 2 });
  });

  it('pages long files', async () => {
    const long = Array.from({ length: 2500 }, (_, i) => `/* line ${i + 1} */`).join('\n') + '\n';
    fs.writeFileSync(path.join(root, 'notes.txt'), long);
    const p1 = (await call('read_file', { file: 'notes.txt' })).value;
    expect(p1).toMatchObject({ view: 'read_as_is', start_line: 1, end_line: 2000, more: true, next_start_line: 2001, total_lines: 2500 });
    const p2 = (await call('read_file', { file: 'notes.txt', start_line: p1.next_start_line })).value;
    expect(p2).toMatchObject({ start_line: 2001, end_line: 2500, more: false });
    expect(p2.content.split('\n')[0]).toBe('2001\t/* line 2001 */');
  });

  it('flags a file changed since indexing as stale', async () => {
    const f = path.join(root, 'src', 'state.c');
    const before = fs.readFileSync(f, 'utf8');
    fs.writeFileSync(f, before.replace('error_reset', 'error_clear'));
    try {
      const v = (await call('read_file', { file: 'src/state.c' })).value;
      expect(v.stale).toBe(true);
      expect(v.warning).toMatch(/changed on disk/);
    } finally {
      fs.writeFileSync(f, before);
    }
  });

  it('refuses an ambiguous ending with the matches', async () => {
    const { value, isError } = await call('read_file', { file: '.h' });
    expect(isError).toBe(true);
    expect(value.error).toMatch(/no file|matches/);
  });
});

describe('path rules of read_file and get_file_map', () => {
  const escapes = ['../../etc/passwd', 'src/../../outside.c', '/etc/passwd', 'etc-link/passwd', 'src/linked.c'];
  for (const tool of ['read_file', 'get_file_map']) {
    for (const p of escapes) {
      it(`${tool} refuses ${p}`, async () => {
        const { value, isError } = await call(tool, { file: p });
        expect(isError).toBe(true);
        expect(value.error).toMatch(/\.\.|outside the project root/);
        expect(value.hint).toBeTruthy();
        expect(JSON.stringify(value)).not.toMatch(/root:x:0:0|secret/);
      });
    }
  }
});

describe('get_file_map', () => {
  it('lists every function of a file, the build\'s own', async () => {
    const a = (await call('get_file_map', { file: 'src/main.c', signatures: true })).value;
    const fns = a.groups.find((g: Value) => g.kind === 'function');
    expect(fns.items.map((i: Value) => [i.name, i.line])).toEqual([['record_error', 10], ['led_toggle', 16], ['sensor_poll', 23], ['app_tick', 39], ['app_status', 47], ['local_shadow', 52]]);
    expect(fns.items[2].signature).toBe('int sensor_poll(void)');
    expect(a.groups.find((g: Value) => g.kind === 'varlocal')).toBeUndefined();
    // The counts are those of the groups: locals are left out of both, and said so.
    expect(a.total_symbols).toBe(a.groups.reduce((n: number, g: Value) => n + g.total, 0));
    expect(a.counts).toEqual(Object.fromEntries(a.groups.map((g: Value) => [g.kind, g.total])));
    expect(a.locals_left_out).toBe(3);
    const locals = (await call('get_file_map', { file: 'src/main.c', kind: 'varlocal' })).value;
    expect([locals.total_symbols, locals.locals_left_out, locals.groups[0].total]).toEqual([3, 0, 3]);
    const b = (await call('get_file_map', { file: 'src/main.c' }, 'build-board-b')).value;
    expect(b.groups.find((g: Value) => g.kind === 'function').items.find((i: Value) => i.name === 'sensor_poll').line).toBe(31);
  });

  it('nests enum constants under their enum and lists the build\'s macros', async () => {
    const v = (await call('get_file_map', { file: 'board.h' }, 'build-board-b')).value;
    const e = v.groups.find((g: Value) => g.kind === 'enum').items[0];
    expect(e.constants).toEqual([{ name: 'ERR_NONE', line: 16, enum_value: 0 }, { name: 'ERR_BUS', line: 17, enum_value: 4 }, { name: 'ERR_TIMEOUT', line: 18, enum_value: 5 }]);
    // Nested constants count as listed, with kind enum too (STATUS_OK of the nameless enum is listed flat).
    expect(v.counts.enum_constant).toBe(4);
    expect((await call('get_file_map', { file: 'board.h', kind: 'enum' }, 'build-board-b')).value.total_symbols).toBe(1 + 3);
    const macros = v.groups.find((g: Value) => g.kind === 'macro').items;
    expect(macros.find((m: Value) => m.name === 'LED_PIN')).toMatchObject({ line: 9, _macro_value: '12', _macro_expanded_value: '12' });
    expect(macros.map((m: Value) => m.name)).not.toContain('SENSOR_ADDR_A');
  });

  it('pages one kind at a time', async () => {
    const p = (await call('get_file_map', { file: 'src/main.c', kind: 'function', limit: 2, offset: 2 })).value;
    expect(p.groups).toHaveLength(1);
    expect(p.groups[0]).toMatchObject({ kind: 'function', total: 6, offset: 2, shown: 2, more: true, next_offset: 4 });
    expect((await call('get_file_map', { file: 'src/main.c', offset: 2 })).isError).toBe(true);
  });

  it('refuses a file the build does not compile', async () => {
    const { value, isError } = await call('get_file_map', { file: path.join(base, 'sdk', 'include', 'hal_unused.h') });
    expect(isError).toBe(true);
    expect(value.error).toMatch(/does not compile or include/);
  });
});

describe('find_variables', () => {
  it('separates readers and writers', async () => {
    const v = rows((await call('find_variables', { name: 'g_last_error' })).value)[0];
    expect(v).toMatchObject({ storage: 'global', file: 'src/state.c', counts: { read: 1, write: 2, address: 0 } });
    expect(v.writers.sort()).toEqual(['error_reset', 'record_error']);
    expect(v.readers).toEqual(['app_status']);
    expect(v.refs[0]).toMatchObject({ ref_kind: 'write', in_function: expect.any(String) });
  });

  it('tells address-taking and statics, and keeps a local to its function', async () => {
    const ticks = rows((await call('find_variables', { name: 'tick_count' })).value);
    expect(ticks.map((t: Value) => t.storage)).toEqual(['global', 'local']);
    // The local of local_shadow hides the global there: its uses are the local's only.
    expect(ticks[0].refs.map((r: Value) => [r.ref_kind, r.line])).toEqual([['write', 41], ['address', 42]]);
    expect(ticks[1]).toMatchObject({ owner: 'local_shadow', counts: { read: 1 } });
    const st = rows((await call('find_variables', { name: 'error_count', scope: 'static' })).value)[0];
    expect(st).toMatchObject({ storage: 'static', counts: { write: 1, read: 1 } });
    const local = rows((await call('find_variables', { name: 'value', scope: 'local' }, 'build-board-b')).value)[0];
    expect(local).toMatchObject({ owner: 'sensor_poll', counts: { read: 2, write: 0 } });
    expect(local.refs.every((r: Value) => r.line >= 31 && r.line <= 36)).toBe(true);
  });

  it('answers from accesses stored as small integers (read 0, write 1, address 2; name 0, member 1)', () => {
    const db = new Database(indexPath(root), { readonly: true });
    const kinds = db.prepare('SELECT DISTINCT typeof(access) || typeof(via) FROM variable_refs').pluck().all();
    const codes = db.prepare('SELECT DISTINCT access, via FROM variable_refs ORDER BY 1, 2').raw().all();
    db.close();
    expect(kinds).toEqual(['integerinteger']);
    expect(codes).toEqual([[0, 0], [0, 1], [1, 0], [2, 0]]);
  });

  it('finds a C++ field used by a subclass method, with its class', async () => {
    const f = rows((await call('find_variables', { name: 'last_value_', scope: 'field' })).value)[0];
    expect(f).toMatchObject({ owner: 'Sensor', counts: { write: 1, read: 2 } });
    expect(f.refs[0]).toMatchObject({ ref_kind: 'write', in_function: 'FilteredSensor::read', in_class: 'FilteredSensor' });
  });
});

describe('get_symbol_context', () => {
  it('holds source, callees and the constants with this build\'s values', async () => {
    const a = (await call('get_symbol_context', { name: 'led_toggle' })).value;
    expect(a.source).toContain('hal_gpio_write');
    expect(a.callees.rows.map((c: Value) => c.name)).toEqual(['hal_gpio_write', 'hal_gpio_read']);
    expect(a.callees.rows[0].defined_at).toMatchObject({ is_vendor: true, line: 5 });
    expect(a.callers.rows.map((r: Value) => [r.caller, r.ref_kind])).toEqual([['app_tick', 'call']]);
    expect(a.constants).toContainEqual(expect.objectContaining({ name: 'LED_PIN', kind: 'macro', _macro_value: '5', _macro_expanded_value: '5' }));
    const b = (await call('get_symbol_context', { name: 'led_toggle' }, 'build-board-b')).value;
    expect(b.constants).toContainEqual(expect.objectContaining({ name: 'LED_PIN', _macro_expanded_value: '12' }));
    const poll = (await call('get_symbol_context', { name: 'sensor_poll' })).value;
    expect(poll.constants).toContainEqual(expect.objectContaining({ name: 'ERR_BUS', kind: 'enum_constant', enum_value: 4 }));
    expect(poll.callees.rows.map((c: Value) => c.name)).toEqual(['hal_i2c_read', 'record_error']);
  });

  it('lists the globals a function touches and how', async () => {
    const v = (await call('get_symbol_context', { name: 'app_tick' })).value;
    expect(v.variables).toContainEqual(expect.objectContaining({ name: 'g_tick_count', access: ['address', 'write'] }));
  });
});

describe('C++ class tools', () => {
  it('get_inheritance_chain walks up and down, transitive or direct', async () => {
    const t = (await call('get_inheritance_chain', { class_name: 'TemperatureSensor' })).value;
    expect(t.bases.map((b: Value) => [b.qualified_name, b.depth, b.access])).toEqual([['FilteredSensor', 1, 'public'], ['Sensor', 2, 'public']]);
    const s = (await call('get_inheritance_chain', { class_name: 'Sensor', transitive: false })).value;
    expect(s.derived.map((d: Value) => d.qualified_name)).toEqual(['FilteredSensor']);
    expect((await call('get_inheritance_chain', { class_name: 'NoSuchClass' })).isError).toBe(true);
  });

  it('get_class_members merges out-of-class definitions and adds inherited members', async () => {
    const m = (await call('get_class_members', { class_name: 'FilteredSensor', include_inherited: true })).value;
    const read = m.methods.find((x: Value) => x.name === 'read' && !x.inherited_from);
    expect(read).toMatchObject({ file: 'include/sensor.hpp', line: 17, access: 'public', is_override: true, definition: { file: 'src/sensor.cpp', line: 4 } });
    expect(m.fields.map((f: Value) => f.access)).toEqual(['private', 'protected']);
    expect(m.fields.map((f: Value) => [f.name, f.inherited_from ?? null])).toEqual([['history_', null], ['last_value_', 'Sensor']]);
    expect(m.methods.find((x: Value) => x.name === 'name')).toMatchObject({ inherited_from: 'Sensor', is_virtual: true });
    expect(m.destructors).toEqual([]);
  });

  it('get_method_overrides links base and derived methods', async () => {
    const o = (await call('get_method_overrides', { method_name: 'Sensor::read' })).value;
    expect(o.methods[0]).toMatchObject({ qualified_name: 'Sensor::read', is_pure_virtual: true, overrides: [], overridden_by: ['FilteredSensor::read', 'TemperatureSensor::read'] });
    const t = o.methods.find((x: Value) => x.class === 'TemperatureSensor');
    expect(t).toMatchObject({ declared_override: true, overrides: ['FilteredSensor::read', 'Sensor::read'], definition: { file: 'src/sensor.cpp', line: 11 } });
  });

  it('get_template_instances lists explicit and implicit instantiations', async () => {
    const v = (await call('get_template_instances', { template_name: 'RingBuffer' })).value;
    expect(v.definitions[0]).toMatchObject({ qualified_name: 'RingBuffer', file: 'include/ring.hpp' });
    expect(v.instances.map((i: Value) => [i.args, i.kinds])).toEqual([['<char, 16>', ['explicit']], ['<float, 4>', ['implicit']], ['<int, 8>', ['implicit']]]);
    expect((await call('get_template_instances', { template_name: 'Nothing' })).isError).toBe(true);
  });
});

describe('tool listing', () => {
  it('registers every reading tool read-only', async () => {
    const { tools } = await mcp.client.listTools();
    for (const name of ['search_bodies', 'read_file', 'get_file_map', 'find_variables', 'get_symbol_context', 'get_inheritance_chain', 'get_class_members', 'get_method_overrides', 'get_template_instances']) {
      const t = tools.find((x) => x.name === name);
      expect(t?.annotations?.readOnlyHint).toBe(true);
    }
  });
});
