// search_symbols over MCP on the two-board C/C++ fixture: globs (prefix, suffix, ?), kinds, Type.member
// with derived classes, paging counts, INVALID_PARAMETER errors, and build scoping of #if branches.
import { describe, expect, it } from 'vitest';
import { cliJson } from '../helpers/fixture-project.js';
import { BOARD_A, BOARD_B, useFindSession } from './find-fixture.js';

const session = useFindSession();
const A = BOARD_A;
const B = BOARD_B;

const search = async (args: Record<string, unknown>) => {
  const r = await session.client.call('search_symbols', args);
  if (r.isError) throw new Error(r.text);
  return r.value as { results: Record<string, any>[]; meta: Record<string, any>; pagination: Record<string, any> };
};
const names = (r: { results: Record<string, any>[] }) => [...new Set(r.results.map((x) => x.qualifiedName))];

describe('search_symbols', () => {
  it('matches a prefix glob on the whole name, case-sensitively', async () => {
    expect(names(await search({ query: 'uart_*', kind: 'function', ...A }))).toEqual(['uart_drv_init', 'uart_init_timeout']);
    expect((await search({ query: 'UART_*', kind: 'function', ...A })).meta.totalCount).toBe(0);
  });

  it('matches a suffix glob and a ? glob', async () => {
    expect(names(await search({ query: '*_init', ...A }))).toEqual(['uart_drv_init']);
    expect(names(await search({ query: 'uart_?nit_timeout', ...A }))).toEqual(['uart_init_timeout']);
    expect((await search({ query: 'uart_?init_timeout', ...A })).meta.totalCount).toBe(0);
  });

  it('finds enum constants by glob and kind, with their enum as containing type', async () => {
    const r = await search({ query: 'UART_PARITY_*', kind: 'ENUM_CONSTANT', ...A });
    expect(r.results.map((x) => [x.name, x.kind, x.containingType])).toEqual([
      ['UART_PARITY_EVEN', 'enum_constant', 'uart_parity'],
      ['UART_PARITY_NONE', 'enum_constant', 'uart_parity'],
      ['UART_PARITY_ODD', 'enum_constant', 'uart_parity'],
    ]);
    expect(names(await search({ query: 'MODE_*', kind: 'enum_constant', ...A }))).toEqual(['app::Mode::MODE_IDLE', 'app::Mode::MODE_RUN', 'app::Mode::MODE_SLEEP']);
  });

  it('Class.member finds the member of that class only', async () => {
    const r = await search({ query: 'Sensor.init', ...A });
    expect(names(r)).toEqual(['app::Sensor::init']);
    expect(r.results.every((x) => x.containingType === 'app::Sensor')).toBe(true);
    expect(names(await search({ query: 'Logger::init', ...A }))).toEqual(['app::Logger::init']);
  });

  it('Class.member includes the members of derived classes', async () => {
    const r = await search({ query: 'Sensor.read', kind: 'method', ...A });
    expect(names(r).sort()).toEqual(['app::Sensor::read', 'app::TempSensor::read']);
    expect(r.meta.derivedTypes).toEqual(['app::TempSensor']);
    expect(names(await search({ query: 'TempSensor.read', kind: 'method', ...A }))).toEqual(['app::TempSensor::read']);
  });

  it('Class.member follows the base list each derived class resolves to, not every class of the same last name', async () => {
    const hw = await search({ query: 'hw::Probe.sample', kind: 'method', ...A });
    expect(names(hw).sort()).toEqual(['hw::Probe::sample', 'hw::Thermocouple::sample']);
    expect(hw.meta.derivedTypes).toEqual(['hw::Thermocouple']);
    const sim = await search({ query: 'sim::Probe.sample', kind: 'method', ...A });
    expect(names(sim).sort()).toEqual(['sim::FakeProbe::sample', 'sim::Probe::sample']);
    expect(sim.meta.derivedTypes).toEqual(['sim::FakeProbe']);
    // A pattern naming both bases takes both hierarchies.
    expect((await search({ query: 'Probe.sample', kind: 'method', ...A })).meta.derivedTypes).toEqual(['hw::Thermocouple', 'sim::FakeProbe']);
  });

  it('pages with totalCount, hasMore and offset', async () => {
    // Board B: the ten methods of sensor.cpp (board A also compiles probe.cpp).
    const all = await search({ query: '*', kind: 'method', ...B, maxResults: 1000 });
    expect(all.meta.totalCount).toBe(10);
    const p1 = await search({ query: '*', kind: 'method', ...B, maxResults: 4 });
    expect([p1.meta.totalCount, p1.results.length, p1.pagination.hasMore, p1.meta.truncated, p1.pagination.nextOffset]).toEqual([10, 4, true, true, 4]);
    const p3 = await search({ query: '*', kind: 'method', ...B, maxResults: 4, offset: 8 });
    expect([p3.results.length, p3.pagination.hasMore]).toEqual([2, false]);
    expect([...p1.results, ...(await search({ query: '*', kind: 'method', ...B, maxResults: 4, offset: 4 })).results, ...p3.results]).toEqual(all.results);
    const none = await search({ query: '*', kind: 'method', ...B, maxResults: 0 });
    expect([none.meta.totalCount, none.results.length, none.pagination.hasMore]).toEqual([10, 0, true]);
  });

  it('rejects an unknown kind and an out-of-range maxResults with INVALID_PARAMETER and the valid values', async () => {
    const kind = await session.client.call('search_symbols', { query: 'x*', kind: 'interface', ...A });
    expect(kind.isError).toBe(true);
    expect(kind.text).toContain('INVALID_PARAMETER');
    expect(kind.text).toContain('function, method, constructor');
    for (const maxResults of [-1, 1001, 2.5]) {
      const r = await session.client.call('search_symbols', { query: 'x*', maxResults, ...A });
      expect(r.isError).toBe(true);
      expect(r.text).toMatch(/INVALID_PARAMETER.*0 to 1000/);
    }
  });

  it('answers from one build: a declaration of an inactive branch is no result', async () => {
    expect(names(await search({ query: '*_only_flush', ...A }))).toEqual([]);
    expect(names(await search({ query: '*_only_flush', ...B }))).toEqual(['uart_b_only_flush']);
    expect(names(await search({ query: 'board_?_sensor_count', kind: 'variable', ...A }))).toEqual(['app::board_a_sensor_count']);
    expect(names(await search({ query: 'board_?_sensor_count', kind: 'variable', ...B }))).toEqual(['app::board_b_sensor_count']);
    const unscoped = await session.client.call('search_symbols', { query: 'uart_*' });
    expect(unscoped.isError).toBe(true);
    expect(unscoped.text).toContain('build-board-a');
  });

  it('is the CLI command symbols --glob', () => {
    const r = cliJson(session.root, ['symbols', '--glob', 'Sensor::*', '--kind', 'field', '--variant', 'build-board-b']) as { results: { qualifiedName: string }[] };
    expect(r.results.map((x) => x.qualifiedName)).toEqual(['app::Sensor::id_']);
  });
});
