// Built-in tables for Arm's own compilers, for a build (a Keil µVision project, a compile database) whose compiler is
// not installed: Arm Compiler 6 (`armclang`, Clang-based: arm-none-eabi-gcc's target macros for the same -mcpu,
// -mfpu and -mfloat-abi, with Clang's and Arm's identity instead of GCC's, and Clang's families of names instead of
// GCC's own: clang-arm-families.ts) and Arm Compiler 5 (`armcc`, EDG-based:
// `__CC_ARM`, `__TARGET_ARCH_*`, `__TARGET_CPU_*`, `__TARGET_FPU_*` from --cpu and --fpu, the language and options).
// Headers that pick their compiler (CMSIS's cmsis_compiler.h) then take the branch the real build takes.
import { clangFamilies } from './clang-arm-families.js';
import { armTable } from './implicit-macro-tables-arm.js';
import { lastFlagValue } from './implicit-macro-flag-effects.js';
import { TableLines } from './table-lines.js';

/** Arm Compiler for Embedded 6.22 (MDK 5.41's): its version as `__ARMCC_VERSION` writes it (Mmmuuxx). */
const ARMCLANG_VERSION = '6220000';
/** Arm Compiler 5.06 update 7 (build 960), the last of armcc. */
const ARMCC_VERSION = '5060960';

/** The armclang table: arm-none-eabi-gcc's target macros for these flags, the compiler named as Clang and Arm Compiler 6. */
export function armclangTable(flags: string[]): { name: string; text: string } {
  const arm = armTable(flags);
  const table = new TableLines(arm.text);
  for (const name of [...table.map.keys()]) if (/^__GNUC_(EXECUTION_CHARSET|WIDE_EXECUTION_CHARSET)_NAME$|^__GCC_HAVE_DWARF2_CFI_ASM$|^__VERSION__$/.test(name)) table.del(name);
  // Clang answers as GCC 4.2.1 for the headers that test __GNUC__.
  table.set('__GNUC__', '4');
  table.set('__GNUC_MINOR__', '2');
  table.set('__GNUC_PATCHLEVEL__', '1');
  table.set('__clang__', '1');
  table.set('__ARMCC_VERSION', ARMCLANG_VERSION);
  table.set('__ARMCOMPILER_VERSION', ARMCLANG_VERSION);
  table.set('__ARM_ACLE', '200');
  table.set('__VERSION__', `"Arm Compiler for Embedded ${ARMCLANG_VERSION[0]}.${ARMCLANG_VERSION.slice(1, 3)}"`);
  clangFamilies(table, lastFlagValue(flags, /^-mfpu=(.+)$/));
  return { name: arm.name.replace(/^arm-none-eabi-gcc-12/, `armclang-${ARMCLANG_VERSION[0]}.${ARMCLANG_VERSION.slice(1, 3)}`), text: [...table.map.values()].map((v) => `#define ${v}`).join('\n') };
}

/** A core armcc knows: its architecture (the `__TARGET_ARCH_` suffix) and the FPU its `.fp` variant has. */
interface ArmccCore {
  arch: '4T' | '6_M' | '7_M' | '7E_M';
  fpu?: string;
}

const ARMCC_CORES: Record<string, ArmccCore> = {
  arm7tdmi: { arch: '4T' },
  'cortex-m0': { arch: '6_M' },
  'cortex-m0plus': { arch: '6_M' },
  'cortex-m1': { arch: '6_M' },
  'cortex-m3': { arch: '7_M' },
  'cortex-m4': { arch: '7E_M', fpu: 'FPV4_SP' },
  'cortex-m7': { arch: '7E_M', fpu: 'FPV5_D16' },
};

/** The --cpu value (`Cortex-M4.fp`, `Cortex-M7.fp.sp`) as a core and the FPU its name selects. */
function armccCpu(flags: string[]): { name: string; core: ArmccCore; fpu?: string } {
  const written = lastFlagValue(flags, /^--cpu=(.+)$/) ?? 'ARM7TDMI';
  const [base, ...ext] = written.toLowerCase().split('.');
  const core = ARMCC_CORES[base] ?? ARMCC_CORES.arm7tdmi;
  const withFp = ext[0] === 'fp' && core.fpu !== undefined;
  const fpu = !withFp ? undefined : base === 'cortex-m7' && ext[1] === 'sp' ? 'FPV5_SP' : core.fpu;
  return { name: written, core, fpu };
}

/** The architecture, CPU and features armcc names for a core. */
function targetLines(cpu: { name: string; core: ArmccCore }): string[] {
  const { arch } = cpu.core;
  const m = arch !== '4T';
  const lines = [`__TARGET_ARCH_${arch} 1`, `__TARGET_ARCH_ARM ${m ? '0' : '4'}`, `__TARGET_ARCH_THUMB ${arch === '6_M' ? '3' : m ? '4' : '1'}`];
  lines.push(`__TARGET_CPU_${cpu.name.toUpperCase().replace(/[^A-Z0-9]/g, '_')} 1`);
  lines.push('__TARGET_FEATURE_HALFWORD 1', '__TARGET_FEATURE_THUMB 1', '__TARGET_FEATURE_MULTIPLY 1');
  if (arch === '7_M' || arch === '7E_M') lines.push('__TARGET_FEATURE_CLZ 1', '__TARGET_FEATURE_DIVIDE 1', '__TARGET_FEATURE_DOUBLEWORD 1', '__TARGET_FEATURE_UNALIGNED 1');
  if (arch === '7E_M') lines.push('__TARGET_FEATURE_DSPMUL 1');
  if (m) lines.push('__thumb__ 1');
  return lines;
}

/** The FPU macros: the --fpu named, else the one the CPU's `.fp` name selects, else software floating point. */
function fpuLines(flags: string[], cpuFpu: string | undefined): string[] {
  const named = lastFlagValue(flags, /^--fpu=(.+)$/)?.toUpperCase().replace(/[^A-Z0-9]/g, '_');
  const fpu = named ?? cpuFpu;
  if (!fpu || fpu === 'SOFTVFP' || fpu === 'NONE') return ['__TARGET_FPU_SOFTVFP 1', '__SOFTFP__ 1'];
  return ['__TARGET_FPU_VFP 1', `__TARGET_FPU_${fpu.replace(/^SOFTVFP_/, '')} 1`, ...(fpu.startsWith('SOFTVFP') ? ['__SOFTFP__ 1'] : [])];
}

/** The language: C90 unless --c99; C++03 (or C++11 with --cpp11) for C++ units. */
function languageLines(flags: string[], lang: 'c' | 'cpp' | 'asm'): string[] {
  if (lang === 'cpp') {
    const cxx11 = flags.includes('--cpp11') || flags.includes('--cpp14');
    return [`__cplusplus ${cxx11 ? '201103L' : '199711L'}`, '__ARRAY_OPERATORS 1', '__EDG_IMPLICIT_USING_STD 1', '__PLACEMENT_DELETE 1', '_BOOL 1', ...(flags.includes('--no_rtti') ? [] : ['__RTTI 1']), ...(flags.includes('--exceptions') ? ['__EXCEPTIONS 1'] : [])];
  }
  return lang === 'c' && flags.includes('--c99') ? ['__STDC_VERSION__ 199901L'] : [];
}

/** What optimization and options name: level (2 unless -O), space or time, GNU mode, strictness, char signedness, byte order. */
function optionLines(flags: string[]): string[] {
  const level = lastFlagValue(flags, /^-O([0-3])$/) ?? '2';
  const lines = [`__OPTIMISE_LEVEL ${level}`, flags.includes('-Otime') ? '__OPTIMISE_TIME 1' : '__OPTIMISE_SPACE 1'];
  // GNU mode answers as GCC 4.2 for the headers that test __GNUC__.
  if (flags.includes('--gnu')) lines.push('__GNUC__ 4', '__GNUC_MINOR__ 2');
  if (flags.includes('--strict')) lines.push('__STRICT_ANSI__ 1');
  if (flags.includes('--signed_chars')) lines.push('__FEATURE_SIGNED_CHAR 1');
  if (flags.includes('--bigend')) lines.push('__BIG_ENDIAN 1');
  return lines;
}

/** The armcc table for a unit of this language and these flags (its own: armcc is not GCC-compatible). */
export function armccTable(flags: string[], lang: 'c' | 'cpp' | 'asm'): { name: string; text: string } {
  const cpu = armccCpu(flags);
  const lines = [
    '__STDC__ 1', '__STDC_HOSTED__ 1', '__CC_ARM 1', `__ARMCC_VERSION ${ARMCC_VERSION}`, '__arm__ 1', '__EDG__ 1', '__EDG_VERSION__ 407',
    '__sizeof_int 4', '__sizeof_long 4', '__sizeof_ptr 4', '__APCS_INTERWORK 1',
    ...targetLines(cpu), ...fpuLines(flags, cpu.fpu), ...languageLines(flags, lang), ...optionLines(flags),
  ];
  return { name: `armcc-5.06/${cpu.name}`, text: lines.map((l) => `#define ${l}`).join('\n') };
}
