// lookup_symbol and get_source on the example firmware, plus the CI symbol dump.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { getSource } from '../../src/query/get-source.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { openProject, withProject } from '../../src/query/project-context.js';
import { QueryError } from '../../src/query/query-error.js';
import { indexedFixture } from '../helpers/fixture-project.js';

let root: string;
beforeAll(async () => {
  ({ root } = await indexedFixture(['index', 'drivers-hal-cmake']));
});
const rows = (r: Record<string, any>[]) => r.filter((x) => 'kind' in x);

describe('lookup_symbol', () => {
  it('finds exact names, definition first', () => {
    const r = withProject(root, (ctx) => lookupSymbol(ctx, { name: 'uart_init' })) as Record<string, any>[];
    expect(rows(r).map((x) => [x.file, x.is_definition])).toEqual([['src/drivers/uart.c', true], ['src/drivers/uart.h', false]]);
  });
  it('finds qualified names and prefixes, locals excluded', () => {
    const q = rows(withProject(root, (ctx) => lookupSymbol(ctx, { name: 'app::SensorManager::poll' })) as Record<string, any>[]);
    expect(q.map((x) => x.kind)).toEqual(['method', 'method']);
    const p = rows(withProject(root, (ctx) => lookupSymbol(ctx, { name: 'HAL_UART_*' })) as Record<string, any>[]);
    expect(new Set(p.map((x) => x.name))).toEqual(new Set(['HAL_UART_Init', 'HAL_UART_Transmit']));
  });
  it('lists macros after symbols and by kind', () => {
    const m = rows(withProject(root, (ctx) => lookupSymbol(ctx, { name: 'UART_RX_BUFFER_SIZE' })) as Record<string, any>[]);
    expect(m[0]).toMatchObject({ kind: 'macro', _macro_value: '(64 * 2)', _macro_expanded_value: '128' });
    const k = rows(withProject(root, (ctx) => lookupSymbol(ctx, { name: 'MIN', kind: 'macro' })) as Record<string, any>[]);
    expect(k[0]).toMatchObject({ function_like: true, params: '(a, b)' });
  });
  it('rejects unknown kinds with the valid list', () => {
    expect(() => withProject(root, (ctx) => lookupSymbol(ctx, { name: 'x', kind: 'banana' }))).toThrow(/valid kinds: function/);
  });
});

describe('get_source', () => {
  it('returns the definition text from disk', () => {
    const s = withProject(root, (ctx) => getSource(ctx, { name: 'uart_init' }));
    expect(s).toMatchObject({ file: 'src/drivers/uart.c', line: 15, end_line: 25, is_definition: true });
    expect(s.source.split('\n')[0]).toBe('int uart_init(int port, const struct uart_config *cfg)');
    expect(s.source.trim().endsWith('}')).toBe(true);
    expect(s.other_matches).toEqual([expect.objectContaining({ file: 'src/drivers/uart.h', is_definition: false })]);
  });
  it('picks by file and line', () => {
    const h = withProject(root, (ctx) => getSource(ctx, { name: 'uart_init', file: 'uart.h' }));
    expect(h.source).toBe('int uart_init(int port, const struct uart_config *cfg);');
    const byLine = withProject(root, (ctx) => getSource(ctx, { name: 'SensorManager', line: 6 }));
    expect(byLine).toMatchObject({ kind: 'constructor', file: 'src/app/sensor_manager.cpp' });
  });
  it('returns a whole enum and a macro with its definition', () => {
    const e = withProject(root, (ctx) => getSource(ctx, { name: 'gpio_mode', file: 'gpio.h' }));
    expect(e.source).toMatch(/^enum gpio_mode \{[\s\S]*GPIO_MODE_IRQ_FALLING,\n\}/);
    const m = withProject(root, (ctx) => getSource(ctx, { name: 'MIN' }));
    expect(m.source).toBe('#define MIN(a, b) ((a) < (b) ? (a) : (b))');
  });
  it('warns when the file changed since indexing', () => {
    const f = path.join(root, 'src/drivers/gpio.c');
    const text = fs.readFileSync(f, 'utf8');
    fs.writeFileSync(f, '\n' + text);
    try {
      expect(withProject(root, (ctx) => getSource(ctx, { name: 'gpio_write' })).warning).toMatch(/gpio\.c/);
    } finally {
      fs.writeFileSync(f, text);
    }
  });
  it('explains an unknown name', () => {
    const ctx = openProject(root);
    try {
      getSource(ctx, { name: 'no_such_fn' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(QueryError);
      expect((err as QueryError).hint).toMatch(/search_code/);
    } finally {
      ctx.close();
    }
  });
});

describe('symbol dump', () => {
  it('lists every symbol in a stable order, filterable by kind and file', () => {
    const all = withProject(root, (ctx) => listSymbols(ctx, {}));
    expect(all.total).toBe(all.symbols.length);
    const keys = all.symbols.map((s) => `${s.file}\u0000${String(s.line).padStart(6, '0')}`);
    expect([...keys].sort()).toEqual(keys);
    const enums = withProject(root, (ctx) => listSymbols(ctx, { kind: 'enum_constant', file: 'src/drivers/gpio.h' }));
    expect(enums.symbols.map((s) => `${s.name}=${s.enum_value}`)).toEqual([
      'GPIO_MODE_INPUT=0', 'GPIO_MODE_OUTPUT=1', 'GPIO_MODE_ALTERNATE=2', 'GPIO_MODE_ANALOG=3', 'GPIO_MODE_IRQ_RISING=16', 'GPIO_MODE_IRQ_FALLING=17',
    ]);
  });
});

describe('find_references', () => {
  it('lists the call sites of a function with the caller', async () => {
    const { findReferences } = await import('../../src/query/find-references.js');
    const r = withProject(root, (ctx) => findReferences(ctx, { name: 'uart_write' })) as Record<string, any>[];
    expect(r[0]).toMatchObject({ total: 1, shown: 1 });
    expect(r[1]).toMatchObject({ file: 'src/drivers/serial.c', in_symbol: 'serial_write', kind: 'call' });
    const hal = withProject(root, (ctx) => findReferences(ctx, { name: 'HAL_UART_Init' })) as Record<string, any>[];
    expect(hal.slice(1).map((x) => x.in_symbol)).toEqual(['uart_init']);
    const method = withProject(root, (ctx) => findReferences(ctx, { name: 'read' })) as Record<string, any>[];
    expect(method.slice(1).map((x) => x.in_symbol)).toContain('app::SensorManager::poll');
    expect(() => withProject(root, (ctx) => findReferences(ctx, { name: 'a b' }))).toThrow(/not a C\/C\+\+ identifier/);
  });
});
