// PlatformIO adapter: platformio.ini rules (extends, interpolation, unflags, extra_configs) and derived or read units.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describePlatformioProject, platformioAdapter } from '../../adapters/platformio/detect-platformio.js';
import { readIniText } from '../../adapters/platformio/read-ini.js';
import { matchSrcFiles } from '../../adapters/platformio/src-filter.js';
import { guessToolchain, platformName } from '../../adapters/platformio/toolchain.js';
import { copyFixture, rel, removeFixture } from './fixture-helper.js';
import { generatePlatformioProject } from '../bench/synthetic-platformio.js';

/** PlatformIO's own macro, in every derived env: the core's version (6.1.18 when no installed core says). */
const PIO = { PLATFORMIO: '60118' };
/** A derived env's defines without what PlatformIO and the board add (for projects detected with the real environment). */
const ownDefines = (d: Record<string, string> | undefined) => Object.fromEntries(Object.entries(d ?? {}).filter(([n]) => n !== 'PLATFORMIO' && n !== 'F_CPU'));

describe('platformio adapter: multi-env project', () => {
  const root = copyFixture('platformio-multi-env');
  afterAll(() => removeFixture(root));
  const r = describePlatformioProject(root, root, { env: { FWCTX_PIO_USER: 'ci-bot' } });
  const env = (n: string) => r.builds.find((b) => b.variant === n)!;

  it('finds every env, including the one in extra_configs', () => {
    expect(r.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(r.builds.map((b) => b.variant)).toEqual(['nucleo_f401re', 'esp32dev', 'native']);
    for (const b of r.builds) {
      expect(b.buildSystem).toBe('platformio');
      expect(b.image).toBe('app');
      expect(b.provenance).toBe('derived');
    }
    expect(env('nucleo_f401re').board).toBe('nucleo_f401re');
    expect(env('nucleo_f401re').description).toMatch(/platform ststm32/); // through extends
    expect(env('nucleo_f401re').description).toMatch(/\(default\)/);
    expect(env('native').description).not.toMatch(/\(default\)/);
    // `pio run` without -e builds default_envs; the first of them is the default variant of queries.
    expect(['nucleo_f401re', 'esp32dev', 'native'].map((v) => !!env(v).defaultVariant)).toEqual([true, false, false]);
  });

  it('resolves defines through extends and interpolation', () => {
    expect(env('nucleo_f401re').defines).toEqual({
      ...PIO,
      COMMON_FLAG: '1',
      FW_VERSION: '"2.4.1"',
      USE_HAL_DRIVER: '1',
      BOARD_LED: '13',
      MCU_NAME: 'stm32f401ret6',
      PERCENT_FMT: '"%d"',
      ENV_NAME: '"nucleo_f401re"',
      // The STM32 Arduino core's builder, after build_flags (board_build.mcu names the MCU; the board id is the env's).
      STM32F4xx: '1',
      ARDUINO: '10808',
      ARDUINO_ARCH_STM32: '1',
      ARDUINO_NUCLEO_F401RE: '1',
      BOARD_NAME: '"NUCLEO_F401RE"',
      HAL_UART_MODULE_ENABLED: '1',
      USE_FULL_LL_DRIVER: '1',
      VARIANT_H: '"variant_NUCLEO_F401RE.h"',
    });
    expect(env('native').defines).toEqual({ ...PIO, COMMON_FLAG: '1', NATIVE_BUILD: '1', HOST_USER: 'ci-bot', ENV_NAME: '"native"' });
  });

  it('build_unflags removes the common define', () => {
    expect(env('esp32dev').defines).toEqual({ ...PIO, ENV_NAME: '"esp32dev"', ESP_PLATFORM: '1', ARDUINO_ARCH_ESP32: '1', ESP32: '1', ARDUINO: '10812', ARDUINO_PARTITION_default: '1' });
    for (const u of env('esp32dev').units) expect(u.arguments.some((a) => a.startsWith('-DCOMMON_FLAG'))).toBe(false);
  });

  it('derives units from build_src_filter with the guessed toolchain and the env flags', () => {
    const files = (n: string) => env(n).units.map((u) => rel(root, u.file));
    expect(files('nucleo_f401re')).toEqual(['src/main.cpp', 'src/sensors/bme280.c']);
    expect(files('esp32dev')).toEqual(['src/main.cpp', 'src/net/wifi.cpp', 'src/sensors/bme280.c']);
    expect(files('native')).toEqual(['src/main.cpp', 'src/native_stub/host.c', 'src/sensors/bme280.c']);
    const u = env('nucleo_f401re').units.find((x) => x.file.endsWith('bme280.c'))!;
    expect(u.arguments[0]).toBe('arm-none-eabi-gcc');
    expect(env('nucleo_f401re').units.find((x) => x.file.endsWith('main.cpp'))!.arguments[0]).toBe('arm-none-eabi-g++');
    expect(env('esp32dev').units[0].arguments[0]).toBe('xtensa-esp32-elf-g++');
    expect(env('native').units[0].arguments[0]).toBe('g++');
    expect(u.arguments).toContain(`-I${path.join(root, 'include')}`);
    expect(u.arguments).toContain(`-I${path.join(root, 'src')}`);
    expect(u.arguments).toContain(`-I${path.join(root, 'include/generated')}`);
    expect(u.arguments).toContain('-DBOARD_LED=13');
    expect(u.arguments).toContain('-Os');
    expect(u.directory).toBe(root);
  });

  it('notes once the derived envs whose framework builder is not applied (native has none), naming the envs and the fix', () => {
    const notes = r.diagnostics.filter((d) => /framework whose own defines/.test(d.message));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ severity: 'info', file: path.join(root, 'platformio.ini') });
    expect(notes[0].message).toMatch(/^1 derived env\(s\) .*: native \(arduino\); code that tests them .*builders of atmelavr, ststm32/);
    expect(notes[0].fix).toMatch(/fw-context index --build.*pio run -t compiledb/);
  });

  it('takes the linker script from board_build.ldscript', () => {
    expect(env('nucleo_f401re').linkerScripts.map((p) => rel(root, p))).toEqual(['ldscripts/custom_f401.ld']);
    expect(env('esp32dev').linkerScripts).toEqual([]);
  });

  it('reads a compile database pio wrote for an env (provenance read, defines left to the indexer)', () => {
    const dbDir = path.join(root, '.pio/build/esp32dev');
    fs.mkdirSync(dbDir, { recursive: true });
    const src = path.join(root, 'src/main.cpp');
    fs.writeFileSync(
      path.join(root, 'compile_commands.json'),
      JSON.stringify([{ directory: root, file: src, arguments: ['xtensa-esp32-elf-g++', '-o', `${dbDir}/src/main.cpp.o`, '-c', '-DARDUINO=10812', src] }]),
    );
    try {
      const again = describePlatformioProject(root, root, { env: {} });
      const esp = again.builds.find((b) => b.variant === 'esp32dev')!;
      expect(esp.provenance).toBe('read');
      expect(rel(root, esp.compileCommands)).toBe('compile_commands.json');
      expect(esp.defines).toBeUndefined();
      expect(esp.units).toHaveLength(1);
      // Another env was built, so envs never built are not derived unless the config names them.
      expect(again.builds.map((b) => b.variant)).toEqual(['esp32dev']);
      expect(again.diagnostics.find((d) => /never built are not derived/.test(d.message))?.message).toMatch(/2 env\(s\).*nucleo_f401re, native/);
      const named = describePlatformioProject(root, root, { env: {} }, { derive: ['nucleo_f401re', 'native'] });
      const f401 = named.builds.find((b) => b.variant === 'nucleo_f401re')!;
      expect(f401.provenance).toBe('derived');
      expect(f401.description).toMatch(/derived, not built/);
      // The env read from its database has its framework's defines: only the derived one without a builder is named.
      expect(named.diagnostics.find((d) => /framework whose own defines/.test(d.message))?.message).toMatch(/^1 derived env\(s\) .*: native \(arduino\);/);
      expect(named.builds.find((b) => b.variant === 'esp32dev')!.description).not.toMatch(/not built/);
    } finally {
      fs.rmSync(path.join(root, 'compile_commands.json'));
      fs.rmSync(path.join(root, '.pio'), { recursive: true });
    }
  });

  it('an empty env database ([]) is a warning, not a failure: the env is derived from platformio.ini instead', () => {
    const dbDir = path.join(root, '.pio/build/esp32dev');
    fs.mkdirSync(dbDir, { recursive: true });
    fs.writeFileSync(path.join(dbDir, 'compile_commands.json'), '[]');
    fs.writeFileSync(path.join(root, 'compile_commands.json'), '[]');
    try {
      const again = describePlatformioProject(root, root, { env: {} });
      const esp = again.builds.find((b) => b.variant === 'esp32dev')!;
      expect(esp.provenance).toBe('derived');
      expect(esp.units.length).toBeGreaterThan(0);
      const empty = again.diagnostics.filter((d) => /compile database is empty/.test(d.message));
      expect(empty.map((d) => [rel(root, d.file), d.severity])).toEqual([
        ['compile_commands.json', 'warning'],
        ['.pio/build/esp32dev/compile_commands.json', 'warning'],
      ]);
      expect(empty[1].message).toMatch(/env 'esp32dev' is derived from platformio\.ini instead$/);
      expect(again.diagnostics.some((d) => d.severity === 'error')).toBe(false);
    } finally {
      fs.rmSync(path.join(root, 'compile_commands.json'));
      fs.rmSync(path.join(root, '.pio'), { recursive: true });
    }
  });

  it('is found by the adapter at the project root', () => {
    process.env.FWCTX_PIO_USER = 'someone';
    try {
      const a = platformioAdapter.detect(root, {});
      expect(a.builds).toHaveLength(3);
      expect(a.builds.find((b) => b.variant === 'native')!.defines!.HOST_USER).toBe('someone');
    } finally {
      delete process.env.FWCTX_PIO_USER;
    }
  });
});

describe('platformio adapter: broken configuration', () => {
  const root = copyFixture('platformio-circular-extends');
  afterAll(() => removeFixture(root));

  it('reports circular extends naming the file and sections, without hanging; other envs come out', () => {
    const r = platformioAdapter.detect(root, {});
    const cyc = r.diagnostics.find((d) => /circular extends/.test(d.message));
    expect(cyc?.severity).toBe('error');
    expect(rel(root, cyc?.file)).toBe('platformio.ini');
    expect(cyc?.message).toMatch(/\[env:a\]/);
    expect(cyc?.message).toMatch(/\[env:b\]/);
    expect(cyc?.line).toBeGreaterThan(0);
    expect(cyc?.fix).toBeTruthy();
    expect(r.diagnostics.filter((d) => /circular extends/.test(d.message))).toHaveLength(1);
    const missing = r.diagnostics.find((d) => /missing_section/.test(d.message));
    expect(missing?.severity).toBe('warning');
    expect(r.builds.map((b) => b.variant)).toEqual(['a', 'b', 'ok']);
    expect(ownDefines(r.builds.find((b) => b.variant === 'a')!.defines)).toEqual({ BASE: '1', FROM_A: '1' });
    expect(ownDefines(r.builds.find((b) => b.variant === 'b')!.defines)).toEqual({ BASE: '1', FROM_A: '1' });
    expect(ownDefines(r.builds.find((b) => b.variant === 'ok')!.defines)).toEqual({ OK: '1' });
  });

  it('reports an interpolation cycle instead of recursing forever', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fwctx-pio-loop-'));
    try {
      fs.writeFileSync(path.join(dir, 'platformio.ini'), '[env:x]\nplatform = native\nbuild_flags = ${this.custom_a}\ncustom_a = ${this.custom_b}\ncustom_b = ${this.custom_a} -DZ\n');
      const r = describePlatformioProject(dir, dir, { env: {} });
      expect(r.builds).toHaveLength(1);
      expect(r.diagnostics.some((d) => /infinite recursion/.test(d.message) && d.line === 4)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('platformio: 500 envs in extra_configs', () => {
  it('parses and resolves them all', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fwctx-pio-500-'));
    try {
      generatePlatformioProject(dir, 500);
      const t0 = performance.now();
      const r = platformioAdapter.detect(dir, {});
      const ms = performance.now() - t0;
      console.log(`platformio: ${r.builds.length} envs detected in ${ms.toFixed(1)} ms`);
      expect(r.builds).toHaveLength(500);
      expect(ownDefines(r.builds[499].defines)).toEqual({ COMMON: '1', BASE: '1', BOARD_ID: '499', NAME: '"board_499"' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('platformio: variant folders read through extra_configs', () => {
  it('a platformio.ini the root project reads is part of it, not a project of its own; one it does not read is', () => {
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fwctx-pio-nested-')));
    try {
      const write = (rel: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
        fs.writeFileSync(path.join(dir, rel), text);
      };
      write('platformio.ini', '[platformio]\nextra_configs = variants/*/platformio.ini\n[arm_base]\nplatform = ststm32\nbuild_flags = -DARM_BASE -I${platformio.libdeps_dir}/shared/lib\n');
      write('variants/alpha/platformio.ini', '[env:alpha]\nextends = arm_base\nboard = alpha_board\nbuild_flags = ${arm_base.build_flags} -DALPHA\n');
      write('examples/demo/platformio.ini', '[env:demo]\nplatform = native\n');
      write('src/main.c', 'int main(void) { return 0; }\n');
      write('examples/demo/src/demo.c', 'int demo(void) { return 1; }\n');
      const r = platformioAdapter.detect(dir, {});
      expect(r.builds.map((b) => b.variant).sort()).toEqual(['alpha', 'demo']);
      expect(r.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
      const alpha = r.builds.find((b) => b.variant === 'alpha')!;
      expect(ownDefines(alpha.defines)).toEqual({ ARM_BASE: '1', ALPHA: '1' });
      expect(alpha.units[0].arguments).toContain(`-I${path.join(dir, '.pio/libdeps/shared/lib')}`);
      expect(alpha.units[0].arguments[0]).toBe('arm-none-eabi-gcc');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('platformio building blocks', () => {
  it('reads ini the configparser way', () => {
    const r = readIniText('[env:esp32.dev]\nbuild_flags = -DA=1;not-a-comment  ; comment\n  -DB="x #y"\n\n  -DC\nname: value # c\n; full comment\n  # indented comment\nother = 1\n', 'p.ini');
    const s = r.sections[0];
    expect(s.name).toBe('env:esp32.dev');
    expect(s.options.get('build_flags')!.value).toBe('-DA=1;not-a-comment\n-DB="x\n\n-DC');
    expect(s.options.get('name')!.value).toBe('value');
    expect(s.options.get('other')!.value).toBe('1');
    expect(s.options.get('other')!.line).toBe(9);
  });

  it('matches source filters like PlatformIO (globs, folders, hidden names, order)', () => {
    const root = copyFixture('platformio-multi-env');
    try {
      const src = path.join(root, 'src');
      expect(matchSrcFiles(src, '+<**/*.c>')).toEqual(['sensors/bme280.c', 'native_stub/host.c'].sort());
      expect(matchSrcFiles(src, '+<*> -<sensors/>')).toEqual(['main.cpp', 'native_stub/host.c', 'net/wifi.cpp']);
      expect(matchSrcFiles(src, '+<.hidden/>')).toEqual(['.hidden/skip.c']);
      expect(matchSrcFiles(src, '+<*.cpp> +<n*/*.c>')).toEqual(['main.cpp', 'native_stub/host.c']);
    } finally {
      removeFixture(root);
    }
  });

  it('interpolates ${platformio.*} and ${PROJECT_DIR}, and keeps unknown ${VAR} for SCons', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fwctx-pio-vars-'));
    try {
      fs.mkdirSync(path.join(dir, 'firmware'));
      fs.writeFileSync(path.join(dir, 'firmware/app.c'), 'int x;\n');
      fs.writeFileSync(path.join(dir, 'platformio.ini'), '[platformio]\nsrc_dir = firmware\n[env:x]\nplatform = native\nbuild_flags = -D SRC=\\"${platformio.src_dir}\\" -I ${PROJECT_DIR}/gen -D BUILD=${BUILD_DIR}\n');
      const r = describePlatformioProject(dir, dir, { env: {} });
      expect(r.builds[0].defines).toEqual({ ...PIO, SRC: '"firmware"', BUILD: '${BUILD_DIR}' });
      expect(r.builds[0].units.map((u) => path.relative(dir, u.file))).toEqual(['firmware/app.c']);
      expect(r.builds[0].units[0].arguments).toContain(`-I${path.join(dir, 'gen')}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('guesses the compiler from the platform', () => {
    expect(platformName('platformio/ststm32@^17.0.0')).toBe('ststm32');
    expect(platformName('\nhttps://github.com/meshtastic/platform-native/archive/86c62edfb7084d11669aa255411a70580e83823b.zip')).toBe('native');
    expect(platformName('https://github.com/platformio/platform-espressif32.git#v6.5.0')).toBe('espressif32');
    expect(guessToolchain('nordicnrf52', 'nrf52840_dk').cc).toBe('arm-none-eabi-gcc');
    expect(guessToolchain('espressif32', 'esp32-c3-devkitm-1').cc).toBe('riscv32-esp-elf-gcc');
    expect(guessToolchain('atmelavr', 'uno').cxx).toBe('avr-g++');
    expect(guessToolchain('native', undefined).cc).toBe('gcc');
  });
});
