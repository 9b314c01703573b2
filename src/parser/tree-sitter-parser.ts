// The one home of tree-sitter: loads the C and C++ grammars and their capture tables, parses text into a
// FlatTree (flat-tree.ts: one cursor walk, then plain JavaScript), and walks it once, in linear time,
// reporting captures; the comments beside a node are read from its siblings when asked. Symbol meaning is
// left to extract-symbols.ts.
import fs from 'node:fs';
import type Parser from 'tree-sitter';
import type { Language } from '../model/compile-args.js';
import { readableOperands } from './builtin-operands.js';
import { declaratorExtras } from './declarator-extras.js';
import { requireNativePackage } from './native-binding.js';
import { ERROR_TYPE_ID, flatten, newGrammarNames, type FlatNode, type FlatTree, type GrammarNames, type NodeTypeInfo } from './flat-tree.js';
import { readPatterns, type PatternTable, type QueryPattern } from './query-patterns.js';
import { WORD_TYPES } from './token-ends.js';

export type SyntaxNode = FlatNode;
export type Tree = FlatTree;

interface LanguageRuntime {
  parser: Parser;
  patterns: PatternTable;
  names: GrammarNames;
}

const runtimes = new Map<Language, LanguageRuntime>();

// The native binding and each grammar load on the first parse of their language (CommonJS packages, required
// when needed): an index run that parses nothing, or only C, loads less.
function runtime(lang: Language): LanguageRuntime {
  let rt = runtimes.get(lang);
  if (!rt) {
    const ParserClass = requireNativePackage('tree-sitter') as typeof Parser & { SyntaxNode?: unknown };
    const grammar = requireNativePackage(lang === 'cpp' ? 'tree-sitter-cpp' : 'tree-sitter-c') as Parser.Language & { nodeSubclasses?: unknown };
    // setLanguage makes a JavaScript class per node type (a getter per field) for a grammar that has none yet:
    // ~5 ms per grammar and process. Trees here are read through one cursor walk (flat-tree.ts), which makes
    // no node object but the root's, so every node type gets tree-sitter's plain SyntaxNode class instead
    // (it answers everything but the per-field getters).
    const plainNode = ParserClass.SyntaxNode;
    if (typeof plainNode === 'function') grammar.nodeSubclasses ??= new Proxy([], { get: (_, key) => (key === 'length' ? 0 : plainNode) });
    const parser = new ParserClass();
    parser.setLanguage(grammar);
    const file = new URL(`./queries/${lang}.scm`, import.meta.url);
    const nodeTypes = (grammar as unknown as { nodeTypeInfo?: NodeTypeInfo[] }).nodeTypeInfo ?? [];
    rt = { parser, patterns: readPatterns(fs.readFileSync(file, 'utf8'), `queries/${lang}.scm`), names: newGrammarNames(nodeTypes, WORD_TYPES[lang]) };
    runtimes.set(lang, rt);
  }
  return rt;
}

/**
 * Parses `text`, skipping the [start, end) spans in `skip` (sorted, disjoint) and the GNU extras tree-sitter
 * cannot read before an initializer (declarator-extras.ts), with GNU alignof and offsetof operations made readable
 * (builtin-operands.ts): positions stay those of `text`.
 */
export function parseText(text: string, lang: Language, given: readonly [number, number][] = []): Tree {
  const skipKey = given.join(';');
  // The last parse is kept: the symbol and call extractors of one file share it.
  if (last && last.text === text && last.lang === lang && last.skipKey === skipKey) return last.tree;
  const skip = withExtras(given, declaratorExtras(text));
  const { parser, names } = runtime(lang);
  // The binding copies the text into a buffer it makes for each parse (32 k UTF-16 units, zeroed, by default):
  // no larger than the text.
  const bufferSize = Math.min(text.length + 1, MAX_INPUT_BUFFER);
  // The tree, whose token ends are measured on the text it is given, answers with the readable text (the same as
  // `text` but for those operations).
  const readable = readableOperands(text);
  const parsed = parser.parse(readable, undefined, skip.length ? { bufferSize, includedRanges: includedRanges(text, skip) } : { bufferSize });
  const tree = flatten(parsed, readable, names, skip.length > 0);
  last = { text, lang, skipKey, tree };
  return tree;
}

/** `skip` with the extras outside its spans, in order. */
function withExtras(skip: readonly [number, number][], extras: [number, number][]): readonly [number, number][] {
  if (!extras.length) return skip;
  const inSkip = ([a, b]: [number, number]) => skip.some(([c, d]) => a < d && b > c);
  return [...skip, ...extras.filter((e) => !inSkip(e))].sort((x, y) => x[0] - y[0]);
}

/** tree-sitter's default input buffer, in UTF-16 units. */
const MAX_INPUT_BUFFER = 32 * 1024;

let last: { text: string; lang: Language; skipKey: string; tree: Tree } | undefined;

/** The complement of `skip` as tree-sitter ranges, with row/column points counted in one pass. */
function includedRanges(text: string, skip: readonly [number, number][]): Parser.Range[] {
  let row = 0;
  let lineStart = 0;
  let at = 0;
  const pointAt = (offset: number): Parser.Point => {
    for (let nl = text.indexOf('\n', at); nl !== -1 && nl < offset; nl = text.indexOf('\n', nl + 1)) {
      row++;
      lineStart = nl + 1;
    }
    at = Math.max(at, offset);
    return { row, column: offset - lineStart };
  };
  const ranges: Parser.Range[] = [];
  let from = 0;
  for (const [start, end] of [...skip, [text.length, text.length] as [number, number]]) {
    const startPosition = pointAt(from);
    ranges.push({ startIndex: from, endIndex: start, startPosition, endPosition: pointAt(start) });
    from = end;
  }
  return ranges;
}

/** A comment next to a node among its siblings. */
export interface SiblingComment {
  text: string;
  startIndex: number;
  endIndex: number;
  /** End offset of the sibling before the comment, or -1 when it is the first child. */
  prevEndIndex: number;
  endRow: number;
}

export interface WalkResult {
  /** Every node of the tree is visited exactly once. */
  nodesVisited: number;
  /** The comments beside each node among its siblings (leading runs, a trailing comment), read when asked. */
  comments: SiblingComments;
  /** The first syntax errors and missing tokens, in document order (at most MAX_ERROR_SITES). */
  errorSites: ErrorSite[];
  /** Captures of the language's symbol table in the walk's order: a node's before those of its descendants. */
  symbols: CaptureIds;
  /** Captures of the tables named in `also`, in that order, each in document order (but those named in `walkOrder`). */
  also: CaptureIds[];
}

/** Captures as parallel lists: capture names and node ids. */
export interface CaptureIds {
  names: string[];
  ids: number[];
}

/** Captures of `p` at node `id` appended to `out`; false (and `out` unchanged) when it does not match. */
function matchPattern(p: QueryPattern, t: FlatTree, id: number, out: CaptureIds): boolean {
  const { names, ids } = out;
  const start = ids.length;
  const captures = p.captures;
  for (let i = 0; i < captures.length; i++) {
    names.push(captures[i]);
    ids.push(id);
  }
  if (p.fields.length === 0 || matchFields(p.fields, t, id, out)) return true;
  names.length = ids.length = start;
  return false;
}

/**
 * Whether every field constraint holds among the children of `id` (each child that matches adds its captures).
 * Kept apart from matchPattern, which most calls leave after its captures.
 */
function matchFields(fields: QueryPattern['fields'], t: FlatTree, id: number, out: CaptureIds): boolean {
  const { next, field: fieldOf, typeId } = t;
  const types = t.names.types;
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i];
    const fieldId = f.field === null ? 0 : t.names.fieldIds.get(f.field);
    if (fieldId === undefined) return false;
    const type = f.pattern.type;
    let matched = false;
    for (let c = t.firstChild(id); c !== -1; c = next[c]) {
      if ((f.field === null || fieldOf[c] === fieldId) && types[typeId[c]] === type && matchPattern(f.pattern, t, c, out)) matched = true;
    }
    if (!matched) return false;
  }
  return true;
}

/** A table's patterns by grammar type id, filled as ids are met (a lookup per node without a string key). */
const byTypeIds = new WeakMap<PatternTable, (QueryPattern[] | null)[]>();

/** Collects one table's captures node by node, in the walk's (pre-)order. */
class TableCollector {
  private readonly byId: (QueryPattern[] | null)[];
  readonly names: string[] = [];
  readonly ids: number[] = [];
  private sorted = true;

  constructor(private readonly table: PatternTable) {
    let byId = byTypeIds.get(table);
    if (!byId) byTypeIds.set(table, (byId = []));
    this.byId = byId;
  }

  /**
   * Appends the captures of every node, in pre-order. The tree's lists are read once: most nodes match no
   * pattern, and a property read per node costs an inline-cache call while V8 runs this loop unoptimized.
   */
  collectAll(tree: FlatTree): void {
    const typeIds = tree.typeId;
    const byId = this.byId;
    const count = tree.count;
    for (let id = 0; id < count; id++) {
      const typeId = typeIds[id];
      let list = byId[typeId];
      if (list === undefined) byId[typeId] = list = this.table.get(tree.names.types[typeId]) ?? null;
      if (list !== null) this.collect(tree, id, list);
    }
  }

  /** Appends the captures at node `id` (matched straight into the lists; a failed match takes its own back). */
  private collect(tree: FlatTree, id: number, list: QueryPattern[]): void {
    const { ids } = this;
    const start = tree.start;
    for (let i = 0; i < list.length; i++) {
      const from = ids.length;
      if (!matchPattern(list[i], tree, id, this)) continue;
      for (let j = from; j < ids.length; j++) if (j > 0 && start[ids[j]] < start[ids[j - 1]]) this.sorted = false;
    }
  }

  inWalkOrder(): CaptureIds {
    return { names: this.names, ids: this.ids };
  }

  inDocumentOrder(tree: FlatTree): CaptureIds {
    const { names, ids } = this;
    if (this.sorted) return { names, ids };
    // A capture under a field can lie after a node entered later (`get()->fn`): order by position (stable).
    const order = names.map((_, i) => i).sort((a, b) => tree.start[ids[a]] - tree.start[ids[b]] || a - b);
    return { names: order.map((i) => names[i]), ids: order.map((i) => ids[i]) };
  }
}

/**
 * One pre-order pass over the flat tree, each node entered once: the captures of the symbol table and of the
 * tables named in `also`; the first syntax errors (a tree with some only). Captures are node ids (the flat tree
 * answers parent lookups in constant time; tree-sitter's query cursor, and its parent and sibling lookups,
 * cost more on long sibling lists, which made large generated files quadratic). Their meaning is read after
 * the walk, and the comments beside a node when a docstring asks: this loop stays small for the compiler.
 * The tables named in `walkOrder` are answered in the walk's order: their reader orders what it keeps itself.
 */
export function walkCaptures(tree: Tree, text: string, lang: Language, also: readonly string[] = [], walkOrder: readonly string[] = []): WalkResult {
  const collectors = [new TableCollector(runtime(lang).patterns)];
  for (let i = 0; i < also.length; i++) collectors.push(new TableCollector(captureTable(lang, also[i])));
  // Each table's captures are its own lists: collected one table after the other, each in the walk's order.
  for (let c = 0; c < collectors.length; c++) collectors[c].collectAll(tree);
  return {
    nodesVisited: tree.count,
    comments: new SiblingComments(tree, text),
    errorSites: errorSitesOf(tree),
    symbols: collectors[0].inWalkOrder(),
    also: collectors.slice(1).map((c, i) => (walkOrder.includes(also[i]) ? c.inWalkOrder() : c.inDocumentOrder(tree))),
  };
}

/**
 * A syntax error: where an ERROR node or missing token starts, and the span of the construct it sits in at file
 * level (a function, declaration or statement; `#if` blocks, `extern "C"` and namespaces hold such constructs).
 * Offsets in the parsed text.
 */
export interface ErrorSite {
  at: number;
  from: number;
  to: number;
}

/** Nodes that hold file-level constructs. */
const FILE_LEVEL = new Set(['translation_unit', 'preproc_if', 'preproc_ifdef', 'preproc_else', 'preproc_elif', 'preproc_elifdef', 'linkage_specification', 'namespace_definition', 'declaration_list']);

/** How many syntax errors of a file are read (it reports the first few of those that remain after filtering). */
export const MAX_ERROR_SITES = 64;

/** The first `limit` ERROR nodes and missing tokens outside an ERROR node, in document order. */
export function errorSitesOf(tree: Tree, limit = MAX_ERROR_SITES): ErrorSite[] {
  const sites: ErrorSite[] = [];
  if (!tree.hasError) return sites;
  const open: number[] = [];
  let inError = 0;
  for (let id = 0; id < tree.count && sites.length < limit; id++) {
    const parent = tree.parent[id];
    while (open.length && open[open.length - 1] !== parent) if (tree.typeId[open.pop()!] === ERROR_TYPE_ID) inError--;
    if (!inError && (tree.typeId[id] === ERROR_TYPE_ID || (tree.missing[id] && !unnamedBitField(tree, id)))) {
      // The outermost node that is not a holder (a `#if` block inside a function is passed through to it).
      let top = id;
      for (let p = parent; p !== -1; p = tree.parent[p]) if (!FILE_LEVEL.has(tree.type(p))) top = p;
      sites.push({ at: tree.start[id], from: tree.start[top], to: tree.end[top] });
    }
    if (tree.after[id] > id + 1) {
      open.push(id);
      if (tree.typeId[id] === ERROR_TYPE_ID) inError++;
    }
  }
  return sites;
}

/**
 * Whether a missing token is the name of an unnamed bit-field (`int :32;`, `unsigned : 0;`, padding in register
 * structs): valid C and C++ the grammars read with a MISSING field name before the width, which is no error.
 */
function unnamedBitField(tree: Tree, id: number): boolean {
  const next = tree.next[id];
  return next !== -1 && tree.type(id) === 'field_identifier' && tree.type(next) === 'bitfield_clause';
}

/** Start offsets of the file-level constructs (as errorSitesOf's: holders such as `extern "C"` looked into), comments left out. */
export function fileLevelStarts(tree: Tree): number[] {
  const out: number[] = [];
  const visit = (id: number): void => {
    for (let c = tree.firstChild(id); c !== -1; c = tree.next[c]) {
      if (!tree.isNamed(c) || tree.type(c) === 'comment') continue;
      if (FILE_LEVEL.has(tree.type(c))) visit(c);
      else out.push(tree.start[c]);
    }
  };
  visit(0);
  return out;
}

/** A comment that documents what comes before it on its line: `///<`, `//!<`, `/**<`, `/*!<`. */
export const TRAILING_MARK = /^\/\/[/!]<|^\/\*[*!]</;

/** Comments next to a node among its siblings, read from the flat tree's sibling links when a docstring asks. */
export class SiblingComments {
  /** Previous sibling by node id (-1: none), made at the first question. */
  private prev?: Int32Array;

  constructor(
    private readonly tree: Tree,
    private readonly text: string,
  ) {}

  /** The run of comments right before `id` among its siblings, in document order (none: empty). */
  leading(id: number): SiblingComment[] {
    const prev = this.previousSiblings();
    const t = this.tree;
    let first = id;
    while (prev[first] !== -1 && t.type(prev[first]) === 'comment') first = prev[first];
    const run: SiblingComment[] = [];
    for (let c = first; c !== id; c = t.next[c]) run.push(this.comment(c));
    return run;
  }

  /**
   * The comment after `id` (not itself a comment, `,` or `;`) when only one `,` or `;` sibling lies between, on
   * the same line, and marked as trailing (`///<`, `/**<`).
   */
  trailing(id: number): SiblingComment | undefined {
    const t = this.tree;
    const type = t.type(id);
    if (type === 'comment' || type === ',' || type === ';') return undefined;
    let hops = 0;
    let s = t.next[id];
    for (; s !== -1; s = t.next[s]) {
      const st = t.type(s);
      if (st !== ',' && st !== ';') break;
      hops++;
    }
    if (s === -1 || hops >= 2 || t.type(s) !== 'comment') return undefined;
    const c = this.comment(s);
    return TRAILING_MARK.test(c.text) && !this.text.slice(t.end[id], c.startIndex).includes('\n') ? c : undefined;
  }

  private comment(id: number): SiblingComment {
    const t = this.tree;
    const before = this.previousSiblings()[id];
    const startIndex = t.start[id];
    const endIndex = t.end[id];
    return { text: this.text.slice(startIndex, endIndex), startIndex, endIndex, prevEndIndex: before === -1 ? -1 : t.end[before], endRow: t.pointAt(endIndex).row };
  }

  private previousSiblings(): Int32Array {
    if (this.prev) return this.prev;
    const { count, next } = this.tree;
    const prev = new Int32Array(count).fill(-1);
    for (let id = 0; id < count; id++) {
      const n = next[id];
      if (n !== -1) prev[n] = id;
    }
    return (this.prev = prev);
  }
}

const extraTables = new Map<string, PatternTable>();

/** A second capture table (`queries/<name>.scm`): extractors that live in their own module bring their own patterns. */
function captureTable(lang: Language, name: string): PatternTable {
  const key = `${lang}\u0000${name}`;
  let table = extraTables.get(key);
  if (!table) {
    table = readPatterns(fs.readFileSync(new URL(`./queries/${name}.scm`, import.meta.url), 'utf8'), `queries/${name}.scm`);
    extraTables.set(key, table);
  }
  return table;
}
