// A file's directive skeleton: every directive line with its parsed form, conditional groups matched
// (sibling/end links), include-guard and #pragma once detection. Built once per path+content and cached
// (in memory for a run; across runs through a SkeletonStore, as bytes made by encodeSkeleton).
import { parseDefine, type MacroDef } from './macro-definition.js';
import { scanLines } from './scan-source.js';
import { lexLine, type Token } from './tokens.js';
import { sha1 } from '../model/sha1.js';
import { ownStrings } from '../model/own-strings.js';

export type DirectiveKind =
  | 'if' | 'ifdef' | 'ifndef' | 'elif' | 'elifdef' | 'elifndef' | 'else' | 'endif'
  | 'define' | 'undef' | 'include' | 'include_next' | 'import' | 'pragma_once' | 'pragma' | 'error' | 'warning'
  | 'line' | 'other';

export interface Directive {
  kind: DirectiveKind;
  /** First and last physical line (1-based). */
  line: number;
  endLine: number;
  /** Text after the directive name (comments removed, continuations joined). */
  rest: string;
  /** Lexed `rest` (for #if/#elif/#include/#line), filled lazily. */
  toks?: Token[];
  /** #ifdef/#ifndef/#elifdef/#elifndef/#undef operand. */
  name?: string;
  /** #define, parsed once (the directive of a valid #define is its MacroDef). */
  macro?: MacroDef;
  /** Problem in this directive, reported only when it is reached in live code. */
  error?: string;
  /** Conditional directives: index of the next #elif/#else/#endif of the same group. */
  next?: number;
  /** Conditional directives: index of the group's #endif. */
  end?: number;
  /** Stray #elif/#else/#endif without #if. */
  stray?: boolean;
  /**
   * #if/#elif results already computed, with the macro definitions (by identity) the expansion consulted:
   * a unit whose environment maps those names to the same definitions gets the same value.
   */
  evalCache?: { key: string; names: string[]; defs: (MacroDef | undefined)[]; value: bigint }[];
  /** #include forms: header name when written literally. */
  header?: { name: string; angled: boolean };
}

/**
 * A directive other than a valid #define, made with every field it may take later (undefined until then), so
 * that all of them share one object shape and the walks reading them stay monomorphic.
 */
class PlainDirective implements Directive {
  toks: Token[] | undefined = undefined;
  name: string | undefined = undefined;
  macro: MacroDef | undefined = undefined;
  error: string | undefined = undefined;
  next: number | undefined = undefined;
  end: number | undefined = undefined;
  stray: boolean | undefined = undefined;
  evalCache: Directive['evalCache'] = undefined;
  header: { name: string; angled: boolean } | undefined = undefined;
  constructor(
    public kind: DirectiveKind,
    public line: number,
    public endLine: number,
    public rest: string,
  ) {}
}

export interface StructureProblem {
  line: number;
  message: string;
}

export interface FileSkeleton {
  file: string;
  lineCount: number;
  directives: Directive[];
  /** Conditional-structure problems (unterminated #if, #else after #else...), reported whenever the file is read. */
  problems: StructureProblem[];
  /** Macro whose definedness makes the whole file empty (`#ifndef X ... #endif` guard), if any. */
  guard?: string;
  pragmaOnce: boolean;
  /**
   * Its text has `__COUNTER__` somewhere (a code line, a directive or a comment): its code lines may use the counter
   * with no macro using it defined (see UnitWalker.addRange).
   */
  mentionsCounter?: boolean;
  /**
   * Of a file with code above one of its #includes: the first line of code, and a hash of its text down to the last
   * such #include (what names a header's code names above its #includes, see names-above-include.ts). Absent else.
   */
  firstCode?: number;
  headHash?: string;
  /** content hash */
  hash: string;
}

const CONDITIONAL_OPEN = new Set(['if', 'ifdef', 'ifndef']);
const CONDITIONAL_MID = new Set(['elif', 'elifdef', 'elifndef', 'else']);

/**
 * The lines between directive `k` of a skeleton and the next: [from, to], from the file's start for k = -1 and to its
 * end after the last directive; empty when from > to (the directives touch).
 */
export function linesAfterDirective(sk: FileSkeleton, k: number): [from: number, to: number] {
  const dirs = sk.directives;
  return [k < 0 ? 1 : dirs[k].endLine + 1, k + 1 < dirs.length ? dirs[k + 1].line - 1 : sk.lineCount];
}

export function buildSkeleton(file: string, text: string, opts: { asm?: boolean } = {}): FileSkeleton {
  const directives: Directive[] = [];
  const problems: StructureProblem[] = [];
  let pragmaOnce = false;
  // Content outside of the first conditional group decides whether it is an include guard: the first and last
  // lines of code say whether there is any.
  const code = { first: Infinity, last: -Infinity };
  // Lines one at a time: only the directives are kept.
  const words: string[] = [];
  const rests: string[] = [];
  const lines: number[] = [];
  const scan = scanLines(text, { asm: opts.asm }, (ll) => {
    if (!ll.directive) {
      if (ll.hasCode) {
        if (code.first === Infinity) code.first = ll.first;
        code.last = ll.first;
      }
      return;
    }
    const m = /^[ \t\f\v]*(?:#|%:)[ \t\f\v]*([A-Za-z_][A-Za-z0-9_]*)?(.*)$/s.exec(ll.text!)!;
    words.push(m[1] ?? '');
    rests.push((m[2] ?? '').trim());
    lines.push(ll.first, ll.last);
  });
  // The operands are cut from the file's text: given strings of their own before anything is read from them, so that
  // the skeleton (kept for the run) does not keep the text alive.
  ownStrings(rests);
  for (let i = 0; i < words.length; i++) {
    const d = describeDirective(words[i], new PlainDirective('other', lines[2 * i], lines[2 * i + 1], rests[i]), file);
    if (d.kind === 'pragma_once') pragmaOnce = true;
    directives.push(d);
  }
  // Match conditional groups.
  const stack: { open: number; last: number; sawElse: boolean }[] = [];
  directives.forEach((d, i) => {
    if (CONDITIONAL_OPEN.has(d.kind)) stack.push({ open: i, last: i, sawElse: false });
    else if (CONDITIONAL_MID.has(d.kind)) {
      const top = stack[stack.length - 1];
      if (!top) {
        d.stray = true;
        problems.push({ line: d.line, message: `#${d.kind} without #if` });
        return;
      }
      if (top.sawElse) problems.push({ line: d.line, message: `#${d.kind} after #else` });
      if (d.kind === 'else') top.sawElse = true;
      directives[top.last].next = i;
      top.last = i;
    } else if (d.kind === 'endif') {
      const top = stack.pop();
      if (!top) {
        d.stray = true;
        problems.push({ line: d.line, message: '#endif without #if' });
        return;
      }
      directives[top.last].next = i;
      let k: number | undefined = top.open;
      while (k !== undefined) {
        directives[k].end = i;
        if (k === i) break;
        k = directives[k].next;
      }
    }
  });
  for (const open of stack) problems.push({ line: directives[open.open].line, message: `unterminated #${directives[open.open].kind}` });
  if (scan.unterminatedComment !== undefined) problems.push({ line: scan.unterminatedComment, message: 'unterminated comment' });

  const sk: FileSkeleton = {
    file,
    lineCount: scan.lineCount,
    directives,
    problems,
    pragmaOnce,
    mentionsCounter: text.includes('__COUNTER__'),
    hash: sha1(text),
  };
  sk.guard = detectGuard(directives, code);
  codeAboveInclude(sk, text, code.first);
  return sk;
}

/** Notes the first line of code and the head's hash of a file with code above one of its #includes (see FileSkeleton.firstCode). */
function codeAboveInclude(sk: FileSkeleton, text: string, firstCode: number): void {
  const last = lastIncludeBelow(sk.directives, firstCode);
  if (last === undefined) return;
  sk.firstCode = firstCode;
  sk.headHash = sha1(text.slice(0, offsetPastLine(text, last.endLine)));
}

/** The last #include (or #include_next, #import) below `line`, if any. */
export function lastIncludeBelow(dirs: readonly Directive[], line: number): Directive | undefined {
  for (let i = dirs.length - 1; i >= 0 && dirs[i].line > line; i--) {
    const kind = dirs[i].kind;
    if (kind === 'include' || kind === 'include_next' || kind === 'import') return dirs[i];
  }
  return undefined;
}

/** The offset past line `line` of a text (1-based, its line break included), or the text's length. */
export function offsetPastLine(text: string, line: number): number {
  let at = -1;
  for (let k = 0; k < line; k++) {
    at = text.indexOf('\n', at + 1);
    if (at < 0) return text.length;
  }
  return at + 1;
}

/**
 * Fills in a directive's kind and what its text says (operand name, parsed #define, header name, error) from
 * its directive word and `rest`: everything here follows from those two, so a stored skeleton keeps only them.
 */
function describeDirective(word: string, d: Directive, file: string): Directive {
  const rest = d.rest;
  switch (word) {
    case 'if': case 'elif': case 'else': case 'endif': case 'error': case 'warning': case 'line':
    case 'include': case 'include_next': case 'import':
      d.kind = word;
      break;
    case 'ifdef': case 'ifndef': case 'elifdef': case 'elifndef': case 'undef': {
      d.kind = word;
      const id = /^([A-Za-z_$][A-Za-z0-9_$]*)/.exec(rest);
      if (id) d.name = id[1];
      else if (word !== 'undef' || rest === '') d.error = `no macro name given in #${word} directive`;
      else d.error = 'macro names must be identifiers';
      if (word === 'undef' && !id) d.error = d.error ?? 'macro names must be identifiers';
      break;
    }
    case 'define': {
      d.kind = 'define';
      const p = parseDefine(rest, file, d.line);
      // The definition is the directive (one object per #define, see MacroDef).
      if (p.def) {
        p.def.endLine = d.endLine;
        return p.def;
      }
      d.error = p.error;
      break;
    }
    case 'pragma':
      d.kind = /^once\b/.test(rest) ? 'pragma_once' : 'pragma';
      break;
    default:
      d.kind = word === '' && /^\d/.test(rest) ? 'line' : 'other';
  }
  if (d.kind === 'include' || d.kind === 'include_next' || d.kind === 'import') {
    const q = /^"([^"]*)"/.exec(rest) ?? undefined;
    const a = /^<([^>]*)>/.exec(rest) ?? undefined;
    if (q) d.header = { name: q[1], angled: false };
    else if (a) d.header = { name: a[1], angled: true };
  }
  return d;
}

/** `#ifndef X` (or `#if !defined X`) as first directive, its #endif last, no #elif/#else, no code outside. */
function detectGuard(dirs: Directive[], code: { first: number; last: number }): string | undefined {
  if (dirs.length < 2) return undefined;
  const first = dirs[0];
  let name: string | undefined;
  if (first.kind === 'ifndef') name = first.name;
  else if (first.kind === 'if') {
    const m = /^!\s*defined\s*(?:\(\s*([A-Za-z_$][\w$]*)\s*\)|([A-Za-z_$][\w$]*))\s*$/.exec(first.rest);
    if (m) name = m[1] ?? m[2];
  }
  if (!name || first.end !== dirs.length - 1 || first.next !== first.end) return undefined;
  const endLine = dirs[dirs.length - 1].line;
  if (code.first < first.line || code.last > endLine) return undefined;
  return name;
}

export function directiveTokens(d: Directive): Token[] {
  if (!d.toks) d.toks = lexLine(d.rest);
  return d.toks;
}

/**
 * Where skeletons outlive a run: answers a file's content hash without reading it when it can (size and
 * mtime as recorded), reads a file with the hash of its bytes, and loads/saves skeletons by (file, hash).
 */
export interface SkeletonStore {
  /** Content hash of the file now; null when it is missing or not a regular file. */
  hash(file: string): string | null;
  /** The file's text and the sha1 of its bytes; undefined when it cannot be read. */
  read(file: string): { text: string; hash: string } | undefined;
  load(file: string, hash: string, asm: boolean): FileSkeleton | undefined;
  save(file: string, hash: string, asm: boolean, sk: FileSkeleton): void;
}

/** Skeletons by path, reused while the content is the same (share one across builds of a run). */
export class SkeletonCache {
  private byPath = new Map<string, { text?: string; hash?: string; sk: FileSkeleton }>();
  /** Directives of the skeletons held (what their memory goes with: a #define holds its parsed definition). */
  private held = 0;
  /** Directives of every skeleton this cache took in (scanned or loaded), held or since dropped. */
  added = 0;
  /** Number of files scanned (cache misses), to verify reuse. */
  scans = 0;
  /** Number of skeletons loaded from the store instead of scanned. */
  loaded = 0;
  constructor(readonly store?: SkeletonStore) {}

  private hold(key: string, entry: { text?: string; hash?: string; sk: FileSkeleton }): void {
    const old = this.byPath.get(key);
    if (old) this.held -= old.sk.directives.length;
    this.byPath.set(key, entry);
    this.held += entry.sk.directives.length;
    this.added += entry.sk.directives.length;
  }

  get(file: string, text: string, asm = false): FileSkeleton {
    const key = asm ? `asm:${file}` : file;
    const hit = this.byPath.get(key);
    if (hit && hit.text === text) return hit.sk;
    const sk = buildSkeleton(file, text, { asm });
    this.scans++;
    this.hold(key, { text, sk });
    return sk;
  }

  /**
   * Drops the largest skeletons until at most `maxDirectives` directives are held, and answers them: a vendor
   * device header of 100 000 #defines is ~100 MB of heap that later builds rarely read. A dropped file is
   * loaded from the store again when read again.
   */
  trim(maxDirectives: number): FileSkeleton[] {
    const dropped = this.pastBudget(maxDirectives);
    for (const [key, sk] of dropped) {
      this.byPath.delete(key);
      this.held -= sk.directives.length;
    }
    return dropped.map(([, sk]) => sk);
  }

  /**
   * Drops every skeleton held (the run's last build before its files are masked: no stage after reads them, and
   * LVGL's 1 854 held ~12 MB with their texts through its parse and the content index). A file read again is
   * loaded from the store or scanned again.
   */
  clear(): void {
    this.byPath.clear();
    this.held = 0;
  }

  /** The skeletons trim(maxDirectives) would drop now, held still. */
  largest(maxDirectives: number): FileSkeleton[] {
    return this.pastBudget(maxDirectives).map(([, sk]) => sk);
  }

  /** The largest skeletons (with their keys) whose dropping leaves at most `maxDirectives` directives held. */
  private pastBudget(maxDirectives: number): [string, FileSkeleton][] {
    if (this.held <= maxDirectives) return [];
    const bySize = [...this.byPath].sort((a, b) => b[1].sk.directives.length - a[1].sk.directives.length);
    const out: [string, FileSkeleton][] = [];
    let held = this.held;
    for (const [key, { sk }] of bySize) {
      if (held <= maxDirectives) break;
      held -= sk.directives.length;
      out.push([key, sk]);
    }
    return out;
  }

  /** Through the store: by the file's content hash, from memory, else stored, else scanned (and saved). */
  getStored(file: string, asm = false): FileSkeleton | undefined {
    const store = this.store!;
    const hash = store.hash(file);
    if (hash === null) return undefined;
    const key = asm ? `asm:${file}` : file;
    const hit = this.byPath.get(key);
    if (hit && hit.hash === hash) return hit.sk;
    let sk = store.load(file, hash, asm);
    if (sk) this.loaded++;
    else {
      const read = store.read(file);
      if (!read) return undefined;
      sk = buildSkeleton(file, read.text, { asm });
      this.scans++;
      // Saved under the hash of the bytes read: a file changed behind its recorded size and mtime is
      // scanned as it is now and never stored under the old hash.
      store.save(file, read.hash, asm, sk);
    }
    this.hold(key, { hash, sk });
    return sk;
  }

  get size(): number {
    return this.byPath.size;
  }

  /** Directives of the skeletons held. */
  get directives(): number {
    return this.held;
  }
}

/** Bump when the encoding below or what a directive's word and text make of it changes: stored skeletons of another format are dropped. */
export const SKELETON_FORMAT = 4;

/** A directive as stored: kind, lines, text, then its conditional links (-1: none) and whether it is stray. */
type StoredDirective = [kind: DirectiveKind, line: number, endLine: number, rest: string, next: number, end: number, stray: 0 | 1];

interface StoredSkeleton {
  lineCount: number;
  problems: StructureProblem[];
  guard: string | null;
  pragmaOnce: boolean;
  mentionsCounter: boolean;
  firstCode: number | null;
  headHash: string | null;
  hash: string;
  directives: StoredDirective[];
}

/**
 * A skeleton as bytes (JSON): per directive its kind, lines, text and conditional links. What follows from a
 * directive's text (operand, parsed #define, header name, error) is made again when decoded, so a device header
 * of 100 000 #defines is stored as its directive lines, not as a graph of token objects. Made in pieces (the
 * text JSON.stringify makes of the StoredSkeleton), without an array per directive nor the whole text at once,
 * into one buffer: a buffer per piece, joined, left a 24 MB header's ~30 MB of pieces in the C heap, which
 * keeps such memory once freed. A skeleton of several pieces is made twice, once to size the buffer and once
 * into it, so that its ~30 MB of pieces are not all held beside the buffer.
 */
export function encodeSkeleton(sk: FileSkeleton): Buffer {
  let first: string | undefined;
  let bytes = 0;
  const pieces = encodedPieces(sk, (piece) => {
    first ??= piece;
    bytes += Buffer.byteLength(piece);
  });
  if (pieces === 1) return Buffer.from(first!);
  const out = Buffer.allocUnsafeSlow(bytes);
  let at = 0;
  encodedPieces(sk, (piece) => (at += out.write(piece, at)));
  return out;
}

/** Hands the skeleton's JSON to `emit` in pieces of about 64 kB; answers how many. */
function encodedPieces(sk: FileSkeleton, emit: (piece: string) => void): number {
  const head: Omit<StoredSkeleton, 'directives'> & { directives: [] } = { lineCount: sk.lineCount, problems: sk.problems, guard: sk.guard ?? null, pragmaOnce: sk.pragmaOnce, mentionsCounter: sk.mentionsCounter === true, firstCode: sk.firstCode ?? null, headHash: sk.headHash ?? null, hash: sk.hash, directives: [] };
  // `..."directives":[]}` without its last two characters, then the directives and `]}`.
  let piece = JSON.stringify(head).slice(0, -2);
  let count = 1;
  const dirs = sk.directives;
  // Directives as StoredDirective arrays, ENCODED_AT_ONCE to a JSON.stringify (one call of V8's serializer,
  // not two and a template per directive), each batch's text without its brackets.
  const batch: StoredDirective[] = [];
  for (let i = 0; i < dirs.length; i++) {
    const d = dirs[i];
    batch.push([d.kind, d.line, d.endLine, d.rest, d.next ?? -1, d.end ?? -1, d.stray ? 1 : 0]);
    if (batch.length < ENCODED_AT_ONCE && i < dirs.length - 1) continue;
    const json = JSON.stringify(batch);
    piece += `${i >= ENCODED_AT_ONCE ? ',' : ''}${json.slice(1, -1)}`;
    batch.length = 0;
    if (piece.length >= 1 << 16) {
      emit(piece);
      count++;
      piece = '';
    }
  }
  emit(`${piece}]}`);
  return count;
}

/** Directives encoded by one JSON.stringify (see encodedPieces). */
const ENCODED_AT_ONCE = 256;

/** The word a directive of this kind was written with ('other' has none to go by: it is kept as it is). */
const wordOf = (kind: DirectiveKind): string => (kind === 'pragma_once' ? 'pragma' : kind);

/** The skeleton `encodeSkeleton` made, naming `file` (where the file is now) in it and its macros. */
export function decodeSkeleton(data: Buffer, file: string): FileSkeleton {
  const stored = JSON.parse(data.toString('utf8')) as StoredSkeleton;
  const directives = new Array<Directive>(stored.directives.length);
  for (let i = 0; i < directives.length; i++) {
    const [kind, line, endLine, rest, next, end, stray] = stored.directives[i];
    let d: Directive = new PlainDirective(kind, line, endLine, rest);
    if (kind !== 'other') d = describeDirective(wordOf(kind), d, file);
    if (next >= 0) d.next = next;
    if (end >= 0) d.end = end;
    if (stray) d.stray = true;
    directives[i] = d;
  }
  const sk: FileSkeleton = { file, lineCount: stored.lineCount, directives, problems: stored.problems, pragmaOnce: stored.pragmaOnce, mentionsCounter: stored.mentionsCounter, hash: stored.hash };
  if (stored.guard !== null) sk.guard = stored.guard;
  if (stored.firstCode !== null && stored.headHash !== null) {
    sk.firstCode = stored.firstCode;
    sk.headHash = stored.headHash;
  }
  return sk;
}
