// Derived PlatformIO envs with framework = arduino: the flags each platform's Arduino builder adds after build_flags
// (arduino-builders.ts), build_unflags over them, the note for a platform without a builder, and the index they give.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { BuildDescription } from '../../adapters/contract.js';
import { arduinoBuilderFlags } from '../../adapters/platformio/arduino-builders.js';
import { describePlatformioProject } from '../../adapters/platformio/detect-platformio.js';
import { copyFixture, removeFixture } from './fixture-helper.js';
import { indexedFixture } from './indexed-fixture.js';

describe('PlatformIO Arduino builders', () => {
  const root = copyFixture('platformio-arduino-framework');
  afterAll(() => removeFixture(root));
  const r = describePlatformioProject(root, root, { env: {} });
  const env = (n: string): BuildDescription => r.builds.find((b) => b.variant === n)!;
  const args = (n: string) => env(n).units[0].arguments;
  const dargs = (n: string) => args(n).filter((a) => a.startsWith('-D'));
  /** The builder's target flags (-mcpu, -mthumb, -mfpu, ...) among its CCFLAGS. */
  const target = (f: { ccFlags: string[] }) => f.ccFlags.filter((a) => a.startsWith('-m'));

  it('STM32 core: series, ARDUINO, ARDUINO_ARCH_STM32, the board id from the core\'s remap, after build_flags; build_unflags removes one', () => {
    expect(env('nucleo').defines).toMatchObject({
      STM32L476xx: '1',
      STM32L4xx: '1',
      ARDUINO: '10808',
      ARDUINO_ARCH_STM32: '1',
      ARDUINO_NUCLEO_L476RG: '1',
      BOARD_NAME: '"NUCLEO_L476RG"',
      HAL_UART_MODULE_ENABLED: '1',
      VARIANT_H: '"variant_NUCLEO_L476RG.h"',
    });
    expect(env('nucleo').defines).not.toHaveProperty('USE_FULL_LL_DRIVER');
    // A Cortex-M4 compiles with the hard-float ABI, as the core's builder sets it.
    expect(args('nucleo')).toEqual(expect.arrayContaining(['-mcpu=cortex-m4', '-mfpu=fpv4-sp-d16', '-mfloat-abi=hard']));
  });

  it('STM32 core, a generic board no folder holds: family, series and -mcpu from the board id; USB CDC and the DFU bootloader from the env', () => {
    const d = env('bluepill').defines!;
    expect(d).toMatchObject({ STM32F1xx: '1', ARDUINO_ARCH_STM32: '1', VARIANT_H: '"variant_generic.h"' });
    expect(d).toMatchObject({ USBD_USE_CDC: '1', USBCON: '1', USB_VID: '0', USB_PID: '0', HAL_PCD_MODULE_ENABLED: '1', BL_LEGACY_LEAF: '1', VECT_TAB_OFFSET: '0x2000' });
    // The whole MCU name (package and temperature range) is not in the id, so neither is the board id made from it.
    expect(Object.keys(d).filter((k) => k.startsWith('ARDUINO_GENERIC') || k === 'BOARD_NAME')).toEqual([]);
    expect(args('bluepill')).toEqual(expect.arrayContaining(['-mcpu=cortex-m3', '-mthumb']));
    expect(args('bluepill')).not.toContain('-mfloat-abi=hard');
    // build_flags come first, the framework's after them (PlatformIO runs its builder after build_flags).
    expect(dargs('bluepill').indexOf('-DPIO_FRAMEWORK_ARDUINO_ENABLE_CDC')).toBeLessThan(dargs('bluepill').indexOf('-DARDUINO_ARCH_STM32'));
  });

  it('STM32 core, a generic board whose board_build.mcu names the whole MCU: GENERIC_<line><pins><flash><package>X', () => {
    expect(env('f103_whole').defines).toMatchObject({ STM32F1xx: '1', ARDUINO_GENERIC_F103RCTX: '1', BOARD_NAME: '"GENERIC_F103RCTX"', VARIANT_H: '"variant_generic.h"' });
  });

  it('Maple core (board_build.core = maple), a generic board no folder holds: the MCU\'s variant, error LED and vector table, in the builder\'s order', () => {
    expect(dargs('maple_f103ve')).toEqual([
      '-DPLATFORMIO=60118',
      // Its upload protocol is neither dfu nor serial: the builder keeps the debug port and USB serial on.
      '-DCONFIG_MAPLE_MINI_NO_DISABLE_DEBUG=1', '-DSERIAL_USB', '-DGENERIC_BOOTLOADER',
      '-DDEBUG_LEVEL=DEBUG_NONE', '-DBOARD_generic_stm32f103v', '-DVECT_TAB_ADDR=134217728', '-DERROR_LED_PORT=GPIOE', '-DERROR_LED_PIN=6',
      '-DARDUINO=10610', '-DARDUINO_generic_stm32f103v', '-DARDUINO_ARCH_STM32F1', '-D__STM32F1__', '-DMCU_STM32F103VE',
    ]);
    expect(env('maple_f103ve').defines).not.toHaveProperty('ARDUINO_ARCH_STM32');
    expect(args('maple_f103ve')).toEqual(expect.arrayContaining(['-march=armv7-m', '-mcpu=cortex-m3', '-std=gnu++11', '-fno-rtti', '-fno-exceptions']));
    expect(args('maple_f103ve')).not.toContain('-std=gnu++14');
  });

  it('Maple core, a Maple board: USB serial and its bootloader\'s vector table, its own variant; the package\'s folders', () => {
    expect(env('maple_mini').defines).toMatchObject({ SERIAL_USB: '1', BOARD_maple_mini: '1', ARDUINO_maple_mini: '1', VECT_TAB_ADDR: '134225920', MCU_STM32F103CB: '1', F_CPU: '72000000L' });
    expect(env('maple_mini').defines).not.toHaveProperty('GENERIC_BOOTLOADER');
    const maple = path.join(root, 'pio-core', 'packages', 'framework-arduinoststm32-maple', 'STM32F1');
    const includes = args('maple_mini').filter((a) => a.startsWith('-I')).map((a) => a.slice(2));
    expect(includes).toEqual(expect.arrayContaining([path.join(maple, 'cores', 'maple'), path.join(maple, 'system', 'libmaple', 'stm32f1', 'include'), path.join(maple, 'variants', 'maple_mini')]));
    // The F4 builder's board: its own defines, no vector table define but USER_ADDR_ROM.
    const f4 = arduinoBuilderFlags({ platform: 'ststm32', boardId: 'disco_f407vg', manifest: { file: '', data: { build: { core: 'maple', mcu: 'stm32f407vgt6', cpu: 'cortex-m4' } } }, defines: [] })!;
    expect(f4.defines).toEqual(expect.arrayContaining([['BOARD_discovery_f4', undefined], ['ARDUINO_DISCOVERY_F407', undefined], ['__STM32F4__', undefined], ['USER_ADDR_ROM', '0x8000000'], ['ERROR_LED_PORT', 'GPIOD'], ['USB_NC', undefined]]));
    expect(f4.ccFlags).not.toContain('-march=armv7-m');
  });

  it('STM32 core, a vendor board no folder holds whose id names its part: series, -mcpu and the board id', () => {
    const f = arduinoBuilderFlags({ platform: 'ststm32', boardId: 'nucleo_f767zi', defines: [] })!;
    expect(f.defines).toEqual(expect.arrayContaining([['STM32F7xx', undefined], ['ARDUINO_NUCLEO_F767ZI', undefined], ['VARIANT_H', '"variant_NUCLEO_F767ZI.h"']]));
    expect(target(f)).toEqual(['-mcpu=cortex-m7', '-mthumb', '-mfpu=fpv4-sp-d16', '-mfloat-abi=hard']);
    expect(f.missing).toEqual([]);
    expect(target(arduinoBuilderFlags({ platform: 'ststm32', boardId: 'malyanm200_f070cb', defines: [] })!)).toEqual(['-mcpu=cortex-m0', '-mthumb']);
    // An id that names no part: the series and target stay unknown, and the note says so.
    const unknown = arduinoBuilderFlags({ platform: 'ststm32', boardId: 'armed_v1', defines: [] })!;
    expect(target(unknown)).toEqual([]);
    expect(unknown.defines.some(([n]) => /^STM32.*xx$/.test(n))).toBe(false);
    expect(unknown.missing).toEqual(["the board's MCU"]);
  });

  it('AVR, ESP32, SAM and Teensy builders', () => {
    expect(env('mega').defines).toMatchObject({ ARDUINO_AVR_MEGA2560: '1', ARDUINO_ARCH_AVR: '1', ARDUINO: '10808', F_CPU: '16000000L' });
    expect(env('esp32dev').defines).toMatchObject({
      ESP_PLATFORM: '1',
      ARDUINO_ARCH_ESP32: '1',
      ESP32: '1',
      ARDUINO: '10812',
      ARDUINO_VARIANT: '"esp32"',
      ARDUINO_BOARD: '"Espressif ESP32 Dev Module"',
      ARDUINO_PARTITION_min_spiffs: '1',
    });
    expect(env('due').defines).toMatchObject({ ARDUINO: '10805', USBCON: '1', ARDUINO_ARCH_SAM: '1', USB_VID: '0x2341', USB_PID: '0x003E', USB_PRODUCT: '"Arduino Due"', USB_MANUFACTURER: '"Arduino"' });
    // Teensy: the installed Teensyduino's version; USB_MIDI from build_flags stands for the default USB_SERIAL.
    expect(env('teensy41').defines).toMatchObject({ USB_MIDI: '1', ARDUINO: '10805', TEENSYDUINO: '159', CORE_TEENSY: '1', LAYOUT_US_ENGLISH: '1' });
    expect(env('teensy41').defines).not.toHaveProperty('USB_SERIAL');
    expect(args('teensy41')).toEqual(expect.arrayContaining(['-mfloat-abi=hard', '-mfpu=fpv5-d16']));
  });

  it('nRF52 with the Adafruit core: its defines, the softdevice, TinyUSB and the core version from the installed core, the FPU', () => {
    expect(env('feather52840').defines).toMatchObject({
      ARDUINO_NRF52840_FEATHER: '1',
      ARDUINO: '10804',
      ARDUINO_ARCH_NRF52: '1',
      ARDUINO_BSP_VERSION: '"1.6.1"',
      ARDUINO_NRF52_ADAFRUIT: '1',
      NRF52_SERIES: '1',
      LFS_NAME_MAX: '64',
      SOFTDEVICE_PRESENT: '1',
      USBCON: '1',
      USE_TINYUSB: '1',
      USB_VID: '0x239A',
      USB_PRODUCT: '"Feather nRF52840 Express"',
      CFG_DEBUG: '0',
    });
    expect(args('feather52840')).toEqual(expect.arrayContaining(['-mcpu=cortex-m4', '-mfloat-abi=hard', '-mfpu=fpv4-sp-d16']));
    // Without the core installed, TinyUSB's defines and the core version are what the builder would read from it.
    const bare = arduinoBuilderFlags({ platform: 'nordicnrf52', boardId: 'x', manifest: { file: '', data: { build: { bsp: { name: 'adafruit' } } } }, defines: [['CFG_DEBUG', '1']] })!;
    expect(bare.defines.map(([n]) => n)).not.toContain('USE_TINYUSB');
    expect(bare.defines.map(([n]) => n)).not.toContain('CFG_DEBUG');
    expect(bare.missing).toEqual(["ARDUINO_BSP_VERSION (the installed core's version)", 'USE_TINYUSB (whether the installed core bundles TinyUSB)']);
    // A board of the nRF5 core is left to the note.
    expect(arduinoBuilderFlags({ platform: 'nordicnrf52', boardId: 'x', manifest: { file: '', data: {} }, defines: [] })).toBeUndefined();
  });

  it('arduino-pico (build.core earlephilhower): the chip\'s defines from the installed core, the flash layout, USB, lwIP, the target', () => {
    const fsEnd = 0x10000000 + 2097152 - 4096;
    expect(env('rpipico').defines).toMatchObject({
      PICO_PLATFORM: 'rp2040',
      PICO_RP2040: '1',
      TARGET_RP2040: '1',
      LIB_PICO_STDLIB: '1',
      CYW43_WARN: '//',
      ARDUINO: '10810',
      ARDUINO_ARCH_RP2040: '1',
      BOARD_NAME: '"rpipico"',
      PICO_FLASH_SIZE_BYTES: '2097152',
      FS_START: String(fsEnd - 0x80000),
      FS_END: String(fsEnd),
      CFG_TUSB_MCU: 'OPT_MCU_RP2040',
      USB_VID: '0x2E8A',
      USBD_PID: '0x000A',
      USB_MANUFACTURER: '"Raspberry Pi"',
      USB_PRODUCT: '"Pico"',
      // The board's own value stands; the builder adds 500 only when none is given.
      USBD_MAX_POWER_MA: '250',
      LWIP_IPV6: '0',
      ARDUINO_VARIANT: '"rpipico"',
    });
    expect(args('rpipico')).toEqual(expect.arrayContaining(['-march=armv6-m', '-mcpu=cortex-m0plus', '-mthumb']));
    // USB off in build_flags: NO_USB and none of the stack's defines.
    expect(env('rpipico2').defines).toMatchObject({ NO_USB: '1', DISABLE_USB_SERIAL: '1', ARDUINO_ARCH_RP2040: '1' });
    expect(env('rpipico2').defines).not.toHaveProperty('CFG_TUSB_MCU');
    // Arduino's mbed core (the platform's default core) without its package: the core's own defines, the variant files missing.
    const mbed = arduinoBuilderFlags({ platform: 'raspberrypi', boardId: 'pico', manifest: { file: '', data: { build: { mcu: 'rp2040' } } }, defines: [] })!;
    expect([mbed.defines, mbed.missing]).toEqual([[['ARDUINO', '10810'], ['ARDUINO_ARCH_MBED', undefined]], ["the installed core's variant files"]]);
    const rp2350 = arduinoBuilderFlags({ platform: 'raspberrypi', boardId: 'rpipico2', manifest: { file: '', data: { build: { core: 'earlephilhower', mcu: 'rp2350' }, upload: { maximum_size: 4194304 } } }, defines: [['PIO_FRAMEWORK_ARDUINO_ENABLE_IPV6', undefined]] })!;
    expect(target(rp2350)).toEqual(['-mcpu=cortex-m33', '-mthumb', '-march=armv8-m.main+fp+dsp', '-mfloat-abi=softfp', '-mcmse']);
    expect(rp2350.defines).toEqual(expect.arrayContaining([['LWIP_IPV6', '1'], ['FS_START', String(0x10000000 + 4194304 - 4096)], ['USBD_MAX_POWER_MA', '500']]));
    expect(rp2350.missing).toEqual(["the chip's defines (the installed core's lib/rp2350/platform_def.txt)"]);
  });

  it('the builders\' compile options: CXXFLAGS and CFLAGS by language before CCFLAGS, build_flags\' -std with them, build_unflags from every scope', () => {
    const unitArgs = (n: string, file: string) => env(n).units.find((u) => u.file.endsWith(file))!.arguments;
    const hal = unitArgs('nucleo', 'hal.cpp');
    // SCons' CXXCOM: $CXXFLAGS, then $CCFLAGS (the platform's target flags, build_flags', the core's), then the defines.
    expect(hal.slice(hal.indexOf('-c') + 1, hal.indexOf('-c') + 6)).toEqual(['-std=gnu++14', '-fno-threadsafe-statics', '-fno-rtti', '-fno-exceptions', '-fno-use-cxa-atexit']);
    expect(hal.indexOf('-mcpu=cortex-m4')).toBeLessThan(hal.indexOf('-Os'));
    expect(hal.indexOf('-Os')).toBeLessThan(hal.findIndex((a) => a.startsWith('-D')));
    // build_flags' -std goes with the C++ flags, before the core's; build_unflags removes the core's -std and -fno-rtti.
    const cxx17 = unitArgs('nucleo_cxx17', 'hal.cpp');
    expect(cxx17.filter((a) => a.startsWith('-std='))).toEqual(['-std=gnu++17']);
    expect(cxx17).not.toContain('-fno-rtti');
    expect(cxx17).toContain('-fno-exceptions');
    // Teensy 4.1: the TEENSY_OPT_* profile the env names; Teensy 3.1: the default -O2; AVR: C++11 with RTTI.
    expect(unitArgs('teensy41', 'hal.cpp')).toEqual(expect.arrayContaining(['-Os', '--specs=nano.specs', '-std=gnu++17', '-fno-threadsafe-statics']));
    expect(unitArgs('teensy31', 'hal.cpp')).toContain('-O2');
    expect(unitArgs('mega', 'hal.cpp')).toEqual(expect.arrayContaining(['-std=gnu++11', '-fno-exceptions', '-Os', '-flto']));
    expect(unitArgs('mega', 'hal.cpp')).not.toContain('-fno-rtti');
    expect(unitArgs('feather52840', 'hal.cpp')).toContain('-Ofast');
    // A debug build: the release levels out of CCFLAGS, debug_build_flags in, the debug define after the framework's.
    const debug = unitArgs('bluepill_debug', 'hal.cpp');
    expect(debug.filter((a) => /^-(O|g)/.test(a))).toEqual(['-Og', '-g2', '-ggdb2']);
    expect(debug.filter((a) => a.startsWith('-D')).at(-1)).toBe('-D__PLATFORMIO_BUILD_DEBUG__');
    // A C source takes CFLAGS: the library finder's SPI is C++, so a C unit is checked through the flags alone.
    const c = arduinoBuilderFlags({ platform: 'atmelsam', boardId: 'due', defines: [] })!;
    expect([c.cFlags, c.cxxFlags.includes('-std=gnu++11')]).toEqual([['-std=gnu11'], true]);
    // Arduino-pico: exceptions and RTTI as the env's switches ask.
    const pico = (defines: [string, undefined][]) => arduinoBuilderFlags({ platform: 'raspberrypi', boardId: 'rpipico', manifest: { file: '', data: { build: { core: 'earlephilhower', mcu: 'rp2040' } } }, defines })!.cxxFlags;
    expect(pico([])).toEqual(['-fno-exceptions', '-fno-rtti', '-std=gnu++17']);
    expect(pico([['PIO_FRAMEWORK_ARDUINO_ENABLE_EXCEPTIONS', undefined], ['PIO_FRAMEWORK_ARDUINO_ENABLE_RTTI', undefined]])).toEqual(['-fexceptions', '-std=gnu++17']);
  });

  it('an installed framework package: the core\'s and the variant\'s folders after build_flags\' -I, its libraries as a storage', () => {
    const pkg = (p: string) => `-I${root}/pio-core/packages/${p}`;
    const includes = (n: string, file: string) => env(n).units.find((u) => u.file.endsWith(file))!.arguments.filter((a) => a.startsWith('-I'));
    expect(includes('mega', 'hal.cpp')).toEqual([`-I${root}/include`, `-I${root}/src`, pkg('framework-arduino-avr/libraries/SPI/src'), pkg('framework-arduino-avr/cores/arduino'), pkg('framework-arduino-avr/variants/mega')]);
    // SPI is included (by the library finder, whatever the #if around it says), Servo is not.
    expect(env('mega').units.map((u) => path.basename(u.file)).sort()).toEqual(['SPI.cpp', 'core_user.cpp', 'hal.cpp']);
    expect(includes('teensy41', 'hal.cpp')).toContain(pkg('framework-arduinoteensy/cores/teensy4'));
    // Arduino-pico: the core's folders, the chip's and the core's include lists (an absent folder left out), the variant.
    expect(includes('rpipico', 'hal.cpp').slice(2)).toEqual([
      pkg('framework-arduinopico/cores/rp2040'),
      pkg('framework-arduinopico/cores/rp2040/api/deprecated'),
      pkg('framework-arduinopico/cores/rp2040/api/deprecated-avr-comp'),
      pkg('framework-arduinopico/pico-sdk/src/rp2040/hardware_regs/include'),
      pkg('framework-arduinopico/include'),
      pkg('framework-arduinopico/variants/rpipico'),
    ]);
    // Not installed (no package folder): nothing added.
    expect(includes('esp32dev', 'hal.cpp')).toEqual([`-I${root}/include`, `-I${root}/src`]);
  });

  it('the STM32 and Adafruit nRF52 cores\' folders: the series\' HAL and CMSIS device folders, the CMSIS package, the variant among CCFLAGS; Nordic\'s, the softdevice\'s, FreeRTOS\'', () => {
    const pkg = (p: string) => `-I${root}/pio-core/packages/${p}`;
    const includes = (n: string) => env(n).units.find((u) => u.file.endsWith('hal.cpp'))!.arguments.filter((a) => a.startsWith('-I'));
    const st = (p: string) => pkg(`framework-arduinoststm32/${p}`);
    // The variant first (the builder passes it in CCFLAGS), then the project's folders, then the core's CPPPATH in its order.
    expect(includes('nucleo')).toEqual([
      st('variants/STM32L4xx/L476R(C-E-G)T'),
      `-I${root}/include`,
      `-I${root}/src`,
      ...['cores/arduino/avr', 'cores/arduino/stm32', 'cores/arduino/stm32/LL', 'cores/arduino/stm32/usb', 'cores/arduino/stm32/OpenAMP', 'cores/arduino/stm32/usb/hid', 'cores/arduino/stm32/usb/cdc'].map(st),
      ...['system/Drivers/STM32L4xx_HAL_Driver/Inc', 'system/Drivers/STM32L4xx_HAL_Driver/Src', 'system/STM32L4xx'].map(st),
      ...['system/Middlewares/ST/STM32_USB_Device_Library/Core/Inc', 'system/Middlewares/ST/STM32_USB_Device_Library/Core/Src'].map(st),
      ...['system/Middlewares/OpenAMP', 'system/Middlewares/OpenAMP/open-amp/lib/include', 'system/Middlewares/OpenAMP/libmetal/lib/include', 'system/Middlewares/OpenAMP/virtual_driver'].map(st),
      pkg('framework-cmsis/CMSIS/Core/Include'),
      st('system/Drivers/CMSIS/Device/ST/STM32L4xx/Include'),
      st('system/Drivers/CMSIS/Device/ST/STM32L4xx/Source/Templates/gcc'),
      pkg('framework-cmsis/CMSIS/DSP/Include'),
      pkg('framework-cmsis/CMSIS/DSP/PrivateInclude'),
      st('cores/arduino'),
    ]);
    // A generic board without a manifest: the series from its id, no variant.
    expect(includes('bluepill')).toContain(st('system/Drivers/CMSIS/Device/ST/STM32F1xx/Include'));
    expect(includes('bluepill')[0]).toBe(`-I${root}/include`);
    // SAM: the core, libsam, the bundled CMSIS, the variant. SAMD with Adafruit's core: CMSIS 5's folders, CMSIS-Atmel, TinyUSB.
    const sam = (p: string) => pkg(`framework-arduino-sam/${p}`);
    expect(includes('due').slice(2)).toEqual([...['cores/arduino', 'system/libsam', 'system/CMSIS/CMSIS/Include', 'system/CMSIS/Device/ATMEL', 'variants/arduino_due_x'].map(sam)]);
    const samd = (p: string) => pkg(`framework-arduino-samd-adafruit/${p}`);
    expect(includes('grandcentral').slice(2)).toEqual([
      pkg('framework-cmsis/CMSIS/Core/Include'),
      pkg('framework-cmsis-atmel/CMSIS/Device/ATMEL'),
      samd('cores/arduino'),
      samd('libraries/Adafruit_TinyUSB_Arduino/src/arduino'),
      pkg('framework-cmsis/CMSIS/DSP/Include'),
      samd('variants/grand_central_m4'),
    ]);
    expect(env('grandcentral').defines).toMatchObject({ ARDUINO_ARCH_SAMD: '1', USB_CONFIG_POWER: '100', ARDUINO_SAMD_ADAFRUIT: '1', USBCON: '1' });
    // Arduino's mbed core: the variant's include list (under the core) ahead of every -I, then the core's and the variant's.
    const mbed = (p: string) => pkg(`framework-arduino-mbed/${p}`);
    expect(includes('nano_connect')).toEqual([
      mbed('cores/arduino/mbed'),
      mbed('cores/arduino/mbed/targets'),
      `-I${root}/include`,
      `-I${root}/src`,
      ...['cores/arduino', 'cores/arduino/api/deprecated', 'cores/arduino/api/deprecated-avr-comp', 'variants/NANO_RP2040_CONNECT'].map(mbed),
    ]);
    // Its flag files: each language's own first (CXXFLAGS), then CCFLAGS: the board's target, what C and C++ share (sorted).
    const connect = env('nano_connect').units.find((u) => u.file.endsWith('hal.cpp'))!.arguments;
    const c = connect.indexOf('-c');
    expect(connect.slice(c + 1, c + 10)).toEqual(['-fno-rtti', '-std=gnu++14', '-mcpu=cortex-m0plus', '-mthumb', '-Os', '-c', '-mcpu=cortex-m0plus', '-mthumb', '-nostdlib']);
    expect(Object.keys(env('nano_connect').defines!).slice(-6)).toEqual(['ARDUINO_NANO_RP2040_CONNECT', 'ARDUINO_ARCH_RP2040', 'MBED_NO_GLOBAL_USING_DIRECTIVE', 'TARGET_RP2040', 'ARDUINO', 'ARDUINO_ARCH_MBED']);
    const nrf = (p: string) => pkg(`framework-arduinoadafruitnrf52/${p}`);
    const nordic = 'cores/nRF5/nordic';
    expect(includes('feather52840').slice(2)).toEqual([
      pkg('framework-cmsis/CMSIS/Core/Include'),
      pkg('framework-cmsis/CMSIS/DSP/Include'),
      ...[nordic, `${nordic}/nrfx`, `${nordic}/nrfx/hal`, `${nordic}/nrfx/mdk`, `${nordic}/nrfx/soc`, `${nordic}/nrfx/drivers/include`, `${nordic}/nrfx/drivers/src`].map(nrf),
      nrf(`${nordic}/softdevice/s140_nrf52_6.1.1_API/include`),
      nrf(`${nordic}/softdevice/s140_nrf52_6.1.1_API/include/nrf52`),
      ...['Source/include', 'config', 'portable/GCC/nrf52', 'portable/CMSIS/nrf52'].map((p) => nrf(`cores/nRF5/freertos/${p}`)),
      nrf('libraries/Adafruit_TinyUSB_Arduino/src/arduino'),
      nrf('cores/nRF5'),
      nrf('variants/feather_nrf52840_express'),
    ]);
  });

  it('ESP8266 core: its defines by the env\'s switches (SDK, lwIP, MMU), its compile options, the installed core\'s folders', () => {
    expect(env('nodemcu').defines).toMatchObject({
      ESP8266: '1', ARDUINO_ARCH_ESP8266: '1', __ets__: '1', ICACHE_FLASH: '1', ARDUINO: '10805', ARDUINO_BOARD: '"PLATFORMIO_NODEMCUV2"', FLASHMODE_DIO: '1',
      LWIP_OPEN_SRC: '1', NONOSDK22x_190703: '1', TCP_MSS: '1460', LWIP_FEATURES: '1', LWIP_IPV6: '0', VTABLES_IN_FLASH: '1', MMU_IRAM_SIZE: '0x8000', MMU_ICACHE_SIZE: '0x8000',
    });
    const hal = env('nodemcu').units.find((u) => u.file.endsWith('hal.cpp'))!.arguments;
    expect(hal).toEqual(expect.arrayContaining(['-fno-rtti', '-std=gnu++17', '-fno-exceptions', '-Os', '-mlongcalls', '-U__STRICT_ANSI__']));
    const core = (p: string) => `-I${root}/pio-core/packages/framework-arduinoespressif8266/${p}`;
    expect(hal.filter((a) => a.startsWith('-I')).slice(2)).toEqual(['tools/sdk/include', 'tools/sdk/libc/xtensa-lx106-elf/include', 'cores/esp8266', 'tools/sdk/lwip2/include', 'variants/nodemcu'].map(core));
    // Other switches: an SDK, IPv6, a second-heap MMU layout, exceptions; an env's own VTABLES_IN_* define is kept alone.
    const flags = arduinoBuilderFlags({ platform: 'espressif8266', boardId: 'd1_mini', manifest: { file: '', data: { build: { flash_mode: 'dout' } } }, defines: ['ESPRESSIF_SDK3', 'LWIP2_IPV6_LOW_MEMORY', 'MMU_CACHE16_IRAM48_SECHEAP_SHARED', 'ENABLE_EXCEPTIONS'].map((s): [string, undefined] => [`PIO_FRAMEWORK_ARDUINO_${s}`, undefined]).concat([['VTABLES_IN_IRAM', undefined]]) })!;
    expect(flags.defines).toEqual(expect.arrayContaining([['FLASHMODE_DOUT', undefined], ['NONOSDK3V0', '1'], ['TCP_MSS', '536'], ['LWIP_IPV6', '1'], ['MMU_IRAM_SIZE', '0xC000'], ['MMU_IRAM_HEAP', undefined]]));
    expect(flags.defines.map(([n]) => n)).not.toContain('VTABLES_IN_FLASH');
    expect(flags.cxxFlags).toContain('-fexceptions');
  });

  it('a Teensy board no folder holds: its manifest from the built-in table (MCU, clock, board defines), AVR for Teensy 2.0++', () => {
    expect(env('teensy31').defines).toMatchObject({ __MK20DX256__: '1', ARDUINO_TEENSY31: '1', F_CPU: '72000000L', CORE_TEENSY: '1', LAYOUT_US_ENGLISH: '1', USB_SERIAL: '1' });
    expect(args('teensy31')).toEqual(expect.arrayContaining(['-mcpu=cortex-m4', '-mthumb']));
    expect(env('teensy31').description).toMatch(/board teensy31 from the built-in teensy table/);
    expect(args('teensy2pp')[0]).toBe('avr-g++');
    expect(args('teensy2pp')).toContain('-mmcu=at90usb1286');
    expect(env('teensy2pp').defines).toMatchObject({ ARDUINO_TEENSY2PP: '1', F_CPU: '16000000L' });
    expect(r.diagnostics.find((d) => /no board manifest found/.test(d.message))?.message ?? '').not.toMatch(/teensy/);
  });

  it('one note names the envs whose framework builder is not applied, and what the generic board lacks', () => {
    const notes = r.diagnostics.filter((d) => /framework whose own defines/.test(d.message));
    expect(notes).toHaveLength(1);
    expect(notes[0].message).toMatch(
      /^3 derived env\(s\) .*: bluepill \(arduino without the board's whole MCU name \(ARDUINO_<board>\)\), pico \(arduino without the installed core's variant files\), rpipico2 \(arduino without the board's MCU, the board's flash size \(PICO_FLASH_SIZE_BYTES, FS_START, FS_END\)\);/,
    );
  });
});

describe('PlatformIO Arduino builders, installed packages', () => {
  it('a package file is read once for all the envs that consult it', () => {
    const root = copyFixture('platformio-arduino-framework');
    const ini = path.join(root, 'platformio.ini');
    // Two more envs on the remapped board: four envs consult the STM32 core's remap.
    fs.appendFileSync(ini, '\n[env:nucleo_b]\nplatform = ststm32\nboard = nucleo_l476rg\n\n[env:nucleo_c]\nplatform = ststm32\nboard = nucleo_l476rg\n');
    const read = vi.spyOn(fs, 'readFileSync');
    try {
      const builds = describePlatformioProject(root, root, { env: {} }).builds;
      expect(builds.filter((b) => b.defines?.ARDUINO_NUCLEO_L476RG === '1').map((b) => b.variant)).toEqual(['nucleo', 'nucleo_cxx17', 'nucleo_b', 'nucleo_c']);
      const reads = (name: string) => read.mock.calls.filter(([f]) => typeof f === 'string' && f.endsWith(name)).length;
      expect(reads('boards_remap.json')).toBe(1);
      expect(reads(path.join('framework-arduinoteensy', 'package.json'))).toBe(1);
    } finally {
      read.mockRestore();
      removeFixture(root);
    }
  });

  it('platforms_dir and packages_dir point where the platforms and packages are installed', () => {
    const root = copyFixture('platformio-arduino-framework');
    fs.mkdirSync(path.join(root, 'elsewhere'));
    fs.renameSync(path.join(root, 'pio-core', 'platforms'), path.join(root, 'elsewhere', 'plats'));
    fs.renameSync(path.join(root, 'pio-core', 'packages'), path.join(root, 'elsewhere', 'pkgs'));
    const ini = path.join(root, 'platformio.ini');
    fs.writeFileSync(ini, fs.readFileSync(ini, 'utf8').replace('core_dir = pio-core', 'core_dir = pio-core\nplatforms_dir = elsewhere/plats\npackages_dir = elsewhere/pkgs'));
    try {
      const builds = describePlatformioProject(root, root, { env: {} }).builds;
      const defines = (n: string) => builds.find((b) => b.variant === n)?.defines;
      // The manifest from the platform's folder, the remap and Teensyduino's version from the packages.
      expect(defines('mega')).toMatchObject({ ARDUINO_AVR_MEGA2560: '1', F_CPU: '16000000L' });
      expect(defines('nucleo')).toMatchObject({ ARDUINO_NUCLEO_L476RG: '1' });
      expect(defines('teensy41')).toMatchObject({ TEENSYDUINO: '159' });
      expect(defines('feather52840')).toMatchObject({ USE_TINYUSB: '1', ARDUINO_BSP_VERSION: '"1.6.1"' });
    } finally {
      removeFixture(root);
    }
  });
});

describe('PlatformIO Arduino builders, indexed', () => {
  const { defined } = indexedFixture('platformio-arduino-framework');
  const HALS = ['hal_init_avr', 'hal_init_maple_f103v', 'hal_init_maple_mini', 'hal_init_stm32l4', 'hal_init_stm32f1', 'hal_init_esp32', 'hal_init_esp8266', 'hal_init_sam', 'hal_init_samd51', 'hal_init_teensy', 'hal_init_nrf52', 'hal_init_mbed_rp2040', 'hal_init_rp2040', 'hal_init_rp2xx0'];

  it('each env compiles the HAL its framework selects, and no other', () => {
    const expected: Record<string, string> = { mega: 'hal_init_avr', maple_f103ve: 'hal_init_maple_f103v', maple_mini: 'hal_init_maple_mini', nucleo: 'hal_init_stm32l4', bluepill: 'hal_init_stm32f1', f103_whole: 'hal_init_stm32f1', esp32dev: 'hal_init_esp32', nodemcu: 'hal_init_esp8266', due: 'hal_init_sam', grandcentral: 'hal_init_samd51', teensy41: 'hal_init_teensy', teensy31: 'hal_init_teensy', teensy2pp: 'hal_init_teensy', feather52840: 'hal_init_nrf52', nano_connect: 'hal_init_mbed_rp2040', rpipico: 'hal_init_rp2040', rpipico2: 'hal_init_rp2xx0' };
    for (const [variant, hal] of Object.entries(expected)) {
      expect(HALS.filter((h) => defined(h, variant)), variant).toEqual([hal]);
    }
    // The mbed core without its package (pico has no manifest): the file's #error branch, no HAL.
    expect(HALS.filter((h) => defined(h, 'pico'))).toEqual([]);
  });

  it('the switches the builders derive select code: USB CDC, the hard-float ABI, Teensy\'s USB type, the generic board id, build_unflags, the Pico\'s filesystem and USB', () => {
    expect(defined('usb_cdc_start', 'bluepill')).toBe(true);
    expect(defined('usb_cdc_start', 'nucleo')).toBe(false);
    expect(defined('hard_float_path', 'nucleo')).toBe(true);
    expect(defined('hard_float_path', 'teensy41')).toBe(true);
    expect(defined('hard_float_path', 'bluepill')).toBe(false);
    expect(defined('teensy_usb_midi', 'teensy41')).toBe(true);
    expect(defined('teensy_usb_serial', 'teensy41')).toBe(false);
    expect(defined('generic_f103rc_variant', 'f103_whole')).toBe(true);
    expect(defined('ll_drivers', 'f103_whole')).toBe(true);
    expect(defined('ll_drivers', 'nucleo')).toBe(false);
    expect(defined('pico_littlefs_half_mb', 'rpipico')).toBe(true);
    expect(defined('pico_littlefs_half_mb', 'rpipico2')).toBe(false);
    expect(defined('pico_no_usb', 'rpipico2')).toBe(true);
    expect(defined('pico_no_usb', 'rpipico')).toBe(false);
  });

  it('the builders\' compile options select code: the C++ dialect, exceptions, RTTI, -Os, -Ofast', () => {
    const names = ['cxx14_dialect', 'cxx17_dialect', 'built_without_exceptions', 'built_without_rtti', 'optimized_for_size', 'fast_math'];
    const selected = (variant: string) => names.filter((n) => defined(n, variant));
    expect(selected('nucleo')).toEqual(['cxx14_dialect', 'built_without_exceptions', 'built_without_rtti', 'optimized_for_size']);
    expect(selected('nucleo_cxx17')).toEqual(['cxx17_dialect', 'built_without_exceptions', 'optimized_for_size']);
    expect(selected('teensy41')).toEqual(['cxx17_dialect', 'built_without_exceptions', 'built_without_rtti', 'optimized_for_size']);
    expect(selected('teensy31')).toEqual(['cxx17_dialect', 'built_without_exceptions', 'built_without_rtti']);
    expect(selected('feather52840')).toEqual(['built_without_exceptions', 'built_without_rtti', 'fast_math']);
    // build_type = debug: -Os gives way to debug_build_flags' -Og, and __PLATFORMIO_BUILD_DEBUG__ is defined.
    expect(selected('bluepill')).toEqual(['cxx14_dialect', 'built_without_exceptions', 'built_without_rtti', 'optimized_for_size']);
    expect(selected('bluepill_debug')).toEqual(['cxx14_dialect', 'built_without_exceptions', 'built_without_rtti']);
    expect(defined('debug_build', 'bluepill_debug')).toBe(true);
    expect(defined('debug_build', 'bluepill')).toBe(false);
    // Arduino-ESP32's options come from its SDK, not derived here: the compiler's defaults.
    expect(selected('esp32dev')).toEqual(['cxx17_dialect']);
    // The Maple core: C++11 without exceptions or RTTI, at -Os.
    expect(selected('maple_f103ve')).toEqual(['built_without_exceptions', 'built_without_rtti', 'optimized_for_size']);
    expect(defined('cxx11_dialect', 'maple_f103ve')).toBe(true);
  });

  it('the installed packages\' headers and framework libraries are read: the core, the variant, SPI', () => {
    expect(defined('avr_core_and_variant', 'mega')).toBe(true);
    expect(defined('SPIClass::begin', 'mega')).toBe(true);
    expect(defined('pico_core_and_variant', 'rpipico')).toBe(true);
    expect(defined('teensy_core', 'teensy41')).toBe(true);
    expect(defined('stm32_core_device_and_variant', 'nucleo')).toBe(true);
    expect(defined('stm32f1_core_and_device', 'bluepill')).toBe(true);
    expect(defined('maple_core_libmaple_and_variant', 'maple_mini')).toBe(true);
    expect(defined('nrf52_core_nordic_and_softdevice', 'feather52840')).toBe(true);
    expect(defined('sam_core_libsam_and_variant', 'due')).toBe(true);
    expect(defined('mbed_core_includes_and_variant', 'nano_connect')).toBe(true);
    expect(defined('esp8266_core_sdk_and_variant', 'nodemcu')).toBe(true);
    expect(defined('samd_core_cmsis_tinyusb_and_variant', 'grandcentral')).toBe(true);
    expect(defined('avr_core_and_variant', 'nucleo')).toBe(false);
  });
});
