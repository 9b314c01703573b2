// Reads a Keil µVision project (`.uvprojx`, MDK 5; `.uvproj`, MDK 4): per target its name, device and CPU, which
// Arm compiler it uses (Arm Compiler 6 `armclang` or 5 `armcc`), the C/C++ compiler's settings (language, optimization,
// char signedness, defines, include paths, flags typed in), output folder and name, and its groups of files with
// the settings a group or file adds and whether it is built. Values stay as µVision writes them (Windows paths).
import type { XMLParser as XmlParserClass } from 'fast-xml-parser';
import { requirePackage } from '../../src/model/require-package.js';

const { XMLParser } = requirePackage('fast-xml-parser') as { XMLParser: typeof XmlParserClass };

/** What a target, group or file sets for the C/C++ compiler (`Cads`): numbers as written, lists split. */
export interface KeilCompilerSettings {
  /** Optimization: 0 the compiler's default; AC6 1..7 = -O0, -O1, -O2, -O3, -Ofast, -Os, -Oz; AC5 1..4 = -O0..-O3. */
  optim?: number;
  /** AC5 `-Otime`. */
  optimizeTime?: boolean;
  /** AC5 `--c99` / `--gnu` / `--strict`. */
  c99?: boolean;
  gnu?: boolean;
  strict?: boolean;
  /** Plain char signed (both compilers; unsigned otherwise). */
  signedChar?: boolean;
  /** AC5 `--enum_is_int`; AC6 short enums and wchar_t. */
  enumIsInt?: boolean;
  shortEnums?: boolean;
  shortWchar?: boolean;
  /** AC6 C / C++ language: 0 default, else an index into µVision's list. */
  cLanguage?: number;
  cxxLanguage?: number;
  rtti?: boolean;
  misc: string;
  defines: string[];
  undefines: string[];
  includes: string[];
}

export interface KeilFile {
  name: string;
  /** µVision's file type: 1 C, 2 assembler, 8 C++, others not compiled (objects, libraries, text). */
  type: number;
  /** As written, relative to the project file's folder (`..\Core\Src\main.c`). */
  path: string;
  built: boolean;
  settings?: KeilCompilerSettings;
}

export interface KeilGroup {
  name: string;
  built: boolean;
  settings?: KeilCompilerSettings;
  files: KeilFile[];
}

export interface KeilTarget {
  name: string;
  /** `ARM-ADS` for the Arm compilers; other toolsets (C51, C251, C166) are not read. */
  toolset: string;
  /** Arm Compiler 6 (armclang) rather than 5 (armcc). */
  ac6: boolean;
  device?: string;
  /** The device's pack (`Keil.STM32F4xx_DFP.2.17.1`). */
  packId?: string;
  /** µVision's CPU string: `IRAM(...) IROM(...) CPUTYPE("Cortex-M4") FPU2 CLOCK(12000000) ELITTLE`. */
  cpu?: string;
  /** Floating-point hardware in use: 0/1 none, 2 single precision, 3 double precision. */
  fpHardware: number;
  microLib: boolean;
  bigEndian: boolean;
  /** Built for the Secure state of a TrustZone core (`-mcmse`). */
  secure: boolean;
  outputDir?: string;
  outputName?: string;
  /** The scatter file armlink is given (as written), when the target does not take its memory layout from the device dialog. */
  scatterFile?: string;
  /** The Target dialog's memory areas, when the target takes its memory layout from it (µVision then writes the scatter file). */
  memoryAreas?: KeilMemoryArea[];
  compiler: KeilCompilerSettings;
  groups: KeilGroup[];
  /** The project's software components (CMSIS, device startup) come from packs (`_RTE_`). */
  usesRte: boolean;
  /** The components' configuration files copied into the project (`RTE\\Device\\STM32F103C8\\system_stm32f10x.c`), as written. */
  rteFiles: string[];
}

/**
 * One memory area of µVision's Target dialog: ROM1-3 and IROM1-2 (read-only), RAM1-3 and IRAM1-2 (read/write), with
 * its start and size as written, whether it is a default area for the linker's placement, holds the startup code
 * (read-only areas) or is not zero-initialized (NoInit, read/write areas).
 */
export interface KeilMemoryArea {
  name: string;
  readOnly: boolean;
  start: string;
  size: string;
  isDefault: boolean;
  startup: boolean;
  noInit: boolean;
  /** Which `<OCR_RVCTn>` element of the target holds it (1-10). */
  element: number;
}

type El = Record<string, unknown>;

const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true, isArray: (name: string) => ARRAYS.has(name) });
/** Elements that may repeat: read as lists even when one is written. */
const ARRAYS = new Set(['Target', 'Group', 'File', 'file', 'instance', 'component']);

const child = (el: unknown, name: string): El | undefined => {
  const v = el && typeof el === 'object' ? (el as El)[name] : undefined;
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as El) : undefined;
};
const text = (el: unknown, name: string): string | undefined => {
  const v = el && typeof el === 'object' ? (el as El)[name] : undefined;
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
};
const num = (el: unknown, name: string): number | undefined => {
  const t = text(el, name);
  return t === undefined || t === '' ? undefined : Number.parseInt(t, 10);
};
const list = (el: unknown, name: string): El[] => {
  const v = el && typeof el === 'object' ? (el as El)[name] : undefined;
  return Array.isArray(v) ? (v as El[]).filter((x) => x && typeof x === 'object') : [];
};
/** A checkbox: 1 set, 0 clear; a group's or file's 2 (or nothing) inherits. */
const flag = (el: unknown, name: string): boolean | undefined => {
  const n = num(el, name);
  return n === 1 ? true : n === 0 ? false : undefined;
};

/** µVision's Define field: names separated by commas or spaces (`USE_HAL_DRIVER,STM32F103xB`, `A=1 B`). */
export function splitDefines(field: string | undefined): string[] {
  return (field ?? '').split(/[,\s]+/).filter(Boolean);
}

/** µVision's IncludePath field: folders separated by semicolons. */
export function splitIncludePaths(field: string | undefined): string[] {
  return (field ?? '').split(';').map((p) => p.trim()).filter(Boolean);
}

function compilerSettings(cads: El | undefined): KeilCompilerSettings {
  const various = child(cads, 'VariousControls');
  const optim = num(cads, 'Optim');
  return {
    ...(optim ? { optim } : {}),
    optimizeTime: flag(cads, 'oTime'),
    c99: flag(cads, 'uC99'),
    gnu: flag(cads, 'uGnu'),
    strict: flag(cads, 'Strict'),
    signedChar: flag(cads, 'PlainCh'),
    enumIsInt: flag(cads, 'EnumInt'),
    shortEnums: flag(cads, 'vShortEn'),
    shortWchar: flag(cads, 'vShortWch'),
    cLanguage: num(cads, 'v6Lang') || undefined,
    cxxLanguage: num(cads, 'v6LangP') || undefined,
    rtti: flag(cads, 'v6Rtti'),
    misc: text(various, 'MiscControls') ?? '',
    defines: splitDefines(text(various, 'Define')),
    undefines: splitDefines(text(various, 'Undefine')),
    includes: splitIncludePaths(text(various, 'IncludePath')),
  };
}

/** The Target dialog's areas in `<OCR_RVCT1..10>` order, with their checkboxes (`Ro1Chk`...), NoInit (`NoZi1..5`) and startup (`RoSelD`). */
const AREAS = [
  ['ROM1', 'Ro1Chk'], ['ROM2', 'Ro2Chk'], ['ROM3', 'Ro3Chk'], ['IROM1', 'Ir1Chk'], ['IROM2', 'Ir2Chk'],
  ['RAM1', 'Ra1Chk'], ['RAM2', 'Ra2Chk'], ['RAM3', 'Ra3Chk'], ['IRAM1', 'Im1Chk'], ['IRAM2', 'Im2Chk'],
] as const;

function memoryAreas(misc: El | undefined): KeilMemoryArea[] {
  const chips = child(misc, 'OnChipMemories');
  const startup = num(misc, 'RoSelD');
  return AREAS.map(([name, check], i) => {
    const el = child(chips, `OCR_RVCT${i + 1}`);
    const readOnly = i < 5;
    return {
      name, readOnly, start: text(el, 'StartAddress') ?? '0x0', size: text(el, 'Size') ?? '0x0', isDefault: num(misc, check) === 1,
      startup: readOnly && startup === i, noInit: !readOnly && num(misc, `NoZi${i - 4}`) === 1, element: i + 1,
    };
  });
}

/** A group's or file's own settings, when it sets anything beyond inheriting. */
function overrideSettings(options: El | undefined, armAds: string): KeilCompilerSettings | undefined {
  const cads = child(child(options, armAds), 'Cads');
  if (!cads) return undefined;
  const s = compilerSettings(cads);
  const sets = s.optim || s.misc || s.defines.length || s.undefines.length || s.includes.length;
  return sets ? s : undefined;
}

/** IncludeInBuild of a group's or file's common properties: built unless it says 0. */
const builtBy = (options: El | undefined): boolean => num(child(options, 'CommonProperty'), 'IncludeInBuild') !== 0;

function readGroup(g: El): KeilGroup {
  const options = child(g, 'GroupOption');
  const files = list(child(g, 'Files'), 'File').map((f): KeilFile => {
    const fileOptions = child(f, 'FileOption');
    const settings = overrideSettings(fileOptions, 'FileArmAds');
    return { name: text(f, 'FileName') ?? '', type: num(f, 'FileType') ?? 0, path: text(f, 'FilePath') ?? '', built: builtBy(fileOptions), ...(settings ? { settings } : {}) };
  });
  const settings = overrideSettings(options, 'GroupArmAds');
  return { name: text(g, 'GroupName') ?? '', built: builtBy(options), ...(settings ? { settings } : {}), files };
}

function readTarget(t: El, rte: { usesRte: boolean; rteFiles: string[] }): KeilTarget {
  const option = child(t, 'TargetOption');
  const common = child(option, 'TargetCommonOption');
  const armAds = child(option, 'TargetArmAds');
  const misc = child(armAds, 'ArmAdsMisc');
  return {
    name: text(t, 'TargetName') ?? '',
    toolset: text(t, 'ToolsetName') ?? '',
    ac6: num(t, 'uAC6') === 1,
    device: text(common, 'Device') || undefined,
    packId: text(common, 'PackID') || undefined,
    cpu: text(common, 'Cpu') || undefined,
    fpHardware: num(misc, 'RvdsVP') ?? 0,
    microLib: num(misc, 'useUlib') === 1,
    bigEndian: num(misc, 'BigEnd') === 1,
    secure: num(misc, 'nSecure') === 1,
    outputDir: text(common, 'OutputDirectory') || undefined,
    outputName: text(common, 'OutputName') || undefined,
    scatterFile: num(child(armAds, 'LDads'), 'umfTarg') !== 1 ? text(child(armAds, 'LDads'), 'ScatterFile') || undefined : undefined,
    ...(num(child(armAds, 'LDads'), 'umfTarg') === 1 ? { memoryAreas: memoryAreas(misc) } : {}),
    compiler: compilerSettings(child(armAds, 'Cads')),
    groups: list(child(t, 'Groups'), 'Group').map(readGroup),
    ...rte,
  };
}

/** The project's targets, or why none could be read. */
export function readUvprojx(xml: string): { targets: KeilTarget[]; error?: string } {
  let doc: El;
  try {
    doc = parser.parse(xml) as El;
  } catch (err) {
    return { targets: [], error: `not readable XML (${(err as Error).message.split('\n')[0]})` };
  }
  const project = child(doc, 'Project');
  if (!project) return { targets: [], error: 'no <Project> element: not a µVision project file' };
  const rte = child(project, 'RTE');
  const rteFiles = list(child(rte, 'files'), 'file').flatMap((f) => {
    const v = f.instance;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : [];
  });
  // A component is an element of attributes only: read as an empty string.
  const components = child(rte, 'components')?.component;
  const usesRte = (Array.isArray(components) && components.length > 0) || rteFiles.length > 0;
  const targets = list(child(project, 'Targets'), 'Target').map((t) => readTarget(t, { usesRte, rteFiles }));
  return targets.length ? { targets } : { targets, error: 'it names no target' };
}
