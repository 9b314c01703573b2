// The compile command Embedded Studio runs for a C, C++ or assembler file of a configuration, with the GNU Arm compiler it
// ships: the target from the Code Generation properties (`arm_core_type` Cortex-M4 → -mcpu=cortex-m4, `arm_fp_abi`,
// `arm_fpu_type`, `arm_endian`), the language standard, the defines Embedded Studio itself adds (`__SES_ARM`,
// `__ARM_ARCH_7EM__`, `__ARM_ARCH_FPV4_SP_D16__`, `__HEAP_SIZE__`, `__SIZEOF_WCHAR_T`, the linker's), then the
// project's defines, undefines, include folders and extra options as every level gives them. `__SES_VERSION` (the
// IDE's own version) is not in the project and is left undefined. A path through the IDE's install (`$(StudioDir)`,
// `$(PackagesDir)`), a global macro not in the project, or another drive is no place on this machine.
import path from 'node:path';
import type { CompileUnit } from '../contract.js';
import { splitCommand } from '../../src/model/compile-args.js';
import { gccCpuName } from '../shared/arm-core-names.js';
import { expandMacros, type SesScope } from './ses-properties.js';

/** Where a configuration's paths are resolved. */
export interface SesPlace {
  /** The project's folder (`project_directory` from the solution's folder). */
  projectDir: string;
  /** The project folder's paths, each resolved once (idePathResolver). */
  resolve: (written: string) => string | undefined;
  /** `$(ProjectDir)`, `$(SolutionDir)`, `$(ProjectName)`, `$(Configuration)` and the solution's `macros`. */
  macros: Map<string, string>;
  /** Written paths that name the IDE's install, a macro not known here or another drive, for the diagnostics. */
  foreign: Set<string>;
}

/** A path as the project writes it, made absolute; undefined (noted in `foreign`) for one outside this machine's reach. */
export function sesPath(place: SesPlace, written: string): string | undefined {
  const expanded = expandMacros(written.trim(), place.macros);
  if ('unknown' in expanded) {
    place.foreign.add(written.trim());
    return undefined;
  }
  const abs = place.resolve(expanded.value);
  if (abs === undefined) place.foreign.add(written.trim());
  return abs;
}

/** GCC's -mcpu for an `arm_core_type` (`Cortex-M4` → cortex-m4, `Cortex-M0+` → cortex-m0plus, `ARM7TDMI-S`). */
export function gccCpu(core: string | undefined): string | undefined {
  if (!core || core === 'None') return undefined;
  return gccCpuName(core).replace(/\s+/g, '');
}

const ARCH_DEFINES: Record<string, string> = { v4T: '4T', v5TE: '5TE', v6M: '6M', v7M: '7M', v7EM: '7EM', v7A: '7A', v7R: '7R', v8M_Baseline: '8M_BASE', v8M_Mainline: '8M_MAIN', v8_1M_Mainline: '8_1M_MAIN' };
const FLOAT_ABI: Record<string, string> = { Hard: 'hard', SoftFP: 'softfp', Soft: 'soft' };

/** The target flags and Embedded Studio's own defines for the configuration's properties. */
export function sesTargetArgs(scope: SesScope): string[] {
  const cpu = gccCpu(scope.value('arm_core_type'));
  const fpu = scope.value('arm_fpu_type');
  const abi = FLOAT_ABI[scope.value('arm_fp_abi') ?? ''];
  const thumb = (cpu?.startsWith('cortex-m') ?? false) || scope.value('arm_instruction_set') === 'Thumb';
  const arch = ARCH_DEFINES[scope.value('arm_architecture') ?? ''];
  const heap = scope.value('arm_linker_heap_size');
  const script = scope.value('link_linker_script_file') ?? '';
  const segger = scope.value('link_linker') === 'SEGGER' || /\.icf$/i.test(script);
  return [
    ...(cpu ? [`-mcpu=${cpu}`] : []),
    ...(scope.value('arm_endian') === 'Big' ? ['-mbig-endian'] : ['-mlittle-endian']),
    ...(abi ? [`-mfloat-abi=${abi}`] : []),
    ...(fpu && fpu !== 'None' ? [`-mfpu=${fpu.toLowerCase()}`] : []),
    ...(thumb ? ['-mthumb'] : []),
    '-D__SIZEOF_WCHAR_T=4',
    ...(arch ? [`-D__ARM_ARCH_${arch}__`] : []),
    '-D__SES_ARM',
    ...(fpu && fpu !== 'None' ? [`-D__ARM_ARCH_${fpu.toUpperCase().replace(/-/g, '_')}__`] : []),
    ...(heap ? [`-D__HEAP_SIZE__=${heap}`] : []),
    segger ? '-D__SEGGER_LINKER' : '-D__GNU_LINKER',
  ];
}

/**
 * The unit of one C, C++ or assembler source of a configuration. Embedded Studio runs its assembler files through
 * the C preprocessor (the nRF5 SDK's startup files test `#ifdef`s) with the project's definitions and include
 * folders, and passes them the assembler's own options.
 */
export function sesUnit(scope: SesScope, place: SesPlace, file: string, kind: 'c' | 'cpp' | 'asm', objDir: string): CompileUnit {
  const cxx = kind === 'cpp';
  const std = kind === 'asm' ? undefined : scope.value(cxx ? 'gcc_cplusplus_language_standard' : 'gcc_c_language_standard');
  const extra = kind === 'asm' ? scope.list('asm_additional_options') : [...scope.list('c_additional_options'), ...scope.list(cxx ? 'cpp_only_additional_options' : 'c_only_additional_options')];
  const paths = (property: string, flag: string) =>
    scope.list(property).flatMap((v) => {
      const abs = sesPath(place, v);
      return abs ? [flag, abs] : [];
    });
  const output = path.join(objDir, `${path.basename(file).replace(/\.[^.]+$/, '')}.o`);
  const args = [
    cxx ? 'arm-none-eabi-g++' : 'arm-none-eabi-gcc',
    ...sesTargetArgs(scope),
    ...(kind === 'asm' ? ['-x', 'assembler-with-cpp'] : []),
    ...(std ? [`-std=${std}`] : []),
    ...scope.list('c_preprocessor_definitions').map((d) => `-D${d}`),
    ...scope.list('c_preprocessor_undefinitions').map((u) => `-U${u}`),
    ...paths('c_user_include_directories', '-I'),
    ...paths('c_system_include_directories', '-isystem'),
    ...extra.flatMap((o) => splitCommand(o)),
    '-c', '-o', output,
    file,
  ];
  return { file, directory: place.projectDir, arguments: args, output };
}
