// The compile options PlatformIO's Arduino builders add besides defines and target flags: optimisation and
// sections (CCFLAGS, both languages), and the C and C++ dialects, exceptions and RTTI (CFLAGS, CXXFLAGS), per platform.
import { manifestString, type BoardManifest } from './board-manifest.js';
import { esp8266Options } from './esp8266-builder.js';
import { mapleOptions } from './maple-builder.js';

type Define = [string, string | undefined];

/** CCFLAGS (every C and C++ unit), CFLAGS (C units) and CXXFLAGS (C++ units), each in the builder's order. */
export interface CompileOptions {
  ccFlags: string[];
  cFlags: string[];
  cxxFlags: string[];
}

/** What the options depend on: the board (id and manifest) and the defines before the framework's. */
export interface OptionsInput {
  boardId?: string;
  manifest?: BoardManifest;
  defines: readonly Define[];
}

/** The sections and inlining options most Arm Arduino builders share. */
const ARM_SECTIONS = ['-ffunction-sections', '-fdata-sections', '-Wall', '-nostdlib', '--param', 'max-inline-insns-single=500'];

/** platform-atmelavr, builder/frameworks/arduino.py: the MCUdude cores (MiniCore, ...) compile C++17, the others C++11. */
function atmelavr(input: OptionsInput): CompileOptions {
  const core = manifestString(input.manifest, 'build.core') ?? '';
  const cxxStd = ['MiniCore', 'MegaCore', 'MightyCore', 'MajorCore'].includes(core) ? '-std=gnu++17' : '-std=gnu++11';
  return {
    ccFlags: ['-Os', '-Wall', '-ffunction-sections', '-fdata-sections', '-flto'],
    cFlags: ['-std=gnu11', '-fno-fat-lto-objects'],
    cxxFlags: ['-fno-exceptions', '-fno-threadsafe-statics', '-fpermissive', cxxStd],
  };
}

/** platform-atmelsam, builder/frameworks/arduino/arduino-common.py (SAM and SAMD alike). */
function atmelsam(): CompileOptions {
  return { ccFlags: ['-Os', ...ARM_SECTIONS], cFlags: ['-std=gnu11'], cxxFlags: ['-fno-rtti', '-fno-exceptions', '-std=gnu++11', '-fno-threadsafe-statics'] };
}

/** The STM32 core's tools/platformio/platformio-build.py, the Maple core's builder (maple-builder.ts); not the STM32L0 core's. */
function ststm32(input: OptionsInput): CompileOptions | undefined {
  const core = manifestString(input.manifest, 'build.core');
  if (core === 'maple') return mapleOptions(input);
  if (core === 'stm32l0') return undefined;
  return {
    ccFlags: ['-Os', '-ffunction-sections', '-fdata-sections', '-nostdlib', '--param', 'max-inline-insns-single=500'],
    cFlags: ['-std=gnu11'],
    cxxFlags: ['-std=gnu++14', '-fno-threadsafe-statics', '-fno-rtti', '-fno-exceptions', '-fno-use-cxa-atexit'],
  };
}

/** Teensy 3.x/4.x's optimisation profiles, named by a TEENSY_OPT_* define (the first in the builder's order wins). */
const TEENSY_PROFILES: [string, string[]][] = [
  ['FASTER_LTO', ['-O2', '-flto=auto', '-fno-fat-lto-objects']],
  ['FASTER_NANOLIBC', ['-O2']],
  ['FASTER_LTO_NANOLIBC', ['-O2', '-flto=auto', '-fno-fat-lto-objects']],
  ['FAST', ['-O1']],
  ['FAST_LTO', ['-O1', '-flto=auto', '-fno-fat-lto-objects']],
  ['FASTEST', ['-O3']],
  ['FASTEST_LTO', ['-O3', '-flto=auto', '-fno-fat-lto-objects']],
  ['FASTEST_PURE_CODE', ['-O3', '-mpure-code']],
  ['FASTEST_PURE_CODE_LTO', ['-O3', '-mpure-code', '-flto=auto', '-fno-fat-lto-objects']],
  ['DEBUG', ['-g', '-Og']],
  ['DEBUG_LTO', ['-g', '-Og', '-flto=auto', '-fno-fat-lto-objects']],
  ['SMALLEST_CODE_LTO', ['-Os', '--specs=nano.specs', '-flto=auto', '-fno-fat-lto-objects']],
  ['FASTER', ['-O2']],
  ['SMALLEST_CODE', ['-Os', '--specs=nano.specs']],
];

/**
 * platform-teensy, builder/frameworks/arduino.py: Teensy 2.x (core `teensy`, AVR) at -Os in C++11; Teensy 3.x/4.x in
 * C++17 without RTTI, optimised by the env's TEENSY_OPT_* define, else -Os for Teensy LC and -O2 for the others.
 */
function teensy(input: OptionsInput): CompileOptions | undefined {
  const core = manifestString(input.manifest, 'build.core');
  if (core === 'teensy') return { ccFlags: ['-Os', '-Wall', '-ffunction-sections', '-fdata-sections'], cFlags: [], cxxFlags: ['-fno-exceptions', '-felide-constructors', '-std=gnu++11', '-fpermissive'] };
  if (core !== 'teensy3' && core !== 'teensy4') return undefined;
  const named = TEENSY_PROFILES.find(([p]) => input.defines.some(([n]) => n === `TEENSY_OPT_${p}`))?.[1];
  const profile = named ?? (input.boardId === 'teensylc' ? ['-Os', '--specs=nano.specs'] : ['-O2']);
  const id = input.boardId ?? '';
  const threadsafe = id.startsWith('teensy4') || id.startsWith('teensymm') ? ['-fno-threadsafe-statics'] : [];
  return {
    ccFlags: ['-Wall', '-ffunction-sections', '-fdata-sections', '-nostdlib', ...profile],
    cFlags: [],
    cxxFlags: ['-fno-exceptions', '-felide-constructors', '-fno-rtti', '-std=gnu++17', '-Wno-error=narrowing', '-fpermissive', '-Wno-psabi', '-Wno-maybe-uninitialized', ...threadsafe],
  };
}

/** The Adafruit nRF52 core's builder (builder-framework-arduino-nrf5, adafruit.py): -Ofast, C++11 without RTTI. */
function nordicnrf52(input: OptionsInput): CompileOptions | undefined {
  if ((manifestString(input.manifest, 'build.bsp.name') ?? 'nrf5') !== 'adafruit') return undefined;
  return { ccFlags: ['-Ofast', ...ARM_SECTIONS], cFlags: ['-std=gnu11'], cxxFlags: ['-fno-rtti', '-fno-exceptions', '-std=gnu++11', '-fno-threadsafe-statics'] };
}

/** Arduino-pico's tools/platformio-build.py: exceptions and RTTI off unless the env's PIO_FRAMEWORK_ARDUINO_ENABLE_* asks. */
function raspberrypi(input: OptionsInput): CompileOptions | undefined {
  if ((manifestString(input.manifest, 'build.core') ?? 'arduino') !== 'earlephilhower') return undefined;
  const on = (name: string) => input.defines.some(([n]) => n === `PIO_FRAMEWORK_ARDUINO_ENABLE_${name}`);
  return {
    ccFlags: ['-Os', '-Werror=return-type', '-Wno-psabi', '-ffunction-sections', '-fdata-sections'],
    cFlags: ['-std=gnu17'],
    cxxFlags: [on('EXCEPTIONS') ? '-fexceptions' : '-fno-exceptions', ...(on('RTTI') ? [] : ['-fno-rtti']), '-std=gnu++17'],
  };
}

const OPTIONS: Record<string, (input: OptionsInput) => CompileOptions | undefined> = { atmelavr, atmelsam, ststm32, teensy, nordicnrf52, raspberrypi, espressif8266: esp8266Options };

/**
 * The compile options the Arduino builder of `platform` (toolchain.ts' name) adds, or none when this table has no
 * entry for the platform or its board's core (Arduino-ESP32 takes its options from its SDK's build script).
 */
export function builderCompileOptions(platform: string, input: OptionsInput): CompileOptions {
  return OPTIONS[platform]?.(input) ?? { ccFlags: [], cFlags: [], cxxFlags: [] };
}
