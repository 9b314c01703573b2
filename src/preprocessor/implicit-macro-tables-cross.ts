// A built-in table for a GCC cross compiler fw-context has no table of its own for (RISC-V, Xtensa as in ESP32,
// AArch64): GCC 12's macros that do not depend on the target (those the host x86_64 gcc and arm-none-eabi-gcc 12 both
// print alike: __GNUC__, the standard's, atomics' orders, 8/16/32-bit types, IEEE float limits), with the data model
// and the architecture's own macros the target triple and -march/-mabi name. Sizes of long and pointers follow
// ILP32 or LP64; what only the real compiler knows (its exact version, every ISA extension) is left out.

/** The target-independent part (C, no -O), sorted by name. */
const GCC12_TARGET_INDEPENDENT_C = `
#define __ATOMIC_ACQUIRE 2
#define __ATOMIC_ACQ_REL 4
#define __ATOMIC_CONSUME 1
#define __ATOMIC_RELAXED 0
#define __ATOMIC_RELEASE 3
#define __ATOMIC_SEQ_CST 5
#define __BYTE_ORDER__ __ORDER_LITTLE_ENDIAN__
#define __CHAR16_TYPE__ short unsigned int
#define __CHAR_BIT__ 8
#define __DBL_DECIMAL_DIG__ 17
#define __DBL_DIG__ 15
#define __DBL_HAS_DENORM__ 1
#define __DBL_HAS_INFINITY__ 1
#define __DBL_HAS_QUIET_NAN__ 1
#define __DBL_IS_IEC_60559__ 2
#define __DBL_MANT_DIG__ 53
#define __DBL_MAX_10_EXP__ 308
#define __DBL_MAX_EXP__ 1024
#define __DBL_MIN_10_EXP__ (-307)
#define __DBL_MIN_EXP__ (-1021)
#define __DEC_EVAL_METHOD__ 2
#define __ELF__ 1
#define __FINITE_MATH_ONLY__ 0
#define __FLOAT_WORD_ORDER__ __ORDER_LITTLE_ENDIAN__
#define __FLT32X_DECIMAL_DIG__ 17
#define __FLT32X_DIG__ 15
#define __FLT32X_HAS_DENORM__ 1
#define __FLT32X_HAS_INFINITY__ 1
#define __FLT32X_HAS_QUIET_NAN__ 1
#define __FLT32X_IS_IEC_60559__ 2
#define __FLT32X_MANT_DIG__ 53
#define __FLT32X_MAX_10_EXP__ 308
#define __FLT32X_MAX_EXP__ 1024
#define __FLT32X_MIN_10_EXP__ (-307)
#define __FLT32X_MIN_EXP__ (-1021)
#define __FLT32_DECIMAL_DIG__ 9
#define __FLT32_DIG__ 6
#define __FLT32_HAS_DENORM__ 1
#define __FLT32_HAS_INFINITY__ 1
#define __FLT32_HAS_QUIET_NAN__ 1
#define __FLT32_IS_IEC_60559__ 2
#define __FLT32_MANT_DIG__ 24
#define __FLT32_MAX_10_EXP__ 38
#define __FLT32_MAX_EXP__ 128
#define __FLT32_MIN_10_EXP__ (-37)
#define __FLT32_MIN_EXP__ (-125)
#define __FLT64_DECIMAL_DIG__ 17
#define __FLT64_DIG__ 15
#define __FLT64_HAS_DENORM__ 1
#define __FLT64_HAS_INFINITY__ 1
#define __FLT64_HAS_QUIET_NAN__ 1
#define __FLT64_IS_IEC_60559__ 2
#define __FLT64_MANT_DIG__ 53
#define __FLT64_MAX_10_EXP__ 308
#define __FLT64_MAX_EXP__ 1024
#define __FLT64_MIN_10_EXP__ (-307)
#define __FLT64_MIN_EXP__ (-1021)
#define __FLT_DECIMAL_DIG__ 9
#define __FLT_DIG__ 6
#define __FLT_EVAL_METHOD_TS_18661_3__ 0
#define __FLT_EVAL_METHOD__ 0
#define __FLT_HAS_DENORM__ 1
#define __FLT_HAS_INFINITY__ 1
#define __FLT_HAS_QUIET_NAN__ 1
#define __FLT_IS_IEC_60559__ 2
#define __FLT_MANT_DIG__ 24
#define __FLT_MAX_10_EXP__ 38
#define __FLT_MAX_EXP__ 128
#define __FLT_MIN_10_EXP__ (-37)
#define __FLT_MIN_EXP__ (-125)
#define __FLT_RADIX__ 2
#define __GCC_ATOMIC_TEST_AND_SET_TRUEVAL 1
#define __GCC_CONSTRUCTIVE_SIZE 64
#define __GCC_DESTRUCTIVE_SIZE 64
#define __GNUC_EXECUTION_CHARSET_NAME "UTF-8"
#define __GNUC_MINOR__ 2
#define __GNUC_STDC_INLINE__ 1
#define __GNUC_WIDE_EXECUTION_CHARSET_NAME "UTF-32LE"
#define __GNUC__ 12
#define __GXX_ABI_VERSION 1017
#define __HAVE_SPECULATION_SAFE_VALUE 1
#define __INT16_C(c) c
#define __INT16_MAX__ 0x7fff
#define __INT16_TYPE__ short int
#define __INT8_C(c) c
#define __INT8_MAX__ 0x7f
#define __INT8_TYPE__ signed char
#define __INTMAX_WIDTH__ 64
#define __INT_FAST64_WIDTH__ 64
#define __INT_LEAST16_MAX__ 0x7fff
#define __INT_LEAST16_TYPE__ short int
#define __INT_LEAST16_WIDTH__ 16
#define __INT_LEAST32_WIDTH__ 32
#define __INT_LEAST64_WIDTH__ 64
#define __INT_LEAST8_MAX__ 0x7f
#define __INT_LEAST8_TYPE__ signed char
#define __INT_LEAST8_WIDTH__ 8
#define __INT_MAX__ 0x7fffffff
#define __INT_WIDTH__ 32
#define __LDBL_HAS_DENORM__ 1
#define __LDBL_HAS_INFINITY__ 1
#define __LDBL_HAS_QUIET_NAN__ 1
#define __LDBL_IS_IEC_60559__ 2
#define __LONG_LONG_MAX__ 0x7fffffffffffffffLL
#define __LONG_LONG_WIDTH__ 64
#define __NO_INLINE__ 1
#define __ORDER_BIG_ENDIAN__ 4321
#define __ORDER_LITTLE_ENDIAN__ 1234
#define __ORDER_PDP_ENDIAN__ 3412
#define __PRAGMA_REDEFINE_EXTNAME 1
#define __REGISTER_PREFIX__ 
#define __SCHAR_MAX__ 0x7f
#define __SCHAR_WIDTH__ 8
#define __SHRT_MAX__ 0x7fff
#define __SHRT_WIDTH__ 16
#define __SIG_ATOMIC_MAX__ 0x7fffffff
#define __SIG_ATOMIC_MIN__ (-__SIG_ATOMIC_MAX__ - 1)
#define __SIG_ATOMIC_TYPE__ int
#define __SIG_ATOMIC_WIDTH__ 32
#define __SIZEOF_DOUBLE__ 8
#define __SIZEOF_FLOAT__ 4
#define __SIZEOF_INT__ 4
#define __SIZEOF_LONG_LONG__ 8
#define __SIZEOF_SHORT__ 2
#define __SIZEOF_WCHAR_T__ 4
#define __SIZEOF_WINT_T__ 4
#define __STDC_HOSTED__ 1
#define __STDC_UTF_16__ 1
#define __STDC_UTF_32__ 1
#define __STDC_VERSION__ 201710L
#define __STDC__ 1
#define __UINT16_C(c) c
#define __UINT16_MAX__ 0xffff
#define __UINT16_TYPE__ short unsigned int
#define __UINT8_C(c) c
#define __UINT8_MAX__ 0xff
#define __UINT8_TYPE__ unsigned char
#define __UINT_LEAST16_MAX__ 0xffff
#define __UINT_LEAST16_TYPE__ short unsigned int
#define __UINT_LEAST8_MAX__ 0xff
#define __UINT_LEAST8_TYPE__ unsigned char
#define __USER_LABEL_PREFIX__ 
#define __WCHAR_WIDTH__ 32
#define __WINT_MAX__ 0xffffffffU
#define __WINT_MIN__ 0U
#define __WINT_TYPE__ unsigned int
#define __WINT_WIDTH__ 32
`;

/** The cross compilers this table stands for, by the start of their name. */
export const CROSS_GCC_NAME = /^(riscv(32|64)?|xtensa|aarch64)[\w.-]*-(gcc|g\+\+|c\+\+|cc|cpp)(-[\d.]+)?$/;

/** ILP32 (32-bit long and pointers) or LP64. */
function dataModel(lp64: boolean): string[] {
  const w = lp64 ? '8' : '4';
  const lines = [`__SIZEOF_LONG__ ${w}`, `__SIZEOF_POINTER__ ${w}`, `__SIZEOF_SIZE_T__ ${w}`, `__SIZEOF_PTRDIFF_T__ ${w}`, `__LONG_MAX__ ${lp64 ? '0x7fffffffffffffffL' : '0x7fffffffL'}`, `__LONG_WIDTH__ ${lp64 ? '64' : '32'}`];
  return lp64 ? [...lines, '__LP64__ 1', '_LP64 1'] : lines;
}

const lastMatch = (flags: string[], re: RegExp): string | undefined => flags.reduce<string | undefined>((v, f) => re.exec(f)?.[1] ?? v, undefined);

/** RISC-V: XLEN, the float ABI and the base extensions from -march/-mabi (`g` is `imafd`), the code model. */
function riscvMacros(triple: string, flags: string[]): string[] {
  const march = lastMatch(flags, /^-march=(rv(?:32|64)\w*)/);
  const mabi = lastMatch(flags, /^-mabi=(\w+)$/);
  const xlen = march ? march.slice(2, 4) : mabi ? (mabi.startsWith('lp64') ? '64' : '32') : triple.startsWith('riscv32') ? '32' : '64';
  const ext = (march ?? `rv${xlen}gc`).slice(4).split('_')[0].replace('g', 'imafd');
  const lines = ['__riscv 1', `__riscv_xlen ${xlen}`, ...dataModel(xlen === '64')];
  if (ext.includes('c')) lines.push('__riscv_compressed 1');
  if (ext.startsWith('e')) lines.push('__riscv_32e 1');
  if (ext.includes('a')) lines.push('__riscv_atomic 1');
  if (ext.includes('m')) lines.push('__riscv_mul 1', '__riscv_div 1', '__riscv_muldiv 1');
  const flen = ext.includes('d') ? '64' : ext.includes('f') ? '32' : undefined;
  if (flen) lines.push(`__riscv_flen ${flen}`, '__riscv_fdiv 1', '__riscv_fsqrt 1');
  const abiFloat = (mabi ?? (flen === '64' ? `lp64d` : 'lp64')).replace(/^(ilp32e?|lp64)/, '');
  lines.push(`__riscv_float_abi_${abiFloat === 'd' ? 'double' : abiFloat === 'f' ? 'single' : 'soft'} 1`);
  const cmodel = lastMatch(flags, /^-mcmodel=(medlow|medany)$/) ?? 'medlow';
  lines.push(`__riscv_cmodel_${cmodel} 1`);
  return lines;
}

/** The table for a cross compiler named `compiler` (its basename matches CROSS_GCC_NAME) and its target flags. */
export function crossGccTable(compiler: string, flags: string[]): { name: string; text: string } {
  const triple = compiler.replace(/-(gcc|g\+\+|c\+\+|cc|cpp)(-[\d.]+)?$/, '');
  let own: string[];
  if (triple.startsWith('riscv')) own = riscvMacros(triple, flags);
  else if (triple.startsWith('xtensa')) own = ['__xtensa__ 1', '__XTENSA__ 1', '__XTENSA_EL__ 1', ...dataModel(false)];
  else own = ['__aarch64__ 1', ...dataModel(true)];
  return { name: `gcc-12-target-independent/${triple}`, text: `${GCC12_TARGET_INDEPENDENT_C}${own.map((l) => `#define ${l}`).join('\n')}\n` };
}
