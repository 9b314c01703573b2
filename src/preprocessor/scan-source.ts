// Translation phases 1–3 for one file: physical lines, backslash-newline splices, comments (block comments
// spanning lines, `//`, not inside string/char literals), grouped into logical lines. Leaves out trigraphs.

export interface LogicalLine {
  /** First physical line (1-based). */
  first: number;
  /** Last physical line (1-based) it spans (continuations, multi-line comments). */
  last: number;
  /** True when the first token is `#` (or `%:`). */
  directive: boolean;
  /** Text with comments replaced by one space and splices removed (directives always; code lines when asked). */
  text?: string;
  /** True when the line holds at least one token (not blank / comment-only). */
  hasCode: boolean;
}

export interface ScanResult {
  lines: LogicalLine[];
  lineCount: number;
  /** Physical line where an unterminated block comment starts, if any. */
  unterminatedComment?: number;
}

export interface ScanOptions {
  /** Keep `text` on code lines too (text preprocessing). */
  keepCodeText?: boolean;
  /** Assembler-with-cpp lexing: a lone `'` does not open a character constant. */
  asm?: boolean;
}

/** Split into physical lines (\n, \r\n, lone \r). */
export function physicalLines(text: string): string[] {
  const lines = text.split(/\r\n|\n|\r/);
  // A file ending in a newline has no extra last line.
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * The physical lines of a text one at a time, as `physicalLines` splits them, without an array of them all (a
 * 24 MB device header is 450 000 lines: held together they outlive young-generation collections).
 */
class LineReader {
  private pos = 0;
  private count = 0;
  private readonly breaks: RegExp | undefined;

  constructor(private readonly text: string) {
    // Without a \r in the text, a line ends at the next \n.
    if (text.indexOf('\r') >= 0) this.breaks = /\r\n|\n|\r/g;
  }

  /** Whether another line follows (a text ending in a line break has no empty line after it). */
  more(): boolean {
    return this.pos < this.text.length || (this.pos === this.text.length && this.count === 0);
  }

  next(): string {
    const text = this.text;
    const from = this.pos;
    let end: number;
    let after: number;
    if (this.breaks) {
      this.breaks.lastIndex = from;
      const m = this.breaks.exec(text);
      end = m ? m.index : text.length;
      after = m ? m.index + m[0].length : text.length + 1;
    } else {
      end = text.indexOf('\n', from);
      after = end < 0 ? text.length + 1 : end + 1;
      if (end < 0) end = text.length;
    }
    this.pos = after;
    this.count++;
    return text.slice(from, end);
  }

  /** Lines read so far (1-based number of the last one). */
  get read(): number {
    return this.count;
  }
}

const SPLICE = /\\[ \t]*$/;

export function scanSource(source: string, opts: ScanOptions = {}): ScanResult {
  const out: LogicalLine[] = [];
  const { lineCount, unterminatedComment } = scanLines(source, opts, (line) => out.push(line));
  return { lines: out, lineCount, unterminatedComment };
}

/**
 * `scanSource` handing each logical line to `onLine` as it is made, keeping none: the caller keeps what it needs
 * (a skeleton keeps its directives' text, not an object per line). The loop stays small (each line is read by
 * logicalLine): V8 optimizes logicalLine on its own early, while compiling a loop with the line's work and the
 * caller's `onLine` inlined into it cost more than it saved in a short run.
 */
export function scanLines(source: string, opts: ScanOptions, onLine: (line: LogicalLine) => void): Omit<ScanResult, 'lines'> {
  const phys = new LineReader(source);
  const state: LineScan = { keepCodeText: opts.keepCodeText === true, asm: opts.asm ?? false, unterminatedComment: undefined };
  while (phys.more()) onLine(logicalLine(phys, state));
  return { lineCount: phys.read, unterminatedComment: state.unterminatedComment };
}

/** What scanLines reads each line with, and the first unterminated block comment it found. */
interface LineScan {
  keepCodeText: boolean;
  asm: boolean;
  unterminatedComment: number | undefined;
}

/** The next logical line of `phys` (at least one physical line is left). */
function logicalLine(phys: LineReader, scan: LineScan): LogicalLine {
  const first = phys.read + 1;
  // Phase 2: join physical lines ending in a backslash (a line without one is taken as it is).
  let raw = phys.next();
  if (raw.indexOf('\\') >= 0) {
    while (SPLICE.test(raw) && phys.more()) raw = raw.replace(SPLICE, '') + phys.next();
    if (SPLICE.test(raw)) raw = raw.replace(SPLICE, '');
  }
  // Fast path: nothing that can open a comment or a literal.
  const quick = raw.indexOf('/') < 0 && raw.indexOf('"') < 0 && raw.indexOf("'") < 0;
  let text: string;
  if (quick) {
    text = raw;
  } else {
    // Phase 3: strip comments, possibly pulling in following lines for a block comment or raw string.
    let res = stripComments(raw, scan.asm);
    while (res.open && phys.more()) {
      let next = phys.next();
      while (SPLICE.test(next) && phys.more() && res.open === 'comment') next = next.replace(SPLICE, '') + phys.next();
      res = stripComments(res.pending + '\n' + next, scan.asm, res.open, res.done, res.raw);
    }
    if (res.open === 'comment' && scan.unterminatedComment === undefined) scan.unterminatedComment = first;
    text = res.done + (res.open ? '' : res.pending);
  }
  // `^[ \t\f\v]*(#|%:)` and `\S`, read from the first character past the line's blanks.
  const n = text.length;
  let p = 0;
  let c = 0;
  while (p < n && ((c = text.charCodeAt(p)) === 32 || c === 9 || c === 12 || c === 11)) p++;
  const directive = p < n && (c === 35 || (c === 37 && text.charCodeAt(p + 1) === 58));
  const hasCode = p < n && ((c > 32 && c < 127) || /\S/.test(text));
  // Every field made, in one order (text undefined when not kept): one object shape for all lines.
  return { first, last: phys.read, directive, text: directive || scan.keepCodeText ? text : undefined, hasCode };
}

interface StripState {
  /** Text already final. */
  done: string;
  /** Unscanned remainder of an open raw string (empty in an open comment, whose text is dropped). */
  pending: string;
  open: 'comment' | 'raw' | null;
  /** An open raw string's delimiter and its text already searched for the closing `)delim"`. */
  raw?: OpenRaw;
}

interface OpenRaw {
  delim: string;
  searched: string;
}

/**
 * Replace comments in `text` by a space. When a block comment (or raw string) is still open at the end,
 * returns open (with a raw string's text from its opening) so the caller can append the next line and continue.
 */
function stripComments(text: string, asm: boolean, resume: 'comment' | 'raw' | null = null, doneSoFar = '', openRaw?: OpenRaw): StripState {
  let done = doneSoFar;
  let i = 0;
  const n = text.length;
  if (resume === 'comment') {
    // `text` starts right after a `/*` (held in pending without the opener).
    const end = text.indexOf('*/');
    // The comment's text is dropped: only what follows its end is scanned, so nothing is carried to the next
    // line (carrying it made a comment of n lines cost n² characters of rescanning).
    if (end < 0) return { done, pending: '', open: 'comment' };
    done += ' ';
    i = end + 2;
  } else if (resume === 'raw') {
    const r = openRaw ? closeOfRaw(text, openRaw.delim, 0) : finishRaw(text);
    if (r < 0) return stillOpenRaw(done, text, openRaw);
    done += (openRaw?.searched ?? '') + text.slice(0, r);
    i = r;
  }
  let segStart = i;
  while (i < n) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '/') {
      done += text.slice(segStart, i) + ' ';
      return { done, pending: '', open: null };
    }
    if (c === '/' && text[i + 1] === '*') {
      done += text.slice(segStart, i);
      const end = text.indexOf('*/', i + 2);
      if (end < 0) return { done, pending: '', open: 'comment' };
      done += ' ';
      i = end + 2;
      segStart = i;
      continue;
    }
    if (c === '"' || (c === "'" && !asm && !isDigitSeparator(text, i))) {
      // Raw string R"delim( ... )delim" may span lines.
      if (c === '"' && i > 0 && text[i - 1] === 'R' && !/[A-Za-z0-9_$]/.test(rawPrefixBefore(text, i))) {
        done += text.slice(segStart, i);
        const rest = text.slice(i);
        const r = finishRaw(rest, true);
        if (r < 0) return stillOpenRaw(done, rest, rawOpening(rest));
        done += rest.slice(0, r);
        i += r;
        segStart = i;
        continue;
      }
      let j = i + 1;
      while (j < n && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      i = Math.min(j + 1, n);
      continue;
    }
    i++;
  }
  done += text.slice(segStart);
  return { done, pending: '', open: null };
}

/** The character before an `R` prefix group (L, u, U, u8), to tell `R"` from `fooR"`. */
function rawPrefixBefore(text: string, quote: number): string {
  let k = quote - 1; // at R
  const before = text.slice(Math.max(0, k - 2), k);
  if (before.endsWith('u8')) k -= 2;
  else if (/[LuU]$/.test(before)) k -= 1;
  return k > 0 ? text[k - 1] : ' ';
}

/**
 * An open raw string: only the last characters of its text, where a closing `)delim"` cut by the line end could
 * start, wait for the next line; the rest is set aside, so a raw string of n lines is searched once (searching
 * its whole text again on each line cost n² characters). Without a delimiter (no `(` yet) the text waits whole.
 */
function stillOpenRaw(done: string, text: string, raw: OpenRaw | undefined): StripState {
  if (!raw) return { done, pending: text, open: 'raw' };
  const keep = Math.max(0, text.length - raw.delim.length - 1);
  return { done, pending: text.slice(keep), open: 'raw', raw: { delim: raw.delim, searched: raw.searched + text.slice(0, keep) } };
}

/** The delimiter of a raw string whose text starts at its opening quote, once its `(` is in the text. */
function rawOpening(text: string): OpenRaw | undefined {
  const open = text.indexOf('(', 1);
  return open < 0 ? undefined : { delim: text.slice(1, open), searched: '' };
}

/** Length up to and including the first `)delim"` at or after `from`, or -1. */
function closeOfRaw(text: string, delim: string, from: number): number {
  const close = text.indexOf(')' + delim + '"', from);
  return close < 0 ? -1 : close + delim.length + 2;
}

/** Length of the raw string's remainder up to and including its closing `)delim"`, or -1 when still open. */
function finishRaw(text: string, fromQuote = false): number {
  // The raw string opening is kept in the text so the delimiter can be re-read.
  const q = fromQuote ? 0 : text.indexOf('"');
  const open = text.indexOf('(', q + 1);
  if (open < 0) return -1;
  const delim = text.slice(q + 1, open);
  const close = text.indexOf(')' + delim + '"', open + 1);
  return close < 0 ? -1 : close + delim.length + 2;
}

/** `1'000` digit separators (C++14, C23) are not character constants. */
function isDigitSeparator(text: string, i: number): boolean {
  if (i === 0 || !/[0-9A-Fa-f]/.test(text[i - 1]) || !/[0-9A-Za-z]/.test(text[i + 1] ?? '')) return false;
  // Walk back to the start of the pp-number.
  let k = i - 1;
  while (k > 0 && /[0-9A-Za-z_.']/.test(text[k - 1])) k--;
  return /[0-9]/.test(text[k]) && (k === 0 || !/[A-Za-z_$]/.test(text[k - 1]));
}
