// A tree-sitter syntax tree copied into flat arrays by one cursor walk, and FlatNode, a view of one node
// with the part of tree-sitter's SyntaxNode API the extractors use, answered in plain JavaScript. Every
// SyntaxNode access crosses into native code and allocates; the copy costs a few native calls per node once.
// Leaves out editing, re-parsing and the query API.
import type Parser from 'tree-sitter';
import { ChildFields, type NodeTypeFields } from './child-fields.js';
import { lineAt, lineStartsOf } from '../model/line-index.js';
import { BLANK_START_TYPES, blanksEnd, COMMENT, NOT_SCANNED, scannedEnd, WORD } from './token-ends.js';

export interface Point {
  row: number;
  column: number;
}

/** A grammar's node-types.json entry (the part read here). */
export type NodeTypeInfo = NodeTypeFields;

/** Names of a grammar's node types and fields by id, learnt from the cursor as ids are first met. */
export interface GrammarNames {
  types: string[];
  /** Whether nodes of a type id are named (a property of the type, aliases included). */
  named: boolean[];
  /** Whether no child of a node of this type id has a field (node-types.json lists none): no need to ask. */
  fieldless: boolean[];
  /** Whether a type id is a token, which never has children (node-types.json lists neither fields nor subtypes). */
  token: boolean[];
  /** Whether a token of this type id spells its type: an anonymous token that aliases no pattern (see learnType). */
  literal: boolean[];
  /** How the end of a token of this type id is read from the text (token-ends.ts): NOT_SCANNED, WORD or COMMENT. */
  scanned: number[];
  /** Token types that are whole words in this grammar (token-ends.ts). */
  words: ReadonlySet<string>;
  /** Whether a node of this type id may begin with a blank (BLANK_START_TYPES): its start is asked. */
  blankStart: boolean[];
  /** Whether a node of this type id with children ends where its last child ends (in a tree without syntax errors). */
  endsWithLastChild: boolean[];
  fields: string[];
  fieldIds: Map<string, number>;
  childFields: ChildFields;
  /** By parent type id, then child type id: the field id node-types.json implies, or -1 (ask the cursor). */
  fieldRows: (number[] | undefined)[];
  /** Node types that declare fields, as `named:type`. */
  withFields: Set<string>;
  /** Every node type node-types.json lists, as `named:type`. */
  known: Set<string>;
  tokens: Set<string>;
}

export function newGrammarNames(nodeTypes: readonly NodeTypeInfo[], words: readonly string[] = []): GrammarNames {
  const key = (t: { type: string; named: boolean }) => `${t.named ? 1 : 0}:${t.type}`;
  return {
    types: [],
    named: [],
    fieldless: [],
    token: [],
    literal: [],
    scanned: [],
    words: new Set(words),
    blankStart: [],
    endsWithLastChild: [],
    fields: [],
    fieldIds: new Map(),
    childFields: new ChildFields(nodeTypes),
    fieldRows: [],
    withFields: new Set(nodeTypes.filter((t) => Object.keys(t.fields ?? {}).length).map(key)),
    known: new Set(nodeTypes.map(key)),
    tokens: new Set(nodeTypes.filter((t) => !t.fields && !t.subtypes).map(key)),
  };
}

/** The type id tree-sitter gives ERROR nodes. */
export const ERROR_TYPE_ID = 0xffff;

/** Nodes in pre-order: node 0 is the root, a node's children follow it, its subtree is contiguous. */
export class FlatTree {
  count = 0;
  readonly typeId: Uint16Array;
  readonly start: Uint32Array;
  readonly end: Uint32Array;
  /** Field id under the parent (0: none), as tree-sitter's cursor reports it. */
  readonly field: Uint16Array;
  readonly parent: Int32Array;
  /** Next sibling, or -1. */
  readonly next: Int32Array;
  /** The id just past the node's subtree. */
  readonly after: Int32Array;
  readonly missing: Uint8Array;
  /** Whether tree-sitter found syntax errors (ERROR nodes, missing tokens). */
  hasError = false;
  private lineStarts?: number[];

  constructor(readonly text: string, readonly names: GrammarNames, capacity: number) {
    const [buffer, at] = columnSpace(capacity * 25);
    const int32 = (i: number) => new Int32Array(buffer, at + i * 4 * capacity, capacity);
    this.start = new Uint32Array(buffer, at, capacity);
    this.end = new Uint32Array(buffer, at + 4 * capacity, capacity);
    this.parent = int32(2);
    this.next = int32(3);
    this.after = int32(4);
    this.typeId = new Uint16Array(buffer, at + 20 * capacity, capacity);
    this.field = new Uint16Array(buffer, at + 22 * capacity, capacity);
    this.missing = new Uint8Array(buffer, at + 24 * capacity, capacity);
  }

  get rootNode(): FlatNode {
    return new FlatNode(this, 0);
  }

  node(id: number): FlatNode {
    return new FlatNode(this, id);
  }

  type(id: number): string {
    return this.names.types[this.typeId[id]];
  }

  isNamed(id: number): boolean {
    return this.names.named[this.typeId[id]];
  }

  /** First child of `id`, or -1. */
  firstChild(id: number): number {
    return this.after[id] > id + 1 ? id + 1 : -1;
  }

  /** Row and column (UTF-16 units, as tree-sitter reports them for strings) of an offset: rows end at `\n`. */
  pointAt(offset: number): Point {
    const starts = (this.lineStarts ??= lineStartsOf(this.text));
    const row = lineAt(starts, offset);
    return { row, column: offset - starts[row] };
  }

  /** The first child of `id` under field `fieldId`, or -1. */
  childForField(id: number, fieldId: number): number {
    for (let c = this.firstChild(id); c !== -1; c = this.next[c]) if (this.field[c] === fieldId) return c;
    return -1;
  }
}

/** Bytes of the buffers the columns of small trees are cut from. */
const COLUMN_CHUNK_BYTES = 64 * 1024;
let columnChunk: ArrayBuffer | undefined;
let columnChunkUsed = 0;

/**
 * Zeroed space for `bytes` of columns: a buffer and the offset (a multiple of 8) they start at. Making an
 * ArrayBuffer of a few kilobytes costs tens of microseconds of CPU, so the columns of trees up to a quarter of
 * COLUMN_CHUNK_BYTES are cut from a shared chunk, never reused: a chunk lives while a tree cut from it does.
 * (Chunks of a megabyte made V8 start a full collection for the external memory.)
 */
function columnSpace(bytes: number): [ArrayBuffer, number] {
  if (bytes > COLUMN_CHUNK_BYTES >> 2) return [new ArrayBuffer(bytes), 0];
  if (!columnChunk || columnChunkUsed + bytes > COLUMN_CHUNK_BYTES) {
    columnChunk = new ArrayBuffer(COLUMN_CHUNK_BYTES);
    columnChunkUsed = 0;
  }
  const at = columnChunkUsed;
  columnChunkUsed += (bytes + 7) & ~7;
  return [columnChunk, at];
}

/**
 * Copies `tree` (parsed from `text`) into a FlatTree: per node its type id, extent, field id, parent and next
 * sibling. Type, field and named-ness tables are filled the first time an id is met. Each cursor read crosses
 * into native code, so only what cannot be known otherwise is asked: no field under a parent whose type has
 * none, no children of a token, and in a tree without syntax errors (so without MISSING tokens) no end of a
 * token that spells its type (`;`, `(`, `return`): it ends its type's length after its start (but a directive's line
 * end in included ranges, which tree-sitter ends where the next range starts when it closes one), nor of a word
 * or comment whose text settles it (token-ends.ts; not in `ranged` text, parsed in included ranges). Nor, in such a
 * tree, a field node-types.json implies (child-fields.ts) or, below the root, the start of a first child or the
 * end of a node with children (see ENDS_PAST_LAST_CHILD); nor, in text parsed whole, the start of a later child:
 * only blanks and line continuations lie between siblings (comments are nodes; the grammars' only hidden tokens
 * are directive line ends), so it starts where they end after the sibling before it (token-ends.ts; but for the
 * tokens that may begin with a blank, BLANK_START_TYPES).
 * The columns are sized once by the tree's node count (which the cursor walk visits) and are zero when made, so a
 * zero field or missing flag is not written. Should the walk meet more nodes, or open more ancestors than the kept
 * stacks hold, the copy starts again with room for them (copyNodes).
 */
export function flatten(tree: Parser.Tree, text: string, names: GrammarNames, ranged = false): FlatTree {
  const root = tree.rootNode;
  const spelled = !root.hasError;
  for (let capacity = Math.max(1, root.descendantCount); ; ) {
    const flat = new FlatTree(text, names, capacity);
    flat.hasError = !spelled;
    const outcome = copyNodes(tree.walk(), flat, spelled, spelled && !ranged);
    if (outcome === COPIED) return flat;
    if (outcome === COLUMNS_FULL) capacity *= 2;
    else stacks = { parents: grown(stacks.parents), lastChild: grown(stacks.lastChild), parentFieldless: grown(stacks.parentFieldless) };
  }
}

/** What copyNodes did: copied the tree, or stopped for want of columns or of stack levels. */
const COPIED = 0;
const COLUMNS_FULL = 1;
const STACKS_FULL = 2;

/**
 * flatten's walk, into the columns of `flat` (see flatten): COPIED, or where it stopped. No column, stack or
 * table is replaced during the walk, so the loop reads each from a local that stays (until V8 optimizes the loop
 * every property read costs an inline-cache call; once it does, a local the loop never reassigns costs its compile
 * no merge per loop turn).
 */
function copyNodes(cursor: Parser.TreeCursor, flat: FlatTree, spelled: boolean, scan: boolean): number {
  const { text, names } = flat;
  const { types, fieldless, token, literal, scanned, blankStart, endsWithLastChild } = names;
  const { typeId: typeIds, start, end, field, parent, next, after, missing } = flat;
  const capacity = typeIds.length;
  let count = 0;
  /** The open ancestors, the last child seen under each (to link siblings), and whether each has fields. */
  let depth = 0;
  const { parents, lastChild, parentFieldless } = stacks;
  const levels = parents.length;
  parents[0] = -1;
  lastChild[0] = -1;
  parentFieldless[0] = 1;
  for (;;) {
    if (count === capacity) return COLUMNS_FULL;
    const id = count++;
    const typeId = cursor.nodeTypeId;
    if (types[typeId] === undefined) learnType(names, typeId, cursor);
    const prev = lastChild[depth];
    const parentId = parents[depth];
    let startIndex = -1;
    if (prev === -1) {
      if (spelled && depth > 1) startIndex = start[parentId];
    } else if (scan && !blankStart[typeId]) startIndex = blanksEnd(text, end[prev]);
    if (startIndex === -1) startIndex = cursor.startIndex;
    typeIds[id] = typeId;
    start[id] = startIndex;
    parent[id] = parentId;
    next[id] = -1;
    if (prev !== -1) next[prev] = id;
    lastChild[depth] = id;
    if (!parentFieldless[depth]) {
      const fieldId = childField(names, cursor, spelled ? typeIds[parentId] : -1, typeId);
      if (fieldId !== 0) field[id] = fieldId;
    }
    // A node that may have children and ends with its last one is given its end when it closes (or, childless, below).
    const isToken = token[typeId];
    const endLater = spelled && depth > 0 && !isToken && endsWithLastChild[typeId];
    if (!endLater) {
      // In included ranges a directive's line end that closes a range ends where the next range starts: asked.
      const spelledEnd = spelled && literal[typeId] && (scan || types[typeId] !== '\n');
      let endIndex = spelledEnd ? startIndex + types[typeId].length : scan && scanned[typeId] ? scannedEnd(scanned[typeId], text, startIndex) : -1;
      if (endIndex === -1) endIndex = cursor.endIndex;
      end[id] = endIndex;
      if (!spelled && startIndex === endIndex && cursor.nodeIsMissing) missing[id] = 1;
    }
    if (!isToken && cursor.gotoFirstChild()) {
      if (++depth === levels) return STACKS_FULL;
      parents[depth] = id;
      lastChild[depth] = -1;
      parentFieldless[depth] = fieldless[typeId] ? 1 : 0;
      continue;
    }
    if (endLater) end[id] = cursor.endIndex;
    after[id] = id + 1;
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) {
        flat.count = count;
        return COPIED;
      }
      const closed = parents[depth];
      after[closed] = count;
      if (spelled && depth > 1 && endsWithLastChild[typeIds[closed]]) end[closed] = end[lastChild[depth]];
      depth--;
    }
  }
}

/**
 * The field id of the cursor's node under a parent of type id `parentTypeId` (-1 when the tree has syntax errors:
 * ask the cursor), 0 for none: what node-types.json implies where it tells, else the cursor's answer, learnt.
 */
function childField(names: GrammarNames, cursor: Parser.TreeCursor, parentTypeId: number, typeId: number): number {
  let fieldId = -1;
  if (parentTypeId !== -1) {
    const row = names.fieldRows[parentTypeId];
    const known = row === undefined ? undefined : row[typeId];
    fieldId = known === undefined ? impliedField(names, parentTypeId, typeId) : known;
  }
  if (fieldId === -1) fieldId = cursor.currentFieldId;
  if (fieldId !== 0 && names.fields[fieldId] === undefined) {
    names.fields[fieldId] = cursor.currentFieldName;
    names.fieldIds.set(names.fields[fieldId], fieldId);
  }
  return fieldId;
}

/** flatten's stacks of open ancestors, kept from one copy to the next (a copy writes each level before reading it). */
let stacks = { parents: new Int32Array(64), lastChild: new Int32Array(64), parentFieldless: new Uint8Array(64) };

/**
 * Node types whose rule ends with a hidden token (the line end of a directive), so past their last child.
 * In a tree without syntax errors every other node below the root starts where its first child starts and
 * ends where its last child ends: tree-sitter gives a node its first child's leading whitespace and keeps
 * extras (comments, line continuations) on either side of a node out of it; the root keeps them.
 * A test derives this list from the grammars (grammar.json) and checks that no rule starts with a hidden token.
 */
export const ENDS_PAST_LAST_CHILD: ReadonlySet<string> = new Set(['preproc_call', 'preproc_def', 'preproc_function_def', 'preproc_include']);

/** The field id node-types.json implies for a child of type id `typeId` under one of `parentTypeId`, or -1. */
function impliedField(names: GrammarNames, parentTypeId: number, typeId: number): number {
  const row = (names.fieldRows[parentTypeId] ??= []);
  const known = row[typeId];
  if (known !== undefined) return known;
  const key = (t: number) => `${names.named[t] ? 1 : 0}:${names.types[t]}`;
  const field = names.childFields.fieldOf(key(parentTypeId), key(typeId));
  // A field met for the first time is asked (the cursor gives its id), and the answer kept from then on.
  const fieldId = field === null ? -1 : field === '' ? 0 : names.fieldIds.get(field);
  if (fieldId !== undefined) row[typeId] = fieldId;
  return fieldId ?? -1;
}

function grown<T extends Int32Array | Uint8Array>(a: T): T {
  const b = new (a.constructor as new (n: number) => T)(a.length * 2);
  b.set(a);
  return b;
}

function learnType(names: GrammarNames, typeId: number, cursor: Parser.TreeCursor): void {
  const type = cursor.nodeType;
  const named = typeId === ERROR_TYPE_ID || cursor.nodeIsNamed;
  const key = `${named ? 1 : 0}:${type}`;
  names.types[typeId] = type;
  names.named[typeId] = named;
  names.fieldless[typeId] = typeId !== ERROR_TYPE_ID && names.known.has(key) && !names.withFields.has(key);
  names.token[typeId] = typeId !== ERROR_TYPE_ID && names.tokens.has(key);
  // The C and C++ grammars alias patterns only to the directive names (`#include` for `#  include`); every
  // other anonymous node is a string token of the grammar, whose text is its type.
  names.literal[typeId] = names.token[typeId] && !named && !type.startsWith('#');
  names.endsWithLastChild[typeId] = typeId !== ERROR_TYPE_ID && !ENDS_PAST_LAST_CHILD.has(type);
  // An anonymous token's type is its text: a line end (the directives' `\n`) starts at a blank.
  names.blankStart[typeId] = BLANK_START_TYPES.has(type) || (!named && /^\s/.test(type));
  names.scanned[typeId] = !names.token[typeId] || !named ? NOT_SCANNED : names.words.has(type) ? WORD : type === 'comment' ? COMMENT : NOT_SCANNED;
}

/** One node of a FlatTree; `id` is its pre-order index (equal ids: the same node). */
export class FlatNode {
  constructor(readonly tree: FlatTree, readonly id: number) {}

  get type(): string {
    return this.tree.type(this.id);
  }

  get startIndex(): number {
    return this.tree.start[this.id];
  }

  get endIndex(): number {
    return this.tree.end[this.id];
  }

  get text(): string {
    return this.tree.text.slice(this.tree.start[this.id], this.tree.end[this.id]);
  }

  get startPosition(): Point {
    return this.tree.pointAt(this.tree.start[this.id]);
  }

  get endPosition(): Point {
    return this.tree.pointAt(this.tree.end[this.id]);
  }

  get isMissing(): boolean {
    return this.tree.missing[this.id] === 1;
  }

  get isNamed(): boolean {
    return this.tree.isNamed(this.id);
  }

  get parent(): FlatNode | null {
    const p = this.tree.parent[this.id];
    return p === -1 ? null : new FlatNode(this.tree, p);
  }

  get children(): FlatNode[] {
    const out: FlatNode[] = [];
    for (let c = this.tree.firstChild(this.id); c !== -1; c = this.tree.next[c]) out.push(new FlatNode(this.tree, c));
    return out;
  }

  get namedChildren(): FlatNode[] {
    const out: FlatNode[] = [];
    for (let c = this.tree.firstChild(this.id); c !== -1; c = this.tree.next[c]) if (this.tree.isNamed(c)) out.push(new FlatNode(this.tree, c));
    return out;
  }

  get namedChildCount(): number {
    let n = 0;
    for (let c = this.tree.firstChild(this.id); c !== -1; c = this.tree.next[c]) if (this.tree.isNamed(c)) n++;
    return n;
  }

  child(index: number): FlatNode | null {
    let i = 0;
    for (let c = this.tree.firstChild(this.id); c !== -1; c = this.tree.next[c]) if (i++ === index) return new FlatNode(this.tree, c);
    return null;
  }

  namedChild(index: number): FlatNode | null {
    let i = 0;
    for (let c = this.tree.firstChild(this.id); c !== -1; c = this.tree.next[c]) if (this.tree.isNamed(c) && i++ === index) return new FlatNode(this.tree, c);
    return null;
  }

  /**
   * The first child the cursor reports under `field`: tree-sitter's childForFieldName (an ERROR node has no
   * fields, though a cursor reports the fields of its children). The node lookup also answers a few grammar
   * quirks no extractor asks about: the C++ parenthesized_expression answers the left/right/operator of the
   * expression inside, a C function_definition read from C++ text answers `parameters`.
   */
  childForFieldName(field: string): FlatNode | null {
    const fieldId = this.tree.names.fieldIds.get(field);
    if (fieldId === undefined || this.tree.typeId[this.id] === ERROR_TYPE_ID) return null;
    const c = this.tree.childForField(this.id, fieldId);
    return c === -1 ? null : new FlatNode(this.tree, c);
  }

  childrenForFieldName(field: string): FlatNode[] {
    const fieldId = this.tree.names.fieldIds.get(field);
    const out: FlatNode[] = [];
    if (fieldId === undefined) return out;
    for (let c = this.tree.firstChild(this.id); c !== -1; c = this.tree.next[c]) if (this.tree.field[c] === fieldId) out.push(new FlatNode(this.tree, c));
    return out;
  }

  /**
   * This node and its descendants of the given types, in document order (tree-sitter's descendantsOfType,
   * which also passes over nodes that end at the very start of the text).
   */
  descendantsOfType(types: string | string[]): FlatNode[] {
    const wanted = typeof types === 'string' ? [types] : types;
    const t = this.tree;
    const out: FlatNode[] = [];
    for (let i = this.id, last = t.after[this.id]; i < last; i++) {
      if (t.end[i] === 0) i = t.after[i] - 1;
      else if (wanted.includes(t.type(i))) out.push(new FlatNode(t, i));
    }
    return out;
  }
}
