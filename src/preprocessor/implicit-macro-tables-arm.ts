// arm-none-eabi-gcc (GCC 12.2, Arm GNU Toolchain 12.2.Rel1 era) implicit macros for Cortex-M0/M0+/M3/M4/M7/M33
// and the default arm7tdmi, composed from -mcpu/-march/-mthumb/-mfloat-abi/-mfpu. Written from GCC's arm-c.cc
// and arm.h knowledge; floating-point limit macros are the IEEE ones. Leaves out Cortex-A/R and MVE (M55/M85).
import { HOST_X86_64_GCC12_C } from './implicit-macro-tables-host.js';

export interface ArmCpu {
  /** Table name, e.g. `cortex-m4`. */
  name: string;
  arch: 'armv4t' | 'armv6-m' | 'armv7-m' | 'armv7e-m' | 'armv8-m.base' | 'armv8-m.main';
  /** FPU when -mfpu=auto (the -mcpu default) and a float ABI other than soft is asked. */
  defaultFpu?: 'fpv4-sp-d16' | 'fpv5-d16' | 'fpv5-sp-d16';
  dsp: boolean;
}

export const ARM_CPUS: Record<string, ArmCpu> = {
  arm7tdmi: { name: 'arm7tdmi', arch: 'armv4t', dsp: false },
  'cortex-m0': { name: 'cortex-m0', arch: 'armv6-m', dsp: false },
  'cortex-m0plus': { name: 'cortex-m0plus', arch: 'armv6-m', dsp: false },
  'cortex-m1': { name: 'cortex-m1', arch: 'armv6-m', dsp: false },
  'cortex-m23': { name: 'cortex-m23', arch: 'armv8-m.base', dsp: false },
  'cortex-m3': { name: 'cortex-m3', arch: 'armv7-m', dsp: false },
  'cortex-m4': { name: 'cortex-m4', arch: 'armv7e-m', defaultFpu: 'fpv4-sp-d16', dsp: true },
  'cortex-m7': { name: 'cortex-m7', arch: 'armv7e-m', defaultFpu: 'fpv5-d16', dsp: true },
  'cortex-m33': { name: 'cortex-m33', arch: 'armv8-m.main', defaultFpu: 'fpv5-sp-d16', dsp: true },
  'cortex-m35p': { name: 'cortex-m35p', arch: 'armv8-m.main', defaultFpu: 'fpv5-sp-d16', dsp: true },
};

const ARCH_ONLY: Record<string, ArmCpu> = {
  armv4t: ARM_CPUS.arm7tdmi,
  'armv6-m': { name: 'armv6-m', arch: 'armv6-m', dsp: false },
  'armv6s-m': { name: 'armv6-m', arch: 'armv6-m', dsp: false },
  'armv7-m': { name: 'armv7-m', arch: 'armv7-m', dsp: false },
  'armv7e-m': { name: 'armv7e-m', arch: 'armv7e-m', dsp: true },
  'armv8-m.base': { name: 'armv8-m.base', arch: 'armv8-m.base', dsp: false },
  'armv8-m.main': { name: 'armv8-m.main', arch: 'armv8-m.main', dsp: false },
};

/** Pick the CPU from -mcpu (extensions like `+nofp` dropped) or -march. */
export function armCpuFromFlags(flags: string[]): { cpu: ArmCpu; nofp: boolean; nodsp: boolean } {
  let cpu: ArmCpu = ARM_CPUS.arm7tdmi;
  let nofp = false;
  let nodsp = false;
  for (const f of flags) {
    const mc = /^-mcpu=([^+]+)(.*)$/.exec(f);
    const ma = /^-march=([^+]+)(.*)$/.exec(f);
    const m = mc ?? ma;
    if (!m) continue;
    const found = mc ? ARM_CPUS[m[1]] : ARCH_ONLY[m[1]];
    if (found) cpu = found;
    nofp = /\+nofp/.test(m[2]);
    nodsp = /\+nodsp/.test(m[2]);
    if (ma && /\+dsp/.test(m[2])) cpu = { ...cpu, dsp: true };
    if (ma && /\+fp(\.dp)?/.test(m[2])) cpu = { ...cpu, defaultFpu: /\+fp\.dp/.test(m[2]) ? 'fpv5-d16' : 'fpv5-sp-d16' };
  }
  return { cpu, nofp, nodsp };
}

/** Common part of every arm-none-eabi-gcc 12 target (ILP32, newlib types, little endian, EABI). */
const ARM_EABI_COMMON = `
#define __GNUC__ 12
#define __GNUC_MINOR__ 2
#define __GNUC_PATCHLEVEL__ 1
#define __VERSION__ "12.2.1 20221205"
#define __GNUC_STDC_INLINE__ 1
#define __GNUC_EXECUTION_CHARSET_NAME "UTF-8"
#define __GNUC_WIDE_EXECUTION_CHARSET_NAME "UTF-32LE"
#define __STDC__ 1
#define __STDC_HOSTED__ 1
#define __STDC_UTF_16__ 1
#define __STDC_UTF_32__ 1
#define __ELF__ 1
#define __arm__ 1
#define __ARM_EABI__ 1
#define __ARMEL__ 1
#define __APCS_32__ 1
#define __ARM_32BIT_STATE 1
#define __VFP_FP__ 1
#define __USES_INITFINI__ 1
#define __ARM_SIZEOF_WCHAR_T 4
#define __ARM_SIZEOF_MINIMAL_ENUM 1
#define __ARM_ASM_SYNTAX_UNIFIED__ 1
#define __ARM_BF16_FORMAT_ALTERNATIVE 1
#define __CHAR_UNSIGNED__ 1
#define __CHAR_BIT__ 8
#define __BIGGEST_ALIGNMENT__ 8
#define __ORDER_LITTLE_ENDIAN__ 1234
#define __ORDER_BIG_ENDIAN__ 4321
#define __ORDER_PDP_ENDIAN__ 3412
#define __BYTE_ORDER__ __ORDER_LITTLE_ENDIAN__
#define __FLOAT_WORD_ORDER__ __ORDER_LITTLE_ENDIAN__
#define __USER_LABEL_PREFIX__ 
#define __REGISTER_PREFIX__ 
#define __GXX_ABI_VERSION 1017
#define __FINITE_MATH_ONLY__ 0
#define __FLT_EVAL_METHOD__ 0
#define __FLT_EVAL_METHOD_TS_18661_3__ 0
#define __DEC_EVAL_METHOD__ 2
#define __DECIMAL_DIG__ 17
#define __DECIMAL_BID_FORMAT__ 1
#define __GCC_IEC_559 0
#define __GCC_IEC_559_COMPLEX 0
#define __ATOMIC_RELAXED 0
#define __ATOMIC_CONSUME 1
#define __ATOMIC_ACQUIRE 2
#define __ATOMIC_RELEASE 3
#define __ATOMIC_ACQ_REL 4
#define __ATOMIC_SEQ_CST 5
#define __GCC_ATOMIC_TEST_AND_SET_TRUEVAL 1
#define __PRAGMA_REDEFINE_EXTNAME 1
#define __SIZEOF_INT__ 4
#define __SIZEOF_LONG__ 4
#define __SIZEOF_LONG_LONG__ 8
#define __SIZEOF_SHORT__ 2
#define __SIZEOF_FLOAT__ 4
#define __SIZEOF_DOUBLE__ 8
#define __SIZEOF_LONG_DOUBLE__ 8
#define __SIZEOF_SIZE_T__ 4
#define __SIZEOF_WCHAR_T__ 4
#define __SIZEOF_WINT_T__ 4
#define __SIZEOF_PTRDIFF_T__ 4
#define __SIZEOF_POINTER__ 4
#define __SCHAR_MAX__ 0x7f
#define __SHRT_MAX__ 0x7fff
#define __INT_MAX__ 0x7fffffff
#define __LONG_MAX__ 0x7fffffffL
#define __LONG_LONG_MAX__ 0x7fffffffffffffffLL
#define __WCHAR_MAX__ 0xffffffffU
#define __WCHAR_MIN__ 0U
#define __WINT_MAX__ 0xffffffffU
#define __WINT_MIN__ 0U
#define __PTRDIFF_MAX__ 0x7fffffff
#define __SIZE_MAX__ 0xffffffffU
#define __SCHAR_WIDTH__ 8
#define __SHRT_WIDTH__ 16
#define __INT_WIDTH__ 32
#define __LONG_WIDTH__ 32
#define __LONG_LONG_WIDTH__ 64
#define __WCHAR_WIDTH__ 32
#define __WINT_WIDTH__ 32
#define __PTRDIFF_WIDTH__ 32
#define __SIZE_WIDTH__ 32
#define __INTMAX_WIDTH__ 64
#define __INTPTR_WIDTH__ 32
#define __SIG_ATOMIC_WIDTH__ 32
#define __SIZE_TYPE__ unsigned int
#define __PTRDIFF_TYPE__ int
#define __WCHAR_TYPE__ unsigned int
#define __WINT_TYPE__ unsigned int
#define __INTMAX_TYPE__ long long int
#define __UINTMAX_TYPE__ long long unsigned int
#define __CHAR16_TYPE__ short unsigned int
#define __CHAR32_TYPE__ long unsigned int
#define __SIG_ATOMIC_TYPE__ int
#define __INT8_TYPE__ signed char
#define __INT16_TYPE__ short int
#define __INT32_TYPE__ long int
#define __INT64_TYPE__ long long int
#define __UINT8_TYPE__ unsigned char
#define __UINT16_TYPE__ short unsigned int
#define __UINT32_TYPE__ long unsigned int
#define __UINT64_TYPE__ long long unsigned int
#define __INT_LEAST8_TYPE__ signed char
#define __INT_LEAST16_TYPE__ short int
#define __INT_LEAST32_TYPE__ long int
#define __INT_LEAST64_TYPE__ long long int
#define __UINT_LEAST8_TYPE__ unsigned char
#define __UINT_LEAST16_TYPE__ short unsigned int
#define __UINT_LEAST32_TYPE__ long unsigned int
#define __UINT_LEAST64_TYPE__ long long unsigned int
#define __INT_FAST8_TYPE__ int
#define __INT_FAST16_TYPE__ int
#define __INT_FAST32_TYPE__ int
#define __INT_FAST64_TYPE__ long long int
#define __UINT_FAST8_TYPE__ unsigned int
#define __UINT_FAST16_TYPE__ unsigned int
#define __UINT_FAST32_TYPE__ unsigned int
#define __UINT_FAST64_TYPE__ long long unsigned int
#define __INTPTR_TYPE__ int
#define __UINTPTR_TYPE__ unsigned int
#define __INTMAX_MAX__ 0x7fffffffffffffffLL
#define __UINTMAX_MAX__ 0xffffffffffffffffULL
#define __INTMAX_C(c) c ## LL
#define __UINTMAX_C(c) c ## ULL
#define __SIG_ATOMIC_MAX__ 0x7fffffff
#define __SIG_ATOMIC_MIN__ (-__SIG_ATOMIC_MAX__ - 1)
#define __INT8_MAX__ 0x7f
#define __INT16_MAX__ 0x7fff
#define __INT32_MAX__ 0x7fffffffL
#define __INT64_MAX__ 0x7fffffffffffffffLL
#define __UINT8_MAX__ 0xff
#define __UINT16_MAX__ 0xffff
#define __UINT32_MAX__ 0xffffffffUL
#define __UINT64_MAX__ 0xffffffffffffffffULL
#define __INT_LEAST8_MAX__ 0x7f
#define __INT_LEAST8_WIDTH__ 8
#define __INT_LEAST16_MAX__ 0x7fff
#define __INT_LEAST16_WIDTH__ 16
#define __INT_LEAST32_MAX__ 0x7fffffffL
#define __INT_LEAST32_WIDTH__ 32
#define __INT_LEAST64_MAX__ 0x7fffffffffffffffLL
#define __INT_LEAST64_WIDTH__ 64
#define __UINT_LEAST8_MAX__ 0xff
#define __UINT_LEAST16_MAX__ 0xffff
#define __UINT_LEAST32_MAX__ 0xffffffffUL
#define __UINT_LEAST64_MAX__ 0xffffffffffffffffULL
#define __INT_FAST8_MAX__ 0x7fffffff
#define __INT_FAST8_WIDTH__ 32
#define __INT_FAST16_MAX__ 0x7fffffff
#define __INT_FAST16_WIDTH__ 32
#define __INT_FAST32_MAX__ 0x7fffffff
#define __INT_FAST32_WIDTH__ 32
#define __INT_FAST64_MAX__ 0x7fffffffffffffffLL
#define __INT_FAST64_WIDTH__ 64
#define __UINT_FAST8_MAX__ 0xffffffffU
#define __UINT_FAST16_MAX__ 0xffffffffU
#define __UINT_FAST32_MAX__ 0xffffffffU
#define __UINT_FAST64_MAX__ 0xffffffffffffffffULL
#define __INTPTR_MAX__ 0x7fffffff
#define __UINTPTR_MAX__ 0xffffffffU
#define __INT8_C(c) c
#define __INT16_C(c) c
#define __INT32_C(c) c ## L
#define __INT64_C(c) c ## LL
#define __UINT8_C(c) c
#define __UINT16_C(c) c
#define __UINT32_C(c) c ## UL
#define __UINT64_C(c) c ## ULL
#define __HAVE_SPECULATION_SAFE_VALUE 1
`;

/** IEEE float/double limit macros (shared with the host table); long double is double on ARM. */
function floatMacros(): string {
  const lines = HOST_X86_64_GCC12_C.split('\n').filter((l) => /^#define __(FLT|DBL|FLT32|FLT64|FLT32X|DEC32|DEC64|DEC128)_/.test(l));
  const ldbl = HOST_X86_64_GCC12_C.split('\n')
    .filter((l) => /^#define __DBL_/.test(l))
    .map((l) => l.replace('__DBL_', '__LDBL_').replace(/\(\(double\)([^)]*)\)/, '$1'));
  return [...lines, ...ldbl].join('\n');
}

export interface ArmTableResult {
  name: string;
  text: string;
}

/** Compose the implicit-macro text for arm-none-eabi-gcc with these target flags. */
export function armTable(targetFlags: string[]): ArmTableResult {
  const { cpu, nofp, nodsp } = armCpuFromFlags(targetFlags);
  const lastValue = (re: RegExp) => {
    let v: string | undefined;
    for (const f of targetFlags) {
      const m = re.exec(f);
      if (m) v = m[1];
    }
    return v;
  };
  const floatAbi = lastValue(/^-mfloat-abi=(\w+)$/) ?? 'soft';
  let fpu = lastValue(/^-mfpu=([\w-]+)$/) ?? 'auto';
  if (fpu === 'auto') fpu = nofp ? 'none' : (cpu.defaultFpu ?? 'none');
  const hasFp = floatAbi !== 'soft' && fpu !== 'none' && fpu !== 'auto';
  const thumb = cpu.arch !== 'armv4t' || targetFlags.includes('-mthumb');
  const L: string[] = [];
  const def = (n: string, v = '1') => L.push(`#define ${n} ${v}`);
  archMacros(cpu.arch, { dsp: cpu.dsp && !nodsp, cmse: targetFlags.includes('-mcmse') }, def);
  if (thumb) {
    def('__thumb__');
    def('__THUMBEL__');
  }
  if (floatAbi === 'soft') def('__SOFTFP__');
  if (hasFp) fpuMacros(fpu, def);
  if (floatAbi === 'hard' && hasFp) def('__ARM_PCS_VFP');
  else def('__ARM_PCS');
  const name = `arm-none-eabi-gcc-12/${cpu.name}${hasFp ? `+${fpu}` : ''}/${floatAbi}`;
  return { name, text: `${ARM_EABI_COMMON}\n${L.join('\n')}\n${floatMacros()}\n` };
}

type Define = (name: string, value?: string) => void;

/** The architecture's macros: its name and profile, ISA, features, and the atomics' lock-free levels. */
function archMacros(arch: string, opts: { dsp: boolean; cmse: boolean }, def: Define): void {
  switch (arch) {
    case 'armv4t':
      def('__ARM_ARCH_4T__');
      def('__ARM_ARCH', '4');
      def('__ARM_ARCH_ISA_ARM');
      def('__ARM_ARCH_ISA_THUMB');
      def('__THUMB_INTERWORK__');
      break;
    case 'armv6-m':
      def('__ARM_ARCH_6M__');
      def('__ARM_ARCH', '6');
      def('__ARM_ARCH_ISA_THUMB', '1');
      def('__ARM_ARCH_PROFILE', '77');
      break;
    case 'armv8-m.base':
      def('__ARM_ARCH_8M_BASE__');
      def('__ARM_ARCH', '8');
      def('__ARM_ARCH_ISA_THUMB', '1');
      def('__ARM_ARCH_PROFILE', '77');
      def('__ARM_ARCH_EXT_IDIV__');
      def('__ARM_FEATURE_IDIV');
      def('__ARM_FEATURE_LDREX', '4');
      def('__ARM_FEATURE_CMSE', opts.cmse ? '3' : '1');
      break;
    default:
      mainlineMacros(arch, opts, def);
  }
  const lockFree = arch === 'armv7-m' || arch === 'armv7e-m' || arch === 'armv8-m.main' || arch === 'armv8-m.base' ? '2' : '1';
  for (const t of ['BOOL', 'CHAR', 'CHAR16_T', 'CHAR32_T', 'WCHAR_T', 'SHORT', 'INT', 'LONG', 'POINTER']) def(`__GCC_ATOMIC_${t}_LOCK_FREE`, lockFree);
  def('__GCC_ATOMIC_LLONG_LOCK_FREE', '1');
}

/** ARMv7-M, ARMv7E-M and ARMv8-M mainline: Thumb-2 with division, saturation, exclusive access, DSP when present. */
function mainlineMacros(arch: string, opts: { dsp: boolean; cmse: boolean }, def: Define): void {
  const v8 = arch === 'armv8-m.main';
  def(v8 ? '__ARM_ARCH_8M_MAIN__' : arch === 'armv7e-m' ? '__ARM_ARCH_7EM__' : '__ARM_ARCH_7M__');
  def('__ARM_ARCH', v8 ? '8' : '7');
  def('__ARM_ARCH_ISA_THUMB', '2');
  def('__ARM_ARCH_PROFILE', '77');
  def('__ARM_ARCH_EXT_IDIV__');
  def('__ARM_FEATURE_IDIV');
  def('__ARM_FEATURE_CLZ');
  def('__ARM_FEATURE_LDREX', '7');
  def('__ARM_FEATURE_QBIT');
  def('__ARM_FEATURE_SAT');
  def('__ARM_FEATURE_UNALIGNED');
  def('__ARM_FEATURE_COPROC', '15');
  if (v8) def('__ARM_FEATURE_CMSE', opts.cmse ? '3' : '1');
  if (opts.dsp) {
    def('__ARM_FEATURE_DSP');
    def('__ARM_FEATURE_SIMD32');
  }
  def('__thumb2__');
  def('__GCC_HAVE_SYNC_COMPARE_AND_SWAP_1');
  def('__GCC_HAVE_SYNC_COMPARE_AND_SWAP_2');
  def('__GCC_HAVE_SYNC_COMPARE_AND_SWAP_4');
}

/** A hardware FPU's macros: single or double precision, fused multiply-add, FPv5's min/max and rounding. */
function fpuMacros(fpu: string, def: Define): void {
  const dp = fpu === 'fpv5-d16' || fpu === 'vfpv3-d16' || fpu === 'vfpv4-d16' || fpu.startsWith('neon');
  def('__ARM_FP', dp ? '14' : '4');
  if (fpu.startsWith('fpv4') || fpu.startsWith('fpv5') || fpu.startsWith('vfpv4')) def('__ARM_FEATURE_FMA');
  if (fpu.startsWith('fpv5')) {
    def('__ARM_FEATURE_NUMERIC_MAXMIN');
    def('__ARM_FEATURE_DIRECTED_ROUNDING');
  }
}
