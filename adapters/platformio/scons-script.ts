// The keyword arguments of a generated SCons script's top-level `env.Append(...)` calls (Arduino-ESP32's
// pioarduino-build.py), evaluated over the few expressions such scripts are written in: string literals, numbers,
// names the caller binds, join()/basename(), board_config.get(), `%` formatting, `+`, .replace(), tuples and lists.

/** A value: a string, or a tuple/list of values; undefined where an expression is outside what is evaluated. */
export type ScriptValue = string | ScriptValue[] | undefined;

/** What a script's names mean: bound names (package folders) and the board's manifest fields. */
export interface ScriptScope {
  names: Record<string, string>;
  board: (key: string) => string | undefined;
}

interface Token {
  kind: 'str' | 'raw' | 'name' | 'num' | 'op';
  text: string;
  /** The token starts a line (no indentation before it). */
  lineStart: boolean;
}

const TOKEN_RE = /(#[^\n]*)|([rRbBuUfF]{0,2})("""|'''|"|')|([A-Za-z_]\w*)|(\d[\w.]*)|(\n)|([ \t\r\\]+)|(.)/gy;

/** The end of a string literal starting at `from` (after its opening quote), or -1 when it does not end. */
function stringEnd(src: string, from: number, quote: string): number {
  for (let i = from; i < src.length; i++) {
    if (src[i] === '\\') i++;
    else if (src.startsWith(quote, i)) return i;
    else if (quote.length === 1 && src[i] === '\n') return -1;
  }
  return -1;
}

/** Python tokens, with comments and whitespace dropped; f-strings come out as unevaluable raw tokens. */
function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let lineStart = true;
  TOKEN_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while (TOKEN_RE.lastIndex < src.length && (m = TOKEN_RE.exec(src))) {
    const start = m.index;
    const atLineStart: boolean = lineStart;
    lineStart = false;
    if (m[1] !== undefined || m[7] !== undefined) {
      lineStart = atLineStart && m[7] === undefined;
      continue;
    }
    if (m[6] !== undefined) {
      lineStart = true;
      continue;
    }
    if (m[3] !== undefined) {
      const quote = m[3];
      const bodyStart = start + m[0].length;
      const end = stringEnd(src, bodyStart, quote);
      if (end < 0) break;
      const prefix = m[2].toLowerCase();
      out.push({ kind: prefix.includes('f') ? 'raw' : 'str', text: prefix.includes('r') ? src.slice(bodyStart, end) : unescape(src.slice(bodyStart, end)), lineStart: atLineStart });
      TOKEN_RE.lastIndex = end + quote.length;
      continue;
    }
    out.push({ kind: m[4] !== undefined ? 'name' : m[5] !== undefined ? 'num' : 'op', text: m[0], lineStart: atLineStart });
  }
  return out;
}

/** A Python string literal's escapes (the ones build scripts use): `\\`, quotes, `\n`, `\t`. */
function unescape(body: string): string {
  return body.replace(/\\(.)/gs, (all, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c === '\\' || c === '"' || c === "'" ? c : all));
}

/** Python's `%` with `%s` (and `%d`) conversions. */
function percent(format: string, args: ScriptValue): ScriptValue {
  const values = Array.isArray(args) ? args : [args];
  let i = 0;
  let ok = true;
  const out = format.replace(/%([sd%])/g, (_all, c: string) => {
    if (c === '%') return '%';
    const v = values[i++];
    if (typeof v !== 'string') ok = false;
    return typeof v === 'string' ? v : '';
  });
  return ok ? out : undefined;
}

/** What `env.BoardConfig()` evaluates to: a stand-in whose `.get()` reads the board, as `board_config.get()` does. */
const BOARD_CONFIG = '\u0000board_config';

/** An expression parser over a token list; every parse returns undefined for what it does not evaluate. */
class Evaluator {
  constructor(
    private readonly tokens: Token[],
    private readonly scope: ScriptScope,
    public pos = 0,
  ) {}

  private peek(text: string): boolean {
    const t = this.tokens[this.pos];
    return t !== undefined && t.kind === 'op' && t.text === text;
  }

  /** Skips to the next `,` or closing bracket at this depth (an expression that could not be read). */
  skipItem(): void {
    let depth = 0;
    for (; this.pos < this.tokens.length; this.pos++) {
      const t = this.tokens[this.pos];
      if (t.kind !== 'op') continue;
      if ('([{'.includes(t.text)) depth++;
      else if (')]}'.includes(t.text)) {
        if (depth === 0) return;
        depth--;
      } else if (t.text === ',' && depth === 0) return;
    }
  }

  /** One item of a list or argument list: its value, the tokens up to the next `,` or closing bracket consumed. */
  item(): ScriptValue {
    const value = this.sum();
    if (this.peek(',') || this.peek(')') || this.peek(']')) return value === BOARD_CONFIG ? undefined : value;
    this.skipItem();
    return undefined;
  }

  /** `a + b`, `a % b` (`%` binding tighter). */
  private sum(): ScriptValue {
    let left = this.product();
    while (this.peek('+')) {
      this.pos++;
      const right = this.product();
      const strings = typeof left === 'string' && typeof right === 'string' && left !== BOARD_CONFIG && right !== BOARD_CONFIG;
      left = strings ? left + right : Array.isArray(left) && Array.isArray(right) ? [...left, ...right] : undefined;
    }
    return left;
  }

  private product(): ScriptValue {
    let left = this.postfix();
    while (this.peek('%')) {
      this.pos++;
      const right = this.postfix();
      left = typeof left === 'string' ? percent(left, right) : undefined;
    }
    return left;
  }

  /** An atom with its calls and string methods: `board_config.get(...)`, `x.replace(a, b)`, `join(...)`, `(...)`. */
  private postfix(): ScriptValue {
    return this.methods(this.tokens[this.pos]?.kind === 'name' ? this.namedCall() : this.atom());
  }

  /** A dotted name, called or not: `os.path.join(...)`, `FRAMEWORK_DIR`, `NAME.lower()` (a method of a bound name). */
  private namedCall(): ScriptValue {
    const parts = [this.tokens[this.pos++].text];
    while (this.peek('.') && this.tokens[this.pos + 1]?.kind === 'name') {
      parts.push(this.tokens[this.pos + 1].text);
      this.pos += 2;
    }
    if (!this.peek('(')) return this.scope.names[parts.join('.')];
    this.pos++;
    const args = this.args();
    const bound = this.scope.names[parts.slice(0, -1).join('.')];
    return bound !== undefined ? this.method(bound, parts[parts.length - 1], args) : this.call(parts.join('.'), args);
  }

  /** `.method(args)` trailers on a value. */
  private methods(value: ScriptValue): ScriptValue {
    while (this.peek('.') && this.tokens[this.pos + 1]?.kind === 'name' && this.tokens[this.pos + 2]?.text === '(') {
      const method = this.tokens[this.pos + 1].text;
      this.pos += 3;
      value = this.method(value, method, this.args());
    }
    return value;
  }

  /** A string method, or `.get()` on `env.BoardConfig()`. */
  private method(value: ScriptValue, method: string, args: ScriptValue[]): ScriptValue {
    return value === BOARD_CONFIG ? (method === 'get' ? this.boardGet(args) : undefined) : stringMethod(value, method, args);
  }

  /** `board_config.get(key, default)`: the manifest's field, else the default. */
  private boardGet(args: ScriptValue[]): ScriptValue {
    const key = args[0];
    return typeof key === 'string' ? this.scope.board(key) ?? args[1] : undefined;
  }

  /** The arguments after an opening `(`, the closing `)` consumed; keyword arguments are skipped. */
  private args(): ScriptValue[] {
    const out: ScriptValue[] = [];
    while (this.pos < this.tokens.length && !this.peek(')')) {
      if (this.tokens[this.pos].kind === 'name' && this.tokens[this.pos + 1]?.text === '=') {
        this.pos += 2;
        this.item();
      } else out.push(this.item());
      if (this.peek(',')) this.pos++;
    }
    this.pos++;
    return out;
  }

  private call(name: string, args: ScriptValue[]): ScriptValue {
    const strings = args.every((a): a is string => typeof a === 'string');
    if ((name === 'join' || name === 'os.path.join') && strings) return joinPath(args);
    if ((name === 'basename' || name === 'os.path.basename') && strings && args.length === 1) return args[0].split('/').pop();
    if (name === 'board_config.get' || name === 'board.get') return this.boardGet(args);
    if (name === 'env.BoardConfig' && args.length === 0) return BOARD_CONFIG;
    return undefined;
  }

  private atom(): ScriptValue {
    const t = this.tokens[this.pos];
    if (!t) return undefined;
    if (t.kind === 'str' || t.kind === 'raw') {
      let text = '';
      let ok = true;
      while (this.tokens[this.pos]?.kind === 'str' || this.tokens[this.pos]?.kind === 'raw') {
        ok &&= this.tokens[this.pos].kind === 'str';
        text += this.tokens[this.pos++].text;
      }
      return ok ? text : undefined;
    }
    if (t.kind === 'num') {
      this.pos++;
      return /^\d+$/.test(t.text) ? t.text : undefined;
    }
    if (t.text === '(' || t.text === '[') return this.sequence(t.text === '(' ? ')' : ']');
    this.skipItem();
    return undefined;
  }

  /** Whether tokens [from, to) hold a `for` outside any bracket (a comprehension's). */
  private forAtTop(from: number, to: number): boolean {
    let depth = 0;
    for (let i = from; i < to; i++) {
      const t = this.tokens[i];
      if (t.kind === 'op' && '([{'.includes(t.text)) depth++;
      else if (t.kind === 'op' && ')]}'.includes(t.text)) depth--;
      else if (depth === 0 && t.kind === 'name' && t.text === 'for') return true;
    }
    return false;
  }

  /** A tuple, a parenthesized expression or a list (a comprehension is not evaluated). */
  private sequence(close: string): ScriptValue {
    this.pos++;
    const items: ScriptValue[] = [];
    let comma = false;
    let comprehension = false;
    while (this.pos < this.tokens.length && !this.peek(close)) {
      const from = this.pos;
      items.push(this.item());
      comprehension ||= this.forAtTop(from, this.pos);
      if (this.peek(',')) {
        comma = true;
        this.pos++;
      } else if (!this.peek(close)) this.skipItem();
    }
    this.pos++;
    if (comprehension) return undefined;
    return close === ')' && !comma && items.length === 1 ? items[0] : items;
  }
}

/** Path join as os.path.join on POSIX: an absolute part restarts the path. */
function joinPath(parts: string[]): string {
  return parts.reduce((acc, p) => (p.startsWith('/') || acc === '' ? p : acc.endsWith('/') ? acc + p : `${acc}/${p}`), '');
}

function stringMethod(value: ScriptValue, method: string, args: ScriptValue[]): ScriptValue {
  if (typeof value !== 'string') return undefined;
  if (method === 'replace' && typeof args[0] === 'string' && typeof args[1] === 'string') return value.split(args[0]).join(args[1]);
  if (method === 'lower') return value.toLowerCase();
  if (method === 'upper') return value.toUpperCase();
  if (method === 'strip') return value.trim();
  return undefined;
}

/** A script's tokens, for evaluating its Append calls with a scope (tokenized once, evaluated per env). */
export interface ParsedScript {
  tokens: Token[];
  /** Token indexes just after each top-level `env.Append(`. */
  appends: number[];
}

export function parseScript(src: string): ParsedScript {
  const tokens = tokenize(src);
  const appends: number[] = [];
  for (let i = 0; i + 3 < tokens.length; i++) {
    if (tokens[i].lineStart && tokens[i].text === 'env' && tokens[i + 1].text === '.' && tokens[i + 2].text === 'Append' && tokens[i + 3].text === '(') appends.push(i + 4);
  }
  return { tokens, appends };
}

/**
 * The values each keyword of the script's top-level `env.Append(...)` calls appends, in order, calls merged (a
 * call inside an `if` or a function is indented, so not read): `CPPPATH` → [paths], `CPPDEFINES` → [names, tuples].
 */
export function appendedValues(script: ParsedScript, scope: ScriptScope): Map<string, ScriptValue[]> {
  const out = new Map<string, ScriptValue[]>();
  for (const start of script.appends) {
    const ev = new Evaluator(script.tokens, scope, start);
    while (ev.pos < script.tokens.length && script.tokens[ev.pos].text !== ')') {
      const key = script.tokens[ev.pos];
      if (key.kind === 'name' && script.tokens[ev.pos + 1]?.text === '=') {
        ev.pos += 2;
        const value = ev.item();
        const list = out.get(key.text) ?? [];
        list.push(...(Array.isArray(value) ? value : [value]));
        out.set(key.text, list);
      } else ev.skipItem();
      if (script.tokens[ev.pos]?.text === ',') ev.pos++;
    }
  }
  return out;
}
