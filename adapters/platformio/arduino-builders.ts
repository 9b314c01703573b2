// The flags PlatformIO's Arduino framework builders add to every compile of an env (ARDUINO, ARDUINO_ARCH_*, the
// board's ARDUINO_<BOARD>, the core's own switches), per platform, as a derived env reads them without running them.
import path from 'node:path';
import { manifestString, type BoardManifest } from './board-manifest.js';
import type { PioFlags } from './build-flags.js';
import type { InstalledPackages } from './installed-packages.js';
import { builderCompileOptions } from './builder-compile-options.js';
import { esp32Sdk } from './esp32-sdk.js';
import { esp8266Defines } from './esp8266-builder.js';
import { has, quoted, usbProductDefines, type BuilderDefines, type BuilderInput, type Define } from './builder-common.js';
import { ststm32 } from './stm32-builder.js';
import { raspberrypi } from './pico-builder.js';

export type { BuilderInput } from './builder-common.js';

/** A builder's defines with its compile options (builder-compile-options.ts): CCFLAGS, CFLAGS and CXXFLAGS. */
export interface BuilderFlags extends BuilderDefines {
  cFlags: string[];
  cxxFlags: string[];
}

/** platform-atmelavr, builder/frameworks/arduino.py. */
function atmelavr(input: BuilderInput): BuilderDefines {
  return { defines: [['ARDUINO_ARCH_AVR', undefined], ['ARDUINO', '10808'], ...usbProductDefines(input.manifest)], ccFlags: [], missing: [] };
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

/** The ESP8266 core's builder (esp8266-builder.ts). */
function espressif8266(input: BuilderInput): BuilderDefines {
  return { ...esp8266Defines(input), ccFlags: [] };
}

const ARDUINO_BUILDERS: Record<string, (input: BuilderInput) => BuilderDefines | undefined> = { atmelavr, ststm32, espressif32, espressif8266, atmelsam, teensy, nordicnrf52, raspberrypi };

/** Which core a platform's entry covers, where the platform has several. */
const CORES: Record<string, string> = { ststm32: 'the STM32 and Maple cores', nordicnrf52: 'the Adafruit core', raspberrypi: 'the arduino-pico and mbed cores' };

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
