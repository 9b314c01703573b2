// The GNU assembler's `.include "file"` directives of a text, those in branches it skips left out: conditionals are
// decided on numbers, symbols set to numbers before them, text, and `.ifdef`/`.ifndef` where the symbol's state is
// known there (set or labelled before for certain; not named at all, in a unit's text nothing else was read before).
// A symbol's value is the last set for certain where nothing since may set it again (a set in a branch not decided or
// a repeat block, a file read that sets it, a statement that may be a macro's invocation make it not known).
import { AsmConditions } from './assembler-conditions.js';
import { AsmExpander } from './assembler-expander.js';
import { CONDITIONAL_HEAD, FOLLOWED } from './assembler-macros.js';
import { blockEnd, definitionLines, labelsLength, MACRO_HEAD, repeatOp, withoutComment } from './assembler-syntax.js';

const DOT_INCLUDE = /^[ \t]*(?:[A-Za-z_.$][\w.$]*:[ \t]*)?\.include[ \t]+"([^"]+)"/i;
/** A statement defining the symbol it names: `x = 1`, `.set x, 1`, `.equ`, `.equiv`, `.eqv`, `.comm`, `.lcomm`. */
const DEFINING = /^\s*(?:\.(?:set|equ|equiv|eqv|comm|lcomm)\s+([A-Za-z_.$][\w.$]*)|([A-Za-z_.$][\w.$]*)\s*=(?!=))/i;
const LEADING_LABEL = /^\s*([A-Za-z_.$][\w.$]*)\s*:(?!:)/;
const NAME = /[A-Za-z_.$][\w.$]*/g;

/** Where a text stands in its unit's assembly. */
export interface IncludeStart {
  /** The lines as the assembler reads them (C macros expanded, line for line); the text itself when absent. */
  asRead?: () => string;
  /**
   * A unit's own text whose command line gives the assembler no symbol: the line (1-based) before which it read
   * nothing else (its first `#include`), so a symbol not named before is not defined. 0: not known.
   */
  blankUntil: number;
  /** What reading the file a `.include` names may do to the symbols (undefined: not known, anything). */
  reads?: (name: string) => IncludedEffects | undefined;
}

/** What reading a file may do to the symbols of the text including it. */
export interface IncludedEffects {
  /** The symbols it (or a file it includes) may set. */
  sets: Set<string>;
  /** Whether it defines a macro. */
  macros: boolean;
  /** Whether a statement of it may be a macro's invocation (one that is no directive). */
  statements: boolean;
}

/** A statement setting a symbol (its labels left out): `.set x, 1`, `.equ`, `.equiv`, `.eqv`, `x = 1`. */
const SETS = /^(?:\.(?:set|equ|equiv|eqv)\s+([A-Za-z_.$][\w.$]*)|([A-Za-z_.$][\w.$]*)\s*=(?!=))/i;

/** The symbol a statement sets, as a list (empty when it sets none). */
function setName(statement: string): string[] {
  const m = SETS.exec(statement.slice(labelsLength(statement)).trim());
  return m ? [m[1] ?? m[2]] : [];
}

/** Whether a statement (labels left out) may be a macro's invocation: not blank, no directive, no symbol set. */
function mayInvoke(statement: string): boolean {
  const rest = statement.slice(labelsLength(statement)).trim();
  return rest !== '' && !rest.startsWith('.') && !SETS.test(rest);
}

/** What a text `.include` reads may do to symbols (its own lines), and the names its `.include`s give. */
export function effectsOf(text: string): IncludedEffects & { includes: string[] } {
  const out = { sets: new Set<string>(), macros: false, statements: false, includes: [] as string[] };
  for (const line of text.split('\n')) {
    const inc = DOT_INCLUDE.exec(line);
    if (inc) out.includes.push(inc[1]);
    if (MACRO_HEAD.test(line)) out.macros = true;
    for (const st of withoutComment(line).split(';')) {
      for (const n of setName(st)) out.sets.add(n);
      if (mayInvoke(st)) out.statements = true;
    }
  }
  return out;
}

/**
 * The `.include "file"` directives of a text: [line (1-based), the name as written], those in a branch of a
 * top-level conditional the assembler skips left out (one that cannot be decided keeps all its branches).
 * Conditionals in a `.macro` definition are read at invocation.
 */
export function assemblerIncludes(text: string, start: IncludeStart = { blankUntil: 0 }): [number, string][] {
  if (!/\.include/i.test(text)) return [];
  const out: [number, string][] = [];
  const lines = text.split('\n');
  const inside = definitionLines(lines);
  const symbols = new AsmExpander(new Map());
  const state = new SymbolsSoFar(start.blankUntil);
  const conditions = new AsmConditions((t) => symbols.value(t), (name) => state.defined(name));
  let read: string[] | undefined;
  const asRead = (i: number) => (start.asRead ? (read ??= start.asRead().split('\n'))[i] ?? lines[i] : lines[i]);
  // The last line of a repeat block being read (its statements are read once each here, not per iteration).
  let repeatEnd = -1;
  // Whether a macro may be known (a unit's text read first knows none before its first #include or `.macro`).
  let macros = !(start.blankUntil > 0);
  lines.forEach((line, i) => {
    const outside = !inside.has(i);
    state.at(i + 1);
    if (i + 1 >= start.blankUntil || MACRO_HEAD.test(line)) macros = true;
    if (outside && i > repeatEnd && repeatOp(line)) repeatEnd = blockEnd(lines, i);
    if (outside && CONDITIONAL_HEAD.test(line) && conditions.directive(asRead(i))) return;
    if (!conditions.active) return;
    const statement = withoutComment(asRead(i));
    if (outside && FOLLOWED.test(line)) {
      if (conditions.certain && i > repeatEnd) symbols.observe(statement);
      else symbols.forget(setName(statement));
    } else if (outside && macros && mayInvoke(statement)) symbols.forget();
    if (outside) state.read(statement, conditions.certain && i > repeatEnd);
    const m = DOT_INCLUDE.exec(line);
    if (m) {
      out.push([i + 1, m[1]]);
      const e = start.reads?.(m[1]);
      symbols.forget(!e || (e.statements && (macros || e.macros)) ? undefined : e.sets);
      if (!e || e.macros) macros = true;
    }
    if (m || MACRO_HEAD.test(line) || repeatOp(line)) state.unknown();
  });
  return out;
}

/** What a text's lines read so far define: the symbols defined for certain, and whether any other may be. */
class SymbolsSoFar {
  private readonly set = new Set<string>();
  private readonly named = new Set<string>();
  private blank: boolean;

  constructor(private readonly blankUntil: number) {
    this.blank = blankUntil > 0;
  }

  /** Line `line` (1-based) is next: past the first `#include`, something else was read. */
  at(line: number): void {
    if (line >= this.blankUntil) this.blank = false;
  }

  /** From here on a symbol not set here may be defined (a file read, a macro or block that may write labels). */
  unknown(): void {
    this.blank = false;
  }

  /** A statement read (`sure`: for certain): the symbols it defines and the names it holds. */
  read(statement: string, sure: boolean): void {
    for (const n of statement.match(NAME) ?? []) this.named.add(n);
    if (!sure) return;
    let rest = statement;
    for (let m = LEADING_LABEL.exec(rest); m; m = LEADING_LABEL.exec(rest)) {
      this.set.add(m[1]);
      rest = rest.slice(m[0].length);
    }
    const d = DEFINING.exec(rest);
    if (d) this.set.add(d[1] ?? d[2]);
  }

  /** Whether `name` is defined here: true when set before; false when nothing could have defined it; else undefined. */
  defined(name: string): boolean | undefined {
    if (this.set.has(name)) return true;
    return this.blank && !this.named.has(name) ? false : undefined;
  }
}
