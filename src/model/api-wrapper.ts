// API-wrapper macros: a function-like macro whose replacement, fully expanded with the build's macros, is one
// call of a function (`xSemaphoreTake(x, t)` → `xQueueSemaphoreTake ( ( x ) , ( t ) )`). Statement macros
// (`do { ... } while (0)`), expressions with operators and calls of builtins are not wrappers. Pure code on
// token spellings, shared by the preprocessor (at index time) and the queries (reading stored expansions).

/** What the call-shape test needs of a preprocessing token. */
export interface Token {
  k: string;
  v: string;
}

const NOT_FUNCTIONS = new Set([
  'sizeof', '_Alignof', 'alignof', '_Generic', '_Static_assert', 'static_assert', 'typeof', '__typeof__', '__typeof',
  'asm', '__asm', '__asm__', 'defined', '__attribute__', 'decltype', 'return', 'if', 'while', 'for', 'switch',
  'do', 'static_cast', 'reinterpret_cast', 'const_cast', 'dynamic_cast', 'offsetof', '__offsetof__',
]);

/** Index of the `)` matching the `(` at `open`, or -1. */
function closing(toks: readonly Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < toks.length; i++) {
    const v = toks[i].k === 'punct' ? toks[i].v : '';
    if (v === '(') depth++;
    else if (v === ')' && --depth === 0) return i;
  }
  return -1;
}

const isPunct = (t: Token | undefined, v: string) => !!t && t.k === 'punct' && t.v === v;

/** The top-level `?` and its `:` in toks[from..to], if the range is a conditional expression. */
function conditional(toks: readonly Token[], from: number, to: number): { question: number; colon: number } | null {
  let depth = 0;
  let question = -1;
  let nested = 0;
  for (let i = from; i <= to; i++) {
    const v = toks[i].k === 'punct' ? toks[i].v : '';
    if (v === '(' || v === '[') depth++;
    else if (v === ')' || v === ']') depth--;
    else if (depth === 0 && v === '?') {
      if (question < 0) question = i;
      else nested++;
    } else if (depth === 0 && v === ':' && question >= 0) {
      if (nested === 0) return { question, colon: i };
      nested--;
    }
  }
  return null;
}

/** A cast's parenthesized type: identifiers, `*`, `::` and `struct`/`const` only (no operators, no call). */
function isCast(toks: readonly Token[], from: number, to: number): boolean {
  if (to - from < 2) return false;
  for (let i = from + 1; i < to; i++) {
    const t = toks[i];
    if (t.k !== 'ident' && !isPunct(t, '*') && !isPunct(t, '::')) return false;
  }
  return true;
}

/**
 * The function an expanded replacement calls when it is exactly one call (outer parentheses and leading
 * casts allowed), else null. `params` are the macro's parameter names: a call through a parameter is no wrapper.
 */
export function wrappedCall(toks: readonly Token[], params: readonly string[]): string | null {
  let from = 0;
  let to = toks.length - 1;
  for (;;) {
    if (from > to) return null;
    if (isPunct(toks[from], '(')) {
      const end = closing(toks, from);
      if (end < 0 || end > to) return null;
      if (end === to) {
        from++;
        to--;
        continue;
      }
      if (!isCast(toks, from, end)) break;
      from = end + 1;
      continue;
    }
    break;
  }
  const choice = conditional(toks, from, to);
  if (choice) {
    // `c ? f(...) : g(...)`: a wrapper choosing between two calls wraps the first.
    const first = wrappedCall(toks.slice(choice.question + 1, choice.colon), params);
    return first && wrappedCall(toks.slice(choice.colon + 1, to + 1), params) ? first : null;
  }
  const callee = toks[from];
  if (!callee || callee.k !== 'ident' || NOT_FUNCTIONS.has(callee.v) || callee.v.startsWith('__builtin') || params.includes(callee.v)) return null;
  if (!isPunct(toks[from + 1], '(')) return null;
  return closing(toks, from + 1) === to ? callee.v : null;
}

/** Cheap test before expanding a replacement: short, ends with `)`, no statement punctuation. */
export function mayWrapCall(body: readonly Token[]): boolean {
  if (body.length < 3 || body.length > 64 || !isPunct(body[body.length - 1], ')')) return false;
  if (body[0].k !== 'ident' && !isPunct(body[0], '(')) return false;
  return !body.some((t) => t.k === 'punct' && (t.v === ';' || t.v === '{' || t.v === '}' || t.v === '#' || t.v === '##'));
}

/**
 * True when a function-like macro's replacement `body` ends in a call through one of its `params` (`P(...)` closing
 * the replacement, its parenthesized tokens parameters, literals and punctuators only). Parameters stay as written
 * when a replacement is valued, so its expansion ends in that call whatever the build's macros, and is no wrapper
 * (see wrappedCall). Atmel's `#define MREPEAT256(macro, data) MREPEAT255(macro, data) macro(255, data)` chains are
 * such: expanded for nothing, the 257 of them took ~3 s and ~170 MB of a unit's walk.
 */
export function endsInParameterCall(body: readonly Token[], params: readonly string[]): boolean {
  const last = body.length - 1;
  if (last < 2 || !isPunct(body[last], ')')) return false;
  let depth = 0;
  for (let i = last; i >= 1; i--) {
    const t = body[i];
    if (t.k === 'ident' && !params.includes(t.v)) return false;
    if (isPunct(t, ')')) depth++;
    else if (isPunct(t, '(') && --depth === 0) return body[i - 1].k === 'ident' && params.includes(body[i - 1].v);
  }
  return false;
}

/** Tokens of a spelled expansion as far as the call-shape test needs them: identifiers, literals, punctuators. */
export function lexSpelled(text: string): Token[] {
  const out: Token[] = [];
  const re = /\s*(?:([A-Za-z_$][\w$]*)|(\d[\w.]*|'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*")|(::|->|##|[^\s\w]))/gy;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) && m[0]) out.push(m[1] ? { k: 'ident', v: m[1] } : m[2] ? { k: 'number', v: m[2] } : { k: 'punct', v: m[3] });
  return out;
}

/** The function a stored API-wrapper expansion calls (`expansion` as spelled, `paramsText` as written), or null. */
export function wrappedFunction(expansion: string, paramsText: string | null): string | null {
  if (!expansion) return null;
  const params = (paramsText ?? '').replace(/[()]/g, '').split(',').map((p) => p.trim().replace(/\.\.\.$/, ''));
  return wrappedCall(lexSpelled(expansion), params);
}
