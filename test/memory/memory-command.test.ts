// runMemory: a linker script given with --script (-D, --defsym), and an indexed build's stored memory.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatAmount, formatSize, runMemory, usageBar } from '../../src/cli/memory-command.js';
import { fixturePath } from '../../src/project/copy-fixture.js';
import { QueryError } from '../../src/query/query-error.js';
import { copyFixtureToTemp, indexedFixture, runCli, tempDir } from '../helpers/fixture-project.js';

const ppDir = fixturePath('memory', 'preprocessed-script');
const ppExpected = JSON.parse(fs.readFileSync(path.join(ppDir, 'expected.json'), 'utf8'));
const mapExpected = JSON.parse(fs.readFileSync(fixturePath('memory', 'cmake-stm32-map', 'expected.json'), 'utf8'));

function thrown(fn: () => unknown): QueryError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(QueryError);
    return e as QueryError;
  }
  throw new Error('expected a QueryError');
}

describe('runMemory --script', () => {
  it('prints regions with origin, end and size; an unresolved length prints its expression', () => {
    const r = runMemory({ cwd: ppDir, json: false, script: 'app.ld' });
    expect(r.exitCode).toBe(0);
    const lines = r.text.split('\n');
    expect(lines[0]).toBe('Linker script app.ld');
    expect(lines).toContain('entry point: Reset_Handler');
    expect(r.text).toMatch(/^FLASH\s+\(rx\)\s+0x08000000\s+0x08080000\s+512 KiB$/m);
    expect(r.text).toMatch(/^RAM\s+\(rwx\)\s+0x20000000\s+0x20018000\s+96 KiB$/m);
    expect(r.text).toMatch(/^NOINIT\s+\(rw\)\s+0x20018000\s+\?\s+__noinit_size$/m);
    expect(r.text).toMatch(/^ {2}app\.ld:16: warning: LENGTH of memory region `NOINIT`/m);
    expect(r.text).not.toMatch(/used/);
  });

  it('-D and --defsym change regions as cpp + ld would (values checked against GNU ld)', () => {
    const { defines, defsyms, regions } = ppExpected.bootloader;
    const r = runMemory({ cwd: ppDir, json: false, script: 'app.ld', defines, defsyms });
    expect(r.text.split('\n')[0]).toBe('Linker script app.ld with -DUSE_BOOTLOADER -DRAM_SIZE=0x10000 --defsym __noinit_size=0x800');
    expect(r.text).toMatch(/^FLASH\s+\(rx\)\s+0x08008000\s+0x08080000\s+480 KiB$/m);
    expect(r.text).toMatch(/^NOINIT\s+\(rw\)\s+0x20010000\s+0x20010800\s+2 KiB$/m);
    expect(r.text).not.toMatch(/diagnostic/);
    const j = JSON.parse(runMemory({ cwd: ppDir, json: true, script: 'app.ld', defines, defsyms }).text);
    expect(j.script).toBe(path.join(ppDir, 'app.ld'));
    expect(j.entry_point).toBe('Reset_Handler');
    expect(j.note).toBe('');
    expect(j.diagnostics).toEqual([]);
    expect(j.defines).toEqual({ USE_BOOTLOADER: '1', RAM_SIZE: '0x10000' });
    expect(j.defsyms).toEqual({ __noinit_size: '0x800' });
    expect(j.memory.map((m: any) => ({ name: m.name, attributes: m.attributes, origin: m.origin_value, length: m.length_value }))).toEqual(regions);
  });

  it('JSON without defines matches ld for the values it can know', () => {
    const j = JSON.parse(runMemory({ cwd: ppDir, json: true, script: path.join(ppDir, 'app.ld') }).text);
    const want = ppExpected.plain.regions;
    expect(j.memory.map((m: any) => ({ name: m.name, attributes: m.attributes, origin: m.origin_value, length: m.length_value }))).toEqual(
      want.map(({ length_expression: _e, ...w }: any) => w),
    );
    expect(j.memory[2].length).toBe('__noinit_size');
    expect(j.diagnostics).toHaveLength(1);
  });

  it('uses no implicit defines: only what -D gives', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'a.ld'), '#if defined(__arm__) || defined(__GNUC__)\nMEMORY { X (rx) : ORIGIN = 0, LENGTH = 1K }\n#else\nMEMORY { Y (rx) : ORIGIN = 0, LENGTH = 2K }\n#endif\n');
    expect(JSON.parse(runMemory({ cwd: dir, json: true, script: 'a.ld' }).text).memory.map((m: any) => m.name)).toEqual(['Y']);
    expect(JSON.parse(runMemory({ cwd: dir, json: true, script: 'a.ld', defines: ['__arm__'] }).text).memory.map((m: any) => m.name)).toEqual(['X']);
  });

  it('a script with a syntax error exits 1 from the built CLI, naming file:line; a warning alone exits 0', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'bad.ld'), 'ENTRY(Reset_Handler)\nMEMORY\n{\n  FLASH (rx) : ORIGIN = 0x08000000, LENGTH = 512K\n  RAM (rwx) ORIGIN = 0x20000000, LENGTH = 96K\n}\n');
    const r = runCli(dir, ['memory', '--script', 'bad.ld']);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^ {2}bad\.ld:5: error: /m);
    const j = runCli(dir, ['memory', '--script', 'bad.ld', '--json']);
    expect(j.status).toBe(1);
    expect(JSON.parse(j.stdout).diagnostics).toContainEqual(expect.objectContaining({ severity: 'error', file: path.join(dir, 'bad.ld'), line: 5 }));
    const corrupt = runCli(fixturePath('memory', 'corrupt-script'), ['memory', '--script', 'app.ld']);
    expect(corrupt.status).toBe(1);
    expect(corrupt.stdout).toMatch(/^ {2}app\.ld:8: error: SECTIONS opened here is never closed/m);
    expect(runCli(ppDir, ['memory', '--script', 'app.ld']).status).toBe(0);
  });

  it('explains a missing script and a bad --defsym', () => {
    const e = thrown(() => runMemory({ cwd: ppDir, json: false, script: 'nope.ld' }));
    expect(e.message).toContain(path.join(ppDir, 'nope.ld'));
    expect(e.hint).toMatch(/--script/);
    const d = thrown(() => runMemory({ cwd: ppDir, json: false, script: 'app.ld', defsyms: ['novalue'] }));
    expect(d.hint).toMatch(/NAME=VALUE/);
    expect(thrown(() => runMemory({ cwd: ppDir, json: false, script: 'app.ld', defines: ['1BAD'] })).hint).toMatch(/-D NAME/);
  });
});

describe('runMemory for an indexed build', () => {
  let root: string;
  beforeAll(async () => {
    ({ root } = await indexedFixture(['memory', 'cmake-stm32-map']));
  });

  it('prints each region with a usage bar from the map, and the entry point', () => {
    const r = runMemory({ cwd: root, json: false });
    expect(r.exitCode).toBe(0);
    const lines = r.text.split('\n');
    expect(lines[0]).toBe('Build build/app — STM32F407VGTx_FLASH.ld');
    expect(lines[1]).toBe('entry point: Reset_Handler');
    expect(r.text).toMatch(/^region\s+attr\s+origin\s+end\s+size\s+used$/m);
    expect(r.text).toMatch(/^CCMRAM\s+\(xrw\)\s+0x10000000\s+0x10010000\s+64 KiB\s+\[#-{19}\]\s+0\.4 %\s+256 B used$/m);
    expect(r.text).toMatch(/^RAM\s+\(xrw\)\s+0x20000000\s+0x20020000\s+128 KiB\s+\[#-{19}\]\s+2\.3 %\s+3\.0 KiB used$/m);
    expect(r.text).toMatch(/^FLASH\s+\(rx\)\s+0x08000000\s+0x08100000\s+1 MiB\s+\[#-{19}\]\s+0\.1 %\s+748 B used$/m);
    expect(r.text).not.toMatch(/diagnostic|note:/);
  });

  it('--json gives variant, image, entry point, regions with used bytes equal to ld', () => {
    const j = JSON.parse(runMemory({ cwd: root, json: true }).text);
    expect(j).toMatchObject({ variant: mapExpected.variant, image: mapExpected.image, entry_point: mapExpected.entry_point, note: '', diagnostics: [] });
    expect(j.memory.map((m: any) => ({ name: m.name, attributes: m.attributes, origin: m.origin_value, length: m.length_value, used: m.used, line: m.line }))).toEqual(mapExpected.regions);
  });

  it('refuses an unknown variant with the choices', () => {
    const e = thrown(() => runMemory({ cwd: root, json: false, variant: 'nope' }));
    expect(e.message).toMatch(/unknown variant "nope".*build/);
  });

  it('a project without an index says how to make one', () => {
    const e = thrown(() => runMemory({ cwd: copyFixtureToTemp('memory', 'cmake-stm32-map'), json: false }));
    expect(e.hint).toMatch(/fw-context (init|index)/);
  });
});

describe('runMemory for a build whose script is corrupt', () => {
  it('indexes, then shows no regions, the note and the diagnostics with file:line', async () => {
    const { root, result } = await indexedFixture(['memory', 'corrupt-script']);
    expect(result.builds).toHaveLength(1);
    expect(result.builds[0]!.error).toBeUndefined();
    const r = runMemory({ cwd: root, json: false });
    // The script has errors: the command fails, as `memory --script` and the link itself do.
    expect(r.exitCode).toBe(1);
    expect(r.text).toMatch(/^entry point: Reset_Handler$/m);
    expect(r.text).toMatch(/^no memory regions: the linker script .*app\.ld defines no MEMORY region fw-context could read/m);
    expect(r.text).toMatch(/^ {2}app\.ld:3: error: INCLUDE `generated_memory\.ld`: file not found/m);
    expect(r.text).toMatch(/^ {2}app\.ld:8: error: SECTIONS opened here is never closed/m);
    const jr = runMemory({ cwd: root, json: true });
    expect(jr.exitCode).toBe(1);
    const j = JSON.parse(jr.text);
    expect(j.memory).toEqual([]);
    expect(j.note).toMatch(/app\.ld:3/);
    expect(j.diagnostics.map((d: any) => d.line)).toEqual([3, 15, 8]);
  });
});

describe('number formatting', () => {
  it('sizes, amounts and bars', () => {
    expect([formatSize(512 * 1024), formatSize(1 << 20), formatSize(1000), formatSize(1536)]).toEqual(['512 KiB', '1 MiB', '1000 B', '1536 B']);
    expect([formatAmount(1023), formatAmount(231731), formatAmount(3 * 1024 * 1024 + 200000)]).toEqual(['1023 B', '226.3 KiB', '3.2 MiB']);
    expect(usageBar(231731, 512 * 1024)).toBe('[#########-----------]  44.2 %  226.3 KiB used');
    expect(usageBar(0, 1024)).toBe('[--------------------]   0.0 %  0 B used');
    expect(usageBar(2048, 1024)).toBe('[####################] 200.0 %  2.0 KiB used  OVERFLOW by 1.0 KiB');
  });
});
