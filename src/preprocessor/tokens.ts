// Preprocessing tokens (C11 6.4 / GCC cpplib) lexed from one logical line whose comments are already
// removed. Leaves out trigraphs and UCN validation; digraphs are mapped to their primary spelling.
import type { HideSet } from './hide-sets.js';

export type TokenKind = 'ident' | 'number' | 'char' | 'string' | 'punct' | 'other' | 'placemarker';

export interface Token {
  k: TokenKind;
  /** Spelling. */
  v: string;
  /** Preceded by white space (matters for `#` stringification and text output). */
  sp: boolean;
  /** Hide set (macro names that must not expand this token again), or null. */
  hs: HideSet | null;
  /** Index of the macro parameter this body token names (set in macro bodies only). */
  pi?: number;
}

const DIGRAPH: Record<string, string> = { '<:': '[', ':>': ']', '<%': '{', '%>': '}', '%:': '#', '%:%:': '##' };
const PUNCT1 = new Set('[](){}.&*+-~!/%<>^|?:;=,#');

function isIdStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36 || c >= 128;
}
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** A token; `pi` is present (undefined) on every token so that body tokens, which set it, keep the same shape. */
export function mkTok(k: TokenKind, v: string, sp = false): Token {
  return { k, v, sp, hs: null, pi: undefined };
}

/**
 * One token (or a run of white space) at `lastIndex`, alternatives in the order lexLine tries them: blanks, an
 * identifier (any code unit past ASCII included), a pp-number (a sign only after e/E/p/P, `'` digit separators),
 * a string or character literal (to the end of the text when unterminated), the punctuators of three or more
 * characters then of two, else any one character. A regex scan per token instead of a loop per character: lexLine
 * runs a few thousand times a run, mostly before V8 optimizes it, and its character loop cost more to compile
 * than it ran.
 */
const TOKEN =
  /[ \t\f\v\r\n]+|[A-Za-z_$\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*|\.?[0-9](?:(?<=[eEpP])[+-]|[A-Za-z0-9_$.\u0080-\uffff]|'[A-Za-z0-9_$\u0080-\uffff])*|"(?:[^"\\]|\\[\s\S]?)*"?|'(?:[^'\\]|\\[\s\S]?)*'?|%:%:|\.\.\.|<<=|>>=|->\*|<=>|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||\*=|\/=|%=|\+=|-=|&=|\^=|\|=|##|<:|:>|<%|%>|%:|::|\.\*|[\s\S]/y;

/**
 * Lex `text` (one logical line, comments already blanked) into tokens. `asm` mode (assembler-with-cpp,
 * linker scripts) does not treat a lone `'` as opening a character constant.
 */
export function lexLine(text: string, asm = false): Token[] {
  const out: Token[] = [];
  const n = text.length;
  let i = 0;
  let sp = false;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 39 && asm) {
      out.push(mkTok('other', "'", sp));
      i++;
      sp = false;
      continue;
    }
    TOKEN.lastIndex = i;
    const v = TOKEN.exec(text)![0];
    i += v.length;
    if (c === 32 || c === 9 || c === 12 || c === 11 || c === 13 || c === 10) sp = true;
    else {
      if (isIdStart(c)) {
        // A literal with an encoding prefix runs past the identifier the prefix matched.
        const t = identOrLiteral(text, v, i, sp);
        out.push(t);
        i += t.v.length - v.length;
      } else out.push(tokenOf(c, v, sp));
      sp = false;
    }
  }
  return out;
}

/** The token of an identifier `word` ending at `j`: a string or character literal when it is an encoding prefix. */
function identOrLiteral(text: string, word: string, j: number, sp: boolean): Token {
  const q = text[j];
  if ((q === '"' || q === "'") && /^(L|u|U|u8)$/.test(word)) return mkTok(q === '"' ? 'string' : 'char', text.slice(j - word.length, scanQuoted(text, j, q)), sp);
  if (q === '"' && /^(L|u|U|u8)?R$/.test(word)) {
    const end = scanRaw(text, j);
    if (end > 0) return mkTok('string', text.slice(j - word.length, end), sp);
  }
  return mkTok('ident', word, sp);
}

/** The token of `v`, which TOKEN matched at a character `c` that starts no identifier nor white space. */
function tokenOf(c: number, v: string, sp: boolean): Token {
  if (isDigit(c) || (c === 46 && v.length > 1 && isDigit(v.charCodeAt(1)))) return mkTok('number', v, sp);
  if (c === 34) return mkTok('string', v, sp);
  if (c === 39) return mkTok('char', v, sp);
  if (v.length > 1) return mkTok('punct', DIGRAPH[v] ?? v, sp);
  return mkTok(PUNCT1.has(v) ? 'punct' : 'other', v, sp);
}

/** End index (exclusive) of a quoted literal starting at `i` (the quote); stops at end of text if unterminated. */
export function scanQuoted(text: string, i: number, q: string): number {
  let j = i + 1;
  while (j < text.length) {
    const ch = text[j];
    if (ch === '\\') j += 2;
    else if (ch === q) return j + 1;
    else j++;
  }
  return text.length;
}

/** End of a raw string `"delim( ... )delim"` starting at the quote, or -1 when malformed on this text. */
export function scanRaw(text: string, q: number): number {
  const open = text.indexOf('(', q + 1);
  if (open < 0 || open - q - 1 > 16) return -1;
  const delim = text.slice(q + 1, open);
  if (/[\s()\\]/.test(delim)) return -1;
  const close = text.indexOf(')' + delim + '"', open + 1);
  return close < 0 ? text.length : close + delim.length + 2;
}

/** Spell a token list back to text, with single spaces where white space was. */
export function spell(tokens: readonly Token[], firstSpace = false): string {
  let s = '';
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.k === 'placemarker') continue;
    if (t.sp && (s.length > 0 || firstSpace)) s += ' ';
    s += t.v;
  }
  return s;
}

/** True when `text` lexes as exactly one token (used to validate `##` results). */
export function lexesAsOne(text: string): Token | undefined {
  const toks = lexLine(text);
  if (toks.length !== 1) return undefined;
  const t = toks[0];
  if (t.k === 'other' && text.length !== 1) return undefined;
  if ((t.k === 'string' || t.k === 'char') && t.v.length !== text.length) return undefined;
  return t.v === text || DIGRAPH[text] !== undefined ? t : undefined;
}
