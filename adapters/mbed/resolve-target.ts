// Mbed's target database: `inherits` resolution order, cumulative attributes with `_add`/`_remove`, labels,
// core symbols/flags. An unknown parent is an error for that target only. Leaves out `bootloader_supported`.
//
// As tools/targets does: the order is depth-first with duplicates dropped; a cumulative attribute
// (`macros`, `device_has`, `features`, `components`, `extra_labels`) starts from its nearest definition and
// takes the `_add`/`_remove` of the levels below it; a plain attribute comes from its first definer.
import type { Diagnostic } from '../contract.js';

export type TargetJson = Record<string, unknown> & { inherits?: string[] };
export type TargetsDb = Record<string, TargetJson>;

export const CUMULATIVE_ATTRIBUTES = ['extra_labels', 'macros', 'device_has', 'features', 'components'] as const;
export type CumulativeAttribute = (typeof CUMULATIVE_ATTRIBUTES)[number];

export const CORE_LABELS: Record<string, string[]> = {
  'Cortex-M0': ['M0', 'CORTEX_M', 'LIKE_CORTEX_M0', 'CORTEX'],
  'Cortex-M0+': ['M0P', 'CORTEX_M', 'LIKE_CORTEX_M0', 'CORTEX'],
  'Cortex-M1': ['M1', 'CORTEX_M', 'LIKE_CORTEX_M1', 'CORTEX'],
  'Cortex-M3': ['M3', 'CORTEX_M', 'LIKE_CORTEX_M3', 'CORTEX'],
  'Cortex-M4': ['M4', 'CORTEX_M', 'RTOS_M4_M7', 'LIKE_CORTEX_M4', 'CORTEX'],
  'Cortex-M4F': ['M4', 'CORTEX_M', 'RTOS_M4_M7', 'LIKE_CORTEX_M4', 'CORTEX'],
  'Cortex-M7': ['M7', 'CORTEX_M', 'RTOS_M4_M7', 'LIKE_CORTEX_M7', 'CORTEX'],
  'Cortex-M7F': ['M7', 'CORTEX_M', 'RTOS_M4_M7', 'LIKE_CORTEX_M7', 'CORTEX'],
  'Cortex-M7FD': ['M7', 'CORTEX_M', 'RTOS_M4_M7', 'LIKE_CORTEX_M7', 'CORTEX'],
  'Cortex-A9': ['A9', 'CORTEX_A', 'LIKE_CORTEX_A9', 'CORTEX'],
  'Cortex-M23': ['M23', 'CORTEX_M', 'LIKE_CORTEX_M23', 'CORTEX'],
  'Cortex-M23-NS': ['M23', 'M23_NS', 'CORTEX_M', 'LIKE_CORTEX_M23', 'CORTEX'],
  'Cortex-M33': ['M33', 'CORTEX_M', 'LIKE_CORTEX_M33', 'CORTEX'],
  'Cortex-M33-NS': ['M33', 'M33_NS', 'CORTEX_M', 'LIKE_CORTEX_M33', 'CORTEX'],
  'Cortex-M33F': ['M33', 'CORTEX_M', 'LIKE_CORTEX_M33', 'CORTEX'],
  'Cortex-M33F-NS': ['M33', 'M33_NS', 'CORTEX_M', 'LIKE_CORTEX_M33', 'CORTEX'],
  'Cortex-M33FE': ['M33', 'CORTEX_M', 'LIKE_CORTEX_M33', 'CORTEX'],
  'Cortex-M33FE-NS': ['M33', 'M33_NS', 'CORTEX_M', 'LIKE_CORTEX_M33', 'CORTEX'],
  'Cortex-M55': ['M55', 'CORTEX_M', 'LIKE_CORTEX_M55', 'CORTEX'],
};

const RTOS = ['__CMSIS_RTOS', '__MBED_CMSIS_RTOS_CM'];
export const CORE_SYMBOLS: Record<string, string[]> = {
  'Cortex-M0': ['__CORTEX_M0', 'ARM_MATH_CM0', ...RTOS],
  'Cortex-M0+': ['__CORTEX_M0PLUS', 'ARM_MATH_CM0PLUS', ...RTOS],
  'Cortex-M1': ['__CORTEX_M3', 'ARM_MATH_CM1', ...RTOS],
  'Cortex-M3': ['__CORTEX_M3', 'ARM_MATH_CM3', ...RTOS],
  'Cortex-M4': ['__CORTEX_M4', 'ARM_MATH_CM4', ...RTOS],
  'Cortex-M4F': ['__CORTEX_M4', 'ARM_MATH_CM4', '__FPU_PRESENT=1', ...RTOS],
  'Cortex-M7': ['__CORTEX_M7', 'ARM_MATH_CM7', ...RTOS],
  'Cortex-M7F': ['__CORTEX_M7', 'ARM_MATH_CM7', '__FPU_PRESENT=1', ...RTOS],
  'Cortex-M7FD': ['__CORTEX_M7', 'ARM_MATH_CM7', '__FPU_PRESENT=1', ...RTOS],
  'Cortex-A9': ['__CORTEX_A9', 'ARM_MATH_CA9', '__FPU_PRESENT', '__CMSIS_RTOS', '__EVAL', '__MBED_CMSIS_RTOS_CA9'],
  'Cortex-M23': ['__CORTEX_M23', 'ARM_MATH_ARMV8MBL', ...RTOS],
  'Cortex-M23-NS': ['__CORTEX_M23', 'ARM_MATH_ARMV8MBL', 'DOMAIN_NS=1', ...RTOS],
  'Cortex-M33': ['__CORTEX_M33', 'ARM_MATH_ARMV8MML', ...RTOS],
  'Cortex-M33-NS': ['__CORTEX_M33', 'ARM_MATH_ARMV8MML', 'DOMAIN_NS=1', ...RTOS],
  'Cortex-M33F': ['__CORTEX_M33', 'ARM_MATH_ARMV8MML', '__FPU_PRESENT=1U', ...RTOS],
  'Cortex-M33F-NS': ['__CORTEX_M33', 'ARM_MATH_ARMV8MML', 'DOMAIN_NS=1', '__FPU_PRESENT=1U', ...RTOS],
  'Cortex-M33FE': ['__CORTEX_M33', 'ARM_MATH_ARMV8MML', '__FPU_PRESENT=1U', '__DSP_PRESENT=1U', ...RTOS],
  'Cortex-M33FE-NS': ['__CORTEX_M33', 'ARM_MATH_ARMV8MML', 'DOMAIN_NS=1', '__FPU_PRESENT=1U', '__DSP_PRESENT=1U', ...RTOS],
  'Cortex-M55': ['__CORTEX_M55', 'ARM_MATH_ARMV8MML', '__FPU_PRESENT=1U', '__DSP_PRESENT=1U', ...RTOS],
};

/** GCC_ARM's -mcpu/-mfpu flags per core (tools/toolchains/gcc.py). */
export const CORE_GCC_FLAGS: Record<string, string[]> = {
  'Cortex-M0': ['-mcpu=cortex-m0', '-mthumb'],
  'Cortex-M0+': ['-mcpu=cortex-m0plus', '-mthumb'],
  'Cortex-M1': ['-mcpu=cortex-m1', '-mthumb'],
  'Cortex-M3': ['-mcpu=cortex-m3', '-mthumb'],
  'Cortex-M4': ['-mcpu=cortex-m4', '-mthumb'],
  'Cortex-M4F': ['-mcpu=cortex-m4', '-mthumb', '-mfpu=fpv4-sp-d16', '-mfloat-abi=softfp'],
  'Cortex-M7': ['-mcpu=cortex-m7', '-mthumb'],
  'Cortex-M7F': ['-mcpu=cortex-m7', '-mthumb', '-mfpu=fpv5-sp-d16', '-mfloat-abi=softfp'],
  'Cortex-M7FD': ['-mcpu=cortex-m7', '-mthumb', '-mfpu=fpv5-d16', '-mfloat-abi=softfp'],
  'Cortex-A9': ['-mcpu=cortex-a9', '-mthumb-interwork', '-marm', '-mfpu=vfpv3', '-mfloat-abi=hard'],
  'Cortex-M23': ['-mcpu=cortex-m23', '-mthumb'],
  'Cortex-M23-NS': ['-mcpu=cortex-m23', '-mthumb'],
  'Cortex-M33': ['-mcpu=cortex-m33+nodsp', '-mthumb'],
  'Cortex-M33-NS': ['-mcpu=cortex-m33+nodsp', '-mthumb'],
  'Cortex-M33F': ['-mcpu=cortex-m33+nodsp', '-mthumb', '-mfpu=fpv5-sp-d16', '-mfloat-abi=softfp'],
  'Cortex-M33F-NS': ['-mcpu=cortex-m33+nodsp', '-mthumb', '-mfpu=fpv5-sp-d16', '-mfloat-abi=softfp'],
  'Cortex-M33FE': ['-mcpu=cortex-m33', '-mthumb', '-mfpu=fpv5-sp-d16', '-mfloat-abi=softfp'],
  'Cortex-M33FE-NS': ['-mcpu=cortex-m33', '-mthumb', '-mfpu=fpv5-sp-d16', '-mfloat-abi=softfp'],
  'Cortex-M55': ['-mcpu=cortex-m55', '-mthumb', '-mfloat-abi=softfp'],
};

export interface ResolvedTarget {
  name: string;
  /** (target, level) in resolution order: the target itself at level 0. */
  order: [string, number][];
  core?: string;
  attrs: Record<CumulativeAttribute, string[]>;
  /** Plain attribute: the first target in resolution order that defines it. */
  get(attr: string): unknown;
}

/** Depth-first resolution order; throws nothing: an unknown parent is returned in `missing`. */
export function resolutionOrder(db: TargetsDb, name: string): { order: [string, number][]; missing: { parent: string; child: string }[] } {
  const order: [string, number][] = [];
  const missing: { parent: string; child: string }[] = [];
  const visit = (t: string, level: number, child: string | undefined) => {
    if (!(t in db)) {
      if (child) missing.push({ parent: t, child });
      return;
    }
    if (!order.some(([n]) => n === t)) order.push([t, level]);
    else return;
    for (const p of (db[t].inherits as string[] | undefined) ?? []) visit(p, level + 1, t);
  };
  visit(name, 0, undefined);
  return { order, missing };
}

function asStrings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/** mbed's remove: by name, `NAME` also removing `NAME=value`. */
export function removeByName(list: string[], remove: string[]): string[] {
  const names = new Set(remove);
  return list.filter((x) => !names.has(x) && !names.has(x.split('=')[0]));
}

function cumulative(db: TargetsDb, order: [string, number][], attr: string): string[] {
  const defIdx = order.findIndex(([t]) => attr in db[t]);
  if (defIdx < 0) return [];
  const value = [...asStrings(db[order[defIdx][0]][attr])];
  let cur = value;
  for (let level = order[defIdx][1] - 1; level >= 0; level--) {
    for (const [t, l] of order) {
      if (l !== level) continue;
      const data = db[t];
      for (const x of asStrings(data[`${attr}_add`])) if (!cur.includes(x)) cur.push(x);
      if (`${attr}_remove` in data) cur = removeByName(cur, asStrings(data[`${attr}_remove`]));
    }
  }
  return cur;
}

/** 1-based line of `"key":` in a JSON text, for diagnostics. */
export function lineOfKey(text: string | undefined, key: string): number | undefined {
  if (!text) return undefined;
  const i = text.search(new RegExp(`["']?${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["']?\\s*:`));
  return i < 0 ? undefined : text.slice(0, i).split('\n').length;
}

export function resolveTarget(db: TargetsDb, name: string, file: string, diagnostics: Diagnostic[], text?: string): ResolvedTarget | undefined {
  if (!(name in db)) {
    diagnostics.push({ severity: 'error', file, message: `target '${name}' is not defined`, fix: `define ${name} in targets.json (or custom_targets.json), or correct the target name` });
    return undefined;
  }
  const { order, missing } = resolutionOrder(db, name);
  if (missing.length > 0) {
    for (const m of missing) {
      diagnostics.push({
        severity: 'error',
        file,
        line: lineOfKey(text, m.child),
        message: `target '${m.child}' inherits from '${m.parent}', which targets.json does not define; target '${name}' cannot be resolved`,
        fix: `define '${m.parent}' in targets.json or custom_targets.json, or correct the "inherits" of '${m.child}'`,
      });
    }
    return undefined;
  }
  const get = (attr: string) => {
    for (const [t] of order) if (attr in db[t]) return db[t][attr];
    return undefined;
  };
  const attrs = Object.fromEntries(CUMULATIVE_ATTRIBUTES.map((a) => [a, cumulative(db, order, a)])) as Record<CumulativeAttribute, string[]>;
  const core = typeof get('core') === 'string' ? (get('core') as string) : undefined;
  return { name, order, core, attrs, get };
}

/** TARGET_* labels: the resolution order (less `Target`), the core's labels, extra_labels. */
export function targetLabels(t: ResolvedTarget): string[] {
  const names = t.order.map(([n]) => n).filter((n) => n !== 'Target');
  return [...new Set([...names, ...(t.core ? (CORE_LABELS[t.core] ?? []) : []), ...t.attrs.extra_labels])];
}
