// The integer macro values of a build read through its macro groups, as the table of their records answers them
// (BuildMacroTable.values: a name's last integer value in the groups' order) without making that table: a patch
// of a build parsing both languages masks with each language's table and needs the whole build's for a few names only.
import type { MacroGroup } from '../index/index-writer.js';
import type { MacroRecord } from '../preprocessor/api.js';
import type { MacroValueTable } from '../preprocessor/build-macro-table.js';
import { integerOf, tableWork } from '../preprocessor/macro-records-by-name.js';

/** Each group's records by name, made once per group (a run's builds share their stored groups). */
const byNameOf = new WeakMap<MacroGroup, Map<string, MacroRecord[]>>();

/** The group's records by name, in its order (made once per group, see byNameOf). */
export function groupRecordsByName(group: MacroGroup): ReadonlyMap<string, MacroRecord[]> {
  return byName(group);
}

function byName(group: MacroGroup): Map<string, MacroRecord[]> {
  let index = byNameOf.get(group);
  if (index) return index;
  tableWork.recordsIndexed += group.records.length;
  index = new Map();
  for (const r of group.records) {
    const list = index.get(r.name);
    if (list) list.push(r);
    else index.set(r.name, [r]);
  }
  byNameOf.set(group, index);
  return index;
}

/** The values of the records of `groups` in their order (groups.flatMap(records)), looked up name by name. */
export class GroupValues implements MacroValueTable {
  private readonly asked = new Map<string, string | undefined>();
  private all?: Map<string, string>;

  constructor(private readonly groups: readonly MacroGroup[]) {}

  get(name: string): string | undefined {
    if (this.asked.has(name)) return this.asked.get(name);
    let value: string | undefined;
    for (const g of this.groups) {
      for (const r of byName(g).get(name) ?? []) value = integerOf(r.expandedValue) ?? value;
    }
    this.asked.set(name, value);
    return value;
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  /** Every value, made when first asked (parse workers are sent them all). */
  private every(): Map<string, string> {
    if (this.all) return this.all;
    this.all = new Map();
    const names = new Set<string>();
    for (const g of this.groups) for (const name of byName(g).keys()) names.add(name);
    for (const name of names) {
      const value = this.get(name);
      if (value !== undefined) this.all.set(name, value);
    }
    return this.all;
  }

  get size(): number {
    return this.every().size;
  }

  [Symbol.iterator](): Iterator<[string, string]> {
    return this.every()[Symbol.iterator]();
  }
}
