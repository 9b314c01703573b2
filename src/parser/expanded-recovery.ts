// Declarations the masked parse lost to a macro invocation it cannot read (`struct s { FIELD_LIST };`, where
// tree-sitter's error recovery can swallow the aggregate and what follows it), read again from the text the
// compiler sees: the invocations expanded. Leaves out regions whose expanded text does not parse cleanly either,
// but for the declarations written there that no invocation reaches and that the expanded reading reads cleanly.
import { sha1 } from '../model/sha1.js';
import type { ExtractedSymbol, FileExtraction } from '../model/symbol.js';
import type { MacroInvocation } from '../preprocessor/macro-invocations.js';
import { dataTableInsides } from './data-tables.js';
import { expandInvocations, type ExpandedText } from './expanded-text.js';
import { extractSymbols, syntaxErrors, type ExtractOptions } from './extract-symbols.js';
import { ERROR_TYPE_ID } from './flat-tree.js';
import { parseText, type Tree } from './tree-sitter-parser.js';
import { lineAt, lineStartsOf } from '../model/line-index.js';

/** A top-level node's extent in file offsets and whether it holds a syntax error. */
type Extent = [start: number, end: number, broken: boolean];

/**
 * `ex` (what extractSymbols read from `text`, the masked parse text) with the declarations of each region the
 * masked parse broke at a macro invocation replaced by those of the expanded reading, where that reading parses
 * the region without error. A region is a run of top-level declarations of either reading that overlap. The
 * syntax errors and nameless declarations of a replaced region are dropped: no declaration there was lost.
 */
export function recoverFromExpansion(text: string, ex: FileExtraction, invocations: readonly MacroInvocation[] | undefined, options: ExtractOptions): FileExtraction {
  if (!ex.errorLines?.length || !invocations?.length) return ex;
  const exp = expandInvocations(text, invocations);
  if (!exp.used.length) return ex;
  // The parse extractSymbols just made (the parser keeps its last one).
  const masked = topLevel(parseText(text, options.language, dataTableInsides(text).spans), (a, b) => [a, b]);
  const seeds = masked.filter(([a, b, broken]) => broken && exp.used.some((i) => i.start < b && i.end > a));
  if (!seeds.length) return ex;
  const expanded = extractSymbols(exp.text, options);
  // extractSymbols' parse of the expanded text, which extractCalls then reuses.
  const expTree = parseText(exp.text, options.language, dataTableInsides(exp.text).spans);
  const raw = topLevel(expTree, (a, b) => [a, b]);
  const readings = raw.map(([a, b, broken]): Extent => [...fileRange(exp, a, b), broken]);
  const grown = grow(seeds, [...masked, ...readings]);
  const clean = ([a, b]: [number, number]) => !readings.some(([c, d, broken]) => broken && c < b && d > a);
  const broken = grown.filter((r) => !clean(r));
  const fileScope = broken.length ? braceDepths(exp.text, raw.map((r) => r[0])).map((d) => d === 0) : [];
  const regions = merge([...grown.filter(clean), ...broken.flatMap((r) => writtenAndClean(r, readings, fileScope, exp))]);
  if (!regions.length) return ex;
  const starts = lineStartsOf(text);
  const spans = regions.map(([a, b]) => [lineAt(starts, a) + 1, lineAt(starts, b - 1) + 1]);
  const inRegion = (line: number) => spans.some(([from, to]) => line >= from && line <= to);
  const place = { text, exp, starts, expStarts: lineStartsOf(exp.text) };
  const kept = ex.symbols.filter((s) => !inRegion(s.line));
  const recovered = apartFrom(kept, expanded.symbols.filter((s) => inRegion(s.line)).map((s) => located(s, place)), options.relPath);
  const errorLines = ex.errorLines.filter((l) => !inRegion(l));
  return {
    ...ex,
    symbols: [...kept, ...recovered],
    errors: syntaxErrors(errorLines),
    errorLines,
    errorSites: ex.errorSites?.filter((e) => !inRegion(e.line)),
    nameless: ex.nameless.filter((l) => !inRegion(l)),
  };
}

/**
 * In a region the expanded reading breaks as well (a macro writing what tree-sitter cannot read, CMSIS-RTX's
 * `SVC0_1(MutexNew, ...)` with explicit register variables), its top-level declarations that no invocation reaches,
 * that it reads cleanly and that lie at file scope (no brace open before them: a broken namespace's members read as
 * top-level would lose their scope): written in the file as they are, the broken invocation before them lost them.
 */
function writtenAndClean([a, b]: [number, number], readings: Extent[], fileScope: boolean[], exp: ExpandedText): [number, number][] {
  const expanded = ([c, d]: Extent) => exp.used.some((i) => i.start < d && i.end > c);
  return readings.filter((r, k) => fileScope[k] && !r[2] && r[0] >= a && r[1] <= b && !expanded(r)).map(([c, d]): [number, number] => [c, d]);
}

/** The depth of `{` nesting at each of `offsets` (ascending) in C text, outside comments and literals. */
function braceDepths(text: string, offsets: number[]): number[] {
  const out: number[] = [];
  let depth = 0;
  let i = 0;
  for (const at of offsets) {
    while (i < at) {
      const c = text[i];
      if (c === '/' && text[i + 1] === '/') i = text.indexOf('\n', i) >>> 0;
      else if (c === '/' && text[i + 1] === '*') i = (text.indexOf('*/', i + 2) >>> 0) + 2;
      else if (c === '"' || c === "'") i = literalEnd(text, i);
      else {
        if (c === '{') depth++;
        else if (c === '}' && depth > 0) depth--;
        i++;
      }
    }
    out.push(depth);
  }
  return out;
}

/** The offset after the string or character literal that starts at `i` (its line's end if unterminated). */
function literalEnd(text: string, i: number): number {
  const quote = text[i];
  for (let k = i + 1; k < text.length; k++) {
    if (text[k] === '\\') k++;
    else if (text[k] === quote || text[k] === '\n') return k + 1;
  }
  return text.length;
}

/** Top-level nodes of `tree` as file extents (`range` maps the tree's offsets to the file's). */
function topLevel(tree: Tree, range: (start: number, end: number) => [number, number]): Extent[] {
  const out: Extent[] = [];
  for (let c = tree.firstChild(0); c !== -1; c = tree.next[c]) {
    let broken = false;
    for (let id = c; tree.hasError && id < tree.after[c] && !broken; id++) broken = tree.typeId[id] === ERROR_TYPE_ID || tree.missing[id] === 1;
    out.push([...range(tree.start[c], tree.end[c]), broken]);
  }
  return out;
}

/** File offsets of the expanded text's [start, end): a bound inside an expansion widens to the invocation. */
function fileRange(exp: ExpandedText, start: number, end: number): [number, number] {
  const last = exp.locate(Math.max(start, end - 1));
  return [exp.locate(start).offset, last.inv ? last.inv.end : last.offset + 1];
}

/** The seeds widened by every extent overlapping them, until none does that reaches further; merged, in order. */
function grow(seeds: Extent[], extents: Extent[]): [number, number][] {
  let regions = merge(seeds.map(([a, b]): [number, number] => [a, b]));
  for (let changed = true; changed; ) {
    changed = false;
    for (const [a, b] of extents) {
      for (const r of regions) {
        if (a >= r[1] || b <= r[0] || (a >= r[0] && b <= r[1])) continue;
        r[0] = Math.min(r[0], a);
        r[1] = Math.max(r[1], b);
        changed = true;
      }
    }
    regions = merge(regions);
  }
  return regions;
}

function merge(ranges: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const r of [...ranges].sort((x, y) => x[0] - y[0])) {
    const prev = out[out.length - 1];
    if (prev && r[0] <= prev[1]) prev[1] = Math.max(prev[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

/** The file and expanded texts with their line starts. */
interface Placement {
  text: string;
  exp: ExpandedText;
  starts: number[];
  expStarts: number[];
}

/**
 * The recovered symbols with the ids that a kept symbol of the masked reading also has (the readings count
 * ordinals of a name apart: the masked one may have read it elsewhere) hashed anew, their children's links too.
 */
function apartFrom(kept: ExtractedSymbol[], recovered: ExtractedSymbol[], relPath: string): ExtractedSymbol[] {
  const taken = new Set(kept.map((s) => s.stableId));
  if (!recovered.some((s) => taken.has(s.stableId))) return recovered;
  const reId = (id: string | null) => (id !== null && taken.has(id) ? sha1(`${relPath}\0expanded\0${id}`).slice(0, 16) : id);
  return recovered.map((s) => ({ ...s, stableId: reId(s.stableId)!, parentId: reId(s.parentId) }));
}

/**
 * A symbol of the expanded reading placed in the file: its column there, the macro whose expansion holds its
 * name (`viaMacro`: not one that only wrote the type before it, NetX Duo's `VOID`), a definition's body cut from
 * the parse text.
 */
function located(s: ExtractedSymbol, place: Placement): ExtractedSymbol {
  const { text, exp, starts, expStarts } = place;
  const start = expStarts[s.line - 1] + s.column - 1;
  const at = exp.locate(start);
  const named = exp.locate(nameOffset(exp.text, start, expStarts[s.endLine] ?? exp.text.length, s.name));
  let body = s.body;
  if (body !== null) {
    const from = exp.text.indexOf(body, expStarts[s.line - 1]);
    if (from >= 0) body = text.slice(...fileRange(exp, from, from + body.length));
  }
  return {
    ...s,
    column: at.offset - starts[s.line - 1] + 1,
    body,
    viaMacro: named.inv?.name ?? null,
  };
}

/** Offset of the first word `name` in text[start, end), or `start` when it is not written there. */
function nameOffset(text: string, start: number, end: number, name: string): number {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return start;
  const word = new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`, 'g');
  word.lastIndex = start;
  const m = word.exec(text);
  return m !== null && m.index < end ? m.index : start;
}
