// Reads the memory of an IAR ILINK configuration file (`.icf`): its symbols (`define [exported] symbol X = 0x0800_0000;`)
// and regions (`define region ROM_region = mem:[from X to Y];`, `mem:[from X size S]`, several ranges joined by `|`),
// each region as origin and length with the line it is defined on. `if (isdefinedsymbol(X)) { ... } else { ... }`
// blocks are followed as ILINK would with the symbols defined so far; placement statements are not read.
import type { Diagnostic, LinkerSymbol, MemoryRegion } from './types.js';

export interface IcfResult {
  memory: MemoryRegion[];
  symbols: LinkerSymbol[];
  diagnostics: Diagnostic[];
}

type Token = { text: string; line: number };

/** The file's tokens, comments left out: names, numbers (`0x0800_0000`, `4G`), punctuation. */
function tokenize(text: string): Token[] {
  const out: Token[] = [];
  const re = /\/\*[\s\S]*?\*\/|\/\/[^\n]*|(0[xX][\da-fA-F_]+|\d[\d_]*[KMG]?)|([A-Za-z_$?][\w$?.]*)|(==|!=|<=|>=|&&|\|\||<<|>>|[-+*/%()[\]{}:;=|&!<>,~])|\n/g;
  let line = 1;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0] === '\n') line++;
    else if (m[1] ?? m[2] ?? m[3]) out.push({ text: m[0], line });
    else line += m[0].split('\n').length - 1;
  }
  return out;
}

/** A number as ILINK writes it: hex or decimal, `_` separators, a K/M/G multiplier. */
function numberValue(t: string): number | null {
  const m = /^(0[xX][\da-fA-F_]+|\d[\d_]*)([KMG]?)$/.exec(t);
  if (!m) return null;
  const v = Number(m[1].replace(/_/g, ''));
  return v * (m[2] === 'K' ? 1024 : m[2] === 'M' ? 1024 ** 2 : m[2] === 'G' ? 1024 ** 3 : 1);
}

const BINARY: Record<string, [number, (a: number, b: number) => number]> = {
  '||': [1, (a, b) => +(!!a || !!b)], '&&': [2, (a, b) => +(!!a && !!b)], '|': [3, (a, b) => a | b], '&': [5, (a, b) => a & b],
  '==': [6, (a, b) => +(a === b)], '!=': [6, (a, b) => +(a !== b)], '<': [7, (a, b) => +(a < b)], '>': [7, (a, b) => +(a > b)],
  '<=': [7, (a, b) => +(a <= b)], '>=': [7, (a, b) => +(a >= b)], '<<': [8, (a, b) => a * 2 ** b], '>>': [8, (a, b) => Math.floor(a / 2 ** b)],
  '+': [9, (a, b) => a + b], '-': [9, (a, b) => a - b], '*': [10, (a, b) => a * b], '/': [10, (a, b) => (b ? Math.floor(a / b) : NaN)], '%': [10, (a, b) => a % b],
};

/** Reads tokens from `at` to an expression's end (`;`, `]`, `)`, `,`, or a word such as `to`/`size`). */
class Reader {
  at = 0;
  constructor(readonly tokens: Token[], readonly symbols: Map<string, number | null>) {}
  peek(): string | undefined {
    return this.tokens[this.at]?.text;
  }
  next(): Token | undefined {
    return this.tokens[this.at++];
  }
  /** An expression's value (null when a name in it is unknown) and its text. `stopAtBar`: `|` joins ranges there. */
  expression(minPrec = 0, stopAtBar = false): { value: number | null; text: string } {
    let left = this.unary(stopAtBar);
    for (let op = this.peek(); op && BINARY[op] && BINARY[op][0] >= minPrec && !(stopAtBar && op === '|'); op = this.peek()) {
      this.next();
      const right = this.expression(BINARY[op][0] + 1, stopAtBar);
      const value = left.value === null || right.value === null ? null : BINARY[op][1](left.value, right.value);
      left = { value: value !== null && Number.isFinite(value) ? value : null, text: `${left.text} ${op} ${right.text}` };
    }
    return left;
  }
  private unary(stopAtBar: boolean): { value: number | null; text: string } {
    const t = this.next()?.text ?? '';
    if (t === '(') {
      const inner = this.expression(0, false);
      this.next();
      return { value: inner.value, text: `(${inner.text})` };
    }
    if (t === '-' || t === '!' || t === '~') {
      const v = this.unary(stopAtBar);
      const value = v.value === null ? null : t === '-' ? -v.value : t === '!' ? +!v.value : ~v.value;
      return { value, text: `${t}${v.text}` };
    }
    if (t === 'isdefinedsymbol' && this.peek() === '(') {
      this.next();
      const name = this.next()?.text ?? '';
      this.next();
      return { value: this.symbols.has(name) ? 1 : 0, text: `isdefinedsymbol(${name})` };
    }
    const n = numberValue(t);
    if (n !== null) return { value: n, text: t };
    return { value: this.symbols.get(t) ?? null, text: t };
  }
}

/** One `mem:[from A to B]` / `mem:[from A size S]` range (the reader past `mem` and `:`). */
function range(r: Reader): { origin: { value: number | null; text: string }; length: { value: number | null; text: string } } | undefined {
  if (r.next()?.text !== '[' || r.next()?.text !== 'from') return undefined;
  const origin = r.expression(0, true);
  const kind = r.next()?.text;
  const end = r.expression(0, true);
  while (r.peek() !== undefined && r.peek() !== ']') r.next(); // repeat / displacement: not read
  r.next();
  if (kind === 'size') return { origin, length: end };
  const value = origin.value !== null && end.value !== null ? end.value - origin.value + 1 : null;
  return { origin, length: { value, text: `${end.text} - ${origin.text} + 1` } };
}

/** What reading the statements gathers. */
interface Gathered extends IcfResult {
  file: string;
  /** Region name → its value when defined (for regions built from others). */
  regions: Map<string, MemoryRegion>;
}

/** Skips one statement: to its `;` at this brace depth, or past a block `{ ... }` and the `;` after it. */
function skipStatement(r: Reader): void {
  let depth = 0;
  for (let t = r.next()?.text; t !== undefined; t = r.next()?.text) {
    if (t === '{') depth++;
    else if (t === '}') depth--;
    else if (t === ';' && depth <= 0) return;
    if (depth < 0) {
      r.at--;
      return;
    }
  }
}

/** `define region NAME = mem:[...] | OTHER ...;`: the first range (or the region named) gives origin and length. */
function defineRegion(r: Reader, g: Gathered, line: number): void {
  const name = r.next()?.text ?? '';
  if (r.next()?.text !== '=') return skipStatement(r);
  const ranges: NonNullable<ReturnType<typeof range>>[] = [];
  for (;;) {
    const t = r.next()?.text;
    if (t === undefined || t === ';') break;
    if (r.peek() === ':') {
      r.next();
      const got = range(r);
      if (got) ranges.push(got);
    } else if (g.regions.has(t)) {
      const o = g.regions.get(t)!;
      ranges.push({ origin: { value: o.origin_value, text: o.origin }, length: { value: o.length_value, text: o.length } });
    }
  }
  if (!ranges.length) {
    g.diagnostics.push({ severity: 'warning', file: g.file, line, message: `region ${name}: no memory range read`, fix: 'write it as mem:[from START to END] or mem:[from START size SIZE]' });
    return;
  }
  const [first] = ranges;
  const region: MemoryRegion = { name, attributes: '', origin: first.origin.text, length: first.length.text, origin_value: first.origin.value, length_value: first.length.value, file_path: g.file, line };
  if (ranges.length > 1) g.diagnostics.push({ severity: 'info', file: g.file, line, message: `region ${name} joins ${ranges.length} ranges; its first is shown` });
  g.regions.set(name, region);
  g.memory.push(region);
}

/** `define [exported] symbol NAME = EXPR;` */
function defineSymbol(r: Reader, g: Gathered, line: number): void {
  const name = r.next()?.text ?? '';
  if (r.next()?.text !== '=') return skipStatement(r);
  const e = r.expression();
  if (r.peek() === ';') r.next();
  r.symbols.set(name, e.value);
  g.symbols.push({ name, expression: e.text, operator: '=', value: e.value, file: g.file, line, provided: false, hidden: false, section: null });
}

/** The statements up to a block's `}` (or the end): definitions read where `active`, the rest skipped. */
function statements(r: Reader, g: Gathered, active: boolean): void {
  for (let t = r.peek(); t !== undefined && t !== '}'; t = r.peek()) {
    const line = r.tokens[r.at].line;
    if (t === 'if') {
      conditional(r, g, active);
      continue;
    }
    if (t === 'define' && active) {
      r.next();
      const what = r.peek() === 'exported' ? (r.next(), r.peek()) : r.peek();
      if (what === 'symbol') {
        r.next();
        defineSymbol(r, g, line);
        continue;
      }
      if (what === 'region') {
        r.next();
        defineRegion(r, g, line);
        continue;
      }
    }
    skipStatement(r);
  }
}

/** `if (COND) { ... } else if (...) { ... } else { ... }`: the branch the condition picks (the first when unknown). */
function conditional(r: Reader, g: Gathered, active: boolean): void {
  let taken = false;
  for (;;) {
    r.next(); // if
    r.next(); // (
    const cond = r.expression();
    r.next(); // )
    const pick: boolean = active && !taken && cond.value !== 0;
    block(r, g, pick);
    taken ||= pick;
    if (r.peek() !== 'else') return;
    r.next();
    if (r.peek() !== 'if') return block(r, g, active && !taken);
  }
}

function block(r: Reader, g: Gathered, active: boolean): void {
  if (r.peek() !== '{') return;
  r.next();
  statements(r, g, active);
  r.next(); // }
}

/** The regions and symbols of an ICF file's text (`file`: its path, for lines and messages). */
export function readIcf(text: string, file: string, defined: Record<string, number> = {}): IcfResult {
  const r = new Reader(tokenize(text), new Map(Object.entries(defined)));
  const g: Gathered = { memory: [], symbols: [], diagnostics: [], file, regions: new Map() };
  while (r.peek() !== undefined) {
    statements(r, g, true);
    if (r.peek() === '}') r.next();
  }
  return { memory: g.memory, symbols: g.symbols, diagnostics: g.diagnostics };
}
