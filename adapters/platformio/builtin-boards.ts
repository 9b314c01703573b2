// Board manifests for a platform whose whole board set is small and fixed (PJRC's Teensy boards), for an env whose
// board no folder PlatformIO searches holds: each board's MCU, core, clock and defines, as the platform's own give them.

/** A board's build fields: the MCU, the CPU (Arm boards), the clock, the Teensyduino core and the board's defines. */
interface BuiltInBoard {
  mcu: string;
  cpu?: string;
  f_cpu: string;
  core: string;
  extra_flags: string;
}

/** Teensy boards by PlatformIO's id (platform-teensy's boards folder names the same eleven, with these fields). */
const TEENSY_BOARDS: Record<string, BuiltInBoard> = {
  teensy2: { mcu: 'atmega32u4', f_cpu: '16000000L', core: 'teensy', extra_flags: '-DARDUINO_ARCH_AVR -DARDUINO_TEENSY2' },
  teensy2pp: { mcu: 'at90usb1286', f_cpu: '16000000L', core: 'teensy', extra_flags: '-DARDUINO_TEENSY2PP' },
  teensy30: { mcu: 'mk20dx128', cpu: 'cortex-m4', f_cpu: '48000000L', core: 'teensy3', extra_flags: '-D__MK20DX128__ -DARDUINO_TEENSY30' },
  teensy31: { mcu: 'mk20dx256', cpu: 'cortex-m4', f_cpu: '72000000L', core: 'teensy3', extra_flags: '-D__MK20DX256__ -DARDUINO_TEENSY31' },
  teensy35: { mcu: 'mk64fx512', cpu: 'cortex-m4', f_cpu: '120000000L', core: 'teensy3', extra_flags: '-D__MK64FX512__ -DARDUINO_TEENSY35' },
  teensy36: { mcu: 'mk66fx1m0', cpu: 'cortex-m4', f_cpu: '180000000L', core: 'teensy3', extra_flags: '-D__MK66FX1M0__ -DARDUINO_TEENSY36' },
  teensylc: { mcu: 'mkl26z64', cpu: 'cortex-m0plus', f_cpu: '48000000L', core: 'teensy3', extra_flags: '-D__MKL26Z64__ -DARDUINO_TEENSYLC' },
  teensy40: { mcu: 'imxrt1062', cpu: 'cortex-m7', f_cpu: '600000000', core: 'teensy4', extra_flags: '-D__IMXRT1062__ -DARDUINO_TEENSY40' },
  teensy41: { mcu: 'imxrt1062', cpu: 'cortex-m7', f_cpu: '600000000', core: 'teensy4', extra_flags: '-D__IMXRT1062__ -DARDUINO_TEENSY41' },
  teensymm: { mcu: 'imxrt1062', cpu: 'cortex-m7', f_cpu: '600000000', core: 'teensy4', extra_flags: '-D__IMXRT1062__ -DARDUINO_TEENSY_MICROMOD' },
};

const BUILT_IN: Record<string, Record<string, BuiltInBoard>> = { teensy: TEENSY_BOARDS };

/** The built-in manifest data (`{ build: {...} }`) of `board` on the platform named `platform` (toolchain.ts' name), or undefined. */
export function builtInBoard(platform: string, board: string): Record<string, unknown> | undefined {
  const b = BUILT_IN[platform]?.[board];
  return b ? { build: { ...b } } : undefined;
}
