// The built-in table for avr-gcc (8-bit AVR: Arduino Uno and Mega, ATtiny, megaAVR 0-series) when it is not
// installed: GCC 12's target-independent macros with AVR's data model (16-bit int and pointers, 32-bit double as
// PlatformIO's and Arduino's avr-gcc 7 build), the AVR names, and from -mmcu the device's own macro and name, its
// core's architecture and the instruction-set macros that architecture implies. What only a device's description
// knows (stack pointer width, flash segments, errata) is left out, as is a device this file does not place.
import { targetIndependent } from './implicit-macro-tables-cross.js';
import { lastFlagValue } from './implicit-macro-flag-effects.js';

/** AVR architectures by -mmcu's name, with `__AVR_ARCH__`'s value. */
const ARCH_NUMBERS: Record<string, number> = {
  avr2: 2, avr25: 25, avr3: 3, avr31: 31, avr35: 35, avr4: 4, avr5: 5, avr51: 51, avr6: 6,
  avrtiny: 100, avrxmega2: 102, avrxmega3: 103, avrxmega4: 104, avrxmega5: 105, avrxmega6: 106, avrxmega7: 107,
};

/**
 * The architecture of a device, by family, first match wins (the megaAVR 0-series `atmega4809` before the classic
 * `atmega48`, the reduced-core tinies before the tinyAVR 0/1/2-series they share digits with).
 */
const DEVICE_ARCH: [RegExp, string][] = [
  [/^attiny(4|5|9|10|20|40|102|104)$/, 'avrtiny'],
  [/^atmega(808|809|1608|1609|3208|3209|4808|4809)$/, 'avrxmega3'],
  [/^attiny\d{1,2}(0[2467]|1[2467]|2[4-7])$/, 'avrxmega3'],
  [/^avr(16|32)(d[abdu]|e[ab])\d+$/, 'avrxmega3'],
  [/^avr64(d[abdu]|e[ab])\d+$/, 'avrxmega2'],
  [/^avr128d[abdu]\d+$/, 'avrxmega4'],
  [/^atxmega(128a1u?|128a4u)$/, 'avrxmega7'],
  [/^atxmega64a1u?$/, 'avrxmega5'],
  [/^atxmega(8|16|32)[a-z]/, 'avrxmega2'],
  [/^atxmega64[a-z]/, 'avrxmega4'],
  [/^atxmega(128|192|256|384)[a-z]/, 'avrxmega6'],
  [/^atmega256\w*$/, 'avr6'],
  [/^(atmega128\w*|at90can128|at90usb128[67])$/, 'avr51'],
  [/^(atmega(8|16|32)u2|at90usb(82|162)|attiny(167|1634))$/, 'avr35'],
  [/^(atmega8a?|atmega8hva|atmega(48|88)\w*|atmega85(15|35)|at90pwm(1|2b?|3b?|81))$/, 'avr4'],
  [/^(atmega(16|32|64)\w*|atmega406|at90can(32|64)|at90usb64[67]|at90pwm(161|216|316))$/, 'avr5'],
  [/^(attiny(13a?|2313a?|4313|24a?|44a?|84a?|25|45|85|261a?|461a?|861a?|43u|87|48|88|828|441|841)|at86rf401)$/, 'avr25'],
  [/^(atmega103|at43usb320)$/, 'avr31'],
  [/^(at43usb355|at76c711)$/, 'avr3'],
  [/^(at90s\d+|at90c8534|attiny(22|26))$/, 'avr2'],
];

const MOVW_LPMX = [25, 35, 4, 5, 51, 6];
const MUL = [4, 5, 51, 6];
const JMP_CALL = [3, 31, 35, 5, 51, 6];
const ELPM = [31, 51, 6, 104, 105, 106, 107];
const ELPMX = [51, 6, 104, 105, 106, 107];
const THREE_BYTE_PC = [6, 106, 107];

/** `__AVR_<Device>__`'s device part as GCC spells it: `ATmega328P`, `ATtiny85`, `ATxmega128A1U`, `AT90USB1286`, `AVR128DA48`. */
export function avrDeviceMacroName(device: string): string {
  const m = /^at(mega|tiny|xmega)(\d+)(.*)$/.exec(device);
  return m ? `AT${m[1]}${m[2]}${m[3].toUpperCase()}` : device.toUpperCase();
}

/** The architecture's macros: its number, and the instructions and program counter its cores have. */
function archMacros(arch: number): string[] {
  const xmega = arch >= 102;
  const has = (list: number[]) => xmega || list.includes(arch);
  const lines = [`__AVR_ARCH__ ${arch}`];
  if (has(MOVW_LPMX)) lines.push('__AVR_HAVE_MOVW__ 1', '__AVR_HAVE_LPMX__ 1');
  if (has(MUL)) lines.push('__AVR_ENHANCED__ 1', '__AVR_HAVE_MUL__ 1');
  if (has(JMP_CALL)) lines.push('__AVR_MEGA__ 1', '__AVR_HAVE_JMP_CALL__ 1');
  if (ELPM.includes(arch)) lines.push('__AVR_HAVE_ELPM__ 1', '__AVR_HAVE_RAMPZ__ 1');
  if (ELPMX.includes(arch)) lines.push('__AVR_HAVE_ELPMX__ 1');
  if (THREE_BYTE_PC.includes(arch)) lines.push('__AVR_3_BYTE_PC__ 1', '__AVR_HAVE_EIJMP_EICALL__ 1');
  else lines.push('__AVR_2_BYTE_PC__ 1');
  if (xmega) lines.push('__AVR_XMEGA__ 1');
  if (arch === 100) lines.push('__AVR_TINY__ 1');
  lines.push(`__AVR_SFR_OFFSET__ ${xmega || arch === 100 ? '0x0' : '0x20'}`);
  return lines;
}

/** int, pointers and size_t of 16 bits, long of 32, double and long double as float (AVR's 32-bit double). */
function dataModel(independent: string): string[] {
  const lines = [
    '__SIZEOF_INT__ 2', '__INT_MAX__ 0x7fff', '__INT_WIDTH__ 16', '__SIZEOF_POINTER__ 2', '__SIZEOF_SIZE_T__ 2',
    '__SIZEOF_PTRDIFF_T__ 2', '__SIZEOF_LONG__ 4', '__LONG_MAX__ 0x7fffffffL', '__LONG_WIDTH__ 32',
    '__SIZE_TYPE__ unsigned int', '__PTRDIFF_TYPE__ int', '__SIZE_MAX__ 0xffffU', '__PTRDIFF_MAX__ 0x7fff',
    '__INTPTR_TYPE__ int', '__UINTPTR_TYPE__ unsigned int', '__INTPTR_MAX__ 0x7fff', '__UINTPTR_MAX__ 0xffffU',
    '__INT16_TYPE__ int', '__UINT16_TYPE__ unsigned int', '__INT_LEAST16_TYPE__ int', '__UINT_LEAST16_TYPE__ unsigned int',
    '__INT32_TYPE__ long int', '__UINT32_TYPE__ long unsigned int', '__INT32_MAX__ 0x7fffffffL', '__UINT32_MAX__ 0xffffffffUL',
    '__CHAR16_TYPE__ unsigned int',
    '__SIZEOF_WCHAR_T__ 2', '__WCHAR_TYPE__ int', '__WCHAR_MAX__ 0x7fff', '__WCHAR_MIN__ (-__WCHAR_MAX__ - 1)', '__WCHAR_WIDTH__ 16',
    '__SIG_ATOMIC_TYPE__ char', '__SIG_ATOMIC_MAX__ 0x7f', '__SIG_ATOMIC_WIDTH__ 8',
    '__INT24_MAX__ 8388607L', '__INT24_MIN__ (-__INT24_MAX__-1)', '__UINT24_MAX__ 16777215UL',
    '__SIZEOF_DOUBLE__ 4', '__SIZEOF_LONG_DOUBLE__ 4',
  ];
  // double and long double have float's format: their digits and exponents are float's (the target-independent
  // table holds no floating limits, which the host and Arm write differently).
  for (const line of independent.split('\n')) {
    const m = /^#define __FLT_(\w+?)__ (.*)$/.exec(line);
    if (!m || m[1].startsWith('EVAL_METHOD') || m[1] === 'RADIX' || /F$/.test(m[2])) continue;
    lines.push(`__DBL_${m[1]}__ ${m[2]}`, `__LDBL_${m[1]}__ ${m[2]}`);
  }
  return lines;
}

/** The table for avr-gcc/avr-g++ and its target flags (-mmcu names a device or an architecture). */
export function avrTable(flags: string[]): { name: string; text: string } {
  const independent = targetIndependent();
  const mmcu = lastFlagValue(flags, /^-mmcu=([\w]+)$/)?.toLowerCase();
  const own = ['__AVR 1', '__AVR__ 1', 'AVR 1', '__WITH_AVRLIBC__ 1', ...dataModel(independent)];
  let arch = mmcu !== undefined ? ARCH_NUMBERS[mmcu] : undefined;
  if (mmcu !== undefined && arch === undefined) {
    own.push(`__AVR_${avrDeviceMacroName(mmcu)}__ 1`, `__AVR_DEVICE_NAME__ ${mmcu}`);
    const family = DEVICE_ARCH.find(([re]) => re.test(mmcu));
    arch = family ? ARCH_NUMBERS[family[1]] : undefined;
  }
  if (arch !== undefined) own.push(...archMacros(arch));
  return { name: `gcc-12-target-independent/avr${mmcu ? `/${mmcu}` : ''}`, text: `${independent}${own.map((l) => `#define ${l}`).join('\n')}\n` };
}
