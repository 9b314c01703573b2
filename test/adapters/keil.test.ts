// Keil µVision projects (an STM32CubeMX-style MDK-ARM project): a build per target derived from the .uvprojx, each
// file compiled as µVision would (armclang or armcc with the target's CPU, FPU, language and options, the group's and
// file's additions); excluded files, armasm files and paths on another drive left out; each target indexed with its
// own compiler's branches, taken from the armclang / armcc tables.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { keilAdapter } from '../../adapters/keil/detect-keil.js';
import { componentIncludes, componentPlaces, installedPack, type PackTarget } from '../../adapters/keil/cmsis-packs.js';
import { keilCore, keilUnit, settingsOf } from '../../adapters/keil/keil-units.js';
import { readUvprojx, splitDefines } from '../../adapters/keil/read-uvprojx.js';
import { tableFor } from '../../src/preprocessor/implicit-macros.js';
import { parseCompileArgs } from '../../src/model/compile-args.js';
import { runCli } from '../helpers/fixture-project.js';
import { copyFixture, removeFixture } from './fixture-helper.js';

describe('Keil µVision project', () => {
  const root = copyFixture('keil-project');
  afterAll(() => removeFixture(root));
  const at = (...p: string[]) => path.join(root, ...p);
  const detected = keilAdapter.detect(root, {});
  const build = (variant: string) => detected.builds.find((b) => b.variant === variant)!;
  const unit = (variant: string, file: string) => build(variant).units.find((u) => u.file === file)!;

  it('derives a build per target: built C, C++ and armasm files, the RTE configuration files; not excluded files', () => {
    expect(detected.builds.map((b) => [b.variant, b.buildSystem, b.provenance, b.board, b.buildDir])).toEqual([
      ['Blinky', 'keil', 'derived', 'STM32F407VGTx', at('MDK-ARM', 'Blinky')],
      ['Blinky-AC5', 'keil', 'derived', 'STM32F407VGTx', at('MDK-ARM', 'Blinky-AC5')],
    ]);
    const files = build('Blinky').units.map((u) => path.relative(root, u.file));
    // UART.c as the project writes it is uart.c on disk: found without regard to case, as on Windows.
    expect(files).toEqual(['MDK-ARM/startup_stm32f407xx.s', 'Core/Src/main.c', 'Drivers/Src/uart.c', 'App/app.cpp', 'MDK-ARM/RTE/Device/STM32F407VGTx/system_stm32f4xx.c']);
    expect(unit('Blinky', at('MDK-ARM', 'startup_stm32f407xx.s')).arguments.slice(0, 4)).toEqual(['armasm', '--cpu=Cortex-M4', '--pd', '__UVISION_VERSION SETA 541']);
    const messages = detected.diagnostics.filter((d) => d.message.startsWith('target Blinky:')).map((d) => d.message);
    expect(messages).toEqual([
      'target Blinky: 1 path(s) name another drive, a µVision variable or a folder above the root (C:\\Keil_v5\\ARM\\PACK\\ARM\\CMSIS\\5.9.0\\CMSIS\\Core\\Include); they are left out',
    ]);
  });

  it('compiles each file with its target\'s compiler and settings, and what its group adds', () => {
    const ac6 = unit('Blinky', at('Core', 'Src', 'main.c')).arguments;
    expect(ac6.slice(0, 9)).toEqual(['armclang', '--target=arm-arm-none-eabi', '-mcpu=cortex-m4', '-mfpu=fpv4-sp-d16', '-mfloat-abi=hard', '-c', '-xc', '-std=gnu11', '-funsigned-char']);
    expect(ac6).toEqual(expect.arrayContaining(['-Os', '-D__MICROLIB', '-D_RTE_', '-DBOARD_DISCOVERY', '-I', at('MDK-ARM', 'RTE', '_Blinky'), '-I', at('Drivers', 'Inc')]));
    expect(ac6).not.toContain('-DUART_FAST');
    expect(unit('Blinky', at('Drivers', 'Src', 'uart.c')).arguments).toContain('-DUART_FAST');
    expect(unit('Blinky', at('App', 'app.cpp')).arguments).toEqual(expect.arrayContaining(['-xc++', '-std=c++17', '-fno-rtti']));
    const ac5 = unit('Blinky-AC5', at('Core', 'Src', 'main.c')).arguments;
    expect(ac5.slice(0, 5)).toEqual(['armcc', '--cpu=Cortex-M3', '-c', '--c99', '-O2']);
    expect(ac5).not.toContain('-D__MICROLIB');
    // µVision's version: from the dependency file the AC5 target's last build wrote, else MDK 5.41's.
    expect(ac5).toContain('-D__UVISION_VERSION=538');
    expect(ac6).toContain('-D__UVISION_VERSION=541');
    expect(unit('Blinky-AC5', at('Drivers', 'Src', 'uart.c')).arguments).not.toContain('-DUART_FAST');
    expect(unit('Blinky-AC5', at('App', 'app.cpp')).arguments).toContain('--cpp');
  });

  it('indexes each target with its own compiler\'s branches', () => {
    const cli = (...args: string[]) => runCli(root, args);
    expect(cli('index').status).toBe(0);
    const where = (name: string, variant: string) => /(\S+:\d+)\n/.exec(cli('lookup', name, '--variant', variant).stdout)?.[1];
    expect(where('compiler_armclang', 'Blinky')).toBe('Core/Src/main.c:6');
    expect(where('compiler_armcc', 'Blinky')).toBeUndefined();
    expect(where('compiler_armcc', 'Blinky-AC5')).toBe('Core/Src/main.c:4');
    expect(where('compiler_gcc', 'Blinky-AC5')).toBeUndefined();
    expect(where('hard_float_scale', 'Blinky')).toBe('Core/Src/main.c:12');
    expect(where('hard_float_scale', 'Blinky-AC5')).toBeUndefined();
    expect(where('small_library_stubs', 'Blinky')).toBe('Core/Src/main.c:16');
    expect(where('uart_init', 'Blinky')).toBe('Drivers/Src/uart.c:4');
    expect(where('uart_init_slow', 'Blinky-AC5')).toBe('Drivers/Src/uart.c:6');
    expect(where('modern_loop', 'Blinky')).toBe('App/app.cpp:5');
    expect(where('classic_loop', 'Blinky-AC5')).toBe('App/app.cpp:7');
    expect(where('legacy_init', 'Blinky')).toBeUndefined();
    expect(where('SystemInit', 'Blinky-AC5')).toBe('MDK-ARM/RTE/Device/STM32F407VGTx/system_stm32f4xx.c:2');
    // The startup file's vector table (armasm: labels without a colon, `DCD` words in the RESET area), from its first word.
    const slots = (JSON.parse(cli('vectors', '--variant', 'Blinky', '--json').stdout) as { slot: number; handler: string | null; status: string }[]).slice(1);
    expect(slots.slice(0, 3).map((v) => `${v.slot} ${v.handler} ${v.status}`)).toEqual(['0 __initial_sp stack_pointer', '1 Reset_Handler handled', '2 NMI_Handler unhandled']);
    expect(slots.find((v) => v.handler === 'TIM2_IRQHandler')).toMatchObject({ slot: 44, status: 'handled' });
    // The AC5 target's scatter file (preprocessed, as its #! line asks) gives its memory.
    const memory = JSON.parse(cli('memory', '--variant', 'Blinky-AC5', '--json').stdout) as { memory: { name: string; origin_value: number | null; length_value: number | null }[] };
    expect(memory.memory.map((m) => [m.name, m.origin_value, m.length_value])).toEqual([['ER_IROM1', 0x08004000, 0xfc000], ['RW_IRAM1', 0x20000000, 0x20000], ['RW_IRAM2', 0x10000000, 0x10000], ['ARM_LIB_STACK', null, null]]);
  });

  it("reads armcc's declaration keywords as armcc does: each declaration of its kind, the keyword blanked", () => {
    const symbols = runCli(root, ['symbols', '--variant', 'Blinky-AC5', '--file', 'Core/Src/main.c']).stdout.split('\n').map((l) => l.split('\t').slice(0, 4).join(' '));
    expect(symbols).toEqual(expect.arrayContaining([
      'Core/Src/main.c:25 function board_hook void board_hook(void)',
      'Core/Src/main.c:26 struct frame_header struct frame_header',
      'Core/Src/main.c:27 varglobal dma_buffer static unsigned char dma_buffer[64]',
      'Core/Src/main.c:28 function TIM2_IRQHandler void TIM2_IRQHandler(void)',
      'Core/Src/main.c:30 function enter_sleep void enter_sleep(void)',
      'Core/Src/main.c:38 function swap_halves unsigned int swap_halves(unsigned int value)',
      'Core/Src/main.c:43 function after_assembler int after_assembler(void)',
    ]));
    // The armasm of the bodies is no code: nothing is declared in them, and the function after them is at file scope.
    expect(symbols.filter((l) => /:(3[0-9]|4[0-2]) /.test(l)).map((l) => l.split(' ')[2])).toEqual(['enter_sleep', 'swap_halves']);
  });

  it("states the Target dialog's memory areas for a target that takes its layout from it; none for one with its own scatter file", () => {
    // ROM1 has a size but is neither a default area nor the startup one: µVision's scatter file leaves it out.
    expect(build('Blinky').statedMemory).toEqual({
      file: at('MDK-ARM', 'Blinky.uvprojx'),
      source: expect.stringContaining("µVision's Target dialog in Blinky.uvprojx"),
      regions: [
        { name: 'ER_IROM1', origin: '0x8000000', length: '0x100000', attributes: '', line: 63 },
        { name: 'RW_IRAM1', origin: '0x20000000', length: '0x20000', attributes: '', line: 88 },
        { name: 'RW_IRAM2', origin: '0x10000000', length: '0x10000', attributes: 'UNINIT', line: 93 },
      ],
    });
    expect(build('Blinky-AC5').statedMemory).toBeUndefined();
  });

  it('gives the Target dialog\'s regions until µVision links, then the scatter file it writes from them', () => {
    const cli = (...args: string[]) => runCli(root, args);
    const answer = () => JSON.parse(cli('memory', '--variant', 'Blinky', '--json').stdout) as { memory: { name: string; origin_value: number; length_value: number; file_path: string; line: number }[]; note: string };
    const regions = () => answer().memory.map((m) => m.name);
    expect(cli('index').status).toBe(0);
    const dialog = answer();
    expect(dialog.memory.map((m) => [m.name, m.origin_value, m.length_value, m.file_path, m.line])).toEqual([
      ['ER_IROM1', 0x08000000, 0x100000, 'MDK-ARM/Blinky.uvprojx', 63],
      ['RW_IRAM1', 0x20000000, 0x20000, 'MDK-ARM/Blinky.uvprojx', 88],
      ['RW_IRAM2', 0x10000000, 0x10000, 'MDK-ARM/Blinky.uvprojx', 93],
    ]);
    expect(dialog.note).toContain("µVision's Target dialog");
    // The dialog edited: the project file is an input of the build's memory record.
    const project = at('MDK-ARM', 'Blinky.uvprojx');
    fs.writeFileSync(project, fs.readFileSync(project, 'utf8').replace('<Size>0x20000</Size>', '<Size>0x30000</Size>'));
    expect(cli('index').status).toBe(0);
    expect(answer().memory[1]).toMatchObject({ name: 'RW_IRAM1', length_value: 0x30000 });
    fs.mkdirSync(at('MDK-ARM', 'Blinky'), { recursive: true });
    fs.writeFileSync(at('MDK-ARM', 'Blinky', 'Blinky.sct'), 'LR_IROM1 0x08000000 0x00100000 {\n  ER_IROM1 0x08000000 0x00100000 { .ANY (+RO) }\n  RW_IRAM1 0x20000000 0x00020000 { .ANY (+RW +ZI) }\n}\n');
    expect(cli('index').status).toBe(0);
    expect(regions()).toEqual(['ER_IROM1', 'RW_IRAM1']);
  });
});

describe('µVision project files', () => {
  it('reads defines split by commas or spaces, and CPU names as armclang takes them', () => {
    expect(splitDefines('USE_HAL_DRIVER,STM32F103xB, HSE_VALUE=8000000  DEBUG')).toEqual(['USE_HAL_DRIVER', 'STM32F103xB', 'HSE_VALUE=8000000', 'DEBUG']);
    expect(keilCore('IRAM(0x20000000,0x2000) CPUTYPE("Cortex-M0+") CLOCK(12000000)')).toBe('cortex-m0plus');
    expect(keilCore('CPUTYPE("SC300")')).toBe('cortex-m3');
    expect(keilCore('IRAM(0x20000000,0x2000)')).toBeUndefined();
  });

  it('compiles a TrustZone core\'s Secure target with -mcmse', () => {
    const xml = (secure: number) => `<Project><Targets><Target><TargetName>S</TargetName><ToolsetName>ARM-ADS</ToolsetName><uAC6>1</uAC6><TargetOption>
      <TargetCommonOption><Cpu>CPUTYPE("Cortex-M33") FPU3(SFPU) DSP TZ</Cpu></TargetCommonOption>
      <TargetArmAds><ArmAdsMisc><RvdsVP>2</RvdsVP><nSecure>${secure}</nSecure></ArmAdsMisc><Cads><VariousControls/></Cads></TargetArmAds></TargetOption></Target></Targets></Project>`;
    const place = { projectDir: '/p', outputDir: '/p/o', resolve: () => undefined, uvisionVersion: '541', rteIncludes: [], deviceDefines: [] };
    const args = (secure: number) => { const t = readUvprojx(xml(secure)).targets[0]; return keilUnit(t, place, '/p/a.c', settingsOf(t), false).arguments; };
    expect(args(1).slice(0, 6)).toEqual(['armclang', '--target=arm-arm-none-eabi', '-mcpu=cortex-m33', '-mfpu=fpv5-sp-d16', '-mfloat-abi=hard', '-mcmse']);
    expect(args(0)).not.toContain('-mcmse');
  });

  it('an MDK 4 .uvproj kept beside its converted .uvprojx is one project: the targets keep their plain names', () => {
    const root = copyFixture('keil-project');
    try {
      fs.copyFileSync(path.join(root, 'MDK-ARM', 'Blinky.uvprojx'), path.join(root, 'MDK-ARM', 'Blinky.uvproj'));
      expect(keilAdapter.detect(root, {}).builds.map((b) => b.variant)).toEqual(['Blinky', 'Blinky-AC5']);
    } finally {
      removeFixture(root);
    }
  });

  it('a file that is not a project says why; other toolsets are noted, not read', () => {
    expect(readUvprojx('<Project').error).toMatch(/not readable XML|no <Project>/);
    expect(readUvprojx('<Project><Targets></Targets></Project>').error).toBe('it names no target');
    const c51 = readUvprojx('<Project><Targets><Target><TargetName>T</TargetName><ToolsetName>MCS-51</ToolsetName></Target></Targets></Project>');
    expect(c51.targets.map((t) => [t.name, t.toolset])).toEqual([['T', 'MCS-51']]);
  });
});

describe('Arm compiler tables', () => {
  const macros = (argv: string[], lang: 'c' | 'cpp' = 'c') => {
    const p = parseCompileArgs(argv, '/p');
    const text = tableFor(p.compiler, p.targetFlags, lang).text;
    return new Map(text.split('\n').map((l) => /^#define (\S+) ?(.*)$/.exec(l)).filter((m): m is RegExpExecArray => !!m).map((m) => [m[1], m[2]]));
  };

  it('armclang: Clang and Arm Compiler 6 by name, the target macros of its -mcpu, -mfpu and -mfloat-abi', () => {
    const m = macros(['armclang', '--target=arm-arm-none-eabi', '-mcpu=cortex-m4', '-mfpu=fpv4-sp-d16', '-mfloat-abi=hard', '-std=gnu11', '-c', 'x.c']);
    expect([m.get('__ARMCC_VERSION'), m.get('__clang__'), m.get('__GNUC__'), m.get('__ARM_FP'), m.get('__ARM_ARCH_7EM__'), m.get('__STDC_VERSION__')]).toEqual(['6220000', '1', '4', '0x6', '1', '201112L']);
    expect(m.has('__CC_ARM')).toBe(false);
    expect(macros(['armclang', '-mcpu=cortex-m0plus', '-mfloat-abi=soft', 'x.c']).has('__ARM_FP')).toBe(false);
  });

  it("armclang: Clang's families of names, not GCC's own (fixed-point, _FloatN, __INT8_C), int-sized enums unless -fshort-enums", () => {
    const m = macros(['armclang', '--target=arm-arm-none-eabi', '-mcpu=cortex-m4', '-mfpu=fpv4-sp-d16', '-mfloat-abi=hard', 'x.c']);
    const gccOnly = [...m.keys()].filter((n) => /ACCUM|FRACT|^__FLT(32|64|32X)_|^__DEC_EVAL|^__GCC_IEC_559|^__U?INT(8|64|MAX)_C\(|^__HAVE_SPECULATION/.test(n));
    expect(gccOnly).toEqual([]);
    expect(['__llvm__', '__ARM_FP16_FORMAT_IEEE', '__ARM_FP16_ARGS', '__ARM_VFPV4__', '__ARM_PCS', '__ARM_PCS_VFP', '__ILP32__', '__LITTLE_ENDIAN__', '__arm'].map((n) => m.get(n))).toEqual(['1', '1', '1', '1', '1', '1', '1', '1', '1']);
    expect([m.get('__INT64_C_SUFFIX__'), m.get('__UINT32_C_SUFFIX__'), m.get('__CLANG_ATOMIC_INT_LOCK_FREE'), m.get('__INT8_FMTd__'), m.get('__UINT64_FMTx__'), m.get('__FLT16_MANT_DIG__')]).toEqual(['LL', 'UL', '2', '"hhd"', '"llx"', '11']);
    expect(m.get('__ARM_SIZEOF_MINIMAL_ENUM')).toBe('4');
    expect(macros(['armclang', '-mcpu=cortex-m4', '-fshort-enums', 'x.c']).get('__ARM_SIZEOF_MINIMAL_ENUM')).toBe('1');
    const m0 = macros(['armclang', '-mcpu=cortex-m0plus', '-mfloat-abi=soft', 'x.c']);
    expect([m0.has('__ARM_VFPV2__'), m0.get('__ARM_32BIT_STATE'), m0.get('__ARM_FP16_FORMAT_IEEE')]).toEqual([false, '1', '1']);
    // GCC itself keeps its own families.
    const gcc = macros(['arm-none-eabi-gcc', '-mcpu=cortex-m4', 'x.c']);
    expect([gcc.has('__ACCUM_FBIT__'), gcc.has('__INT8_C(c)'), gcc.has('__llvm__'), gcc.get('__ARM_SIZEOF_MINIMAL_ENUM')]).toEqual([true, true, false, '1']);
  });

  it('armcc: __CC_ARM and its own target macros from --cpu; C90 unless --c99, C++03 for C++', () => {
    const m4 = macros(['armcc', '--cpu=Cortex-M4.fp', '--c99', '-c', 'x.c']);
    expect([m4.get('__CC_ARM'), m4.get('__TARGET_ARCH_7E_M'), m4.get('__TARGET_CPU_CORTEX_M4_FP'), m4.get('__TARGET_FPU_VFP'), m4.get('__TARGET_FEATURE_DSPMUL'), m4.get('__STDC_VERSION__')]).toEqual(['1', '1', '1', '1', '1', '199901L']);
    expect(m4.has('__GNUC__') || m4.has('__ARM_FP') || m4.has('__SOFTFP__')).toBe(false);
    const m3 = macros(['armcc', '--cpu', 'Cortex-M3', '-c', 'x.c']);
    expect([m3.get('__TARGET_ARCH_7_M'), m3.get('__TARGET_FPU_SOFTVFP'), m3.get('__STDC_VERSION__')]).toEqual(['1', '1', undefined]);
    const cxx = macros(['armcc', '--cpu=Cortex-M0', '--cpp', '--gnu', 'x.cpp'], 'cpp');
    expect([cxx.get('__cplusplus'), cxx.get('__TARGET_ARCH_6_M'), cxx.get('__GNUC__')]).toEqual(['199711L', '1', '4']);
  });
});

describe('µVision project with installed CMSIS packs', () => {
  const root = copyFixture('keil-project');
  const packs = fs.mkdtempSync(path.join(os.tmpdir(), 'fwc-packs-'));
  const saved = process.env.CMSIS_PACK_ROOT;
  afterAll(() => {
    removeFixture(root);
    fs.rmSync(packs, { recursive: true, force: true });
    if (saved === undefined) delete process.env.CMSIS_PACK_ROOT;
    else process.env.CMSIS_PACK_ROOT = saved;
  });
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(packs, rel)), { recursive: true });
    fs.writeFileSync(path.join(packs, rel), text);
  };

  it('adds the components\' include folders and the device\'s header folder and define, from the version installed', () => {
    write('ARM/CMSIS/5.9.0/ARM.CMSIS.pdsc', `<package><components>
      <component Cclass="CMSIS" Cgroup="CORE" Cversion="5.6.0"><files><file category="include" name="CMSIS/Core/Include/"/><file category="doc" name="x.html"/></files></component>
      <component Cclass="CMSIS" Cgroup="DSP"><files><file category="include" name="CMSIS/DSP/Include/"/></files></component>
    </components></package>`);
    write('ARM/CMSIS/5.9.0/CMSIS/Core/Include/core_cm4.h', '#define CORE_CM4\n');
    write('ARM/CMSIS/5.9.0/CMSIS/DSP/Include/arm_math.h', '');
    // The project names 2.17.1; 2.16.0 and 2.17.2 are installed: the newest is taken.
    for (const v of ['2.16.0', '2.17.2']) {
      write(`Keil/STM32F4xx_DFP/${v}/Keil.STM32F4xx_DFP.pdsc`, `<package><devices><family Dfamily="STM32F4 Series"><compile header="Drivers/CMSIS/Device/ST/STM32F4xx/Include/stm32f4xx.h"/>
        <subFamily DsubFamily="STM32F407"><device Dname="STM32F407VGTx"><compile define="STM32F407xx"/></device></subFamily></family></devices></package>`);
      write(`Keil/STM32F4xx_DFP/${v}/Drivers/CMSIS/Device/ST/STM32F4xx/Include/stm32f4xx.h`, '');
    }
    process.env.CMSIS_PACK_ROOT = packs;
    const detected = keilAdapter.detect(root, {});
    const args = detected.builds[0].units.find((u) => u.file.endsWith('.c'))!.arguments;
    const dfp = path.join(packs, 'Keil', 'STM32F4xx_DFP', '2.17.2');
    expect(args).toEqual(expect.arrayContaining(['-I', path.join(packs, 'ARM', 'CMSIS', '5.9.0', 'CMSIS', 'Core', 'Include'), '-I', path.join(dfp, 'Drivers', 'CMSIS', 'Device', 'ST', 'STM32F4xx', 'Include')]));
    expect(args).not.toContain(path.join(packs, 'ARM', 'CMSIS', '5.9.0', 'CMSIS', 'DSP', 'Include'));
    expect(args.slice(args.indexOf('-D_RTE_'), args.indexOf('-D_RTE_') + 2)).toEqual(['-D_RTE_', '-DSTM32F407xx']);
    expect(detected.diagnostics.some((d) => /pack/.test(d.message))).toBe(false);
  });

  it('reads each pack description once for all the targets of a detection', () => {
    write('ARM/CMSIS/5.9.0/ARM.CMSIS.pdsc', `<package><components><component Cclass="CMSIS" Cgroup="CORE"><files><file category="include" name="CMSIS/Core/Include/"/></files></component></components></package>`);
    write('ARM/CMSIS/5.9.0/CMSIS/Core/Include/core_cm4.h', '');
    process.env.CMSIS_PACK_ROOT = packs;
    const read = vi.spyOn(fs, 'readFileSync');
    try {
      const detected = keilAdapter.detect(root, {});
      const pdscReads = read.mock.calls.filter(([p]) => String(p).endsWith('.pdsc'));
      // Both targets (Blinky, Blinky-AC5) use CMSIS-Core; Blinky's device pack is read too.
      expect(detected.builds.filter((b) => b.units.find((u) => u.file.endsWith('.c'))!.arguments.includes(path.join(packs, 'ARM', 'CMSIS', '5.9.0', 'CMSIS', 'Core', 'Include'))).length).toBeGreaterThan(1);
      expect(new Set(pdscReads.map(([p]) => String(p))).size).toBe(pdscReads.length);
    } finally {
      read.mockRestore();
    }
  });

  it("compiles a component's sources from its pack with the target's settings: those whose condition holds, no template or configuration file", () => {
    write('ARM/CMSIS/5.9.0/ARM.CMSIS.pdsc', `<package>
      <conditions><condition id="GCC"><require Tcompiler="GCC"/></condition><condition id="ARMCC"><require Tcompiler="ARMCC"/></condition></conditions>
      <components><component Cclass="CMSIS" Cgroup="CORE"><files>
        <file category="include" name="CMSIS/Core/Include/"/>
        <file category="sourceC" name="CMSIS/Core/Source/core_util.c"/>
        <file category="source" name="CMSIS/Core/Source/port_armcc.c" condition="ARMCC"/>
        <file category="source" name="CMSIS/Core/Source/port_gcc.c" condition="GCC"/>
        <file category="sourceC" attr="template" name="CMSIS/Core/Template/user_hooks.c"/>
        <file category="sourceC" attr="config" name="CMSIS/Core/Config/core_config.c"/>
        <file category="sourceAsm" name="CMSIS/Core/Source/vectors.s"/>
      </files></component></components></package>`);
    for (const f of ['Source/core_util.c', 'Source/port_armcc.c', 'Source/port_gcc.c', 'Template/user_hooks.c', 'Config/core_config.c', 'Source/vectors.s']) write(`ARM/CMSIS/5.9.0/CMSIS/Core/${f}`, 'void f(void) {}\n');
    process.env.CMSIS_PACK_ROOT = packs;
    const blinky = keilAdapter.detect(root, {}).builds.find((b) => b.variant === 'Blinky')!;
    const inPacks = blinky.units.filter((u) => u.file.startsWith(packs));
    expect(inPacks.map((u) => path.relative(packs, u.file))).toEqual([path.join('ARM', 'CMSIS', '5.9.0', 'CMSIS', 'Core', 'Source', 'core_util.c'), path.join('ARM', 'CMSIS', '5.9.0', 'CMSIS', 'Core', 'Source', 'port_armcc.c')]);
    // Compiled as the project's own files: the target's compiler, CPU and defines.
    expect(inPacks[0].arguments.slice(0, 3)).toEqual(['armclang', '--target=arm-arm-none-eabi', '-mcpu=cortex-m4']);
    expect(inPacks[0].arguments).toEqual(expect.arrayContaining(['-D_RTE_', '-DBOARD_DISCOVERY']));
  });

  it('takes a component file\'s folder only where its condition holds for the compiler and core', () => {
    write('ARM/CMSIS-FreeRTOS/10.2.0/ARM.CMSIS-FreeRTOS.pdsc', `<package>
      <conditions>
        <condition id="ARMCC"><require Tcompiler="ARMCC"/></condition>
        <condition id="CM3_ARMCC"><require condition="ARMCC"/><require Dcore="Cortex-M3"/></condition>
        <condition id="CM4F_ARMCC"><require condition="ARMCC"/><accept Dcore="Cortex-M4"/><accept Dcore="Cortex-M7"/><require Dfpu="SP_FPU"/></condition>
        <condition id="CM33_NS_GCC"><require Tcompiler="GCC"/><require Dcore="Cortex-M33"/><deny Dsecure="Secure"/></condition>
        <condition id="AC6_ONLY"><require Tcompiler="ARMCC" Toptions="AC6"/></condition>
      </conditions>
      <components><component Cclass="RTOS" Cgroup="Core" Cvariant="FreeRTOS"><files>
        <file category="include" name="Source/include/"/>
        <file category="include" name="Source/portable/RVDS/ARM_CM3/" condition="CM3_ARMCC"/>
        <file category="include" name="Source/portable/RVDS/ARM_CM4F/" condition="CM4F_ARMCC"/>
        <file category="include" name="Source/portable/GCC/ARM_CM33/" condition="CM33_NS_GCC"/>
        <file category="header" name="Source/portable/AC6/x.h" condition="AC6_ONLY"/>
      </files></component></components></package>`);
    for (const d of ['include', 'portable/RVDS/ARM_CM3', 'portable/RVDS/ARM_CM4F', 'portable/GCC/ARM_CM33', 'portable/AC6']) write(`ARM/CMSIS-FreeRTOS/10.2.0/Source/${d}/x.h`, '');
    const pack = installedPack(packs, { vendor: 'ARM', name: 'CMSIS-FreeRTOS' })!;
    const component = { Cclass: 'RTOS', Cgroup: 'Core', Cvariant: 'FreeRTOS', pack: { vendor: 'ARM', name: 'CMSIS-FreeRTOS' } };
    const folders = (target: PackTarget) => componentIncludes(pack, component, target).map((d) => path.relative(pack.dir, d));
    expect(folders({ options: 'AC5', core: 'Cortex-M3', fpu: 'NO_FPU', secure: false })).toEqual(['Source/include', 'Source/portable/RVDS/ARM_CM3']);
    expect(folders({ options: 'AC6', core: 'Cortex-M4', fpu: 'SP_FPU', secure: false })).toEqual(['Source/include', 'Source/portable/RVDS/ARM_CM4F', 'Source/portable/AC6']);
    expect(folders({ options: 'AC6', core: 'Cortex-M33', fpu: 'SP_FPU', secure: true })).toEqual(['Source/include', 'Source/portable/AC6']);
  });

  it("takes the variant a project names; of several when it names none, the default one whose condition holds", () => {
    write('ARM/RTOS/1.0.0/ARM.RTOS.pdsc', `<package>
      <conditions><condition id="CM"><accept Dcore="Cortex-M3"/><accept Dcore="Cortex-M4"/></condition><condition id="CA"><require Dcore="Cortex-A9"/></condition></conditions>
      <components><bundle Cbundle="RTOS" Cclass="RTOS">
        <component Cgroup="Core" Cvariant="Cortex-M MPU" condition="CM"><files><file category="source" name="mpu/tasks.c"/></files></component>
        <component Cgroup="Core" Cvariant="Cortex-M" isDefaultVariant="true" condition="CM"><files><file category="source" name="cm/tasks.c"/></files></component>
        <component Cgroup="Core" Cvariant="Cortex-A" isDefaultVariant="true" condition="CA"><files><file category="source" name="ca/tasks.c"/></files></component>
      </bundle></components></package>`);
    for (const d of ['mpu', 'cm', 'ca']) write(`ARM/RTOS/1.0.0/${d}/tasks.c`, '');
    const pack = installedPack(packs, { vendor: 'ARM', name: 'RTOS' })!;
    const sources = (Cvariant: string | undefined, core: string) => componentPlaces(pack, { Cclass: 'RTOS', Cgroup: 'Core', ...(Cvariant ? { Cvariant } : {}), pack: { vendor: 'ARM', name: 'RTOS' } }, { options: 'AC5', core, fpu: 'NO_FPU', secure: false }).sources.map((f) => path.relative(pack.dir, f));
    expect(sources(undefined, 'Cortex-M3')).toEqual([path.join('cm', 'tasks.c')]);
    expect(sources(undefined, 'Cortex-A9')).toEqual([path.join('ca', 'tasks.c')]);
    expect(sources('Cortex-M MPU', 'Cortex-M4')).toEqual([path.join('mpu', 'tasks.c')]);
    expect(sources('Cortex-M MPU', 'Cortex-A9')).toEqual([]);
  });

  it('names the packs that are not installed', () => {
    process.env.CMSIS_PACK_ROOT = path.join(packs, 'none');
    const messages = keilAdapter.detect(root, {}).diagnostics.map((d) => d.message);
    expect(messages).toContain('target Blinky takes headers from CMSIS packs (ARM.CMSIS.5.9.0, Keil.STM32F4xx_DFP.2.17.1), and no pack folder is here: their headers are not indexed');
  });
});
