// Finds large brace groups that hold only literals — generated tables such as images, fonts and
// calibration data — so the parser can skip their inside: they declare nothing and reference nothing,
// and parsing millions of numbers is most of the time such a file costs. Groups holding any identifier,
// operator or preprocessor line are left alone, as are groups shorter than DATA_TABLE_MIN_CHARS.

export const DATA_TABLE_MIN_CHARS = 16 * 1024;

const enum Ch {
  Tab = 9, Nl = 10, Cr = 13, Space = 32, Quote = 34, Apos = 39, Plus = 43, Comma = 44, Minus = 45,
  Dot = 46, Slash = 47, Zero = 48, Nine = 57, Backslash = 92, LBrace = 123, RBrace = 125,
}

const isDigit = (c: number) => c >= Ch.Zero && c <= Ch.Nine;
const isPpNumberChar = (c: number) => isDigit(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === Ch.Dot || c === Ch.Apos;

/** End offset of a string or character literal starting at `i` (its quote), or of the line if unterminated. */
function literalEnd(text: string, i: number, quote: number): number {
  let j = i + 1;
  while (j < text.length) {
    const c = text.charCodeAt(j);
    if (c === Ch.Backslash) j += 2;
    else if (c === quote) return j + 1;
    else if (c === Ch.Nl) return j;
    else j++;
  }
  return j;
}

/** End offset of a pp-number starting at `i` (`0x1F`, `1.5e-3f`, `10UL`, `1'000`). */
function numberEnd(text: string, i: number): number {
  let j = i + 1;
  while (j < text.length) {
    const c = text.charCodeAt(j);
    const prev = text.charCodeAt(j - 1) | 0x20;
    if ((c === Ch.Plus || c === Ch.Minus) && (prev === 101 || prev === 112)) j++; // e+ E- p+ P-
    else if (isPpNumberChar(c)) j++;
    else break;
  }
  return j;
}

/**
 * A run of separators (blanks, `,`, signs) and pp-numbers, as the scanner below reads them one by one: one
 * regular-expression step crosses the bulk of a table instead of a loop turn per character.
 */
const LITERAL_RUN = /(?:[ \t\n\r,+-]|(?:[0-9]|\.[0-9])(?:[eEpP][+-]|[0-9A-Za-z_.'])*){1,1024}/y;

/** Literal-only brace groups at least DATA_TABLE_MIN_CHARS long, outermost only, as [open, close] offsets. */
export function findDataTables(text: string): [number, number][] {
  const found: [number, number][] = [];
  const open: { at: number; clean: boolean }[] = [];
  const dirty = () => {
    if (open.length) open[open.length - 1].clean = false;
  };
  let i = 0;
  while (i < text.length) {
    LITERAL_RUN.lastIndex = i;
    if (LITERAL_RUN.test(text)) {
      i = LITERAL_RUN.lastIndex;
      continue;
    }
    const c = text.charCodeAt(i);
    if (c === Ch.Space || c === Ch.Tab || c === Ch.Nl || c === Ch.Cr || c === Ch.Comma || c === Ch.Plus || c === Ch.Minus) i++;
    else if (isDigit(c) || (c === Ch.Dot && isDigit(text.charCodeAt(i + 1)))) i = numberEnd(text, i);
    else if (c === Ch.Quote || c === Ch.Apos) i = literalEnd(text, i, c);
    else if (c === Ch.Slash && text.charCodeAt(i + 1) === Ch.Slash) i = (text.indexOf('\n', i) + 1 || text.length + 1) - 1;
    else if (c === Ch.Slash && text.charCodeAt(i + 1) === 42) i = (text.indexOf('*/', i + 2) + 1 || text.length - 1) + 1;
    else if (c === Ch.LBrace) {
      open.push({ at: i, clean: true });
      i++;
    } else if (c === Ch.RBrace) {
      const group = open.pop();
      if (group && group.clean && i - group.at > DATA_TABLE_MIN_CHARS) {
        while (found.length && found[found.length - 1][0] > group.at) found.pop();
        found.push([group.at, i]);
      } else if (group && !group.clean) dirty();
      i++;
    } else {
      dirty();
      // Skip the rest of an identifier at once (a keyword or name inside a group marks it as code).
      i++;
      while (i < text.length && isPpNumberChar(text.charCodeAt(i)) && text.charCodeAt(i) !== Ch.Apos) i++;
    }
  }
  return found;
}

export interface DataTableInsides {
  readonly spans: readonly [number, number][];
  readonly chars: number;
}

let last: { text: string; insides: DataTableInsides } | undefined;

/**
 * The insides of the data tables of `text` as [start, end) offsets, and how many characters they hold. The
 * last answer is kept: the symbol and call extractors of one file ask about the same text.
 */
export function dataTableInsides(text: string): DataTableInsides {
  if (text.length <= DATA_TABLE_MIN_CHARS) return { spans: [], chars: 0 };
  if (last?.text === text) return last.insides;
  const spans = findDataTables(text).map(([open, close]): [number, number] => [open + 1, close]);
  const insides = { spans, chars: spans.reduce((n, [a, b]) => n + b - a, 0) };
  last = { text, insides };
  return insides;
}
