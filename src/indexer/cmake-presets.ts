// The configure presets of a CMake project (CMakePresets.json, CMakeUserPresets.json and the files they include):
// each preset's build folder, from its own binaryDir or the first it inherits, with CMake's macros expanded
// (${sourceDir}, ${presetName}, $env{NAME}, ...), so `index --build` can tell which presets were never configured.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface RawPreset {
  name?: unknown;
  hidden?: unknown;
  inherits?: unknown;
  binaryDir?: unknown;
  generator?: unknown;
  condition?: unknown;
}

interface Defined {
  preset: RawPreset;
  /** The folder of the file defining it (`${fileDir}`). */
  fileDir: string;
}

export interface ConfigurePreset {
  name: string;
  hidden: boolean;
  /** Absolute build folder, or undefined when neither it nor a preset it inherits names one. */
  binaryDir?: string;
  /** Whether its condition (its own or inherited) holds here; a condition this reader cannot weigh counts as holding. */
  enabled: boolean;
}

export const PRESET_FILES = ['CMakePresets.json', 'CMakeUserPresets.json'];

/** Every configure preset defined by the root's preset files (and the files they include), with its problems. */
export function readConfigurePresets(root: string): { presets: ConfigurePreset[]; problems: string[] } {
  const defined = new Map<string, Defined>();
  const problems: string[] = [];
  const seen = new Set<string>();
  const readFile = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    let data: { include?: unknown; configurePresets?: unknown };
    try {
      data = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (err) {
      problems.push(`${file}: ${(err as Error).message}`);
      return;
    }
    for (const inc of Array.isArray(data.include) ? data.include : []) if (typeof inc === 'string') readFile(path.resolve(path.dirname(file), inc));
    for (const p of Array.isArray(data.configurePresets) ? (data.configurePresets as RawPreset[]) : []) {
      if (typeof p?.name === 'string' && !defined.has(p.name)) defined.set(p.name, { preset: p, fileDir: path.dirname(file) });
    }
  };
  for (const name of PRESET_FILES) if (fs.existsSync(path.join(root, name))) readFile(path.join(root, name));
  const presets = [...defined.values()].map(({ preset }) => {
    const name = preset.name as string;
    const found = inherited(defined, name, 'binaryDir');
    const generator = inherited(defined, name, 'generator');
    const at = (fileDir: string) => ({ root, name, fileDir, generator: generator?.value ?? '' });
    const binaryDir = found ? path.resolve(root, expandMacros(found.value, at(found.fileDir))) : undefined;
    const condition = inherited(defined, name, 'condition');
    const enabled = condition ? holds(condition.value, (v) => expandMacros(v, at(condition.fileDir))) : true;
    return { name, hidden: preset.hidden === true, enabled, ...(binaryDir ? { binaryDir } : {}) };
  });
  return { presets, problems };
}

/** A field from the preset, else from the first preset it inherits that has it (depth first, as CMake looks). */
function inherited<F extends 'binaryDir' | 'generator' | 'condition'>(defined: ReadonlyMap<string, Defined>, name: string, field: F, depth = 0): { value: F extends 'condition' ? unknown : string; fileDir: string } | undefined {
  const d = defined.get(name);
  if (!d || depth > 32) return undefined;
  const own = d.preset[field];
  if (field === 'condition' ? own !== undefined && own !== null : typeof own === 'string') return { value: own as F extends 'condition' ? unknown : string, fileDir: d.fileDir };
  const parents = typeof d.preset.inherits === 'string' ? [d.preset.inherits] : Array.isArray(d.preset.inherits) ? d.preset.inherits : [];
  for (const p of parents) {
    const got = typeof p === 'string' ? inherited(defined, p, field, depth + 1) : undefined;
    if (got) return got;
  }
  return undefined;
}

/** A preset condition (CMake's `equals`, `inList`, `matches`, `anyOf`, `allOf`, `not`, `const`); others count as holding. */
function holds(c: unknown, expand: (v: string) => string): boolean {
  if (c === null || c === undefined) return true;
  if (typeof c === 'boolean') return c;
  const o = c as { type?: unknown; value?: unknown; lhs?: unknown; rhs?: unknown; string?: unknown; list?: unknown; regex?: unknown; conditions?: unknown; condition?: unknown };
  const str = (v: unknown) => (typeof v === 'string' ? expand(v) : '');
  const list = Array.isArray(o.list) ? o.list.map(str) : [];
  const all = Array.isArray(o.conditions) ? o.conditions : [];
  switch (o.type) {
    case 'const': return o.value !== false;
    case 'equals': return str(o.lhs) === str(o.rhs);
    case 'notEquals': return str(o.lhs) !== str(o.rhs);
    case 'inList': return list.includes(str(o.string));
    case 'notInList': return !list.includes(str(o.string));
    case 'matches': return safeRegex(str(o.regex))?.test(str(o.string)) ?? true;
    case 'notMatches': return !(safeRegex(str(o.regex))?.test(str(o.string)) ?? false);
    case 'anyOf': return all.some((x) => holds(x, expand));
    case 'allOf': return all.every((x) => holds(x, expand));
    case 'not': return !holds(o.condition, expand);
    default: return true;
  }
}

function safeRegex(source: string): RegExp | undefined {
  try {
    return new RegExp(source);
  } catch {
    return undefined;
  }
}

/** CMake's preset macros in a value. */
function expandMacros(value: string, at: { root: string; name: string; fileDir: string; generator: string }): string {
  return value
    .replace(/\$env\{([^}]*)\}|\$penv\{([^}]*)\}/g, (_, a?: string, b?: string) => process.env[a ?? b ?? ''] ?? '')
    .replace(/\$\{(\w+)\}/g, (whole, macro: string) => {
      switch (macro) {
        case 'sourceDir': return at.root;
        case 'sourceParentDir': return path.dirname(at.root);
        case 'sourceDirName': return path.basename(at.root);
        case 'presetName': return at.name;
        case 'generator': return at.generator;
        case 'fileDir': return at.fileDir;
        case 'hostSystemName': return os.type() === 'Darwin' ? 'Darwin' : os.type() === 'Windows_NT' ? 'Windows' : os.type();
        case 'dollar': return '$';
        case 'pathListSep': return path.delimiter;
        default: return whole;
      }
    });
}
