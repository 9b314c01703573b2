// The lexer against the character loop it replaced (kept here as the reference): the same tokens, kinds,
// spellings and spacing for text made of the characters that decide a token's end, and for fixture directives.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lexLine, mkTok, scanQuoted, scanRaw, type Token } from '../../src/preprocessor/tokens.js';

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

/**
 * Lex `text` (one logical line, comments already blanked) into tokens. `asm` mode (assembler-with-cpp,
 * linker scripts) does not treat a lone `'` as opening a character constant.
 */
export function referenceLexLine(text: string, asm = false): Token[] {
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

/** A deterministic pseudo-random sequence (xorshift). */
function randoms(seed: number): () => number {
  let x = seed;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

const PIECES = [
  ' ', '\t', '\v', '\f', '\r', '\n', 'a', 'Z', '_', '$', 'x1', 'e', 'E', 'p', 'P', 'L', 'u', 'U', 'u8', 'R', '0', '7', '9',
  '.', '..', '+', '-', "'", '"', '\\', '(', ')', '<', '>', '=', ':', '%', '#', '*', '&', '|', '^', '!', '/', '?', ';',
  ',', '[', ']', '{', '}', '~', '@', '`', '\u00e9', '\u4e2d', '\ud83d', '\ude00', '\u0000', '\u007f', '0x1F', '1e+5', "1'000",
  'R"x(', ')x"', 'u8"s"', "L'c'",
];

const spelled = (toks: Token[]) => toks.map((t) => [t.k, t.v, t.sp]);

describe('lexLine', () => {
  it('lexes random text as the character loop did', () => {
    const r = randoms(12345);
    for (let k = 0; k < 20000; k++) {
      const len = 1 + Math.floor(r() * 24);
      let text = '';
      for (let j = 0; j < len; j++) text += PIECES[Math.floor(r() * PIECES.length)];
      for (const asm of [false, true]) expect(spelled(lexLine(text, asm)), JSON.stringify(text)).toEqual(spelled(referenceLexLine(text, asm)));
    }
  });

  it('lexes the directives and lines of the fixture sources as the character loop did', () => {
    const root = path.join(import.meta.dirname, '..', '..', 'fixtures');
    const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.(c|h|S|ld|cpp|hpp)$/.test(f));
    expect(files.length).toBeGreaterThan(50);
    for (const f of files) {
      for (const line of fs.readFileSync(path.join(root, f), 'utf8').split('\n')) {
        expect(spelled(lexLine(line)), line).toEqual(spelled(referenceLexLine(line)));
      }
    }
  });
});
