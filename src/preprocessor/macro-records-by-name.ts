// A macro table's definition records indexed by name, a name's several records settled in (file, line) order with
// its last integer value; and the count of tables, digests and indexings a process made. Parses no definition.
import type { MacroRecord } from './api.js';

/** Records in (file, line) order. */
export const byFileAndLine = (a: MacroRecord, b: MacroRecord): number => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line);

/** The integer a macro's expanded value is written as, or undefined (see BuildMacroTable.values). */
export const integerOf = (value: string | null): string | undefined => (value !== null && /^-?\d+$/.test(value) ? value : undefined);

/**
 * A table's records by name: one record on its own (most names: a device header's 400 000), or several in (file,
 * line) order. Made from a list of records at once (RecordsByName), or read name by name through a build's macro
 * groups (a patch's tables, which mask a few files; see group-macro-records.ts).
 */
export interface NamedRecords {
  get(name: string): MacroRecord | MacroRecord[] | undefined;
  /** Of a name with several records, its last integer value in the order the records came in (see BuildMacroTable.values). */
  severalValue(name: string): string | undefined;
  /** True when no name has a record. */
  readonly empty: boolean;
  /** Every name's records (a source read name by name makes them all first). */
  every(): RecordsByName;
}

/** Tables and table digests made in this process, and records indexed by name (tests count the work a patch spares). */
export const tableWork = { tables: 0, digests: 0, recordsIndexed: 0 };

/**
 * A name's several records settled as a table holds them: its last integer value in the order they came in
 * (returned), then the list sorted by (file, line); a stable sort keeps the order of (file, line) ties.
 */
export function settleSeveral(list: MacroRecord[]): string | undefined {
  let value: string | undefined;
  for (const r of list) value = integerOf(r.expandedValue) ?? value;
  list.sort(byFileAndLine);
  return value;
}

/** Records indexed by name at once, in the order they came in, then each name's list settled (see settleSeveral). */
export class RecordsByName implements NamedRecords {
  private readonly records = new Map<string, MacroRecord | MacroRecord[]>();
  /** Of each name with several records, the last integer value in the order the records came in. */
  private readonly severalValues = new Map<string, string>();

  constructor(records: readonly MacroRecord[]) {
    tableWork.recordsIndexed += records.length;
    const several: MacroRecord[][] = [];
    for (const r of records) {
      const known = this.records.get(r.name);
      if (known === undefined) this.records.set(r.name, r);
      else if (Array.isArray(known)) known.push(r);
      else {
        const list = [known, r];
        this.records.set(r.name, list);
        several.push(list);
      }
    }
    for (const list of several) {
      const value = settleSeveral(list);
      if (value !== undefined) this.severalValues.set(list[0].name, value);
    }
  }

  get(name: string): MacroRecord | MacroRecord[] | undefined {
    return this.records.get(name);
  }

  severalValue(name: string): string | undefined {
    return this.severalValues.get(name);
  }

  get empty(): boolean {
    return this.records.size === 0;
  }

  get size(): number {
    return this.records.size;
  }

  every(): RecordsByName {
    return this;
  }

  /** Each name with its records. */
  entries(): IterableIterator<[string, MacroRecord | MacroRecord[]]> {
    return this.records.entries();
  }

  /** The integer values of names with several records. */
  get severalCount(): number {
    return this.severalValues.size;
  }
}

/** A table's records read name by name (see NamedRecords), with the whole list they come from for its digest. */
export interface RecordSource {
  named: NamedRecords;
  records: () => readonly MacroRecord[];
}
