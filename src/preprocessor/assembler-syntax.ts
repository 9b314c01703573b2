// The GNU assembler's macro syntax, as text: a statement's head, argument lists, the blocks `.macro` ... `.endm` and
// `.rept`/`.irp`/`.irpc` ... `.endr`, the values a repeat block iterates over, and the substitution of `\name`, `\@`
// and `\(text)` in a body. Leaves out `.altmacro` (`%expr`, `<text>`, `local`) and `\+` (binutils 2.42).
import { asmValue } from './assembler-conditions.js';

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

/** `line` without its `//` or `@` comment. */
export function withoutComment(line: string): string {
  return line.replace(/(\/\/|@).*$/, '');
}

/**
 * Splits a parameter or argument list as GNU as does: at commas and at blanks (mixed: `type func, opt='-'`), not
 * inside quotes or parentheses; blanks around a comma or `=` separate nothing.
 */
export function splitList(text: string): string[] {
  const t = withoutComment(text).trim().replace(/\s*([,=])\s*/g, '$1');
  if (!t) return [];
  const out: string[] = [];
  let cur = '';
  let depth = 0;
  let quote = '';
  for (const ch of t) {
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"') quote = ch;
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

/**
 * A body line as the assembler expands it: `\name` of a parameter by its value, `\@` by the number of macros executed
 * before (the invocation's), `\(text)` by text (`\()` separates a name from what follows); any other `\x` stays.
 */
export function substitute(line: string, values: ReadonlyMap<string, string>, number: number): string {
  if (!line.includes('\\')) return line;
  return line.replace(/\\(?:\(([^)]*)\)|(@)|([A-Za-z_.$][\w.$]*))/g, (all, literal: string | undefined, at: string | undefined, name: string | undefined) => {
    if (literal !== undefined) return literal;
    if (at !== undefined) return String(number);
    return values.get(name ?? '') ?? all;
  });
}

/** What a repeat block iterates: its parameter (none for `.rept`) and one value per iteration. */
export interface RepeatIterations {
  param: string | null;
  values: string[];
}

/**
 * The iterations of a repeat block from its head's operands: `.rept count` (a count that names a symbol reads the
 * body once; a negative one none), `.irp p, a, b` (no value: once with an empty one), `.irpc p, abc` (per character).
 */
export function repeatIterations(op: string, operands: string): RepeatIterations {
  const text = withoutComment(operands).trim();
  if (op === 'rept') {
    const n = asmValue(text);
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
