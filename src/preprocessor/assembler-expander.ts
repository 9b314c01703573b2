// Expands GNU assembler macro invocations and repeat blocks (`.rept`, `.irp`, `.irpc` ... `.endr`) of one file as the
// assembler reads them: nested invocations and blocks, `.exitm`, decided conditionals, macros defined and removed
// (`.purgem`) where they are met, names case-blind, `.altmacro` mode (`%expr` and `<text>` arguments, bare parameter
// names, `LOCAL` names), statements `;` separates and labels before an invocation, symbols `.set` to numbers, and
// `\@`, which counts the macros executed so far in the assembly (an `.irp` body gets the count too, without adding to
// it), arguments given by name (`name=value`). Leaves out conditionals inside a `;`-separated line.
import type { AsmMacro } from './assembler-macros.js';
import { AsmConditions, asmValue } from './assembler-conditions.js';
import { blockEnd, labelsLength, MACRO_HEAD, purgedNames, readDefinition, repeatIterations, repeatOp, splitList, statementsOf, STATEMENT_HEAD, substitute } from './assembler-syntax.js';

/** Nested invocations and blocks expanded at most this deep, and at most this many statements per level. */
const MAX_DEPTH = 20;
const MAX_STATEMENTS = 4000;

/** A symbol assignment: `.set name, expr`, `.equ name, expr`, `name = expr`. */
const ASSIGNMENT = /^\s*(?:\.(?:set|equ|equiv)\s+([A-Za-z_.$][\w.$]*)\s*,|([A-Za-z_.$][\w.$]*)\s*=(?!=))(.*)$/i;
const LOCAL_LINE = /^\s*LOCAL\s+(.*)$/i;
const IDENTIFIER = /[A-Za-z_.$][\w.$]*/g;

/** The statements lines expand to, and whether an `.exitm` ended them. */
interface Read {
  statements: string[];
  exited: boolean;
}

/** One file's expansions, in the order the assembler meets them (which numbers `\@`). */
export class AsmExpander {
  /** The macros known where the reading is, by lower-case name. */
  private readonly byName: Map<string, AsmMacro>;
  /** `.altmacro` mode. */
  private alternate = false;
  /** Symbols set to numbers so far (what `%expr` and `.rept` counts read). */
  private readonly symbols = new Map<string, bigint>();
  /** `LOCAL` names made so far (`.LL0001`, ... as as numbers them). */
  private locals = 0;

  /**
   * `macros`: those known before the file's first line; `separated`: `;` separates statements (GNU as; Keil armasm
   * reads a comment); `executed`: macros the assembly executed before the file's first line (the next `\@`).
   */
  constructor(
    macros: ReadonlyMap<string, AsmMacro>,
    readonly separated = true,
    private executed = 0,
  ) {
    this.byName = new Map([...macros].map(([, m]) => [m.name.toLowerCase(), m]));
  }

  macro(name: string): AsmMacro | undefined {
    return this.byName.get(name.toLowerCase());
  }

  /** The lower-case names of the macros known where the reading is. */
  knownNames(): string[] {
    return [...this.byName.keys()];
  }

  define(macro: AsmMacro): void {
    this.byName.set(macro.name.toLowerCase(), macro);
  }

  /** Macros executed so far. */
  get count(): number {
    return this.executed;
  }

  /** Counts `n` macros executed elsewhere (by a file an `#include` reads). */
  advance(n: number): void {
    this.executed += n;
  }

  /** Follows a statement that expands nothing: `.purgem`, `.altmacro`, `.noaltmacro`, a symbol set to a number. */
  observe(statement: string): void {
    const m = STATEMENT_HEAD.exec(statement);
    const word = m?.[2].toLowerCase();
    if (word === '.purgem') for (const name of purgedNames(statement.slice(m![0].length))) this.byName.delete(name);
    else if (word === '.altmacro') this.alternate = true;
    else if (word === '.noaltmacro') this.alternate = false;
    else {
      const a = ASSIGNMENT.exec(statement);
      if (!a) return;
      const v = this.value(a[3]);
      if (v === undefined) this.symbols.delete(a[1] ?? a[2]);
      else this.symbols.set(a[1] ?? a[2], v);
    }
  }

  /** Forgets the values of symbols `names` (all when undefined): sets that may not be read, or may be made elsewhere. */
  forget(names?: Iterable<string>): void {
    if (names === undefined) this.symbols.clear();
    else for (const n of names) this.symbols.delete(n);
  }

  /** The value of an expression, its symbols read as they were set; undefined when one is not known. */
  value(text: string): bigint | undefined {
    const known = this.symbols.size ? text.replace(IDENTIFIER, (name) => this.symbols.get(name)?.toString() ?? name) : text;
    return asmValue(known);
  }

  /** The statements one invocation writes; undefined past the depth or size limits. */
  invoke(macro: AsmMacro, argText: string, depth = 0): string[] | undefined {
    const args: string[] = [];
    const named = new Map<string, string>();
    for (const a of splitList(argText, this.alternate)) {
      // `name=value` gives a parameter by name (not in `.altmacro` mode, where `=` is text).
      const kw = this.alternate ? null : /^([A-Za-z_.$][\w.$]*)=(.*)$/.exec(a);
      if (kw && macro.params.some((p) => p.name === kw[1])) named.set(kw[1], this.argument(kw[2]));
      else args.push(this.argument(a));
    }
    const values = new Map<string, string>();
    macro.params.forEach((p, k) => {
      const given = named.get(p.name) ?? (p.vararg ? args.slice(k).join(', ') : args[k]);
      values.set(p.name, given === undefined || given === '' ? p.fallback : given);
    });
    const body = this.alternate ? this.withLocals(macro.body, values) : macro.body;
    // The whole body is substituted before any of it is read: a nested invocation counts after this one.
    const lines = body.map((line) => substitute(line, values, this.executed, this.alternate));
    this.executed++;
    return this.read(lines, depth + 1)?.statements;
  }

  /**
   * An argument's value: quotes taken off (`"text"`; `<text>` in `.altmacro` mode, `!` quoting the next character)
   * and, in `.altmacro` mode, `%expr` by its decimal value when the expression's symbols are known.
   */
  private argument(arg: string): string {
    if (/^"(?:[^"\\]|\\.)*"$/.test(arg)) return arg.slice(1, -1);
    if (!this.alternate) return arg;
    if (/^<.*>$/.test(arg)) return arg.slice(1, -1).replace(/!(.)/g, '$1');
    if (arg.startsWith('%')) {
      const v = this.value(arg.slice(1));
      return v === undefined ? arg : String(BigInt.asIntN(32, v));
    }
    return arg;
  }

  /** A body in `.altmacro` mode: its `LOCAL` lines dropped, the names they give each a fresh `.LL` symbol in `values`. */
  private withLocals(body: readonly string[], values: Map<string, string>): readonly string[] {
    if (!body.some((l) => LOCAL_LINE.test(l))) return body;
    return body.filter((line) => {
      const m = LOCAL_LINE.exec(line);
      if (!m) return true;
      for (const name of splitList(m[1])) if (name && !values.has(name)) values.set(name, `.LL${(++this.locals).toString(16).padStart(4, '0')}`);
      return false;
    });
  }

  /** The statements a repeat block writes (`head` its opening line, `body` the lines up to its `.endr`). */
  repeat(head: string, body: readonly string[], depth = 0): Read | undefined {
    const m = /^\s*\.(\w+)(.*)$/.exec(head);
    if (!m) return undefined;
    const { param, values } = repeatIterations(m[1].toLowerCase(), m[2], (text) => this.value(text));
    const out: string[] = [];
    for (const value of values) {
      const lines = param === null ? body : body.map((line) => substitute(line, new Map([[param, value]]), this.executed, this.alternate));
      const r = this.read(lines, depth + 1);
      if (!r) return undefined;
      out.push(...r.statements);
      if (out.length > MAX_STATEMENTS) return undefined;
      // `.exitm` ends the block's whole expansion (the innermost thing being expanded), not just one iteration.
      if (r.exited) break;
    }
    return { statements: out, exited: false };
  }

  /** Expanded lines read as the assembler reads them: the statements they write. */
  private read(lines: readonly string[], depth: number): Read | undefined {
    if (depth > MAX_DEPTH) return undefined;
    const out: string[] = [];
    const conditions = new AsmConditions((text) => this.value(text));
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      if (conditions.directive(line) || !conditions.active) continue;
      const definition = MACRO_HEAD.test(line);
      if (definition || repeatOp(line)) {
        const end = blockEnd(lines, i);
        const close = end < 0 ? lines.length : end;
        // A definition inside an expansion writes nothing where it stands: it defines the macro from there on.
        if (definition) {
          const macro = end < 0 ? undefined : readDefinition(lines, i, end);
          if (macro) this.define(macro);
        } else {
          const r = this.repeat(line, lines.slice(i + 1, close), depth);
          if (!r) return undefined;
          out.push(...r.statements);
        }
        i = close;
      } else if (!this.statements(line, depth, out)) return undefined;
      else if (out.length && out[out.length - 1] === EXIT) {
        out.pop();
        return { statements: out, exited: true };
      }
      if (out.length > MAX_STATEMENTS) return undefined;
    }
    return { statements: out, exited: false };
  }

  /** Adds what a line's statements write to `out` (an `.exitm` as EXIT, last); false past the limits. */
  private statements(line: string, depth: number, out: string[]): boolean {
    for (const st of statementsOf(line, this.separated)) {
      const lab = labelsLength(st.text);
      if (lab && st.text.slice(0, lab).trim()) out.push(st.text.slice(0, lab).trim());
      const rest = st.text.slice(lab);
      const m = STATEMENT_HEAD.exec(rest);
      if (m?.[2].toLowerCase() === '.exitm') {
        out.push(EXIT);
        return true;
      }
      const inner = m ? this.macro(m[2]) : undefined;
      if (m && inner) {
        const nested = this.invoke(inner, rest.slice(m[0].length), depth);
        if (!nested) return false;
        out.push(...nested);
      } else if (rest.trim()) {
        this.observe(rest);
        out.push(rest.trim());
      }
    }
    return true;
  }
}

/** What `statements` adds for an `.exitm` (no statement holds a NUL). */
const EXIT = '\0exitm';
