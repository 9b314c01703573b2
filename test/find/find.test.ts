// find over MCP and the CLI on the two-board fixture: literal, word, regex, fuzzy and file searches,
// globs with negation, paging with next and page identity, build-aware lines, and safety (regex budget,
// invalid regex, nothing read outside the root).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { find } from '../../src/query/find.js';
import { withProject } from '../../src/query/project-context.js';
import { cliJson } from '../helpers/fixture-project.js';
import { BOARD_A, BOARD_B, useFindSession } from './find-fixture.js';

const session = useFindSession();
const A = BOARD_A;
const B = BOARD_B;

type Match = { path: string; line: number; text: string; column?: number; kind?: string; active?: boolean; symbol?: { name: string } };
type Answer = { root: string; complete: boolean; matches: Match[]; next?: Record<string, unknown>; total: number; reason?: string; route: { target: string; match: string }; note?: string };
const run = async (args: Record<string, unknown>): Promise<Answer> => {
  const r = await session.client.call('find', args);
  if (r.isError) throw new Error(r.text);
  return r.value as Answer;
};
const places = (a: Answer) => a.matches.map((m) => `${m.path}:${m.line}`);

describe('find: strict content modes', () => {
  it('literal: every line holding the text, with column, exhaustive', async () => {
    const a = await run({ query: 'uart_rx_buffer', target: 'content', match: 'literal' });
    expect(a.root).toBe(session.root);
    expect(a.complete).toBe(true);
    expect(a.matches).toEqual([
      { path: 'src/uart_drv.c', line: 4, column: 22, text: 'static unsigned char uart_rx_buffer[UART_RX_BUFFER_SIZE];' },
      { path: 'src/uart_drv.c', line: 14, column: 5, text: '    uart_rx_buffer[0] = 0;' },
    ]);
  });

  it('skips binary files and ignored paths, as ripgrep does', async () => {
    const a = await run({ query: '"uart_drv_init"' });
    expect(a.route.target).toBe('content');
    expect(places(a)).toEqual(['docs/uart.md:3', 'include/uart_drv.h:12', 'src/sensor.cpp:31', 'src/uart_drv.c:7', 'tests/test_uart.c:3', 'tests/test_uart.c:5']);
  });

  it('word: a short identifier is not matched inside a longer one', async () => {
    const a = await run({ query: 'init', target: 'content', match: 'word' });
    expect(places(a)).toEqual(['src/sensor.cpp:11', 'src/sensor.cpp:23', 'src/sensor.cpp:29', 'src/sensor.cpp:38']);
    const literal = await run({ query: 'init', target: 'content', match: 'literal' });
    expect(literal.total).toBeGreaterThan(a.total);
  });

  it('regex: /.../ syntax, line by line', async () => {
    const a = await run({ query: '/baud > \\d+/' });
    expect(a.route).toMatchObject({ target: 'content', match: 'regex' });
    expect(a.matches.map((m) => [m.line, m.column])).toEqual([[10, 18], [12, 18]]);
    const i = await run({ query: '/UART_PARITY_(odd|even)/i' });
    expect(places(i)).toEqual(['include/uart_drv.h:8', 'include/uart_drv.h:9']);
  });

  it('an invalid regex is an error naming the regex and where it fails', async () => {
    const r = await session.client.call('find', { query: '/uart_(init/' });
    expect(r.isError).toBe(true);
    expect(r.value.error).toContain('/uart_(init/');
    expect(r.value.error).toContain('Unterminated group');
    expect(r.value.position).toBe(6);
  });
});

describe('find: fuzzy and files', () => {
  it('ranks the identifier matching a squashed query first', async () => {
    const a = await run({ query: 'uartdrvinit', ...A });
    expect(a.route.match).toBe('fuzzy');
    expect(a.reason).toBe('ranked');
    expect(a.matches[0].symbol?.name).toBe('uart_drv_init');
    const c = await run({ query: 'uartdrvinit', target: 'content', match: 'fuzzy' });
    expect(c.matches[0].text).toMatch(/\buart_drv_init\b/);
    expect(c.matches[0].text).not.toMatch(/test_uart_drv_init/);
  });

  it('finds files by path', async () => {
    const literal = await run({ query: 'uart_drv', target: 'files', match: 'literal' });
    expect(literal.matches.map((m) => [m.path, m.kind])).toEqual([['include/uart_drv.h', 'file'], ['src/uart_drv.c', 'file']]);
    const fuzzy = await run({ query: 'src/uartdrv.c' });
    expect(fuzzy.route.target).toBe('files');
    expect(fuzzy.matches[0].path).toBe('src/uart_drv.c');
    const all = await run({ query: '/\\.(c|cpp)$/', target: 'files' });
    expect(all.matches.map((m) => m.path)).toEqual(['src/probe.cpp', 'src/sensor.cpp', 'src/uart_drv.c', 'tests/test_uart.c']);
  });
});

describe('find: scope, paging', () => {
  it('globs select, "!" excludes, ** crosses folders', async () => {
    const a = await run({ query: 'uart_drv_init', target: 'content', match: 'word', scope: { globs: ['**/*.c', '**/*.h', '!tests/**'] } });
    expect(places(a)).toEqual(['include/uart_drv.h:12', 'src/uart_drv.c:7']);
    const b = await run({ query: 'uart_drv_init', target: 'content', match: 'word', scope: { globs: ['!**/tests/**', '!*.md'] } });
    expect(places(b)).toEqual(['include/uart_drv.h:12', 'src/sensor.cpp:31', 'src/uart_drv.c:7']);
  });

  it('next continues the same query', async () => {
    const all = await run({ query: 'uart', target: 'content' });
    expect(all.total).toBeGreaterThan(5);
    const pages: Match[] = [];
    let args: Record<string, unknown> | undefined = { query: 'uart', target: 'content', limit: 4 };
    while (args) {
      const p = await run(args);
      pages.push(...p.matches);
      args = p.next;
    }
    expect(pages).toEqual(all.matches);
  });

  it('a changed file changes the page identity: the continuation asks for a restart', async () => {
    const first = await run({ query: 'timeout', target: 'content', limit: 1 });
    expect(first.next).toBeDefined();
    fs.appendFileSync(path.join(session.root, 'docs', 'uart.md'), 'Another timeout line.\n');
    const r = await session.client.call('find', first.next!);
    expect(r.isError).toBe(true);
    expect(r.value.code).toBe('PAGE_IDENTITY_CHANGED');
    const again = await run({ query: 'timeout', target: 'content' });
    expect(places(again)).toContain('docs/uart.md:5');
  });
});

describe('find: a long session', () => {
  it('follows files created, edited and deleted after the index run', async () => {
    expect((await run({ query: 'fresh_token_7781', target: 'content' })).total).toBe(0);
    const file = path.join(session.root, 'src', 'fresh.c');
    fs.writeFileSync(file, 'int fresh_token_7781;\n');
    await new Promise((r) => setTimeout(r, 200));
    expect(places(await run({ query: 'fresh_token_7781', target: 'content' }))).toEqual(['src/fresh.c:1']);
    fs.writeFileSync(file, '\n\nint fresh_token_7781 = 2;\n');
    await new Promise((r) => setTimeout(r, 200));
    expect(places(await run({ query: 'fresh_token_7781', target: 'content' }))).toEqual(['src/fresh.c:3']);
    fs.rmSync(file);
    await new Promise((r) => setTimeout(r, 200));
    expect((await run({ query: 'fresh', target: 'files', match: 'literal' })).total).toBe(0);
  });
});

describe('find: build-aware', () => {
  it('marks a line only the other board compiles active: false', async () => {
    const a = await run({ query: 'uart_b_only_flush', target: 'content', ...A });
    expect(a.matches.map((m) => [m.line, m.active])).toEqual([[26, false]]);
    const b = await run({ query: 'uart_b_only_flush', target: 'content', ...B });
    expect(b.matches.map((m) => [m.line, m.active])).toEqual([[26, true]]);
    const regex = await run({ query: '/baud > \\d+/', ...B });
    expect(regex.matches.map((m) => [m.line, m.active])).toEqual([[10, false], [12, true]]);
  });

  it('judges preprocessor lines by their branch, and leaves files outside the build unmarked', async () => {
    const a = await run({ query: 'BOARD_', target: 'content', scope: { globs: ['src/**'] }, ...A });
    const act = Object.fromEntries(a.matches.map((m) => [`${m.path}:${m.line}`, m.active]));
    expect(act['src/uart_drv.c:9']).toBe(true); // #if defined(BOARD_A): evaluated
    expect(act['src/uart_drv.c:24']).toBe(true); // #ifdef BOARD_B: evaluated, its branch not taken
    const define = await run({ query: 'define UART_RX_BUFFER_SIZE', target: 'content', ...A });
    expect(define.matches.map((m) => m.active)).toEqual([true]);
    const tests = await run({ query: 'test_uart_drv_init', target: 'content', ...A });
    expect(tests.matches.map((m) => m.active)).toEqual([undefined]);
  });

  it('build_only keeps only compiled lines of files the build reads', async () => {
    const all = await run({ query: 'uart_drv_init', target: 'content', match: 'word', ...B });
    expect(all.matches.map((m) => m.path)).toContain('tests/test_uart.c');
    const only = await run({ query: 'uart_drv_init', target: 'content', match: 'word', build_only: true, ...B });
    expect(only.matches.every((m) => m.active === true)).toBe(true);
    expect(places(only)).toEqual(['include/uart_drv.h:12', 'src/sensor.cpp:31', 'src/uart_drv.c:7']);
    const baud = await run({ query: 'baud >', target: 'content', build_only: true, ...B });
    expect(places(baud)).toEqual(['src/uart_drv.c:12']);
  });

  it('lists declarations of the build first for an identifier', async () => {
    const a = await run({ query: 'uart_b_only_flush', ...B });
    expect(a.matches[0]).toMatchObject({ kind: 'symbol', path: 'src/uart_drv.c', line: 26, active: true });
    const sym = await run({ query: 'Sensor.init', target: 'symbols', ...A });
    expect(sym.matches.map((m) => [m.path, m.line])).toEqual([['src/sensor.cpp', 11], ['src/sensor.cpp', 29]]);
  });
});

describe('find: safety', () => {
  it('a catastrophic regex answers complete: false with a reason instead of hanging', async () => {
    fs.writeFileSync(path.join(session.root, 'docs', 'long-line.txt'), 'a'.repeat(200_000) + 'b\n');
    const started = Date.now();
    const r = await withProject(session.root, (ctx) => find(ctx, { query: '/(a+)+$/', target: 'content', scope: { globs: ['docs/**'] } }, { regexBudgetMs: 1000 }));
    expect(Date.now() - started).toBeLessThan(8000);
    expect(r.complete).toBe(false);
    expect(r.reason).toMatch(/time budget/);
    expect(r.next).toBeUndefined();
    fs.rmSync(path.join(session.root, 'docs', 'long-line.txt'));
  }, 20_000);

  it('never reads outside the root: no symlinks followed, no .. in globs', async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'fwc-outside-'));
    fs.writeFileSync(path.join(outside, 'secret.c'), 'int outside_secret_token;\n');
    fs.symlinkSync(outside, path.join(session.root, 'linked'));
    fs.symlinkSync(path.join(outside, 'secret.c'), path.join(session.root, 'src', 'linked.c'));
    try {
      expect((await run({ query: 'outside_secret_token', target: 'content' })).total).toBe(0);
      expect((await run({ query: 'outside_secret_token', target: 'content', scope: { globs: ['../**', `${outside}/**`] } })).total).toBe(0);
      expect((await run({ query: 'secret', target: 'files', match: 'literal' })).total).toBe(0);
    } finally {
      fs.rmSync(path.join(session.root, 'linked'));
      fs.rmSync(path.join(session.root, 'src', 'linked.c'));
    }
  });
});

describe('find on the command line', () => {
  it('answers the same JSON', () => {
    const r = cliJson(session.root, ['find', 'uart_b_only_flush', '--target', 'content', '--variant', 'build-board-a']) as Answer;
    expect(r.matches.map((m) => [m.path, m.line, m.active])).toEqual([['src/uart_drv.c', 26, false]]);
  });

  it('scans with a regex on its worker thread (the command bundle starts it as the modules do)', () => {
    const r = cliJson(session.root, ['find', '/baud > \\d+/']) as Answer;
    expect(r.route).toMatchObject({ target: 'content', match: 'regex' });
    expect(r.matches.map((m) => [m.line, m.column])).toEqual([[10, 18], [12, 18]]);
  });
});
