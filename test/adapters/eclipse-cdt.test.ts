// Eclipse CDT managed-build projects (an STM32CubeIDE project): a build per configuration derived from .cproject and
// .project: sources through source entries, exclusions and linked resources; each file's flags from the most specific
// folder setting; the target's -mcpu/-mfpu/-mfloat-abi; the linker script. Where arm-none-eabi-gcc is installed,
// each unit compiled with the derived command defines exactly the functions the index holds for its file.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cdtAdapter } from '../../adapters/cdt/detect-cdt.js';
import { cdtSources } from '../../adapters/cdt/cdt-sources.js';
import { cdtUnit, settingsFor } from '../../adapters/cdt/cdt-units.js';
import { readCproject } from '../../adapters/cdt/read-cproject.js';
import { readDotProject, resolveLocation } from '../../adapters/cdt/read-dot-project.js';
import type { BuildDescription } from '../../adapters/contract.js';
import { topMakefileDirs } from '../../adapters/make/found-makefiles.js';
import { discoveryFor } from '../../adapters/shared/discover-build-dirs.js';
import { runCli } from '../helpers/fixture-project.js';
import { copyFixture, removeFixture } from './fixture-helper.js';

const hasArmGcc = spawnSync('arm-none-eabi-gcc', ['--version']).status === 0;

describe('STM32CubeIDE project', () => {
  const root = copyFixture('cubeide-project');
  afterAll(() => removeFixture(root));
  const fw = (...p: string[]) => path.join(root, 'Firmware', ...p);
  const detected = cdtAdapter.detect(root, {});
  const build = (variant: string) => detected.builds.find((b) => b.variant === variant)!;
  const unit = (b: BuildDescription, file: string) => b.units.find((u) => u.file === file)!;

  it('derives a build per configuration: its sources through entries, exclusions and links; the linker script', () => {
    expect(detected.diagnostics).toEqual([]);
    expect(detected.builds.map((b) => [b.variant, b.buildSystem, b.provenance, b.board, b.buildDir])).toEqual([
      ['Firmware-Debug', 'eclipse-cdt', 'derived', 'STM32F401RETx', fw('Debug')],
      ['Firmware-Release', 'eclipse-cdt', 'derived', 'STM32F401RETx', fw('Release')],
    ]);
    // Core/Src/legacy.c is excluded; Common/crc.c is a linked file in a virtual folder; the Debug folder's makefile is no source.
    expect(build('Firmware-Debug').units.map((u) => path.relative(root, u.file))).toEqual(['Common/Src/crc.c', 'Firmware/Core/Src/main.c', 'Firmware/Core/Startup/startup_stm32f401retx.s', 'Firmware/Drivers/Src/uart.c']);
    expect(build('Firmware-Debug').linkerScripts).toEqual([fw('STM32F401RETX_FLASH.ld')]);
    expect(build('Firmware-Debug').elfFile).toBe(fw('Debug', 'Firmware.elf'));
  });

  it('compiles each file as the configuration\'s makefile would: target, standard, optimization, defines, include folders', () => {
    const debugMain = unit(build('Firmware-Debug'), fw('Core', 'Src', 'main.c'));
    expect(debugMain.directory).toBe(fw('Debug'));
    expect(debugMain.arguments).toEqual([
      'arm-none-eabi-gcc', '-mcpu=cortex-m4', '-mfpu=fpv4-sp-d16', '-mfloat-abi=hard', '-mthumb', '-std=gnu11', '-O0',
      '-DDEBUG', '-DUSE_HAL_DRIVER', '-DSTM32F401xE', '-I', fw('Core', 'Inc'), '-I', fw('Drivers', 'Inc'),
      '-c', fw('Core', 'Src', 'main.c'), '-o', fw('Debug', 'Core', 'Src', 'main.o'),
    ]);
    const releaseMain = unit(build('Firmware-Release'), fw('Core', 'Src', 'main.c'));
    expect(releaseMain.arguments.slice(5, 10)).toEqual(['-std=gnu17', '-Os', '-DNDEBUG', '-DUSE_HAL_DRIVER', '-DSTM32F401xE']);
    // The Drivers folder's own defines (Debug only) replace the project's for its files.
    expect(unit(build('Firmware-Debug'), fw('Drivers', 'Src', 'uart.c')).arguments).toContain('-DUART_FAST');
    expect(unit(build('Firmware-Release'), fw('Drivers', 'Src', 'uart.c')).arguments).not.toContain('-DUART_FAST');
    const startup = unit(build('Firmware-Debug'), fw('Core', 'Startup', 'startup_stm32f401retx.s'));
    expect(startup.arguments.slice(0, 9)).toEqual(['arm-none-eabi-gcc', '-mcpu=cortex-m4', '-mfpu=fpv4-sp-d16', '-mfloat-abi=hard', '-mthumb', '-O0', '-x', 'assembler-with-cpp', '-DDEBUG']);
  });

  it('indexes each configuration with its own branches, and its memory from the linker script', () => {
    const cli = (...args: string[]) => runCli(root, args);
    const r = cli('index');
    expect(r.status).toBe(0);
    // The IDE's generated makefile in Debug/ is not offered to make's dry run.
    expect(r.stdout).not.toContain('Makefile folders below the root');
    const at = (name: string, variant: string) => /(\S+:\d+)\n/.exec(cli('lookup', name, '--variant', variant).stdout)?.[1];
    expect(at('debug_trace', 'Firmware-Debug')).toBe('Firmware/Core/Src/main.c:4');
    expect(at('debug_trace', 'Firmware-Release')).toBeUndefined();
    expect(at('release_size_tuned', 'Firmware-Release')).toBe('Firmware/Core/Src/main.c:11');
    expect(at('release_size_tuned', 'Firmware-Debug')).toBeUndefined();
    expect(at('hard_float_scale', 'Firmware-Debug')).toBe('Firmware/Core/Src/main.c:18');
    expect(at('uart_init', 'Firmware-Debug')).toBe('Firmware/Drivers/Src/uart.c:4');
    expect(at('uart_init_slow', 'Firmware-Release')).toBe('Firmware/Drivers/Src/uart.c:9');
    expect(at('crc8', 'Firmware-Release')).toBe('Common/Src/crc.c:4');
    expect(at('legacy_init', 'Firmware-Debug')).toBeUndefined();
    expect(cli('memory', '--variant', 'Firmware-Debug').stdout).toMatch(/FLASH\s+\(rx\)\s+0x08000000\s+0x08080000\s+512 KiB/);
  });

  it.skipIf(!hasArmGcc)('each C unit compiled with its derived command defines the functions the index holds for its file', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'fwctx-cdt-obj-'));
    try {
      for (const variant of ['Firmware-Debug', 'Firmware-Release']) {
        for (const u of build(variant).units.filter((x) => x.file.endsWith('.c'))) {
          const obj = path.join(out, `${variant}-${path.basename(u.file)}.o`);
          const cc = spawnSync(u.arguments[0], [...u.arguments.slice(1, -1), obj], { cwd: root, encoding: 'utf8' });
          expect(cc.status, cc.stderr).toBe(0);
          const nm = spawnSync('arm-none-eabi-nm', ['--defined-only', obj], { encoding: 'utf8' });
          const compiled = nm.stdout.split('\n').filter((l) => / T /.test(l)).map((l) => l.split(' ').pop()).sort();
          const rel = path.relative(root, u.file);
          const indexed = JSON.parse(runCli(root, ['symbols', '--file', rel, '--kind', 'function', '--variant', variant, '--json']).stdout) as { name: string; is_definition: boolean }[];
          expect(indexed.filter((s) => s.is_definition).map((s) => s.name).sort(), `${variant} ${rel}`).toEqual(compiled);
        }
      }
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});

/** A GNU MCU Eclipse (ilg.gnuarmeclipse) configuration: target, optimization and standard on the toolchain and its tools, a linker script list. */
const ILG = 'ilg.gnuarmeclipse.managedbuild.cross';
const GNU_MCU_ECLIPSE = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?fileVersion 4.0.0?><cproject storage_type_id="org.eclipse.cdt.core.XmlProjectDescriptionStorage">
<storageModule moduleId="org.eclipse.cdt.core.settings"><cconfiguration id="c1">
<storageModule moduleId="cdtBuildSystem" version="4.0.0">
<configuration artifactName="\${ProjName}" buildArtefactType="org.eclipse.cdt.build.core.buildArtefactType.exe" buildProperties="org.eclipse.cdt.build.core.buildType=org.eclipse.cdt.build.core.buildType.release" id="c1" name="Release" parent="${ILG}.config.elf.release">
<folderInfo id="c1." name="/" resourcePath="">
<toolChain id="t1" superClass="${ILG}.toolchain.elf.release">
<option id="o1" superClass="${ILG}.option.optimization.level" value="${ILG}.option.optimization.level.more" valueType="enumerated"/>
<option id="o2" superClass="${ILG}.option.arm.target.family" value="${ILG}.option.arm.target.mcpu.cortex-m7" valueType="enumerated"/>
<option id="o3" superClass="${ILG}.option.arm.target.fpu.unit" value="${ILG}.option.arm.target.fpu.unit.fpv5d16" valueType="enumerated"/>
<option id="o4" superClass="${ILG}.option.arm.target.fpu.abi" value="${ILG}.option.arm.target.fpu.abi.softfp" valueType="enumerated"/>
<option id="o5" superClass="${ILG}.option.command.prefix" value="arm-none-eabi-" valueType="string"/>
<tool id="t2" superClass="${ILG}.tool.c.compiler">
<option id="o6" superClass="${ILG}.option.c.compiler.std" value="${ILG}.option.c.compiler.std.c99" valueType="enumerated"/>
<option id="o7" superClass="${ILG}.option.c.compiler.defs" valueType="definedSymbols"><listOptionValue builtIn="false" value="HSE_VALUE=8000000"/></option>
<option id="o10" superClass="${ILG}.option.c.compiler.include.paths"><listOptionValue builtIn="false" value="&quot;\${workspace_loc://\${ProjName}//board}&quot;"/></option>
</tool>
<tool id="t3" superClass="${ILG}.tool.cpp.compiler">
<option id="o8" superClass="${ILG}.option.cpp.compiler.std" value="${ILG}.option.cpp.compiler.std.gnucpp11" valueType="enumerated"/>
</tool>
<tool id="t4" superClass="${ILG}.tool.c.linker">
<option id="o9" superClass="${ILG}.option.c.linker.scriptfile" valueType="stringList"><listOptionValue builtIn="false" value="../ldscripts/mem.ld"/></option>
</tool>
</toolChain></folderInfo></configuration></storageModule></cconfiguration></storageModule></cproject>`;

describe('a GNU MCU Eclipse project', () => {
  it('takes the target, optimization, standards, defines and linker script from their own option ids', () => {
    const [c] = readCproject(GNU_MCU_ECLIPSE).configurations;
    const place = { projectDir: '/p', projectName: 'p', buildDir: '/p/Release' };
    const args = (file: string) => cdtUnit(c, place, { file: `/p/src/${file}`, inProject: `src/${file}` }, new Set()).arguments;
    // The include list saved without its valueType (as GNU MCU Eclipse writes it), its path with doubled slashes.
    expect(args('main.c').slice(0, 11)).toEqual(['arm-none-eabi-gcc', '-mcpu=cortex-m7', '-mfpu=fpv5-d16', '-mfloat-abi=softfp', '-mthumb', '-std=c99', '-O2', '-DHSE_VALUE=8000000', '-I', '/p/board', '-c']);
    expect(args('app.cpp').slice(0, 7)).toEqual(['arm-none-eabi-g++', '-mcpu=cortex-m7', '-mfpu=fpv5-d16', '-mfloat-abi=softfp', '-mthumb', '-std=gnu++11', '-O2']);
    expect(settingsFor(c.resources, 'linker', '').linkerScript).toBe('../ldscripts/mem.ld');
  });
});

describe('source entries', () => {
  it('leave out exclusions written with leading slashes, as RT-Thread Studio writes them', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fwctx-cdt-src-'));
    try {
      for (const f of ['board/ports/a.c', 'board/b.c', 'app/main.c', 'Debug/gen.c']) {
        fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
        fs.writeFileSync(path.join(dir, f), '');
      }
      const { sources } = cdtSources(dir, [], [{ name: '', excluding: ['//board/ports', 'app/*.h'] }], new Set(['Debug']));
      expect(sources.map((x) => x.inProject)).toEqual(['app/main.c', 'board/b.c']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('.cproject and .project reading', () => {
  it('a .cproject that is not XML, or has no managed build, gives no configuration and says why', () => {
    expect(readCproject('<cproject><storageModule').error).toMatch(/not well-formed XML/);
    expect(readCproject('<?xml version="1.0"?><cproject></cproject>').error).toMatch(/no managed-build configuration/);
  });

  it('resolves link locations: PARENT-n-PROJECT_LOC, PROJECT_LOC, a project path variable, an absolute path; not an unknown variable', () => {
    const vars = new Map([['SDK', '$%7BPARENT-2-PROJECT_LOC%7D/sdk']]);
    expect(resolveLocation('PARENT-2-PROJECT_LOC/Drivers/x.c', '/w/a/b/proj', vars)).toBe('/w/a/Drivers/x.c');
    expect(resolveLocation('PROJECT_LOC/Src', '/w/proj', vars)).toBe('/w/proj/Src');
    expect(resolveLocation('SDK/hal/uart.c', '/w/a/b/proj', vars)).toBe('/w/a/sdk/hal/uart.c');
    expect(resolveLocation('/opt/lib/y.c', '/w/proj', vars)).toBe('/opt/lib/y.c');
    expect(resolveLocation('OTHER_LOC/z.c', '/w/proj', vars)).toBeUndefined();
  });

  it('finds linked files below folders the project does not declare, as SW4STM32 writes them', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fwc-sw4-'));
    try {
      fs.mkdirSync(path.join(dir, 'hal'));
      fs.writeFileSync(path.join(dir, 'hal', 'hal_uart.c'), 'void hal_uart(void) {}\n');
      const links = [{ name: 'Drivers/HAL/hal_uart.c', kind: 'file' as const, location: path.join(dir, 'hal', 'hal_uart.c') }];
      const { sources } = cdtSources(path.join(dir, 'proj'), links, [{ name: '', excluding: [] }], new Set());
      expect(sources).toEqual([{ file: path.join(dir, 'hal', 'hal_uart.c'), inProject: 'Drivers/HAL/hal_uart.c' }]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads a .project whose linkedResources element is empty', () => {
    expect(readDotProject('<projectDescription><name>p</name><linkedResources></linkedResources><variableList/></projectDescription>', '/w/p')).toEqual({ name: 'p', links: [] });
  });
});

describe('a configuration built under a compile-database recorder', () => {
  const root = copyFixture('cubeide-project');
  afterAll(() => removeFixture(root));

  it('is left to the compile-database reader (the build it read wins over the one derived)', () => {
    fs.writeFileSync(path.join(root, 'Firmware', 'Debug', 'compile_commands.json'), '[]');
    expect(cdtAdapter.detect(root, {}).builds.map((b) => b.variant)).toEqual(['Firmware-Release']);
  });
});

describe('a CDT Makefile project (its builder not managed)', () => {
  const root = copyFixture('cubeide-project');
  afterAll(() => removeFixture(root));

  it('derives no build from .cproject, says so, and leaves its Makefile folder to the make dry run', () => {
    const cproject = path.join(root, 'Firmware', '.cproject');
    fs.writeFileSync(cproject, fs.readFileSync(cproject, 'utf8').replace(/managedBuildOn="true"/g, 'managedBuildOn="false"'));
    fs.writeFileSync(path.join(root, 'Firmware', 'Makefile'), 'all:\n\tarm-none-eabi-gcc -c Core/Src/main.c -o main.o\n');
    const r = cdtAdapter.detect(root, {});
    expect(r.builds).toEqual([]);
    expect(r.diagnostics.map((d) => [d.severity, d.message])).toEqual([['info', 'configuration(s) Debug, Release of this Eclipse CDT project build with the project\'s own Makefile: read from a make dry run, not from .cproject']]);
    expect(topMakefileDirs(discoveryFor(root, {})).map((f) => path.relative(root, f.dir))).toEqual(['Firmware']);
  });
});
