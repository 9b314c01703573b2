// The one home of tree-sitter: loads the C and C++ grammars and their capture tables, parses text into a
// FlatTree (flat-tree.ts: one cursor walk, then plain JavaScript), and walks it once, in linear time,
// reporting captures with their ancestors and the comments beside each node. Symbol meaning is left to
// extract-symbols.ts.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type Parser from 'tree-sitter';
import type { Language } from '../model/compile-args.js';
import { flatten, newGrammarNames, type FlatNode, type FlatTree, type GrammarNames, type NodeTypeInfo } from './flat-tree.js';
import { readPatterns, type PatternTable, type QueryPattern } from './query-patterns.js';

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
const require = createRequire(import.meta.url);

function runtime(lang: Language): LanguageRuntime {
  let rt = runtimes.get(lang);
  if (!rt) {
    const ParserClass = require('tree-sitter') as typeof Parser & { SyntaxNode?: unknown };
    const grammar = require(lang === 'cpp' ? 'tree-sitter-cpp' : 'tree-sitter-c') as Parser.Language & { nodeSubclasses?: unknown };
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
    rt = { parser, patterns: readPatterns(fs.readFileSync(file, 'utf8'), `queries/${lang}.scm`), names: newGrammarNames(nodeTypes) };
    runtimes.set(lang, rt);
  }
  return rt;
}

/** Parses `text`, skipping the [start, end) spans in `skip` (sorted, disjoint): positions stay those of `text`. */
export function parseText(text: string, lang: Language, skip: readonly [number, number][] = []): Tree {
  const skipKey = skip.join(';');
  // The last parse is kept: the symbol and call extractors of one file share it.
  if (last && last.text === text && last.lang === lang && last.skipKey === skipKey) return last.tree;
  const { parser, names } = runtime(lang);
  const parsed = skip.length ? parser.parse(text, undefined, { includedRanges: includedRanges(text, skip) }) : parser.parse(text);
  const tree = flatten(parsed, text, names);
  last = { text, lang, skipKey, tree };
  return tree;
}

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

/** An ancestor of a captured node: its type and extent (its identity for maps kept across the walk). */
export interface Frame {
  type: string;
  startIndex: number;
  endIndex: number;
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
  /** Runs of comments that directly precede a node among its siblings, keyed by nodeKey. */
  leading: Map<string, SiblingComment[]>;
  /** The first comment after a node, within one `,` or `;` sibling, keyed by nodeKey. */
  trailing: Map<string, SiblingComment>;
  /** Rows (0-based) of the first syntax errors and missing tokens, in document order (at most 5). */
  errorRows: number[];
}

export type CaptureVisitor = (name: string, node: SyntaxNode, ancestors: readonly Frame[]) => void;

/** Identity of a node for maps kept across one walk (node objects are created only for captures). */
export function nodeKey(n: Frame): string {
  return `${n.type}:${n.startIndex}:${n.endIndex}`;
}

/** Captures of `p` at node `id` appended to `out` as [name, id]; false (and `out` unchanged) when it does not match. */
function matchPattern(p: QueryPattern, t: FlatTree, id: number, out: [string, number][]): boolean {
  const start = out.length;
  for (const c of p.captures) out.push([c, id]);
  for (const f of p.fields) {
    const fieldId = f.field === null ? 0 : t.names.fieldIds.get(f.field);
    let matched = false;
    if (fieldId !== undefined) {
      for (let c = t.firstChild(id); c !== -1; c = t.next[c]) {
        if ((f.field === null || t.field[c] === fieldId) && t.type(c) === f.pattern.type && matchPattern(f.pattern, t, c, out)) matched = true;
      }
    }
    if (!matched) {
      out.length = start;
      return false;
    }
  }
  return true;
}

interface Level {
  pending: SiblingComment[];
  /** End offset of the previous sibling, -1 before the first. */
  prevEnd: number;
  /** The sibling a trailing comment may document (type, extent) and how many `,`/`;` siblings followed it. */
  trailType: string | null;
  trailStart: number;
  trailEnd: number;
  trailHops: number;
}

const newLevel = (): Level => ({ pending: [], prevEnd: -1, trailType: null, trailStart: 0, trailEnd: 0, trailHops: 0 });

/**
 * One pre-order walk over the flat tree: each node is entered once, node objects are made only for captures,
 * and ancestors come from a stack (tree-sitter's query cursor, and its parent and sibling lookups, cost more
 * than constant time on long sibling lists, which made large generated files quadratic).
 */
export function walkCaptures(tree: Tree, text: string, lang: Language, visit: CaptureVisitor): WalkResult {
  const { patterns } = runtime(lang);
  const result: WalkResult = { nodesVisited: 0, leading: new Map(), trailing: new Map(), errorRows: [] };
  const ancestors: Frame[] = [];
  const open: number[] = [];
  const levels: Level[] = [newLevel()];
  const found: [string, number][] = [];
  let inError = 0;
  for (let id = 0; id < tree.count; id++) {
    const parent = tree.parent[id];
    while (open.length && open[open.length - 1] !== parent) {
      open.pop();
      levels.pop();
      if (ancestors.pop()!.type === 'ERROR') inError--;
    }
    result.nodesVisited++;
    const type = tree.type(id);
    const startIndex = tree.start[id];
    const endIndex = tree.end[id];
    noteSibling(levels[levels.length - 1], type, startIndex, endIndex, tree, text, result);
    if (result.errorRows.length < 5 && !inError && (type === 'ERROR' || tree.missing[id])) result.errorRows.push(tree.pointAt(startIndex).row);
    const list = patterns.get(type);
    if (list) {
      for (const p of list) {
        found.length = 0;
        if (matchPattern(p, tree, id, found)) for (const [name, n] of found) visit(name, tree.node(n), ancestors);
      }
    }
    if (tree.after[id] > id + 1) {
      open.push(id);
      ancestors.push({ type, startIndex, endIndex });
      levels.push(newLevel());
      if (type === 'ERROR') inError++;
    }
  }
  return result;
}

const TRAILING_MARK = /^\/\/[/!]<|^\/\*[*!]</;

/** Records comments that lead or trail the siblings of one level. */
function noteSibling(level: Level, type: string, startIndex: number, endIndex: number, tree: Tree, text: string, result: WalkResult): void {
  if (type === 'comment') {
    const comment: SiblingComment = { text: text.slice(startIndex, endIndex), startIndex, endIndex, prevEndIndex: level.prevEnd, endRow: tree.pointAt(endIndex).row };
    if (level.trailType !== null && level.trailHops < 2 && TRAILING_MARK.test(comment.text) && !text.slice(level.trailEnd, startIndex).includes('\n')) {
      result.trailing.set(nodeKey({ type: level.trailType, startIndex: level.trailStart, endIndex: level.trailEnd }), comment);
    }
    level.trailType = null;
    level.pending.push(comment);
  } else {
    if (level.pending.length) {
      result.leading.set(nodeKey({ type, startIndex, endIndex }), level.pending);
      level.pending = [];
    }
    if (type === ',' || type === ';') level.trailHops++;
    else {
      level.trailType = type;
      level.trailStart = startIndex;
      level.trailEnd = endIndex;
      level.trailHops = 0;
    }
  }
  level.prevEnd = endIndex;
}

export interface Capture {
  name: string;
  node: SyntaxNode;
}

const extraTables = new Map<string, PatternTable>();

/**
 * Captures of a second capture table (`queries/<name>.scm`) over a tree parsed by parseText, in document
 * order: extractors that live in their own module bring their own patterns. Matched by one linear walk of
 * the flat tree, like the symbol table (tree-sitter's query cursor is superlinear on long sibling lists).
 */
export function queryCaptures(tree: Tree, lang: Language, name: string): Capture[] {
  const key = `${lang}\u0000${name}`;
  let table = extraTables.get(key);
  if (!table) {
    table = readPatterns(fs.readFileSync(new URL(`./queries/${name}.scm`, import.meta.url), 'utf8'), `queries/${name}.scm`);
    extraTables.set(key, table);
  }
  const out: Capture[] = [];
  const found: [string, number][] = [];
  for (let id = 0; id < tree.count; id++) {
    const list = table.get(tree.type(id));
    if (!list) continue;
    for (const p of list) {
      found.length = 0;
      if (matchPattern(p, tree, id, found)) for (const [n, at] of found) out.push({ name: n, node: tree.node(at) });
    }
  }
  // A capture under a field can lie after a node entered later (`get()->fn`): order by position.
  return out.sort((a, b) => a.node.startIndex - b.node.startIndex);
}
