// IAR Embedded Workbench projects (an STM32CubeMX-style EWARM project): a build per configuration derived from the
// .ewp, each file compiled as the IDE would (iccarm with the device's core and FPU, the configuration's options as
// the file overrides them); files excluded from a configuration, assembler files and paths through the IAR install
// left out; each configuration indexed with the IAR branches of its headers, from the iccarm table.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { iarAdapter } from '../../adapters/iar/detect-iar.js';
import { iarCore } from '../../adapters/iar/iar-units.js';
import { optionOf, readEwp } from '../../adapters/iar/read-ewp.js';
import { parseCompileArgs } from '../../src/model/compile-args.js';
import { tableFor } from '../../src/preprocessor/implicit-macros.js';
import { runCli } from '../helpers/fixture-project.js';
import { copyFixture, removeFixture } from './fixture-helper.js';

describe('IAR Embedded Workbench project', () => {
  const root = copyFixture('ewarm-project');
  afterAll(() => removeFixture(root));
  const at = (...p: string[]) => path.join(root, ...p);
  const detected = iarAdapter.detect(root, {});
  const build = (variant: string) => detected.builds.find((b) => b.variant === variant)!;
  const unit = (variant: string, file: string) => build(variant).units.find((u) => u.file === file)!;

  it('derives a build per configuration: the C and C++ files not excluded from it', () => {
    expect(detected.builds.map((b) => [b.variant, b.buildSystem, b.provenance, b.board, b.buildDir])).toEqual([
      ['Debug', 'iar', 'derived', 'STM32F407VG', at('EWARM', 'Debug')],
      ['Release', 'iar', 'derived', 'STM32F407VG', at('EWARM', 'Release')],
    ]);
    expect(build('Debug').units.map((u) => path.relative(root, u.file))).toEqual(['Core/Src/main.c', 'Core/Src/legacy.c', 'Drivers/Src/uart.c', 'App/app.cpp']);
    expect(build('Release').units.map((u) => path.relative(root, u.file))).toEqual(['Core/Src/main.c', 'Drivers/Src/uart.c', 'App/app.cpp']);
    expect(detected.diagnostics.filter((d) => d.message.startsWith('configuration Debug')).map((d) => d.message)).toEqual([
      'configuration Debug: 1 path(s) name the IAR install, another drive, a variable not known here or a folder above the root ($TOOLKIT_DIR$\\CMSIS\\Core\\Include); they are left out',
      'configuration Debug: 1 assembler file(s) in IAR syntax are not indexed',
    ]);
  });

  it('compiles each file with the device\'s core and FPU and the options the file overrides', () => {
    const main = unit('Debug', at('Core', 'Src', 'main.c')).arguments;
    expect(main.slice(0, 4)).toEqual(['iccarm', '--cpu=Cortex-M4', '--fpu=VFPv4_sp', '-On']);
    expect(main).toEqual(expect.arrayContaining(['-DEXTRA_OPTION=1', '-I', at('Core', 'Inc')]));
    expect(unit('Debug', at('Drivers', 'Src', 'uart.c')).arguments.join(' ')).toContain('-D UART_FAST');
    expect(unit('Release', at('Drivers', 'Src', 'uart.c')).arguments.join(' ')).not.toContain('UART_FAST');
    expect(unit('Release', at('Core', 'Src', 'main.c')).arguments.join(' ')).toContain('-Oh -D USE_HAL_DRIVER -D STM32F407xx -D NDEBUG');
    expect(unit('Debug', at('App', 'app.cpp')).arguments).toContain('--c++');
  });

  it('indexes each configuration with the IAR branches of its sources', () => {
    const cli = (...args: string[]) => runCli(root, args);
    expect(cli('index').status).toBe(0);
    const where = (name: string, variant: string) => /(\S+:\d+)\n/.exec(cli('lookup', name, '--variant', variant).stdout)?.[1];
    expect(where('compiler_iar', 'Debug')).toBe('Core/Src/main.c:4');
    expect(where('compiler_gcc', 'Debug')).toBeUndefined();
    expect(where('hard_float_scale', 'Release')).toBe('Core/Src/main.c:10');
    expect(where('debug_only', 'Debug')).toBe('Core/Src/main.c:16');
    expect(where('release_only', 'Release')).toBe('Core/Src/main.c:14');
    expect(where('release_only', 'Debug')).toBeUndefined();
    expect(where('uart_init', 'Debug')).toBe('Drivers/Src/uart.c:4');
    expect(where('uart_init_slow', 'Release')).toBe('Drivers/Src/uart.c:6');
    expect(where('legacy_init', 'Release')).toBeUndefined();
    expect(where('legacy_init', 'Debug')).toBe('Core/Src/legacy.c:1');
    expect(where('modern_loop', 'Release')).toBe('App/app.cpp:5');
    // IAR's extended keywords and @ placements are blanked: each declaration has its kind and name.
    const symbols = cli('symbols', '--variant', 'Debug', '--file', 'Core/Src/main.c').stdout.split('\n').map((l) => l.split('\t').slice(0, 3).join(' '));
    expect(symbols).toEqual(expect.arrayContaining(['Core/Src/main.c:21 varglobal boot_flag', 'Core/Src/main.c:22 function flash_write', 'Core/Src/main.c:23 struct frame_header', 'Core/Src/main.c:24 varglobal image_checksum', 'Core/Src/main.c:25 varglobal watchdog_mark']));
    expect(symbols.filter((l) => /^Core\/Src\/main.c:2[1-4] /.test(l))).toHaveLength(6);
    // The ILINK configuration gives the memory.
    const memory = JSON.parse(cli('memory', '--variant', 'Debug', '--json').stdout) as { linker_scripts: string[]; memory: { name: string; origin_value: number; length_value: number }[] };
    expect(memory.linker_scripts).toEqual(['EWARM/stm32f407xx_flash.icf']);
    expect(memory.memory.map((m) => [m.name, m.origin_value, m.length_value])).toEqual([['ROM_region', 0x08000000, 0x100000], ['RAM_region', 0x20000000, 0x20000], ['CCMRAM_region', 0x10000000, 0x10000]]);
  });
});

describe('IAR project files', () => {
  it('a file that is not a project says why; overrides of nested groups apply innermost last', () => {
    expect(readEwp('<project').error).toMatch(/not readable XML|no <project>/);
    expect(readEwp('<project><fileVersion>3</fileVersion></project>').error).toBe('it names no configuration');
    const opt = (d: string) => `<settings><name>ICCARM</name><data><option><name>CCDefines</name><state>${d}</state></option></data></settings>`;
    const over = (d: string) => `<configuration><name>Debug</name>${opt(d)}</configuration>`;
    const r = readEwp(`<project><configuration><name>Debug</name><toolchain><name>ARM</name></toolchain>${opt('A')}</configuration>
      <group><name>g</name>${over('B')}<group><name>h</name><file><name>x.c</name>${over('C')}</file><file><name>y.c</name></file></group></group>
      <file><name>z.c</name></file></project>`);
    const c = r.configurations[0];
    expect(r.files.map((f) => [f.path, optionOf(c, f, 'ICCARM', 'CCDefines')])).toEqual([['z.c', ['A']], ['x.c', ['C']], ['y.c', ['B']]]);
  });
});

describe('iccarm table', () => {
  const macros = (argv: string[], lang: 'c' | 'cpp' = 'c') => {
    const p = parseCompileArgs(argv, '/p');
    return new Map(tableFor(p.compiler, p.targetFlags, lang).text.split('\n').map((l) => /^#define (\S+) ?(.*)$/.exec(l)).filter((m): m is RegExpExecArray => !!m).map((m) => [m[1], m[2]]));
  };

  it('names IAR and its core, with the Arm C Language Extensions\' target macros of --cpu and --fpu', () => {
    const m4 = macros(['iccarm', '--cpu=Cortex-M4', '--fpu=VFPv4_sp', 'x.c']);
    expect([m4.get('__ICCARM__'), m4.get('__CORE__'), m4.get('__ARM_ARCH'), m4.get('__ARM_ARCH_PROFILE'), m4.get('__ARM_FEATURE_DSP'), m4.get('__ARM_FP'), m4.get('__ARMVFP__')]).toEqual(['1', '__ARM7EM__', '7', '77', '1', '4', '1']);
    expect(m4.has('__GNUC__') || m4.has('__ARM_ARCH_7EM__') || m4.has('__thumb__')).toBe(false);
    const m0 = macros(['iccarm', '--cpu', 'Cortex-M0+', '--c89', 'x.c']);
    expect([m0.get('__CORE__'), m0.get('__ARM_ARCH'), m0.has('__ARMVFP__'), m0.has('__STDC_VERSION__')]).toEqual(['__ARM6M__', '6', false, false]);
    expect(macros(['iccarm', '--cpu=Cortex-M3', '--c++', 'x.c'], 'cpp').get('__cplusplus')).toBe('201703L');
    expect(parseCompileArgs(['iccarm', '--c++', 'x.c'], '/p').language).toBe('cpp');
  });
});

describe('IAR cores', () => {
  it('takes the core from the device when the part tables know it, else from the core code', () => {
    const config = (chip: string, code: string) => readEwp(`<project><configuration><name>C</name><toolchain><name>ARM</name></toolchain><settings><name>General</name><data>
      <option><name>OGChipSelectEditMenu</name><state>${chip}</state></option><option><name>GBECoreSlave</name><version>26</version><state>${code}</state></option></data></settings></configuration></project>`).configurations[0];
    expect([iarCore(config('STM32F746NG\tST STM32F746NG', '41')), iarCore(config('GD32E230C8\tGigaDevice GD32E230C8', '58')), iarCore(config('AMA2B1KK-KBR\tAmbiq Apollo2', '39')), iarCore(config('X', '99'))])
      .toEqual(['cortex-m7', 'cortex-m23', 'cortex-m4', undefined]);
  });
});

describe('IDE project paths', () => {
  it('a path going up past the root is no place here; a file named in another case is found', async () => {
    const { ideProjectPath } = await import('../../adapters/shared/ide-paths.js');
    expect(ideProjectPath('/a/b', '..\\..\\..\\utils')).toBeUndefined();
    expect(ideProjectPath('/a/b', '../x/../../../y')).toBeUndefined();
    expect(ideProjectPath('/a/b', '..\\..\\utils')).toBe('/utils');
    expect(ideProjectPath('/a/b', 'C:\\Keil_v5\\ARM')).toBeUndefined();
    expect(ideProjectPath('/a/b', '$K\\ARM\\INC')).toBeUndefined();
  });
});
