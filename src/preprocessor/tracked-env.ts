// A macro environment that remembers which macros of its starting state a walk consulted (and what they
// were then): the inputs a unit's result depends on besides file contents. Names the walk itself (re)defined
// or removed are not inputs and are not recorded.
import type { MacroDef } from './macro-definition.js';

/** Text identity of a definition (same name assumed): equal keys expand the same everywhere. */
export function definitionKey(def: MacroDef | undefined): string | null {
  if (!def) return null;
  if (def.builtin) return `@${def.builtin}`;
  return `${def.paramsText ?? ''}\u0001${def.valueText}`;
}

/** True when two definitions (or two absences) expand the same everywhere. */
export function sameDefinition(a: MacroDef | undefined, b: MacroDef | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.name !== b.name) return false;
  if (a.builtin || b.builtin) return a.builtin === b.builtin;
  return a.paramsText === b.paramsText && a.valueText === b.valueText;
}

export class TrackedEnv extends Map<string, MacroDef> {
  private written?: Set<string>;
  /** Starting-state names consulted, with the definition they had (undefined: not defined). */
  private consulted?: Map<string, MacroDef | undefined>;

  constructor(initial: Iterable<readonly [string, MacroDef]>) {
    super(initial);
    this.written = new Set();
    this.consulted = new Map();
  }

  override get(name: string): MacroDef | undefined {
    const def = super.get(name);
    if (this.written && !this.written.has(name) && !this.consulted!.has(name)) this.consulted!.set(name, def);
    return def;
  }

  override has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  override set(name: string, def: MacroDef): this {
    this.written?.add(name);
    return super.set(name, def);
  }

  override delete(name: string): boolean {
    this.written?.add(name);
    return super.delete(name);
  }

  /** [name, definitionKey] of every starting-state macro consulted, sorted by name. */
  tested(): [string, string | null][] {
    return [...this.consulted!].map(([n, d]) => [n, definitionKey(d)] as [string, string | null]).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  }
}
