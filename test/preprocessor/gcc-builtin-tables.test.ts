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
];

describe.skipIf(!HOST_GCC_12)('the host gcc table at each -std and flag against the host gcc 12', () => {
  it.each(HOST_CASES)('%s', (key) => {
    const { lang, flags } = splitCase(key);
    const out = execFileSync(lang === 'cpp' ? 'g++' : 'gcc', [...flags, '-dM', '-E', '-x', GCC_LANGUAGE[lang], '-'], { input: '', encoding: 'utf8' });
    expect(defineLines(tableFor('gcc', flags, lang).text)).toEqual(defineLines(out));
  });
});
