// The compile commands a CDT managed build runs for a configuration, as its generated makefiles write them: the
// toolchain's compiler, the target flags (-mcpu, -mfpu, -mfloat-abi, -mthumb), the language standard and
// optimization level, then the tool's -D, -U, -I and -include of the most specific folder or file setting each, and
// the flags typed in. Paths in settings are CDT's: `${workspace_loc:/${ProjName}/Inc}`, `${ProjDirPath}`, or relative
// to the build folder (`../Core/Inc`).
import path from 'node:path';
import type { CompileUnit } from '../contract.js';
import { isAssemblerSource, isCxxFile } from '../../src/model/source-suffixes.js';
import { splitCommand } from '../../src/model/compile-args.js';
import { stm32Core, stm32Fpu } from '../shared/stm32-cores.js';
import type { CdtSource } from './cdt-sources.js';
import type { CdtConfiguration, ResourceSettings, ToolKind, ToolSettings } from './read-cproject.js';

/** What a configuration's paths are resolved against. */
export interface CdtPlace {
  projectDir: string;
  projectName: string;
  buildDir: string;
}

/** Whether the configuration is STM32CubeIDE's (its defaults differ from plain CDT's). */
export const isCubeIde = (c: CdtConfiguration): boolean => c.toolchain.startsWith('com.st.');

/**
 * A path of the settings made absolute; undefined when it names a variable this reader does not know (the message
 * names it). `${workspace_loc:/Other/x}` is taken as a project beside this one.
 */
export function expandCdtPath(value: string, place: CdtPlace): string | undefined {
  let v = value.trim().replace(/^"(.*)"$/, '$1');
  v = v.replace(/\$\{ProjName\}/g, place.projectName).replace(/\$\{(ProjDirPath|ProjLoc)\}/g, place.projectDir).replace(/\$\{ConfigName\}/g, path.basename(place.buildDir));
  v = v.replace(/\$\{workspace_loc:([^}]*)\}/g, (_, inner: string) => {
    const [proj, ...rest] = inner.split('/').filter(Boolean);
    const dir = proj === undefined || proj === place.projectName ? place.projectDir : path.join(path.dirname(place.projectDir), proj);
    return path.join(dir, ...rest);
  });
  if (v.includes('${')) return undefined;
  return path.resolve(place.buildDir, v);
}

/** The settings of one tool for a file: each of its options from the most specific folder or file that sets it. */
export function settingsFor(resources: readonly ResourceSettings[], kind: ToolKind, inProject: string): ToolSettings {
  const merged: ToolSettings = {};
  for (const r of resources) {
    const at = r.resourcePath.replace(/^\/+|\/+$/g, '');
    if (at && inProject !== at && !inProject.startsWith(`${at}/`)) continue;
    Object.assign(merged, r.tools[kind]);
  }
  return merged;
}

/** -mcpu, -mthumb, -mfpu and -mfloat-abi: the toolchain's own options, else the STM32 part's core and FPU. */
export function targetFlags(c: CdtConfiguration): string[] {
  const cpu = c.target.cpu ?? (c.target.mcu ? stm32Core(c.target.mcu) : undefined);
  if (!cpu) return [];
  const fpu = c.target.fpu ?? (isCubeIde(c) && c.target.mcu ? stm32Fpu(c.target.mcu) : undefined);
  const abi = c.target.floatAbi ?? (fpu ? 'hard' : undefined);
  return [`-mcpu=${cpu}`, ...(fpu && abi !== 'soft' ? [`-mfpu=${fpu}`] : []), ...(abi ? [`-mfloat-abi=${abi}`] : []), '-mthumb'];
}

const OPTIMIZATION: Record<string, string> = { o0: '-O0', none: '-O0', os: '-Os', size: '-Os', o1: '-O1', optimize: '-O1', o2: '-O2', more: '-O2', o3: '-O3', most: '-O3', og: '-Og', debug: '-Og', ofast: '-Ofast', oz: '-Oz' };

/** -O from the option's value id; its default (no value): -O0 for a debug configuration, -Os (STM32CubeIDE) or -O3 for a release one. */
function optimizationFlag(c: CdtConfiguration, value: string | undefined): string[] {
  const word = value ? value.slice(value.lastIndexOf('.') + 1).toLowerCase() : '';
  if (OPTIMIZATION[word]) return [OPTIMIZATION[word]];
  if (c.buildType === 'debug') return ['-O0'];
  if (c.buildType === 'release') return [isCubeIde(c) ? '-Os' : '-O3'];
  return [];
}

/** -std from the option's value id (`...value.gnupp17`, `...std.gnucpp11` → gnu++17, gnu++11); STM32CubeIDE's defaults otherwise (gnu11, gnu++14). */
function standardFlag(c: CdtConfiguration, kind: ToolKind, value: string | undefined): string[] {
  const word = value ? value.slice(value.lastIndexOf('.') + 1).toLowerCase().replace(/^(gnu)?c?pp(\d)/, (_, gnu?: string, d?: string) => `${gnu ? 'gnu' : 'c'}++${d}`) : '';
  if (/^(c|gnu|iso9899:)\+*\d+\w*$|^(c|gnu)\+\+\w+$/.test(word)) return [`-std=${word}`];
  if (!isCubeIde(c) || kind === 'asm') return [];
  return [kind === 'cpp' ? '-std=gnu++14' : '-std=gnu11'];
}

/** The unit of one source: its compiler and flags as the configuration's makefile runs it, in the build folder. */
export function cdtUnit(c: CdtConfiguration, place: CdtPlace, src: CdtSource, problems: Set<string>): CompileUnit {
  const kind: ToolKind = isAssemblerSource(src.file) ? 'asm' : isCxxFile(src.file) ? 'cpp' : 'c';
  const s = settingsFor(c.resources, kind, src.inProject);
  const prefix = c.target.prefix ?? (isCubeIde(c) || c.target.cpu || c.target.mcu ? 'arm-none-eabi-' : '');
  const paths = (values: string[] | undefined, flag: string) =>
    (values ?? []).flatMap((v) => {
      const abs = expandCdtPath(v, place);
      if (abs === undefined) problems.add(v);
      return abs === undefined ? [] : [flag, abs];
    });
  const output = path.join(place.buildDir, src.inProject.replace(/\.[^./]+$/, '.o'));
  const args = [
    `${prefix}${kind === 'cpp' ? 'g++' : 'gcc'}`,
    ...targetFlags(c),
    ...standardFlag(c, kind, s.standard),
    ...optimizationFlag(c, s.optimization),
    ...(kind === 'asm' ? ['-x', 'assembler-with-cpp'] : []),
    ...(s.defines ?? []).map((d) => `-D${d}`),
    ...(s.undefines ?? []).map((u) => `-U${u}`),
    ...paths(s.includes, '-I'),
    ...paths(s.includeFiles, '-include'),
    ...(s.otherFlags ? splitCommand(s.otherFlags) : []),
    '-c',
    src.file,
    '-o',
    output,
  ];
  return { file: src.file, directory: place.buildDir, arguments: args, output };
}
