// What Clang's front end (armclang's) predefines differently from GCC for the same Arm target, as families of
// names: GCC's own families it never defines (fixed-point `__ACCUM_*`/`__FRACT_*`, `_FloatN` `__FLT32_*`, decimal
// float, `__INT8_C(c)`...) are dropped, and those only Clang defines are derived from the GCC table's values
// (`__CLANG_ATOMIC_*`, `__INT64_C_SUFFIX__`, `__ARM_FP16_FORMAT_IEEE`, `__ARM_VFPV4__`, `__FLT16_*`, `__ILP32__`...),
// with Clang's values where they differ (int-sized enums, `__ARM_FP`'s half-precision bit). Left as GCC's: the integer
// types (`__INT32_TYPE__ long int`), and names whose presence depends on Clang's version (`__FLT_NORM_MAX__`); the
// front end's own version (`__clang_major__`) is left undefined: armclang's is not known here.
import { TableLines } from './table-lines.js';

/** GCC-only names: no Clang defines them for an Arm target. */
const GCC_ONLY = new RegExp(
  [
    '^__U?(S|L|LL)?(ACCUM|FRACT)_', // fixed-point types
    '^__U?(QQ|HQ|SQ|DQ|TQ|HA|SA|DA|TA)_(FBIT|IBIT)__$', // fixed-point modes
    '^__FLT(32|64|128|32X|64X)_', // _FloatN
    '^__DEC(32|64|128)_|^__DEC_EVAL_METHOD__$',
    '^__GCC_IEC_559(_COMPLEX)?$',
    '^__(FLT|DBL|LDBL)_IS_IEC_60559__$',
    '^__FLT_EVAL_METHOD_TS_18661_3__$',
    '^__FP_FAST_FMAF(32|64|32X)$',
    '^__U?INT(8|16|32|64|MAX)_C$', // Clang gives the suffixes instead (until Clang 21)
    '^__(SIG_ATOMIC_(MIN|TYPE)|WCHAR_MIN|WINT_MIN)__$',
    '^__(FLOAT_WORD_ORDER|USES_INITFINI|ARM_ASM_SYNTAX_UNIFIED|GCC_ASM_FLAG_OUTPUTS)__$|^__GXX_TYPEINFO_EQUALITY_INLINE$|^__HAVE_SPECULATION_SAFE_VALUE$',
  ].join('|'),
);

/** IEEE half precision, which Clang defines for every Arm target (`_Float16`). */
const FLT16 = [
  '__FLT16_DECIMAL_DIG__ 5', '__FLT16_DENORM_MIN__ 5.9604644775390625e-8F16', '__FLT16_DIG__ 3', '__FLT16_EPSILON__ 9.765625e-4F16',
  '__FLT16_HAS_DENORM__ 1', '__FLT16_HAS_INFINITY__ 1', '__FLT16_HAS_QUIET_NAN__ 1', '__FLT16_MANT_DIG__ 11', '__FLT16_MAX_10_EXP__ 4',
  '__FLT16_MAX_EXP__ 16', '__FLT16_MAX__ 6.5504e+4F16', '__FLT16_MIN_10_EXP__ (-4)', '__FLT16_MIN_EXP__ (-13)', '__FLT16_MIN__ 6.103515625e-5F16',
];

/** Names every Clang defines whatever the target. */
const CLANG_ALWAYS = [
  '__llvm__ 1', '__clang_literal_encoding__ "UTF-8"', '__clang_wide_literal_encoding__ "UTF-32"', '__CONSTANT_CFSTRINGS__ 1', '__OBJC_BOOL_IS_BOOL 0',
  '__OPENCL_MEMORY_SCOPE_WORK_ITEM 0', '__OPENCL_MEMORY_SCOPE_WORK_GROUP 1', '__OPENCL_MEMORY_SCOPE_DEVICE 2', '__OPENCL_MEMORY_SCOPE_ALL_SVM_DEVICES 3', '__OPENCL_MEMORY_SCOPE_SUB_GROUP 4',
];

/** The printf length modifier of a C integer type as the GCC table names it (`long long unsigned int` → ll). */
function lengthModifier(type: string): string | undefined {
  const t = type.replace(/\b(signed|unsigned|int)\b/g, '').trim().replace(/\s+/g, ' ');
  return ({ char: 'hh', short: 'h', '': '', long: 'l', 'long long': 'll' } as Record<string, string>)[t];
}

/** `__INT8_FMTd__ "hhd"`..., `__UINT64_FMTx__ "llx"`...: Clang's printf formats for each integer type the table names. */
function formatLines(table: TableLines): string[] {
  const out: string[] = [];
  for (const [name, line] of table.map) {
    const m = /^__(U?)(INT\d+|INT_LEAST\d+|INT_FAST\d+|INTMAX|INTPTR|PTRDIFF|SIZE)_TYPE__$/.exec(name);
    if (!m) continue;
    const modifier = lengthModifier(line.slice(name.length).trim());
    if (modifier === undefined) continue;
    const unsigned = m[1] === 'U' || m[2] === 'SIZE';
    for (const c of unsigned ? ['o', 'u', 'x', 'X'] : ['d', 'i']) out.push(`__${m[1]}${m[2]}_FMT${c}__ "${modifier}${c}"`);
  }
  return out;
}

/** The target's Clang-only names derived from the GCC table's values. */
function derivedLines(table: TableLines, fpu: string | undefined): string[] {
  const value = (n: string) => table.map.get(n)?.slice(n.length).trim();
  const out: string[] = [];
  for (const [name] of table.map) {
    const atomic = /^__GCC_ATOMIC_(\w+)_LOCK_FREE$/.exec(name);
    if (atomic && atomic[1] !== 'TEST_AND_SET') out.push(`__CLANG_ATOMIC_${atomic[1]}_LOCK_FREE ${value(name)}`);
    const constant = /^__(U?INT(?:8|16|32|64|MAX))_C$/.exec(name);
    if (constant) out.push(`__${constant[1]}_C_SUFFIX__ ${/##\s*(\w+)/.exec(value(name) ?? '')?.[1] ?? ''}`);
  }
  if (value('__SIZEOF_POINTER__') === '4' && value('__SIZEOF_LONG__') === '4') out.push('_ILP32 1', '__ILP32__ 1');
  // Widths under Clang's names, as GCC gives them under its own.
  out.push(`__POINTER_WIDTH__ ${value('__INTPTR_WIDTH__')}`, '__BOOL_WIDTH__ 8', `__LLONG_WIDTH__ ${value('__LONG_LONG_WIDTH__')}`);
  out.push(value('__BYTE_ORDER__') === '__ORDER_BIG_ENDIAN__' ? '__BIG_ENDIAN__ 1' : '__LITTLE_ENDIAN__ 1');
  if (value('__WCHAR_MIN__') === '0U' || value('__WCHAR_MIN__') === '0') out.push('__WCHAR_UNSIGNED__ 1');
  if (table.map.has('__arm__')) out.push('__arm 1', '__ARM_32BIT_STATE 1', '__ARM_PCS 1', '__ARM_FP16_FORMAT_IEEE 1', '__ARM_FP16_ARGS 1', ...FLT16);
  // Clang's enums are int-sized unless -fshort-enums (GCC's arm-none-eabi default is short).
  if (table.map.has('__ARM_SIZEOF_MINIMAL_ENUM')) out.push('__ARM_SIZEOF_MINIMAL_ENUM 4');
  if (table.map.has('__ARM_FP')) {
    out.push('__ARM_VFPV2__ 1', '__ARM_VFPV3__ 1');
    // A VFPv4 or FPv5 unit converts half precision, which Clang's __ARM_FP states (bit 1).
    if (table.map.has('__ARM_FEATURE_FMA')) out.push('__ARM_VFPV4__ 1', `__ARM_FP 0x${(Number(value('__ARM_FP')) | 2).toString(16)}`);
    if (/^(fpv5|fp-armv8)/.test(fpu ?? '')) out.push('__ARM_FPV5__ 1');
  }
  out.push(`__UINTMAX_WIDTH__ ${value('__INTMAX_WIDTH__')}`, `__UINTPTR_WIDTH__ ${value('__INTPTR_WIDTH__')}`);
  return out;
}

/** Rewrites a GCC target table's lines to Clang's families of names (`fpu`: the -mfpu value, if any). */
export function clangFamilies(table: TableLines, fpu: string | undefined): void {
  const added = [...derivedLines(table, fpu), ...formatLines(table), ...CLANG_ALWAYS];
  for (const name of [...table.map.keys()]) if (GCC_ONLY.test(name)) table.del(name);
  for (const line of added) {
    const at = line.indexOf(' ');
    table.set(line.slice(0, at), line.slice(at + 1));
  }
}
