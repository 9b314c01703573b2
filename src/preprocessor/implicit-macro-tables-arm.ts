// arm-none-eabi-gcc 12.2's implicit macros for the default arm7tdmi and Cortex-M0/M0+/M1/M3/M4/M7/M23/M33/M35P/M55
// (and M85, which GCC 13 adds with M55's features), composed from -mcpu/-march (with their +extensions), -mthumb,
// -mfloat-abi, -mfpu and -mcmse the way GCC's arm-c.cc decides them; checked against the compiler's `-dM -E`.
import { ARM_GCC12_COMMON_C } from './implicit-macro-tables-arm-common.js';
import { lastFlagValue } from './implicit-macro-flag-effects.js';

type ArmArch = 'armv4t' | 'armv6-m' | 'armv7-m' | 'armv7e-m' | 'armv8-m.base' | 'armv8-m.main' | 'armv8.1-m.main';
/** Floating-point precision of a unit: none, single or double. */
type FpPrecision = 'none' | 'sp' | 'dp';
/** M-profile Vector Extension: none, integer only, or integer and floating point. */
type Mve = 'none' | 'int' | 'float';

export interface ArmCpu {
  /** Table name: the -mcpu or -march value as written, e.g. `cortex-m4` or `cortex-m55+nomve`. */
  name: string;
  arch: ArmArch;
  /** The FPU -mfpu=auto (the default) takes when the float ABI is not soft. */
  fp: FpPrecision;
  dsp: boolean;
  mve: Mve;
}

const cpu = (name: string, arch: ArmArch, fp: FpPrecision = 'none', dsp = false, mve: Mve = 'none'): ArmCpu => ({ name, arch, fp, dsp, mve });

const ARM_CPUS: Record<string, ArmCpu> = {
  arm7tdmi: cpu('arm7tdmi', 'armv4t'),
  'cortex-m0': cpu('cortex-m0', 'armv6-m'),
  'cortex-m0plus': cpu('cortex-m0plus', 'armv6-m'),
  'cortex-m1': cpu('cortex-m1', 'armv6-m'),
  'cortex-m23': cpu('cortex-m23', 'armv8-m.base'),
  'cortex-m3': cpu('cortex-m3', 'armv7-m'),
  'cortex-m4': cpu('cortex-m4', 'armv7e-m', 'sp', true),
  'cortex-m7': cpu('cortex-m7', 'armv7e-m', 'dp', true),
  'cortex-m33': cpu('cortex-m33', 'armv8-m.main', 'sp', true),
  'cortex-m35p': cpu('cortex-m35p', 'armv8-m.main', 'sp', true),
  'cortex-m55': cpu('cortex-m55', 'armv8.1-m.main', 'dp', true, 'float'),
  'cortex-m85': cpu('cortex-m85', 'armv8.1-m.main', 'dp', true, 'float'),
};

/** -march names: the architecture alone, its options added by +extensions. */
const ARCH_ONLY: Record<string, ArmCpu> = {
  armv4t: ARM_CPUS.arm7tdmi,
  'armv6-m': cpu('armv6-m', 'armv6-m'),
  'armv6s-m': cpu('armv6-m', 'armv6-m'),
  'armv7-m': cpu('armv7-m', 'armv7-m'),
  'armv7e-m': cpu('armv7e-m', 'armv7e-m', 'none', true),
  'armv8-m.base': cpu('armv8-m.base', 'armv8-m.base'),
  'armv8-m.main': cpu('armv8-m.main', 'armv8-m.main'),
  'armv8.1-m.main': cpu('armv8.1-m.main', 'armv8.1-m.main'),
};

/** A CPU with the +extensions of its -mcpu/-march value applied in order (`+nofp`, `+mve.fp`, `+nodsp`, ...). */
function withExtensions(base: ArmCpu, extensions: string[]): ArmCpu {
  const c = { ...base };
  for (const ext of extensions) {
    if (ext === 'nofp') [c.fp, c.mve] = ['none', c.mve === 'float' ? 'int' : c.mve];
    else if (ext === 'nofp.dp' && c.fp === 'dp') c.fp = 'sp';
    else if (ext === 'fp' && c.fp === 'none') c.fp = 'sp';
    else if (ext === 'fp.dp') c.fp = 'dp';
    else if (ext === 'dsp') c.dsp = true;
    else if (ext === 'nodsp') [c.dsp, c.mve] = [false, 'none'];
    else if (ext === 'mve') [c.mve, c.dsp] = [c.mve === 'none' ? 'int' : c.mve, true];
    else if (ext === 'mve.fp') [c.mve, c.dsp, c.fp] = ['float', true, c.fp === 'none' ? 'sp' : c.fp];
    else if (ext === 'nomve') c.mve = 'none';
    else if (ext === 'nomve.fp' && c.mve === 'float') c.mve = 'int';
  }
  return c;
}

/** The CPU from the last -mcpu or -march (with its +extensions); arm7tdmi, GCC's default, when neither names one. */
function armCpuFromFlags(flags: string[]): ArmCpu {
  let found: ArmCpu = ARM_CPUS.arm7tdmi;
  for (const f of flags) {
    const m = /^-m(cpu|arch)=([^+]+)((?:\+[\w.]+)*)$/.exec(f);
    if (!m) continue;
    // `cortex-m0plus.small-multiply` and the like: the same core with the slower multiplier, the same macros.
    const [table, key] = m[1] === 'cpu' ? [ARM_CPUS, m[2].replace(/\.small-multiply$/, '')] : [ARCH_ONLY, m[2]];
    if (!Object.hasOwn(table, key)) continue;
    found = { ...withExtensions(table[key], m[3].split('+').filter(Boolean)), name: table[key].name + m[3] };
  }
  return found;
}

/** Precision of an -mfpu name (`auto` is the CPU's own). */
function fpuPrecision(fpu: string, cpuFp: FpPrecision): FpPrecision {
  if (fpu === 'auto') return cpuFp;
  if (fpu === 'none' || fpu === 'softvfp') return 'none';
  return /^(fpv4-sp|fpv5-sp|vfpv3xd)/.test(fpu) ? 'sp' : 'dp';
}

/** What a target's macros follow from: its architecture, instruction set, FPU in use, DSP and MVE. */
interface ArmTarget {
  arch: ArmArch;
  /** Thumb code (every M profile; arm7tdmi with -mthumb). */
  thumb: boolean;
  /** Thumb-2: ARMv7-M, ARMv7E-M, ARMv8-M mainline and ARMv8.1-M. */
  thumb2: boolean;
  floatAbi: string;
  /** The FPU the code uses: none when the float ABI is soft. */
  fp: FpPrecision;
  /** Fused multiply-add: an FPU from VFPv4 on (every M-profile FPU). */
  fma: boolean;
  dsp: boolean;
  mve: Mve;
  cmse: boolean;
  bigEndian: boolean;
  /** Unaligned loads and stores allowed (Thumb-2 targets, unless -mno-unaligned-access). */
  unaligned: boolean;
  /** The half-precision storage format: IEEE on ARMv8.1-M with an FPU, else what -mfp16-format names. */
  fp16Format: 'none' | 'ieee' | 'alternative';
  /**
   * -mgeneral-regs-only: the compiler may use no floating-point or vector register, so it claims no fast FMA, IEEE
   * arithmetic, half-precision arithmetic or MVE; the FPU's and the float ABI's own macros stay.
   */
  generalRegsOnly: boolean;
}

function armTarget(flags: string[]): ArmTarget & { cpu: ArmCpu; fpu: string } {
  const c = armCpuFromFlags(flags);
  const last = (re: RegExp) => lastFlagValue(flags, re);
  const floatAbi = last(/^-mfloat-abi=(\w+)$/) ?? 'soft';
  const fpu = last(/^-mfpu=([\w.-]+)$/) ?? 'auto';
  const fp = floatAbi === 'soft' ? 'none' : fpuPrecision(fpu, c.fp);
  const thumb2 = c.arch !== 'armv4t' && c.arch !== 'armv6-m' && c.arch !== 'armv8-m.base';
  return {
    cpu: c,
    fpu,
    arch: c.arch,
    thumb: c.arch !== 'armv4t' || flags.includes('-mthumb'),
    thumb2,
    floatAbi,
    fp,
    fma: fp !== 'none' && (fpu === 'auto' || /^(fpv4|fpv5|vfpv4|neon-vfpv4|fp-armv8|neon-fp-armv8|crypto-neon-fp-armv8)/.test(fpu)),
    dsp: c.dsp,
    mve: floatAbi === 'soft' ? 'none' : c.mve,
    cmse: flags.includes('-mcmse'),
    bigEndian: last(/^-m(big|little)-endian$/) === 'big',
    unaligned: thumb2 && last(/^-m(no-)?unaligned-access$/) !== 'no-',
    fp16Format: (last(/^-mfp16-format=(none|ieee|alternative)$/) ?? (c.arch === 'armv8.1-m.main' && fp !== 'none' ? 'ieee' : 'none')) as ArmTarget['fp16Format'],
    generalRegsOnly: flags.includes('-mgeneral-regs-only'),
  };
}

export interface ArmTableResult {
  name: string;
  text: string;
}

/** Compose the implicit-macro text for arm-none-eabi-gcc with these target flags. */
export function armTable(targetFlags: string[]): ArmTableResult {
  const t = armTarget(targetFlags);
  const L: string[] = [];
  const def: Define = (n, v = '1') => L.push(`#define ${n} ${v}`);
  archMacros(t, def);
  featureMacros(t, def);
  floatMacros(t, def);
  const fpName = t.fp === 'none' ? '' : `+${t.fpu === 'auto' ? `fp${t.fp === 'dp' ? '.dp' : ''}` : t.fpu}`;
  const name = `arm-none-eabi-gcc-12/${t.cpu.name}${fpName}/${t.floatAbi}`;
  return { name, text: `${t.bigEndian ? bigEndianCommon() : ARM_GCC12_COMMON_C}${L.join('\n')}\n` };
}

type Define = (name: string, value?: string) => void;

/** The common part for a big-endian target (-mbig-endian): byte and word order, and the wide charset, swapped. */
function bigEndianCommon(): string {
  return ARM_GCC12_COMMON_C.replace('#define __ARMEL__ 1\n', '#define __ARMEB__ 1\n#define __ARM_BIG_ENDIAN 1\n')
    .replace(/^(#define __(BYTE|FLOAT_WORD)_ORDER__) __ORDER_LITTLE_ENDIAN__$/gm, '$1 __ORDER_BIG_ENDIAN__')
    .replace('"UTF-32LE"', '"UTF-32BE"');
}

const ARCH_NAME: Record<ArmArch, [macro: string, version: string]> = {
  armv4t: ['__ARM_ARCH_4T__', '4'],
  'armv6-m': ['__ARM_ARCH_6M__', '6'],
  'armv7-m': ['__ARM_ARCH_7M__', '7'],
  'armv7e-m': ['__ARM_ARCH_7EM__', '7'],
  'armv8-m.base': ['__ARM_ARCH_8M_BASE__', '8'],
  'armv8-m.main': ['__ARM_ARCH_8M_MAIN__', '8'],
  'armv8.1-m.main': ['__ARM_ARCH_8M_MAIN__', '8'],
};

/** The architecture's name, profile and instruction sets, and the state the code runs in. */
function archMacros(t: ArmTarget, def: Define): void {
  const [archMacro, version] = ARCH_NAME[t.arch];
  def(archMacro);
  def('__ARM_ARCH', version);
  if (t.arch === 'armv4t') def('__ARM_ARCH_ISA_ARM');
  else def('__ARM_ARCH_PROFILE', '77');
  def('__ARM_ARCH_ISA_THUMB', t.thumb2 ? '2' : '1');
  if (t.thumb) {
    def('__thumb__');
    def(t.bigEndian ? '__THUMBEB__' : '__THUMBEL__');
  }
  if (t.thumb2) {
    def('__thumb2__');
    def('__ARM_ASM_SYNTAX_UNIFIED__');
  }
  if (t.thumb2 || !t.thumb) {
    def('__ARM_32BIT_STATE');
    def('__GCC_ASM_FLAG_OUTPUTS__');
    def('__ARM_FEATURE_COPROC', t.thumb2 ? '15' : '1');
  }
}

/** Division, exclusive access, saturation, DSP, MVE, CMSE and the atomics that follow from them. */
function featureMacros(t: ArmTarget, def: Define): void {
  const v8m = t.arch === 'armv8-m.base' || t.arch === 'armv8-m.main' || t.arch === 'armv8.1-m.main';
  const exclusive = t.thumb2 || t.arch === 'armv8-m.base';
  if (exclusive) {
    def('__ARM_ARCH_EXT_IDIV__');
    def('__ARM_FEATURE_IDIV');
    def('__ARM_FEATURE_LDREX', '7');
    for (const n of ['1', '2', '4']) def(`__GCC_HAVE_SYNC_COMPARE_AND_SWAP_${n}`);
  }
  if (t.thumb2) for (const f of ['CLZ', 'QBIT', 'SAT']) def(`__ARM_FEATURE_${f}`);
  if (t.unaligned) def('__ARM_FEATURE_UNALIGNED');
  if (v8m) def('__ARM_FEATURE_CMSE', t.cmse ? '3' : '1');
  if (t.dsp) {
    def('__ARM_FEATURE_DSP');
    def('__ARM_FEATURE_SIMD32');
  }
  if (t.mve !== 'none' && !t.generalRegsOnly) def('__ARM_FEATURE_MVE', t.mve === 'float' ? '3' : '1');
  for (const n of ['BOOL', 'CHAR', 'CHAR16_T', 'CHAR32_T', 'WCHAR_T', 'SHORT', 'INT', 'LONG', 'POINTER']) def(`__GCC_ATOMIC_${n}_LOCK_FREE`, exclusive ? '2' : '1');
}

/** The float ABI, the FPU's precision and fused multiply-add, and ARMv8.1-M's half-precision arithmetic. */
function floatMacros(t: ArmTarget, def: Define): void {
  if (t.fp === 'none') def('__SOFTFP__');
  // With MVE the vector registers stand for the FPU's: GCC takes -mfloat-abi=hard without a floating-point unit.
  if (t.floatAbi === 'hard' && (t.fp !== 'none' || t.mve !== 'none')) def('__ARM_PCS_VFP');
  else def('__ARM_PCS');
  const iec559 = t.fp === 'dp' && !t.generalRegsOnly ? '2' : '0';
  def('__GCC_IEC_559', iec559);
  def('__GCC_IEC_559_COMPLEX', iec559);
  const half = t.fp !== 'none' && t.arch === 'armv8.1-m.main' && !t.generalRegsOnly;
  def('__FLT_EVAL_METHOD__', half ? '16' : '0');
  def('__FLT_EVAL_METHOD_TS_18661_3__', half ? '16' : '0');
  halfPrecisionMacros(t.fp16Format, half, def);
  if (t.fp === 'none') return;
  def('__ARM_FP', t.fp === 'dp' ? '14' : '4');
  if (t.fma) {
    def('__ARM_FEATURE_FMA');
    if (!t.generalRegsOnly) for (const n of t.fp === 'dp' ? ['', 'F', 'L', 'F32', 'F64', 'F32x'] : ['F', 'F32']) def(`__FP_FAST_FMA${n}`);
  }
}

/** The half-precision format (`__fp16`), IEEE's `_Float16`, and the arithmetic ARMv8.1-M's FPU brings (`arithmetic`). */
function halfPrecisionMacros(format: ArmTarget['fp16Format'], arithmetic: boolean, def: Define): void {
  if (arithmetic) def('__ARM_FEATURE_FP16_SCALAR_ARITHMETIC');
  if (format === 'none') return;
  def('__ARM_FP16_ARGS');
  def(format === 'ieee' ? '__ARM_FP16_FORMAT_IEEE' : '__ARM_FP16_FORMAT_ALTERNATIVE');
  if (format !== 'ieee') return;
  const flt16: [string, string][] = [
    ['DECIMAL_DIG', '5'], ['DENORM_MIN', '5.9604644775390625e-8F16'], ['DIG', '3'], ['EPSILON', '9.7656250000000000e-4F16'],
    ['HAS_DENORM', '1'], ['HAS_INFINITY', '1'], ['HAS_QUIET_NAN', '1'], ['IS_IEC_60559', '2'], ['MANT_DIG', '11'],
    ['MAX_10_EXP', '4'], ['MAX_EXP', '16'], ['MAX', '6.5504000000000000e+4F16'], ['MIN_10_EXP', '(-4)'], ['MIN_EXP', '(-13)'],
    ['MIN', '6.1035156250000000e-5F16'], ['NORM_MAX', '6.5504000000000000e+4F16'],
  ];
  for (const [n, v] of flt16) def(`__FLT16_${n}__`, v);
}
