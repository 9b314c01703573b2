// A file's code as invocations are found in it: comments blanked (line breaks kept), the identifiers outside
// literals listed, the line starts; and where a parenthesized argument list after a name ends. Knows no macros.

export interface FileCode {
  /** Text with comments replaced by spaces (literals kept): what invocations are lexed from. */
  noComments: string;
  /** Identifier occurrences outside comments and literals: [start offset, length] pairs, in order. */
  idents: Int32Array;
  lineStarts: Int32Array;
}

const LINE_BREAK = /[\r\n]/g;

/** `text[a, b)` as spaces with its line breaks kept (runs of spaces made whole, not character by character). */
function spacesKeepingBreaks(text: string, a: number, b: number): string {
  let out = '';
  let from = a;
  LINE_BREAK.lastIndex = a;
  for (let m = LINE_BREAK.exec(text); m && m.index < b; m = LINE_BREAK.exec(text)) {
    out += ' '.repeat(m.index - from) + m[0];
    from = m.index + 1;
  }
  return out + ' '.repeat(b - from);
}

/** Blank comments (keeping newlines) and list identifier positions outside literals. */
export function scanCode(text: string): FileCode {
  const n = text.length;
  // The text between comments is copied as it is; a comment becomes spaces, its line breaks kept.
  const parts: string[] = [];
  let copied = 0;
  const idents: number[] = [];
  const lineStarts: number[] = [0];
  let i = 0;
  const blank = (a: number, b: number) => {
    parts.push(text.slice(copied, a), spacesKeepingBreaks(text, a, b));
    copied = b;
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      lineStarts.push(i + 1);
      i++;
      continue;
    }
    if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const e = text.indexOf('*/', i + 2);
      const end = e < 0 ? n : e + 2;
      for (let k = i; k < end; k++) if (text.charCodeAt(k) === 10) lineStarts.push(k + 1);
      blank(i, end);
      i = end;
      continue;
    }
    if (c === 47 && text.charCodeAt(i + 1) === 47) {
      let e = text.indexOf('\n', i);
      if (e < 0) e = n;
      blank(i, e);
      i = e;
      continue;
    }
    if (c === 34 || c === 39) {
      let k = i + 1;
      while (k < n) {
        const d = text.charCodeAt(k);
        if (d === 92) k += 2;
        else if (d === c || d === 10) break;
        else k++;
      }
      i = k + 1;
      continue;
    }
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95) {
      let k = i + 1;
      for (; k < n; k++) {
        const d = text.charCodeAt(k);
        if (!((d >= 65 && d <= 90) || (d >= 97 && d <= 122) || d === 95 || (d >= 48 && d <= 57))) break;
      }
      // A string prefix (u8"..", L'..') is part of the literal, not an identifier.
      const q = text.charCodeAt(k);
      if (!(q === 34 || q === 39) || k - i > 2) idents.push(i, k - i);
      i = k;
      continue;
    }
    if (c >= 48 && c <= 57) {
      let k = i + 1;
      // A number runs over letters, digits, `_` and `.` (suffixes, hex digits, exponents).
      for (; k < n; k++) {
        const d = text.charCodeAt(k);
        if (!((d >= 65 && d <= 90) || (d >= 97 && d <= 122) || d === 95 || (d >= 48 && d <= 57) || d === 46)) break;
      }
      i = k;
      continue;
    }
    i++;
  }
  parts.push(text.slice(copied));
  return { noComments: parts.join(''), idents: Int32Array.from(idents), lineStarts: Int32Array.from(lineStarts) };
}

/** End offset after the `)` matching the `(` at `open`, or -1 when it does not close before `limit`. */
function matchParen(code: string, open: number, limit: number): number {
  let depth = 0;
  for (let k = open; k < limit; k++) {
    const ch = code.charCodeAt(k);
    if (ch === 34 || ch === 39) {
      let j = k + 1;
      while (j < limit && code.charCodeAt(j) !== ch && code.charCodeAt(j) !== 10) j += code.charCodeAt(j) === 92 ? 2 : 1;
      k = j;
      continue;
    }
    if (ch === 40) depth++;
    else if (ch === 41 && --depth === 0) return k + 1;
  }
  return -1;
}

/** End offset of the `( ... )` that follows `from` (spaces between allowed), or -1 when none follows. */
export function argumentsEnd(code: string, from: number): number {
  let p = from;
  while (p < code.length && /\s/.test(code[p])) p++;
  return code[p] === '(' ? matchParen(code, p, code.length) : -1;
}

/**
 * What the code after a macro use starts with, spaces skipped: `(` (`call`: an argument list a rescanned expansion
 * may take); a word, a brace or the text's end (`open`: nothing that ends the use as a statement or declaration,
 * so that read unexpanded it runs into what follows); anything else (`other`: `;`, an operator, `)`, `,`, a literal).
 */
export type Follows = 'call' | 'open' | 'other';

/** What follows `from` in `code` (see Follows). */
export function followsAt(code: string, from: number): Follows {
  let p = from;
  while (p < code.length && /\s/.test(code[p])) p++;
  if (p === code.length) return 'open';
  const c = code[p];
  if (c === '(') return 'call';
  return c === '{' || c === '}' || c === '_' || /[A-Za-z]/.test(c) ? 'open' : 'other';
}
