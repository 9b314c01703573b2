// SEGGER Embedded Studio projects (an nRF5 SDK-style example): a build per buildable configuration of the solution,
// each file compiled as the IDE would (GNU Arm flags from the Code Generation properties, Embedded Studio's own
// defines, the definitions and include folders every level gives, `$(SDK)` from the project's macros); files a
// configuration excludes, a dynamic folder's excluded pattern, hidden configurations and the IDE's own files left
// out; memory from the project's memory segments.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sesAdapter } from '../../adapters/ses/detect-ses.js';
import { readEmProject } from '../../adapters/ses/read-emproject.js';
import { configChain, SesScope } from '../../adapters/ses/ses-properties.js';
import { runCli } from '../helpers/fixture-project.js';
import { copyFixture, removeFixture } from './fixture-helper.js';

describe('SEGGER Embedded Studio project', () => {
  const root = copyFixture('ses-project');
  afterAll(() => removeFixture(root));
  const at = (...p: string[]) => path.join(root, ...p);
  const projectFile = at('examples', 'blinky', 'pca10040', 'ses', 'blinky_pca10040.emProject');
  const detected = sesAdapter.detect(root, {});
  const build = (variant: string) => detected.builds.find((b) => b.variant === variant)!;
  const unit = (variant: string, file: string) => build(variant).units.find((u) => u.file === file)!.arguments;

  it('derives a build per buildable configuration: the files not excluded from it, a dynamic folder listed', () => {
    expect(detected.builds.map((b) => [b.variant, b.image, b.buildSystem, b.provenance, b.board, b.buildDir])).toEqual([
      ['Release', 'app', 'ses', 'derived', 'nRF52832_xxAA', at('examples', 'blinky', 'pca10040', 'ses', 'Output', 'Release')],
      ['Debug', 'app', 'ses', 'derived', 'nRF52832_xxAA', at('examples', 'blinky', 'pca10040', 'ses', 'Output', 'Debug')],
    ]);
    const rel = (variant: string) => build(variant).units.map((u) => path.relative(root, u.file));
    expect(rel('Debug')).toEqual(['components/boards/boards.c', 'examples/blinky/main.c', 'examples/blinky/trace.c', 'drivers/gpio/nrf_gpio.c', 'modules/nrfx/mdk/ses_startup_nrf52.s', 'modules/nrfx/mdk/system_nrf52.c']);
    expect(rel('Release')).toEqual(['components/boards/boards.c', 'examples/blinky/main.c', 'drivers/gpio/nrf_gpio.c', 'modules/nrfx/mdk/ses_startup_nrf52.s', 'modules/nrfx/mdk/system_nrf52.c']);
    expect(build('Debug').elfFile).toBe(at('examples', 'blinky', 'pca10040', 'ses', 'Output', 'Debug', 'Exe', 'blinky_pca10040.elf'));
    expect(detected.diagnostics.filter((d) => d.message.startsWith('configuration Debug')).map((d) => d.message)).toEqual([
      'configuration Debug: 1 path(s) name a global macro not in the project, another drive or a folder above the root ($(NRF_TOOLS)/include); they are left out',
      'configuration Debug: the headers of the Embedded Studio install ($(StudioDir)/include, packages) are not here: they are not indexed',
    ]);
  });

  it("compiles each file with the target's GNU Arm flags, Embedded Studio's defines and every level's definitions", () => {
    const main = unit('Debug', at('examples', 'blinky', 'main.c'));
    expect(main.slice(0, 6)).toEqual(['arm-none-eabi-gcc', '-mcpu=cortex-m4', '-mlittle-endian', '-mfloat-abi=hard', '-mfpu=fpv4-sp-d16', '-mthumb']);
    expect(main).toEqual(expect.arrayContaining(['-D__SES_ARM', '-D__ARM_ARCH_7EM__', '-D__ARM_ARCH_FPV4_SP_D16__', '-D__HEAP_SIZE__=8192', '-D__GNU_LINKER', '-std=gnu99']));
    // The solution's Debug definitions, then the project's Common ones; the include folders through $(SDK).
    const defines = main.filter((a) => a.startsWith('-D') && !a.startsWith('-D__'));
    expect(defines).toEqual(['-DDEBUG', '-DDEBUG_NRF', '-DBOARD_PCA10040', '-DCONFIG_GPIO_AS_PINRESET', '-DFLOAT_ABI_HARD', '-DNRF52', '-DNRF52832_XXAA']);
    expect(main).toEqual(expect.arrayContaining(['-I', at('components', 'boards'), '-I', at('examples', 'blinky', 'pca10040', 'config')]));
    expect(main).not.toContain('-DINTERNAL_ONLY');
    // The dynamic folder's own definition reaches its files only.
    expect(unit('Release', at('drivers', 'gpio', 'nrf_gpio.c'))).toContain('-DGPIO_DRIVER');
    expect(unit('Release', at('examples', 'blinky', 'main.c'))).not.toContain('-DGPIO_DRIVER');
    expect(unit('Release', at('examples', 'blinky', 'main.c'))).toContain('-DNDEBUG');
  });

  it('assembles the startup file through the C preprocessor with the definitions and folders, without a C standard', () => {
    const startup = unit('Debug', at('modules', 'nrfx', 'mdk', 'ses_startup_nrf52.s'));
    expect(startup.slice(0, 9)).toEqual(['arm-none-eabi-gcc', '-mcpu=cortex-m4', '-mlittle-endian', '-mfloat-abi=hard', '-mfpu=fpv4-sp-d16', '-mthumb', '-D__SIZEOF_WCHAR_T=4', '-D__ARM_ARCH_7EM__', '-D__SES_ARM']);
    expect(startup).toEqual(expect.arrayContaining(['-x', 'assembler-with-cpp', '-DDEBUG_NRF', '-DNRF52832_XXAA', '-I', at('components', 'boards')]));
    expect(startup.some((a) => a.startsWith('-std='))).toBe(false);
  });

  it('gives the memory segments as the regions, at their line of the project file', () => {
    const lines = fs.readFileSync(projectFile, 'utf8').split('\n');
    const line = lines.findIndex((l) => l.includes('linker_section_placements_segments')) + 1;
    expect(build('Debug').statedMemory).toEqual({
      file: projectFile,
      source: expect.stringContaining('memory segments of blinky_pca10040.emProject'),
      regions: [
        { name: 'FLASH', attributes: 'RX', origin: '0x0', length: '0x80000', line },
        { name: 'RAM1', attributes: 'RWX', origin: '0x20000000', length: '0x10000', line },
      ],
    });
  });

  it('indexes each configuration with the branches its defines and Embedded Studio take', () => {
    const cli = (...args: string[]) => runCli(root, args);
    expect(cli('index').status).toBe(0);
    const where = (name: string, variant: string) => /(\S+:\d+)\n/.exec(cli('lookup', name, '--variant', variant).stdout)?.[1];
    expect(where('debug_blink', 'Debug')).toBe('examples/blinky/main.c:5');
    expect(where('debug_blink', 'Release')).toBeUndefined();
    expect(where('release_blink', 'Release')).toBe('examples/blinky/main.c:7');
    expect(where('ses_fpu_scale', 'Release')).toBe('examples/blinky/main.c:11');
    expect(where('heap_is_default', 'Debug')).toBe('examples/blinky/main.c:15');
    expect(where('trace_init', 'Debug')).toBe('examples/blinky/trace.c:1');
    expect(where('trace_init', 'Release')).toBeUndefined();
    expect(where('nrf_gpio_cfg_output', 'Release')).toBe('drivers/gpio/nrf_gpio.c:2');
    expect(where('nrf_gpio_selftest', 'Debug')).toBeUndefined();
    expect(cli('memory', '--variant', 'Release').stdout).toMatch(/RAM1 +\(RWX\) +0x20000000 +0x20010000 +64 KiB/);
    expect(cli('memory', '--variant', 'Release').stdout).toContain('entry point: (none: no linker script yet)');
    // The startup file's vector table, with the slot its #ifdef gives in each configuration.
    const slots = (variant: string) => (JSON.parse(cli('vectors', '--variant', variant, '--json').stdout) as { slot: number; handler: string | null }[]).slice(1).map((v) => `${v.slot} ${v.handler}`);
    expect(slots('Debug')).toEqual(['0 __stack_end__', '1 Reset_Handler', '2 NMI_Handler', '3 HardFault_Handler', '4 MemoryManagement_Handler', '5 BusFault_Handler']);
    expect(slots('Release')).toEqual(['0 __stack_end__', '1 Reset_Handler', '2 NMI_Handler', '3 HardFault_Handler', '4 MemoryManagement_Handler', '5 null']);
    // A segment edited in the IDE: check names the project file for what it is to the build.
    fs.writeFileSync(projectFile, fs.readFileSync(projectFile, 'utf8').replace('RAM1 RWX 0x20000000 0x10000', 'RAM1 RWX 0x20000000 0x8000'));
    const checked = cli('check');
    expect(checked.status).toBe(1);
    expect(checked.stdout).toContain("Debug/app: examples/blinky/pca10040/ses/blinky_pca10040.emProject: changed since indexing (the project file stating the build's memory regions");
    expect(cli('index').status).toBe(0);
    expect(cli('memory', '--variant', 'Release').stdout).toMatch(/RAM1 +\(RWX\) +0x20000000 +0x20008000 +32 KiB/);
  });

  it('reports a project file cut short with its line, and reads no build from it', () => {
    const copy = copyFixture('ses-project');
    try {
      const file = path.join(copy, path.relative(root, projectFile));
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').split('\n').slice(0, 30).join('\n'));
      const r = sesAdapter.detect(copy, {});
      expect(r.builds).toEqual([]);
      expect(r.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', file, line: expect.any(Number), message: expect.stringMatching(/^no build read from this Embedded Studio project: not readable XML/) })]);
    } finally {
      removeFixture(copy);
    }
  });
});

describe('Embedded Studio solution of several projects', () => {
  const root = copyFixture('ses-solution');
  afterAll(() => removeFixture(root));
  const at = (...p: string[]) => path.join(root, ...p);
  const detected = sesAdapter.detect(root, {});
  const build = (variant: string, image: string) => detected.builds.find((b) => b.variant === variant && b.image === image)!;
  const unit = (variant: string, image: string, file: string) => build(variant, image).units.find((u) => u.file === file)!;

  it("gives an image per executable with the library projects it depends on, theirs first, each once", () => {
    expect(detected.builds.map((b) => `${b.variant}/${b.image}`)).toEqual(['Debug/app', 'Debug/boot', 'Release/app', 'Release/boot']);
    const rel = (variant: string, image: string) => build(variant, image).units.map((u) => path.relative(root, u.file));
    expect(rel('Debug', 'app')).toEqual(['lib/hal/hal.c', 'lib/crypto/sha.c', 'app/main.c']);
    expect(rel('Release', 'boot')).toEqual(['lib/hal/hal.c', 'lib/crypto/sha.c', 'boot/boot.c']);
    expect(build('Debug', 'app').description).toContain('configuration Debug, with libraries hal, crypto (3 units');
    expect(build('Debug', 'boot').elfFile).toBe(at('boot', 'Output', 'Debug', 'Exe', 'boot.elf'));
    expect(detected.diagnostics.filter((d) => d.message.includes('depends on')).map((d) => d.message)).toEqual([
      'configuration Debug: project app depends on missing_lib, which the solution does not hold; left out of its image',
      'configuration Release: project app depends on missing_lib, which the solution does not hold; left out of its image',
    ]);
  });

  it("compiles a library's files with its own project's properties, into its own output folder", () => {
    const sha = unit('Debug', 'app', at('lib', 'crypto', 'sha.c'));
    expect(sha.arguments).toEqual(expect.arrayContaining(['-mcpu=cortex-m33', '-DDEBUG', '-DCRYPTO_SHA256', '-I', at('lib', 'crypto', 'inc'), '-I', at('lib', 'hal')]));
    expect(sha.arguments).not.toContain('-DAPP_IMAGE');
    expect(sha.directory).toBe(at('lib', 'crypto'));
    expect(sha.output).toBe(at('lib', 'crypto', 'Output', 'Debug', 'Obj', 'crypto', 'sha.o'));
    const main = unit('Debug', 'app', at('app', 'main.c'));
    expect(main.arguments).toContain('-DAPP_IMAGE');
    expect(main.arguments).not.toContain('-DCRYPTO_SHA256');
  });

  it("answers from each image's libraries as they are compiled", () => {
    const cli = (...args: string[]) => runCli(root, args);
    expect(cli('index').status).toBe(0);
    const where = (name: string, variant: string, image: string) => /(\S+:\d+)\n/.exec(cli('lookup', name, '--variant', variant, '--image', image).stdout)?.[1];
    expect(where('sha256_init', 'Release', 'boot')).toBe('lib/crypto/sha.c:5');
    expect(where('sha256_selftest', 'Debug', 'app')).toBe('lib/crypto/sha.c:9');
    expect(where('sha256_selftest', 'Release', 'app')).toBeUndefined();
    expect(where('hal_init', 'Debug', 'boot')).toBe('lib/hal/hal.c:4');
    expect(where('hal_app_only', 'Debug', 'app')).toBeUndefined();
    expect(where('app_sees_crypto_define', 'Debug', 'app')).toBeUndefined();
  });

  it('gives a solution of libraries alone a build per library, with no link', () => {
    const copy = copyFixture('ses-solution');
    try {
      const file = path.join(copy, 'firmware.emProject');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/<project Name="app">[\s\S]*<\/solution>/, '</solution>'));
      const r = sesAdapter.detect(copy, {});
      expect(r.builds.map((b) => [`${b.variant}/${b.image}`, b.units.map((u) => path.relative(copy, u.file)), b.elfFile])).toEqual([
        ['Debug/hal', ['lib/hal/hal.c'], undefined],
        ['Debug/crypto', ['lib/crypto/sha.c'], undefined],
        ['Release/hal', ['lib/hal/hal.c'], undefined],
        ['Release/crypto', ['lib/crypto/sha.c'], undefined],
      ]);
      expect(r.builds[1].description).toContain('a library: no link');
    } finally {
      removeFixture(copy);
    }
  });
});

describe('Embedded Studio project files', () => {
  it('resolve a unique property innermost first and a list property from the solution inwards, Common first', () => {
    const s = readEmProject(`<!DOCTYPE CrossStudio_Project_File>
<solution Name="s" version="2">
  <configuration Name="Common" c_preprocessor_definitions="SOL_COMMON" />
  <configuration Name="Debug" c_preprocessor_definitions="SOL_DEBUG" arm_core_type="Cortex-M0" />
  <configuration Name="Debug Ext" inherited_configurations="Debug;Ext" />
  <configuration Name="Ext" hidden="Yes" c_preprocessor_definitions="EXT" />
  <project Name="p">
    <configuration Name="Common" arm_core_type="Cortex-M4" c_preprocessor_definitions="PROJ" />
    <file file_name="a.c"><configuration Name="Debug" c_preprocessor_definitions="FILE_DEBUG" arm_core_type="Cortex-M33" /></file>
  </project>
</solution>`);
    if ('error' in s) throw new Error(s.error);
    const file = s.projects[0].children[0];
    const scope = (config: string, levels = [s.solution, s.projects[0], file]) => new SesScope(levels, configChain(config, s.configurations));
    expect(scope('Debug').list('c_preprocessor_definitions')).toEqual(['SOL_COMMON', 'SOL_DEBUG', 'PROJ', 'FILE_DEBUG']);
    expect(scope('Debug Ext').list('c_preprocessor_definitions')).toEqual(['SOL_COMMON', 'EXT', 'SOL_DEBUG', 'PROJ', 'FILE_DEBUG']);
    expect(scope('Debug').value('arm_core_type')).toBe('Cortex-M33');
    expect(scope('Debug', [s.solution, s.projects[0]]).value('arm_core_type')).toBe('Cortex-M4');
    expect(scope('Release', [s.solution]).value('arm_core_type')).toBeUndefined();
  });

  it('names what is wrong with a file that is not a solution', () => {
    expect(readEmProject('<solution Name="x">\n  <project Name="p">\n</solution>')).toEqual({ error: expect.stringMatching(/^not readable XML: .*'project'/), line: 3 });
    expect(readEmProject('<project/>')).toEqual({ error: expect.stringMatching(/no <solution> element/) });
    expect(readEmProject('<solution Name="x"></solution>')).toEqual({ error: 'it holds no <project>' });
  });
});
