// Reads an IAR Embedded Workbench for Arm project (`.ewp`): per configuration (Debug, Release, a board) its
// options by tool (General: device, core, FPU, output folders; ICCARM: defines, include paths, language,
// optimization, pre-include, extra options), and the tree of groups and files with the configurations each is
// excluded from and the options a group or file overrides. Values stay as written (`$PROJ_DIR$\..\Inc`).
import type { XMLParser as XmlParserClass } from 'fast-xml-parser';
import { requirePackage } from '../../src/model/require-package.js';

const { XMLParser } = requirePackage('fast-xml-parser') as { XMLParser: typeof XmlParserClass };

/** A tool's options: each option's states (one or several values) by name. */
export type IarOptions = Map<string, string[]>;

/** A configuration's options by tool (`General`, `ICCARM`, `ILINK`). */
export type IarSettings = Map<string, IarOptions>;

export interface IarConfiguration {
  name: string;
  /** `ARM` for EWARM; other toolchains are not read. */
  toolchain: string;
  settings: IarSettings;
}

export interface IarFile {
  /** As written (`$PROJ_DIR$\..\Src\main.c`). */
  path: string;
  /** Configurations it is excluded from, its group's included. */
  excluded: Set<string>;
  /** Options overridden for it by configuration, its groups' first (outermost first). */
  overrides: Map<string, IarSettings>[];
}

type El = Record<string, unknown>;

const ARRAYS = new Set(['configuration', 'settings', 'option', 'state', 'group', 'file']);
const parser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true, isArray: (name: string) => ARRAYS.has(name) });

const list = (el: unknown, name: string): El[] => {
  const v = el && typeof el === 'object' ? (el as El)[name] : undefined;
  return Array.isArray(v) ? (v as unknown[]).filter((x): x is El => !!x && typeof x === 'object') : [];
};
const strings = (el: unknown, name: string): string[] => {
  const v = el && typeof el === 'object' ? (el as El)[name] : undefined;
  return Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x : typeof x === 'number' ? String(x) : '')) : typeof v === 'string' ? [v] : [];
};
const first = (el: unknown, name: string): string | undefined => strings(el, name)[0];

function readSettings(el: El): IarSettings {
  const settings: IarSettings = new Map();
  for (const s of list(el, 'settings')) {
    const tool = first(s, 'name');
    if (!tool) continue;
    const options: IarOptions = new Map();
    for (const data of [s.data].filter((d): d is El => !!d && typeof d === 'object')) {
      for (const o of list(data, 'option')) {
        const name = first(o, 'name');
        if (name) options.set(name, strings(o, 'state'));
      }
    }
    settings.set(tool, options);
  }
  return settings;
}

/** The configurations an element is excluded from (`<excluded><configuration>Debug</configuration></excluded>`). */
function excludedFrom(el: El): string[] {
  const ex = el.excluded;
  return ex && typeof ex === 'object' ? strings(ex, 'configuration') : [];
}

/** Options a group or file overrides, by configuration (`<configuration><name>Debug</name><settings>...`). */
function overridesOf(el: El): Map<string, IarSettings> {
  const out = new Map<string, IarSettings>();
  for (const c of list(el, 'configuration')) {
    const name = first(c, 'name');
    if (name) out.set(name, readSettings(c));
  }
  return out;
}

/** Every file below a group (or the project), with what its groups exclude and override. */
function filesOf(el: El, excluded: Set<string>, overrides: Map<string, IarSettings>[], out: IarFile[]): void {
  for (const f of list(el, 'file')) {
    const p = first(f, 'name');
    const own = overridesOf(f);
    if (p) out.push({ path: p, excluded: new Set([...excluded, ...excludedFrom(f)]), overrides: own.size ? [...overrides, own] : overrides });
  }
  for (const g of list(el, 'group')) {
    const own = overridesOf(g);
    filesOf(g, new Set([...excluded, ...excludedFrom(g)]), own.size ? [...overrides, own] : overrides, out);
  }
}

/** The project's configurations and files, or why none could be read. */
export function readEwp(xml: string): { configurations: IarConfiguration[]; files: IarFile[]; error?: string } {
  let doc: El;
  try {
    doc = parser.parse(xml) as El;
  } catch (err) {
    return { configurations: [], files: [], error: `not readable XML (${(err as Error).message.split('\n')[0]})` };
  }
  const project = doc.project;
  if (!project || typeof project !== 'object') return { configurations: [], files: [], error: 'no <project> element: not an IAR Embedded Workbench project' };
  const configurations = list(project, 'configuration').map((c): IarConfiguration => {
    const toolchain = list(c, 'toolchain')[0] ?? (c.toolchain as El | undefined);
    return { name: first(c, 'name') ?? '', toolchain: first(toolchain, 'name') ?? '', settings: readSettings(c) };
  });
  const files: IarFile[] = [];
  filesOf(project as El, new Set(), [], files);
  return configurations.length ? { configurations, files } : { configurations, files, error: 'it names no configuration' };
}

/** A configuration's value of one option, a file's overrides (innermost last) winning over the configuration's. */
export function optionOf(config: IarConfiguration, file: IarFile | undefined, tool: string, option: string): string[] | undefined {
  let value = config.settings.get(tool)?.get(option);
  for (const layer of file?.overrides ?? []) value = layer.get(config.name)?.get(tool)?.get(option) ?? value;
  return value;
}
