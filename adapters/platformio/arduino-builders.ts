// The flags PlatformIO's Arduino framework builders add to every compile of an env (ARDUINO, ARDUINO_ARCH_*, the
// board's ARDUINO_<BOARD>, the core's own switches), per platform, as a derived env reads them without running them.
import path from 'node:path';
import { manifestField, manifestString, type BoardManifest } from './board-manifest.js';
import { parseBuildFlags, type PioFlags } from './build-flags.js';
import type { InstalledPackages } from './installed-packages.js';
import { builderCompileOptions } from './builder-compile-options.js';
import { esp32Sdk } from './esp32-sdk.js';
import { mbedCoreFlags } from './arduino-mbed-core.js';
import { esp8266Defines } from './esp8266-builder.js';

type Define = [string, string | undefined];

/** What a builder sees of the env: its board (id and manifest), its flags so far, its upload protocol, the installed packages. */
export interface BuilderInput {
  platform: string;
  boardId?: string;
  manifest?: BoardManifest;
  /** The defines before the framework's: the platform's, the board's extra_flags and build_flags, in order. */
  defines: readonly Define[];
  uploadProtocol?: string;
  /** The project's installed packages, when known (an installed framework package's files refine a few values). */
  packages?: InstalledPackages;
  /** The project's folder (a board's build.variants_dir is relative to it). */
  projectDir?: string;
}

/** The framework's defines and target flags; `missing` names what the builder would read but derivation lacks. */
interface BuilderDefines {
  defines: Define[];
  ccFlags: string[];
  missing: string[];
  /** The C and C++ flags a builder reads from its installed core (Arduino-ESP32's SDK script), else none. */
  cFlags?: string[];
  cxxFlags?: string[];
}

/** A builder's defines with its compile options (builder-compile-options.ts): CCFLAGS, CFLAGS and CXXFLAGS. */
export interface BuilderFlags extends BuilderDefines {
  cFlags: string[];
  cxxFlags: string[];
}

const has = (defines: readonly Define[], name: string) => defines.some(([n]) => n === name);
/** A C string literal define value, as the builders quote them (`\"...\"` on the command line). */
const quoted = (s: string) => `"${s.replace(/"/g, '')}"`;

/** `build.hwids[0]` as USB_VID / USB_PID, `0` for each when the manifest has none (as the STM32 builder defaults). */
function usbIds(m: BoardManifest | undefined): [string, string] {
  const hwids = manifestField(m, 'build.hwids');
  const first = Array.isArray(hwids) && Array.isArray(hwids[0]) ? (hwids[0] as unknown[]) : [0, 0];
  return [String(first[0] ?? 0), String(first[1] ?? 0)];
}

/** The USB descriptor defines the AVR and SAM builders add when the board names a USB product. */
function usbProductDefines(m: BoardManifest | undefined): Define[] {
  const product = manifestString(m, 'build.usb_product');
  if (product === undefined) return [];
  const [vid, pid] = usbIds(m);
  return [['USB_VID', vid], ['USB_PID', pid], ['USB_PRODUCT', quoted(product)], ['USB_MANUFACTURER', quoted(manifestString(m, 'vendor') ?? '')]];
}

/** platform-atmelavr, builder/frameworks/arduino.py. */
function atmelavr(input: BuilderInput): BuilderDefines {
  return { defines: [['ARDUINO_ARCH_AVR', undefined], ['ARDUINO', '10808'], ...usbProductDefines(input.manifest)], ccFlags: [], missing: [] };
}

/** The board id the STM32 core names its board by (ARDUINO_<id>): the manifest's, the core's remap, or from a generic board's MCU. */
function stm32BoardId(input: BuilderInput, mcu: string): string {
  const m = input.manifest;
  const own = manifestString(m, 'build.arduino.board');
  if (own) return own;
  const id = input.boardId ?? '';
  // An unreadable remap file is skipped, as the builder skips it.
  const remap = input.packages?.json('framework-arduinoststm32', 'tools/platformio/boards_remap.json');
  const mapped = remap && typeof remap === 'object' ? (remap as Record<string, unknown>)[id] : undefined;
  if (typeof mapped === 'string') return mapped;
  if (!id.toLowerCase().startsWith('generic')) return id.toUpperCase();
  const up = mcu.toUpperCase();
  if (up.length > 12) return `GENERIC_${up.slice(5, 12)}X`;
  return `GENERIC_${up.length > 10 ? `${up.slice(5, 11)}TX` : up}`;
}

/** The STM32 core's USB, USB speed and serial switches (PIO_FRAMEWORK_ARDUINO_* in build_flags). */
function stm32Switches(input: BuilderInput, own: Define[]): Define[] {
  const all = [...input.defines, ...own];
  const out: Define[] = [];
  const on = (name: string) => has(all, `PIO_FRAMEWORK_ARDUINO_${name}`);
  if (on('ENABLE_CDC')) out.push(['USBD_USE_CDC', undefined]);
  else if (on('ENABLE_CDC_WITHOUT_SERIAL')) out.push(['USBD_USE_CDC', undefined], ['DISABLE_GENERIC_SERIALUSB', undefined]);
  else if (on('ENABLE_HID')) out.push(['USBD_USE_HID_COMPOSITE', undefined]);
  if (on('ENABLE_CDC') || on('ENABLE_CDC_WITHOUT_SERIAL') || on('ENABLE_HID')) {
    const [vid, pid] = usbIds(input.manifest);
    out.push(['USBCON', undefined], ['USB_VID', vid], ['USB_PID', pid]);
  }
  if (has([...all, ...out], 'USBD_USE_CDC') || has([...all, ...out], 'USBD_USE_HID_COMPOSITE')) out.push(['HAL_PCD_MODULE_ENABLED', undefined]);
  if (on('USB_HIGHSPEED')) out.push(['USE_USB_HS', undefined]);
  else if (on('USB_HIGHSPEED_FULLMODE')) out.push(['USE_USB_HS', undefined], ['USE_USB_HS_IN_FS', undefined]);
  if (!on('SERIAL_DISABLED') && on('SERIAL_WITHOUT_GENERIC')) out.push(['HWSERIAL_NONE', undefined]);
  return out;
}

/** The STM32 core's bootloader defines for the upload protocol (hid: HID bootloader; dfu on an F103: the Maple one). */
function stm32Offset(input: BuilderInput, mcu: string): Define[] {
  let offset = 0;
  const out: Define[] = [];
  if (input.uploadProtocol === 'hid') {
    offset = mcu.startsWith('stm32f1') ? 0x800 : mcu.startsWith('stm32f4') ? 0x4000 : 0;
    out.push(['BL_HID', undefined]);
  } else if (input.uploadProtocol === 'dfu' && mcu.startsWith('stm32f103')) {
    offset = manifestString(input.manifest, 'upload.boot_version') === '1' ? 0x5000 : 0x2000;
    out.push(['BL_LEGACY_LEAF', undefined]);
  }
  if (offset !== 0) out.push(['VECT_TAB_OFFSET', `0x${offset.toString(16)}`]);
  return out;
}

/** The Cortex-M core of each STM32 family (ST's reference manuals), for a board whose manifest is missing. */
const STM32_FAMILY_CPUS: [RegExp, string][] = [
  [/^stm32f0/, 'cortex-m0'],
  [/^stm32(g0|l0|c0|u0)/, 'cortex-m0plus'],
  [/^stm32(f1|f2|l1)/, 'cortex-m3'],
  [/^stm32(f3|f4|g4|l4|wb|wl)/, 'cortex-m4'],
  [/^stm32(f7|h7)/, 'cortex-m7'],
  [/^stm32(l5|u5|h5)/, 'cortex-m33'],
];

/**
 * The board's MCU as far as it is known: the manifest's build.mcu, else the part the board's id names, as generic
 * boards and most vendor boards of the platform do (`genericSTM32F103RE`, `nucleo_f767zi`, `blackpill_f401cc` →
 * `stm32f103re`, ...: family, line, pins and flash, without the package and temperature range the manifest adds).
 */
function stm32Mcu(input: BuilderInput): { mcu: string; whole: boolean } {
  const mcu = manifestString(input.manifest, 'build.mcu');
  if (mcu) return { mcu: mcu.toLowerCase(), whole: true };
  const id = input.boardId ?? '';
  const part = /^generic(stm32[a-z]\d\w*)$/i.exec(id)?.[1] ?? /(?:^|_)(?:stm32)?([cfghluw][0-9a-z]\d\d[a-z][0-9a-z])(?:_|$)/i.exec(id)?.[1];
  const lower = part?.toLowerCase();
  return { mcu: lower ? (lower.startsWith('stm32') ? lower : `stm32${lower}`) : '', whole: false };
}

/**
 * The STM32 core's series (`STM32F1xx`): the first seven letters of the MCU without its last two (package and
 * temperature range, which a board id does not name), or undefined while the MCU is unknown.
 */
export function stm32Series(input: BuilderInput): string | undefined {
  const { mcu, whole } = stm32Mcu(input);
  return mcu.length >= 7 ? `${(whole ? mcu.slice(0, -2) : mcu).slice(0, 7).toUpperCase()}xx` : undefined;
}

/** -mcpu for a board whose manifest gives no build.cpu, from its MCU's family ([] when neither is known). */
function stm32TargetFlags(m: BoardManifest | undefined, mcu: string): { cpu: string; flags: string[] } {
  const cpu = manifestString(m, 'build.cpu');
  if (cpu) return { cpu, flags: [] };
  const family = STM32_FAMILY_CPUS.find(([re]) => re.test(mcu))?.[1];
  return family ? { cpu: family, flags: [`-mcpu=${family}`, '-mthumb'] } : { cpu: '', flags: [] };
}

/** The STM32 core (stm32duino Arduino_Core_STM32, tools/platformio/platformio-build.py), platform-ststm32's default Arduino core. */
function stm32duino(input: BuilderInput): BuilderDefines {
  const m = input.manifest;
  const { mcu, whole } = stm32Mcu(input);
  const target = stm32TargetFlags(m, mcu);
  // A generic board's id is made from its whole MCU name; without it, the board id and what names it stay unknown.
  const generic = (input.boardId ?? '').toLowerCase().startsWith('generic');
  const boardId = whole || !generic ? stm32BoardId(input, mcu) : undefined;
  const series = stm32Series(input);
  const variantH = manifestString(m, 'build.arduino.variant_h') ?? (generic ? 'variant_generic.h' : boardId ? `variant_${boardId}.h` : undefined);
  const own: Define[] = [
    ...(series ? [[series, undefined] as Define] : []),
    ['ARDUINO', '10808'],
    ['ARDUINO_ARCH_STM32', undefined],
    ...(boardId ? [[`ARDUINO_${boardId}`, undefined], ['BOARD_NAME', quoted(boardId)]] as Define[] : []),
    ...(has(input.defines, 'PIO_FRAMEWORK_ARDUINO_SERIAL_DISABLED') ? [] : [['HAL_UART_MODULE_ENABLED', undefined] as Define]),
    ['USE_FULL_LL_DRIVER', undefined],
    ...(variantH ? [['VARIANT_H', quoted(variantH)] as Define] : []),
  ];
  const extra = parseBuildFlags([manifestString(m, 'build.framework_extra_flags.arduino') ?? '']);
  own.push(...extra.defines, ...stm32Offset(input, mcu));
  own.push(...stm32Switches(input, own));
  const hardFloat = /cortex-m[47]/.test(target.cpu) && !mcu.includes('stm32wl');
  const missing = !mcu ? ['the board\'s MCU'] : boardId ? [] : ['the board\'s whole MCU name (ARDUINO_<board>)'];
  return { defines: own, ccFlags: [...target.flags, ...(hardFloat ? ['-mfpu=fpv4-sp-d16', '-mfloat-abi=hard'] : []), ...extra.ccFlags], missing };
}

function ststm32(input: BuilderInput): BuilderDefines | undefined {
  const core = manifestString(input.manifest, 'build.core');
  // The Maple and STM32L0 cores have builders of their own, not in this table.
  return core === 'maple' || core === 'stm32l0' ? undefined : stm32duino(input);
}

/**
 * Arduino-ESP32's builder (tools/platformio-build-<mcu>.py, and the libraries' build script pioarduino calls): with
 * the core installed, every define and flag its SDK's build script states (esp32-sdk.ts); without it, the
 * Arduino-facing defines every ESP32 chip shares.
 */
function espressif32(input: BuilderInput): BuilderDefines {
  const sdk = esp32Sdk(input);
  if (sdk) return { defines: sdk.defines, ccFlags: sdk.ccFlags, cFlags: sdk.cFlags, cxxFlags: sdk.cxxFlags, missing: sdk.missing };
  const m = input.manifest;
  const partitions = path.basename(manifestString(m, 'build.partitions') ?? 'default.csv').replace('.csv', '').replace(/-/g, '_');
  const variant = manifestString(m, 'build.variant');
  const name = manifestString(m, 'name');
  return {
    defines: [
      ['ESP_PLATFORM', undefined],
      ['ARDUINO_ARCH_ESP32', undefined],
      ['ESP32', undefined],
      ['ARDUINO', '10812'],
      ...(variant !== undefined ? [['ARDUINO_VARIANT', quoted(variant)] as Define] : []),
      ...(name !== undefined ? [['ARDUINO_BOARD', quoted(name)] as Define] : []),
      [`ARDUINO_PARTITION_${partitions}`, undefined],
    ],
    ccFlags: [],
    missing: [],
  };
}

/** platform-atmelsam, builder/frameworks/arduino/arduino-common.py with arduino-sam.py or arduino-samd.py. */
function atmelsam(input: BuilderInput): BuilderDefines {
  const m = input.manifest;
  const mcu = manifestString(m, 'build.mcu') ?? '';
  // The family (SAM or SAMD) is the manifest's build.system, else told by the MCU's name; with neither it is unknown.
  const family = manifestString(m, 'build.system') ?? (mcu ? (mcu.startsWith('at91') ? 'sam' : 'samd') : undefined);
  const core = (manifestString(m, 'build.core') ?? '').toLowerCase();
  const defines: Define[] = [['ARDUINO', '10805'], ['USBCON', undefined], ...usbProductDefines(m)];
  if (family === 'sam') defines.push(['ARDUINO_ARCH_SAM', undefined]);
  else if (family === 'samd') {
    // arduino-samd.py: the family's define, then the vendor cores' USB power, Adafruit's core define, Moteino's DSP target.
    defines.push(['ARDUINO_ARCH_SAMD', undefined]);
    if (['seeed', 'adafruit', 'moteino'].includes(core)) defines.push(['USB_CONFIG_POWER', manifestString(m, 'build.usb_power') ?? '100']);
    if (core === 'adafruit') defines.push(['ARDUINO_SAMD_ADAFRUIT', undefined]);
    if (core === 'moteino') defines.push(['ARM_MATH_CM0PLUS', undefined]);
  }
  const hardFloat = family === 'samd' && manifestString(m, 'build.cpu') === 'cortex-m4';
  return { defines, ccFlags: hardFloat ? ['-mfloat-abi=hard', '-mfpu=fpv4-sp-d16'] : [], missing: family ? [] : ['the board\'s MCU'] };
}

/** Teensy's USB types: without one of them in the flags, the builder picks USB_SERIAL. */
const TEENSY_USB = ['SERIAL', 'DUAL_SERIAL', 'TRIPLE_SERIAL', 'KEYBOARDONLY', 'TOUCHSCREEN', 'HID_TOUCHSCREEN', 'HID', 'SERIAL_HID', 'MIDI', 'MIDI4', 'MIDI16', 'MIDI_SERIAL', 'MIDI4_SERIAL', 'MIDI16_SERIAL', 'AUDIO', 'MIDI_AUDIO_SERIAL', 'MIDI16_AUDIO_SERIAL', 'MTPDISK', 'RAWHID', 'FLIGHTSIM', 'FLIGHTSIM_JOYSTICK', 'EVERYTHING', 'DISABLED'].map((t) => `USB_${t}`);

/** The installed Teensyduino package's minor version (TEENSYDUINO's value: 1.159.0 → 159), when it is installed. */
function teensyduinoVersion(packages: InstalledPackages | undefined): string | undefined {
  const text = packages?.text('framework-arduinoteensy', 'package.json');
  const version = text ? /"version"\s*:\s*"\d+\.(\d+)/.exec(text) : null;
  return version ? String(Number(version[1])) : undefined;
}

/** platform-teensy, builder/frameworks/arduino.py. */
function teensy(input: BuilderInput): BuilderDefines {
  const m = input.manifest;
  const core = manifestString(m, 'build.core');
  const version = teensyduinoVersion(input.packages);
  const defines: Define[] = [
    ...(TEENSY_USB.some((u) => has(input.defines, u)) ? [] : [['USB_SERIAL', undefined] as Define]),
    ['ARDUINO', '10805'],
    ...(version ? [['TEENSYDUINO', version] as Define] : []),
    ['CORE_TEENSY', undefined],
    ...(core === 'teensy' || core === 'teensy3' || core === 'teensy4' ? [['LAYOUT_US_ENGLISH', undefined] as Define] : []),
  ];
  // The FPU the builder names for these boards goes with the manifest's -mcpu; without the manifest neither is known.
  const id = input.boardId ?? '';
  const fpu = !manifestString(m, 'build.cpu') ? undefined : ['teensy35', 'teensy36'].includes(id) ? 'fpv4-sp-d16' : /^(teensy4|teensymm)/.test(id) ? 'fpv5-d16' : undefined;
  return { defines, ccFlags: fpu ? ['-mfloat-abi=hard', `-mfpu=${fpu}`] : [], missing: version ? [] : ['TEENSYDUINO (the installed Teensyduino version)'] };
}

/** The installed Adafruit nRF52 core's package name: Seeed's fork for the two XIAO boards the builder names. */
export function adafruitNrf52Package(boardId: string | undefined): string {
  return boardId === 'xiaoblesense_adafruit' || boardId === 'xiaoble_adafruit' ? 'framework-arduinoadafruitnrf52-seeed' : 'framework-arduinoadafruitnrf52';
}

/** The Adafruit core's version (ARDUINO_BSP_VERSION): the board's build.bsp.version, else the installed core's platform.txt. */
function adafruitBspVersion(m: BoardManifest | undefined, packages: InstalledPackages | undefined, pkg: string): string | undefined {
  const own = manifestString(m, 'build.bsp.version');
  if (own) return own;
  const text = packages?.text(pkg, 'platform.txt');
  return text ? /^version=(\d+\.\d+.\d+)/m.exec(text)?.[1] : undefined;
}

/**
 * platform-nordicnrf52, builder/frameworks/arduino/adafruit.py, for a board whose build.bsp.name is `adafruit` (the
 * nRF5 core's builder, the other one, is not in this table). TinyUSB's defines follow whether the installed core
 * bundles its library, so without the core installed they are named as missing.
 */
function nordicnrf52(input: BuilderInput): BuilderDefines | undefined {
  const m = input.manifest;
  if ((manifestString(m, 'build.bsp.name') ?? 'nrf5') !== 'adafruit') return undefined;
  const pkg = adafruitNrf52Package(input.boardId);
  const installed = input.packages?.hasDir(pkg) ?? false;
  const bsp = adafruitBspVersion(m, input.packages, pkg);
  const defines: Define[] = [
    ['ARDUINO', '10804'],
    ['ARDUINO_ARCH_NRF52', undefined],
    ...(bsp ? [['ARDUINO_BSP_VERSION', quoted(bsp)] as Define] : []),
    ['ARDUINO_NRF52_ADAFRUIT', undefined],
    ['NRF52_SERIES', undefined],
    ['LFS_NAME_MAX', '64'],
    ['DX_CC_TEE', undefined],
  ];
  if (manifestString(m, 'build.softdevice.sd_name')) defines.push(['SOFTDEVICE_PRESENT', undefined]);
  const tinyUsb = input.packages?.hasDir(pkg, 'libraries/Adafruit_TinyUSB_Arduino') === true;
  if (tinyUsb && input.boardId !== 'adafruit_feather_nrf52832') defines.push(['USBCON', undefined], ['USE_TINYUSB', undefined]);
  defines.push(...usbProductDefines(m));
  if (!has([...input.defines, ...defines], 'CFG_DEBUG')) defines.push(['CFG_DEBUG', '0']);
  const missing = [...(bsp ? [] : ['ARDUINO_BSP_VERSION (the installed core\'s version)']), ...(installed ? [] : ['USE_TINYUSB (whether the installed core bundles TinyUSB)'])];
  const hardFloat = manifestString(m, 'build.cpu') === 'cortex-m4';
  return { defines, ccFlags: hardFloat ? ['-mfloat-abi=hard', '-mfpu=fpv4-sp-d16'] : [], missing };
}

/** The arduino-pico core's package name. */
const ARDUINO_PICO = 'framework-arduinopico';

/** The target flags arduino-pico's builder gives each chip (build.mcu); the RISC-V cores need a toolchain of their own. */
const PICO_TARGETS: Record<string, string[]> = {
  rp2040: ['-march=armv6-m', '-mcpu=cortex-m0plus', '-mthumb'],
  rp2350: ['-mcpu=cortex-m33', '-mthumb', '-march=armv8-m.main+fp+dsp', '-mfloat-abi=softfp', '-mcmse'],
};

/** A size as platform-raspberrypi reads board_build.filesystem_size (`0.5m`, `2MB`, `64k`): bytes, 0 when unreadable. */
function picoSize(text: string): number {
  const m = /^((?:\d*\.)?\d+)([mkb]*)$/i.exec(text.trim());
  const factor = m ? ({ m: 1 << 20, mb: 1 << 20, k: 1024, kb: 1024, b: 1, '': 1 } as Record<string, number>)[m[2].toLowerCase()] : undefined;
  return m && factor !== undefined ? Math.trunc(Number(m[1]) * factor) : 0;
}

/**
 * The flash layout the platform computes before the builder runs (main.py's fetch_fs_size): the filesystem ends
 * where the last 4 KiB kept for EEPROM emulation start, at the flash's end (XIP base 0x10000000).
 */
function picoFlashDefines(m: BoardManifest | undefined): Define[] | undefined {
  const flash = Number(manifestString(m, 'upload.maximum_size'));
  if (!Number.isInteger(flash) || flash <= 0) return undefined;
  const end = 0x10000000 + flash - 4096;
  const fs = picoSize(manifestString(m, 'build.filesystem_size') ?? '0MB');
  return [['PICO_FLASH_SIZE_BYTES', String(flash)], ['FS_START', String(end - fs)], ['FS_END', String(end)]];
}

/** The `-D` lines of the installed core's platform_def.txt files, as the builder splits them (a second `=` drops the value). */
function picoPlatformDefines(packages: InstalledPackages | undefined, chip: string): Define[] | undefined {
  const texts = [packages?.text(ARDUINO_PICO, 'lib/platform_def.txt'), packages?.text(ARDUINO_PICO, `lib/${chip}/platform_def.txt`)];
  if (texts.every((t) => t === undefined)) return undefined;
  const out: Define[] = [];
  for (const line of texts.join('\n').split('\n').map((l) => l.trim())) {
    if (!line.startsWith('-D')) continue;
    const parts = line.slice(2).split('=');
    out.push(parts.length === 2 ? [parts[0], parts[1]] : [parts[0], undefined]);
  }
  return out;
}

/** The USB stack's defines (configure_usb_flags): none but NO_USB when the env turns USB off. */
function picoUsbDefines(m: BoardManifest | undefined, all: readonly Define[]): Define[] {
  if (has(all, 'PIO_FRAMEWORK_ARDUINO_NO_USB')) return [['NO_USB', undefined], ['DISABLE_USB_SERIAL', undefined]];
  const [hwVid, hwPid] = usbIds(m);
  const vid = manifestString(m, 'build.arduino.earlephilhower.usb_vid') ?? hwVid;
  const pid = manifestString(m, 'build.arduino.earlephilhower.usb_pid') ?? hwPid;
  const manufacturer = manifestString(m, 'build.arduino.earlephilhower.usb_manufacturer') ?? manifestString(m, 'vendor') ?? 'Raspberry Pi';
  const product = manifestString(m, 'build.arduino.earlephilhower.usb_product') ?? manifestString(m, 'name') ?? 'Pico';
  const out: Define[] = [['CFG_TUSB_MCU', 'OPT_MCU_RP2040'], ['USB_VID', vid], ['USB_PID', pid], ['USBD_VID', vid], ['USBD_PID', pid], ['USB_MANUFACTURER', quoted(manufacturer)], ['USB_PRODUCT', quoted(product)]];
  if (!has(all, 'USBD_MAX_POWER_MA')) out.push(['USBD_MAX_POWER_MA', '500']);
  return out;
}

/** The board variant arduino-pico builds: its own manifest entry, else the board's build.variant. */
export function picoVariant(m: BoardManifest | undefined): string | undefined {
  return manifestString(m, 'build.arduino.earlephilhower.variant') ?? manifestString(m, 'build.variant');
}

/**
 * Arduino-pico (earlephilhower/arduino-pico, tools/platformio-build.py), the core platform-raspberrypi's fork runs for
 * boards whose build.core is `earlephilhower`; other boards build with the platform's default core, Arduino's mbed
 * core (arduino-mbed-core.ts). The chip's own defines (PICO_RP2040, LIB_PICO_*, ...) come from the installed core's platform_def.txt files.
 */
function raspberrypi(input: BuilderInput): BuilderDefines | undefined {
  const m = input.manifest;
  if ((manifestString(m, 'build.core') ?? 'arduino') !== 'earlephilhower') return mbedCoreFlags(input);
  const chip = manifestString(m, 'build.mcu') ?? '';
  const on = (name: string) => has(input.defines, `PIO_FRAMEWORK_ARDUINO_${name}`);
  const defines: Define[] = [];
  if (on('ENABLE_BLUETOOTH')) defines.push(['ENABLE_CLASSIC', '1'], ['ENABLE_BLE', '1'], ['CYW43_ENABLE_BLUETOOTH', '1']);
  if (on('ENABLE_FREERTOS')) defines.push(['__FREERTOS', '1']);
  const platformDefs = chip ? picoPlatformDefines(input.packages, chip) : undefined;
  const flash = picoFlashDefines(m);
  defines.push(...(platformDefs ?? []), ['ARDUINO', '10810'], ['ARDUINO_ARCH_RP2040', undefined], ['BOARD_NAME', quoted(input.boardId ?? '')], ...(flash ?? []));
  defines.push(['FILE_COPY_CONSTRUCTOR_SELECT', 'FILE_COPY_CONSTRUCTOR_PUBLIC'], ['USE_UTF8_LONG_NAMES', '1'], ['DISABLE_FS_H_WARNING', '1']);
  defines.push(...picoUsbDefines(m, [...input.defines, ...defines]));
  defines.push(['PICO_CYW43_ARCH_THREADSAFE_BACKGROUND', '1'], ['CYW43_LWIP', '1'], ['CYW43_PIO_CLOCK_DIV_DYNAMIC', '1'], ['LWIP_IPV4', '1'], ['LWIP_IGMP', '1'], ['LWIP_CHECKSUM_CTRL_PER_NETIF', '1']);
  defines.push(['LWIP_IPV6', on('ENABLE_IPV6') ? '1' : '0']);
  const variant = picoVariant(m);
  if (variant) defines.push(['ARDUINO_VARIANT', quoted(variant)]);
  const missing = [
    ...(chip ? [] : ["the board's MCU"]),
    ...(chip && !platformDefs ? [`the chip's defines (the installed core's lib/${chip}/platform_def.txt)`] : []),
    ...(flash ? [] : ["the board's flash size (PICO_FLASH_SIZE_BYTES, FS_START, FS_END)"]),
  ];
  return { defines, ccFlags: PICO_TARGETS[chip] ?? [], missing };
}

/** The ESP8266 core's builder (esp8266-builder.ts). */
function espressif8266(input: BuilderInput): BuilderDefines {
  return { ...esp8266Defines(input), ccFlags: [] };
}

const ARDUINO_BUILDERS: Record<string, (input: BuilderInput) => BuilderDefines | undefined> = { atmelavr, ststm32, espressif32, espressif8266, atmelsam, teensy, nordicnrf52, raspberrypi };

/** Which core a platform's entry covers, where the platform has several. */
const CORES: Record<string, string> = { ststm32: 'the STM32 core', nordicnrf52: 'the Adafruit core', raspberrypi: 'the arduino-pico and mbed cores' };

/** The platforms (and cores) this table has builders for, as a note names them: `atmelavr, ststm32 (the STM32 core), ...`. */
export function arduinoBuilderPlatforms(): string {
  const names = Object.keys(ARDUINO_BUILDERS).map((p) => (CORES[p] ? `${p} (${CORES[p]})` : p));
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The Arduino framework's flags for an env of `platform` (its name, see toolchain.ts), or undefined when this table
 * has no builder for the platform or the board's core.
 */
export function arduinoBuilderFlags(input: BuilderInput): BuilderFlags | undefined {
  const built = ARDUINO_BUILDERS[input.platform]?.(input);
  if (!built) return undefined;
  const options = builderCompileOptions(input.platform, input);
  return { ...built, ccFlags: [...options.ccFlags, ...built.ccFlags], cFlags: [...options.cFlags, ...(built.cFlags ?? [])], cxxFlags: [...options.cxxFlags, ...(built.cxxFlags ?? [])] };
}

/** The builder's flags as PioFlags, to follow build_flags (PlatformIO runs the framework's builder after them). */
export function asPioFlags(f: BuilderFlags): PioFlags {
  return { defines: f.defines, includeDirs: [], ccFlags: f.ccFlags, cFlags: f.cFlags, cxxFlags: f.cxxFlags, linkFlags: [], linkerScripts: [] };
}
