// A build's macro records by name read through its macro groups (a NamedRecords, see macro-records-by-name.ts): a patch
// masks a few files, whose text names a few hundred macros, so its tables look those names up group by group
// instead of indexing every record of the build by name (Pico: ~40 000 records a table, in each of 36 images a shared
// .c edit patches). Each group is indexed by name once per run and the groups defining a name are found once per
// run (the builds share their stored groups). The full path, which looks up most names, indexes its records at once.
import type { MacroGroup } from '../index/index-writer.js';
import type { MacroRecord } from '../preprocessor/api.js';
import { RecordsByName, settleSeveral, type NamedRecords } from '../preprocessor/macro-records-by-name.js';
import { groupRecordsByName } from './group-values.js';

/** Which of a group's records a table holds: all of them, those at the lines this holds, or none (undefined). */
export type GroupReach = (group: MacroGroup) => 'all' | { has(line: number): boolean } | undefined;

/** The groups a run's tables read, and per name those of them defining it: found once per run, not once per build. */
export class GroupDefiners {
  private readonly groups: MacroGroup[] = [];
  private readonly known = new Set<MacroGroup>();
  /** Per name asked: the groups defining it among the first `upTo` of `groups`. */
  private readonly byName = new Map<string, { upTo: number; groups: MacroGroup[] }>();

  add(groups: Iterable<MacroGroup>): void {
    for (const g of groups) {
      if (this.known.has(g)) continue;
      this.known.add(g);
      this.groups.push(g);
    }
  }

  /** The groups added so far that define `name`, in the order they were added. */
  of(name: string): readonly MacroGroup[] {
    let found = this.byName.get(name);
    if (!found) this.byName.set(name, (found = { upTo: 0, groups: [] }));
    for (; found.upTo < this.groups.length; found.upTo++) {
      const g = this.groups[found.upTo];
      if (groupRecordsByName(g).has(name)) found.groups.push(g);
    }
    return found.groups;
  }
}

/** The stored paths a group's records name (mostly its own file alone), made once per group. */
const filesOf = new WeakMap<MacroGroup, ReadonlySet<string>>();

function groupFiles(group: MacroGroup): ReadonlySet<string> {
  let files = filesOf.get(group);
  if (!files) filesOf.set(group, (files = new Set(group.records.map((r) => r.file))));
  return files;
}

/** The records a table of `groups` (in their order) holds: each group's that `reach` lets in. */
export function reachedGroupRecords(groups: readonly MacroGroup[], reach: GroupReach): MacroRecord[] {
  const out: MacroRecord[] = [];
  for (const g of groups) {
    const lines = reach(g);
    if (lines === undefined) continue;
    for (const r of g.records) if (lines === 'all' || lines.has(r.line)) out.push(r);
  }
  return out;
}

/**
 * The records of `groups` (in their order) that `reach` lets in, by name as RecordsByName holds them, each name
 * worked out when first asked. `records`: the whole list, for a caller asking for every name.
 */
export class GroupRecords implements NamedRecords {
  /** Each group's place in the build's order. */
  private readonly at = new Map<MacroGroup, number>();
  private readonly reached = new Map<MacroGroup, ReturnType<GroupReach>>();
  private readonly found = new Map<string, MacroRecord | MacroRecord[] | undefined>();
  private readonly severalValues = new Map<string, string>();
  private whole?: RecordsByName;
  private isEmpty?: boolean;

  constructor(
    private readonly groups: readonly MacroGroup[],
    private readonly reach: GroupReach,
    private readonly definers: GroupDefiners,
    private readonly records: () => readonly MacroRecord[],
  ) {
    definers.add(groups);
    groups.forEach((g, i) => this.at.set(g, i));
  }

  private reachOf(g: MacroGroup): ReturnType<GroupReach> {
    if (!this.reached.has(g)) this.reached.set(g, this.reach(g));
    return this.reached.get(g);
  }

  get(name: string): MacroRecord | MacroRecord[] | undefined {
    if (this.found.has(name)) return this.found.get(name);
    const defining = this.definers.of(name).filter((g) => this.at.has(g));
    if (defining.length > 1) defining.sort((a, b) => this.at.get(a)! - this.at.get(b)!);
    const list: MacroRecord[] = [];
    for (const g of defining) {
      const lines = this.reachOf(g);
      if (lines === undefined) continue;
      for (const r of groupRecordsByName(g).get(name)!) if (lines === 'all' || lines.has(r.line)) list.push(r);
    }
    let out: MacroRecord | MacroRecord[] | undefined;
    if (list.length === 1) out = list[0];
    else if (list.length > 1) {
      const value = settleSeveral(list);
      if (value !== undefined) this.severalValues.set(name, value);
      out = list;
    }
    this.found.set(name, out);
    return out;
  }

  severalValue(name: string): string | undefined {
    return this.get(name) === undefined ? undefined : this.severalValues.get(name);
  }

  get empty(): boolean {
    return (this.isEmpty ??= !this.groups.some((g) => {
      const lines = this.reachOf(g);
      return lines !== undefined && g.records.some((r) => lines === 'all' || lines.has(r.line));
    }));
  }

  every(): RecordsByName {
    return (this.whole ??= new RecordsByName(this.records()));
  }
}

function namesAny(own: ReadonlySet<string>, files: ReadonlySet<string>): boolean {
  for (const f of own) if (files.has(f)) return true;
  return false;
}

/** Of `groups` (in their order), the records `reach` lets in whose file is one of `files`. */
export function groupRecordsOfFiles(groups: readonly MacroGroup[], reach: GroupReach, files: ReadonlySet<string>): MacroRecord[] {
  const out: MacroRecord[] = [];
  for (const g of groups) {
    if (!namesAny(groupFiles(g), files)) continue;
    const lines = reach(g);
    if (lines === undefined) continue;
    for (const r of g.records) if (files.has(r.file) && (lines === 'all' || lines.has(r.line))) out.push(r);
  }
  return out;
}
