// describeBuildMemory on real adapter output: regions, entry, usage equal to ld's --print-memory-usage, linker
// symbols; corrupt and missing scripts; which defines/-L/--defsym reach the script.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildDescription } from '../../adapters/contract.js';
import { detectBuilds } from '../../adapters/detect-builds.js';
import { describeBuildMemory, linkPreprocessArgs, scriptDefines } from '../../src/indexer/build-memory.js';
import { fixturePath } from '../../src/project/copy-fixture.js';
import { copyFixtureToTemp } from '../helpers/fixture-project.js';

const expected = JSON.parse(fs.readFileSync(fixturePath('memory', 'cmake-stm32-map', 'expected.json'), 'utf8'));

function detectOne(root: string): BuildDescription {
  const r = detectBuilds(root, {});
  expect(r.builds).toHaveLength(1);
  return r.builds[0]!;
}

describe('describeBuildMemory on a CMake + ninja STM32 build with a map', () => {
  let root: string;
  let build: BuildDescription;
  beforeAll(() => {
    root = copyFixtureToTemp('memory', 'cmake-stm32-map');
    build = detectOne(root);
  });

  it('the cmake adapter gives the build its script, link command and map', () => {
    expect(build.buildSystem).toBe('cmake');
    expect(build.linkerScripts).toEqual([path.join(root, expected.script)]);
    expect(build.mapFile).toBe(path.join(root, expected.map));
    expect(build.linkArguments).toContain('-Wl,--defsym=__stack_size__=0x800');
  });

  it('gives the entry point and every region with values and the bytes ld said were used', () => {
    const m = describeBuildMemory(build, { root });
    expect(m.entryPoint).toBe(expected.entry_point);
    expect(m.note).toBe('');
    expect(m.diagnostics).toEqual([]);
    expect(m.mapFile).toBe(path.join(root, expected.map));
    expect(m.memory.map((r) => ({ name: r.name, attributes: r.attributes, origin: r.origin_value, length: r.length_value, used: r.used, line: r.line }))).toEqual(expected.regions);
    for (const r of m.memory) expect(r.file_path).toBe(path.join(root, expected.script));
  });

  it('reads a map larger than any linker script (mbed CE links with --cref: ~10 MB for a hello world)', () => {
    const big = copyFixtureToTemp('memory', 'cmake-stm32-map');
    const b = detectOne(big);
    const row = (i: number) => `cref_symbol_${String(i).padStart(7, '0')}                              CMakeFiles/firmware.dir/Core/Src/main.c.obj\n`;
    const cref = Array.from({ length: 100_000 }, (_, i) => row(i)).join('');
    fs.appendFileSync(b.mapFile!, `\nCross Reference Table\n\nSymbol                                            File\n${cref}`);
    expect(fs.statSync(b.mapFile!).size).toBeGreaterThan(8 * 1024 * 1024);
    const m = describeBuildMemory(b, { root: big });
    expect(m.diagnostics).toEqual([]);
    expect(m.mapFile).toBe(b.mapFile);
    expect(m.memory.map((r) => r.used)).toEqual(expected.regions.map((r: { used: number }) => r.used));
  });

  it('the map numbers are the ones ld printed with --print-memory-usage', () => {
    const printed = fs.readFileSync(path.join(root, 'gen', 'print-memory-usage.txt'), 'utf8');
    for (const r of expected.regions) {
      const row = new RegExp(`^\\s*${r.name}:\\s+(\\d+) (B|GB)\\b`, 'm').exec(printed);
      expect(row, r.name).not.toBeNull();
      expect(Number(row![1])).toBe(r.used);
    }
  });

  it('turns script assignments into varglobal symbols of the script, signature = the assignment', () => {
    const m = describeBuildMemory(build, { root });
    expect(m.symbolFile).toBe(path.join(root, expected.script));
    const byName = new Map(m.symbols.map((s) => [s.name, s]));
    for (const [name, want] of Object.entries(expected.symbols) as [string, { line: number; signature: string; value: string | null }][]) {
      const s = byName.get(name);
      expect(s, name).toBeDefined();
      expect(s).toMatchObject({
        kind: 'varglobal', line: want.line, endLine: want.line, column: 1, signature: want.signature,
        docstring: want.value ? `value ${want.value}` : '', parentId: null, isDefinition: true, enumValue: null, body: null,
        isTemplate: false, isVirtual: false, isPureVirtual: false, qualifiedName: name,
      });
    }
    expect(byName.get('__bss_start__')!.nameTokens).toBe('bss start');
    expect(byName.get('_Min_Stack_Size')!.nameTokens).toBe('min stack size');
    expect(m.symbols.some((s) => s.name === '.')).toBe(false);
    // --defsym __stack_size__=0x800 reached DEFINED(): the value is the map's, not the fallback 0x400.
    expect(byName.get('_Min_Stack_Size')!.docstring).toBe('value 0x800');
  });

  it('symbol ids are 16 hex chars, unique, and the same on every run', () => {
    const a = describeBuildMemory(build, { root }).symbols.map((s) => s.stableId);
    const b = describeBuildMemory(build, { root }).symbols.map((s) => s.stableId);
    expect(a).toEqual(b);
    expect(new Set(a).size).toBe(a.length);
    for (const id of a) expect(id).toMatch(/^[0-9a-f]{16}$/);
  });

  it('places output sections in regions with the map addresses', () => {
    const m = describeBuildMemory(build, { root });
    const data = m.sections.find((s) => s.name === '.data')!;
    expect(data).toMatchObject({ region: 'RAM', load_region: 'FLASH', address: 0x20000000, size: 4 });
    expect(m.sections.find((s) => s.name === '.isr_vector')).toMatchObject({ region: 'FLASH', address: 0x08000000, size: 0x188 });
    expect(m.sections.some((s) => s.name === '/DISCARD/')).toBe(false);
  });

  it('warns when the map no longer matches the script (edited after the last link)', () => {
    const script = build.linkerScripts[0]!;
    const text = fs.readFileSync(script, 'utf8');
    const edited = text.replace('LENGTH = 128K', 'LENGTH = 112K');
    expect(edited).not.toBe(text);
    const m = describeBuildMemory(build, { readFile: (f) => (f === script ? edited : fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : undefined) });
    expect(m.memory.find((r) => r.name === 'RAM')!.length_value).toBe(112 * 1024);
    const w = m.diagnostics.find((d) => d.severity === 'warning' && /region RAM .* map .* script/.test(d.message));
    expect(w?.file).toBe(build.mapFile);
  });
});

describe('describeBuildMemory on a corrupt script', () => {
  const want = JSON.parse(fs.readFileSync(fixturePath('memory', 'corrupt-script', 'expected.json'), 'utf8'));

  it('does not throw, sets a note, and passes diagnostics with file and line through', () => {
    const root = copyFixtureToTemp('memory', 'corrupt-script');
    const build = detectOne(root);
    expect(build.linkerScripts).toEqual([path.join(root, 'app.ld')]);
    const m = describeBuildMemory(build, { root });
    expect(m.memory).toEqual([]);
    expect(m.entryPoint).toBe(want.entry_point);
    expect(m.note).toContain(want.note_contains);
    expect(m.note).toContain('app.ld:3');
    for (const d of want.diagnostics) {
      expect(m.diagnostics).toContainEqual(expect.objectContaining({
        severity: d.severity, file: path.join(root, d.file), line: d.line, message: expect.stringContaining(d.message_contains),
      }));
    }
    expect(m.symbols.map((s) => s.name)).toEqual(want.symbols);
    // No region: the missing map is not worth a diagnostic.
    expect(m.diagnostics.some((d) => d.file.endsWith('.map'))).toBe(false);
  });

  it('survives binary garbage as a script', () => {
    const build = fakeBuild({ linkerScripts: ['/v/bin.ld'] });
    const garbage = String.fromCharCode(...Array.from({ length: 400 }, (_, i) => (i * 37) % 256));
    const m = describeBuildMemory(build, { readFile: (f) => (f === '/v/bin.ld' ? garbage : undefined) });
    expect(m.memory).toEqual([]);
    expect(m.note).not.toBe('');
  });

  it('reads scripts with a UTF-8 BOM or a pasted no-break space, warning only about the latter', () => {
    const files: Record<string, string> = {
      '/v/bom.ld': '\uFEFFMEMORY { RAM (rw) : ORIGIN = 0x20000000, LENGTH = 1K }\n',
      '/v/nbsp.ld': 'ENTRY(go)\nMEMORY {\n  RAM (rw) :\u00a0ORIGIN = 0x20000000, LENGTH = 2K\n}\n',
    };
    const bom = describeBuildMemory(fakeBuild({ linkerScripts: ['/v/bom.ld'] }), { readFile: (f) => files[f] });
    expect(bom.memory.map((r) => [r.name, r.length_value])).toEqual([['RAM', 1024]]);
    expect(bom.diagnostics).toEqual([]);
    const nbsp = describeBuildMemory(fakeBuild({ linkerScripts: ['/v/nbsp.ld'] }), { readFile: (f) => files[f] });
    expect(nbsp.memory.map((r) => [r.name, r.line, r.length_value])).toEqual([['RAM', 3, 2048]]);
    expect(nbsp.diagnostics).toEqual([expect.objectContaining({ file: '/v/nbsp.ld', line: 3, message: expect.stringContaining('U+00A0') })]);
  });
});

function fakeBuild(over: Partial<BuildDescription>): BuildDescription {
  return {
    buildSystem: 'cmake', variant: 'v', image: 'app', description: '', buildDir: '/v/build', units: [], linkerScripts: [], provenance: 'read',
    ...over,
  };
}

describe('describeBuildMemory notes for builds without a usable script', () => {
  it('says the build names no script', () => {
    const m = describeBuildMemory(fakeBuild({ buildSystem: 'platformio' }));
    expect(m).toMatchObject({ entryPoint: '', memory: [], symbols: [], symbolFile: null });
    expect(m.note).toBe('no linker script recorded: the platformio build names none');
  });

  it('says the script does not exist', () => {
    const m = describeBuildMemory(fakeBuild({ linkerScripts: ['/v/gone.ld'] }), { readFile: () => undefined });
    expect(m.note).toBe('the linker script /v/gone.ld does not exist');
    expect(m.diagnostics[0]).toMatchObject({ file: '/v/gone.ld', severity: 'warning' });
  });

  it('says the script has no MEMORY', () => {
    const m = describeBuildMemory(fakeBuild({ linkerScripts: ['/v/a.ld'] }), { readFile: (f) => (f === '/v/a.ld' ? 'ENTRY(start)\nSECTIONS { .text : { *(.text) } }\n' : undefined) });
    expect(m.entryPoint).toBe('start');
    expect(m.note).toMatch(/^the linker script \/v\/a\.ld defines no MEMORY regions/);
  });
});

describe('what reaches the script from the build', () => {
  const ppDir = fixturePath('memory', 'preprocessed-script');
  const files: Record<string, string> = {
    '/v/app.ld': fs.readFileSync(path.join(ppDir, 'app.ld'), 'utf8').replace('INCLUDE sections.ld', 'INCLUDE common_sections.ld'),
    '/v/board_memory.h': fs.readFileSync(path.join(ppDir, 'board_memory.h'), 'utf8'),
    '/v/shared/ld/common_sections.ld': fs.readFileSync(path.join(ppDir, 'sections.ld'), 'utf8'),
  };
  const readFile = (f: string) => files[f];
  const region = (m: ReturnType<typeof describeBuildMemory>, name: string) => m.memory.find((r) => r.name === name)!;

  it('link command -D/-U (also through -Wl,), -L for INCLUDE and every --defsym spelling', () => {
    const build = fakeBuild({
      linkerScripts: ['/v/app.ld'],
      defines: { RAM_SIZE: '0x8000' },
      linkArguments: ['arm-none-eabi-gcc', '-DUSE_BOOTLOADER', '-Wl,-DSOMETHING', '-URAM_SIZE', '-L../shared/ld', '-Wl,--defsym,__noinit_size=0x400', 'main.o', '-o', 'app.elf'],
    });
    const m = describeBuildMemory(build, { readFile });
    expect(region(m, 'FLASH')).toMatchObject({ origin_value: 0x08008000, length_value: 0x78000 });
    expect(region(m, 'RAM').length_value).toBe(0x18000); // -U dropped build.defines' RAM_SIZE: the header's default
    expect(region(m, 'NOINIT').length_value).toBe(0x400);
    expect(m.preprocessing).toMatchObject({ definesFrom: 'link-command', undefines: ['RAM_SIZE'] });
    expect(m.preprocessing!.defines).toMatchObject({ USE_BOOTLOADER: '1', SOMETHING: '1' });
    expect(m.scriptFiles).toEqual(['/v/app.ld', '/v/shared/ld/common_sections.ld']);
    expect(m.symbols).toEqual([]); // the symbols sit in the INCLUDEd file
    expect(m.symbolsByFile[1]).toMatchObject({ file: '/v/shared/ld/common_sections.ld' });
    expect(m.symbolsByFile[1]!.symbols.find((s) => s.name === '_estack')!.docstring).toBe('value 0x20018000');
    for (const spelling of [['-Wl,--defsym=__noinit_size=0x200'], ['-Xlinker', '--defsym', '-Xlinker', '__noinit_size=0x200'], ['-Wl,--defsym', '-Wl,__noinit_size=0x200']]) {
      const b = fakeBuild({ ...build, linkArguments: ['gcc', '-L/v/shared/ld', ...spelling] });
      expect(region(describeBuildMemory(b, { readFile }), 'NOINIT').length_value, spelling.join(' ')).toBe(0x200);
    }
  });

  it('without -D on the link command, the defines all compile units share stand in', () => {
    const unit = (file: string, extra: string[]) => ({ file, directory: '/v/build', arguments: ['arm-none-eabi-gcc', '-DUSE_BOOTLOADER', ...extra, '-c', file] });
    const build = fakeBuild({
      linkerScripts: ['/v/app.ld'],
      units: [unit('/v/a.c', ['-DRAM_SIZE=0x4000']), unit('/v/b.c', ['-DRAM_SIZE=0x4000', '-DONLY_B'])],
      linkArguments: ['arm-none-eabi-gcc', '-L/v/shared/ld', '-o', 'app.elf'],
    });
    const m = describeBuildMemory(build, { readFile });
    expect(scriptDefines(build)).toMatchObject({ from: 'compile-units', defines: { USE_BOOTLOADER: '1', RAM_SIZE: '0x4000' } });
    expect(scriptDefines(build).defines).not.toHaveProperty('ONLY_B');
    expect(region(m, 'FLASH').origin_value).toBe(0x08008000);
    expect(region(m, 'RAM').length_value).toBe(0x4000);
    // No --defsym: NOINIT's length stays an expression, with a diagnostic saying so.
    expect(region(m, 'NOINIT')).toMatchObject({ length: '__noinit_size', length_value: null });
    expect(m.diagnostics.some((d) => d.file === '/v/app.ld' && d.line === 16)).toBe(true);
  });

  it('an INCLUDE that only -L finds is an error without it', () => {
    const m = describeBuildMemory(fakeBuild({ linkerScripts: ['/v/app.ld'], linkArguments: ['gcc', '-o', 'x.elf'] }), { readFile });
    expect(m.diagnostics).toContainEqual(expect.objectContaining({ file: '/v/app.ld', line: 19, message: expect.stringContaining('common_sections.ld') }));
    expect(m.memory.map((r) => r.name)).toEqual(['FLASH', 'RAM', 'NOINIT']);
  });

  it('several -T scripts accumulate as in ld: regions of the first are visible to the second', () => {
    const fs2: Record<string, string> = {
      '/v/mem.ld': 'MEMORY { ROM (rx) : ORIGIN = 0x0, LENGTH = 256K\n RAM (rw) : ORIGIN = 0x20000000, LENGTH = 32K }\n',
      '/v/sec.ld': 'ENTRY(_start)\n__stack_top = ORIGIN(RAM) + LENGTH(RAM);\nSECTIONS { .text : { *(.text) } > ROM }\n',
    };
    const m = describeBuildMemory(fakeBuild({ linkerScripts: ['/v/mem.ld', '/v/sec.ld'] }), { readFile: (f) => fs2[f] });
    expect(m.entryPoint).toBe('_start');
    expect(m.memory.map((r) => [r.name, r.file_path])).toEqual([['ROM', '/v/mem.ld'], ['RAM', '/v/mem.ld']]);
    expect(m.symbolFile).toBe('/v/mem.ld');
    expect(m.symbolsByFile.find((g) => g.file === '/v/sec.ld')!.symbols[0]).toMatchObject({ name: '__stack_top', line: 2, docstring: 'value 0x20008000' });
    expect(m.diagnostics).toEqual([]);
  });

  it('linkPreprocessArgs reads -D/-U/-I in all spellings', () => {
    expect(linkPreprocessArgs(['gcc', '-D', 'A=1', '-DB', '-Wl,-DC=x', '-U', 'D', '-I', 'inc', '-Iinc2', '-isystem', 'sys'])).toEqual({
      macroOps: [
        { op: 'define', name: 'A', value: '1' }, { op: 'define', name: 'B', value: '1' }, { op: 'define', name: 'C', value: 'x' }, { op: 'undef', name: 'D' },
      ],
      includeDirs: ['inc', 'inc2', 'sys'],
    });
  });

  it('linkPreprocessArgs takes long spellings and never the value of another flag for a flag', () => {
    const argv = ['gcc', '-o', '-Dodd.elf', '--define-macro=E=2', '--undefine-macro', 'F', '--include-directory=inc3', '-isystemsys2', '-Xlinker', '-T', '-Xlinker', '-Dscript.ld', '-Ugone'];
    expect(linkPreprocessArgs(argv)).toEqual({
      macroOps: [{ op: 'define', name: 'E', value: '2' }, { op: 'undef', name: 'F' }, { op: 'undef', name: 'gone' }],
      includeDirs: ['inc3', 'sys2'],
    });
  });
});
