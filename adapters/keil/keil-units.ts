// The compile command µVision runs for a C or C++ file of a target: Arm Compiler 6 (`armclang --target=arm-arm-none-eabi
// -mcpu=... -xc -std=... -O...`) or Arm Compiler 5 (`armcc --cpu=... --c99 -O...`), with the target's settings,
// then the defines, include paths and flags the file's group and the file add, and µVision's own `-D__MICROLIB`,
// `-D__UVISION_VERSION` and `-D_RTE_`. Include paths and files are resolved on this machine (shared/ide-paths.ts).
import path from 'node:path';
import type { CompileUnit } from '../contract.js';
import { splitCommand } from '../../src/model/compile-args.js';
import { gccCpuName } from '../shared/arm-core-names.js';
import type { PackTarget } from './cmsis-packs.js';
import type { KeilCompilerSettings, KeilTarget } from './read-uvprojx.js';

/** The core µVision's CPU string names, as written (`Cortex-M4` of `CPUTYPE("Cortex-M4")`; packs' conditions use this spelling). */
const cpuType = (cpu: string | undefined): string | undefined => /CPUTYPE\("([^"]+)"\)/.exec(cpu ?? '')?.[1];

/** The core µVision's CPU string names (`CPUTYPE("Cortex-M4")`), lower case as armclang's -mcpu takes it. */
export function keilCore(cpu: string | undefined): string | undefined {
  const type = cpuType(cpu);
  if (!type) return undefined;
  const name = gccCpuName(type);
  // SecurCore SC000/SC300 are Cortex-M0/M3 cores.
  return name === 'sc000' ? 'cortex-m0' : name === 'sc300' ? 'cortex-m3' : name;
}

/**
 * Floating-point hardware the target uses: none, single or double precision (µVision's "Floating Point Hardware"),
 * for a device whose CPU string names an FPU (`FPU2`, `FPU3(DFPU)`); projects of FPU-less cores carry the setting too.
 */
export function keilFpu(t: KeilTarget): 'none' | 'sp' | 'dp' {
  if (!/\bFPU\d/.test(t.cpu ?? '')) return 'none';
  return t.fpHardware === 3 ? 'dp' : t.fpHardware === 2 ? 'sp' : 'none';
}

/** The target as a pack's conditions name it: `AC6`/`AC5`, `Cortex-M4`, `SP_FPU`, Secure state, the device. */
export function packTarget(t: KeilTarget): PackTarget {
  const fpu = keilFpu(t);
  return { options: t.ac6 ? 'AC6' : 'AC5', core: cpuType(t.cpu), fpu: fpu === 'dp' ? 'DP_FPU' : fpu === 'sp' ? 'SP_FPU' : 'NO_FPU', secure: t.secure, device: t.device };
}

/** -mcpu, -mfpu and -mfloat-abi as µVision passes them to armclang; -mcmse for a TrustZone core's Secure state. */
function ac6TargetFlags(t: KeilTarget): string[] {
  const core = keilCore(t.cpu);
  if (!core) return [];
  const fpu = keilFpu(t);
  const v8m = /^cortex-m(23|33|35p|55|85)$/.test(core);
  const fpuName = fpu === 'none' ? 'none' : core === 'cortex-m4' ? 'fpv4-sp-d16' : fpu === 'sp' ? 'fpv5-sp-d16' : 'fpv5-d16';
  const dsp = /\bDSP\b/.test(t.cpu ?? '') || !v8m || core === 'cortex-m23' ? [] : ['+nodsp'];
  return [`-mcpu=${core}${dsp.join('')}`, `-mfpu=${fpuName}`, `-mfloat-abi=${fpu === 'none' ? 'soft' : 'hard'}`, ...(t.bigEndian ? ['-mbig-endian'] : []), ...(t.secure && v8m ? ['-mcmse'] : [])];
}

/** armcc's --cpu name: `Cortex-M4.fp`, `Cortex-M7.fp.dp`, `Cortex-M3`. */
function ac5Cpu(t: KeilTarget): string | undefined {
  const core = keilCore(t.cpu);
  if (!core) return undefined;
  const name = core.replace(/^cortex-m(\d+)(plus)?$/, (_, n: string, plus?: string) => `Cortex-M${n}${plus ? 'plus' : ''}`);
  const fpu = keilFpu(t);
  if (fpu === 'none') return name;
  return core === 'cortex-m7' ? `${name}.fp.${fpu}` : `${name}.fp`;
}

const AC6_OPTIM = ['', '-O0', '-O1', '-O2', '-O3', '-Ofast', '-Os', '-Oz'];
const AC5_OPTIM = ['', '-O0', '-O1', '-O2', '-O3'];
const AC6_C = ['', 'c90', 'gnu90', 'c99', 'gnu99', 'c11', 'gnu11', 'c17', 'gnu17'];
const AC6_CXX = ['', 'c++98', 'gnu++98', 'c++11', 'gnu++11', 'c++03', 'c++14', 'gnu++14', 'c++17', 'gnu++17', 'c++20', 'gnu++20'];

/** The settings of a file: the target's, then its group's and its own additions; a set optimization wins. */
export function settingsOf(t: KeilTarget, ...layers: (KeilCompilerSettings | undefined)[]): KeilCompilerSettings {
  const s = { ...t.compiler, defines: [...t.compiler.defines], undefines: [...t.compiler.undefines], includes: [...t.compiler.includes] };
  for (const l of layers) {
    if (!l) continue;
    if (l.optim) s.optim = l.optim;
    s.defines.push(...l.defines);
    s.undefines.push(...l.undefines);
    s.includes.push(...l.includes);
    if (l.misc) s.misc = `${s.misc} ${l.misc}`.trim();
  }
  return s;
}

function ac6Flags(t: KeilTarget, s: KeilCompilerSettings, cxx: boolean): string[] {
  const std = cxx ? AC6_CXX[s.cxxLanguage ?? 0] : AC6_C[s.cLanguage ?? 0];
  return [
    'armclang', '--target=arm-arm-none-eabi', ...ac6TargetFlags(t), '-c', cxx ? '-xc++' : '-xc', ...(std ? [`-std=${std}`] : []),
    ...(cxx && !s.rtti ? ['-fno-rtti'] : []), s.signedChar ? '-fsigned-char' : '-funsigned-char',
    ...(s.shortEnums ? ['-fshort-enums'] : []), ...(s.shortWchar ? ['-fshort-wchar'] : []),
    ...(AC6_OPTIM[s.optim ?? 0] ? [AC6_OPTIM[s.optim ?? 0]] : []),
  ];
}

function ac5Flags(t: KeilTarget, s: KeilCompilerSettings, cxx: boolean): string[] {
  const cpu = ac5Cpu(t);
  return [
    'armcc', ...(cpu ? [`--cpu=${cpu}`] : []), '-c', ...(cxx ? ['--cpp'] : s.c99 ? ['--c99'] : []), ...(s.gnu ? ['--gnu'] : []),
    ...(s.strict ? ['--strict'] : []), ...(s.signedChar ? ['--signed_chars'] : []), ...(s.enumIsInt ? ['--enum_is_int'] : []),
    ...(t.bigEndian ? ['--bigend'] : []), ...(AC5_OPTIM[s.optim ?? 0] ? [AC5_OPTIM[s.optim ?? 0]] : []), ...(s.optimizeTime ? ['-Otime'] : []),
    '--apcs=interwork',
  ];
}

export interface KeilUnitPlace {
  projectDir: string;
  outputDir: string;
  /** Include folders of the target's own and its groups' and file's settings resolved: a written path → its place (undefined: not on this machine). */
  resolve: (written: string) => string | undefined;
  /** µVision's version (`541`), which it defines for every compile as `__UVISION_VERSION`. */
  uvisionVersion: string;
  /** Folders µVision adds for the pack components (RTE) and the device, after the user's. */
  rteIncludes: string[];
  /** The device's define from its pack (`STM32F407xx`), when the pack is installed. */
  deviceDefines: string[];
}

/** The unit of one C or C++ source. */
export function keilUnit(t: KeilTarget, place: KeilUnitPlace, file: string, s: KeilCompilerSettings, cxx: boolean): CompileUnit {
  const includes = s.includes.flatMap((p) => {
    const abs = place.resolve(p);
    return abs ? ['-I', abs] : [];
  });
  const output = path.join(place.outputDir, `${path.basename(file).replace(/\.[^.]+$/, '')}.o`);
  const args = [
    ...(t.ac6 ? ac6Flags(t, s, cxx) : ac5Flags(t, s, cxx)),
    ...(t.microLib ? ['-D__MICROLIB'] : []),
    ...includes,
    ...place.rteIncludes.flatMap((d) => ['-I', d]),
    `-D__UVISION_VERSION=${place.uvisionVersion}`,
    ...(t.usesRte ? ['-D_RTE_'] : []),
    ...place.deviceDefines.map((d) => `-D${d}`),
    ...s.defines.map((d) => `-D${d}`),
    ...s.undefines.map((u) => `-U${u}`),
    ...(s.misc ? splitCommand(s.misc) : []),
    '-o', output,
    file,
  ];
  return { file, directory: place.projectDir, arguments: args, output };
}

/**
 * The unit of one armasm source (the device's startup file, `startup_stm32f407xx.s`): `armasm --cpu=...` with the
 * target's core and µVision's version. armasm has its own conditionals (`IF :DEF:`) and no C preprocessor, so the
 * file is read as it is written: its labels, and its vector table's `DCD` entries.
 */
export function keilAsmUnit(t: KeilTarget, place: KeilUnitPlace, file: string): CompileUnit {
  const output = path.join(place.outputDir, `${path.basename(file).replace(/\.[^.]+$/, '')}.o`);
  const core = cpuType(t.cpu);
  const args = ['armasm', ...(core ? [`--cpu=${core}`] : []), '--pd', `__UVISION_VERSION SETA ${place.uvisionVersion}`, '-o', output, file];
  return { file, directory: place.projectDir, arguments: args, output };
}
