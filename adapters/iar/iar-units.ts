// The compile command IAR Embedded Workbench runs for a C or C++ file of a configuration: `iccarm --cpu=... --fpu=...`
// with the language and dialect, char signedness, byte order and optimization, then the defines, include paths and
// pre-include of the configuration as the file's groups and the file override them, and the extra options typed in.
// Paths go through IAR's argument variables (`$PROJ_DIR$`, `$CONFIG_NAME$`); a path through the IAR install
// (`$TOOLKIT_DIR$`) or a variable not known here is no place on this machine.
import path from 'node:path';
import type { CompileUnit } from '../contract.js';
import { splitCommand } from '../../src/model/compile-args.js';
import { stm32Core, stm32Fpu } from '../shared/stm32-cores.js';
import { optionOf, type IarConfiguration, type IarFile } from './read-ewp.js';

/** Where a configuration's paths are resolved. */
export interface IarPlace {
  projectDir: string;
  /** The project folder's paths, each resolved once (idePathResolver). */
  resolve: (written: string) => string | undefined;
  projectName: string;
  /** Written paths that name a variable or drive not here, for the diagnostics. */
  foreign: Set<string>;
}

/** A path as the project writes it, made absolute; undefined (noted in `foreign`) for one outside this machine's reach. */
export function iarPath(place: IarPlace, config: string, written: string): string | undefined {
  const v = written.trim().replace(/\$PROJ_DIR\$/g, place.projectDir).replace(/\$CONFIG_NAME\$/g, config).replace(/\$PROJ_FNAME\$/g, place.projectName);
  if (v.includes('$')) {
    place.foreign.add(written.trim());
    return undefined;
  }
  const abs = place.resolve(v.replace(/\\/g, '/'));
  if (abs === undefined) place.foreign.add(written.trim());
  return abs;
}

/**
 * The General options' core codes (`GBECoreSlave`) seen in real projects for the cores they compile for (STM32L0,
 * STM32F1, GD32F4 and Ambiq Apollo2, STM32F4, STM32F7, GD32E230), for a device the part tables do not know.
 */
const CORE_CODES: Record<string, string> = { '35': 'cortex-m0plus', '38': 'cortex-m3', '39': 'cortex-m4', '40': 'cortex-m4', '41': 'cortex-m7', '58': 'cortex-m23' };

/** The configuration's core (`cortex-m4`): from the device when the part tables know it, else from its core code. */
export function iarCore(c: IarConfiguration): string | undefined {
  const device = iarDevice(c);
  const fromDevice = device ? stm32Core(device) : undefined;
  return fromDevice ?? CORE_CODES[optionOf(c, undefined, 'General', 'GBECoreSlave')?.[0] ?? ''];
}

/** The device the configuration selects (`STM32F407VG` of `STM32F407VG\tST STM32F407VG`). */
export function iarDevice(c: IarConfiguration): string | undefined {
  const chip = optionOf(c, undefined, 'General', 'OGChipSelectEditMenu')?.[0];
  return chip ? chip.split(/\s/)[0] || undefined : undefined;
}

/** iccarm's --cpu and --fpu: the core's name, and the FPU when the configuration uses one (FPU, FPU2 options not 0). */
function targetFlags(c: IarConfiguration): string[] {
  const core = iarCore(c);
  if (!core) return [];
  const cpu = core.replace(/^cortex-m(\d+)(plus)?$/, (_, n: string, plus?: string) => `Cortex-M${n}${plus ? '+' : ''}`);
  const fpuState = optionOf(c, undefined, 'General', 'FPU2')?.[0] ?? optionOf(c, undefined, 'General', 'FPU')?.[0] ?? '0';
  if (fpuState === '0') return [`--cpu=${cpu}`];
  const device = iarDevice(c);
  const gccFpu = (device && stm32Fpu(device)) ?? (core === 'cortex-m4' ? 'fpv4-sp-d16' : core === 'cortex-m7' ? 'fpv5-d16' : 'fpv5-sp-d16');
  const fpu = gccFpu === 'fpv4-sp-d16' ? 'VFPv4_sp' : gccFpu === 'fpv5-d16' ? 'VFPv5_d16' : 'VFPv5_sp';
  return [`--cpu=${cpu}`, `--fpu=${fpu}`];
}

const OPT_LEVEL = ['-On', '-Ol', '-Om', '-Oh'];

/** Language, dialect and code options from the ICCARM options a file sees. */
function languageFlags(c: IarConfiguration, f: IarFile, cxx: boolean): string[] {
  const opt = (name: string) => optionOf(c, f, 'ICCARM', name)?.[0];
  // IccLang: 0 C, 1 C++, 2 by the file's extension; IccCDialect 0 is C89.
  const lang = opt('IccLang');
  const asCxx = lang === '1' || (lang === '2' && cxx) || (lang === undefined && cxx);
  const flags = asCxx ? ['--c++'] : opt('IccCDialect') === '0' ? ['--c89'] : [];
  if (opt('CCLangConformance') === '2') flags.push('--strict');
  if (opt('CCSignedPlainChar') === '0') flags.push('--char_is_signed');
  if (optionOf(c, undefined, 'General', 'GEndianMode')?.[0] === '1') flags.push('--endian=big');
  const level = OPT_LEVEL[Number(opt('CCOptLevel') ?? '1')];
  return level ? [...flags, level] : flags;
}

/** The unit of one C or C++ source of a configuration. */
export function iarUnit(c: IarConfiguration, place: IarPlace, f: IarFile, file: string, cxx: boolean, objDir: string): CompileUnit {
  const values = (name: string) => (optionOf(c, f, 'ICCARM', name) ?? []).map((v) => v.trim()).filter(Boolean);
  const paths = (name: string, flag: string) =>
    values(name).flatMap((v) => {
      const abs = iarPath(place, c.name, v);
      return abs ? [flag, abs] : [];
    });
  const extra = optionOf(c, f, 'ICCARM', 'IExtraOptionsCheck')?.[0] === '1' ? values('IExtraOptions').flatMap((line) => splitCommand(line)) : [];
  const output = path.join(objDir, `${path.basename(file).replace(/\.[^.]+$/, '')}.o`);
  const args = [
    'iccarm', ...targetFlags(c), ...languageFlags(c, f, cxx),
    ...values('CCDefines').flatMap((d) => ['-D', d]),
    ...paths('CCIncludePath2', '-I'),
    ...paths('PreInclude', '--preinclude'),
    ...extra,
    '-o', output,
    file,
  ];
  return { file, directory: place.projectDir, arguments: args, output };
}
