// The built-in table of a compiler's implicit macros (arm-none-eabi-gcc 12, host x86_64 gcc 12, avr-gcc, other GCC
// cross compilers, Arm Compiler 6 and 5, IAR's iccarm, or a generic one), adjusted for the unit's language and its -std, -O and -f flags, for a compiler
// that is not installed.
import path from 'node:path';
import { armTable } from './implicit-macro-tables-arm.js';
import { armccTable, armclangTable } from './implicit-macro-tables-armcc.js';
import { iccarmTable } from './implicit-macro-tables-iccarm.js';
import { avrTable } from './implicit-macro-tables-avr.js';
import { CROSS_GCC_NAME, crossGccTable } from './implicit-macro-tables-cross.js';
import { GCC12_CXX_STANDARD_DELTAS, type CxxStandard } from './implicit-macro-cxx-standards.js';
import {
  GCC12_CXX17_FEATURES,
  HOST_X86_64_GCC12_C,
  HOST_X86_64_GCC12_CXX_EXTRA,
  HOST_X86_64_GCC12_CXX_REMOVED,
} from './implicit-macro-tables-host.js';
import { TableLines } from './table-lines.js';
import { applyFlagEffects, lastFlagValue } from './implicit-macro-flag-effects.js';

export type QueryLanguage = 'c' | 'cpp' | 'asm';

export type TableKind = 'arm-none-eabi-gcc' | 'host-gcc' | 'avr-gcc' | 'gcc-cross' | 'armclang' | 'armcc' | 'iccarm' | 'generic';

export function tableKind(compiler: string): TableKind {
  const base = path.basename(compiler).replace(/\.exe$/i, '');
  if (/^arm-[\w-]*eabi[\w]*-(gcc|g\+\+|c\+\+|cc|cpp)(-[\d.]+)?$/.test(base)) return 'arm-none-eabi-gcc';
  if (/^((x86_64-(pc-)?linux-gnu-)?(gcc|g\+\+|cc|c\+\+))(-[\d.]+)?$/.test(base)) return 'host-gcc';
  if (/^avr-(gcc|g\+\+|c\+\+|cc|cpp)(-[\d.]+)?$/.test(base)) return 'avr-gcc';
  if (CROSS_GCC_NAME.test(base)) return 'gcc-cross';
  if (/^armclang(\+\+)?$/i.test(base)) return 'armclang';
  if (/^armcc$/i.test(base)) return 'armcc';
  if (/^iccarm$/i.test(base)) return 'iccarm';
  return 'generic';
}

const GENERIC = `
#define __STDC__ 1
#define __STDC_HOSTED__ 1
#define __STDC_VERSION__ 201710L
#define __CHAR_BIT__ 8
#define __SIZEOF_INT__ 4
#define __SIZEOF_SHORT__ 2
#define __SIZEOF_LONG_LONG__ 8
#define __INT_MAX__ 0x7fffffff
#define __ORDER_LITTLE_ENDIAN__ 1234
#define __ORDER_BIG_ENDIAN__ 4321
#define __ORDER_PDP_ENDIAN__ 3412
#define __BYTE_ORDER__ __ORDER_LITTLE_ENDIAN__
`;

/** The built-in table for a compiler, adjusted for the language and flags. */
export function tableFor(compiler: string, flags: string[], lang: QueryLanguage, force?: TableKind): { name: string; text: string } {
  const kind = force ?? tableKind(compiler);
  // armcc and iccarm are not GCC-compatible: their tables are made for the language and flags as a whole.
  if (kind === 'armcc') return armccTable(flags, lang);
  if (kind === 'iccarm') return iccarmTable(flags, lang);
  const { name, text } = baseTable(kind, compiler, flags);
  const table = new TableLines(text);
  if (lang === 'cpp') adjustForCxx(table, kind);
  if (lang === 'asm') adjustForAssembler(table);
  // Only the last -std (or -ansi) counts, as for the compiler: build systems often add one after the user's.
  const std = lastFlagValue(flags, /^-(?:std=(.*)|ansi)$/);
  const standard = std === '' ? (lang === 'cpp' ? 'c++98' : 'c90') : std;
  for (const f of flags) adjustForFlag(table, f);
  if (standard !== undefined) adjustForStandard(table, standard, lang);
  applyFlagEffects(table, flags, { kind, lang, strictC: lang === 'c' && standard !== undefined && !standard.startsWith('gnu') });
  const body = [...table.map.values()].map((v) => `#define ${v}`).join('\n');
  return { name, text: body };
}

function baseTable(kind: TableKind, compiler: string, flags: string[]): { name: string; text: string } {
  if (kind === 'arm-none-eabi-gcc') return armTable(flags);
  if (kind === 'host-gcc') return { name: 'x86_64-linux-gnu-gcc-12', text: HOST_X86_64_GCC12_C };
  if (kind === 'avr-gcc') return avrTable(flags);
  if (kind === 'armclang') return armclangTable(flags);
  if (kind === 'gcc-cross') return crossGccTable(path.basename(compiler).replace(/\.exe$/i, ''), flags);
  return { name: 'generic', text: GENERIC };
}

/** The macros a C++ compile adds to (or takes from) the C table. */
function adjustForCxx(table: TableLines, kind: TableKind): void {
  table.del('__STDC_VERSION__');
  table.set('__cplusplus', '201703L');
  if (table.gnu) {
    const major = (table.map.get('__GNUC__') ?? '__GNUC__ 12').split(' ')[1];
    table.set('__GNUG__', major);
    table.set('__GXX_WEAK__', '1');
    table.set('__DEPRECATED', '1');
    table.set('__GXX_RTTI', '1');
    table.set('__EXCEPTIONS', '1');
    table.set('__GXX_EXPERIMENTAL_CXX0X__', '1');
    table.set('__STDCPP_DEFAULT_NEW_ALIGNMENT__', kind === 'host-gcc' ? '16' : '8');
    table.setLines(GCC12_CXX17_FEATURES);
  }
  if (kind === 'host-gcc') {
    for (const n of HOST_X86_64_GCC12_CXX_REMOVED) if (n !== '__STDC_VERSION__') table.del(n);
    table.setLines(HOST_X86_64_GCC12_CXX_EXTRA);
  }
  if (kind === 'arm-none-eabi-gcc' || kind === 'armclang') adjustArmForCxx(table);
}

/**
 * What arm-none-eabi-gcc's C++ adds to its C table: wchar_t is a distinct unsigned type, `double` limits are written
 * as functional casts, and `_Float16` arithmetic leaves C++'s evaluation method at 0.
 */
function adjustArmForCxx(table: TableLines): void {
  table.set('__WCHAR_UNSIGNED__', '1');
  table.set('__FLT_EVAL_METHOD__', '0');
  for (const [name, line] of table.map) {
    const m = /^\S+ \(\(double\)(.*)\)$/.exec(line);
    if (m && name.startsWith('__DBL_')) table.set(name, `double(${m[1]})`);
  }
}

/** `-x assembler-with-cpp`: GCC names the assembler and leaves out what only C's preprocessing defines. */
function adjustForAssembler(table: TableLines): void {
  table.set('__ASSEMBLER__', '1');
  if (table.gnu) table.del('__STDC_VERSION__', '__STDC_UTF_16__', '__STDC_UTF_32__');
}

/** What one compiler flag changes in the table (hosted, char signedness, enums, exceptions, RTTI); -std is applied apart, see also implicit-macro-flag-effects.ts. */
function adjustForFlag(table: TableLines, f: string): void {
  if (f === '-ffreestanding') table.set('__STDC_HOSTED__', '0');
  else if (f === '-funsigned-char') table.set('__CHAR_UNSIGNED__', '1');
  else if (f === '-fsigned-char') table.del('__CHAR_UNSIGNED__');
  else if (f === '-fshort-enums' && table.map.has('__ARM_SIZEOF_MINIMAL_ENUM')) table.set('__ARM_SIZEOF_MINIMAL_ENUM', '1');
  else if (f === '-fno-short-enums' && table.map.has('__ARM_SIZEOF_MINIMAL_ENUM')) table.set('__ARM_SIZEOF_MINIMAL_ENUM', '4');
  else if (f === '-fno-exceptions') table.del('__EXCEPTIONS', '__cpp_exceptions');
  else if (f === '-fno-rtti') table.del('__GXX_RTTI', '__cpp_rtti');
}

const CXX_STANDARDS: Record<string, [cplusplus: string, delta: CxxStandard | null]> = {
  '98': ['199711L', '98'], '03': ['199711L', '98'], '11': ['201103L', '11'], '0x': ['201103L', '11'], '14': ['201402L', '14'], '1y': ['201402L', '14'],
  '17': ['201703L', null], '1z': ['201703L', null], '20': ['202002L', '20'], '2a': ['202002L', '20'], '23': ['202100L', '23'], '2b': ['202100L', '23'],
};
const C_STANDARDS: Record<string, string | null> = { '89': null, '90': null, '99': '199901L', '9x': '199901L', '11': '201112L', '1x': '201112L', '17': '201710L', '18': '201710L', '2x': '202000L', '23': '202000L', 'iso9899:199409': '199409L' };
/** Names outside the implementation's namespace that GCC leaves undefined in a strict (non-GNU) mode. */
const GNU_ONLY_NAMES = ['linux', 'unix', 'i386', 'AVR', '__GLIBCXX_TYPE_INT_N_0', '__GLIBCXX_BITSIZE_INT_N_0'];

/** `-std=` (or `-ansi`): strictness, the language version macro and what GCC ties to that version. */
function adjustForStandard(table: TableLines, std: string, lang: QueryLanguage): void {
  const strict = !/^gnu/.test(std);
  if (strict) table.set('__STRICT_ANSI__', '1');
  else table.del('__STRICT_ANSI__');
  if (strict && table.gnu) table.del(...GNU_ONLY_NAMES);
  if (lang === 'cpp') adjustForCxxStandard(table, std);
  else adjustForCStandard(table, std, strict);
  // ISO C permits only C11's evaluation methods: `_Float16` arithmetic (16) is a GNU extension.
  if (strict && table.map.get('__FLT_EVAL_METHOD__') === '__FLT_EVAL_METHOD__ 16') table.set('__FLT_EVAL_METHOD__', '0');
}

/** A C++ standard's `__cplusplus` and, for GCC, its feature-test macros and inline semantics. */
function adjustForCxxStandard(table: TableLines, std: string): void {
  const k = /\+\+(\w+)$/.exec(std)?.[1];
  const known = k ? CXX_STANDARDS[k] : undefined;
  if (!known) return;
  table.set('__cplusplus', known[0]);
  const delta = known[1] && table.gnu ? GCC12_CXX_STANDARD_DELTAS[known[1]] : undefined;
  if (!delta) return;
  table.del(...delta.del);
  table.setLines(delta.set);
}

/** A C standard's `__STDC_VERSION__`; before C99 GCC's inline is GNU's, and char16_t/char32_t literals come with C11 or gnu99. */
function adjustForCStandard(table: TableLines, std: string, strict: boolean): void {
  const k = std === 'iso9899:199409' ? std : /(\w\w)$/.exec(std)?.[1];
  if (!k || !(k in C_STANDARDS)) return;
  const v = C_STANDARDS[k];
  if (v) table.set('__STDC_VERSION__', v);
  else table.del('__STDC_VERSION__');
  if (!table.gnu) return;
  const beforeC99 = v === null || v === '199409L';
  if (beforeC99) {
    table.del('__GNUC_STDC_INLINE__');
    table.set('__GNUC_GNU_INLINE__', '1');
  }
  if (beforeC99 || (strict && v === '199901L')) table.del('__STDC_UTF_16__', '__STDC_UTF_32__');
}
