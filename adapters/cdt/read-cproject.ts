// Reads an Eclipse CDT managed-build project's `.cproject` (STM32CubeIDE, System Workbench, GNU MCU Eclipse and
// other CDT-based IDEs): per build configuration its name and type, the target (MCU, FPU, float ABI, tool prefix),
// each tool's settings at the project root and at the folders and files that override them, the source entries with
// their exclusions, and the linker script. Option kinds come from CDT's value types (definedSymbols, includePath, ...)
// and from the ends of the option ids, which CDT-based toolchains share.
import type { XMLParser as XmlParserClass } from 'fast-xml-parser';
import { requirePackage } from '../../src/model/require-package.js';

const { XMLParser } = requirePackage('fast-xml-parser') as { XMLParser: typeof XmlParserClass };

export type ToolKind = 'c' | 'cpp' | 'asm' | 'linker';

/** A tool's settings where a resource sets them; undefined: not set there (the enclosing resource's hold). */
export interface ToolSettings {
  defines?: string[];
  undefines?: string[];
  includes?: string[];
  includeFiles?: string[];
  /** The optimization level's value id (`...level.value.os`); '' when the option is present with its default. */
  optimization?: string;
  /** The language standard's value id (`...languagestandard.value.gnu11`). */
  standard?: string;
  /** Other flags typed in (`-fno-exceptions -Wextra`). */
  otherFlags?: string;
  /** The linker script as written (`${workspace_loc:/${ProjName}/STM32F401RETX_FLASH.ld}`). */
  linkerScript?: string;
}

/** The settings a folder (`Core/Src`) or file of the project gives; resourcePath '' is the project's own. */
export interface ResourceSettings {
  resourcePath: string;
  tools: Partial<Record<ToolKind, ToolSettings>>;
}

export interface CdtConfiguration {
  name: string;
  /** From the configuration's build properties (`...buildType.debug`). */
  buildType?: 'debug' | 'release';
  /** The toolchain's id: `com.st.stm32cube...` for STM32CubeIDE. */
  toolchain: string;
  artifactName: string;
  artifactExtension: string;
  /** The builder's build folder as written (`${workspace_loc:/proj}/Debug`), when it names one. */
  buildPath?: string;
  /** False for a configuration whose makefiles the user writes (a CDT "Makefile project"): its settings are not its build. */
  managed: boolean;
  target: { mcu?: string; cpu?: string; fpu?: string; floatAbi?: string; prefix?: string };
  /** The project's settings first, then the folders' and files' that override them. */
  resources: ResourceSettings[];
  /** Folders compiled (project-relative, '' = the whole project), each with the paths it leaves out. */
  sourceEntries: { name: string; excluding: string[] }[];
}

type El = Record<string, unknown>;

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (_name: string, _path: unknown, _leaf: boolean, isAttribute: boolean) => !isAttribute });

function kids(el: El | undefined, name: string): El[] {
  const v = el?.[name];
  return Array.isArray(v) ? (v as El[]) : [];
}

function attr(el: El | undefined, name: string): string | undefined {
  const v = el?.[`@${name}`];
  return typeof v === 'string' ? v : undefined;
}

/** The configurations of a `.cproject` text, or the reason it has none (not XML, not a CDT managed build). */
export function readCproject(text: string): { configurations: CdtConfiguration[]; error?: string } {
  let doc: El;
  try {
    doc = parser.parse(text, true) as El;
  } catch (err) {
    return { configurations: [], error: `not well-formed XML: ${(err as Error).message.split('\n')[0]}` };
  }
  const settings = kids(kids(doc, 'cproject')[0], 'storageModule').find((m) => attr(m, 'moduleId') === 'org.eclipse.cdt.core.settings');
  const configurations: CdtConfiguration[] = [];
  for (const cc of kids(settings, 'cconfiguration')) {
    const build = kids(cc, 'storageModule').find((m) => attr(m, 'moduleId') === 'cdtBuildSystem');
    const conf = kids(build, 'configuration')[0];
    if (conf) configurations.push(configurationOf(conf));
  }
  return configurations.length ? { configurations } : { configurations, error: 'no managed-build configuration (a CDT project whose makefiles the user writes is read from its Makefile)' };
}

function configurationOf(conf: El): CdtConfiguration {
  const folders = kids(conf, 'folderInfo');
  const root = folders.find((f) => (attr(f, 'resourcePath') ?? '') === '') ?? folders[0];
  const rootChain = kids(root, 'toolChain')[0];
  const type = /buildType\.(debug|release)\b/.exec(attr(conf, 'buildProperties') ?? '')?.[1] as 'debug' | 'release' | undefined;
  const resources: ResourceSettings[] = [];
  for (const f of folders) resources.push({ resourcePath: attr(f, 'resourcePath') ?? '', tools: toolsOf(kids(kids(f, 'toolChain')[0], 'tool'), kids(kids(f, 'toolChain')[0], 'option')) });
  for (const f of kids(conf, 'fileInfo')) resources.push({ resourcePath: attr(f, 'resourcePath') ?? '', tools: toolsOf(kids(f, 'tool')) });
  resources.sort((a, b) => a.resourcePath.length - b.resourcePath.length);
  const entries = kids(kids(conf, 'sourceEntries')[0], 'entry').filter((e) => attr(e, 'kind') === 'sourcePath');
  return {
    name: attr(conf, 'name') ?? 'Debug',
    ...(type ? { buildType: type } : {}),
    toolchain: attr(rootChain, 'superClass') ?? '',
    artifactName: attr(conf, 'artifactName') ?? '${ProjName}',
    artifactExtension: attr(conf, 'artifactExtension') ?? 'elf',
    ...(attr(kids(rootChain, 'builder')[0], 'buildPath') ? { buildPath: attr(kids(rootChain, 'builder')[0], 'buildPath') } : {}),
    managed: attr(kids(rootChain, 'builder')[0], 'managedBuildOn') !== 'false',
    target: targetOf(rootChain),
    resources,
    // No entry: CDT compiles the whole project.
    sourceEntries: entries.length ? entries.map((e) => ({ name: attr(e, 'name') ?? '', excluding: (attr(e, 'excluding') ?? '').split('|').filter(Boolean) })) : [{ name: '', excluding: [] }],
  };
}

/** The value id's last word: `...fpu.value.fpv4-sp-d16` → `fpv4-sp-d16`, `...floatabi.value.hard` → `hard`. */
function lastValue(v: string | undefined): string | undefined {
  if (!v) return undefined;
  const at = v.lastIndexOf('.value.');
  return at >= 0 ? v.slice(at + 7) : v.slice(v.lastIndexOf('.') + 1);
}

/** The toolchain's target options: STM32CubeIDE's MCU, FPU and float ABI; any toolchain's core, FPU and prefix by their ids. */
function targetOf(chain: El | undefined): CdtConfiguration['target'] {
  const target: CdtConfiguration['target'] = {};
  for (const o of kids(chain, 'option')) {
    const id = attr(o, 'superClass') ?? '';
    const value = attr(o, 'value');
    if (!value) continue;
    if (/\.option\.target_mcu$|\.cross\.mcu$/.test(id)) target.mcu = value;
    else if (/\.fpu(\.unit)?$/.test(id)) target.fpu = normalFpu(lastValue(value));
    else if (/(floatabi|fpu\.abi)$/.test(id)) target.floatAbi = lastValue(value);
    else if (/(cross\.prefix|command\.prefix)$/.test(id)) target.prefix = value;
    else if (/\.cortex-[amr]\d+(plus)?$/.test(value) || /target\.(family|core)$/.test(id)) target.cpu = /cortex-[amr]\d+(plus)?/.exec(value)?.[0] ?? target.cpu;
  }
  return target;
}

/** An FPU value as -mfpu takes it (`fpv4spd16` → `fpv4-sp-d16`); `no`/`none`/`default` → undefined. */
function normalFpu(v: string | undefined): string | undefined {
  if (!v || /^(no|none|default)$/i.test(v)) return undefined;
  const m = /^fpv(\d)(sp)?d16$/.exec(v);
  return m ? `fpv${m[1]}-${m[2] ? 'sp-' : ''}d16` : v;
}

function toolKind(superClass: string): ToolKind | undefined {
  if (/linker/.test(superClass)) return 'linker';
  if (/(cpp|cxx|c\+\+|g\+\+)[.\w]*compiler|compiler\.cpp|\.cpp\./.test(superClass)) return 'cpp';
  if (/assembler|\.as\b|\.gas\b/.test(superClass)) return 'asm';
  if (/compiler/.test(superClass)) return 'c';
  return undefined;
}

/**
 * The settings of each tool; a toolchain's own optimization, standard and other flags (GNU MCU Eclipse keeps them
 * there, shared by its compilers) come first for the compilers and the assembler.
 */
function toolsOf(tools: El[], chainOptions: El[] = []): Partial<Record<ToolKind, ToolSettings>> {
  const out: Partial<Record<ToolKind, ToolSettings>> = {};
  const { optimization, otherFlags } = settingsOf(chainOptions);
  const shared: ToolSettings = { ...(optimization !== undefined ? { optimization } : {}), ...(otherFlags !== undefined ? { otherFlags } : {}) };
  if (Object.keys(shared).length) for (const kind of ['c', 'cpp', 'asm'] as const) out[kind] = { ...shared };
  for (const t of tools) {
    const kind = toolKind(attr(t, 'superClass') ?? attr(t, 'id') ?? '');
    if (kind) out[kind] = { ...out[kind], ...settingsOf(kids(t, 'option')) };
  }
  return out;
}

/** The value type of a list option saved without its `valueType` (GNU MCU Eclipse writes some so), by its id's end. */
function listKindById(id: string): string | undefined {
  if (/(definedsymbols|\.defs)$/i.test(id)) return 'definedSymbols';
  if (/(undefsymbols|\.undefs)$/i.test(id)) return 'undefDefinedSymbols';
  if (/(includepaths|include\.paths)$/i.test(id)) return 'includePath';
  if (/(includefiles|include\.files)$/i.test(id)) return 'includeFiles';
  return undefined;
}

/** A tool's options: lists by CDT's value types, the rest by the ends of their ids. */
function settingsOf(options: El[]): ToolSettings {
  const s: ToolSettings = {};
  for (const o of options) {
    const id = attr(o, 'superClass') ?? '';
    const list = () => kids(o, 'listOptionValue').filter((v) => attr(v, 'builtIn') !== 'true').map((v) => attr(v, 'value') ?? '').filter(Boolean);
    switch (attr(o, 'valueType') ?? listKindById(id)) {
      case 'definedSymbols': s.defines = list(); continue;
      case 'undefDefinedSymbols': s.undefines = list(); continue;
      case 'includePath': s.includes = list(); continue;
      case 'includeFiles': s.includeFiles = list(); continue;
    }
    const value = attr(o, 'value') ?? (attr(o, 'valueType') === 'stringList' ? list()[0] : undefined);
    if (/optimization\.level$/.test(id)) s.optimization = value ?? '';
    else if (/(languagestandard|language\.std|\.std)$/.test(id)) s.standard = value ?? '';
    else if (/(otherflags|other|miscellaneous\.other)$/.test(id) && value) s.otherFlags = value;
    else if (/(option\.script|linker\.script|linker\.scriptfile|ldscript)$/.test(id) && value) s.linkerScript = value;
  }
  return s;
}
