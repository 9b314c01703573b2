// Which property value holds for a file of an Embedded Studio project in a configuration, as the IDE's project
// system decides it: a unique property (core, FPU, exclusion) takes the innermost level that sets it (file, its
// folders, the project, the solution), at each level the configuration's own value first, then the configurations
// it inherits, then `Common`; a list property (defines, include folders, extra options) gathers every level's
// values from the solution inwards, at each level `Common`'s first. `$(Name)` macros expand from the `macros`
// property and the project's own names.
import type { SesConfiguration, SesNode } from './read-emproject.js';

/** Properties whose values from every level and configuration add up (semicolon-separated lists). */
const LIST_PROPERTIES = new Set([
  'c_preprocessor_definitions',
  'c_preprocessor_undefinitions',
  'c_user_include_directories',
  'c_system_include_directories',
  'c_additional_options',
  'c_only_additional_options',
  'cpp_only_additional_options',
  'asm_additional_options',
  'macros',
  'project_dependencies',
]);

/** The property values one file sees in one configuration. */
export class SesScope {
  /** Innermost level first. */
  private readonly levels: SesNode[];
  /** @param chain the configuration's chain (configChain), made once per configuration. */
  constructor(
    path: SesNode[],
    private readonly chain: readonly string[],
  ) {
    this.levels = [...path].reverse();
  }

  /** A unique property's value, undefined when no level sets it. */
  value(property: string): string | undefined {
    for (const level of this.levels) {
      for (const c of this.chain) {
        const v = level.settings.get(c)?.[property];
        if (v !== undefined) return v;
      }
    }
    return undefined;
  }

  /** A list property's items from every level (outermost first) and configuration (`Common` first), blanks dropped. */
  list(property: string): string[] {
    if (!LIST_PROPERTIES.has(property)) throw new Error(`${property} is not a list property`);
    const out: string[] = [];
    for (let i = this.levels.length - 1; i >= 0; i--) {
      for (let j = this.chain.length - 1; j >= 0; j--) {
        const v = this.levels[i].settings.get(this.chain[j])?.[property];
        if (v !== undefined) out.push(...splitList(v));
      }
    }
    return out;
  }

  /** The `macros` property as name → value (a later definition wins). */
  macros(): Map<string, string> {
    const out = new Map<string, string>();
    for (const item of this.list('macros')) {
      const eq = item.indexOf('=');
      if (eq > 0) out.set(item.slice(0, eq).trim(), item.slice(eq + 1).trim());
    }
    return out;
  }
}

/** Semicolon-separated items, trimmed; a newline separates them too (the IDE writes long lists so). */
export function splitList(v: string): string[] {
  return v
    .split(/[;\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Where a configuration's values are looked for: itself, those it inherits (depth first), then `Common`. */
export function configChain(config: string, configurations: SesConfiguration[]): string[] {
  const byName = new Map(configurations.map((c) => [c.name, c]));
  const out: string[] = [];
  const visit = (name: string) => {
    if (out.includes(name) || name === 'Common') return;
    out.push(name);
    for (const parent of byName.get(name)?.inherits ?? []) visit(parent);
  };
  visit(config);
  return [...out, 'Common'];
}

/** `$(Name)` references expanded from `known`, repeatedly (a macro may name another); undefined when one is unknown. */
export function expandMacros(text: string, known: Map<string, string>): { value: string } | { unknown: string } {
  let v = text;
  for (let round = 0; round < 8 && v.includes('$('); round++) {
    let missing: string | undefined;
    v = v.replace(/\$\(([^)]+)\)/g, (whole, name: string) => {
      const got = known.get(name);
      if (got === undefined) missing ??= name;
      return got ?? whole;
    });
    if (missing !== undefined) return { unknown: missing };
  }
  return { value: v };
}
