// `npm run bench:find`: find (through one warm MCP session) against `rg -F` on a generated tree of text
// files: the same matches, and the time ratio per query. Reports figures; asserts nothing. Without rg
// installed it reports find's times alone. Usage: npm run bench:find -- [--files N] [--runs N]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { indexProject } from '../../src/indexer/index-project.js';
import { connectClient } from '../helpers/mcp-client.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';

const { values } = parseArgs({ options: { files: { type: 'string', default: '10000' }, runs: { type: 'string', default: '7' } } });
const FILES = Number(values.files);
const RUNS = Number(values.runs);

/** Deterministic pseudo-random numbers (xorshift). */
function rng(seed: number): () => number {
  let x = seed;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

const WORDS = ['gpio', 'uart', 'spi', 'i2c', 'dma', 'irq', 'clock', 'timer', 'adc', 'pwm', 'flash', 'power', 'sensor', 'radio', 'usb', 'can', 'rtc', 'wdt', 'bank', 'mask', 'state', 'config', 'init', 'read', 'write', 'reset', 'enable', 'disable', 'status', 'buffer'];

/** A C-like tree: FILES sources in nested folders, an ignored build folder, a git marker (so rg reads .gitignore). */
function generateTree(root: string, files: number): number {
  const r = rng(12345);
  const pick = () => WORDS[Math.floor(r() * WORDS.length)];
  let bytes = 0;
  fs.mkdirSync(path.join(root, '.git'), { recursive: true });
  fs.writeFileSync(path.join(root, '.gitignore'), 'build/\n');
  fs.mkdirSync(path.join(root, 'build'), { recursive: true });
  fs.writeFileSync(path.join(root, 'build', 'ignored.c'), 'int gpio_bank_7_irq_mask_ignored;\n');
  for (let i = 0; i < files; i++) {
    const dir = path.join(root, 'subsys', `area_${i % 37}`, `mod_${i % 211}`);
    fs.mkdirSync(dir, { recursive: true });
    const lines = [`/* Generated source ${i}. */`, `#include "mod_${i % 211}.h"`, ''];
    const functions = 6 + Math.floor(r() * 10);
    for (let f = 0; f < functions; f++) {
      const name = `${pick()}_${pick()}_${Math.floor(r() * 400)}_${pick()}`;
      lines.push(`/** ${pick()} the ${pick()} of unit ${i}. */`, `int ${name}(int value)`, '{');
      for (let s = 0; s < 4 + Math.floor(r() * 6); s++) lines.push(`    value += ${pick()}_${pick()}_${Math.floor(r() * 400)}(value) * ${Math.floor(r() * 100)};`);
      lines.push('    return value;', '}', '');
    }
    const text = lines.join('\n');
    fs.writeFileSync(path.join(dir, `src_${i}.c`), text);
    bytes += text.length;
  }
  return bytes;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function hasRg(): boolean {
  return spawnSync('rg', ['--version'], { stdio: 'ignore' }).status === 0;
}

function rgMatches(root: string, q: string): Set<string> {
  const r = spawnSync('rg', ['-F', '-n', '--no-heading', '--color', 'never', '-e', q, '.'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = new Set<string>();
  for (const line of r.stdout.split('\n')) {
    const m = /^\.\/(.*?):(\d+):/.exec(line);
    if (m) out.add(`${m[1]}:${m[2]}`);
  }
  return out;
}

async function main(): Promise<void> {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fw-context-findbench-')));
  const bytes = generateTree(root, FILES);
  writeConfig(root, DEFAULT_CONFIG);
  console.log(`tree: ${FILES} files, ${(bytes / 1e6).toFixed(1)} MB in ${root}`);
  const t0 = performance.now();
  await indexProject({ root });
  console.log(`content index built in ${((performance.now() - t0) / 1000).toFixed(2)} s`);

  const { client } = await connectClient(root);
  const findAll = async (query: string): Promise<{ ms: number; matches: Set<string>; total: number }> => {
    const matches = new Set<string>();
    let args: Record<string, unknown> | undefined = { query, target: 'content', match: 'literal', limit: 500 };
    let ms = 0;
    let total = 0;
    while (args) {
      const t = performance.now();
      const r = (await client.callTool({ name: 'find', arguments: args })) as { content: { text: string }[]; isError?: boolean };
      if (ms === 0) ms = performance.now() - t;
      const v = JSON.parse(r.content[0].text);
      if (r.isError) throw new Error(v.error);
      total = v.total;
      for (const m of v.matches) matches.add(`${m.path}:${m.line}`);
      args = v.next;
    }
    return { ms, matches, total };
  };

  const rg = hasRg();
  if (!rg) console.log('rg is not installed: find times only (apt-get install ripgrep to compare)');
  const queries = ['gpio_bank_17_irq', 'uart_dma_3', 'spi_timer_1', 'radio_', '(value) * 42;'];
  await findAll('warm-up query');
  console.log(`\n${'query'.padEnd(20)} ${'matches'.padStart(8)} ${'find ms'.padStart(9)} ${rg ? `${'rg -F ms'.padStart(9)} ${'ratio'.padStart(7)}  same` : ''}`);
  for (const q of queries) {
    const findMs: number[] = [];
    const rgMs: number[] = [];
    let found = await findAll(q);
    let expected: Set<string> | null = rg ? rgMatches(root, q) : null;
    for (let i = 0; i < RUNS; i++) {
      found = await findAll(q);
      findMs.push(found.ms);
      if (rg) {
        const t = performance.now();
        expected = rgMatches(root, q);
        rgMs.push(performance.now() - t);
      }
    }
    const same = expected ? expected.size === found.matches.size && [...expected].every((m) => found.matches.has(m)) : null;
    const f = median(findMs);
    const line = `${JSON.stringify(q).padEnd(20)} ${String(found.total).padStart(8)} ${f.toFixed(1).padStart(9)}`;
    if (!rg) console.log(line);
    else console.log(`${line} ${median(rgMs).toFixed(1).padStart(9)} ${(median(rgMs) / f).toFixed(1).padStart(6)}x  ${same ? 'yes' : `NO (rg ${expected!.size}, find ${found.matches.size})`}`);
  }
  await client.close();
  fs.rmSync(root, { recursive: true, force: true });
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
