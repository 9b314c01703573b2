// Derived ESP32 envs whose Arduino-ESP32 core is installed: the flags, folders and defines its SDK build script
// appends (esp32-sdk.ts over scons-script.ts), 3.x's separate SDK package and 2.x's script in the core, and the index.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BuildDescription } from '../../adapters/contract.js';
import { describePlatformioProject } from '../../adapters/platformio/detect-platformio.js';
import { appendedValues, parseScript } from '../../adapters/platformio/scons-script.js';
import { copyFixture, removeFixture } from './fixture-helper.js';
import { indexedFixture } from './indexed-fixture.js';

describe('PlatformIO Arduino-ESP32 with its core installed', () => {
  const root = copyFixture('platformio-esp32-sdk');
  afterAll(() => removeFixture(root));
  const r = describePlatformioProject(root, root, { env: {} });
  const env = (n: string): BuildDescription => r.builds.find((b) => b.variant === n)!;
  const unit = (n: string, file: string) => env(n).units.find((u) => u.file.endsWith(file))!.arguments;
  const pkg = (p: string) => path.join(root, 'pio-core', 'packages', p);

  it('3.x: the SDK package\'s script gives the C++ flags, CCFLAGS, the include folders (by the board\'s flash mode) and the defines', () => {
    const args = unit('esp32dev', 'main.cpp');
    const c = args.indexOf('-c');
    expect(args.slice(c + 1, c + 10)).toEqual(['-std=gnu++2b', '-fno-exceptions', '-fno-rtti', '-std=gnu++2a', '-Werror=return-type', '-Os', '-mlongcalls', '-ffunction-sections', '-MMD']);
    const sdk = (p: string) => `-I${pkg('framework-arduinoespressif32-libs')}/esp32/${p}`;
    // The project's folders, the core's WiFi library (found by the library finder), then the SDK's and the core's.
    expect(args.filter((a) => a.startsWith('-I')).slice(2)).toEqual([
      `-I${pkg('framework-arduinoespressif32')}/libraries/WiFi/src`,
      sdk('include/freertos/include'),
      sdk('include/esp_system/include'),
      sdk('qio_qspi/include'),
      `-I${pkg('framework-arduinoespressif32')}/cores/esp32`,
      `-I${pkg('framework-arduinoespressif32')}/variants/esp32`,
    ]);
    expect(env('esp32dev').defines).toMatchObject({
      ESP_PLATFORM: '1',
      IDF_VER: '"v5.5.1"',
      MBEDTLS_CONFIG_FILE: '"mbedtls/esp_config.h"',
      SOC_XTAL_FREQ_MHZ: 'CONFIG_XTAL_FREQ',
      ESP32: 'ESP32',
      F_CPU: '240000000L',
      ARDUINO: '10812',
      ARDUINO_VARIANT: '"esp32"',
      ARDUINO_BOARD: '"Espressif ESP32 Dev Module"',
      ARDUINO_PARTITION_default: '1',
    });
    // The indented (conditional) append is not read; the define whose value is a conditional expression is left out.
    expect(env('esp32dev').defines).not.toHaveProperty('ZIGBEE_ONLY');
    expect(env('esp32dev').defines).not.toHaveProperty('UNREAD');
    const note = r.diagnostics.find((d) => d.message.includes('derived env(s) build with a framework'));
    expect(note?.message).toContain("esp32dev (arduino without 1 defines of the SDK's build script)");
    // A C unit takes CFLAGS: the core's WiFi library is C++, so the flags are checked on the C++ side only here.
    expect(env('esp32dev').units.map((u) => path.basename(u.file)).sort()).toEqual(['WiFi.cpp', 'main.cpp']);
  });

  it('2.x: the core\'s own tools/platformio-build-<mcu>.py when the SDK package has no folder for the chip', () => {
    const args = unit('esp32s3', 'main.cpp');
    expect(args).toEqual(expect.arrayContaining(['-std=gnu++11', '-fexceptions', '-fno-rtti', '-Os', '-mlongcalls']));
    expect(args).not.toContain('-Werror=return-type');
    expect(args.filter((a) => a.startsWith('-I')).slice(3)).toEqual([
      `-I${pkg('framework-arduinoespressif32')}/tools/sdk/esp32s3/include/freertos/include`,
      `-I${pkg('framework-arduinoespressif32')}/tools/sdk/esp32s3/include/esp_system/include`,
      `-I${pkg('framework-arduinoespressif32')}/tools/sdk/esp32s3/qio_qspi/include`,
      `-I${pkg('framework-arduinoespressif32')}/cores/esp32`,
      `-I${pkg('framework-arduinoespressif32')}/variants/esp32s3`,
    ]);
    expect(env('esp32s3').defines).toMatchObject({ ESP_PLATFORM: '1', F_CPU: '240000000L', ARDUINO_ARCH_ESP32: '1', ESP32: '1', ARDUINO_USB_MODE: '1' });
  });

  it('the script reader: string escapes, implicit concatenation, `%` with a tuple, +, comprehensions and unknown names unread', () => {
    const script = parseScript(['env.Append(', '    A=["a" "b", "%s-%s" % ("x", NAME), [f for f in y], UNKNOWN, join(D, "s") + "/t", 12],', '    B=r"\\raw",', ')', ''].join('\n'));
    const values = appendedValues(script, { names: { NAME: 'n', D: '/d' }, board: () => undefined });
    expect(values.get('A')).toEqual(['ab', 'x-n', undefined, undefined, '/d/s/t', '12']);
    expect(values.get('B')).toEqual(['\\raw']);
    // 2.x scripts read the board through env.BoardConfig(); the stand-in itself is no value.
    const board = appendedValues(parseScript('env.Append(\n  C=[env.BoardConfig().get("build.mcu"), env.BoardConfig().get("x", "d") + "_qspi", env.BoardConfig()],\n)\n'), { names: {}, board: (k) => (k === 'build.mcu' ? 'esp32' : undefined) });
    expect(board.get('C')).toEqual(['esp32', 'd_qspi', undefined]);
  });

  const { defined } = indexedFixture('platformio-esp32-sdk');

  it('the index reads the SDK\'s configuration and headers, the variant and the core\'s library, with the script\'s C++ options', () => {
    const names = ['esp32_sdk_headers', 'esp32s3_sdk_headers', 'cxx20_dialect', 'cxx11_dialect', 'built_without_exceptions', 'clock_and_core_version', 'WiFiClass::begin'];
    expect(names.filter((n) => defined(n, 'esp32dev'))).toEqual(['esp32_sdk_headers', 'cxx20_dialect', 'built_without_exceptions', 'clock_and_core_version', 'WiFiClass::begin']);
    expect(names.filter((n) => defined(n, 'esp32s3'))).toEqual(['esp32s3_sdk_headers', 'cxx11_dialect', 'clock_and_core_version', 'WiFiClass::begin']);
  });
});
