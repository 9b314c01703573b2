// Tokens and `$`-strings of the ninja manifest language, as ninja's own lexer reads them: keywords, idents,
// `=`/`:`/`|`/`||`/`|@`, indentation, full-line comments, and eval strings with `$$`, `$ `, `$:`, `$\n`,
// `${var}`, `$var`. CRLF is read as LF. Errors are returned, not thrown.

export type TokenKind =
  | 'BUILD' | 'COLON' | 'DEFAULT' | 'EQUALS' | 'IDENT' | 'INCLUDE' | 'INDENT' | 'NEWLINE'
  | 'PIPE' | 'PIPE2' | 'PIPEAT' | 'POOL' | 'RULE' | 'SUBNINJA' | 'EOF' | 'ERROR';

/** A `$`-string before evaluation: literal text and variable references, in order. */
export type EvalPart = { text: string } | { ref: string };
export type EvalString = EvalPart[];

const KEYWORDS: Record<string, TokenKind> = {
  build: 'BUILD',
  default: 'DEFAULT',
  include: 'INCLUDE',
  pool: 'POOL',
  rule: 'RULE',
  subninja: 'SUBNINJA',
};

const isVarChar = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_.-]/.test(c);
const isSimpleVarChar = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_-]/.test(c);

export class NinjaLexer {
  readonly text: string;
  pos = 0;
  private lastTokenStart = 0;
  private lineStarts: number[] = [0];
  /** The identifier text of the last IDENT/keyword token. */
  ident = '';
  error: string | undefined;

  constructor(text: string) {
    this.text = text.replace(/\r\n/g, '\n');
    for (let i = 0; i < this.text.length; i++) if (this.text.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
  }

  /** 1-based line of an offset. */
  lineOf(offset: number = this.lastTokenStart): number {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  get tokenLine(): number {
    return this.lineOf(this.lastTokenStart);
  }

  readToken(): TokenKind {
    const s = this.text;
    for (;;) {
      const start = this.pos;
      this.lastTokenStart = start;
      let p = start;
      while (s[p] === ' ') p++;
      if (s[p] === '#') {
        // A comment runs to the end of the line, newline included.
        const nl = s.indexOf('\n', p);
        this.pos = nl < 0 ? s.length : nl + 1;
        continue;
      }
      if (s[p] === '\n') {
        this.pos = p + 1;
        return 'NEWLINE';
      }
      if (p > start) {
        this.pos = p;
        return 'INDENT';
      }
      if (p >= s.length) return 'EOF';
      let tok: TokenKind;
      if (isVarChar(s[p])) {
        let q = p;
        while (isVarChar(s[q])) q++;
        this.ident = s.slice(p, q);
        this.pos = q;
        tok = KEYWORDS[this.ident] ?? 'IDENT';
      } else if (s[p] === '=') {
        this.pos = p + 1;
        tok = 'EQUALS';
      } else if (s[p] === ':') {
        this.pos = p + 1;
        tok = 'COLON';
      } else if (s[p] === '|' && s[p + 1] === '|') {
        this.pos = p + 2;
        tok = 'PIPE2';
      } else if (s[p] === '|' && s[p + 1] === '@') {
        this.pos = p + 2;
        tok = 'PIPEAT';
      } else if (s[p] === '|') {
        this.pos = p + 1;
        tok = 'PIPE';
      } else {
        this.pos = p + 1;
        this.error = `unexpected character '${s[p] === '\t' ? '\\t' : s[p]}'${s[p] === '\t' ? ' (tabs are not allowed, use spaces)' : ''}`;
        return 'ERROR';
      }
      this.eatWhitespace();
      return tok;
    }
  }

  /** Read a token; when it is not `kind`, put it back. */
  peekToken(kind: TokenKind): boolean {
    const save = this.pos;
    const saveStart = this.lastTokenStart;
    const t = this.readToken();
    if (t === kind) return true;
    this.pos = save;
    this.lastTokenStart = saveStart;
    return false;
  }

  /** Spaces and `$`-newline continuations between tokens. */
  eatWhitespace(): void {
    const s = this.text;
    for (;;) {
      if (s[this.pos] === ' ') this.pos++;
      else if (s[this.pos] === '$' && s[this.pos + 1] === '\n') this.pos += 2;
      else return;
    }
  }

  /** An identifier ([A-Za-z0-9_.-]+), or undefined. Eats the whitespace after it. */
  readIdent(): string | undefined {
    const s = this.text;
    let q = this.pos;
    while (isVarChar(s[q])) q++;
    if (q === this.pos) return undefined;
    const id = s.slice(this.pos, q);
    this.lastTokenStart = this.pos;
    this.pos = q;
    this.eatWhitespace();
    return id;
  }

  /**
   * A `$`-string. Path mode stops before an unescaped space, `:`, `|` or newline (and eats the spaces after);
   * value mode runs to the end of the line and consumes the newline. Returns undefined (with `error`) on a bad escape.
   */
  readEvalString(path: boolean): EvalString | undefined {
    const s = this.text;
    const parts: EvalString = [];
    const addText = (t: string) => {
      const last = parts[parts.length - 1];
      if (last && 'text' in last) last.text += t;
      else parts.push({ text: t });
    };
    this.lastTokenStart = this.pos;
    for (;;) {
      const c = s[this.pos];
      if (c === undefined) break;
      if (c === '$') {
        const n = s[this.pos + 1];
        if (n === '$' || n === ' ' || n === ':') {
          addText(n);
          this.pos += 2;
        } else if (n === '\n') {
          this.pos += 2;
          while (s[this.pos] === ' ') this.pos++;
        } else if (n === '{') {
          let q = this.pos + 2;
          while (isVarChar(s[q])) q++;
          if (s[q] !== '}' || q === this.pos + 2) {
            this.error = 'bad $-escape (literal $ must be written as $$)';
            return undefined;
          }
          parts.push({ ref: s.slice(this.pos + 2, q) });
          this.pos = q + 1;
        } else if (isSimpleVarChar(n)) {
          let q = this.pos + 1;
          while (isSimpleVarChar(s[q])) q++;
          parts.push({ ref: s.slice(this.pos + 1, q) });
          this.pos = q;
        } else {
          this.error = 'bad $-escape (literal $ must be written as $$)';
          return undefined;
        }
        continue;
      }
      if (c === '\n') {
        if (!path) this.pos++;
        break;
      }
      if (path && (c === ' ' || c === ':' || c === '|')) break;
      let q = this.pos;
      while (q < s.length && s[q] !== '$' && s[q] !== '\n' && !(path && (s[q] === ' ' || s[q] === ':' || s[q] === '|'))) q++;
      addText(s.slice(this.pos, q));
      this.pos = q;
    }
    if (path) this.eatWhitespace();
    return parts;
  }

  /** Skip to the start of the next line (error recovery). */
  skipLine(): void {
    const nl = this.text.indexOf('\n', this.pos);
    this.pos = nl < 0 ? this.text.length : nl + 1;
  }
}
