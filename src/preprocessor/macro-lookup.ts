// The definition a macro name has at a line of a file: the build table's, unless an executed #undef decides the
// name there (see undone-names.ts for where those come from).
import type { BuildMacroTable } from './build-macro-table.js';
import type { MacroDef } from './macro-definition.js';

/**
 * Where a name an executed #undef touched is undefined (no `def`), or defined again by the #define at `def` (file as
 * the macro records name it), over a file's lines (sorted [from, to] pairs; see undone-names.ts).
 */
export interface UndoneUse {
  ranges: readonly number[];
  def?: { file: string; line: number };
}

/** By name, where an #undef decides what the name is in a file instead of the table (undefined: nowhere). */
export type UndoneAt = (name: string) => readonly UndoneUse[] | undefined;

/** The definition a name has at a line of the file being read. */
export type LookupAt = (name: string, line: number) => MacroDef | undefined;

/**
 * Definitions at the lines of `file`: the table's, unless an #undef decides a name there (see lookupUndone). With
 * `k`, as the file's `k`th define class reads them (see BuildMacroTable.lookupInClass).
 */
export function lookupIn(table: BuildMacroTable, file: string, undone: UndoneAt | undefined, k?: number): LookupAt {
  if (k !== undefined) return (name, line) => (undone !== undefined && undoneAt(undone(name), line) !== undefined ? lookupUndone(name, line, file, table, undone) : table.lookupInClass(name, file, line, k));
  return undone === undefined ? (name, line) => table.lookup(name, file, line) : (name, line) => lookupUndone(name, line, file, table, undone);
}

/**
 * The table's definition of a name at a line of `file`, unless an #undef decides it there (see UndoneUse): none, or
 * the #define the walk had in force, found as the definition the table gives just below its own line.
 */
function lookupUndone(name: string, line: number, file: string, table: BuildMacroTable, undone: UndoneAt): MacroDef | undefined {
  const use = undoneAt(undone(name), line);
  if (use === undefined) return table.lookup(name, file, line);
  return use.def ? table.lookup(name, use.def.file, use.def.line + 1) : undefined;
}

/** The state of a name an #undef touched at `line`, when one holds there (a header's `#define putc(c) ...`, then `#undef putc` and `int putc(int c) { ... }`). */
function undoneAt(uses: readonly UndoneUse[] | undefined, line: number): UndoneUse | undefined {
  if (uses === undefined) return undefined;
  for (const u of uses) {
    const r = u.ranges;
    for (let k = 0; k < r.length && r[k] <= line; k += 2) if (line <= r[k + 1]) return u;
  }
  return undefined;
}
