// search_code on the example firmware: ranking, query repair, the relaxation steps, filters, paging and
// the changed-file warning.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openProject } from '../../src/query/project-context.js';
import { searchCode, type SearchRequest } from '../../src/query/search-code.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { QueryError } from '../../src/query/query-error.js';
import { indexedFixture } from '../helpers/fixture-project.js';

let root: string;
const search = (req: SearchRequest) => {
  const ctx = openProject(root);
  try {
    return searchCode(ctx, req) as Record<string, any>[];
  } finally {
    ctx.close();
  }
};
const notice = (r: Record<string, any>[]) => r.find((x) => 'total' in x && 'shown' in x)!;
const hits = (r: Record<string, any>[]) => r.filter((x) => 'kind' in x);

beforeAll(async () => {
  ({ root } = await indexedFixture(['index', 'drivers-hal-cmake']));
});

describe('search_code', () => {
  it('ranks the UART init function first for "uart init"', () => {
    const r = search({ query: 'uart init' });
    expect(hits(r)[0]).toMatchObject({ name: 'uart_init', kind: 'function', file: 'src/drivers/uart.c', is_definition: true });
    expect(notice(r)).toMatchObject({ offset: 0, shown: 20, more: true });
  });

  it('repairs an underscore query into separate words, exact name first', () => {
    const r = hits(search({ query: 'serial_write' }));
    expect(r[0].name).toBe('serial_write');
    const names = r.map((x) => x.name);
    expect(names).toContain('serial_read');
    expect(names).toContain('uart_write');
    expect(r.length).toBeGreaterThan(4);
    expect(r.every((x) => !x._fallback)).toBe(true);
  });

  it('answers queries with stray parentheses or quotes', () => {
    for (const q of ['uart (init', '"uart init', 'init)', 'uart" OR', '(((', '"']) {
      const r = search({ query: q });
      expect(Array.isArray(r)).toBe(true);
      expect(r.some((x) => 'error' in x)).toBe(false);
    }
    expect(hits(search({ query: '"uart init' }))[0].name).toBe('uart_init');
    expect(search({ query: '(((' })[0]).toHaveProperty('hint');
  });

  it('passes phrases through to FTS5', () => {
    const r = hits(search({ query: '"ring buffer"' }));
    expect(r.map((x) => x.name)).toContain('rx_buffer');
    expect(r.map((x) => x.name)).not.toContain('uart_init');
  });

  it('filters by kind and falls back without it', () => {
    const r = hits(search({ query: 'gpio mode', kind: 'enum_constant' }));
    expect(r.every((x) => x.kind === 'enum_constant')).toBe(true);
    expect(r.find((x) => x.name === 'GPIO_MODE_IRQ_RISING')?.enum_value).toBe(16);
    const fb = hits(search({ query: 'serial write', kind: 'namespace' }));
    expect(fb[0]._fallback).toBe('fts5');
  });

  it('leaves locals out unless asked for', () => {
    expect(hits(search({ query: 'sample' })).some((x) => x.kind === 'varlocal')).toBe(false);
    expect(hits(search({ query: 'sample', kind: 'varlocal' })).map((x) => x.qualified_name)).toContain('app::SensorManager::poll::sample');
  });

  it('relaxes step by step, each step naming itself', () => {
    const tok = hits(search({ query: 'arity' }));
    expect(tok[0]._fallback).toBe('name_tokens_like');
    expect(tok.map((x) => x.name)).toContain('uart_parity_t');
    const doc = hits(search({ query: 'locking' }));
    expect(doc.map((x) => [x.name, x._fallback])).toContainEqual(['uart_write', 'docstring_like']);
    const each = hits(search({ query: '"flux capacitor blocking"' }));
    expect(each[0]._fallback).toBe('individual_terms');
    expect(each.map((x) => x.name)).toContain('uart_write');
    const m = hits(search({ query: 'GPIOD' }));
    expect(m[0]).toMatchObject({ kind: 'macro', name: 'LED_PORT', _fallback: 'macros_fts', _macro_value: 'GPIOD' });
    expect(hits(search({ query: 'zzzunknownword' }))).toEqual([]);
  });

  it('finds macros directly with kind=macro', () => {
    const r = hits(search({ query: 'rx buffer size', kind: 'macro' }));
    expect(r[0]).toMatchObject({ name: 'UART_RX_BUFFER_SIZE', _macro_value: '(64 * 2)' });
    expect(r[0]._fallback).toBeUndefined();
  });

  it('gives a declaration and its definition one row, the definition with its declarations', () => {
    const r = hits(search({ query: 'uart init', limit: 100 }));
    const rows = r.filter((x) => x.name === 'uart_init');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ file: 'src/drivers/uart.c', is_definition: true, declarations: [{ file: 'src/drivers/uart.h', line: 42 }] });
    // C++: the in-class declaration and the out-of-class definition of a method are one row too.
    const poll = hits(search({ query: 'sensor manager poll', limit: 100 })).filter((x) => x.qualified_name === 'app::SensorManager::poll');
    expect(poll).toHaveLength(1);
    expect(poll[0].is_definition).toBe(true);
    expect(poll[0].declarations).toHaveLength(1);
    // lookup_symbol still lists every place.
    const ctx = openProject(root);
    try {
      const all = (lookupSymbol(ctx, { name: 'uart_init' }) as Record<string, any>[]).filter((x) => 'kind' in x);
      expect(all.map((x) => [x.file, x.is_definition])).toEqual([['src/drivers/uart.c', true], ['src/drivers/uart.h', false]]);
    } finally {
      ctx.close();
    }
  });

  it('counts merged rows in the page notice, across pages', () => {
    const all = hits(search({ query: 'uart', limit: 100 }));
    const total = notice(search({ query: 'uart', limit: 100 })).total;
    expect(all).toHaveLength(total);
    const keys = all.map((x) => `${x.kind} ${x.qualified_name ?? x.name} ${x.file}:${x.line}`);
    expect(new Set(keys).size).toBe(keys.length);
    const paged = [0, 4, 8, 12, 16, 20, 24, 28, 32].flatMap((offset) => hits(search({ query: 'uart', limit: 4, offset })));
    expect(paged.map((x) => x.id ?? x.name)).toEqual(all.slice(0, paged.length).map((x) => x.id ?? x.name));
  });

  it('answers [] when nothing matches', () => {
    expect(search({ query: 'zzzunknownword' })).toEqual([]);
    expect(search({ query: 'zzzunknownword', kind: 'macro' })).toEqual([]);
  });

  it('pages with offset and next_offset', () => {
    const first = search({ query: 'uart', limit: 3 });
    const n = notice(first);
    expect(n).toMatchObject({ shown: 3, more: true, next_offset: 3 });
    const second = search({ query: 'uart', limit: 3, offset: 3 });
    expect(hits(second)[0].id).not.toBe(hits(first)[0].id);
    expect(notice(second).total).toBe(n.total);
    expect(() => search({ query: 'uart', limit: 101 })).toThrow(QueryError);
  });

  it('leaves vendor code out with project_only', () => {
    const all = hits(search({ query: 'uart init', limit: 100 }));
    expect(all.some((x) => x.is_vendor)).toBe(true);
    const own = hits(search({ query: 'uart init', limit: 100, projectOnly: true }));
    expect(own.some((x) => x.is_vendor)).toBe(false);
    expect(own.some((x) => x.file.startsWith('vendor/'))).toBe(false);
  });

  it('warns before the notice when a file it names changed on disk', () => {
    const file = path.join(root, 'src/drivers/serial.c');
    const before = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, before.replace('void serial_flush(void) {}', 'void serial_flush(void) { /* edited */ }'));
    try {
      const r = search({ query: 'serial flush' });
      expect(r[0].warning).toMatch(/src\/drivers\/serial\.c/);
      expect('total' in r[1]).toBe(true);
      const unrelated = search({ query: 'gpio configure' });
      expect('warning' in unrelated[0]).toBe(false);
      // No match: the answer is the warning alone (the code may be in the changed file).
      const none = search({ query: 'zzzunknownword' });
      expect(none).toHaveLength(1);
      expect(none[0].warning).toMatch(/src\/drivers\/serial\.c/);
    } finally {
      fs.writeFileSync(file, before);
    }
  });
});
