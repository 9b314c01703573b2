// PlatformIO's `chain+`/`deep+` include scan (SCons' CConditionalScanner as the LDF calls it): a file's #include lines
// taken only where its #if/#ifdef/#elif/#else hold, with the env's CPPDEFINES and the #defines seen so far, followed
// into every header it finds (99 deep, one namespace). Expressions as cpp.py reads them; see evaluateCondition.
import path from 'node:path';
import { evaluateExpression, PPExprError } from '../../src/preprocessor/if-expression.js';
import { lexLine, mkTok, type Token } from '../../src/preprocessor/tokens.js';
import type { Directive } from '../shared/include-lines.js';

/** A function-like macro (cpp.py keeps a callable: true, and not a number). */
export const FUNCTION_MACRO = Symbol('function-like macro');
/** A macro's value as cpp.py holds it: an integer, text (true when not empty), none (`-DNAME`), a function-like macro. */
export type CppValue = bigint | string | null | typeof FUNCTION_MACRO;
export type Namespace = Map<string, CppValue>;

/** Where SCons' scanner raises other than a NameError, TypeError or SyntaxError: the LDF reads the file's every #include. */
export class ConditionalScanFailed extends Error {}

const MAX_DEPTH = 99;
const PY_INT = /^\s*[+-]?\d+(?:_\d+)*\s*$/;

/** CPPDEFINES as PlatformIO's ParseFlagsExtended stores them: digits an integer, `-DNAME` none, else the text. */
export function namespaceOf(defines: readonly [string, string | undefined][]): Namespace {
  const ns: Namespace = new Map();
  for (const [name, value] of defines) ns.set(name, value === undefined ? null : /^\d+$/.test(value) ? BigInt(value) : value);
  return ns;
}

/** What the scan reads: a file's preprocessor lines, and whether a folder holds a file at a relative name. */
export interface ScanReader {
  directives(file: string): Directive[];
  fileIn(dir: string, name: string): boolean;
}

/** A number cpp.py's translation leaves valid Python: decimal without a leading 0, hex, with L or UL. */
const PY_NUMBER = /^(?:0x[0-9A-Fa-f]+|[1-9][0-9]*|0+)(?:L|UL)?$/;

/** An identifier's tokens: `defined X` its truth, a known macro its value's, an unknown one a NameError when reached. */
function valueTokens(v: CppValue | undefined): Token[] {
  // Evaluated only where short-circuit reaches it, as Python's NameError is: 0/0 throws there and only there.
  if (v === undefined) return ['(', '0', '/', '0', ')'].map((s) => mkTok(/\d/.test(s) ? 'number' : 'punct', s));
  if (typeof v === 'bigint') return v < 0n ? [mkTok('punct', '('), mkTok('punct', '-'), mkTok('number', String(-v)), mkTok('punct', ')')] : [mkTok('number', String(v))];
  return [mkTok('number', v === FUNCTION_MACRO || (typeof v === 'string' && v !== '') ? '1' : '0')];
}

/** `defined X` / `defined(X)` at `i`: [truth, tokens read], or undefined when it is not that shape. */
function definedAt(toks: Token[], i: number, ns: Namespace): [boolean, number] | undefined {
  const a = toks[i + 1];
  if (a?.k === 'ident') return [ns.has(a.v), 2];
  if (a?.v === '(' && toks[i + 2]?.k === 'ident' && toks[i + 3]?.v === ')') return [ns.has(toks[i + 2].v), 4];
  return undefined;
}

/** The index after the balanced `( ... )` at `i`. */
function pastCall(toks: Token[], i: number): number {
  let depth = 0;
  for (let k = i; k < toks.length; k++) {
    if (toks[k].v === '(') depth++;
    else if (toks[k].v === ')' && --depth === 0) return k + 1;
  }
  return toks.length;
}

/**
 * A #if/#elif expression as SCons evaluates it: its names replaced by their values (not expanded further), a name
 * not defined making the whole expression false where it is reached, as does any expression Python cannot
 * evaluate. Leaves out Python's own readings of `!` (low precedence), `?:` (and/or), `/` and text in comparisons:
 * text counts as its truth.
 */
export function evaluateCondition(expr: string, ns: Namespace): boolean {
  const toks = lexLine(expr);
  const out: Token[] = [];
  for (let i = 0; i < toks.length; ) {
    const t = toks[i];
    // What Python cannot parse fails the whole expression: a number it does not read, `__has_include(<x.h>)`.
    if (t.k === 'number' && !PY_NUMBER.test(t.v)) return false;
    if (t.k === 'ident' && toks[i + 1]?.v === '(' && toks[i + 2]?.v === '<') return false;
    if (t.k !== 'ident') {
      out.push(t);
      i++;
      continue;
    }
    const op = t.v === 'and' ? '&&' : t.v === 'or' ? '||' : t.v === 'not' ? '!' : undefined;
    const def = t.v === 'defined' ? definedAt(toks, i, ns) : undefined;
    if (op) out.push(mkTok('punct', op));
    else if (def) out.push(mkTok('number', def[0] ? '1' : '0'));
    else out.push(...valueTokens(ns.get(t.v)));
    // A call's arguments go with its name (a known name's value stands for the call, an unknown one fails there).
    i = def ? i + def[1] : !op && toks[i + 1]?.v === '(' ? pastCall(toks, i + 1) : i + 1;
  }
  try {
    return out.length > 0 && evaluateExpression(out).v !== 0n;
  } catch (e) {
    if (e instanceof PPExprError) return false;
    throw e;
  }
}

/** `#define`: an integer when Python's int() reads it, a `defined` chain evaluated, a function-like macro, else its text. */
function define(ns: Namespace, [name, params, body]: (string | undefined)[]): void {
  const text = body ?? '';
  if (PY_INT.test(text)) ns.set(name!, BigInt(text.trim().replace(/_/g, '')));
  else if (text.includes('defined ')) ns.set(name!, evaluateCondition(text, ns) ? 1n : 0n);
  else ns.set(name!, params ? FUNCTION_MACRO : text);
}

/** An #include's `<name>` or `"name"`, through macros naming it (`#include CONFIG`); undefined when none does. */
function includeTarget(arg: string, ns: Namespace): { quote: string; name: string } | undefined {
  let s: CppValue | undefined = arg.trim();
  for (let n = 0; typeof s === 'string' && s !== '' && s[0] !== '<' && s[0] !== '"'; n++) {
    if (n > 100) return undefined;
    if (ns.has(s)) s = ns.get(s);
    else {
      const m = /(\S+)\(([^)]*)\)/.exec(s);
      if (!m) return undefined;
      if (!ns.has(m[1])) throw new ConditionalScanFailed(`macro ${m[1]} is not defined`);
      const v = ns.get(m[1]);
      if (v === FUNCTION_MACRO) return undefined;
      s = v;
    }
  }
  if (s === undefined || s === null || s === '' || s === 0n) return undefined;
  if (typeof s !== 'string') throw new ConditionalScanFailed('an #include names a macro that is not text');
  return { quote: s[0], name: s.slice(1, -1) };
}

/** One frame of the #if stack: whether lines are taken, and what its #elif and #else do. */
interface Frame {
  active: boolean;
  elif: 'evaluate' | 'stop';
  else: 'start' | 'stop' | 'none';
}

/** One scan of a top file (SConsCPPConditionalScanner): its state across the headers it enters. */
class Scan {
  readonly found: string[] = [];
  private readonly seen: Set<string>;
  private readonly known: string[] = [];
  private readonly stack: Frame[] = [];
  private frame: Frame = { active: true, elif: 'evaluate', else: 'none' };
  private readonly topDir: string;

  constructor(
    top: string,
    private readonly ns: Namespace,
    private readonly dirs: readonly string[],
    private readonly reader: ScanReader,
  ) {
    this.seen = new Set([top]);
    this.topDir = path.dirname(top);
  }

  private parentActive(): boolean {
    return this.stack.length === 0 || this.stack[this.stack.length - 1].active;
  }

  private open(condition: boolean): void {
    this.stack.push(this.frame);
    const active = this.parentActive();
    this.frame = condition ? { active, elif: 'stop', else: 'stop' } : { active: false, elif: 'evaluate', else: 'start' };
  }

  private elif(expr: string): void {
    if (this.frame.elif === 'stop') this.frame.active = false;
    else if (evaluateCondition(expr, this.ns)) this.frame = { active: this.parentActive(), elif: 'stop', else: 'stop' };
  }

  private else(): void {
    if (this.frame.else === 'stop') this.frame.active = false;
    else if (this.frame.else === 'start') this.frame.active = this.parentActive();
  }

  /** Walks `file`'s lines at include depth `depth`. */
  walk(file: string, depth: number): void {
    for (const { op, args } of this.reader.directives(file)) {
      const arg = args[0] ?? '';
      if (op === 'if') this.open(evaluateCondition(arg, this.ns));
      else if (op === 'ifdef' || op === 'ifndef') this.open(this.ns.has(arg) === (op === 'ifdef'));
      else if (op === 'elif') this.elif(arg);
      else if (op === 'else') this.else();
      else if (op === 'endif') this.frame = this.stack.pop() ?? this.frame;
      else if (!this.frame.active) continue;
      else if (op === 'define') define(this.ns, args);
      else if (op === 'undef') this.ns.delete(arg);
      else if (op === 'include' || op === 'include_next') this.include(arg, file, depth);
    }
  }

  private include(arg: string, from: string, depth: number): void {
    const target = includeTarget(arg, this.ns);
    if (!target) return;
    const hit = this.find(target.quote, target.name, from);
    if (hit === undefined || this.seen.has(hit)) return;
    this.seen.add(hit);
    this.found.push(hit);
    if (depth < MAX_DEPTH) this.walk(hit, depth + 1);
  }

  /** The folders searched: those found in before, then the scan's (the includer's folder first for quotes). */
  private find(quote: string, name: string, from: string): string | undefined {
    const path_ = quote === '"' ? [this.topDir, ...this.dirs] : [...this.dirs, this.topDir];
    const order = [...(quote === '"' ? [path.dirname(from)] : []), ...this.known, ...path_];
    const dir = order.find((d) => this.reader.fileIn(d, name));
    if (dir === undefined) return undefined;
    const hit = path.resolve(dir, name);
    const holder = path_.find((d) => hit.startsWith(d));
    if (holder !== undefined) this.known.push(holder);
    return hit;
  }
}

/**
 * The files `file` includes where its conditionals hold, and those they include in turn, in the order found:
 * `defines` is the owner's CPPDEFINES (copied), `dirs` the folders searched. Throws ConditionalScanFailed where
 * SCons' scanner fails (the LDF then reads every #include of the file).
 */
export function conditionalIncludes(file: string, defines: Namespace, dirs: readonly string[], reader: ScanReader): string[] {
  const scan = new Scan(file, new Map(defines), dirs, reader);
  scan.walk(file, 0);
  return scan.found;
}
