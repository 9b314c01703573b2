// Evaluates an already macro-expanded #if expression (C11 6.10.1): intmax_t/uintmax_t arithmetic in BigInt,
// usual arithmetic conversions, short-circuit, ?:, comma, character constants. Leaves out floating constants.
import type { Token } from './tokens.js';

export interface PPValue {
  v: bigint;
  /** uintmax_t when true, intmax_t otherwise. */
  u: boolean;
}

/**
 * An expression that does not evaluate. Made without a stack trace: valuing a unit's #defines meets one for every
 * replacement that names an identifier (an enumerator, a function), and capturing the stack was most of its cost.
 */
export class PPExprError extends Error {
  constructor(message: string) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}

export interface EvalOptions {
  /** C++: `true`/`false` are 1/0 and `and`, `or`, `not`... are operators. */
  cplusplus?: boolean;
  /** C23: `true`/`false` are 1/0. */
  c23?: boolean;
  /** Plain `char` is unsigned (ARM EABI). */
  unsignedChar?: boolean;
  /** `wchar_t` is unsigned. */
  unsignedWchar?: boolean;
  /** Value mode (macro values, not #if): casts to known integer types are allowed; identifiers are errors. */
  valueMode?: boolean;
  /**
   * Errors GCC reports but evaluates through (division by zero gives the left operand). Without it they throw.
   */
  onError?: (message: string) => void;
}

const NAMED_OPS: Record<string, string> = {
  and: '&&', or: '||', not: '!', bitand: '&', bitor: '|', xor: '^', compl: '~', not_eq: '!=',
  and_eq: '&=', or_eq: '|=', xor_eq: '^=',
};

/** Integer types a cast may name in value mode: [bits, unsigned]. */
const CAST_TYPES: Record<string, [number, boolean]> = {
  uint8_t: [8, true], uint16_t: [16, true], uint32_t: [32, true], uint64_t: [64, true],
  int8_t: [8, false], int16_t: [16, false], int32_t: [32, false], int64_t: [64, false],
  uintptr_t: [32, true], intptr_t: [32, false], size_t: [32, true], ssize_t: [32, false],
  char: [8, false], short: [16, false], int: [32, false], long: [32, false], unsigned: [32, true], signed: [32, false],
  u8: [8, true], u16: [16, true], u32: [32, true], u64: [64, true], s8: [8, false], s16: [16, false], s32: [32, false], s64: [64, false],
};

const wrap = (x: bigint, u: boolean): PPValue => ({ v: u ? BigInt.asUintN(64, x) : BigInt.asIntN(64, x), u });
const INT_MAX64 = (1n << 63n) - 1n;

const PREC: Record<string, number> = {
  '*': 10, '/': 10, '%': 10, '+': 9, '-': 9, '<<': 8, '>>': 8, '<': 7, '>': 7, '<=': 7, '>=': 7,
  '==': 6, '!=': 6, '&': 5, '^': 4, '|': 3,
};
const isBinary = (op: string | undefined) => op !== undefined && (PREC[op] !== undefined || op === '&&' || op === '||' || op === '?' || op === ',');

export function evaluateExpression(tokens: readonly Token[], opts: EvalOptions = {}): PPValue {
  const toks = tokens.filter((t) => t.k !== 'placemarker');
  if (toks.length === 0) throw new PPExprError('#if with no expression');
  return new ExpressionParser(toks, opts).whole();
}

/**
 * A recursive-descent reading of one expression, evaluating as it reads. `ev` is false in an operand that
 * short-circuit or `?:` leaves unevaluated: its errors (division by zero) are not reported.
 */
class ExpressionParser {
  private pos = 0;

  constructor(
    private readonly toks: readonly Token[],
    private readonly opts: EvalOptions,
  ) {}

  /** The value of the whole token list; tokens left over are an error. */
  whole(): PPValue {
    const result = this.comma(true);
    if (this.pos < this.toks.length) {
      const t = this.toks[this.pos];
      if (this.opOf(t) === ')') throw new PPExprError("missing '(' in expression");
      if (this.opOf(t) === ':') throw new PPExprError("':' without preceding '?'");
      throw new PPExprError(`missing binary operator before token "${t.v}"`);
    }
    return result;
  }

  private peek(): Token | undefined {
    return this.toks[this.pos];
  }

  /** The operator a token spells (C++'s `and`, `or`... as their symbols), or undefined. */
  private opOf(t: Token | undefined): string | undefined {
    if (!t) return undefined;
    if (t.k === 'punct') return t.v;
    if (t.k === 'ident' && this.opts.cplusplus && NAMED_OPS[t.v]) return NAMED_OPS[t.v];
    return undefined;
  }

  private expect(v: string): void {
    const t = this.toks[this.pos];
    if (this.opOf(t) !== v) throw new PPExprError(t ? `expected '${v}' before "${t.v}"` : `missing '${v}' in expression`);
    this.pos++;
  }

  private primary(ev: boolean): PPValue {
    const t = this.toks[this.pos++];
    if (!t) throw new PPExprError('#if with no expression');
    if (this.opOf(t) === '(') return this.cast(ev) ?? this.parenthesized(ev);
    if (t.k === 'number') return parseNumber(t.v);
    if (t.k === 'char') return parseChar(t.v, this.opts);
    if (t.k === 'ident') {
      if (this.opts.valueMode) throw new PPExprError(`"${t.v}" is not a constant`);
      if ((this.opts.cplusplus || this.opts.c23) && (t.v === 'true' || t.v === 'false')) return { v: t.v === 'true' ? 1n : 0n, u: false };
      // Identifiers left after expansion are 0; a function-like use `x(...)` is an error as in GCC.
      if (this.opOf(this.peek()) === '(') throw new PPExprError(`missing binary operator before token "("`);
      return { v: 0n, u: false };
    }
    throw new PPExprError(`token "${t.v}" is not valid in preprocessor expressions`);
  }

  /** After `(`, in value mode: a cast to a known integer type (`(uint32_t) x`, `(unsigned long) x`), or undefined. */
  private cast(ev: boolean): PPValue | undefined {
    if (!this.opts.valueMode) return undefined;
    const toks = this.toks;
    let k = this.pos;
    const words: string[] = [];
    while (toks[k] && toks[k].k === 'ident' && CAST_TYPES[toks[k].v]) words.push(toks[k++].v);
    if (!words.length || this.opOf(toks[k]) !== ')' || !toks[k + 1] || this.opOf(toks[k + 1]) === ')' || isBinary(this.opOf(toks[k + 1]))) return undefined;
    this.pos = k + 1;
    const inner = this.unary(ev);
    const unsigned = words.includes('unsigned') || CAST_TYPES[words[words.length - 1]][1];
    let bits = CAST_TYPES[words.find((w) => w !== 'unsigned' && w !== 'signed') ?? 'int'][0];
    if (words.filter((w) => w === 'long').length >= 2) bits = 64;
    return { v: unsigned ? BigInt.asUintN(bits, inner.v) : BigInt.asIntN(bits, inner.v), u: bits === 64 && unsigned };
  }

  private parenthesized(ev: boolean): PPValue {
    const v = this.comma(ev);
    if (this.opOf(this.peek()) !== ')') throw new PPExprError("missing ')' in expression");
    this.pos++;
    return v;
  }

  private unary(ev: boolean): PPValue {
    const op = this.opOf(this.peek());
    if (op === '+' || op === '-' || op === '~' || op === '!') {
      this.pos++;
      const x = this.unary(ev);
      if (op === '+') return x;
      if (op === '-') return wrap(-x.v, x.u);
      if (op === '~') return wrap(~x.v, x.u);
      return { v: x.v === 0n ? 1n : 0n, u: false };
    }
    if (op && /^(\+\+|--|=|[*/%+\-&|^]=|<<=|>>=)$/.test(op)) throw new PPExprError(`token "${op}" is not valid in preprocessor expressions`);
    return this.primary(ev);
  }

  /** Binary operators from `*` down to `|`, by precedence climbing. */
  private binary(minPrec: number, ev: boolean): PPValue {
    let lhs = this.unary(ev);
    for (;;) {
      const op = this.opOf(this.peek());
      const p = op ? PREC[op] : undefined;
      if (p === undefined || p < minPrec) return lhs;
      this.pos++;
      const rhs = this.binary(p + 1, ev);
      lhs = applyBinary(op!, lhs, rhs, ev, this.opts.onError);
    }
  }

  private logAnd(ev: boolean): PPValue {
    let lhs = this.binary(3, ev);
    while (this.opOf(this.peek()) === '&&') {
      this.pos++;
      const rhs = this.binary(3, ev && lhs.v !== 0n);
      lhs = { v: lhs.v !== 0n && rhs.v !== 0n ? 1n : 0n, u: false };
    }
    return lhs;
  }

  private logOr(ev: boolean): PPValue {
    let lhs = this.logAnd(ev);
    while (this.opOf(this.peek()) === '||') {
      this.pos++;
      const rhs = this.logAnd(ev && lhs.v === 0n);
      lhs = { v: lhs.v !== 0n || rhs.v !== 0n ? 1n : 0n, u: false };
    }
    return lhs;
  }

  private conditional(ev: boolean): PPValue {
    const c = this.logOr(ev);
    if (this.opOf(this.peek()) !== '?') return c;
    this.pos++;
    const a = this.comma(ev && c.v !== 0n);
    this.expect(':');
    const b = this.conditional(ev && c.v === 0n);
    return wrap(c.v !== 0n ? a.v : b.v, a.u || b.u);
  }

  private comma(ev: boolean): PPValue {
    let v = this.conditional(ev);
    while (this.opOf(this.peek()) === ',') {
      this.pos++;
      v = this.conditional(ev);
    }
    return v;
  }
}

function applyBinary(op: string, a: PPValue, b: PPValue, ev: boolean, onError?: (m: string) => void): PPValue {
  const u = a.u || b.u;
  const av = u ? BigInt.asUintN(64, a.v) : a.v;
  const bv = u ? BigInt.asUintN(64, b.v) : b.v;
  switch (op) {
    case '*': return wrap(av * bv, u);
    case '/':
    case '%':
      if (bv === 0n) {
        // GCC reports it and goes on with the left operand as the result.
        if (ev) {
          if (!onError) throw new PPExprError('division by zero in #if');
          onError('division by zero in #if');
        }
        return { v: av, u };
      }
      return wrap(op === '/' ? av / bv : av % bv, u);
    case '+': return wrap(av + bv, u);
    case '-': return wrap(av - bv, u);
    case '<<':
    case '>>': {
      // Result has the left operand's type; GCC: negative count shifts the other way, >= 64 saturates.
      let n = b.u ? BigInt.asUintN(64, b.v) : b.v;
      let left = op === '<<';
      if (n < 0n) {
        n = -n;
        left = !left;
      }
      if (left) return n >= 64n ? { v: 0n, u: a.u } : wrap(a.v << n, a.u);
      const x = a.u ? BigInt.asUintN(64, a.v) : a.v;
      if (n >= 64n) return { v: !a.u && x < 0n ? -1n : 0n, u: a.u };
      return wrap(x >> n, a.u);
    }
    case '<': return bool(av < bv);
    case '>': return bool(av > bv);
    case '<=': return bool(av <= bv);
    case '>=': return bool(av >= bv);
    case '==': return bool(av === bv);
    case '!=': return bool(av !== bv);
    case '&': return wrap(av & bv, u);
    case '^': return wrap(av ^ bv, u);
    case '|': return wrap(av | bv, u);
  }
  throw new PPExprError(`unknown operator ${op}`);
}

const bool = (x: boolean): PPValue => ({ v: x ? 1n : 0n, u: false });

/** An integer constant (pp-number) as the preprocessor reads it. */
export function parseNumber(text: string): PPValue {
  if (text.length < 16 && /^(0|[1-9][0-9]*)$/.test(text)) return { v: BigInt(text), u: false };
  const s = text.replace(/'/g, '');
  const m = /^(0[xX][0-9a-fA-F]+|0[bB][01]+|[0-9]+)([a-zA-Z]*)$/.exec(s);
  if (!m) {
    if (/^(0[xX][0-9a-fA-F.]*[pP]|[0-9.]*[.eE])/.test(s)) throw new PPExprError('floating constant in preprocessor expression');
    throw new PPExprError(`invalid integer constant "${text}" in #if`);
  }
  const [, digits, suffix] = m;
  if (suffix && !/^(u|U)?(l|L|ll|LL|z|Z)?$|^(l|L|ll|LL|z|Z)(u|U)$/.test(suffix)) {
    throw new PPExprError(`invalid suffix "${suffix}" on integer constant`);
  }
  let v: bigint;
  let decimal = false;
  if (/^0[xX]/.test(digits) || /^0[bB]/.test(digits)) v = BigInt(digits.toLowerCase().replace(/^0b/, '0b'));
  else if (digits.length > 1 && digits[0] === '0') {
    if (/[89]/.test(digits)) throw new PPExprError(`invalid digit in octal constant "${text}"`);
    v = BigInt('0o' + digits.slice(1));
  } else {
    v = BigInt(digits);
    decimal = true;
  }
  if (v > (1n << 64n) - 1n) throw new PPExprError('integer constant is too large for its type');
  const unsigned = /[uU]/.test(suffix) || v > INT_MAX64;
  void decimal;
  return { v: unsigned ? v : BigInt.asIntN(64, v), u: unsigned };
}

/** A character constant's value (GCC cpp_interpret_charconst semantics, 8-bit char, 32-bit int). */
export function parseChar(text: string, opts: EvalOptions = {}): PPValue {
  const m = /^(L|u8|u|U)?'(.*)'$/s.exec(text);
  if (!m) throw new PPExprError(`missing terminating ' character`);
  const prefix = m[1] ?? '';
  const body = m[2];
  const units: number[] = [];
  const enc = new TextEncoder();
  for (let i = 0; i < body.length; ) {
    const c = body[i];
    if (c !== '\\') {
      const cp = body.codePointAt(i)!;
      const ch = String.fromCodePoint(cp);
      if (prefix === '' || prefix === 'u8') for (const b of enc.encode(ch)) units.push(b);
      else units.push(cp);
      i += ch.length;
      continue;
    }
    const e = body[i + 1];
    i += 2;
    const simple: Record<string, number> = { n: 10, t: 9, v: 11, b: 8, r: 13, f: 12, a: 7, '\\': 92, '?': 63, "'": 39, '"': 34, e: 27, E: 27 };
    if (e in simple) units.push(simple[e]);
    else if (e === 'x') {
      let j = i;
      while (j < body.length && /[0-9a-fA-F]/.test(body[j])) j++;
      if (j === i) throw new PPExprError('\\x used with no following hex digits');
      units.push(Number(BigInt('0x' + body.slice(i, j)) & 0xffffffffn));
      i = j;
    } else if (e !== undefined && /[0-7]/.test(e)) {
      let j = i - 1;
      const start = j;
      while (j < body.length && j - start < 3 && /[0-7]/.test(body[j])) j++;
      units.push(parseInt(body.slice(start, j), 8));
      i = j;
    } else if (e === 'u' || e === 'U') {
      const len = e === 'u' ? 4 : 8;
      const cp = parseInt(body.slice(i, i + len), 16);
      i += len;
      if (prefix === '' || prefix === 'u8') for (const b of enc.encode(String.fromCodePoint(cp))) units.push(b);
      else units.push(cp);
    } else units.push(e?.charCodeAt(0) ?? 0);
  }
  if (units.length === 0) throw new PPExprError('empty character constant');
  if (prefix === 'u' || prefix === 'U' || prefix === 'L') {
    const width = prefix === 'u' ? 16 : 32;
    const last = BigInt(units[units.length - 1]) & ((1n << BigInt(width)) - 1n);
    const unsigned = prefix !== 'L' || !!opts.unsignedWchar;
    return { v: unsigned ? last : BigInt.asIntN(width, last), u: unsigned };
  }
  if (units.length === 1) {
    const c = BigInt(units[0] & 0xff);
    if (opts.unsignedChar || prefix === 'u8') return { v: c, u: true };
    return { v: BigInt.asIntN(8, c), u: false };
  }
  let acc = 0n;
  for (const c of units.slice(-4)) acc = (acc << 8n) | BigInt(c & 0xff);
  return { v: BigInt.asIntN(32, acc), u: false };
}
