// Guesses the GCC a PlatformIO platform compiles with, as a table (platform → target triple prefix), for
// derived compile units. Board-level refinements only for Espressif's RISC-V and S2/S3 chips and, once the board's
// manifest names its MCU, Teensy's AVR boards. The flags a board adds (-mcpu, -mmcu, F_CPU, its extra_flags) come
// from its manifest (board-manifest.ts).

export const PLATFORM_TOOLCHAINS: Record<string, string> = {
  ststm32: 'arm-none-eabi',
  nordicnrf52: 'arm-none-eabi',
  nordicnrf51: 'arm-none-eabi',
  nordicnrf53: 'arm-none-eabi',
  atmelsam: 'arm-none-eabi',
  teensy: 'arm-none-eabi',
  raspberrypi: 'arm-none-eabi',
  nxplpc: 'arm-none-eabi',
  nxpimxrt: 'arm-none-eabi',
  freescalekinetis: 'arm-none-eabi',
  siliconlabsefm32: 'arm-none-eabi',
  infineonxmc: 'arm-none-eabi',
  maxim32: 'arm-none-eabi',
  renesas_ra: 'arm-none-eabi',
  'renesas-ra': 'arm-none-eabi',
  apollo3blue: 'arm-none-eabi',
  ststm8: 'sdcc',
  espressif32: 'xtensa-esp32-elf',
  espressif8266: 'xtensa-lx106-elf',
  atmelavr: 'avr',
  atmelmegaavr: 'avr',
  timsp430: 'msp430',
  microchippic32: 'pic32',
  sifive: 'riscv64-unknown-elf',
  gd32v: 'riscv-nuclei-elf',
  chipsalliance: 'riscv64-unknown-elf',
  native: '',
  linux_x86_64: '',
  linux_i686: '',
  windows_x86: '',
  windows_amd64: '',
  darwin_x86_64: '',
};

/**
 * `platformio/ststm32@^17.0.0`, `https://github.com/platformio/platform-ststm32.git` and a GitHub archive
 * (`https://github.com/o/platform-native/archive/<commit>.zip`) → `ststm32`, `native`.
 */
export function platformName(platform: string): string {
  let p = platform.trim();
  if (/^(https?|git|file):|\.git$|\.zip$|\.tar\.gz$/.test(p)) {
    const parts = p.replace(/[#?].*$/, '').replace(/\/+$/, '').split('/');
    const archive = parts.lastIndexOf('archive');
    p = (archive > 0 ? parts[archive - 1] : parts[parts.length - 1]).replace(/\.(git|zip|tar\.gz)$/, '').replace(/^platform-/, '');
  }
  p = p.replace(/@.*$/, '');
  if (p.includes('/')) p = p.slice(p.lastIndexOf('/') + 1);
  return p.toLowerCase();
}

export interface GuessedToolchain {
  /** The target triple prefix (`arm-none-eabi`, `avr`), '' for the host's gcc. */
  prefix: string;
  cc: string;
  cxx: string;
  /** False when the platform is not in the table (plain gcc is assumed). */
  known: boolean;
}

export function guessToolchain(platform: string | undefined, board: string | undefined): GuessedToolchain {
  const name = platform ? platformName(platform) : '';
  let prefix = PLATFORM_TOOLCHAINS[name];
  const known = prefix !== undefined;
  prefix ??= '';
  if (name === 'espressif32' && board) {
    if (/c2|c3|c5|c6|c61|h2|p4/i.test(board)) prefix = 'riscv32-esp-elf';
    else if (/s3/i.test(board)) prefix = 'xtensa-esp32s3-elf';
    else if (/s2/i.test(board)) prefix = 'xtensa-esp32s2-elf';
  }
  if (prefix === 'sdcc') return { prefix, cc: 'sdcc', cxx: 'sdcc', known };
  const p = prefix ? `${prefix}-` : '';
  return { prefix, cc: `${p}gcc`, cxx: `${p}g++`, known };
}

/** The toolchain once the board's MCU is known: the Teensy platform's AVR boards (Teensy 2.0, 2.0++ and boards built like them) build with avr-gcc. */
export function toolchainForMcu(tc: GuessedToolchain, platform: string | undefined, mcu: string | undefined): GuessedToolchain {
  if (!platform || platformName(platform) !== 'teensy' || !mcu || !/^(atmega|at90|attiny)/i.test(mcu)) return tc;
  return { prefix: 'avr', cc: 'avr-gcc', cxx: 'avr-g++', known: tc.known };
}
