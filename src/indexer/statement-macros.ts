// Object-like macros that expand to whole statements (ThreadX `TX_DISABLE` → `interrupt_save = __disable_interrupts();`,
// FileX `FX_UNPROTECT` → `tx_mutex_put(&(...));`), used without a `;` of their own: read unexpanded, the name runs
// into the next statement (`TX_DISABLE if (p) {` reads as a nested function `if`, `FX_UNPROTECT return(s);` as a
// declaration of `return`, `TX_RESTORE x = 1;` as a local `x`). Such a use at the start of a statement, decided by
// the expansion the compiler reads there, is written as an empty statement `;` for the parser; so is a declaration
// macro inside braces (`TX_INTERRUPT_SAVE_AREA` → `UINT interrupt_save;`), and a run of uses that write one
// statement together (Mbed TLS's `MULADDC_X1_INIT MULADDC_X1_CORE MULADDC_X1_STOP`: `asm(` ..., strings, ... `);`).
// The expansions are still read for calls
// and for the locals they declare (expanded-text.ts, extract-calls.ts). Declarations at file scope, and what the text
// cannot tell from an initializer or an expression, stay as written.
import type { MacroInvocation } from '../preprocessor/macro-invocations.js';
import { blank } from './blank-macros.js';

/** Keywords that start a statement (`if (...) return(E);`, `return;`). */
const STATEMENT_KEYWORD = /^(?:if|while|for|switch|do|return|goto|break|continue)\b/;
/** An asm statement (`__asm volatile ("cpsid i");`). */
const ASM_STATEMENT = /^(?:asm|__asm__|__asm)\s*(?:(?:volatile|__volatile__|__volatile|goto)\s*)*\(/;
/** An expression statement: a name then what makes it an expression (assignment, call, member, index, step). */
const EXPRESSION_HEAD = /^[A-Za-z_]\w*\s*(?:=(?!=)|\((?!\s*\*)|->|\.|\[|\+\+|--|(?:<<|>>|[-+*/%&|^])=)/;

/**
 * True when `value` is one or more statements that are no declaration, ending with `;` (or a block of statements
 * a control keyword heads): an expression statement, a control statement, an asm statement or a block holding `;`.
 */
export function isStatementValue(value: string): boolean {
  const v = value.trim();
  const last = v[v.length - 1];
  if (last !== ';' && last !== '}') return false;
  if (!balanced(v)) return false;
  if (STATEMENT_KEYWORD.test(v)) return last === ';' || /^(?:if|while|for|switch)\b/.test(v);
  if (v[0] === '{') return last === '}' ? /;\s*\}$/.test(v) : /;\s*\}\s*;$/.test(v);
  if (last !== ';') return false;
  if (ASM_STATEMENT.test(v)) return true;
  if (/^(?:\+\+|--|\*|\()/.test(v)) return true;
  return EXPRESSION_HEAD.test(v);
}

/** True when parentheses, brackets and braces pair up (outside string and character literals). */
function balanced(v: string): boolean {
  return openDepth(v) === 0;
}

/** How many parentheses, brackets and braces `v` leaves open (outside literals); -1 when it closes one it did not open. */
function openDepth(v: string): number {
  let depth = 0;
  for (let i = 0; i < v.length; i++) {
    const c = v[i];
    if (c === '"' || c === "'") {
      for (i++; i < v.length && v[i] !== c; i++) if (v[i] === '\\') i++;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (--depth < 0) return -1;
    }
  }
  return depth;
}

/** How far back the start of a statement is looked for (blanks, comments and directive lines between). */
const MAX_LOOKBACK = 4096;

/**
 * True when the name at `at` starts a statement: what comes before it (blanks, comments and directive lines
 * skipped) is `;`, `{`, `}`, `:` (a label or case), `)` (an `if`/`for`/`while` head) or `else`/`do`.
 */
export function startsStatement(text: string, at: number): boolean {
  const stop = Math.max(0, at - MAX_LOOKBACK);
  let i = at - 1;
  while (i >= stop) {
    const c = text[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v') {
      i--;
      continue;
    }
    if (c === '/' && text[i - 1] === '*') {
      const open = text.lastIndexOf('/*', i - 2);
      if (open < stop) return false;
      i = open - 1;
      continue;
    }
    const lineStart = text.lastIndexOf('\n', i) + 1;
    const line = text.slice(lineStart, i + 1);
    if (/^\s*#/.test(line)) {
      i = lineStart - 1;
      continue;
    }
    const comment = line.indexOf('//');
    if (comment >= 0 && !/["']/.test(line.slice(0, comment))) {
      i = lineStart + comment - 1;
      continue;
    }
    if (';{}):'.includes(c)) return c !== ':' || text[i - 1] !== ':';
    const word = /[A-Za-z_]\w*$/.exec(line)?.[0];
    return word === 'else' || word === 'do';
  }
  return false;
}

/**
 * `text` (the parse text, invocations found in it) with each object-like invocation that starts a statement and
 * whose expansion is statements (isStatementValue), or a declaration inside braces (`UINT interrupt_save;` in a
 * function body), written as `;` (the rest of its span blank, lines kept); so is a run of invocations that write one
 * statement together (see statementRunEnd), over the whole run, and the run's invocations become one whose
 * expansion is the statement (see joinedRun), which the expanded reading reads. A use starts a statement after `;`,
 * `{`, `}`, `:`, `)`, `else` or `do`, or right after another invocation whose expansion ends with `;` or `}`
 * (`TX_INTERRUPT_SAVE_AREA`, then `TX_DISABLE`). A declaration at file scope stays (its declared names, types too,
 * are read from it as written or, where it breaks the parse, from the expanded text).
 */
export function writeStatementUses<T extends readonly MacroInvocation[] | undefined>(text: string, invocations: T): { text: string; invocations: T | MacroInvocation[] } {
  if (!invocations?.length) return { text, invocations };
  const parts: string[] = [];
  // The runs joined: [first, last] index pairs.
  const runs: [number, number][] = [];
  let copied = 0;
  let prev: MacroInvocation | undefined;
  const depth = new BraceDepth(text);
  for (let k = 0; k < invocations.length; k++) {
    const inv = invocations[k];
    const expansion = inv.expansion.trim();
    const after = prev;
    prev = inv;
    if (!inv.objectLike || inv.start < copied) continue;
    let last = k;
    if (!/[;}]$/.test(expansion)) {
      last = /[({]/.test(expansion) ? statementRunEnd(text, invocations, k) : -1;
      if (last < 0) continue;
    } else if (!isStatementValue(expansion) && !(isDeclarationValue(expansion) && depth.at(inv.start) > 0)) continue;
    if (!startsStatement(text, inv.start) && !(after && endsStatement(after) && onlyBlanksBetween(text, after.end, inv.start))) continue;
    const end = invocations[last].end;
    parts.push(text.slice(copied, inv.start), ';', blank(text.slice(inv.start + 1, end)));
    copied = end;
    if (last > k) runs.push([k, last]);
    prev = invocations[last];
    k = last;
  }
  if (copied === 0) return { text, invocations };
  parts.push(text.slice(copied));
  return { text: parts.join(''), invocations: runs.length ? withRunsJoined(text, invocations, runs) : invocations };
}

/** `invocations` with each run's replaced by the one joinedRun makes of them. */
function withRunsJoined(text: string, invocations: readonly MacroInvocation[], runs: [number, number][]): MacroInvocation[] {
  const out: MacroInvocation[] = [];
  let next = 0;
  for (const [k, last] of runs) {
    out.push(...invocations.slice(next, k), joinedRun(text, invocations, k, last));
    next = last + 1;
  }
  out.push(...invocations.slice(next));
  return out;
}

/** Most invocations one statement run joins. */
const MAX_RUN = 8;
/**
 * What may stand between the invocations of a run: blanks, comments, names (uses of macros no invocation records,
 * such as one of string literals only) and string literals.
 */
const BETWEEN_RUN = /^(?:\s|\/\*[\s\S]*?\*\/|\/\/[^\n]*|[A-Za-z_]\w*\b|"(?:[^"\\\n]|\\.)*")*$/;

/**
 * The index of the last invocation of a run from the `k`th that writes one statement: object-like invocations
 * one after another, the first leaving a parenthesis or brace open that a later one closes, whose expansions
 * joined with what stands between them are a statement (isStatementValue). Mbed TLS's bignum loops write
 * `MULADDC_X1_INIT MULADDC_X1_CORE MULADDC_X1_STOP`: `asm(` or `{ mbedtls_mpi_uint t; asm volatile (`, then asm
 * strings, then the operands and `);` or `); }`. -1 when there is no such run.
 */
function statementRunEnd(text: string, invocations: readonly MacroInvocation[], k: number): number {
  let joined = invocations[k].expansion.trim();
  if (invocations[k].alternatives || openDepth(joined) <= 0) return -1;
  for (let j = k + 1; j < invocations.length && j <= k + MAX_RUN; j++) {
    const inv = invocations[j];
    const between = text.slice(invocations[j - 1].end, inv.start);
    if (!inv.objectLike || inv.alternatives || !BETWEEN_RUN.test(between)) return -1;
    joined = `${joined} ${between.trim()} ${inv.expansion.trim()}`;
    const open = openDepth(joined);
    if (open < 0) return -1;
    if (open === 0) return isStatementValue(joined) ? j : -1;
  }
  return -1;
}

/**
 * One invocation for the run from the `k`th to the `last`th: at the first, over all, its expansion theirs with what
 * stands between them, each name there as `""` (a macro no invocation records, asm strings in Mbed TLS's
 * `MULADDC_X1_CORE`: the asm statement reads with a template where the compiler sees one).
 */
function joinedRun(text: string, invocations: readonly MacroInvocation[], k: number, last: number): MacroInvocation {
  const pieces = [invocations[k].expansion.trim()];
  for (let j = k + 1; j <= last; j++) {
    const between = text.slice(invocations[j - 1].end, invocations[j].start).replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, ' ');
    pieces.push(between.replace(/"(?:[^"\\\n]|\\.)*"|([A-Za-z_]\w*)/g, (lit, name) => (name ? '""' : lit)).trim(), invocations[j].expansion.trim());
  }
  const first = invocations[k];
  return { ...first, end: invocations[last].end, expansion: pieces.filter((p) => p !== '').join(' ') };
}

/** A declaration ending with `;`: a type name or keyword, then a declarator (`UINT interrupt_save;`, `int a, *b;`). */
function isDeclarationValue(v: string): boolean {
  return /^(?:[A-Za-z_]\w*\s+)+\**\s*[A-Za-z_]\w*\s*[,;=[]/.test(v) && v.endsWith(';') && !v.includes('{') && balanced(v);
}

/** The `{` nesting depth at ascending offsets of C text, outside comments and literals. */
class BraceDepth {
  private i = 0;
  private depth = 0;
  constructor(private readonly text: string) {}

  at(offset: number): number {
    const t = this.text;
    while (this.i < offset) {
      const c = t[this.i];
      if (c === '/' && t[this.i + 1] === '/') this.i = t.indexOf('\n', this.i) >>> 0;
      else if (c === '/' && t[this.i + 1] === '*') this.i = (t.indexOf('*/', this.i + 2) >>> 0) + 2;
      else if (c === '"' || c === "'") {
        let k = this.i + 1;
        while (k < t.length && t[k] !== c && t[k] !== '\n') k += t[k] === '\\' ? 2 : 1;
        this.i = k + 1;
      } else {
        if (c === '{') this.depth++;
        else if (c === '}' && this.depth > 0) this.depth--;
        this.i++;
      }
    }
    return this.depth;
  }
}

/** True when the invocation's expansion ends a statement (`;` or `}` last). */
function endsStatement(inv: MacroInvocation): boolean {
  return /[;}]\s*$/.test(inv.expansion);
}

/** True when [from, to) of `text` holds only blanks, comments and directive lines. */
function onlyBlanksBetween(text: string, from: number, to: number): boolean {
  const between = text.slice(from, to);
  return /^(?:\s|\/\*[\s\S]*?\*\/|\/\/[^\n]*|\n[ \t]*#[^\n]*)*$/.test(between);
}
