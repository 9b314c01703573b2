// Macro replacement (C11 6.10.3) with Prosser hide sets: object-like and function-like macros, `#`, `##`
// with placemarkers, variadics, __VA_OPT__, GNU `, ## __VA_ARGS__`, rescanning, and `defined` as met in #if.
// Leaves out _Pragma and function-like invocations whose arguments continue on a later line.
import { HideSet } from './hide-sets.js';
import type { MacroDef, MacroEnv } from './macro-definition.js';
import { lexesAsOne, mkTok, type Token } from './tokens.js';

export interface ExpandContext {
  env: MacroEnv;
  /** `if`: `defined` is an operator; `text`: plain text expansion. */
  mode: 'if' | 'text';
  /** ISO (non-GNU) -std: `, ## __VA_ARGS__` keeps the comma when the macro has only a variadic parameter. */
  strictIso?: boolean;
  /** Assembler-with-cpp: a `##` that gives no valid token leaves both tokens, as GCC does, without an error. */
  assembler?: boolean;
  /** Answer a builtin operator (`__has_include`, `__LINE__`...); reads its operands from `stream`. */
  builtin?: (def: MacroDef, nameTok: Token, stream: TokenStream, ctx: ExpandContext) => Token[];
  error: (message: string) => void;
  /** Macro lookup used instead of env.get (lets the caller record which names an expansion depended on). */
  lookup?: (name: string, forDefined: boolean) => MacroDef | undefined;
}

/** Tokens still to be read; replacement lists are pushed in front (rescanning with the rest of the input). */
export class TokenStream {
  private stack: Token[];
  constructor(tokens: readonly Token[]) {
    this.stack = tokens.slice().reverse();
  }
  next(): Token | undefined {
    return this.stack.pop();
  }
  peek(): Token | undefined {
    return this.stack[this.stack.length - 1];
  }
  pushFront(tokens: readonly Token[]): void {
    for (let i = tokens.length - 1; i >= 0; i--) this.stack.push(tokens[i]);
  }
  get empty(): boolean {
    return this.stack.length === 0;
  }
}

const PASTE: Token = { k: 'punct', v: '##', sp: false, hs: null, pi: undefined };
const PLACEMARKER = (): Token => ({ k: 'placemarker', v: '', sp: false, hs: null, pi: undefined });

/**
 * A replacement list hidden from the names of `hs` (besides what hid each token already), its first token spaced
 * `sp`. Hide sets are interned (see hide-sets.ts): a token whose set already holds `hs` is reused as it is (tokens
 * are not changed once made, but the first, which is always a copy).
 */
function hidden(tokens: readonly Token[], hs: HideSet, sp: boolean): Token[] {
  const out = new Array<Token>(tokens.length);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const merged = t.hs === null ? hs : t.hs.union(hs);
    out[i] = i > 0 && merged === t.hs && t.pi === undefined ? t : { k: t.k, v: t.v, sp: i === 0 ? sp : t.sp, hs: merged, pi: undefined };
  }
  return out;
}

/** Fully macro-expand `tokens`. */
export function expandTokens(tokens: readonly Token[], ctx: ExpandContext): Token[] {
  const stream = new TokenStream(tokens);
  const out: Token[] = [];
  expandStream(stream, ctx, out);
  return out;
}

export function expandStream(stream: TokenStream, ctx: ExpandContext, out: Token[], depthGuard = { n: 0 }): void {
  for (;;) {
    const tok = stream.next();
    if (!tok) return;
    if (tok.k !== 'ident') {
      out.push(tok);
      continue;
    }
    if (ctx.mode === 'if' && tok.v === 'defined') {
      out.push(readDefined(stream, ctx));
      continue;
    }
    if (tok.hs && tok.hs.has(tok.v)) {
      out.push(tok);
      continue;
    }
    const def = ctx.lookup ? ctx.lookup(tok.v, false) : ctx.env.get(tok.v);
    if (!def) {
      out.push(tok);
      continue;
    }
    if (++depthGuard.n > 200000) {
      ctx.error('macro expansion too deep or too long');
      out.push(tok);
      return;
    }
    if (def.builtin) {
      if (ctx.builtin) {
        const r = ctx.builtin(def, tok, stream, ctx);
        if (r.length) r[0] = { ...r[0], sp: tok.sp };
        out.push(...r);
      } else out.push(tok);
      continue;
    }
    if (!def.params) stream.pushFront(objectLikeReplacement(tok, def, ctx));
    else if (!invokeFunctionLike(tok, def, stream, ctx, out)) return;
  }
}

/** An object-like macro's replacement, hidden from itself (and from what hid `tok`), spaced as `tok` was. */
function objectLikeReplacement(tok: Token, def: MacroDef, ctx: ExpandContext): Token[] {
  const self = HideSet.single(def.name);
  const body = def.body.some((t) => t.k === 'punct' && t.v === '##') ? substitute(def, [], ctx) : def.body;
  return hidden(body, tok.hs === null ? self : tok.hs.union(self), tok.sp);
}

/**
 * A function-like macro's name read: when `(` follows, its arguments are read and its replacement is pushed back
 * onto the stream; otherwise (or on a wrong argument count) the name stays as it is. False when the argument list
 * never ends, which ends the expansion.
 */
function invokeFunctionLike(tok: Token, def: MacroDef, stream: TokenStream, ctx: ExpandContext, out: Token[]): boolean {
  const nx = stream.peek();
  if (!nx || nx.v !== '(' || nx.k !== 'punct') {
    out.push(tok);
    return true;
  }
  stream.next();
  const collected = collectArgs(stream, def);
  if (!collected) {
    ctx.error(`unterminated argument list invoking macro "${def.name}"`);
    out.push(tok);
    return false;
  }
  const { args, rparen } = collected;
  const vaOmitted = fitArguments(def, args, ctx);
  if (vaOmitted === undefined) {
    out.push(tok);
    return true;
  }
  const self = HideSet.single(def.name);
  const common = tok.hs !== null && rparen.hs !== null ? tok.hs.common(rparen.hs) : null;
  stream.pushFront(hidden(substitute(def, args, ctx, vaOmitted), common === null ? self : common.union(self), tok.sp));
  return true;
}

/**
 * Checks the argument count against the parameters, adding the empty argument of a left-out variadic or lone
 * parameter. Answers whether the variadic argument was left out entirely (no comma before it, which
 * `, ## __VA_ARGS__` tells apart from given empty), or undefined after reporting a wrong count.
 */
function fitArguments(def: MacroDef, args: Token[][], ctx: ExpandContext): boolean | undefined {
  const nparams = def.params!.length;
  if (nparams === 0 && args.length === 1 && args[0].length === 0) args.length = 0;
  const vaOmitted = def.variadic === true && args.length === nparams - 1;
  if (args.length < nparams) {
    // A variadic argument may be left out entirely (GNU, C23).
    if (vaOmitted || (nparams === 1 && args.length === 0)) args.push([]);
    else {
      ctx.error(`macro "${def.name}" requires ${nparams} arguments, but only ${args.length} given`);
      return undefined;
    }
  } else if (args.length > nparams) {
    ctx.error(`macro "${def.name}" passed ${args.length} arguments, but takes just ${nparams}`);
    return undefined;
  }
  return vaOmitted;
}

function readDefined(stream: TokenStream, ctx: ExpandContext): Token {
  let t = stream.next();
  let paren = false;
  if (t && t.v === '(') {
    paren = true;
    t = stream.next();
  }
  if (!t || t.k !== 'ident') {
    ctx.error('operator "defined" requires an identifier');
    return mkTok('number', '0');
  }
  if (paren) {
    const close = stream.next();
    if (!close || close.v !== ')') {
      ctx.error("missing ')' after \"defined\"");
      return mkTok('number', '0');
    }
  }
  const known = ctx.lookup ? ctx.lookup(t.v, true) !== undefined : ctx.env.has(t.v);
  return mkTok('number', known ? '1' : '0', true);
}

/** Read a parenthesized argument list (the `(` already read). Splits at top-level commas; the variadic tail stays whole. */
export function collectArgs(stream: TokenStream, def: MacroDef | null): { args: Token[][]; rparen: Token } | undefined {
  const args: Token[][] = [[]];
  let depth = 0;
  const nparams = def?.params?.length ?? 0;
  for (;;) {
    const t = stream.next();
    if (!t) return undefined;
    if (t.k === 'punct') {
      if (t.v === '(') depth++;
      else if (t.v === ')') {
        if (depth === 0) return { args, rparen: t };
        depth--;
      } else if (t.v === ',' && depth === 0 && !(def?.variadic && args.length >= nparams)) {
        args.push([]);
        continue;
      }
    }
    args[args.length - 1].push(t);
  }
}

function stringify(arg: readonly Token[], sp: boolean): Token {
  let s = '';
  for (const t of arg) {
    if (t.k === 'placemarker') continue;
    if (t.sp && s.length) s += ' ';
    s += t.k === 'string' || t.k === 'char' ? t.v.replace(/[\\"]/g, (m) => '\\' + m) : t.v;
  }
  return mkTok('string', `"${s}"`, sp);
}

/** Contexts in text mode of #if contexts (arguments are expanded in text mode), made once per context. */
const textModes = new WeakMap<ExpandContext, ExpandContext>();

function textMode(ctx: ExpandContext): ExpandContext {
  if (ctx.mode === 'text') return ctx;
  let t = textModes.get(ctx);
  if (t === undefined) textModes.set(ctx, (t = { ...ctx, mode: 'text' }));
  return t;
}

/** Build the replacement list: arguments substituted, `#` and `##` applied, placemarkers removed. */
function substitute(def: MacroDef, args: Token[][], ctx: ExpandContext, vaOmitted = false): Token[] {
  const out1 = new Substitution(def, args, ctx, vaOmitted).replace(def.body);
  return pasteAll(out1, ctx).filter((t) => t.k !== 'placemarker');
}

/** One invocation's parameters replaced in a replacement list: `#` stringifies, `__VA_OPT__` and `, ## __VA_ARGS__` apply, `##` is marked. */
class Substitution {
  /** Arguments expanded on their own, by parameter index, as first needed. */
  private readonly expanded = new Map<number, Token[]>();
  private readonly vaIndex: number;

  constructor(
    private readonly def: MacroDef,
    private readonly args: Token[][],
    private readonly ctx: ExpandContext,
    private readonly vaOmitted: boolean,
  ) {
    this.vaIndex = def.variadic ? def.params!.length - 1 : -1;
  }

  private expandedArg(pi: number): Token[] {
    let e = this.expanded.get(pi);
    if (!e) {
      const arg = this.args[pi];
      // Arguments are expanded on their own; `defined` is not special there (GCC expands its operand). One
      // without an identifier expands to itself.
      e = arg.some((t) => t.k === 'ident') ? expandTokens(arg, textMode(this.ctx)) : arg;
      this.expanded.set(pi, e);
    }
    return e;
  }

  private vaPresent(): boolean {
    return this.vaIndex >= 0 && this.expandedArg(this.vaIndex).some((t) => t.k !== 'placemarker');
  }

  replace(body: readonly Token[]): Token[] {
    const out: Token[] = [];
    const { args, vaIndex } = this;
    for (let i = 0; i < body.length; i++) {
      const t = body[i];
      const prev = body[i - 1];
      const next = body[i + 1];
      if (t.k === 'punct' && t.v === '#' && next) {
        const end = this.stringified(body, i, out);
        if (end !== undefined) {
          i = end;
          continue;
        }
      }
      if (t.k === 'punct' && t.v === '##') {
        out.push(PASTE);
        continue;
      }
      if (t.k === 'punct' && t.v === ',' && next?.v === '##' && body[i + 2]?.pi === vaIndex && vaIndex >= 0) {
        this.commaPasteVariadic(t, out);
        i += 2;
        continue;
      }
      if (t.k === 'ident' && t.v === '__VA_OPT__' && vaIndex >= 0 && next?.v === '(') {
        i = this.vaOpt(body, i, t, out);
        continue;
      }
      if (t.pi !== undefined) {
        const pasted = (prev && prev.v === '##' && prev.k === 'punct') || (next && next.v === '##' && next.k === 'punct');
        const src = pasted ? args[t.pi] : this.expandedArg(t.pi);
        if (src.length === 0) out.push(PLACEMARKER());
        else {
          // Tokens are not changed once made: the first is copied only to space it as the parameter was.
          const x = src[0];
          out.push(x.sp === t.sp ? x : { ...x, sp: t.sp });
          for (let k = 1; k < src.length; k++) out.push(src[k]);
        }
        continue;
      }
      out.push(t);
    }
    return out;
  }

  /** `#param` or `#__VA_OPT__(...)` at body[i]: pushes the string and answers the last index read, or undefined. */
  private stringified(body: readonly Token[], i: number, out: Token[]): number | undefined {
    const t = body[i];
    const next = body[i + 1];
    if (next.pi !== undefined) {
      out.push(stringify(this.args[next.pi], t.sp));
      return i + 1;
    }
    if (next.v === '__VA_OPT__' && body[i + 2]?.v === '(') {
      const end = matchParen(body, i + 2);
      const inner = this.vaPresent() ? this.replace(body.slice(i + 3, end)).filter((x) => x !== PASTE) : [];
      out.push(stringify(inner, t.sp));
      return end;
    }
    return undefined;
  }

  /**
   * GNU: `, ## __VA_ARGS__` drops the comma when the variadic argument is left out (`L(a)`), and keeps it when it
   * is given empty (`L(a, )`), as GCC does. A macro whose only parameter is variadic cannot tell the two apart
   * (`V()`): GNU modes drop the comma there, ISO modes keep it.
   */
  private commaPasteVariadic(comma: Token, out: Token[]): void {
    const va = this.args[this.vaIndex];
    const onlyVariadic = this.def.params!.length === 1;
    if (va.length === 0 && (onlyVariadic ? !this.ctx.strictIso : this.vaOmitted)) return;
    out.push({ ...comma });
    out.push(...va.map((x) => ({ ...x })));
  }

  /** `__VA_OPT__(...)` at body[i]: its content when the variadic argument has tokens, else a placemarker. Answers the `)` index. */
  private vaOpt(body: readonly Token[], i: number, t: Token, out: Token[]): number {
    const end = matchParen(body, i + 1);
    const inner = this.vaPresent() ? this.replace(body.slice(i + 2, end)) : [];
    if (inner.length === 0 || inner.every((x) => x.k === 'placemarker')) out.push(PLACEMARKER());
    else {
      inner[0] = inner[0] === PASTE ? inner[0] : { ...inner[0], sp: t.sp };
      out.push(...inner);
    }
    return end;
  }
}

/** The `##` marks of a substituted list applied: each pastes the tokens either side of it. */
function pasteAll(out1: Token[], ctx: ExpandContext): Token[] {
  const res: Token[] = [];
  for (let i = 0; i < out1.length; i++) {
    const t = out1[i];
    if (t === PASTE) {
      const lhs = res.pop() ?? PLACEMARKER();
      let rhs = out1[++i];
      while (rhs === PASTE) rhs = out1[++i];
      if (!rhs) {
        res.push(lhs);
        break;
      }
      res.push(...paste(lhs, rhs, ctx));
      continue;
    }
    res.push(t);
  }
  return res;
}

function paste(lhs: Token, rhs: Token, ctx: ExpandContext): Token[] {
  if (lhs.k === 'placemarker') return [rhs];
  if (rhs.k === 'placemarker') return [lhs];
  const text = lhs.v + rhs.v;
  const one = lexesAsOne(text);
  if (!one) {
    if (!ctx.assembler) ctx.error(`pasting "${lhs.v}" and "${rhs.v}" does not give a valid preprocessing token`);
    return [lhs, { ...rhs, sp: false }];
  }
  return [{ k: one.k, v: one.v, sp: lhs.sp, hs: lhs.hs, pi: undefined }];
}

function matchParen(body: readonly Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < body.length; i++) {
    if (body[i].v === '(') depth++;
    else if (body[i].v === ')' && --depth === 0) return i;
  }
  return body.length - 1;
}
