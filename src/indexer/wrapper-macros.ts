// Function-like macros that only hand their one argument on — as it is (lwIP's `PACK_STRUCT_FIELD(x) x`), after
// decorations (glibc's `__NTH(fct)`) or after a comma (lwIP's `LWIP_DNS_ADDRTYPE_ARG(x) , x`) — and the rewrite of their uses before parsing: the name and the
// parentheses become blanks (the `(` a comma for the second kind), so `PACK_STRUCT_FIELD(u16_t start);` in a struct
// reads as the member it declares. Read unexpanded, such a use is a syntax error where it wraps a declaration.
import type { MacroRecord } from '../preprocessor/api.js';

/** What stands for the `(` of a use: nothing (the argument as it is) or a comma (the argument after one). */
export type WrapperOpening = '' | ',';

/** The one parameter's name (`__VA_ARGS__` for `...`), or undefined when the macro takes none or several. */
function soleParameter(m: MacroRecord): string | undefined {
  const p = /^\(\s*([A-Za-z_]\w*|\.\.\.)\s*\)$/.exec(m.params ?? '');
  return p === null ? undefined : p[1] === '...' ? '__VA_ARGS__' : p[1];
}

/** How a definition hands its argument on when its body is the parameter, or a comma and the parameter; else null. */
export function wrapperOf(m: MacroRecord): WrapperOpening | null {
  if (!m.functionLike) return null;
  const param = soleParameter(m);
  if (param === undefined) return null;
  const body = m.value.trim();
  if (body === param) return '';
  const comma = /^,\s*([A-Za-z_]\w*)$/.exec(body);
  return comma !== null && comma[1] === param ? ',' : null;
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

/** A macro use's argument list: its `(` and just past its `)`, and whether a comma stands between them at the top. */
export interface ArgumentList {
  open: number;
  close: number;
  topComma: boolean;
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
  let topComma = false;
  for (let t = token.exec(text); t; t = token.exec(text)) {
    if (t[0] === '(') depth++;
    else if (t[0] === ')' && --depth === 0) return { open, close: t.index + 1, topComma };
    else if (t[0] === ',' && depth === 1) topComma = true;
  }
  return undefined;
}

/** A wrapper's use taken apart: its end, what replaces the name up to the argument, and where the argument lies. */
export interface UnwrappedUse {
  end: number;
  /** The name and blanks before the `(` blanked, then the opening that stands for the `(`. */
  lead: string;
  argStart: number;
  argEnd: number;
}

/**
 * A wrapper's use whose name spans [start, end), to be written as `lead`, the argument as written and a blank for
 * the `)` (the same length). Undefined when no argument list follows, it does not close, or it holds a comma of its own.
 */
export function unwrappedUse(text: string, start: number, end: number, opening: WrapperOpening): UnwrappedUse | undefined {
  const list = argumentList(text, end);
  if (list === undefined || list.topComma) return undefined;
  const { open, close } = list;
  const lead = `${text.slice(start, open).replace(/[^\r\n]/g, ' ')}${opening || ' '}`;
  return { end: close, lead, argStart: open + 1, argEnd: close - 1 };
}
