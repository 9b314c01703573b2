// Rewrites uses of macros that only decorate declarations before tree-sitter sees the text: macros that
// expand to nothing, to attributes or to `_Pragma("...")` operators are blanked (`SQLITE_API`, `__WEAK`, `LOG(x)`
// where LOG is empty, LVGL `LV_DEPRECATIONS_IGNORE_BEGIN`), and function-like ones that expand to an empty block
// (Zephyr's `__ASSERT(test, fmt, ...)` → `{ }`: read unexpanded, a call of `__ASSERT`),
// macros that expand to keywords are replaced by them (`SQLITE_PRIVATE` → `static`, `__ASM` → `__asm`, rapidjson
// `RAPIDJSON_NOEXCEPT` → `noexcept`, libstdc++ `_GLIBCXX17_CONSTEXPR` → `constexpr`,
// `__PACKED_STRUCT` → `struct`, glibc `__STD_TYPE` → `typedef`), the halves of a C linkage block are written out
// (C++ `__BEGIN_DECLS` → `extern "C" {`, `__END_DECLS` → `}`), and a macro that only wraps its argument in an asm
// operand constraint or a noexcept has its name replaced by it (`__CMSIS_GCC_OUT_REG (x)` → `"=r" (x)`); macros that
// write a piece of an argument list (lwIP `WRITE_DELAYED` → `, 1`) or a declaration of their arguments
// (`API_MSG_M_DEF_C(t, m)` → `const t * m`) are written out where that fits, and function-like ones writing a piece
// of a list of expressions (Mbed TLS's `MBEDTLS_SSL_SIG_ALG(hash)` → `..., (0x800 | hash),`) are blanked. Columns
// and lines never move; other macros are left alone.
import type { MacroRecord } from '../preprocessor/api.js';
import { sha1 } from '../model/sha1.js';
import { isBlankableListPiece, listFragmentFitting } from './list-fragments.js';
import { argumentList, decoratedParameter, PLAIN_WRAPPER, unwrappedUse, wrappedName, wrapperOf, type WrapperGlue } from './wrapper-macros.js';

export interface BlankableMacros {
  /** Object-like macro → the text that replaces each use (padded to the name's length). */
  objectLike: Map<string, string>;
  functionLike: Set<string>;
  /** Function-like macros that hand their arguments on (see wrapper-macros.ts) → the glue written around them. */
  unwrapped: Map<string, WrapperGlue>;
}

/** Hashes of blankings known without hashing them (made already, or kept with them: see kept-blankings.ts). */
const knownHashes = new WeakMap<BlankableMacros, string>();

/** Blankings hashed in this process (tests count the work a patch spares). */
export const blankingWork = { hashed: 0 };

/** What names a blanking: the sha1 of its entries, sorted (part of a file's activity key). */
export function blankableHash(b: BlankableMacros): string {
  let hash = knownHashes.get(b);
  if (hash === undefined) {
    blankingWork.hashed++;
    knownHashes.set(b, (hash = sha1(JSON.stringify([[...b.objectLike].sort(), [...b.functionLike].sort(), [...b.unwrapped].sort()]))));
  }
  return hash;
}

/** Records the hash of a blanking as kept with it (what blankableHash answers for it then). */
export function knownBlankableHash(b: BlankableMacros, hash: string): void {
  knownHashes.set(b, hash);
}

/** Attributes and `_Pragma("...")` operators (tree-sitter reads a `_Pragma` left in the text as a call missing its `;`). */
const ATTRIBUTE_ONLY = /^(\s*(__attribute__\s*\(\(.*\)\)|__declspec\s*\(.*\)|\[\[.*\]\]|_Pragma\s*\(\s*"(?:[^"\\\n]|\\.)*"\s*\)))+\s*$/s;
const KEYWORD = String.raw`static|extern|inline|__inline__|__inline|const|__const__|__const|volatile|__volatile__|register|_Noreturn|restrict|__restrict__|__restrict|asm|__asm__|__asm|struct|union|typedef|__extension__|noexcept|constexpr`;
const KEYWORD_WORD = new RegExp(`^(?:${KEYWORD})$`);
const KEYWORDS_ONLY = new RegExp(String.raw`^(\s*((?:${KEYWORD})\b|__attribute__\s*\(\(.*\)\)))+\s*$`, 's');

/** Qualifiers change no declaration's name or kind: dropped when the macro's name is too short to hold them. */
const QUALIFIERS = new Set(['const', 'volatile', 'register', 'inline', 'restrict', '__extension__', 'noexcept', 'constexpr']);
/** GNU alternate keywords and the plain spelling that takes less room. */
const PLAIN: Record<string, string> = {
  __inline__: 'inline', __inline: 'inline', __const__: 'const', __const: 'const', __volatile__: 'volatile',
  __restrict__: 'restrict', __restrict: 'restrict', __asm__: 'asm', __asm: 'asm',
};

/** The text with each `__attribute__((...))` removed, its parentheses matched (`((packed, aligned(1)))`). */
function withoutAttributes(v: string): string {
  let out = '';
  let at = 0;
  for (let k = v.indexOf('__attribute__'); k >= 0; k = v.indexOf('__attribute__', at)) {
    out += v.slice(at, k) + ' ';
    const end = pastGroup(v, k + '__attribute__'.length);
    at = end < 0 ? v.length : end;
  }
  return out + v.slice(at);
}

/** A value of string literals only (`"\\r\\n"`, `"l" "u"`, `u8"x"`): C joins it with the literals next to it. */
const STRINGS_ONLY = /^(?:(?:u8|u|U|L)?"(?:[^"\\\n]|\\.)*"\s*)+$/;

/**
 * What stands for a string macro next to a string literal: an empty literal, which tree-sitter joins with the
 * literals around it as the compiler does (lwIP's makefsdata `fprintf(f, "%d" NEWLINE, n)`, glibc's `"%" PRIu64`;
 * read unexpanded, a name next to a literal is a syntax error). Null when the name is too short to hold it.
 */
function stringReplacement(name: string): string | null {
  return name.length >= 2 ? '""' : null;
}

/** True for a replacement that stands for a string literal (an asm operand's constraint does not): used only next to another (see blankMacroUses). */
function isStringReplacement(text: string): boolean {
  return text.charCodeAt(0) === 34 && text.trimEnd() === '""';
}

/** First characters of what ATTRIBUTE_ONLY and KEYWORDS_ONLY match: other values (`(4U)`, most of them) are not tested. */
const MAY_DECORATE = new Set('_[secivrautn');

/** An array declarator's brackets, empty or around one word (glibc's `__flexarr`: `[]`, `[0]` or `[1]`). */
const ARRAY_SUFFIX = /^\[\s*\w*\s*\]$/;

/** A linkage block's opening (`__BEGIN_DECLS` in C++: `extern "C" {`), and its shortest spelling. */
const LINKAGE_OPEN = /^extern\s*"C"\s*\{$/;
const LINKAGE_OPEN_SHORT = 'extern"C"{';

/**
 * What replaces a use of this object-like macro, or null when it must stay. Besides decorations, the two halves of
 * a C linkage block (glibc's and newlib's `__BEGIN_DECLS` / `__END_DECLS` as C++ sees them) are written out: left
 * as names, the parser read the declarations between them as one broken declaration. So is a piece of an argument
 * list (see list-fragments.ts), and an array declarator's brackets (glibc's `__flexarr` → `[]`: `unsigned char
 * __cmsg_data __flexarr;` read two names side by side).
 */
function replacementFor(m: MacroRecord): string | null {
  const v = m.value.trim();
  if (v === '') return '';
  if (v === '}') return '}';
  // Each form below is told first by a character of the value: most values (a device header's 400 000, `(4U)`,
  // `(0xFUL << X_Pos)`, `X_Msk`) are none of them.
  const first = v[0];
  if ((first === '"' || first === 'u' || first === 'U' || first === 'L') && STRINGS_ONLY.test(v)) return stringReplacement(m.name);
  if (first === 'e' && LINKAGE_OPEN.test(v)) return 'extern "C" {'.length <= m.name.length ? 'extern "C" {' : LINKAGE_OPEN_SHORT.length <= m.name.length ? LINKAGE_OPEN_SHORT : null;
  if (first === ',' || v[v.length - 1] === ',') {
    const fragment = listFragmentFitting(v, m.name.length);
    if (fragment !== undefined) return fragment;
  }
  if (first === '[' && ARRAY_SUFFIX.test(v)) return v.replace(/\s+/g, '').length <= m.name.length ? v.replace(/\s+/g, '') : null;
  if (!MAY_DECORATE.has(first)) return null;
  if (ATTRIBUTE_ONLY.test(v)) return '';
  if (!KEYWORDS_ONLY.test(v)) return null;
  return keywordsFitting(withoutAttributes(v), m.name.length);
}

/** Keywords (separated by blanks) as they fit in a macro name of `room` characters, or null. */
function keywordsFitting(text: string, room: number): string | null {
  const keywords = text.replace(/\s+/g, ' ').trim();
  if (keywords.length <= room) return keywords;
  const plain = keywords.split(' ').map((k) => PLAIN[k] ?? k);
  if (plain.join(' ').length <= room) return plain.join(' ');
  // A name shorter than its keywords (CMSIS `__IO` → `volatile`, `__I` → `volatile const`): the qualifiers
  // go; storage classes, typedef, struct/union and asm decide what the declaration is and must fit.
  const kept = plain.filter((k) => !QUALIFIERS.has(k)).join(' ');
  return kept.length <= room ? kept : null;
}

/**
 * A function-like macro of one parameter that expands to a string or `noexcept` and that parameter in parentheses —
 * an asm operand such as CMSIS `__CMSIS_GCC_OUT_REG(r)` → `"=r" (r)`, libstdc++'s `_GLIBCXX_NOEXCEPT_IF(...)` →
 * `noexcept(__VA_ARGS__)`: the string or keyword, which replaces the macro's name (the argument list stays) when it
 * fits there. Else null.
 */
function operandConstraintFor(m: MacroRecord): string | null {
  const param = /^\(\s*([A-Za-z_]\w*|\.\.\.)\s*\)$/.exec(m.params ?? '');
  const body = /^("(?:[^"\\\n]|\\.)*"|noexcept)\s*\(\s*([A-Za-z_]\w*)\s*\)$/.exec(m.value.trim());
  const arg = param?.[1] === '...' ? '__VA_ARGS__' : param?.[1];
  return body && body[2] === arg && body[1].length <= m.name.length ? body[1] : null;
}

interface Verdict {
  /**
   * object: each use of the name is replaced by `text`; function: each use is blanked with its arguments; unwrap:
   * the name, parentheses and commas of each use are blanked and the glue `text` written there (see wrapper-macros.ts).
   */
  kind: 'object' | 'function' | 'unwrap' | 'no';
  text: string;
}

/** The verdict of most definitions (one object for all: a device header has 400 000 of them). */
const NO: Verdict = { kind: 'no', text: '' };

/** An empty statement written as a block (Zephyr's `__ASSERT(test, fmt, ...)` → `{ }` with asserts off). */
const EMPTY_BLOCK = /^\s*(?:\{\s*\}|do\s*\{\s*\}\s*while\s*\(\s*0\s*\))\s*$/;

/** What one definition asks for. A function-like attribute macro stays: its use is read expanded (`ALIAS(f)` → a weak alias of f). */
function verdictOf(m: MacroRecord): Verdict {
  if (m.value === EMBEDDED_ASM || m.value === IAR_PLACEMENT) return { kind: 'object', text: m.value };
  if (m.functionLike) {
    // Nothing, or an empty block (a statement only, which blanked leaves the `;` after it as an empty statement).
    if (m.value.trim() === '' || EMPTY_BLOCK.test(m.value)) return { kind: 'function', text: '' };
    const constraint = operandConstraintFor(m);
    if (constraint !== null) return { kind: 'object', text: constraint };
    const glue = wrapperOf(m);
    if (glue !== null) return { kind: 'unwrap', text: glue };
    // A piece of a list of expressions, a comma at one end, that hands no argument on (see list-fragments.ts).
    return /^\s*,|,\s*$/.test(m.value) && isBlankableListPiece(m.value) ? { kind: 'function', text: '' } : NO;
  }
  const text = replacementFor(m);
  return text === null ? NO : { kind: 'object', text };
}

/**
 * Per name with a definition that is not 'no', the verdict all its definitions agree on ('no' when they differ);
 * a name all of whose definitions are 'no' is left out (read as 'no').
 */
function mergedVerdicts(macros: MacroRecord[], verdicts: Verdict[]): Map<string, Verdict> {
  const merged = new Map<string, Verdict>();
  for (let i = 0; i < macros.length; i++) {
    const v = verdicts[i];
    if (v.kind === 'no') continue;
    const prev = merged.get(macros[i].name);
    const agree = prev === undefined || (prev.kind === v.kind && prev.text === v.text);
    merged.set(macros[i].name, agree ? v : NO);
  }
  if (merged.size === 0) return merged;
  for (let i = 0; i < macros.length; i++) if (verdicts[i].kind === 'no' && merged.has(macros[i].name)) merged.set(macros[i].name, NO);
  return merged;
}

/** Index just past the parenthesized group that starts at or after `i` (only blanks before it), or -1. */
function pastGroup(v: string, i: number): number {
  while (/\s/.test(v[i] ?? '')) i++;
  if (v[i] !== '(') return -1;
  for (let depth = 0; i < v.length; i++) {
    if (v[i] === '(') depth++;
    else if (v[i] === ')' && --depth === 0) return i + 1;
  }
  return -1;
}

/**
 * What `value` comes to when it is only decorations and keywords: `__attribute__ ((...))` and `_Pragma (...)` groups,
 * keywords, and uses of macros already decided (blanked ones, object-like by name and function-like with their
 * arguments; keyword ones by their keywords). The keywords in order ('' for decorations alone), or null.
 */
function decorationsAndKeywords(value: string, verdicts: Map<string, Verdict>): string | null {
  const ident = /[A-Za-z_]\w*/y;
  let keywords = '';
  let i = 0;
  for (;;) {
    while (/\s/.test(value[i] ?? '')) i++;
    if (i >= value.length) return keywords.trim();
    ident.lastIndex = i;
    const name = ident.exec(value)?.[0];
    if (!name) return null;
    i += name.length;
    if (KEYWORD_WORD.test(name)) {
      keywords += ` ${name}`;
      continue;
    }
    // `_Pragma (operand)` is a decoration whatever its operand is written as before expansion (rapidjson's
    // `RAPIDJSON_PRAGMA(x)` → `_Pragma(RAPIDJSON_STRINGIFY(x))`): the operator leaves no token behind.
    const v = name === '__attribute__' || name === '_Pragma' ? ({ kind: 'function', text: '' } as const) : verdicts.get(name);
    if (!v || v.kind === 'no' || !v.text.split(' ').every((w) => w === '' || KEYWORD_WORD.test(w))) return null;
    if (v.kind === 'function' && (i = pastGroup(value, i)) < 0) return null;
    keywords += ` ${v.text}`;
  }
}

/** True when `value` is string literals and names of string macros already decided (glibc `__PRI64_PREFIX "u"`). */
function stringsAndStringMacros(value: string, verdicts: Map<string, Verdict>): boolean {
  const piece = /\s*(?:((?:u8|u|U|L)?"(?:[^"\\\n]|\\.)*")|([A-Za-z_]\w*))/y;
  let i = 0;
  let pieces = 0;
  while (i < value.length) {
    piece.lastIndex = i;
    const m = piece.exec(value);
    if (!m) return /^\s*$/.test(value.slice(i)) && pieces > 0;
    if (m[2] !== undefined) {
      const v = verdicts.get(m[2]);
      if (!v || v.kind !== 'object' || !isStringReplacement(v.text)) return false;
    }
    pieces++;
    i = piece.lastIndex;
  }
  return pieces > 0;
}

/** Levels of decoration macros built on one another that are followed. */
const MAX_CHAIN = 6;

/**
 * Decorations and keyword macros built from others, followed a few levels deep: glibc and newlib `__nonnull (params)`
 * → `__attribute_nonnull__ (params)` → `__attribute__ ((__nonnull__ params))`, `__wur`, CMSIS `__ALIGNED(x)` are
 * blanked like attributes written out, as are pragma macros built on a `_Pragma` of a stringized argument (rapidjson's
 * `RAPIDJSON_DIAG_OFF(x)` → `RAPIDJSON_DIAG_PRAGMA(...)` → `RAPIDJSON_PRAGMA(...)` → `_Pragma(RAPIDJSON_STRINGIFY(x))`,
 * `RAPIDJSON_DIAG_PUSH`); glibc `__STDIO_INLINE` → `__extern_inline` → `extern __inline
 * __attribute__ ((__gnu_inline__))` is replaced by its keywords as they fit (`extern inline`). A definition naming
 * `alias` stays, as function-like attribute macros that make aliases are read expanded (`ALIAS(f)` → a weak alias of f).
 */
function followChains(macros: MacroRecord[], verdicts: Verdict[]): Map<string, Verdict> {
  let merged = mergedVerdicts(macros, verdicts);
  const open: number[] = [];
  for (let i = 0; i < macros.length; i++) {
    const v = macros[i].value;
    if (verdicts[i].kind === 'no' && /^\s*[A-Za-z_"]/.test(v) && !/\balias\b/.test(v)) open.push(i);
  }
  for (let depth = 0; depth < MAX_CHAIN && open.length; depth++) {
    let changed = false;
    for (let k = open.length - 1; k >= 0; k--) {
      const m = macros[open[k]];
      const wrapped = merged.get(wrappedName(m) ?? '');
      const decorated = decoratedParameter(m);
      if (wrapped?.kind === 'unwrap' || (decorated !== undefined && decorationsAndKeywords(decorated, merged) === '')) {
        verdicts[open[k]] = wrapped?.kind === 'unwrap' ? wrapped : { kind: 'unwrap', text: PLAIN_WRAPPER };
        open.splice(k, 1);
        changed = true;
        continue;
      }
      const keywords = decorationsAndKeywords(m.value, merged);
      const text =
        keywords === null
          ? m.functionLike || !stringsAndStringMacros(m.value, merged) ? null : stringReplacement(m.name)
          : keywords !== '' && m.functionLike ? null : keywordsFitting(keywords, m.name.length);
      if (text === null) continue;
      verdicts[open[k]] = { kind: m.functionLike ? 'function' : 'object', text };
      open.splice(k, 1);
      changed = true;
    }
    if (!changed) break;
    merged = mergedVerdicts(macros, verdicts);
  }
  return merged;
}

/** Macros every definition of which (in this build) expands to nothing, only to attributes or to keywords as above. */
export function blankableMacros(macros: MacroRecord[]): BlankableMacros {
  const verdict = followChains(macros, macros.map(verdictOf));
  const out: BlankableMacros = { objectLike: new Map(), functionLike: new Set(), unwrapped: new Map() };
  for (const [name, v] of verdict) {
    if (v.kind === 'object') out.objectLike.set(name, v.text.padEnd(name.length, ' '));
    else if (v.kind === 'function') out.functionLike.add(name);
    else if (v.kind === 'unwrap') out.unwrapped.set(name, v.text);
  }
  return out;
}

/**
 * The replacement of `__asm` in an armcc build's blanking (a record of compiler-keywords.ts): not text but the rule
 * that armcc's embedded-assembler functions (`__asm void f(void) { armasm }`) and inline blocks (`__asm { ... }`)
 * have their armasm blanked with the keyword (see asmBraces); `__asm("...")` statements stay.
 */
export const EMBEDDED_ASM = '\u0000asm';

/**
 * The replacement of `@` in an iccarm build's blanking (compiler-keywords.ts): IAR's placement of a variable or
 * function (`__no_init int x @ 0x20000000;`, `const char v[] @ ".version" = "1";`) is blanked with its operand.
 */
export const IAR_PLACEMENT = '\u0000at';

const TOKEN = /\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|[A-Za-z_]\w*|[()@]/g;

/** `text` with every character but line ends a blank (columns and lines kept). */
export function blank(text: string): string {
  return text.replace(/[^\r\n]/g, ' ');
}

/** Per set of blankable macros: a pattern matching any of their names (made on first use). */
const anyName = new WeakMap<BlankableMacros, RegExp>();

/** True when one of the names occurs in `text` at all: a text without any needs no tokenizing. */
function mentionsAny(text: string, macros: BlankableMacros): boolean {
  let re = anyName.get(macros);
  if (!re) {
    const names = [...macros.objectLike.keys(), ...macros.functionLike, ...macros.unwrapped.keys()].map((n) => n.replace(/[$()*+.?[\\\]^{|}]/g, '\\$&'));
    anyName.set(macros, (re = new RegExp(names.join('|'))));
  }
  return re.test(text);
}

/**
 * Where a blanked use ends: past the `;` after it when the use stands alone as a statement or member (after `;` or
 * `{`), which blanked leaves an empty declaration the grammar cannot read in a struct (Zephyr's kernel.h
 * `struct k_sem { ...; _POLL_EVENT; };` with `#define _POLL_EVENT` empty). After anything else (`if (x) EMPTY;`,
 * `else EMPTY;`, `case 1: EMPTY;`) the `;` is a statement of its own and stays; after a `}` it ends the declaration
 * of a struct the use decorates (lwIP's `struct eth_hdr { ... } PACK_STRUCT_STRUCT;`, Zephyr's `} __packed;`), or
 * is an empty statement or declaration after a block.
 */
function emptyStatementEnd(text: string, start: number, end: number): number {
  let before = start - 1;
  while (before >= 0 && /\s/.test(text[before])) before--;
  if (before >= 0 && !';{'.includes(text[before])) return end;
  if (before >= 0 && text[before] === ';' && insideParentheses(text, before)) return end;
  let after = end;
  while (after < text.length && /\s/.test(text[after])) after++;
  return text[after] === ';' ? after + 1 : end;
}

/** How far back insideParentheses looks for the `(` of a `for` header: a header longer than this is not one. */
const MAX_HEADER_LOOKBACK = 1024;

/**
 * True when the `;` at `semi` is inside an open parenthesis, as in a `for (init; cond; step)` header (FreeRTOS
 * `for( ; configCONTROL_INFINITE_LOOP(); )` with the macro empty): a use after it is an expression, not a
 * statement, and the `;` after it belongs to the header. Looks back to the `{`, `}` or `;` outside parentheses
 * that starts the statement.
 */
function insideParentheses(text: string, semi: number): boolean {
  let depth = 0;
  const stop = Math.max(0, semi - MAX_HEADER_LOOKBACK);
  for (let i = semi - 1; i >= stop; i--) {
    const c = text[i];
    if (c === ')') depth++;
    else if (c === '(') {
      if (depth === 0) return true;
      depth--;
    } else if (depth === 0 && (c === '{' || c === '}' || c === ';')) return false;
  }
  return false;
}

/** Blanks and comments only. */
const BETWEEN_TOKENS = /^(?:\s|\/\*[\s\S]*?\*\/|\/\/[^\n]*)*$/;
/** Blanks and comments, then the start of what follows. */
const NEXT_TOKEN = /(?:\s|\/\*[\s\S]*?\*\/|\/\/[^\n]*)*((?:u8|u|U|L)?"|[A-Za-z_]\w*)?/y;
/** How far back a string literal before a use is looked for (the blanks and comments between them). */
const MAX_GAP = 256;

/**
 * True when the use of a string macro at [start, end) stands next to a string literal or another string macro,
 * blanks and comments between: there C joins them, and the empty literal that replaces the name keeps the text
 * readable. Elsewhere the name stays (it reads as an expression as it is).
 */
function nextToString(text: string, start: number, end: number, objectLike: ReadonlyMap<string, string>): boolean {
  const isString = (name: string) => {
    const r = objectLike.get(name);
    return r !== undefined && isStringReplacement(r);
  };
  NEXT_TOKEN.lastIndex = end;
  const next = NEXT_TOKEN.exec(text)?.[1];
  if (next !== undefined && (next.endsWith('"') || isString(next))) return true;
  const from = Math.max(0, start - MAX_GAP);
  const before = text.slice(from, start);
  const lastQuote = before.lastIndexOf('"');
  if (lastQuote >= 0 && BETWEEN_TOKENS.test(before.slice(lastQuote + 1))) return true;
  const word = /([A-Za-z_]\w*)((?:\s|\/\*[\s\S]*?\*\/|\/\/[^\n]*)*)$/.exec(before);
  return word !== null && isString(word[1]);
}

/** `__asm` under armcc's rule (see EMBEDDED_ASM), or a macro standing for it there (CMSIS's `#define __ASM __asm`). */
function isEmbeddedAsm(replacement: string, macros: BlankableMacros): boolean {
  const r = replacement.trim();
  return r === EMBEDDED_ASM || (r === '__asm' && macros.objectLike.get('__asm')?.trim() === EMBEDDED_ASM);
}

/** Where the operand of an IAR placement `@` ends: past an address, a section's string or a parenthesized expression. */
function placementEnd(text: string, from: number): number | undefined {
  const m = /\s*(?:"(?:\\.|[^"\\\n])*"|[A-Za-z0-9_.]+)/y;
  m.lastIndex = from;
  const operand = m.exec(text);
  return operand ? from + operand[0].length : argumentList(text, from)?.close;
}

/** How far past `__asm` the header of an embedded-assembler function may reach before its body's `{`. */
const MAX_ASM_HEADER = 1024;

/**
 * What follows `__asm` at `from`: an `__asm("...")` / `__asm volatile` statement (left alone), a declaration (`;`
 * before any body), or the braces of an inline block or of a function's body, `close` at its matching `}`.
 */
function asmBraces(text: string, from: number): 'statement' | 'declaration' | { open: number; close: number; block: boolean } {
  let i = from;
  while (i < text.length && /\s/.test(text[i])) i++;
  if (text[i] === '(' || /^(?:volatile|__volatile__|__volatile)\b/.test(text.slice(i, i + 14))) return 'statement';
  let open = i;
  let depth = 0;
  for (; open < text.length && open - from < MAX_ASM_HEADER; open++) {
    const c = text[open];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && c === '{') break;
    else if (depth === 0 && (c === ';' || c === '}')) return 'declaration';
  }
  const close = text[open] === '{' ? matchingBrace(text, open) : undefined;
  return close === undefined ? 'declaration' : { open, close, block: open === i };
}

/** The `}` closing the `{` at `open` (comments and literals skipped), or undefined when it does not close. */
function matchingBrace(text: string, open: number): number | undefined {
  let depth = 0;
  const re = /\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|[{}]/g;
  re.lastIndex = open;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0] === '{') depth++;
    else if (m[0] === '}' && --depth === 0) return m.index;
  }
  return undefined;
}

/**
 * `text` with the uses of `macros` blanked; `undefinedAt(name, offset)`, when given, says where an #undef left the
 * name undefined (see undone-names.ts): a use there is kept as the identifier it is.
 */
export function blankMacroUses(text: string, macros: BlankableMacros, undefinedAt?: (name: string, offset: number) => boolean): string {
  if (macros.objectLike.size === 0 && macros.functionLike.size === 0 && macros.unwrapped.size === 0) return text;
  if (!mentionsAny(text, macros)) return text;
  const parts: string[] = [];
  let copied = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) {
    const tok = m[0];
    const replacement = macros.objectLike.get(tok);
    const glue = macros.unwrapped.get(tok);
    if ((replacement !== undefined || glue !== undefined || macros.functionLike.has(tok)) && undefinedAt?.(tok, m.index)) continue;
    if (glue !== undefined) {
      const use = unwrappedUse(text, m.index, m.index + tok.length, glue);
      if (use === undefined) continue;
      parts.push(text.slice(copied, m.index), use.glue[0]);
      // An argument may hold uses of its own (`PACK_STRUCT_FIELD(PACK_STRUCT_FLD_8(x))`, a blanked decoration).
      use.args.forEach(([at, argEnd], i) => {
        parts.push(blankMacroUses(text.slice(at, argEnd), macros, undefinedAt && ((name, offset) => undefinedAt(name, offset + at))), use.glue[i + 1]);
      });
      copied = use.end;
      TOKEN.lastIndex = use.end;
      continue;
    }
    if (replacement === IAR_PLACEMENT) {
      const end = placementEnd(text, m.index + 1);
      if (end === undefined) continue;
      parts.push(text.slice(copied, m.index), blank(text.slice(m.index, end)));
      copied = end;
      TOKEN.lastIndex = end;
      continue;
    }
    if (replacement !== undefined && isEmbeddedAsm(replacement, macros)) {
      const end = m.index + tok.length;
      const braces = asmBraces(text, end);
      if (braces === 'statement') continue;
      parts.push(text.slice(copied, m.index), blank(tok));
      if (braces === 'declaration') copied = end;
      else {
        // An inline block is blanked whole; a function keeps its header and braces, its body blanked.
        parts.push(braces.block ? blank(text.slice(end, braces.close + 1)) : `${text.slice(end, braces.open + 1)}${blank(text.slice(braces.open + 1, braces.close))}}`);
        copied = braces.close + 1;
      }
      TOKEN.lastIndex = copied;
      continue;
    }
    if (replacement !== undefined && isStringReplacement(replacement) && !nextToString(text, m.index, m.index + tok.length, macros.objectLike)) continue;
    if (replacement !== undefined) {
      const end = replacement.trim() === '' ? emptyStatementEnd(text, m.index, m.index + tok.length) : m.index + tok.length;
      parts.push(text.slice(copied, m.index), end === m.index + tok.length ? replacement : blank(text.slice(m.index, end)));
      copied = end;
      TOKEN.lastIndex = end;
    } else if (macros.functionLike.has(tok)) {
      // Only a use with an argument list that closes.
      const list = argumentList(text, m.index + tok.length);
      if (list === undefined) continue;
      const end = emptyStatementEnd(text, m.index, list.close);
      parts.push(text.slice(copied, m.index), blank(text.slice(m.index, end)));
      copied = end;
      TOKEN.lastIndex = end;
    }
  }
  if (copied === 0) return text;
  parts.push(text.slice(copied));
  return parts.join('');
}
