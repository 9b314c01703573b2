// Preprocessing tokens (C11 6.4 / GCC cpplib) lexed from one logical line whose comments are already
// removed. Leaves out trigraphs and UCN validation; digraphs are mapped to their primary spelling.

export type TokenKind = 'ident' | 'number' | 'char' | 'string' | 'punct' | 'other' | 'placemarker';

export interface Token {
  k: TokenKind;
  /** Spelling. */
  v: string;
  /** Preceded by white space (matters for `#` stringification and text output). */
  sp: boolean;
  /** Hide set (macro names that must not expand this token again), or null. */
  hs: ReadonlySet<string> | null;
  /** Index of the macro parameter this body token names (set in macro bodies only). */
  pi?: number;
}

const PUNCTS3 = ['%:%:', '...', '<<=', '>>=', '->*', '<=>'];
const PUNCTS2 = [
  '->', '++', '--', '<<', '>>', '<=', '>=', '==', '!=', '&&', '||', '*=', '/=', '%=', '+=', '-=', '&=', '^=',
  '|=', '##', '<:', ':>', '<%', '%>', '%:', '::', '.*',
];
const DIGRAPH: Record<string, string> = { '<:': '[', ':>': ']', '<%': '{', '%>': '}', '%:': '#', '%:%:': '##' };
const PUNCT1 = new Set('[](){}.&*+-~!/%<>^|?:;=,#');
/** First characters of the punctuators of two or more characters: any other character is a punctuator on its own. */
const PUNCT_LONG_START = new Set([...PUNCTS3, ...PUNCTS2].map((p) => p.charCodeAt(0)));

function isIdStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36 || c >= 128;
}
function isIdChar(c: number): boolean {
  return isIdStart(c) || (c >= 48 && c <= 57);
}
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** A token; `pi` is present (undefined) on every token so that body tokens, which set it, keep the same shape. */
export function mkTok(k: TokenKind, v: string, sp = false): Token {
  return { k, v, sp, hs: null, pi: undefined };
}

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
    if (c === 32 || c === 9 || c === 12 || c === 11 || c === 13 || c === 10) {
      sp = true;
      i++;
      continue;
    }
    const start = i;
    // String / char literal with optional encoding prefix, raw strings.
    if (isIdStart(c)) {
      let j = i + 1;
      while (j < n && isIdChar(text.charCodeAt(j))) j++;
      const word = text.slice(i, j);
      const q = text[j];
      if ((q === '"' || q === "'") && /^(L|u|U|u8)$/.test(word)) {
        const end = scanQuoted(text, j, q);
        out.push(mkTok(q === '"' ? 'string' : 'char', text.slice(start, end), sp));
        i = end;
        sp = false;
        continue;
      }
      if (q === '"' && /^(L|u|U|u8)?R$/.test(word)) {
        const end = scanRaw(text, j);
        if (end > 0) {
          out.push(mkTok('string', text.slice(start, end), sp));
          i = end;
          sp = false;
          continue;
        }
      }
      out.push(mkTok('ident', word, sp));
      i = j;
      sp = false;
      continue;
    }
    if (isDigit(c) || (c === 46 && isDigit(text.charCodeAt(i + 1)))) {
      let j = i + 1;
      while (j < n) {
        const d = text.charCodeAt(j);
        if ((d === 43 || d === 45) && /[eEpP]/.test(text[j - 1])) j++;
        else if (isIdChar(d) || d === 46) j++;
        else if (d === 39 && j + 1 < n && isIdChar(text.charCodeAt(j + 1))) j += 2;
        else break;
      }
      out.push(mkTok('number', text.slice(i, j), sp));
      i = j;
      sp = false;
      continue;
    }
    if (c === 34 || (c === 39 && !asm)) {
      const end = scanQuoted(text, i, text[i]);
      out.push(mkTok(c === 34 ? 'string' : 'char', text.slice(i, end), sp));
      i = end;
      sp = false;
      continue;
    }
    let p: string | undefined;
    if (PUNCT_LONG_START.has(c)) {
      for (const cand of PUNCTS3) if (text.startsWith(cand, i)) { p = cand; break; }
      if (!p) for (const cand of PUNCTS2) if (text.startsWith(cand, i)) { p = cand; break; }
    }
    if (p) {
      out.push(mkTok('punct', DIGRAPH[p] ?? p, sp));
      i += p.length;
    } else if (PUNCT1.has(text[i])) {
      out.push(mkTok('punct', text[i], sp));
      i++;
    } else {
      out.push(mkTok('other', text[i], sp));
      i++;
    }
    sp = false;
  }
  return out;
}

/** End index (exclusive) of a quoted literal starting at `i` (the quote); stops at end of text if unterminated. */
function scanQuoted(text: string, i: number, q: string): number {
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
function scanRaw(text: string, q: number): number {
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
