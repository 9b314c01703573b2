// What GCC's code-generation flags define among its implicit macros: floating-point semantics (-ffast-math and its
// parts), position independence, inlining, wchar_t's width, stack protection, sanitizers, threads, GNU inline and
// C++ language switches, and DWARF CFI on ARM. Each is folded over the command line in order, as GCC reads it.
import type { TableKind } from './implicit-macro-table.js';
import type { TableLines } from './table-lines.js';

export interface FlagContext {
  /** Which built-in table is adjusted: its compiler's defaults differ (the host gcc builds PIE, ARM's does not). */
  kind: TableKind;
  lang: 'c' | 'cpp' | 'asm';
  /** The unit is C in a strict ISO mode (-std=c99, -ansi): -ffp-contract=fast then leaves IEEE conformance. */
  strictC: boolean;
}

/**
 * The value the last flag matching `re` gives (its first group; '' when the group took no part), or undefined when
 * no flag matches: the last of repeated -m options is the one the compiler takes.
 */
export function lastFlagValue(flags: readonly string[], re: RegExp): string | undefined {
  let value: string | undefined;
  for (const f of flags) {
    const m = re.exec(f);
    if (m) value = m[1] ?? '';
  }
  return value;
}

/** Applies every flag effect of `flags` to a GCC table (a generic table is left alone). */
export function applyFlagEffects(table: TableLines, flags: string[], ctx: FlagContext): void {
  if (!table.gnu) return;
  if (ctx.kind === 'host-gcc' && flags.includes('-mgeneral-regs-only')) hostGeneralRegsOnly(table);
  mathEffects(table, flags, ctx);
  positionIndependence(table, flags, ctx);
  inlining(table, flags);
  for (const f of flags) singleFlagEffect(table, f, ctx);
}

/** GCC's floating-point option flags, with their defaults. */
interface MathFlags {
  errno: boolean;
  finite: boolean;
  signedZeros: boolean;
  trapping: boolean;
  unsafe: boolean;
  associative: boolean;
  reciprocal: boolean;
  rounding: boolean;
  signalingNans: boolean;
  cxLimited: boolean;
  cxFortran: boolean;
  singleConstants: boolean;
  excessFast: boolean;
  contractFast: boolean;
}

/** -ffast-math (and -Ofast) sets, -fno-fast-math takes back, these together. */
function setFastMath(m: MathFlags, on: boolean): void {
  Object.assign(m, { errno: !on, finite: on, signedZeros: !on, trapping: !on, unsafe: on, associative: on, reciprocal: on, cxLimited: on, excessFast: on });
  if (on) Object.assign(m, { rounding: false, signalingNans: false });
}

/** -funsafe-math-optimizations: the value-changing part of -ffast-math. */
function setUnsafeMath(m: MathFlags, on: boolean): void {
  Object.assign(m, { unsafe: on, signedZeros: !on, trapping: !on, associative: on, reciprocal: on });
}

const SINGLE_MATH_FLAGS: Record<string, [keyof MathFlags, boolean]> = {
  'math-errno': ['errno', true], 'finite-math-only': ['finite', true], 'signed-zeros': ['signedZeros', true],
  'trapping-math': ['trapping', true], 'associative-math': ['associative', true], 'reciprocal-math': ['reciprocal', true],
  'rounding-math': ['rounding', true], 'signaling-nans': ['signalingNans', true], 'cx-limited-range': ['cxLimited', true],
  'cx-fortran-rules': ['cxFortran', true], 'single-precision-constant': ['singleConstants', true],
};

function mathFlagsOf(flags: string[]): MathFlags {
  const m: MathFlags = {
    errno: true, finite: false, signedZeros: true, trapping: true, unsafe: false, associative: false, reciprocal: false, rounding: false,
    signalingNans: false, cxLimited: false, cxFortran: false, singleConstants: false, excessFast: true, contractFast: false,
  };
  for (const f of flags) {
    const neg = /^-fno-/.test(f);
    const name = f.replace(/^-f(no-)?/, '');
    if (f === '-Ofast' || name === 'fast-math') setFastMath(m, !neg);
    else if (name === 'unsafe-math-optimizations') setUnsafeMath(m, !neg);
    else if (f.startsWith('-f') && SINGLE_MATH_FLAGS[name]) m[SINGLE_MATH_FLAGS[name][0]] = !neg;
    else if (f.startsWith('-fexcess-precision=')) m.excessFast = f.endsWith('=fast');
    else if (f.startsWith('-ffp-contract=')) m.contractFast = f.endsWith('=fast');
  }
  // GCC drops -fassociative-math while signed zeros or traps are kept ("other options take precedence").
  if (m.associative && (m.signedZeros || m.trapping)) m.associative = false;
  return m;
}

/** The floating-point macros, and IEEE 754 conformance as the flags leave it (and glibc's stdc-predef.h says it). */
function mathEffects(table: TableLines, flags: string[], ctx: FlagContext): void {
  const m = mathFlagsOf(flags);
  const flag = (name: string, on: boolean) => table.setOrDel(name, on && '1');
  table.set('__FINITE_MATH_ONLY__', m.finite ? '1' : '0');
  flag('__NO_MATH_ERRNO__', !m.errno);
  flag('__ASSOCIATIVE_MATH__', m.associative);
  flag('__NO_SIGNED_ZEROS__', !m.signedZeros);
  flag('__RECIPROCAL_MATH__', m.reciprocal);
  flag('__NO_TRAPPING_MATH__', !m.trapping);
  flag('__ROUNDING_MATH__', m.rounding);
  flag('__SUPPORT_SNAN__', m.signalingNans);
  flag('__FAST_MATH__', !m.trapping && m.unsafe && m.finite && !m.signedZeros && !m.errno && m.excessFast);
  const base = table.map.get('__GCC_IEC_559')?.split(' ')[1];
  if (base === undefined) return;
  const departs = m.unsafe || m.associative || m.reciprocal || m.finite || !m.signedZeros || m.singleConstants || (ctx.strictC && m.contractFast);
  const iec = departs ? '0' : base;
  const complex = m.cxLimited || m.cxFortran ? '0' : iec;
  table.set('__GCC_IEC_559', iec);
  table.set('__GCC_IEC_559_COMPLEX', complex);
  if (!table.map.has('_STDC_PREDEF_H')) return;
  flag('__STDC_IEC_559__', iec !== '0');
  table.setOrDel('__STDC_IEC_559_COMPLEX__', complex !== '0' && '1');
  table.setOrDel('__STDC_IEC_60559_BFP__', iec !== '0' && '201404L');
  table.setOrDel('__STDC_IEC_60559_COMPLEX__', complex !== '0' && '201404L');
}

/**
 * x86's -mgeneral-regs-only: no SSE or MMX register, so no SSE math, no `_Float16`, soft float and no IEEE
 * conformance (the ARM table reads the flag itself, see implicit-macro-tables-arm.ts).
 */
function hostGeneralRegsOnly(table: TableLines): void {
  for (const name of [...table.map.keys()]) if (/^__(FLT16_\w+|MMX\w*|SSE\w*)__$/.test(name)) table.del(name);
  table.set('_SOFT_FLOAT', '1');
  table.set('__GCC_IEC_559', '0');
  table.set('__GCC_IEC_559_COMPLEX', '0');
}

/**
 * -fpic/-fPIC, -fpie/-fPIE and their negations: the last of them decides (each cancels the ones before), and a
 * negation leaves no position independence; without any, the compiler's default (the host's gcc builds PIE, level 2).
 */
function positionIndependence(table: TableLines, flags: string[], ctx: FlagContext): void {
  let pic = ctx.kind === 'host-gcc' ? 2 : 0;
  let pie = pic;
  for (const f of flags) {
    const m = /^-f(no-)?(pic|PIC|pie|PIE)$/.exec(f);
    if (!m) continue;
    const level = m[1] ? 0 : m[2] === 'pic' || m[2] === 'pie' ? 1 : 2;
    pic = level;
    pie = m[2].toLowerCase() === 'pie' ? level : 0;
  }
  for (const [names, level] of [[['__pic__', '__PIC__'], pic], [['__pie__', '__PIE__'], pie]] as const) {
    for (const n of names) table.setOrDel(n, level > 0 && String(level));
  }
}

/** __OPTIMIZE__, __OPTIMIZE_SIZE__ by the last -O; __NO_INLINE__ without optimization or with -fno-inline. */
function inlining(table: TableLines, flags: string[]): void {
  let level = '0';
  let noInline = false;
  for (const f of flags) {
    if (f.startsWith('-O')) level = f.slice(2) || '1';
    else if (f === '-fno-inline') noInline = true;
    else if (f === '-finline') noInline = false;
  }
  table.setOrDel('__OPTIMIZE__', level !== '0' && '1');
  table.setOrDel('__OPTIMIZE_SIZE__', (level === 's' || level === 'z') && '1');
  table.setOrDel('__NO_INLINE__', (level === '0' || noInline) && '1');
}

const PROTECTOR_LEVELS: Record<string, [string, string]> = {
  '-fstack-protector': ['__SSP__', '1'], '-fstack-protector-all': ['__SSP_ALL__', '2'],
  '-fstack-protector-strong': ['__SSP_STRONG__', '3'], '-fstack-protector-explicit': ['__SSP_EXPLICIT__', '4'],
};

/** A flag whose effect does not depend on the flags around it (but for being undone by a later one). */
function singleFlagEffect(table: TableLines, f: string, ctx: FlagContext): void {
  const cxx = ctx.lang === 'cpp';
  if (PROTECTOR_LEVELS[f] || f === '-fno-stack-protector') {
    table.del(...Object.values(PROTECTOR_LEVELS).map(([n]) => n));
    if (PROTECTOR_LEVELS[f]) table.set(...PROTECTOR_LEVELS[f]);
  } else if (f.startsWith('-fsanitize=')) {
    for (const s of f.slice(11).split(',')) if (s === 'address' || s === 'kernel-address') table.set('__SANITIZE_ADDRESS__', '1');
    if (f.split(/[=,]/).includes('thread')) table.set('__SANITIZE_THREAD__', '1');
  } else if (f === '-pthread' || f === '-fopenmp') {
    table.set('_REENTRANT', '1');
    if (f === '-fopenmp') table.set('_OPENMP', '201511');
  } else if (f === '-fshort-wchar') shortWchar(table, cxx);
  else if ((f === '-fgnu89-inline' || f === '-fno-gnu89-inline') && !cxx) {
    table.del('__GNUC_GNU_INLINE__', '__GNUC_STDC_INLINE__');
    table.set(f === '-fgnu89-inline' ? '__GNUC_GNU_INLINE__' : '__GNUC_STDC_INLINE__', '1');
  } else if (f === '-fexceptions') {
    table.set('__EXCEPTIONS', '1');
    if (cxx) table.set('__cpp_exceptions', '199711L');
  } else if (cxx) cxxSwitch(table, f);
  if (ctx.kind === 'arm-none-eabi-gcc' && /^-g(gdb|dwarf|\d|$)/.test(f)) table.setOrDel('__GCC_HAVE_DWARF2_CFI_ASM', f !== '-g0' && '1');
  if (f === '-ffreestanding' && table.map.has('_STDC_PREDEF_H')) {
    // glibc's stdc-predef.h, which GCC includes first in a hosted compile only.
    table.del('_STDC_PREDEF_H', '__STDC_IEC_559__', '__STDC_IEC_559_COMPLEX__', '__STDC_IEC_60559_BFP__', '__STDC_IEC_60559_COMPLEX__', '__STDC_ISO_10646__');
  }
}

/** -fshort-wchar: wchar_t is a 16-bit unsigned short. */
function shortWchar(table: TableLines, cxx: boolean): void {
  table.set('__WCHAR_TYPE__', 'short unsigned int');
  table.set('__WCHAR_MAX__', '0xffff');
  table.set('__WCHAR_MIN__', '0');
  table.set('__WCHAR_WIDTH__', '16');
  table.set('__SIZEOF_WCHAR_T__', '2');
  if (table.map.has('__ARM_SIZEOF_WCHAR_T')) table.set('__ARM_SIZEOF_WCHAR_T', '2');
  const charset = table.map.get('__GNUC_WIDE_EXECUTION_CHARSET_NAME');
  if (charset) table.set('__GNUC_WIDE_EXECUTION_CHARSET_NAME', charset.split(' ')[1].replace('UTF-32', 'UTF-16'));
  if (cxx) table.set('__WCHAR_UNSIGNED__', '1');
}

/** C++ switches that take a feature away or bring one (char8_t before C++20). */
function cxxSwitch(table: TableLines, f: string): void {
  if (f === '-fno-threadsafe-statics') table.del('__cpp_threadsafe_static_init');
  else if (f === '-fno-sized-deallocation') table.del('__cpp_sized_deallocation');
  else if (f === '-fno-char8_t') table.del('__cpp_char8_t', '__CHAR8_TYPE__', '__GCC_ATOMIC_CHAR8_T_LOCK_FREE');
  else if (f === '-fchar8_t') {
    table.set('__cpp_char8_t', '201811L');
    table.set('__CHAR8_TYPE__', 'unsigned char');
    table.set('__GCC_ATOMIC_CHAR8_T_LOCK_FREE', table.map.get('__GCC_ATOMIC_CHAR_LOCK_FREE')?.split(' ')[1] ?? '2');
  }
}
