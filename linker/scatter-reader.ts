// Reads the memory of an Arm linker (armlink) scatter file (`.sct`): each execution region of each load region —
// `ER_IROM1 0x08000000 0x00080000 { ... }`, `RW_IRAM1 0x20000000 UNINIT 0x00020000 { ... }` — as a region with its
// base address and maximum size (null when relative, `+0`, or not given) and the line it is named on. The file is
// read after preprocessing when its first line asks for it (`#! armclang -E`: the caller preprocesses); input
// section selectors are not read.
import type { Diagnostic, MemoryRegion } from './types.js';

export interface ScatterResult {
  memory: MemoryRegion[];
  diagnostics: Diagnostic[];
}

type Token = { text: string; line: number };

/** Words, numbers, `+offset`s and parenthesised expressions (one token each), braces; comments (`;`, `//`, block) left out. */
function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '\n') (line++, i++);
    else if (c === ';' || text.startsWith('//', i)) i = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
    else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      line += text.slice(i, stop).split('\n').length - 1;
      i = stop;
    } else if (c === '(') {
      let depth = 0;
      let j = i;
      for (; j < text.length; j++) if (text[j] === '(') depth++; else if (text[j] === ')' && --depth === 0) break;
      out.push({ text: text.slice(i, j + 1).replace(/\s+/g, ' '), line });
      line += text.slice(i, j + 1).split('\n').length - 1;
      i = j + 1;
    } else if (c === '{' || c === '}') (out.push({ text: c, line }), i++);
    else if (/\s/.test(c)) i++;
    else {
      const m = /^[^\s{}();]+/.exec(text.slice(i, i + 256))!;
      out.push({ text: m[0], line });
      i += m[0].length;
    }
  }
  return out;
}

/** Attributes a region header may carry, with how many values follow each. */
const ATTRIBUTES: Record<string, number> = {
  ABSOLUTE: 0, PI: 0, RELOC: 0, OVERLAY: 0, NOCOMPRESS: 0, FIXED: 0, EMPTY: 0, ZEROPAD: 0, UNINIT: 0, ALIGNALL: 1, ALIGN: 1, PADVALUE: 1, FILL: 1, SORTTYPE: 1, PROTECTED: 0,
};

/** An integer expression of numbers, + - * / and parentheses, or null. */
export function scatterValue(text: string): number | null {
  const tokens = text.match(/0[xX][\da-fA-F]+|\d+|[-+*/()]|\S/g) ?? [];
  let at = 0;
  const primary = (): number | null => {
    const t = tokens[at++];
    if (t === '(') {
      const v = sum();
      return tokens[at++] === ')' ? v : null;
    }
    if (t === '-') {
      const v = primary();
      return v === null ? null : -v;
    }
    return t !== undefined && /^(0[xX][\da-fA-F]+|\d+)$/.test(t) ? Number(t) : null;
  };
  const product = (): number | null => {
    let v = primary();
    while (tokens[at] === '*' || tokens[at] === '/') {
      const op = tokens[at++];
      const r = primary();
      v = v === null || r === null || (op === '/' && r === 0) ? null : op === '*' ? v * r : Math.floor(v / r);
    }
    return v;
  };
  const sum = (): number | null => {
    let v = product();
    while (tokens[at] === '+' || tokens[at] === '-') {
      const op = tokens[at++];
      const r = product();
      v = v === null || r === null ? null : op === '+' ? v + r : v - r;
    }
    return v;
  };
  const v = sum();
  return at === tokens.length && v !== null && Number.isSafeInteger(v) ? v : null;
}

/** The base and maximum size of a region header (the tokens between its name and `{`). */
function header(tokens: string[]): { base: string; size: string | undefined } {
  const rest: string[] = [];
  for (let i = 1; i < tokens.length; i++) {
    const word = tokens[i].toUpperCase();
    if (word in ATTRIBUTES) i += ATTRIBUTES[word];
    else rest.push(tokens[i]);
  }
  return { base: tokens[0] ?? '', size: rest.at(-1) };
}

/** The execution regions of a scatter file's (preprocessed) text. */
export function readScatter(text: string, file: string): ScatterResult {
  const tokens = tokenize(text);
  const memory: MemoryRegion[] = [];
  const diagnostics: Diagnostic[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i].text;
    if (t === '}') {
      depth--;
      start = i + 1;
    } else if (t === '{') {
      if (depth === 1) {
        const [name, ...rest] = tokens.slice(start, i);
        if (name) {
          const { base, size } = header(rest.map((x) => x.text));
          const relative = base.startsWith('+');
          // An EMPTY region of negative length grows down from its base (a stack): no size of its own.
          const length = size === undefined ? null : scatterValue(size);
          memory.push({
            name: name.text, attributes: '', origin: base, length: size ?? '',
            origin_value: relative ? null : scatterValue(base), length_value: length !== null && length >= 0 ? length : null,
            file_path: file, line: name.line,
          });
        }
      }
      depth++;
      start = i + 1;
    }
  }
  if (depth !== 0) diagnostics.push({ severity: 'warning', file, message: 'the scatter file\'s braces do not balance: its regions may be misread', fix: 'check the file against armlink (armlink --scatter)' });
  return { memory, diagnostics };
}
