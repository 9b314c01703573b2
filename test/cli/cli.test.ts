// The built CLI as a user runs it: init, index twice, search with --json and text output, errors.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliJson, copyFixtureToTemp, runCli } from '../helpers/fixture-project.js';

let root: string;
beforeAll(() => {
  root = copyFixtureToTemp('index', 'drivers-hal-cmake');
});

describe('fw-context CLI', () => {
  it('--help lists each command once (each form of it), every command it dispatches among them', () => {
    const r = runCli(root, ['--help']);
    expect(r.status).toBe(0);
    const section = r.stdout.slice(r.stdout.indexOf('Commands:'), r.stdout.indexOf('Options for every command:'));
    // A command line starts with two spaces and the command (`callers NAME / callees NAME` lists two).
    const listed = section.split('\n').filter((l) => /^  \S/.test(l)).flatMap((l) => l.trim().split(/\s{2,}/)[0].split(' / ').map((c) => c.split(' ')[0]));
    // Listed twice only where the command has two forms (memory --script, symbols --glob, where FILE:LINE).
    expect(listed.filter((c, i) => listed.indexOf(c) !== i)).toEqual(['memory', 'symbols', 'where']);
    const dispatched = [...fs.readFileSync(new URL('../../src/cli/main.ts', import.meta.url), 'utf8').matchAll(/case '([a-z-]+)':/g)].map((m) => m[1]);
    expect(dispatched.filter((c) => !listed.includes(c))).toEqual([]);
  });

  it('init creates the config and lists the build it found', () => {
    const r = runCli(root, ['init']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Created \.fw-context\/config\.ini/);
    expect(r.stdout).toMatch(/variant build\s+image app .*compile_commands \(read\)\s+6 units/);
    const cfg = fs.readFileSync(path.join(root, '.fw-context/config.ini'), 'utf8');
    expect(cfg).toMatch(/\[build\][\s\S]*default_variant =[\s\S]*\[index\][\s\S]*vendor_paths =/);
  });

  it('index says how many files it parsed, then that it re-parsed none', () => {
    const first = runCli(root, ['index']);
    expect(first.status).toBe(0);
    expect(first.stdout).toMatch(/Parsed \d+ file\(s\), reused 0 unchanged/);
    const second = runCli(root, ['index']);
    expect(second.stdout).toMatch(/No file changed: re-parsed none, reused \d+/);
    expect(second.stderr).toBe(''); // no progress line when stderr is not a terminal
  });

  it('search --json lists the UART init function first', () => {
    const r = cliJson(root, ['search', 'uart init']) as Record<string, any>[];
    const first = r.find((x) => 'kind' in x)!;
    expect(first).toMatchObject({ name: 'uart_init', kind: 'function', file: 'src/drivers/uart.c' });
  });

  it('search repairs serial_write and survives stray punctuation', () => {
    const r = (cliJson(root, ['search', 'serial_write']) as Record<string, any>[]).filter((x) => 'kind' in x);
    expect(r[0].name).toBe('serial_write');
    expect(r.map((x) => x.name)).toEqual(expect.arrayContaining(['serial_read', 'uart_write']));
    for (const q of ['uart (init', '"uart', '(']) {
      const t = runCli(root, ['search', q]);
      expect(t.status).toBe(0);
    }
  });

  it('lookup --project-only leaves vendor code out, as lookup_symbol project_only does', () => {
    const all = (cliJson(root, ['lookup', 'HAL_UART_Init']) as Record<string, any>[]).filter((x) => 'kind' in x);
    expect(all.some((x) => x.is_vendor)).toBe(true);
    const own = (cliJson(root, ['lookup', 'HAL_UART_Init', '--project-only']) as Record<string, any>[]).filter((x) => 'kind' in x);
    expect(own.filter((x) => x.is_vendor)).toEqual([]);
  });

  it('prints readable text by default', () => {
    const r = runCli(root, ['search', 'uart init', '--limit', '2']);
    expect(r.stdout.split('\n')[0]).toMatch(/^2 of \d+ result\(s\) from build build\/app — next page: --offset 2$/);
    expect(r.stdout).toMatch(/function\s+uart_init\s+src\/drivers\/uart\.c:15/);
    const s = runCli(root, ['source', 'uart_init']);
    expect(s.stdout).toMatch(/^function uart_init {2}src\/drivers\/uart\.c:15-25/);
    expect(s.stdout).toMatch(/15 {2}int uart_init\(int port/);
    // refs lists every use with what it is, not only calls.
    expect(runCli(root, ['refs', 'uart_init']).stdout.split('\n').slice(0, 2)).toEqual(['1 of 1 use(s) in build build/app', 'src/drivers/serial.c:21:3  call       in serial_init']);
  });

  it('symbols dumps one line per symbol, or a JSON array with search fields', () => {
    const text = runCli(root, ['symbols', '--kind', 'function', '--file', 'src/drivers/uart.c']).stdout.trim().split('\n');
    expect(text).toEqual([
      expect.stringMatching(/^src\/drivers\/uart\.c:15\tfunction\tuart_init\t/),
      expect.stringMatching(/^src\/drivers\/uart\.c:27\tfunction\tuart_write\t/),
      expect.stringMatching(/^src\/drivers\/uart\.c:33\tfunction\tuart_read\t/),
      expect.stringMatching(/^src\/drivers\/uart\.c:45\tfunction\tUSART1_IRQHandler\t/),
    ]);
    const json = cliJson(root, ['symbols']) as Record<string, unknown>[];
    expect(Object.keys(json[0])).toEqual(expect.arrayContaining(['name', 'qualified_name', 'kind', 'file', 'line', 'is_definition', 'signature', 'docstring']));
  });

  it('init on a repo with several build systems prints every build', () => {
    const combined = copyFixtureToTemp('adapters', 'combined');
    const r = runCli(combined, ['init']);
    expect(r.status).toBe(0);
    for (const line of [
      /variant build-sysbuild\s+image mcuboot\s+board nrf52840dk\/nrf52840\s+zephyr \(read\)/,
      /variant NUCLEO_F411RE\s+image app\s+board .*mbed \(derived, not built\)/,
      /variant esp32dev\s+image app\s+board esp32dev\s+platformio \(derived, not built\)/,
      /ninja \((read|derived)\)/,
      /cmake \(read\)/,
    ]) expect(r.stdout).toMatch(line);
    expect(r.stdout).toMatch(/Several variants: queries must name one/);
  });

  it('explains errors with a hint and exit code 1', () => {
    const r = runCli(root, ['search', 'uart', '--kind', 'banana']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/unknown --kind "banana"[\s\S]*hint: use one of: .*, or omit --kind/);
    const j = cliJson(root, ['lookup', 'nothing_here', '--limit', '0']) as Record<string, unknown>;
    expect(j).toHaveProperty('error');
    const outside = runCli(path.dirname(root), ['status', '--json']);
    expect(JSON.parse(outside.stdout).status).toBe('not_initialized');
  });
});

describe('fw-context demo', () => {
  it('prints commands that answer the same when a user types them in the demo folder', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fwc-demo-'));
    const r = runCli(dir, ['demo', '--dir', 'copy']);
    expect(r.status).toBe(0);
    const steps = r.stdout.split(/^\$ fw-context /m).slice(1).map((s) => s.replace(/\n+$/, ''));
    expect(steps.length).toBeGreaterThanOrEqual(4);
    for (const step of steps.filter((s) => !s.startsWith('index') && !s.startsWith('status'))) {
      const [line, ...printed] = step.split('\n');
      const args = [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
      const again = runCli(path.join(dir, 'copy'), args);
      expect(again.status, line).toBe(0);
      expect(again.stdout.trimEnd(), line).toBe(printed.join('\n').split('\n\nTry more:')[0].trimEnd());
    }
  });
});
