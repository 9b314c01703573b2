// Function-like macros that only hand their arguments on, in order and each once, with nothing around them but
// declaration glue (type qualifiers, `*`, `&`, commas): as they are (lwIP's `PACK_STRUCT_FIELD(x) x`), after a comma
// (`LWIP_DNS_ADDRTYPE_ARG(x) , x`), as a declaration (`API_MSG_M_DEF(m) *m`, `API_MSG_M_DEF_C(t, m) const t * m`)
// or after decorations (glibc's `__NTH(fct)`); and the rewrite of their uses before parsing: the name, parentheses
// and commas become blanks and the glue is written where they stood, when it fits there, so
// `API_MSG_M_DEF_C(ip_addr_t, ipaddr);` in a struct reads as the member `const ip_addr_t* ipaddr;` it declares. Read
// unexpanded, such a use is a syntax error where it wraps a declaration. Other glue (calls, parentheses, storage
// classes) is left to the expanded reading.
import type { MacroRecord } from '../preprocessor/api.js';

/**
 * What a wrapper writes around its arguments: what stands for the `(`, for each comma between arguments and for the
 * `)`, joined by `|` (one more piece than the macro takes arguments): `|` for a plain wrapper, `,|` for one writing
 * a comma first, `const|*|` for `const t * m`.
 */
export type WrapperGlue = string;

/** Joins the pieces of a WrapperGlue (no glue token holds it). */
const GLUE_JOIN = '|';

/** A wrapper of one argument that writes nothing around it. */
export const PLAIN_WRAPPER: WrapperGlue = GLUE_JOIN;

/** The glue tokens written for a wrapper: type qualifiers. */
const QUALIFIER = /^(?:const|volatile|restrict|__const|__const__|__volatile__|__restrict|__restrict__)$/;

/** The parameters' names (`__VA_ARGS__` for a last `...`), or undefined when the macro takes none or names others. */
function parameters(m: MacroRecord): string[] | undefined {
  const list = /^\(\s*(.*?)\s*\)$/s.exec(m.params ?? '');
  if (list === null || list[1] === '') return undefined;
  const names = list[1].split(',').map((p) => p.trim());
  for (let i = 0; i < names.length; i++) {
    if (names[i] === '...' && i === names.length - 1) names[i] = '__VA_ARGS__';
    else if (!/^[A-Za-z_]\w*$/.test(names[i])) return undefined;
  }
  return names;
}

/** The one parameter's name (`__VA_ARGS__` for `...`), or undefined when the macro takes none or several. */
function soleParameter(m: MacroRecord): string | undefined {
  const p = parameters(m);
  return p?.length === 1 ? p[0] : undefined;
}

/**
 * How a definition hands its arguments on when its body is its parameters, each once and in order, with only glue
 * (qualifiers, `*`, `&`, `,`) before, between and after them; else null.
 */
export function wrapperOf(m: MacroRecord): WrapperGlue | null {
  if (!m.functionLike) return null;
  const params = parameters(m);
  if (params === undefined) return null;
  const pieces: string[][] = [[]];
  const token = /\s+|[A-Za-z_]\w*|&&|[*&,]|[^]/gy;
  for (let t = token.exec(m.value); t; t = token.exec(m.value)) {
    const tok = t[0];
    if (/^\s/.test(tok)) continue;
    if (tok === params[pieces.length - 1]) pieces.push([]);
    else if (/^[*&,]$/.test(tok) || QUALIFIER.test(tok)) pieces[pieces.length - 1].push(tok);
    else return null;
  }
  return pieces.length === params.length + 1 ? pieces.map((p) => p.join(' ')).join(GLUE_JOIN) : null;
}

/**
 * A definition whose body is another macro's use on its parameter (`PACK_STRUCT_FLD_8(x) PACK_STRUCT_FIELD(x)`):
 * that macro's name, to be decided like it; else undefined.
 */
export function wrappedName(m: MacroRecord): string | undefined {
  if (!m.functionLike) return undefined;
  const param = soleParameter(m);
  const use = /^([A-Za-z_]\w*)\s*\(\s*([A-Za-z_]\w*)\s*\)$/.exec(m.value.trim());
  return use !== null && param !== undefined && use[2] === param ? use[1] : undefined;
}

/**
 * A definition whose body is decorations, then its parameter (glibc's `__NTH(fct)` → `__attribute__ ((__nothrow__
 * __LEAF)) fct`): the decorations, for the caller to tell they are only that; else undefined. Read as its argument,
 * `struct cmsghdr * __NTH (__cmsg_nxthdr (...))` declares `__cmsg_nxthdr` (tree-sitter reads no attribute between
 * `*` and a declarator, and made a function named `__attribute__`).
 */
export function decoratedParameter(m: MacroRecord): string | undefined {
  if (!m.functionLike) return undefined;
  const param = soleParameter(m);
  const body = m.value.trim();
  if (param === undefined || !body.endsWith(param) || body.length === param.length) return undefined;
  const before = body.slice(0, body.length - param.length);
  return /[\s)]$/.test(before) ? before : undefined;
}

/** A macro use's argument list: its `(`, just past its `)`, and where the commas between its arguments stand. */
export interface ArgumentList {
  open: number;
  close: number;
  commas: number[];
}

/**
 * The argument list after a macro name that ends at `nameEnd`: the name followed (after blanks) by `(`, up to the
 * matching `)` (strings and comments skipped); undefined when no `(` follows or it does not close.
 */
export function argumentList(text: string, nameEnd: number): ArgumentList | undefined {
  const after = /^\s*\(/.exec(text.slice(nameEnd, nameEnd + 200));
  if (!after) return undefined;
  const open = nameEnd + after[0].length - 1;
  const token = /\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|[(),]/g;
  token.lastIndex = open;
  let depth = 0;
  const commas: number[] = [];
  for (let t = token.exec(text); t; t = token.exec(text)) {
    if (t[0] === '(') depth++;
    else if (t[0] === ')' && --depth === 0) return { open, close: t.index + 1, commas };
    else if (t[0] === ',' && depth === 1) commas.push(t.index);
  }
  return undefined;
}

/** A wrapper's use taken apart: its end, where its arguments lie (blanks around them left out) and the text between them. */
export interface UnwrappedUse {
  end: number;
  args: [start: number, end: number][];
  /** What replaces the text before the first argument, between two and after the last: blanks and the glue (as long). */
  glue: string[];
}

/**
 * A wrapper's use whose name spans [start, end), to be written as its glue and arguments, each the length of what
 * it replaces. Undefined when no argument list follows, it does not close, it holds another number of arguments
 * than the glue takes, or a piece of the glue does not fit where it goes.
 */
export function unwrappedUse(text: string, start: number, end: number, glue: WrapperGlue): UnwrappedUse | undefined {
  const pieces = glue.split(GLUE_JOIN);
  const list = argumentList(text, end);
  if (list === undefined || list.commas.length !== pieces.length - 2) return undefined;
  const bounds = [list.open, ...list.commas, list.close - 1];
  const args: [number, number][] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    let a = bounds[i] + 1;
    let b = bounds[i + 1];
    while (a < b && /\s/.test(text[a])) a++;
    while (b > a && /\s/.test(text[b - 1])) b--;
    args.push([a, b]);
  }
  const edges = [start, ...args.flat(), list.close];
  const filled: string[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const room = placed(text, edges[2 * i], edges[2 * i + 1], pieces[i], i === 0);
    if (room === undefined) return undefined;
    filled.push(room);
  }
  return { end: list.close, args, glue: filled };
}

const WORD = /\w/;

/**
 * The text of [from, to) blanked (line breaks kept) with `piece` written in it: at the end of the last line of it
 * that holds it when `atEnd` (next to the first argument), else at the start of the first; a blank is added where
 * the piece would join a word next to it. Undefined when no line of it holds the piece.
 */
function placed(text: string, from: number, to: number, piece: string, atEnd: boolean): string | undefined {
  const room = text.slice(from, to).replace(/[^\r\n]/g, ' ');
  if (piece === '') return room;
  const outside = (k: number) => text[from + k] ?? '';
  const lines = [...room.matchAll(/[^\r\n]+/g)];
  if (atEnd) lines.reverse();
  for (const line of lines) {
    const lineStart = line.index;
    const lineEnd = lineStart + line[0].length;
    let p = piece;
    let at: number;
    if (atEnd) {
      if (WORD.test(p[p.length - 1]) && lineEnd === room.length && WORD.test(outside(lineEnd))) p += ' ';
      if (lineEnd === p.length && WORD.test(p[0]) && WORD.test(outside(-1))) p = ` ${p}`;
      at = lineEnd - p.length;
    } else {
      at = lineStart;
      if (at === 0 && WORD.test(p[0]) && WORD.test(outside(-1))) p = ` ${p}`;
      if (WORD.test(p[p.length - 1]) && at + p.length === room.length && WORD.test(outside(room.length))) p += ' ';
    }
    if (at >= lineStart && at + p.length <= lineEnd) return room.slice(0, at) + p + room.slice(at + p.length);
  }
  return undefined;
}
