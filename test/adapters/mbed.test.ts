// mbed adapter: mbed-tools and Mbed CLI 1 build folders, and builds derived from targets.json with inherited labels and config.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectBuilds } from '../../adapters/detect-builds.js';
import { mbedAdapter } from '../../adapters/mbed/detect-mbed.js';
import { resolutionOrder, resolveTarget, targetLabels, type TargetsDb } from '../../adapters/mbed/resolve-target.js';
import { readMbedConfigCmake } from '../../adapters/mbed/read-mbed-builds.js';
import { copyFixture, rel, removeFixture } from './fixture-helper.js';

describe('mbed adapter: derived from mbed_app.json and targets.json', () => {
  const root = copyFixture('mbed-app');
  afterAll(() => removeFixture(root));
  const r = mbedAdapter.detect(root, {});
  const t = (n: string) => r.builds.find((b) => b.variant === n)!;

  it('derives one build per board target named in target_overrides', () => {
    expect(r.builds.map((b) => b.variant)).toEqual(['NUCLEO_F401RE', 'NUCLEO_F411RE']);
    for (const b of r.builds) {
      expect(b.buildSystem).toBe('mbed');
      expect(b.provenance).toBe('derived');
      expect(b.image).toBe('app');
      expect(b.board).toBe(b.variant);
      expect(b.description).toMatch(/GCC_ARM/);
    }
  });

  it('reports the unknown parent naming targets.json and the parent; the other targets resolve', () => {
    const d = r.diagnostics.find((x) => x.severity === 'error');
    expect(rel(root, d?.file)).toBe('mbed-os/targets/targets.json');
    expect(d?.message).toMatch(/MCU_STM32F9_UNKNOWN/);
    expect(d?.message).toMatch(/BROKEN_BOARD/);
    expect(d?.line).toBe(97);
    expect(d?.fix).toBeTruthy();
    expect(r.diagnostics.filter((x) => x.severity === 'error')).toHaveLength(1);
  });

  it('carries inherited TARGET_*, DEVICE_*, FEATURE_*, COMPONENT_* and core defines', () => {
    const f401 = t('NUCLEO_F401RE').defines!;
    for (const l of ['NUCLEO_F401RE', 'MCU_STM32F4', 'MCU_STM32', 'STM', 'STM32F4', 'STM32F401xE', 'M4', 'CORTEX_M', 'LIKE_CORTEX_M4', 'RELEASE']) expect(f401[`TARGET_${l}`]).toBe('1');
    expect(f401.TARGET_Target).toBeUndefined();
    expect(f401.TARGET_STM32F411xE).toBeUndefined();
    expect(f401.DEVICE_SERIAL).toBe('1');
    expect(f401.DEVICE_FLASH).toBe('1');
    expect(f401.DEVICE_MPU).toBeUndefined(); // device_has_remove
    expect(f401.COMPONENT_SPIF).toBe('1');
    expect(f401.FEATURE_BLE).toBeUndefined();
    expect(f401.USE_HAL_DRIVER).toBe('1');
    expect(f401.STM32F401xE).toBe('1');
    expect(f401.__CORTEX_M4).toBe('1');
    expect(f401.__FPU_PRESENT).toBe('1');
    expect(f401.TOOLCHAIN_GCC_ARM).toBe('1');
    const f411 = t('NUCLEO_F411RE').defines!;
    expect(f411.DEVICE_MPU).toBe('1');
    expect(f411.DEVICE_TRNG).toBe('1');
    expect(f411.FEATURE_BLE).toBe('1'); // target.features_add from mbed_app
    expect(f411.COMPONENT_SPIF).toBeUndefined();
  });

  it('resolves MBED_CONF_* from targets, libraries and the app, with overrides in mbed order', () => {
    const f401 = t('NUCLEO_F401RE').defines!;
    const f411 = t('NUCLEO_F411RE').defines!;
    expect(f401.MBED_CONF_TARGET_BOOT_STACK_SIZE).toBe('0x400');
    expect(f401.LSE_AVAILABLE).toBe('0'); // target overrides + macro_name
    expect(f411.LSE_AVAILABLE).toBe('1');
    expect(f401.MBED_CONF_PLATFORM_STDIO_BAUD_RATE).toBe('115200'); // app "*"
    expect(f401.MBED_CONF_PLATFORM_STDIO_CONVERT_NEWLINES).toBe('1');
    expect(f401.MBED_CONF_PLATFORM_DEFAULT_SERIAL_BAUD_RATE).toBe('9600'); // lib MCU_STM32F4, then app STM label
    expect(f401.MBED_CONF_PLATFORM_ERROR_FILENAME_CAPTURE_ENABLED).toBeUndefined(); // null value
    expect(f401.MBED_CONF_APP_LED_BLINK_MS).toBe('250');
    expect(f411.MBED_CONF_APP_LED_BLINK_MS).toBe('500');
    expect(f401.MBED_CONF_APP_USE_BLE).toBe('0');
    expect(f411.MBED_CONF_APP_USE_BLE).toBe('1');
    expect(f401.MBED_CONF_SPIF_DRIVER_SPI_FREQ).toBe('40000000'); // JSON5 mbed_lib in COMPONENT_SPIF
    expect(f411.MBED_CONF_SPIF_DRIVER_SPI_FREQ).toBeUndefined();
    expect(f411.MBED_CONF_BLE_PRESENT).toBe('1'); // mbed_lib in FEATURE_BLE
    expect(f401.APP_NAME).toBe('"blinky"');
  });

  it('compiles the sources the labels and .mbedignore select, with the target linker script', () => {
    const files = (n: string) => t(n).units.map((u) => rel(root, u.file)).sort();
    expect(files('NUCLEO_F401RE')).toEqual([
      'main.cpp',
      'mbed-os/drivers/source/SerialBase.cpp',
      'mbed-os/platform/source/mbed_retarget.cpp',
      'mbed-os/storage/COMPONENT_SPIF/SPIFBlockDevice.cpp',
      'mbed-os/targets/TARGET_STM/TARGET_STM32F4/TARGET_STM32F401xE/device/system_clock.c',
      'mbed-os/targets/TARGET_STM/TARGET_STM32F4/stm32f4_common.c',
      'source/sensor.cpp',
    ]);
    expect(files('NUCLEO_F411RE')).toContain('mbed-os/connectivity/FEATURE_BLE/source/ble_stack.cpp');
    expect(files('NUCLEO_F411RE')).not.toContain('mbed-os/storage/COMPONENT_SPIF/SPIFBlockDevice.cpp');
    expect(t('NUCLEO_F401RE').linkerScripts.map((p) => rel(root, p))).toEqual(['mbed-os/targets/TARGET_STM/TARGET_STM32F4/TARGET_STM32F401xE/device/TOOLCHAIN_GCC_ARM/STM32F401XE.ld']);
    const c = t('NUCLEO_F401RE').units.find((u) => u.file.endsWith('.c'))!;
    expect(c.arguments[0]).toBe('arm-none-eabi-gcc');
    expect(c.arguments).toContain('-mcpu=cortex-m4');
    expect(c.arguments).toContain('-mfpu=fpv4-sp-d16');
    const incs = c.arguments.filter((a) => a.startsWith('-I')).map((a) => rel(root, a.slice(2)));
    expect(incs).toContain('mbed-os/platform/include');
    expect(incs).toContain('mbed-os/targets/TARGET_STM/TARGET_STM32F4/TARGET_STM32F401xE/TARGET_NUCLEO_F401RE');
    expect(incs).not.toContain('mbed-os/targets/TARGET_STM/TARGET_STM32F4/TARGET_STM32F411xE/TARGET_NUCLEO_F411RE');
  });
});

describe('mbed adapter: existing build folders', () => {
  it('reads an mbed-tools cmake_build folder', () => {
    const root = copyFixture('mbed-cmake-build');
    try {
      const r = mbedAdapter.detect(root, {});
      expect(r.builds).toHaveLength(1);
      const b = r.builds[0];
      expect(b.variant).toBe('NUCLEO_F401RE');
      expect(b.provenance).toBe('read');
      expect(b.defines).toBeUndefined();
      expect(b.description).toMatch(/profile develop/);
      expect(rel(root, b.compileCommands)).toBe('cmake_build/NUCLEO_F401RE/develop/GCC_ARM/compile_commands.json');
      expect(b.units.map((u) => rel(root, u.file)).sort()).toEqual(['main.cpp', 'mbed-os/platform/source/mbed_retarget.cpp']);
      expect(b.linkerScripts.map((p) => rel(root, p))).toEqual(['cmake_build/NUCLEO_F401RE/develop/GCC_ARM/blinky.link_script.ld']);
    } finally {
      removeFixture(root);
    }
  });

  it('reads an mbed CE folder configured without a compile database from its build.ninja', () => {
    // mbed CE does not set CMAKE_EXPORT_COMPILE_COMMANDS: `cmake -B build -G Ninja -DMBED_TARGET=...` writes none.
    const root = copyFixture('mbed-ce-cmake');
    try {
      fs.rmSync(path.join(root, 'build', 'compile_commands.json'));
      const r = detectBuilds(root, {});
      expect(r.builds.map((b) => [b.buildSystem, b.variant, b.board, b.provenance])).toEqual([['mbed', 'NUCLEO_F429ZI', 'NUCLEO_F429ZI', 'read']]);
      const b = r.builds[0];
      expect(b.description).toMatch(/4 units from build\/build\.ninja/);
      expect(b.units.map((u) => rel(root, u.file)).sort()).toEqual(['main.cpp', 'mbed-os/connectivity/FEATURE_BLE/source/BLE.cpp', 'mbed-os/connectivity/nfc/libraries/acore/source/ac_buffer.c', 'mbed-os/drivers/source/DigitalOut.cpp']);
      expect(b.units.find((u) => u.file.endsWith('main.cpp'))?.arguments).toEqual(['/usr/bin/arm-none-eabi-g++', '-o', 'CMakeFiles/MbedCEHelloWorld.dir/main.cpp.obj', '-c', path.join(root, 'main.cpp')]);
      expect(b.linkedUnits?.map((f) => rel(root, f)).sort()).toEqual(['main.cpp', 'mbed-os/drivers/source/DigitalOut.cpp']);
      expect(r.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    } finally {
      removeFixture(root);
    }
  });

  it('derives units for an Mbed CLI 1 BUILD folder from its profile files', () => {
    const root = copyFixture('mbed-cli1');
    try {
      const r = mbedAdapter.detect(root, {});
      expect(r.builds).toHaveLength(1);
      const b = r.builds[0];
      expect(b.variant).toBe('NUCLEO_F401RE');
      expect(b.provenance).toBe('derived');
      expect(b.units.map((u) => rel(root, u.file)).sort()).toEqual(['main.cpp', 'mbed-os/targets/TARGET_STM/stm_common.c']);
      expect(b.defines!.TARGET_STM).toBe('1');
      expect(b.defines!.MBED_TRAP_ERRORS_ENABLED).toBe('1');
      const cpp = b.units.find((u) => u.file.endsWith('main.cpp'))!;
      expect(cpp.arguments).toContain('-std=gnu++14');
      expect(cpp.arguments).not.toContain('-std=gnu11');
      expect(cpp.arguments[cpp.arguments.indexOf('-include') + 1]).toMatch(/mbed_config\.h$/);
      expect(rel(root, b.linkerScripts[0])).toBe('BUILD/NUCLEO_F401RE/GCC_ARM/.link_script.ld');
    } finally {
      removeFixture(root);
    }
  });
});

describe('mbed target resolution', () => {
  const db: TargetsDb = {
    Target: { core: null, extra_labels: [], macros: [], public: false },
    A: { inherits: ['Target'], macros: ['A=1', 'KEEP'], extra_labels: ['LA'] },
    B: { inherits: ['Target'], macros_add: ['B'] },
    C: { inherits: ['A', 'B'], macros_remove: ['A'], core: 'Cortex-M0+' },
  };

  it('orders parents depth-first and applies _add/_remove level by level', () => {
    expect(resolutionOrder(db, 'C').order).toEqual([['C', 0], ['A', 1], ['Target', 2], ['B', 1]]);
    const t = resolveTarget(db, 'C', 'targets.json', [])!;
    // macros first defined by A (level 1): B's _add is at the same level and is not applied; C removes A by name.
    expect(t.attrs.macros).toEqual(['KEEP']);
    expect(targetLabels(t)).toEqual(['C', 'A', 'B', 'M0P', 'CORTEX_M', 'LIKE_CORTEX_M0', 'CORTEX', 'LA']);
  });

  it('reads mbed_config.cmake lists', () => {
    const m = readMbedConfigCmake('set(MBED_TARGET "K64F" CACHE STRING "")\nset(MBED_CONFIG_DEFINITIONS\n    "A=1"\n    "B=\\"x\\""\n)\n');
    expect(m.get('MBED_TARGET')).toEqual(['K64F']);
    expect(m.get('MBED_CONFIG_DEFINITIONS')).toEqual(['A=1', 'B="x"']);
  });
});
