// mbed's configuration system: parameters of targets, libraries and the app, overridden in mbed's order, as
// `MBED_CONF_*` macros; `macros` lists; the app's `target.*` overrides. Leaves out `requires` and regions.
//
// Order: target `config`/`overrides` (base targets first), each mbed_lib's `target_overrides`, then
// mbed_app's (`*` and the target's labels, in file order). Null values give no macro; booleans give 1/0.
import type { Diagnostic } from '../contract.js';
import { CUMULATIVE_ATTRIBUTES, removeByName, type ResolvedTarget, type TargetsDb } from './resolve-target.js';

export interface MbedConfigUnit {
  /** `app`, a library's `name`, or `target`. */
  name: string;
  kind: 'application' | 'library';
  file: string;
  json: Record<string, unknown>;
}

interface Param {
  fullName: string;
  value: unknown;
  macroName?: string;
  definedBy: string;
}

export interface MbedConfigResult {
  /** `MBED_CONF_*` (and custom macro_name) → value, for parameters whose value is not null. */
  params: Record<string, string>;
  /** `macros` of libraries and the app, as written (`NAME` or `NAME=VALUE`). */
  macros: string[];
}

function macroOf(p: Param): string {
  return p.macroName ?? `MBED_CONF_${p.fullName.toUpperCase().replace(/[-.]/g, '_')}`;
}

function valueText(v: unknown): string | undefined {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'boolean') return v ? '1' : '0';
  return String(v);
}

function declare(params: Map<string, Param>, config: unknown, prefix: string, definedBy: string): void {
  if (!config || typeof config !== 'object') return;
  for (const [name, def] of Object.entries(config as Record<string, unknown>)) {
    const fullName = `${prefix}.${name}`;
    if (def && typeof def === 'object' && !Array.isArray(def)) {
      const d = def as { value?: unknown; macro_name?: unknown };
      params.set(fullName, { fullName, value: d.value ?? null, macroName: typeof d.macro_name === 'string' ? d.macro_name : undefined, definedBy });
    } else params.set(fullName, { fullName, value: def, definedBy });
  }
}

/** Target config: declarations and `overrides`, base targets first. */
function targetParams(db: TargetsDb, t: ResolvedTarget, params: Map<string, Param>, file: string, diagnostics: Diagnostic[]): void {
  const order = [...t.order].sort((a, b) => b[1] - a[1]);
  for (const [name] of order) {
    declare(params, db[name].config, 'target', `target:${name}`);
    const ov = db[name].overrides;
    if (ov && typeof ov === 'object') {
      for (const [k, v] of Object.entries(ov as Record<string, unknown>)) {
        const p = params.get(`target.${k}`);
        if (p) p.value = v;
        else diagnostics.push({ severity: 'warning', file, message: `target '${name}' overrides 'target.${k}', which no target it inherits declares`, fix: `declare ${k} in the "config" of a parent of ${name}` });
      }
    }
  }
}

/** Apply the app's `target.<attr>` overrides to the resolved target (cumulative `_add`/`_remove`, or set). */
function overrideTarget(t: ResolvedTarget, key: string, value: unknown, overridden: Map<string, unknown>): boolean {
  const m = /^(.*?)(_add|_remove)?$/.exec(key)!;
  const attr = m[1] as (typeof CUMULATIVE_ATTRIBUTES)[number];
  if ((CUMULATIVE_ATTRIBUTES as readonly string[]).includes(attr)) {
    const list = Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : [];
    if (m[2] === '_add') t.attrs[attr] = [...t.attrs[attr], ...list.filter((x) => !t.attrs[attr].includes(x))];
    else if (m[2] === '_remove') t.attrs[attr] = removeByName(t.attrs[attr], list);
    else t.attrs[attr] = [...list];
    return true;
  }
  overridden.set(key, value);
  return true;
}

/**
 * Resolve the configuration for target `t` (with `labels`). Libraries come first, the application last.
 * The app's `target.*` overrides of cumulative attributes change `t.attrs` in place (features, device_has...).
 */
export function resolveMbedConfig(
  db: TargetsDb,
  targetsFile: string,
  t: ResolvedTarget,
  labels: string[],
  units: MbedConfigUnit[],
  diagnostics: Diagnostic[],
): MbedConfigResult & { targetOverrides: Map<string, unknown> } {
  const params = new Map<string, Param>();
  const macros: string[] = [];
  const targetOverrides = new Map<string, unknown>();
  targetParams(db, t, params, targetsFile, diagnostics);
  const libs = units.filter((u) => u.kind === 'library');
  const apps = units.filter((u) => u.kind === 'application');
  for (const u of libs) declare(params, u.json.config, u.name, `library:${u.name}`);
  for (const u of apps) declare(params, u.json.config, 'app', 'application');
  for (const u of [...libs, ...apps]) {
    const isApp = u.kind === 'application';
    for (const m of Array.isArray(u.json.macros) ? u.json.macros : []) if (typeof m === 'string' && !macros.includes(m)) macros.push(m);
    const overrides = u.json.target_overrides;
    if (!overrides || typeof overrides !== 'object') continue;
    for (const [label, set] of Object.entries(overrides as Record<string, unknown>)) {
      if (label !== '*' && !labels.includes(label)) continue;
      if (!set || typeof set !== 'object') continue;
      for (const [name, value] of Object.entries(set as Record<string, unknown>)) {
        let full = name.includes('.') ? name : `${isApp ? 'app' : u.name}.${name}`;
        const prefix = full.split('.')[0];
        if (prefix === 'target' && !params.has(full)) {
          if (isApp) overrideTarget(t, full.slice(7), value, targetOverrides);
          continue;
        }
        if (!isApp && prefix !== u.name && prefix !== 'target') {
          diagnostics.push({ severity: 'warning', file: u.file, message: `library '${u.name}' overrides '${full}' in "${label}"; a library may only override its own parameters`, fix: `move the override to mbed_app.json` });
          continue;
        }
        if (prefix === 'app' && !isApp) full = `${u.name}.${name}`;
        const p = params.get(full);
        if (!p) {
          diagnostics.push({ severity: 'warning', file: u.file, message: `"${label}" overrides '${full}', which no mbed_lib.json, mbed_app.json or target declares`, fix: `correct the parameter name, or add the library that declares it` });
          continue;
        }
        p.value = value;
      }
    }
  }
  const out: Record<string, string> = {};
  for (const p of params.values()) {
    const v = valueText(p.value);
    if (v !== undefined) out[macroOf(p)] = v;
  }
  return { params: out, macros, targetOverrides };
}
