// The GNU assembler's macro syntax, as text: a line's statements and the labels opening one, a statement's head,
// argument lists, the blocks `.macro` ... `.endm` and `.rept`/`.irp`/`.irpc` ... `.endr`, the values a repeat block
// iterates over, and the substitution of `\name`, `&name`, `\@` and `\(text)` in a body (in `.altmacro` mode bare
// names too). Leaves out `\+` (binutils 2.42; 2.40 rejects it) and `'` quoting.
import { asmValue } from './assembler-conditions.js';
import type { AsmMacro, AsmMacroParam } from './assembler-macros.js';

/** A statement's first word (a directive, an instruction or a macro name) and the blanks before it. */
export const STATEMENT_HEAD = /^(\s*)([A-Za-z_.$][\w.$]*)(?=\s|$)/;
export const MACRO_HEAD = /^\s*\.macro\s+([A-Za-z_.$][\w.$]*)\s*,?\s*(.*)$/i;
const MACRO_END = /^\s*\.endm\b/i;
const REPEAT_HEAD = /^\s*\.(rept|irpc?)(?=\s|$)/i;
const REPEAT_END = /^\s*\.endr\b/i;

/** The directive a line opens a repeat block with (`rept`, `irp`, `irpc`), lower-cased. */
export function repeatOp(line: string): string | undefined {
  return REPEAT_HEAD.exec(line)?.[1].toLowerCase();
}

function parseParam(spec: string): AsmMacroParam {
  const [head, fallback = ''] = spec.split('=').map((s) => s.trim());
  const [name, qualifier = ''] = head.split(':');
  return { name, fallback, vararg: qualifier === 'vararg' };
}

/** The definition `lines[open]` opens (`.macro name params`), its body up to `lines[end]` (its `.endm`). */
export function readDefinition(lines: readonly string[], open: number, end: number): AsmMacro | undefined {
  const head = MACRO_HEAD.exec(lines[open]);
  return head ? { name: head[1], params: splitList(head[2]).filter(Boolean).map(parseParam), body: lines.slice(open + 1, end) } : undefined;
}

/** The names a `.purgem` statement (without its directive) removes: one, or several separated by commas. */
export function purgedNames(operands: string): string[] {
  return operands
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
}

/** The line (index into `lines`) closing the block `lines[open]` opens, or -1 when none does. */
export function blockEnd(lines: readonly string[], open: number): number {
  const [head, end] = MACRO_HEAD.test(lines[open]) ? [MACRO_HEAD, MACRO_END] : [REPEAT_HEAD, REPEAT_END];
  let depth = 1;
  for (let j = open + 1; j < lines.length; j++) {
    if (head.test(lines[j])) depth++;
    else if (end.test(lines[j]) && --depth === 0) return j;
  }
  return -1;
}

/** The lines of `text` (0-based) inside `.macro` ... `.endm`: the definitions, not invocations. */
export function definitionLines(lines: readonly string[]): Set<number> {
  const inside = new Set<number>();
  for (let i = 0; i < lines.length; i++) {
    if (!MACRO_HEAD.test(lines[i])) continue;
    const end = blockEnd(lines, i);
    const close = end < 0 ? lines.length - 1 : end;
    for (let j = i; j <= close; j++) inside.add(j);
    i = close;
  }
  return inside;
}

/** `line` without its `//` or `@` comment. */
export function withoutComment(line: string): string {
  return line.replace(/(\/\/|@).*$/, '');
}

/** Whether a text is Keil armasm (an indented `AREA` directive), where `;` starts a comment instead of a statement. */
export function isArmasmText(text: string): boolean {
  return /^[ \t]+AREA[ \t]/m.test(text);
}

/** A statement of a line: its text and its offset in the line. */
export interface LineStatement {
  text: string;
  at: number;
}

/**
 * A line's statements: GNU as separates them by `;` (ARM, x86, RISC-V), outside quotes and before the line's `@` or
 * `//` comment, which is left out. `separated` false (Keil armasm): the line is one statement.
 */
export function statementsOf(line: string, separated = true): LineStatement[] {
  const code = withoutComment(line);
  if (!separated || !code.includes(';')) return [{ text: code, at: 0 }];
  const out: LineStatement[] = [];
  let from = 0;
  let quote = false;
  for (let k = 0; k < code.length; k++) {
    const ch = code[k];
    if (quote) {
      if (ch === '\\') k++;
      else if (ch === '"') quote = false;
    } else if (ch === '"') quote = true;
    else if (ch === ';') {
      out.push({ text: code.slice(from, k), at: from });
      from = k + 1;
    }
  }
  out.push({ text: code.slice(from), at: from });
  return out;
}

/** The labels opening a statement (`name:`, `1:`, several in a row): their length with the blanks after them. */
export function labelsLength(statement: string): number {
  return /^(?:\s*(?:[A-Za-z_.$][\w.$]*|\d+)\s*:(?!:))*\s*/.exec(statement)![0].length;
}

/** What a blank between two arguments stands next to: a blank next to anything else (an operator) is dropped. */
const ARGUMENT_EDGE = /[\w.$"'\\]/;

/**
 * Splits a parameter or argument list as GNU as does: at commas and at blanks (mixed: `type func, opt='-'`), not
 * inside quotes or parentheses (nor `<...>` in `.altmacro` mode); as the assembler's input scrubber does, a blank
 * next to an operator, a comma or `=` separates nothing (`3 -1 p` is `3-1`, `p`).
 */
export function splitList(text: string, alternate = false): string[] {
  const trimmed = withoutComment(text).trim();
  const t = trimmed.replace(/\s+/g, (blank, at: number) => (ARGUMENT_EDGE.test(trimmed[at - 1] ?? '') && ARGUMENT_EDGE.test(trimmed[at + blank.length] ?? '') ? blank : ''));
  if (!t) return [];
  const out: string[] = [];
  let cur = '';
  let depth = 0;
  let quote = '';
  for (const ch of t) {
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"') quote = ch;
    else if (ch === '<' && alternate) quote = '>';
    else if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (ch === ',' || /\s/.test(ch))) {
      out.push(cur);
      cur = '';
      continue;
    }
    cur += ch;
  }
  out.push(cur);
  return out;
}

/** What a body substitutes: `\(text)`, `\@`, `\name`, `&name`; in `.altmacro` mode also a bare name (and a `&` after it). */
const SUBSTITUTED = /\\(?:\(([^)]*)\)|(@)|([A-Za-z_.$][\w.$]*))|&([A-Za-z_.$][\w.$]*)&?/g;
const SUBSTITUTED_ALT = new RegExp(`${SUBSTITUTED.source}|([A-Za-z_.$][\\w.$]*)&?`, 'g');

/**
 * A body line as the assembler expands it: `\name` and `&name` of a parameter by its value, `\@` by the number of
 * macros executed before (the invocation's), `\(text)` by text (`\()` separates a name from what follows); any other
 * `\x` stays. In `.altmacro` mode (`alternate`) a parameter's bare name is replaced too, and a `&` after a name joins
 * it to what follows.
 */
export function substitute(line: string, values: ReadonlyMap<string, string>, number: number, alternate = false): string {
  if (!alternate && !line.includes('\\') && !line.includes('&')) return line;
  return line.replace(alternate ? SUBSTITUTED_ALT : SUBSTITUTED, (all, literal: string | undefined, at: string | undefined, name: string | undefined, joined: string | undefined, bare: unknown) => {
    if (literal !== undefined) return literal;
    if (at !== undefined) return String(number);
    // `&name&`: the `&` after the name is part of the parameter's mark.
    if (joined !== undefined) return values.get(joined) ?? all;
    // Without the bare-name group, the sixth argument is the match's offset.
    if (typeof bare === 'string') return values.get(bare) ?? bare;
    return values.get(name ?? '') ?? all;
  });
}

/** What a repeat block iterates: its parameter (none for `.rept`) and one value per iteration. */
export interface RepeatIterations {
  param: string | null;
  values: string[];
}

/**
 * The iterations of a repeat block from its head's operands: `.rept count` (`value` reads it; a count that names a
 * symbol not known reads the body once; a negative one none), `.irp p, a, b` (no value: once with an empty one), `.irpc p, abc` (per character).
 */
export function repeatIterations(op: string, operands: string, value: (text: string) => bigint | undefined = asmValue): RepeatIterations {
  const text = withoutComment(operands).trim();
  if (op === 'rept') {
    const n = value(text);
    const count = n === undefined ? 1 : n < 0n ? 0 : Number(n > 100000n ? 100000n : n);
    return { param: null, values: new Array<string>(count).fill('') };
  }
  const m = /^([A-Za-z_.$][\w.$]*)\s*,?\s*(.*)$/.exec(text);
  if (!m) return { param: null, values: [] };
  if (op === 'irpc') {
    const chars = [...m[2].replace(/^"(.*)"$/, '$1').replace(/\s+/g, '')];
    return { param: m[1], values: chars.length ? chars : [''] };
  }
  const values = splitList(m[2]);
  return { param: m[1], values: values.length ? values : [''] };
}
