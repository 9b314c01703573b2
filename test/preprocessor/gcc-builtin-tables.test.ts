// The built-in gcc 12 tables (used when the compiler is not installed) against the compiler's own `-dM -E`: a
// recording of arm-none-eabi-gcc 12.2's answers for each CPU, extension, FPU, float ABI, language, -std and
// code-generation flag the tables follow, always; that recording against the installed compiler, where it is 12.2;
// and the host table at each -std and flag against the host gcc 12, where it is installed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tableFor, type QueryLanguage } from '../../src/preprocessor/implicit-macros.js';
import { FIXTURES, hasCompiler } from './fixture-support.js';

interface Recording {
  compiler: string;
  /** `#define` lines every case prints. */
  common: string[];
  /** Per case (`LANG FLAGS`), the rest of its `#define` lines, sorted. */
  cases: Record<string, string[]>;
}

const RECORDING = path.join(FIXTURES, 'arm-gcc12-builtins', 'recorded.json');
const recording = JSON.parse(fs.readFileSync(RECORDING, 'utf8')) as Recording;
const CASES = Object.keys(recording.cases);
const GCC_LANGUAGE: Record<string, string> = { c: 'c', cpp: 'c++', asm: 'assembler-with-cpp' };

const splitCase = (key: string) => {
  const [lang, ...flags] = key.split(' ');
  return { lang: lang as QueryLanguage, flags };
};
const recorded = (key: string): string[] => [...recording.common, ...recording.cases[key]].sort();
const defineLines = (text: string): string[] => text.split('\n').filter((l) => l.startsWith('#define ')).map((l) => l.replace(/^(#define \S+)$/, '$1 ')).sort();

describe('built-in arm-none-eabi-gcc 12 tables', () => {
  it.each(CASES)('%s: every macro and value as GCC 12.2 defines them', (key) => {
    const { lang, flags } = splitCase(key);
    expect(defineLines(tableFor('arm-none-eabi-gcc', flags, lang).text)).toEqual(recorded(key));
  });

  it('reads Cortex-M55 as ARMv8.1-M with Helium and a double-precision FPU, not as GCC\'s default arm7tdmi', () => {
    const m55 = tableFor('arm-none-eabi-gcc', ['-mcpu=cortex-m55', '-mfloat-abi=hard'], 'c').text;
    expect(m55).toContain('#define __ARM_FEATURE_MVE 3');
    expect(m55).toContain('#define __ARM_FP 14');
    expect(m55).not.toContain('__ARM_ARCH_4T__');
  });
});

const GCC_12_2 = hasCompiler('arm-none-eabi-gcc') && execFileSync('arm-none-eabi-gcc', ['-dumpfullversion'], { encoding: 'utf8' }).trim() === recording.compiler;

describe.skipIf(!GCC_12_2)('the recording against the installed arm-none-eabi-gcc 12.2', () => {
  it.each(CASES)('%s', (key) => {
    const { lang, flags } = splitCase(key);
    const out = execFileSync('arm-none-eabi-gcc', [...flags, '-dM', '-E', '-x', GCC_LANGUAGE[lang], '-'], { input: '', encoding: 'utf8' });
    expect(defineLines(out)).toEqual(recorded(key));
  });
});

const HOST_GCC_12 = hasCompiler('gcc') && hasCompiler('g++') && execFileSync('gcc', ['-dumpversion'], { encoding: 'utf8' }).trim().startsWith('12');
const HOST_CASES = [
  ...['c89', 'gnu89', 'iso9899:199409', 'c99', 'gnu99', 'c11', 'gnu2x'].map((s) => `c -std=${s}`), 'c -ansi', 'c -std=c99 -std=gnu11',
  ...['c++98', 'gnu++03', 'c++11', 'gnu++14', 'c++17', 'c++20', 'gnu++2b'].map((s) => `cpp -std=${s}`), 'cpp -ansi', 'cpp -std=c++11 -std=gnu++17',
  // Code-generation flags with the host's own defaults (PIE, glibc's stdc-predef.h).
  'c -ffast-math', 'c -std=c11 -fno-signed-zeros', 'c -fcx-fortran-rules', 'c -fpic', 'c -fno-pie', 'c -fPIC -fno-pie', 'c -ffreestanding',
  'c -pthread', 'c -fopenmp', 'c -fsanitize=address', 'c -O2 -fno-inline', 'cpp -fshort-wchar', 'cpp -fpie -fno-exceptions',
  'c -mgeneral-regs-only', 'c -std=c11 -ffast-math -mgeneral-regs-only', 'cpp -mgeneral-regs-only',
];

describe.skipIf(!HOST_GCC_12)('the host gcc table at each -std and flag against the host gcc 12', () => {
  it.each(HOST_CASES)('%s', (key) => {
    const { lang, flags } = splitCase(key);
    const out = execFileSync(lang === 'cpp' ? 'g++' : 'gcc', [...flags, '-dM', '-E', '-x', GCC_LANGUAGE[lang], '-'], { input: '', encoding: 'utf8' });
    expect(defineLines(tableFor('gcc', flags, lang).text)).toEqual(defineLines(out));
  });
});

describe('built-in table of a GCC cross compiler without a table of its own', () => {
  const lines = (compiler: string, flags: string[], lang: QueryLanguage = 'c') => new Set(defineLines(tableFor(compiler, flags, lang).text));

  it('has GCC 12\'s target-independent macros: each is in the host and the ARM table with the same value', () => {
    const riscv = lines('riscv32-esp-elf-gcc', []);
    const host = lines('gcc', []);
    const arm = lines('arm-none-eabi-gcc', ['-mcpu=cortex-m0']);
    const shared = [...riscv].filter((l) => !/__riscv|__SIZEOF_(LONG|POINTER|SIZE_T|PTRDIFF_T)__|__LONG_(MAX|WIDTH)__/.test(l));
    expect(shared.length).toBeGreaterThan(100);
    for (const l of shared) expect(host.has(l) && arm.has(l), l).toBe(true);
    expect(riscv.has('#define __GNUC__ 12')).toBe(true);
  });

  it('names RISC-V\'s XLEN, extensions, float ABI and data model from -march/-mabi, over the triple', () => {
    const esp = lines('riscv32-esp-elf-gcc', ['-march=rv32imc_zicsr', '-mabi=ilp32']);
    for (const l of ['__riscv 1', '__riscv_xlen 32', '__riscv_compressed 1', '__riscv_mul 1', '__riscv_float_abi_soft 1', '__SIZEOF_POINTER__ 4']) expect(esp.has(`#define ${l}`), l).toBe(true);
    expect([...esp].some((l) => l.includes('__riscv_flen') || l.includes('__riscv_atomic'))).toBe(false);
    const sifive = lines('/opt/sifive/bin/riscv64-unknown-elf-gcc', ['-march=rv32imafc', '-mabi=ilp32f']);
    for (const l of ['__riscv_xlen 32', '__riscv_flen 32', '__riscv_atomic 1', '__riscv_float_abi_single 1', '__SIZEOF_LONG__ 4']) expect(sifive.has(`#define ${l}`), l).toBe(true);
    const lp64 = lines('riscv64-unknown-elf-gcc', ['-march=rv64gc', '-mabi=lp64d', '-mcmodel=medany']);
    for (const l of ['__riscv_xlen 64', '__riscv_flen 64', '__riscv_float_abi_double 1', '__riscv_cmodel_medany 1', '__LP64__ 1', '__SIZEOF_POINTER__ 8']) expect(lp64.has(`#define ${l}`), l).toBe(true);
  });

  it('reads Xtensa (ESP32) as ILP32 little-endian, and follows -std and flags as any GCC table', () => {
    const esp32 = lines('xtensa-esp32s3-elf-g++', ['-std=gnu++11', '-fno-rtti', '-Os'], 'cpp');
    for (const l of ['__XTENSA__ 1', '__xtensa__ 1', '__XTENSA_EL__ 1', '__cplusplus 201103L', '__cpp_constexpr 200704L', '__OPTIMIZE_SIZE__ 1', '__SIZEOF_LONG__ 4']) expect(esp32.has(`#define ${l}`), l).toBe(true);
    expect([...esp32].some((l) => l.startsWith('#define __GXX_RTTI'))).toBe(false);
  });

  it('leaves compilers of no known family to the generic table', () => {
    expect(tableFor('cl430', [], 'c').name).toBe('generic');
    expect(tableFor('msp430-gcc', [], 'c').name).toBe('generic');
  });
});

describe('built-in table of avr-gcc', () => {
  const lines = (compiler: string, flags: string[], lang: QueryLanguage = 'c') => new Set(defineLines(tableFor(compiler, flags, lang).text));
  const has = (set: Set<string>, ...want: string[]) => {
    for (const l of want) expect(set.has(`#define ${l}`), l).toBe(true);
  };
  const lacks = (set: Set<string>, ...names: string[]) => {
    for (const n of names) expect([...set].some((l) => l.startsWith(`#define ${n} `)), n).toBe(false);
  };

  it('names AVR and its 16-bit data model, with double as float, without -mmcu', () => {
    const t = lines('/opt/pio/toolchain-atmelavr/bin/avr-g++', ['-std=gnu++11'], 'cpp');
    has(t, '__AVR__ 1', '__AVR 1', 'AVR 1', '__SIZEOF_INT__ 2', '__INT_MAX__ 0x7fff', '__SIZEOF_POINTER__ 2', '__SIZEOF_LONG__ 4', '__SIZEOF_DOUBLE__ 4', '__DBL_MANT_DIG__ 24', '__LDBL_MAX_EXP__ 128', '__cplusplus 201103L', '__GNUC__ 12');
    lacks(t, '__AVR_ARCH__', '__AVR_DEVICE_NAME__', '__x86_64__', '__arm__');
    expect(tableFor('avr-gcc', [], 'c').name).toBe('gcc-12-target-independent/avr');
  });

  it('gives the device of -mmcu its macro and name, and its architecture\'s macros', () => {
    const mega = lines('avr-gcc', ['-mmcu=atmega2560']);
    has(mega, '__AVR_ATmega2560__ 1', '__AVR_DEVICE_NAME__ atmega2560', '__AVR_ARCH__ 6', '__AVR_3_BYTE_PC__ 1', '__AVR_HAVE_ELPMX__ 1', '__AVR_HAVE_RAMPZ__ 1', '__AVR_MEGA__ 1', '__AVR_HAVE_MUL__ 1', '__AVR_SFR_OFFSET__ 0x20');
    const uno = lines('avr-g++', ['-mmcu=atmega328p'], 'cpp');
    has(uno, '__AVR_ATmega328P__ 1', '__AVR_ARCH__ 5', '__AVR_2_BYTE_PC__ 1', '__AVR_HAVE_JMP_CALL__ 1', '__AVR_HAVE_MOVW__ 1');
    lacks(uno, '__AVR_HAVE_ELPM__', '__AVR_3_BYTE_PC__', '__AVR_XMEGA__');
    has(lines('avr-gcc', ['-mmcu=atmega4809']), '__AVR_ATmega4809__ 1', '__AVR_ARCH__ 103', '__AVR_XMEGA__ 1', '__AVR_SFR_OFFSET__ 0x0');
    has(lines('avr-gcc', ['-mmcu=atmega48']), '__AVR_ARCH__ 4');
    has(lines('avr-gcc', ['-mmcu=attiny85']), '__AVR_ATtiny85__ 1', '__AVR_ARCH__ 25', '__AVR_HAVE_MOVW__ 1');
    lacks(lines('avr-gcc', ['-mmcu=attiny85']), '__AVR_HAVE_MUL__', '__AVR_MEGA__');
    has(lines('avr-gcc', ['-mmcu=atmega1284p']), '__AVR_ATmega1284P__ 1', '__AVR_ARCH__ 51', '__AVR_2_BYTE_PC__ 1', '__AVR_HAVE_ELPM__ 1');
    has(lines('avr-gcc', ['-mmcu=at90usb1286']), '__AVR_AT90USB1286__ 1', '__AVR_ARCH__ 51');
    has(lines('avr-gcc', ['-mmcu=atmega32u4']), '__AVR_ATmega32U4__ 1', '__AVR_ARCH__ 5');
  });

  it('takes an architecture for -mmcu, and a device it cannot place without an architecture', () => {
    const arch = lines('avr-gcc', ['-mmcu=avr5']);
    has(arch, '__AVR_ARCH__ 5');
    lacks(arch, '__AVR_DEVICE_NAME__');
    const unknown = lines('avr-gcc', ['-mmcu=atmega9999']);
    has(unknown, '__AVR_ATmega9999__ 1', '__AVR_DEVICE_NAME__ atmega9999');
    lacks(unknown, '__AVR_ARCH__');
  });

  it('leaves AVR undefined in a strict standard, as GCC does', () => {
    const strict = lines('avr-gcc', ['-mmcu=atmega328p', '-std=c99']);
    has(strict, '__AVR__ 1', '__AVR 1', '__STRICT_ANSI__ 1');
    lacks(strict, 'AVR');
  });
});
