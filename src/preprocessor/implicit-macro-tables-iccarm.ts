// A built-in table for IAR's C/C++ compiler for Arm (`iccarm`), for a build (an IAR Embedded Workbench project, a
// compile database) whose compiler is not installed: `__ICCARM__`, `__IAR_SYSTEMS_ICC__` and `__VER__`, the Arm C
// Language Extensions' target macros (`__ARM_ARCH`, `__ARM_ARCH_PROFILE`, `__ARM_FEATURE_DSP`, `__ARM_FP`, ...) of
// the --cpu and --fpu it compiles for, IAR's own core and FPU macros (`__CORE__`, `__ARM7EM__`, `__ARMVFP__`), and
// the language. Headers that pick their compiler (CMSIS's cmsis_compiler.h, HAL's `__weak`) take the IAR branch.
import { armTable } from './implicit-macro-tables-arm.js';
import { lastFlagValue } from './implicit-macro-flag-effects.js';

/** EWARM 9.50's compiler version as `__VER__` writes it (major × 1 000 000 + minor × 1 000 + patch). */
const ICCARM_VERSION = '9050001';

/** IAR's core macros, in IAR's order; `__CORE__` equals the one compiled for. */
const IAR_CORES = ['__ARM4TM__', '__ARM5__', '__ARM5E__', '__ARM6__', '__ARM6M__', '__ARM6SM__', '__ARM7M__', '__ARM7EM__', '__ARM7A__', '__ARM7R__', '__ARM8A__', '__ARM8M_BASELINE__', '__ARM8M_MAINLINE__', '__ARM8EM_MAINLINE__', '__ARM8R__'];

/** The Cortex-M core of an iccarm --cpu (`Cortex-M4`, `Cortex-M0+`, `Cortex-M33.no_dsp`) as arm-none-eabi-gcc's -mcpu. */
function gccCpu(cpu: string): string | undefined {
  const m = /^cortex-m(\d+p?)(\+)?/i.exec(cpu);
  return m ? `cortex-m${m[1].toLowerCase()}${m[2] ? 'plus' : ''}` : undefined;
}

/** IAR's core macro for a Cortex-M core and whether it has the DSP extension. */
function iarCore(core: string, dsp: boolean): string {
  if (/^cortex-m(0|0plus|1)$/.test(core)) return '__ARM6M__';
  if (core === 'cortex-m3') return '__ARM7M__';
  if (core === 'cortex-m4' || core === 'cortex-m7') return '__ARM7EM__';
  if (core === 'cortex-m23') return '__ARM8M_BASELINE__';
  return dsp ? '__ARM8EM_MAINLINE__' : '__ARM8M_MAINLINE__';
}

/** The Arm C Language Extensions' macros arm-none-eabi-gcc defines for the same core and FPU (not GCC's own `__ARM_ARCH_7EM__`-style names). */
function acleLines(core: string, fpu: string | undefined): string[] {
  const gccFpu = !fpu || /^none$/i.test(fpu) ? undefined : /vfpv4/i.test(fpu) ? 'fpv4-sp-d16' : /_d16|_dp/i.test(fpu) ? 'fpv5-d16' : 'fpv5-sp-d16';
  const flags = [`-mcpu=${core}`, ...(gccFpu ? [`-mfpu=${gccFpu}`, '-mfloat-abi=hard'] : ['-mfloat-abi=soft'])];
  return armTable(flags).text.split('\n').map((l) => /^#define (__ARM_\w+ .*)$/.exec(l)?.[1]).filter((l): l is string => !!l && !/^__ARM_(ARCH_\d\w*__|ASM_SYNTAX_UNIFIED__|EABI__)/.test(l));
}

/** The iccarm table for a unit of this language and these flags. */
export function iccarmTable(flags: string[], lang: 'c' | 'cpp' | 'asm'): { name: string; text: string } {
  const cpu = lastFlagValue(flags, /^--cpu=(.+)$/) ?? 'Cortex-M3';
  const fpu = lastFlagValue(flags, /^--fpu=(.+)$/);
  const core = gccCpu(cpu) ?? 'cortex-m3';
  const acle = acleLines(core, fpu);
  const own = iarCore(core, acle.some((l) => l.startsWith('__ARM_FEATURE_DSP ')));
  const lines = [
    '__STDC__ 1', '__STDC_HOSTED__ 1', '__ICCARM__ 1', '__IAR_SYSTEMS_ICC__ 9', `__VER__ ${ICCARM_VERSION}`, '__ICCARM_INTRINSICS_VERSION__ 2',
    ...IAR_CORES.map((n, i) => `${n} ${i + 1}`), `__CORE__ ${own}`, '__ARM_PROFILE_M__ 1', '__CPU_MODE__ 1',
    `__LITTLE_ENDIAN__ ${flags.includes('--endian=big') ? '0' : '1'}`,
    ...acle, ...(acle.some((l) => l.startsWith('__ARM_FP ')) ? ['__ARMVFP__ 1'] : []),
  ];
  if (lang === 'cpp') lines.push('__cplusplus 201703L');
  else if (lang === 'c' && !flags.includes('--c89')) lines.push('__STDC_VERSION__ 201710L');
  if (flags.includes('--strict')) lines.push('__STRICT_ANSI__ 1');
  return { name: `iccarm-9.50/${cpu}${fpu ? `+${fpu}` : ''}`, text: lines.map((l) => `#define ${l}`).join('\n') };
}
