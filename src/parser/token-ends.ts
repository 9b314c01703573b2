// Where a token ends, read from the text, for the token types whose extent their first characters settle:
// words (identifiers and their aliases; C's primitive types, which its grammar lexes as keywords, so only as
// whole words) run to the last identifier character, and comments to their `*/` or to the line end no
// backslash continues. Leaves out identifiers with non-ASCII characters or universal character names (-1:
// the caller asks tree-sitter) and text parsed in included ranges, where a token may run on past a gap.
// Where a token after a sibling starts: past the blanks and line continuations after the sibling's end.

/** Token types that are whole words, by grammar: a test holds them to the grammars. */
export const WORD_TYPES: Record<'c' | 'cpp', readonly string[]> = {
  c: ['identifier', 'field_identifier', 'primitive_type', 'statement_identifier', 'type_identifier'],
  cpp: ['identifier', 'field_identifier', 'namespace_identifier', 'statement_identifier', 'type_identifier'],
};

/** How the end of a token type is read from the text: not at all, as a word, as a comment. */
export const NOT_SCANNED = 0;
export const WORD = 1;
export const COMMENT = 2;

/** The end of a token of kind `kind` (WORD or COMMENT) starting at `start`, or -1 when the text leaves it open. */
export function scannedEnd(kind: number, text: string, start: number): number {
  return kind === WORD ? wordEnd(text, start) : commentEnd(text, start);
}

/** The end of the run of ASCII identifier characters (letters, digits, `_`, `$`), or -1 before any other letter or a `\`. */
function wordEnd(text: string, i: number): number {
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36) continue;
    return c >= 128 || c === 92 ? -1 : i;
  }
  return i;
}

/** A block comment ends after its first `*\/`; a line comment before the first `\n` no `\` (or `\` and `\r`) precedes. */
function commentEnd(text: string, start: number): number {
  if (text.startsWith('/*', start)) {
    const close = text.indexOf('*/', start + 2);
    return close === -1 ? -1 : close + 2;
  }
  for (let nl = text.indexOf('\n', start); ; nl = text.indexOf('\n', nl + 1)) {
    if (nl === -1) return text.length;
    const before = text[nl - 1] === '\r' ? nl - 2 : nl - 1;
    if (before < start + 2 || text[before] !== '\\') return nl;
  }
}

/**
 * Token types that may begin with a blank, so do not start where the blanks before them end: the text of a
 * string or character literal (a test holds this list and the grammars' hidden tokens to the rule).
 */
export const BLANK_START_TYPES: ReadonlySet<string> = new Set(['string_content', 'character', 'raw_string_content']);

/**
 * The end of the run of ASCII blanks (space, tab, line feed, carriage return, vertical tab, form feed) and
 * line continuations (`\` before a line end) starting at `i`, or -1 at another `\`, a non-ASCII character
 * (tree-sitter may count it a blank) or the end of the text.
 */
export function blanksEnd(text: string, i: number): number {
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || (c >= 9 && c <= 13)) continue;
    if (c === 92) {
      const d = text.charCodeAt(i + 1);
      if (d === 10) i++;
      else if (d === 13 && text.charCodeAt(i + 2) === 10) i += 2;
      else return -1;
      continue;
    }
    return c >= 128 ? -1 : i;
  }
  return -1;
}
