// Macros of the GNU assembler (`.macro name params` ... `.endm`) as a build's assembler files define them, and their
// invocations in an assembler file expanded as the assembler does (`\param` and `\()` substituted, defaults, nested
// macros), so that the labels and symbol directives they write (the Pico SDK's `regular_func x` → `.global x; .type
// x,%function; .thumb_func; x:`) are the file's symbols. The assembler's conditionals in a body (`.if \num < 32`,
// `.ifb`, `.ifc`) are decided when their operands are numbers or text; one that names a symbol keeps all its branches.
// Leaves out `\@`, `.irp`/`.rept`, and `.purgem` (a purged macro stays known).
import { sha1 } from '../model/sha1.js';
import { evaluateExpression } from './if-expression.js';
import type { MacroInvocation } from './macro-invocations.js';
import { lexLine } from './tokens.js';

export interface AsmMacroParam {
  name: string;
  /** The value when the invocation gives none (`x=0`). */
  fallback: string;
  /** `name:vararg`: takes the rest of the arguments. */
  vararg: boolean;
}

export interface AsmMacro {
  name: string;
  params: AsmMacroParam[];
  /** The body's lines as written (comments left to the extractor). */
  body: string[];
}

const MACRO_HEAD = /^\s*\.macro\s+([A-Za-z_.$][\w.$]*)\s*,?\s*(.*)$/;
const MACRO_END = /^\s*\.endm\b/;
const STATEMENT_HEAD = /^(\s*)([A-Za-z_.$][\w.$]*)(?=\s|$)/;
/** Nested invocations expanded at most this deep, and an expansion of at most this many statements. */
const MAX_DEPTH = 20;
const MAX_STATEMENTS = 400;

/**
 * Splits a parameter or argument list as GNU as does: at commas and at blanks (mixed: `type func, opt='-'`), not
 * inside quotes or parentheses; blanks around a comma or `=` separate nothing.
 */
function splitList(text: string): string[] {
  const t = text.replace(/(\/\/|@).*$/, '').trim().replace(/\s*([,=])\s*/g, '$1');
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

function parseParam(spec: string): AsmMacroParam {
  const [head, fallback = ''] = spec.split('=').map((s) => s.trim());
  const [name, qualifier = ''] = head.split(':');
  return { name, fallback, vararg: qualifier === 'vararg' };
}

/** The `.macro` definitions of a (masked, C-expanded) assembler text, in order; a definition without `.endm` is left out. */
export function readAsmMacros(text: string): AsmMacro[] {
  const out: AsmMacro[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const head = MACRO_HEAD.exec(lines[i]);
    if (!head) continue;
    const body: string[] = [];
    let depth = 1;
    let j = i + 1;
    for (; j < lines.length; j++) {
      if (MACRO_HEAD.test(lines[j])) depth++;
      else if (MACRO_END.test(lines[j]) && --depth === 0) break;
      body.push(lines[j]);
    }
    if (j >= lines.length) break;
    out.push({ name: head[1], params: splitList(head[2]).filter(Boolean).map(parseParam), body });
    i = j;
  }
  return out;
}

/** The lines of `text` (0-based) inside `.macro` ... `.endm`: the definitions, not invocations. */
function definitionLines(lines: string[]): Set<number> {
  const inside = new Set<number>();
  let depth = 0;
  lines.forEach((line, i) => {
    if (MACRO_HEAD.test(line)) depth++;
    if (depth > 0) inside.add(i);
    if (MACRO_END.test(line) && depth > 0) depth--;
  });
  return inside;
}

/** A build's assembler macros by name (the last definition of a name wins), and their expansion. */
export class AsmMacroTable {
  private readonly byName = new Map<string, AsmMacro>();
  /** What the expansions depend on: keys the parse of the assembler files masked with this table. */
  readonly digest: string;

  constructor(macros: readonly AsmMacro[]) {
    for (const m of macros) this.byName.set(m.name, m);
    const sorted = [...this.byName.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
    this.digest = sorted.length ? sha1(JSON.stringify(sorted)) : '';
  }

  get size(): number {
    return this.byName.size;
  }

  /** Invocations at the head of a statement outside macro definitions, each expanded to its statements joined by ` ; `. */
  findInvocations(text: string): MacroInvocation[] {
    if (this.byName.size === 0) return [];
    const lines = text.split('\n');
    const skip = definitionLines(lines);
    const out: MacroInvocation[] = [];
    let start = 0;
    lines.forEach((line, i) => {
      const lineStart = start;
      start += line.length + 1;
      const m = skip.has(i) ? null : STATEMENT_HEAD.exec(line);
      const macro = m && this.byName.get(m[2]);
      if (!m || !macro) return;
      const code = line.replace(/(\/\/|@).*$/, '').replace(/\s+$/, '');
      const statements = this.expand(macro, code.slice(m[0].length), 0);
      if (!statements) return;
      const column = m[1].length;
      out.push({ name: macro.name, start: lineStart + column, end: lineStart + code.length, line: i + 1, column, objectLike: false, expansion: statements.join(' ; ') });
    });
    return out;
  }

  /** The statements one invocation writes, nested invocations expanded; undefined past the depth or size limits. */
  private expand(macro: AsmMacro, argText: string, depth: number): string[] | undefined {
    if (depth > MAX_DEPTH) return undefined;
    const args = splitList(argText);
    const values = new Map<string, string>();
    macro.params.forEach((p, k) => {
      const given = p.vararg ? args.slice(k).join(', ') : args[k];
      values.set(p.name, given === undefined || given === '' ? p.fallback : given);
    });
    const out: string[] = [];
    const conditions = new AsmConditions();
    for (const raw of macro.body) {
      const line = raw.replace(/\\\(\)/g, '\u0000').replace(/\\([A-Za-z_.$][\w.$]*)/g, (all, name: string) => values.get(name) ?? all).replace(/\u0000/g, '');
      if (conditions.directive(line) || !conditions.active) continue;
      const m = STATEMENT_HEAD.exec(line);
      const inner = m && this.byName.get(m[2]);
      if (inner) {
        const nested = this.expand(inner, line.replace(/(\/\/|@).*$/, '').slice(m[0].length), depth + 1);
        if (!nested) return undefined;
        out.push(...nested);
      } else if (line.trim()) out.push(line.trim());
      if (out.length > MAX_STATEMENTS) return undefined;
    }
    return out;
  }
}

const CONDITIONAL = /^\s*\.(if|ifeq|ifne|ifgt|ifge|iflt|ifle|ifb|ifnb|ifc|ifnc|ifdef|ifndef|elseif|else|endif)\b\s*(.*)$/;

/** Whether a conditional's test holds: true, false, or undefined when it names a symbol (both branches are kept). */
function holds(op: string, operand: string): boolean | undefined {
  const text = operand.replace(/(\/\/|@).*$/, '').trim();
  if (op === 'ifb') return text === '';
  if (op === 'ifnb') return text !== '';
  if (op === 'ifc' || op === 'ifnc') {
    const comma = text.indexOf(',');
    if (comma < 0) return undefined;
    const same = text.slice(0, comma).trim().replace(/^'|'$/g, '') === text.slice(comma + 1).trim().replace(/^'|'$/g, '');
    return op === 'ifc' ? same : !same;
  }
  if (op === 'ifdef' || op === 'ifndef' || !text) return undefined;
  let v: bigint;
  try {
    v = evaluateExpression(lexLine(text, true), { valueMode: true }).v;
  } catch {
    return undefined;
  }
  switch (op) {
    case 'ifeq':
      return v === 0n;
    case 'ifgt':
      return v > 0n;
    case 'ifge':
      return v >= 0n;
    case 'iflt':
      return v < 0n;
    case 'ifle':
      return v <= 0n;
    default:
      return v !== 0n;
  }
}

/** The `.if` ... `.elseif` ... `.else` ... `.endif` nesting of a macro body as it is expanded. */
class AsmConditions {
  /** Per open conditional: whether its current branch is read, and whether a branch was already taken (undefined: not known). */
  private stack: { reading: boolean; taken: boolean | undefined; outer: boolean }[] = [];

  get active(): boolean {
    const top = this.stack[this.stack.length - 1];
    return top ? top.reading : true;
  }

  /** Reads a conditional directive (true), or answers false for any other line. */
  directive(line: string): boolean {
    const m = CONDITIONAL.exec(line);
    if (!m) return false;
    const [, op, operand] = m;
    const top = this.stack[this.stack.length - 1];
    if (op === 'endif') this.stack.pop();
    else if (op === 'else') {
      if (top) top.reading = top.outer && top.taken !== true;
    } else if (op === 'elseif') {
      if (top) {
        const h = top.taken === true ? false : holds('if', operand);
        top.reading = top.outer && h !== false;
        if (h === true) top.taken = true;
        else if (h === undefined && top.taken === false) top.taken = undefined;
      }
    } else {
      const outer = this.active;
      const h = holds(op, operand);
      this.stack.push({ reading: outer && h !== false, taken: h === undefined ? undefined : h, outer });
    }
    return true;
  }
}
