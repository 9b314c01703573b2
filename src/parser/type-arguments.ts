// Syntax errors that a type name written as a macro argument makes (`va_arg(ap, unsigned int)`, `container_of(p,
// struct node, v)`, `CAST(void (*)(int), p)`, `SIZE_OF(int[4])`): the grammar reads call arguments as expressions
// only, so a type of more than one word, or with a declarator, is an error to it though the compiler reads the
// macro's expansion. Such an error is not reported when the construct around it parses cleanly with those arguments
// read as names and swallowed none of its neighbours. Leaves out checking that the callee is a macro (the parse
// stage has no macro table): a real function called with a type name is not reported either.
import type { ErrorLines } from '../model/symbol.js';
import type { MacroInvocation } from '../preprocessor/macro-invocations.js';
import type { Language } from '../model/compile-args.js';
import { dataTableInsides } from './data-tables.js';
import { expandInvocations } from './expanded-text.js';
import { lineAt, lineStartsOf } from '../model/line-index.js';
import { errorSitesOf, fileLevelStarts, parseText } from './tree-sitter-parser.js';
import { isTypeName, TYPE_WORDS } from './type-names.js';

/** Words before a `(` that are not callees (a cast after `return` is not an argument list). */
const NOT_CALLEES = new Set([
  'return', 'if', 'while', 'for', 'switch', 'case', 'else', 'do', 'goto', 'sizeof', '_Alignof', 'alignof', '__alignof__',
  'typeof', '__typeof__', '__typeof', '_Generic', '__attribute__', '__attribute', 'asm', '__asm', '__asm__', 'defined',
  '_Static_assert', 'static_assert', 'decltype', 'throw', 'new', 'delete', 'co_return', 'co_yield',
  ...TYPE_WORDS,
]);

/** Argument lists longer than this are not looked into (a type name is passed in a short one): bounds the scan. */
const MAX_ARGUMENTS_CHARS = 4096;

/** End offset after the `)` matching the `(` at `open` (literals and comments skipped), or -1. */
function closeOf(text: string, open: number): number {
  let depth = 0;
  const limit = Math.min(text.length, open + MAX_ARGUMENTS_CHARS);
  for (let k = open; k < limit; k++) {
    const c = text[k];
    if (c === '"' || c === "'") {
      for (k++; k < text.length && text[k] !== c && text[k] !== '\n'; k++) if (text[k] === '\\') k++;
    } else if (c === '/' && text[k + 1] === '*') {
      k = text.indexOf('*/', k + 2);
      if (k < 0) return -1;
      k++;
    } else if (c === '/' && text[k + 1] === '/') {
      k = text.indexOf('\n', k);
      if (k < 0) return -1;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if ((c === ')' || c === ']' || c === '}') && --depth === 0) return c === ')' ? k + 1 : -1;
  }
  return -1;
}

/** Spans [start, end) of the top-level arguments of the argument list `(…)` at [open, close) that are type names. */
function typeNameSpans(text: string, open: number, close: number, out: [number, number][]): void {
  let depth = 0;
  let from = open + 1;
  for (let k = open + 1; k < close; k++) {
    const c = text[k];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    if ((c === ',' && depth === 0) || depth < 0) {
      const arg = text.slice(from, k);
      if (isTypeName(arg)) out.push([from + arg.search(/\S/), from + arg.trimEnd().length]);
      from = k + 1;
    }
  }
}

/** Spans [start, end) of the call arguments in `text` that are type names, in text order (comments and literals skipped). */
export function typeNameArguments(text: string): [number, number][] {
  const out: [number, number][] = [];
  const code = /\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|([A-Za-z_]\w*)\s*\(/g;
  for (let m = code.exec(text); m; m = code.exec(text)) {
    if (!m[1] || NOT_CALLEES.has(m[1])) continue;
    const open = m.index + m[0].length - 1;
    const close = closeOf(text, open);
    if (close > 0) typeNameSpans(text, open, close, out);
    // Nested calls are scanned too: go on just inside the `(`.
    code.lastIndex = open + 1;
  }
  return out;
}

/** `text` with each span replaced by the name `_` and spaces, line breaks kept (offsets unchanged). */
function asNames(text: string, spans: readonly [number, number][]): string {
  let out = '';
  let at = 0;
  for (const [a, b] of spans) {
    out += text.slice(at, a) + '_' + text.slice(a + 1, b).replace(/[^\r\n]/g, ' ');
    at = b;
  }
  return out + text.slice(at);
}

export interface TypeArgumentOptions {
  language: Language;
  invocations?: readonly MacroInvocation[];
}

/**
 * The syntax errors of `sites` (lines of the file) that remain when type-name arguments are read as names in the
 * macro-expanded text (`parseText` when nothing is substituted): an error is dropped when such an argument lies in
 * its construct's lines and that reading has no error there, or on its own line and that reading has no error on
 * that line while another error of its construct is still reported (a real error, reported where that reading has it).
 * An error whose construct holds constructs that reading begins on later lines is kept: the parse lost them.
 */
export function withoutTypeArgumentErrors(parseText_: string, sites: ErrorLines[], options: TypeArgumentOptions): ErrorLines[] {
  if (!sites.length) return sites;
  const exp = options.invocations?.length ? expandInvocations(parseText_, options.invocations) : null;
  const text = exp?.used.length ? exp.text : parseText_;
  const lineStarts = lineStartsOf(parseText_);
  const fileLine = (offset: number) => lineAt(lineStarts, offset) + 1;
  // Lines [first, last] of the file that an offset of the read text stands for (an expansion: its invocation's).
  const linesOf = (offset: number): [number, number] => {
    const loc = exp?.used.length ? exp.locate(offset) : { offset, inv: undefined };
    return loc.inv ? [loc.inv.line, fileLine(Math.max(loc.inv.start, loc.inv.end - 1))] : [fileLine(loc.offset), fileLine(loc.offset)];
  };
  const inSite = (s: ErrorLines) => ([first, last]: [number, number]) => first <= s.to && last >= s.from;
  const spans = typeNameArguments(text).filter(([a]) => sites.some((s) => inSite(s)(linesOf(a))));
  if (!spans.length) return sites;
  const read = asNames(text, spans);
  const tree = parseText(read, options.language, dataTableInsides(read).spans);
  const errors = errorSitesOf(tree, Infinity).map((e) => linesOf(e.at));
  // A broken construct that swallowed its neighbours (tree-sitter-cpp after `va_arg(ap, int)`) lost their symbols.
  const starts = fileLevelStarts(tree).map((o) => linesOf(o)[0]);
  const swallows = (s: ErrorLines) => starts.some((l) => l > s.from && l <= s.to);
  const argLines = spans.map(([a]) => linesOf(a));
  const atLine = (s: ErrorLines) => ([first, last]: [number, number]) => first <= s.line && last >= s.line;
  const readAsNames = (near: (s: ErrorLines) => (lines: [number, number]) => boolean) => (s: ErrorLines) =>
    argLines.some(near(s)) && !errors.some(near(s)) && !swallows(s);
  const kept = sites.filter((s) => !readAsNames(inSite)(s));
  // A construct that keeps an error is reported at the lines where that reading has one, when one of them remains.
  const real = kept.filter((s) => !readAsNames(atLine)(s));
  return kept.filter((s) => !readAsNames(atLine)(s) || !real.some((t) => t.from === s.from && t.to === s.to));
}
