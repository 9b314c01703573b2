// Evaluates ld expressions the way ld's exp_fold does on a 64-bit host: unsigned 64-bit arithmetic (BigInt,
// wrapped to 2^64), except `/` and `%` which ld computes signed. Anything that needs the link itself
// (section addresses and sizes, SIZEOF_HEADERS, `.` where unknown, names nobody defines) gives null, never a guess.
import type { Expr } from './expression-parser.js';

export const U64 = 0xffff_ffff_ffff_ffffn;
const SIGN = 0x8000_0000_0000_0000n;

export interface EvalEnvironment {
  /** Value of a symbol: undefined when nothing defines it, null when defined but its value is unknown. */
  symbol(name: string): bigint | null | undefined;
  /** Region by name (aliases resolved by the callee): undefined when there is no such region. */
  region(name: string): { origin: bigint | null; length: bigint | null; note?: string } | undefined;
  /** Location counter, null when unknown here. */
  dot: bigint | null;
  constants?: { MAXPAGESIZE?: number; COMMONPAGESIZE?: number };
}

export interface EvalResult {
  value: bigint | null;
  /** Symbol names read that nothing defines. */
  undefinedSymbols: string[];
  /** Region names that do not exist. */
  undefinedRegions: string[];
  /** Other reasons the value is null (division by zero...). */
  problems: string[];
}

const toSigned = (v: bigint): bigint => (v & SIGN ? v - (1n << 64n) : v);
const wrap = (v: bigint): bigint => v & U64;

/** ld's align_n: round `value` up to a multiple of `align` (align 0 or 1 leaves it). */
export function alignUp(value: bigint, align: bigint): bigint {
  if (align <= 1n) return value;
  return wrap(((value + align - 1n) / align) * align);
}

function log2ceil(v: bigint): bigint {
  let result = 0n;
  let roundUp = false;
  let value = v;
  do {
    result++;
    if (value > 1n && (value & 1n)) roundUp = true;
    value >>= 1n;
  } while (value);
  if (roundUp) result++;
  return result - 1n;
}

export function evaluateExpression(e: Expr, env: EvalEnvironment): EvalResult {
  const r: EvalResult = { value: null, undefinedSymbols: [], undefinedRegions: [], problems: [] };
  r.value = ev(e, env, r);
  return r;
}

function ev(e: Expr, env: EvalEnvironment, r: EvalResult): bigint | null {
  switch (e.kind) {
    case 'number': return wrap(e.value);
    case 'paren': return ev(e.inner, env, r);
    case 'sizeof_headers': return null;
    case 'name': {
      if (e.name === '.' && !e.quoted) return env.dot;
      const v = env.symbol(e.name);
      if (v === undefined) { if (!r.undefinedSymbols.includes(e.name)) r.undefinedSymbols.push(e.name); return null; }
      return v;
    }
    case 'unary': {
      const a = ev(e.arg, env, r);
      if (a === null) return null;
      switch (e.op) {
        case '-': return wrap(-a);
        case '~': return a ^ U64;
        case '!': return a === 0n ? 1n : 0n;
        default: return a;
      }
    }
    case 'ternary': {
      const c = ev(e.cond, env, r);
      if (c === null) return null;
      return c !== 0n ? ev(e.then, env, r) : ev(e.else, env, r);
    }
    case 'binary': return binary(e.op, e.left, e.right, env, r);
    case 'call': return call(e.fn, e.args, env, r);
  }
}

function binary(op: string, le: Expr, re: Expr, env: EvalEnvironment, r: EvalResult): bigint | null {
  const a = ev(le, env, r);
  // && and || are decided by a known side even when the other is unknown
  if (op === '&&' && a === 0n) { ev(re, env, r); return 0n; }
  if (op === '||' && a !== null && a !== 0n) { ev(re, env, r); return 1n; }
  const b = ev(re, env, r);
  if (op === '&&' && b === 0n) return 0n;
  if (op === '||' && b !== null && b !== 0n) return 1n;
  if (a === null || b === null) return null;
  switch (op) {
    case '+': return wrap(a + b);
    case '-': return wrap(a - b);
    case '*': return wrap(a * b);
    case '/':
    case '%': {
      if (b === 0n) { r.problems.push(op === '/' ? 'division by zero' : 'modulo by zero'); return null; }
      const sa = toSigned(a);
      const sb = toSigned(b);
      return wrap(op === '/' ? sa / sb : sa % sb); // BigInt truncates toward zero, as C does
    }
    case '<<': return wrap(a << (b & 63n));
    case '>>': return a >> (b & 63n);
    case '&': return a & b;
    case '|': return a | b;
    case '^': return a ^ b;
    case '==': return a === b ? 1n : 0n;
    case '!=': return a !== b ? 1n : 0n;
    case '<': return a < b ? 1n : 0n;
    case '>': return a > b ? 1n : 0n;
    case '<=': return a <= b ? 1n : 0n;
    case '>=': return a >= b ? 1n : 0n;
    case '&&': return a !== 0n && b !== 0n ? 1n : 0n;
    case '||': return a !== 0n || b !== 0n ? 1n : 0n;
    default: r.problems.push(`unknown operator \`${op}\``); return null;
  }
}

function nameArg(e: Expr | undefined): string {
  return e && e.kind === 'name' ? e.name : '';
}

function call(fn: string, args: Expr[], env: EvalEnvironment, r: EvalResult): bigint | null {
  switch (fn) {
    case 'ORIGIN':
    case 'LENGTH': {
      const name = nameArg(args[0]);
      const reg = env.region(name);
      if (!reg) { if (!r.undefinedRegions.includes(name)) r.undefinedRegions.push(name); return null; }
      if (reg.note && !r.problems.includes(reg.note)) r.problems.push(reg.note);
      return fn === 'ORIGIN' ? reg.origin : reg.length;
    }
    case 'DEFINED': {
      // Defined by --defsym or an earlier script assignment. A name only an object file defines counts as
      // not defined: objects are not part of this model (documented in index.ts).
      const v = env.symbol(nameArg(args[0]));
      return v === undefined ? 0n : 1n;
    }
    case 'CONSTANT': {
      const k = nameArg(args[0]);
      const v = k === 'MAXPAGESIZE' ? env.constants?.MAXPAGESIZE : k === 'COMMONPAGESIZE' ? env.constants?.COMMONPAGESIZE : undefined;
      if (v === undefined && k !== 'MAXPAGESIZE' && k !== 'COMMONPAGESIZE') r.problems.push(`unknown CONSTANT(${k})`);
      return v === undefined ? null : BigInt(v);
    }
    case 'ADDR': case 'LOADADDR': case 'SIZEOF': case 'ALIGNOF':
    case 'NEXT': case 'SEGMENT_START': case 'DATA_SEGMENT_ALIGN': case 'DATA_SEGMENT_END': case 'DATA_SEGMENT_RELRO_END': {
      // need the link's section layout; still walk the arguments to collect undefined names
      args.forEach((a, i) => { if (!['ADDR', 'LOADADDR', 'SIZEOF', 'ALIGNOF'].includes(fn) && !(fn === 'SEGMENT_START' && i === 0)) ev(a, env, r); });
      return null;
    }
    case 'ABSOLUTE': return ev(args[0]!, env, r);
    case 'ASSERT': return ev(args[0]!, env, r);
    case 'ALIGN':
    case 'BLOCK': {
      if (args.length === 2) {
        const v = ev(args[0]!, env, r);
        const a = ev(args[1]!, env, r);
        return v === null || a === null ? null : alignUp(v, a);
      }
      const a = ev(args[0]!, env, r);
      return a === null || env.dot === null ? null : alignUp(env.dot, a);
    }
    case 'MAX':
    case 'MIN': {
      const a = ev(args[0]!, env, r);
      const b = ev(args[1]!, env, r);
      if (a === null || b === null) return null;
      return fn === 'MAX' ? (a > b ? a : b) : (a < b ? a : b);
    }
    case 'LOG2CEIL': {
      const a = ev(args[0]!, env, r);
      return a === null ? null : log2ceil(a);
    }
    default:
      r.problems.push(`unknown function \`${fn}\``);
      return null;
  }
}

/** A BigInt as a JS number when it is a safe integer, else null. */
export function toSafeNumber(v: bigint | null): number | null {
  if (v === null || v > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return Number(v);
}
