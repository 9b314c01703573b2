// Compares fw-context with GNU ld itself: each fixture script ld accepts is linked with arm-none-eabi-ld, and the
// Memory Configuration, the script symbols ld prints in the map and --print-memory-usage must equal our model.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseMapFile } from '../../linker/index.js';
import { listCases, parseCase } from './fixture-cases.js';

const LD = 'arm-none-eabi-ld';
const AS = 'arm-none-eabi-as';
const AR = 'arm-none-eabi-ar';
const haveLd = spawnSync(LD, ['--version']).status === 0 && spawnSync(AS, ['--version']).status === 0;
if (!haveLd) console.log(`skipping GNU ld comparison: ${LD} is not on PATH (apt-get install binutils-arm-none-eabi)`);

const work = haveLd ? mkdtempSync(path.join(os.tmpdir(), 'fw-context-ld-')) : '';
afterAll(() => { if (work) rmSync(work, { recursive: true, force: true }); });

function run(cmd: string, args: string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/** `--print-memory-usage` rows: region → used bytes (ld prints B, or KB/MB/GB only for exact multiples). */
function printedUsage(stdout: string): Record<string, number> {
  const unit: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };
  const out: Record<string, number> = {};
  for (const line of stdout.split('\n')) {
    const m = /^\s*(.+?):\s+(\d+) (B|KB|MB|GB)\s+(\d+) (B|KB|MB|GB)/.exec(line);
    if (m) out[m[1]!] = Number(m[2]) * unit[m[3]!]!;
  }
  return out;
}

/** Script assignments as the map prints them: name → values in order. */
function mapAssignments(map: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const line of map.split('\n')) {
    const m = /^\s+0x([0-9a-f]+)\s+([^\s=]+) (?:=|\+=|-=|\*=|\/=|<<=|>>=|&=|\|=) /.exec(line);
    if (!m || m[2] === '.') continue;
    out.set(m[2]!, [...(out.get(m[2]!) ?? []), Number.parseInt(m[1]!, 16)]);
  }
  return out;
}

const cases = listCases().filter((c) => c.spec.ld);

/** Object linked when a case names none: a few bytes of code, data and zero-initialised data. */
const DEFAULT_OBJECT = [
  '  .syntax unified', '  .thumb', '  .text', '  .global Reset_Handler', '  .thumb_func', 'Reset_Handler:',
  '  ldr r0, =value', '  b Reset_Handler', '  .data', 'value: .word 0x12345678', '  .bss', 'buffer: .space 64', '',
].join('\n');

describe.skipIf(!haveLd)('GNU ld agrees with fw-context', () => {
  for (const c of cases) {
    it(`${c.name}: regions, symbols and usage equal ld's`, async () => {
      const dir = mkdtempSync(path.join(work, `${c.name}-`));
      for (const lib of ['c', 'm', 'gcc', 'nosys']) expect(run(AR, ['rc', `lib${lib}.a`], dir).status).toBe(0);
      const obj = path.join(dir, 'input.o');
      const src = path.join(dir, 'input.s');
      writeFileSync(src, c.spec.asm ? readFileSync(path.join(c.dir, c.spec.asm), 'utf8') : DEFAULT_OBJECT);
      expect(run(AS, [src, '-o', obj], dir).status).toBe(0);

      const { result, linkText } = await parseCase(c);
      expect(result.memory.length).toBeGreaterThan(0);
      const script = path.join(dir, path.basename(c.spec.script));
      writeFileSync(script, linkText);
      // -L before -T: ld reads INCLUDEs while it parses the -T option
      const args = ['-L', dir, '-L', c.dir, ...(c.spec.libraryPaths ?? []).flatMap((p) => ['-L', path.join(c.dir, p)]), '-T', script];
      for (const [k, v] of Object.entries(c.spec.defsyms ?? {})) args.push(`--defsym=${k}=${v}`);
      const mapFile = path.join(dir, 'out.map');
      args.push(obj, '-o', path.join(dir, 'out.elf'), '-Map', mapFile, '--print-memory-usage');
      const link = run(LD, args, dir);
      expect(link.status, link.stderr).toBe(0);

      const mapText = readFileSync(mapFile, 'utf8');
      const map = parseMapFile(mapText, mapFile, { script: result });
      // Memory Configuration: same names, origins and lengths, to the byte
      expect(result.memory.map((r) => ({ name: r.name, origin: r.origin_value, length: r.length_value })))
        .toEqual(map.memory.map((r) => ({ name: r.name, origin: r.origin, length: r.length })));

      // every script symbol we claim to know has the value ld printed (the map shows a symbol's final value
      // on each of its assignment lines, so the last assignment of each name is compared)
      const printed = mapAssignments(mapText);
      const last = new Map(result.symbols.filter((s) => !s.provided).map((s) => [s.name, s]));
      let compared = 0;
      for (const s of last.values()) {
        if (s.value === null) continue;
        const values = printed.get(s.name);
        expect(values, `ld printed no value for ${s.name} (${s.file}:${s.line})`).toBeDefined();
        expect(s.value % 2 ** 32, `${s.name} at ${s.file}:${s.line}`).toBe(values![values!.length - 1]);
        compared++;
      }
      if (result.symbols.some((x) => !x.provided && x.value !== null)) expect(compared).toBeGreaterThan(0);

      // region usage with the script: exactly --print-memory-usage
      expect(map.usage).toEqual(printedUsage(link.stdout));
    });
  }

  it('map-usage: the map alone gives --print-memory-usage when load images use AT>', async () => {
    const c = listCases().find((x) => x.name === 'map-usage')!;
    const dir = mkdtempSync(path.join(work, 'map-only-'));
    const src = path.join(dir, 'firmware.s');
    writeFileSync(src, readFileSync(path.join(c.dir, 'firmware.s'), 'utf8'));
    expect(run(AS, [src, '-o', path.join(dir, 'firmware.o')], dir).status).toBe(0);
    const link = run(LD, ['-T', path.join(c.dir, 'firmware.ld'), 'firmware.o', '-o', 'fw.elf', '-Map', 'fw.map', '--print-memory-usage'], dir);
    expect(link.status, link.stderr).toBe(0);
    const ld = printedUsage(link.stdout);
    expect(ld.FLASH).toBeGreaterThan(0x100); // the ALIGN(256) gap counts, as in ld
    expect(parseMapFile(readFileSync(path.join(dir, 'fw.map'), 'utf8'), 'fw.map').usage).toEqual(ld);
  });
});
