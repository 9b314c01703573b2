// The definition a macro name has at a line of a file: the build table's, unless an executed #undef decides the
// name there (see undone-names.ts for where those come from).
import type { MacroQuestions } from './build-macro-table.js';
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

/**
 * Where the reads of a file disagree on a name an #undef touched (a header included several times in one unit, the
 * name defined anew before each, see readStatesOf): `count` reads, and per read the state at a line (null:
 * undefined; a #define's place: that #define; undefined: the table's). `at` is undefined where they all agree.
 */
export interface ReadsAt {
  count: number;
  at(name: string, line: number): readonly (UndoneUse['def'] | null)[] | undefined;
}

/** Definitions at the lines of `file` as its `r`th read has them where the reads disagree (see ReadsAt), elsewhere `base`'s. */
export function lookupInRead(table: MacroQuestions, base: LookupAt, reads: ReadsAt, r: number): LookupAt {
  return (name, line) => {
    const s = reads.at(name, line)?.[r];
    if (s === undefined) return base(name, line);
    return s === null ? undefined : table.lookup(name, s.file, s.line + 1);
  };
}

/** The definition a name has at a line of the file being read. */
export type LookupAt = (name: string, line: number) => MacroDef | undefined;

/**
 * Definitions at the lines of `file`: the table's, unless an #undef decides a name there (see lookupUndone). With
 * `k`, as the file's `k`th define class reads them (see BuildMacroTable.lookupInClass).
 */
export function lookupIn(table: MacroQuestions, file: string, undone: UndoneAt | undefined, k?: number): LookupAt {
  if (k !== undefined) return (name, line) => (undone !== undefined && undoneAt(undone(name), line) !== undefined ? lookupUndone(name, line, file, table, undone) : table.lookupInClass(name, file, line, k));
  return undone === undefined ? (name, line) => table.lookup(name, file, line) : (name, line) => lookupUndone(name, line, file, table, undone);
}

/**
 * The table's definition of a name at a line of `file`, unless an #undef decides it there (see UndoneUse): none, or
 * the #define the walk had in force, found as the definition the table gives just below its own line.
 */
function lookupUndone(name: string, line: number, file: string, table: MacroQuestions, undone: UndoneAt): MacroDef | undefined {
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
