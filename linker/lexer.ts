// Tokenizer for GNU ld scripts with ld's three lexing modes (script, expression, input-section wildcards),
// its number forms and `#`-to-end-of-line comments. It does not know the grammar: the parser picks the mode.
import type { Diagnostic } from '../src/model/diagnostic.js';

/**
 * `script`: command words, section/region/file names (ld's SCRIPT state).
 * `expr`: expressions (EXPRESSION state: `a-b` is three tokens, `1000h` is a number).
 * `wild`: inside an output section, where `*(.text*)` patterns are names (WILD state).
 */
export type LexMode = 'script' | 'expr' | 'wild';

export interface Token {
  kind: 'name' | 'number' | 'punct' | 'eof';
  /** Source text (for a quoted name: the text inside the quotes). */
  text: string;
  /** Number value (unsigned 64-bit), for `number` tokens. */
  value?: bigint;
  /** True for a `"quoted"` name. */
  quoted?: boolean;
  line: number;
  start: number;
  end: number;
}

const HEX = /[0-9A-Fa-f]/;
const DEC = /[0-9]/;
// ld's character classes (ldlex.l), narrowed where noted so `x=1` and `a,b` lex the friendly way.
const SCRIPT_NAME_FIRST = /[_a-zA-Z/.\\$~]/;
const SCRIPT_NAME_CHAR = /[_a-zA-Z0-9/.\\$~\-+[\]]/; // ld also allows `:` `,` `=` here; we split on them.
const EXPR_NAME_FIRST = /[_a-zA-Z.\\$]/;
const EXPR_NAME_CHAR = /[_a-zA-Z0-9/.\\$~]/;
const WILD_CHAR = /[_a-zA-Z0-9/.\\$~\-+:[\]?*^!]/; // ld also allows `,` `=`; we split on them.

const PUNCT: Record<LexMode, string[]> = {
  expr: ['<<=', '>>=', '||', '==', '!=', '>=', '<=', '<<', '>>', '+=', '-=', '*=', '/=', '&=', '|=', '&&',
    '>', ',', '&', '|', '~', '!', '?', '*', '+', '-', '/', '%', '<', '^', '=', '{', '}', '(', ')', ':', ';'],
  script: ['<<=', '>>=', '+=', '-=', '*=', '/=', '&=', '|=', '>', '<', ',', '~', '!', '+', '-', '=', '{', '}', '(', ')',
    ':', ';', '*', '&', '|', '?', '%'],
  wild: ['<<=', '>>=', '+=', '-=', '*=', '/=', '&=', '|=', '&', '=', '{', '}', '(', ')', ';', ',', '>', ':'],
};

const MAX_INVALID_REPORTS = 10;

/** bfd_scan_vma: digits of `base` (0 = C rules: 0x → 16, leading 0 → 8) until the first non-digit. */
export function scanVma(s: string, base: number): bigint {
  let i = 0;
  let b = base;
  if (b === 0) {
    if (s[0] === '0' && (s[1] === 'x' || s[1] === 'X')) { b = 16; i = 2; }
    else if (s[0] === '0') { b = 8; i = 1; }
    else b = 10;
  } else if (b === 16 && s[0] === '0' && (s[1] === 'x' || s[1] === 'X')) {
    i = 2;
  }
  let v = 0n;
  const B = BigInt(b);
  for (; i < s.length; i++) {
    const d = parseInt(s[i]!, 16);
    if (Number.isNaN(d) || d >= b) break;
    v = (v * B + BigInt(d)) & 0xffff_ffff_ffff_ffffn;
  }
  return v;
}

export class ScriptLexer {
  pos = 0;
  line = 1;
  private invalidReports = 0;
  private reportedEofInComment = false;
  private reportedUnicodeSpace = false;

  constructor(readonly text: string, readonly file: string, private readonly diagnostics: Diagnostic[]) {
    if (text.includes('\u0000')) {
      diagnostics.push({
        severity: 'error', file, line: lineOf(text, text.indexOf('\u0000')),
        message: 'linker script holds NUL bytes: it looks like a binary file, not a text script',
        fix: 'point the build at the real linker script (a text file) or regenerate it',
      });
    }
  }

  /** Saved position, for backtracking. */
  mark(): { pos: number; line: number } { return { pos: this.pos, line: this.line }; }
  reset(m: { pos: number; line: number }): void { this.pos = m.pos; this.line = m.line; }

  peek(mode: LexMode): Token {
    const m = this.mark();
    const reports = this.invalidReports;
    const eofInComment = this.reportedEofInComment;
    const unicodeSpace = this.reportedUnicodeSpace;
    const diagCount = this.diagnostics.length;
    const t = this.next(mode);
    this.reset(m);
    // peeking must not report twice
    this.diagnostics.length = diagCount;
    this.invalidReports = reports;
    this.reportedEofInComment = eofInComment;
    this.reportedUnicodeSpace = unicodeSpace;
    return t;
  }

  /** Skips whitespace, comments and invalid characters; returns the line of the next token. */
  skipTrivia(): void {
    const s = this.text;
    for (;;) {
      const c = s[this.pos];
      if (c === undefined) return;
      if (c === '\n') { this.line++; this.pos++; continue; }
      if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v') { this.pos++; continue; }
      if (c === '/' && s[this.pos + 1] === '*') {
        const end = s.indexOf('*/', this.pos + 2);
        const stop = end < 0 ? s.length : end + 2;
        if (end < 0 && !this.reportedEofInComment) {
          this.reportedEofInComment = true;
          this.diagnostics.push({
            severity: 'error', file: this.file, line: this.line,
            message: 'comment opened here is never closed (`/*` without `*/`)',
            fix: 'close the comment with `*/`',
          });
        }
        this.countLines(this.pos, stop);
        this.pos = stop;
        continue;
      }
      if (c === '/' && s[this.pos + 1] === '/') {
        this.diagnostics.push({
          severity: 'warning', file: this.file, line: this.line,
          message: '`//` comment: GNU ld does not accept these (it would report a syntax error); skipped to end of line',
          fix: 'write the comment as /* ... */',
        });
        const nl = s.indexOf('\n', this.pos);
        this.pos = nl < 0 ? s.length : nl;
        continue;
      }
      if (c === '#') {
        // ld treats `#` to end of line as a comment; this also drops cpp line markers (`# 1 "file"`).
        const nl = s.indexOf('\n', this.pos);
        this.pos = nl < 0 ? s.length : nl;
        continue;
      }
      if (this.isValidStart(c)) return;
      // Other white space (a byte-order mark, a pasted no-break space): read as a blank. ld itself rejects it,
      // so the first one in a file is reported; a leading byte-order mark is an editor's, not a mistake.
      if (/\s/.test(c)) {
        if (!(this.pos === 0 && c === '\ufeff') && !this.reportedUnicodeSpace) {
          this.reportedUnicodeSpace = true;
          this.diagnostics.push({
            severity: 'warning', file: this.file, line: this.line,
            message: `non-ASCII white space U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} read as a space (ld does not accept it)`,
            fix: 'replace it with a plain space',
          });
        }
        this.pos++;
        continue;
      }
      // invalid character (garbage, binary): ld warns and ignores it
      const start = this.pos;
      while (this.pos < s.length && !this.isValidStart(s[this.pos]!) && !/\s/.test(s[this.pos]!)) this.pos++;
      this.reportInvalid(start);
    }
  }

  private isValidStart(c: string): boolean {
    return /[_a-zA-Z0-9/.\\$~\-+:[\]?*^!=<>,&|%(){};"']/.test(c);
  }

  private reportInvalid(start: number): void {
    this.invalidReports++;
    if (this.invalidReports > MAX_INVALID_REPORTS) return;
    const shown = [...this.text.slice(start, Math.min(this.pos, start + 8))]
      .map((ch) => (ch >= ' ' && ch <= '~' ? ch : (ch.charCodeAt(0) > 0xff ? `\\u${ch.charCodeAt(0).toString(16)}` : `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`))).join('');
    this.diagnostics.push({
      severity: 'warning', file: this.file, line: this.line,
      message: this.invalidReports === MAX_INVALID_REPORTS
        ? `invalid characters ignored (\`${shown}\`); further ones in this file are not reported`
        : `invalid characters ignored: \`${shown}\``,
      fix: 'remove the stray bytes; a linker script is plain text',
    });
  }

  private countLines(from: number, to: number): void {
    for (let i = from; i < to; i++) if (this.text.charCodeAt(i) === 10) this.line++;
  }

  next(mode: LexMode): Token {
    this.skipTrivia();
    const s = this.text;
    const start = this.pos;
    const line = this.line;
    if (start >= s.length) return { kind: 'eof', text: '', line, start, end: start };
    const c = s[start]!;

    if (c === '"') {
      const end = s.indexOf('"', start + 1);
      const stop = end < 0 ? s.length : end;
      const inner = s.slice(start + 1, stop);
      if (end < 0) {
        this.diagnostics.push({
          severity: 'error', file: this.file, line,
          message: 'string opened here is never closed', fix: 'add the closing `"`',
        });
      }
      this.countLines(start, stop);
      this.pos = end < 0 ? s.length : end + 1;
      return { kind: 'name', text: inner, quoted: true, line, start, end: this.pos };
    }

    let numLen = 0;
    let numValue = 0n;
    if (mode !== 'wild') ({ len: numLen, value: numValue } = this.scanNumber(start, mode));

    let nameLen = 0;
    if (mode === 'expr') {
      if (s.startsWith('/DISCARD/', start)) nameLen = 9;
      else if (EXPR_NAME_FIRST.test(c)) { nameLen = 1; while (EXPR_NAME_CHAR.test(s[start + nameLen] ?? '')) nameLen++; }
    } else if (mode === 'script') {
      if (SCRIPT_NAME_FIRST.test(c) && !s.startsWith('/*', start)) {
        nameLen = 1;
        while (SCRIPT_NAME_CHAR.test(s[start + nameLen] ?? '') && !s.startsWith('/*', start + nameLen)) nameLen++;
      }
    } else {
      while (WILD_CHAR.test(s[start + nameLen] ?? '') && !s.startsWith('/*', start + nameLen)) nameLen++;
    }

    let punctLen = 0;
    for (const p of PUNCT[mode]) if (p.length > punctLen && s.startsWith(p, start)) punctLen = p.length;

    // longest match wins; on a tie the earlier ld rule wins: numbers, then punctuation, then names
    const best = Math.max(numLen, nameLen, punctLen);
    if (best === 0) {
      // a character this mode does not know (e.g. `*` in script mode): return it as punctuation
      this.pos = start + 1;
      return { kind: 'punct', text: c, line, start, end: this.pos };
    }
    this.pos = start + best;
    const text = s.slice(start, this.pos);
    if (numLen === best) return { kind: 'number', text, value: numValue, line, start, end: this.pos };
    if (punctLen === best) return { kind: 'punct', text, line, start, end: this.pos };
    return { kind: 'name', text, line, start, end: this.pos };
  }

  /** ld's number rules; returns the longest match at `p` (0 when none). */
  private scanNumber(p: number, mode: LexMode): { len: number; value: bigint } {
    const s = this.text;
    let best = { len: 0, value: 0n };
    const hexRun = (from: number): number => { let n = 0; while (HEX.test(s[from + n] ?? '')) n++; return n; };
    // `$hex` (EXPRESSION)
    if (mode === 'expr' && s[p] === '$') {
      const n = hexRun(p + 1);
      if (n > 0) best = { len: n + 1, value: scanVma(s.slice(p + 1, p + 1 + n), 16) };
    }
    // hex digits with a base suffix: 1000h, 777o, 1010b, 99d (EXPRESSION)
    if (mode === 'expr' && HEX.test(s[p] ?? '')) {
      const r = hexRun(p);
      let len = 0;
      if (/[HhXxOo]/.test(s[p + r] ?? '')) len = r + 1;
      else for (let k = r; k >= 2; k--) if (/[BbDd]/.test(s[p + k - 1]!)) { len = k; break; }
      if (len > best.len) {
        const suffix = s[p + len - 1]!.toLowerCase();
        const base = suffix === 'h' || suffix === 'x' ? 16 : suffix === 'o' ? 8 : suffix === 'b' ? 2 : 10;
        best = { len, value: scanVma(s.slice(p, p + len), base) };
      }
    }
    // (($|0x)hex+ | dec+)[KkMm]?  (SCRIPT and EXPRESSION)
    let len = 0;
    let base = 0;
    let digitsFrom = p;
    if (s[p] === '$') { const n = hexRun(p + 1); if (n > 0) { len = n + 1; base = 16; digitsFrom = p + 1; } }
    else if (s[p] === '0' && (s[p + 1] === 'x' || s[p + 1] === 'X') && hexRun(p + 2) > 0) len = 2 + hexRun(p + 2);
    else if (DEC.test(s[p] ?? '')) { while (DEC.test(s[p + len] ?? '')) len++; }
    if (len > 0) {
      let value = scanVma(s.slice(digitsFrom, p + len), base);
      const suf = s[p + len];
      if (suf === 'K' || suf === 'k') { value = (value * 1024n) & 0xffff_ffff_ffff_ffffn; len++; }
      else if (suf === 'M' || suf === 'm') { value = (value * 1048576n) & 0xffff_ffff_ffff_ffffn; len++; }
      if (len > best.len) best = { len, value };
    }
    return best;
  }
}

export function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
