// Macro replacement (C11 6.10.3) with Prosser hide sets: object-like and function-like macros, `#`, `##`
// with placemarkers, variadics, __VA_OPT__, GNU `, ## __VA_ARGS__`, rescanning, and `defined` as met in #if.
// Leaves out _Pragma and function-like invocations whose arguments continue on a later line.
import type { MacroDef, MacroEnv } from './macro-definition.js';
import { lexesAsOne, mkTok, type Token } from './tokens.js';

export interface ExpandContext {
  env: MacroEnv;
  /** `if`: `defined` is an operator; `text`: plain text expansion. */
  mode: 'if' | 'text';
  /** ISO (non-GNU) -std: `, ## __VA_ARGS__` keeps the comma when the macro has only a variadic parameter. */
  strictIso?: boolean;
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

function withHs(t: Token, hs: ReadonlySet<string>): Token {
  let merged: ReadonlySet<string>;
  if (!t.hs) merged = hs;
  else {
    const s = new Set(t.hs);
    for (const x of hs) s.add(x);
    merged = s;
  }
  return { k: t.k, v: t.v, sp: t.sp, hs: merged, pi: undefined };
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
    if (!def.params) {
      const hs = new Set(tok.hs ?? []);
      hs.add(def.name);
      const body = def.body.some((t) => t.k === 'punct' && t.v === '##') ? substitute(def, [], ctx) : def.body;
      const repl = body.map((t) => withHs(t, hs));
      if (repl.length) repl[0].sp = tok.sp;
      stream.pushFront(repl);
      continue;
    }
    // Function-like: only when the next token is `(`.
    const nx = stream.peek();
    if (!nx || nx.v !== '(' || nx.k !== 'punct') {
      out.push(tok);
      continue;
    }
    stream.next();
    const collected = collectArgs(stream, def);
    if (!collected) {
      ctx.error(`unterminated argument list invoking macro "${def.name}"`);
      out.push(tok);
      return;
    }
    const { args, rparen } = collected;
    const nparams = def.params.length;
    if (nparams === 0 && args.length === 1 && args[0].length === 0) args.length = 0;
    // Left out entirely (no comma before it), which `, ## __VA_ARGS__` tells apart from given empty.
    const vaOmitted = def.variadic === true && args.length === nparams - 1;
    if (args.length < nparams) {
      // A variadic argument may be left out entirely (GNU, C23).
      if (vaOmitted) args.push([]);
      else if (nparams === 1 && args.length === 0) args.push([]);
      else {
        ctx.error(`macro "${def.name}" requires ${nparams} arguments, but only ${args.length} given`);
        out.push(tok);
        continue;
      }
    } else if (args.length > nparams) {
      ctx.error(`macro "${def.name}" passed ${args.length} arguments, but takes just ${nparams}`);
      out.push(tok);
      continue;
    }
    const hs = new Set<string>();
    if (tok.hs && rparen.hs) for (const x of tok.hs) if (rparen.hs.has(x)) hs.add(x);
    hs.add(def.name);
    const repl = substitute(def, args, ctx, vaOmitted).map((t) => withHs(t, hs));
    if (repl.length) repl[0].sp = tok.sp;
    stream.pushFront(repl);
  }
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

/** Build the replacement list: arguments substituted, `#` and `##` applied, placemarkers removed. */
function substitute(def: MacroDef, args: Token[][], ctx: ExpandContext, vaOmitted = false): Token[] {
  const expandedCache = new Map<number, Token[]>();
  const expandedArg = (pi: number): Token[] => {
    let e = expandedCache.get(pi);
    if (!e) {
      // Arguments are expanded on their own; `defined` is not special there (GCC expands its operand).
      e = expandTokens(args[pi], { ...ctx, mode: ctx.mode === 'if' ? 'text' : ctx.mode, builtin: ctx.builtin });
      expandedCache.set(pi, e);
    }
    return e;
  };
  const vaIndex = def.variadic ? def.params!.length - 1 : -1;
  const vaPresent = () => vaIndex >= 0 && expandedArg(vaIndex).some((t) => t.k !== 'placemarker');
  const pass1 = (body: readonly Token[]): Token[] => {
    const out: Token[] = [];
    for (let i = 0; i < body.length; i++) {
      const t = body[i];
      const prev = body[i - 1];
      const next = body[i + 1];
      if (t.k === 'punct' && t.v === '#' && next) {
        if (next.pi !== undefined) {
          out.push(stringify(args[next.pi], t.sp));
          i++;
          continue;
        }
        if (next.v === '__VA_OPT__' && body[i + 2]?.v === '(') {
          const end = matchParen(body, i + 2);
          const inner = vaPresent() ? pass1(body.slice(i + 3, end)).filter((x) => x !== PASTE) : [];
          out.push(stringify(inner, t.sp));
          i = end;
          continue;
        }
      }
      if (t.k === 'punct' && t.v === '##') {
        out.push(PASTE);
        continue;
      }
      // GNU: `, ## __VA_ARGS__` drops the comma when the variadic argument is left out (`L(a)`), and keeps it when
      // it is given empty (`L(a, )`), as GCC does. A macro whose only parameter is variadic cannot tell the two
      // apart (`V()`): GNU modes drop the comma there, ISO modes keep it.
      if (t.k === 'punct' && t.v === ',' && next?.v === '##' && body[i + 2]?.pi === vaIndex && vaIndex >= 0) {
        const va = args[vaIndex];
        const onlyVariadic = def.params!.length === 1;
        if (va.length === 0 && (onlyVariadic ? !ctx.strictIso : vaOmitted)) {
          i += 2;
          continue;
        }
        out.push({ ...t });
        out.push(...va.map((x) => ({ ...x })));
        i += 2;
        continue;
      }
      if (t.k === 'ident' && t.v === '__VA_OPT__' && vaIndex >= 0 && next?.v === '(') {
        const end = matchParen(body, i + 1);
        const inner = vaPresent() ? pass1(body.slice(i + 2, end)) : [];
        if (inner.length === 0 || inner.every((x) => x.k === 'placemarker')) out.push(PLACEMARKER());
        else {
          inner[0] = inner[0] === PASTE ? inner[0] : { ...inner[0], sp: t.sp };
          out.push(...inner);
        }
        i = end;
        continue;
      }
      if (t.pi !== undefined) {
        const pasted = (prev && prev.v === '##' && prev.k === 'punct') || (next && next.v === '##' && next.k === 'punct');
        const src = pasted ? args[t.pi] : expandedArg(t.pi);
        if (src.length === 0) out.push(PLACEMARKER());
        else
          src.forEach((x, k) => {
            out.push(k === 0 ? { ...x, sp: t.sp } : x);
          });
        continue;
      }
      out.push(t);
    }
    return out;
  };
  const out1 = pass1(def.body);
  // Pass 2: pasting.
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
  return res.filter((t) => t.k !== 'placemarker');
}

function paste(lhs: Token, rhs: Token, ctx: ExpandContext): Token[] {
  if (lhs.k === 'placemarker') return [rhs];
  if (rhs.k === 'placemarker') return [lhs];
  const text = lhs.v + rhs.v;
  const one = lexesAsOne(text);
  if (!one) {
    ctx.error(`pasting "${lhs.v}" and "${rhs.v}" does not give a valid preprocessing token`);
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
