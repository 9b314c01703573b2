// Macros of the GNU assembler (`.macro name params` ... `.endm`) as a build's assembler files define them, and their
// invocations in an assembler file, with its repeat blocks (`.rept`, `.irp`, `.irpc`), expanded as the assembler does
// (assembler-expander.ts), so that the labels and symbol directives they write (the Pico SDK's `regular_func x` →
// `.global x; .type x,%function; .thumb_func; x:`, `l\@_1:`) are the file's symbols. A file reads its own definitions
// and `.purgem`s where they stand, those of the files its `#include`s read (as they are at their end) at the
// `#include`, none of other units (an included file: those known where it is included), and counts in `\@` the macros
// the assembler files its `#include`s read execute (an included file's own count starts where the first unit reading
// it includes it). A file `.include` reads is read like one an `#include` reads (see assembler-macro-table.ts), but
// at each `.include` (no guard): its executions counted each time, its invocations expanded from each count reaching
// it. Leaves out macros executed in C headers.
import { sha1 } from '../model/sha1.js';
import { AsmConditions } from './assembler-conditions.js';
import { AsmExpander } from './assembler-expander.js';
import { blockEnd, definitionLines, isArmasmText, labelsLength, MACRO_HEAD, purgedNames, readDefinition, repeatIterations, repeatOp, statementsOf, STATEMENT_HEAD, substitute, type LineStatement } from './assembler-syntax.js';
import type { MacroInvocation } from './macro-invocations.js';
import { splicedText } from './spliced-text.js';

export interface AsmMacroParam {
  name: string;
  /** The value when the invocation gives none (`x=0`). */
  fallback: string;
  /** `name:vararg`: takes the rest of the arguments. */
  vararg: boolean;
}

export interface AsmMacro {
  name: string;
  params: AsmMacroParam[];
  /** The body's lines as written (comments left to the extractor). */
  body: string[];
}

/** A line that may be a conditional directive (`.if`, `.ifdef`, `.elseif`, `.else`, `.endif`, ...). */
export const CONDITIONAL_HEAD = /^\s*\.(?:if|else|endif)/i;
/** A line holding a repeat block's head or a definition (which the file may purge before its end). */
const ANY_BLOCK = /^\s*\.(rept|irpc?|macro)(?=\s|$)/im;
/** A statement the expansions depend on that expands nothing: `.purgem`, mode switches, symbols set. */
export const FOLLOWED = /^\s*(?:\.(?:purgem|altmacro|noaltmacro|set|equ|equiv)(?=\s|$)|[A-Za-z_.$][\w.$]*\s*=(?!=))/i;

/**
 * The `.macro` definitions of a (masked, C-expanded) assembler text, in order, those a top-level repeat block writes
 * too (Zephyr's ARC `.irp cc,,.hi,.nz` around `.macro MOVR\cc`), those in a conditional's branch not read left out;
 * a definition without `.endm` is left out.
 */
export function readAsmMacros(text: string): AsmMacro[] {
  return macrosOf(text.split('\n'), 0);
}

function macrosOf(lines: readonly string[], depth: number): AsmMacro[] {
  const out: AsmMacro[] = [];
  // A definition in a branch not read defines nothing (conditionals on numbers are decided).
  const conditions = new AsmConditions();
  for (let i = 0; i < lines.length; i++) {
    if ((CONDITIONAL_HEAD.test(lines[i]) && conditions.directive(lines[i])) || !conditions.active) {
      if (!conditions.active && (MACRO_HEAD.test(lines[i]) || repeatOp(lines[i]))) i = Math.max(i, blockEnd(lines, i));
      continue;
    }
    const purge = /^\s*\.purgem\s+(.*)$/i.exec(lines[i]);
    if (purge) {
      // A definition removed before the file ends is not one other files see.
      const names = new Set(purgedNames(purge[1]));
      for (let k = out.length - 1; k >= 0; k--) if (names.has(out[k].name.toLowerCase())) out.splice(k, 1);
      continue;
    }
    const head = MACRO_HEAD.test(lines[i]);
    const op = head ? undefined : repeatOp(lines[i]);
    if (!head && (!op || depth > 3)) continue;
    const end = blockEnd(lines, i);
    if (end < 0) break;
    const body = lines.slice(i + 1, end);
    if (head) out.push(readDefinition(lines, i, end)!);
    else {
      const { param, values } = repeatIterations(op!, lines[i].replace(/^\s*\.\w+/, ''));
      // A definition written twice is an error to the assembler: a `.rept` body is read once.
      const bodies = param === null ? values.slice(0, 1).map(() => body) : values.map((v) => body.map((l) => substitute(l, new Map([[param, v]]), 0)));
      for (const b of bodies) out.push(...macrosOf(b, depth + 1));
    }
    i = end;
  }
  return out;
}

/**
 * An `#include` or `.include` of a file: [line (1-based), the name as written, the stored path of the file it reads
 * when known (a `.include`: the folders of the units reading it resolve it; one name two groups of units resolve to
 * different files is an include of each)].
 */
export type AsmInclude = [number, string, string?];

/** What an assembler file reads besides its definitions. */
export interface AsmFileReads {
  /** Its `#include`s and `.include`s (see AsmInclude). */
  includes?: AsmInclude[];
  /** The macros its own lines execute (not those of the files it includes): what `\@` counts past it. */
  executed?: number;
  /** Of an included file: the units reading it (stored paths), which tell an `#include` the walk took. */
  readBy?: string[];
  /** Of an included file: the macros executed before it, where the first unit reading it includes it (its first `\@`). */
  start?: number;
  /**
   * Of an included file: the macros executed before each further reading of it, where they differ from `start` (its
   * `\@` labels are written at each): GNU as reads a file `.include` names at every `.include`, an `#include`d one
   * (guarded) once per unit, each unit assembling its own object.
   */
  again?: number[];
  /**
   * Of an included file whose includes read other files for other units (see AsmInclude): the unit of each reading
   * (`start`, then `again`), whose files the reading counts.
   */
  readingUnits?: string[];
  /** Of a file `.include` read: the sha1 of its bytes as read (see kept-assembler-includes.ts). */
  dotHash?: string;
  /**
   * Of a file whose `.include`s name a file not found: the stored paths the assembler looked at for it (one appearing
   * there sends the build down the full path, see kept-assembler-includes.ts).
   */
  absent?: string[];
  /**
   * Of an included file: the lower-case names of the macros known where the files reading it include it (those
   * defined after are not its macros), sorted. Absent when not worked out: then those of the files its units read.
   */
  seen?: string[];
}

/** What an `#include` line reads: the macros the files it reads execute, and the definitions they leave. */
interface IncludeRead {
  executed: number;
  macros: AsmMacro[];
}

/** The definitions of one file: [its stored path, its definitions in order, what it reads]. */
export type FileDefinitions = readonly [string, readonly AsmMacro[], AsmFileReads?];

const INCLUDE = /^[ \t]*#[ \t]*include[ \t]*[<"]([^>"]+)[>"]/;

/** The `#include`s of a text: [line (1-based), the name as written] (those in branches not compiled too). */
export function includedNames(text: string): [number, string][] {
  if (!text.includes('include')) return [];
  const out: [number, string][] = [];
  text.split('\n').forEach((line, i) => {
    const m = INCLUDE.exec(line);
    if (m) out.push([i + 1, m[1]]);
  });
  return out;
}

/** A line's statement as the assembler reads it: the labels before it left out, its head, and where it starts. */
interface HeadedStatement {
  /** Offset of the statement's head (its first word) in the line. */
  at: number;
  head: string;
  /** The text after the head (the operands). */
  operands: string;
  /** Offset of the statement's end (its trailing blanks left out) in the line. */
  end: number;
}

function headed(st: LineStatement): HeadedStatement | undefined {
  const lab = labelsLength(st.text);
  const m = STATEMENT_HEAD.exec(st.text.slice(lab));
  if (!m) return undefined;
  return { at: st.at + lab + m[1].length, head: m[2], operands: st.text.slice(lab + m[0].length), end: st.at + st.text.replace(/\s+$/, '').length };
}

/** A build's assembler macros by file (by name, the last definition of a name wins), and their expansion. */
export class AsmMacroTable {
  private readonly byName = new Map<string, AsmMacro>();
  /** What the expansions depend on: keys the parse of the assembler files masked with this table. */
  readonly digest: string;

  constructor(private readonly files: readonly FileDefinitions[]) {
    for (const [, macros] of files) for (const m of macros) this.byName.set(m.name.toLowerCase(), m);
    const sorted = [...files].filter(([, m, reads]) => m.length || reads).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    // Without a macro, `#include`s change no expansion.
    this.digest = this.byName.size ? sha1(JSON.stringify(sorted)) : '';
  }

  get size(): number {
    return this.byName.size;
  }

  /**
   * The entry of the file an include reads: the file it was resolved to, else one whose stored path ends with the
   * name as written, one the units `readers` read first.
   */
  included([, name, rel]: readonly [number, string, string?], readers?: ReadonlySet<string>): FileDefinitions | undefined {
    if (rel !== undefined) return this.files.find(([f]) => f === rel);
    const tail = `/${name.replace(/^\.\//, '')}`;
    const named = this.files.filter(([f]) => f === name || f.endsWith(tail));
    return (readers && named.length > 1 ? named.find(([, , reads]) => reads?.readBy?.some((u) => readers.has(u))) : undefined) ?? named[0];
  }

  /**
   * What a file's `#include`s read: line (0-based) → how many macros the files they read execute and the definitions
   * those files leave (the files they include in turn first), each file once (an include guard reads it once). An
   * `#include` reads a file when a unit reading the including file reads it (one in a branch not compiled does not):
   * `unit`'s when given, else the first such file at each line.
   */
  private includeReads(rel: string | undefined, unit?: string): Map<number, IncludeRead> {
    const out = new Map<number, IncludeRead>();
    const entry = rel === undefined ? undefined : this.files.find(([f]) => f === rel);
    if (!entry?.[2]?.includes) return out;
    const readers = new Set(unit !== undefined ? [unit] : (entry[2].readBy ?? [rel!]));
    const seen = new Set<string>([rel!]);
    const read = (e: FileDefinitions | undefined, into: IncludeRead, dot: boolean, depth = 0): boolean => {
      if (!e || !e[2]?.readBy?.some((u) => readers.has(u))) return false;
      // `.include` reads its file at each directive; an #include (guarded) once.
      if (dot ? depth > MAX_DOT_DEPTH : seen.has(e[0])) return true;
      if (!dot) seen.add(e[0]);
      const lines = new Set<number>();
      for (const inc of e[2]?.includes ?? []) if (!lines.has(inc[0]) && read(this.included(inc, readers), into, inc[2] !== undefined, depth + 1)) lines.add(inc[0]);
      into.executed += e[2]?.executed ?? 0;
      into.macros.push(...e[1]);
      return true;
    };
    const lines = new Set<number>();
    for (const inc of entry[2].includes) {
      const line = inc[0];
      if (lines.has(line)) continue;
      const into = out.get(line - 1) ?? { executed: 0, macros: [] };
      if (read(this.included(inc, readers), into, inc[2] !== undefined)) lines.add(line);
      if (into.executed || into.macros.length) out.set(line - 1, into);
    }
    return out;
  }

  /**
   * The macros executed before each `#include` of a file (line, 1-based → count), the file read from `start` (the
   * macros executed before its first line).
   */
  countsAt(masked: string, expanded: string, rel: string, start: number, unit?: string): Map<number, number> {
    return new Map([...this.scanIncludes(masked, expanded, rel, start, undefined, unit).at].map(([line, n]) => [line + 1, n]));
  }

  /**
   * The names of the macros known at each `#include` (and `.include`) of a file (line, 1-based → lower-case names),
   * the file seeing those of `seen` before its first line (undefined: as the table says).
   */
  knownAt(masked: string, expanded: string, rel: string, seen: ReadonlySet<string> | undefined): Map<number, string[]> {
    return new Map([...this.scanIncludes(masked, expanded, rel, 0, seen).known].map(([line, names]) => [line + 1, names]));
  }

  /** A file read from `start`, with the count and the macros known at each of its includes (0-based lines). */
  private scanIncludes(masked: string, expanded: string, rel: string, start: number, seen?: ReadonlySet<string>, unit?: string) {
    const entry = this.files.find(([f]) => f === rel);
    const counted = { lines: new Set((entry?.[2]?.includes ?? []).map(([line]) => line - 1)), at: new Map<number, number>(), known: new Map<number, string[]>() };
    const expander = new AsmExpander(this.seenBy(rel, seen), !isArmasmText(masked), start);
    new FileScan(masked.split('\n'), () => expanded.split('\n'), expander, this.includeReads(rel, unit), counted).invocations();
    return counted;
  }

  /** How many macros a file's own lines execute (`masked` its text, `expanded` with its C macros expanded). */
  executions(masked: string, expanded: string, rel: string): number {
    if (this.byName.size === 0 && !ANY_BLOCK.test(masked)) return 0;
    const expander = new AsmExpander(this.seenBy(rel), !isArmasmText(masked));
    new FileScan(masked.split('\n'), () => expanded.split('\n'), expander, new Map()).invocations();
    return expander.count;
  }

  /**
   * The macros a file sees before its first line (its own are read where they stand, those the files its `#include`s
   * read at the `#include`): of a unit, none (the assembler reads only what the unit's text holds); of an included
   * file, those known where it is included (`names`, else its `seen`) of the files the units reading it read, itself
   * left out; of a file the table does not know, all.
   */
  private seenBy(rel: string | undefined, names?: ReadonlySet<string>): Map<string, AsmMacro> {
    const entry = rel === undefined ? undefined : this.files.find(([f]) => f === rel);
    if (rel === undefined) return this.byName;
    const out = new Map<string, AsmMacro>();
    const readers = entry?.[2]?.readBy;
    if (!readers) return out;
    const by = new Set(readers);
    const known = names ?? (entry[2]?.seen ? new Set(entry[2].seen) : undefined);
    for (const [f, macros, reads] of this.files) {
      if (f === rel || !(reads?.readBy ? reads.readBy.some((u) => by.has(u)) : by.has(f))) continue;
      for (const m of macros) if (!known || known.has(m.name.toLowerCase())) out.set(m.name.toLowerCase(), m);
    }
    return out;
  }

  /**
   * Invocations at the head of a statement (after its labels, `;` separating statements) outside macro definitions,
   * and repeat blocks (from their head to their `.endr`), in order, each expanded to its statements joined by ` ; `.
   * `cExpanded` gives the file's C macro invocations (all of them, constants too): the assembler reads the text with
   * them expanded (`.rept NUM_IRQS`). `rel`: the file's stored path (its own definitions are read where they stand).
   */
  findInvocations(text: string, cExpanded?: () => readonly MacroInvocation[], rel?: string): MacroInvocation[] {
    if (this.byName.size === 0 && !ANY_BLOCK.test(text)) return [];
    const lines = text.split('\n');
    let expandedLines: string[] | undefined;
    const read = () => (expandedLines ??= cExpanded ? splicedText(text, cExpanded()).split('\n') : lines);
    const reads = rel === undefined ? undefined : this.files.find(([f]) => f === rel)?.[2];
    const scan = (start: number, unit?: string) => new FileScan(lines, read, new AsmExpander(this.seenBy(rel), !isArmasmText(text), start), this.includeReads(rel, unit)).invocations();
    const units = reads?.readingUnits;
    if (!reads?.again?.length) return scan(reads?.start ?? 0, units?.[0]);
    return readingsMerged([reads.start ?? 0, ...reads.again].map((start, k) => scan(start, units?.[k])));
  }
}

/** How deep `.include`s nest (a file including itself: GNU as gives up too); the files read and their counts alike. */
export const MAX_DOT_DEPTH = 8;

/**
 * The invocations of a file read several times (a file `.include` reads, from other `\@` counts): at each place, the
 * expansions of the readings joined, each different one once.
 */
function readingsMerged(readings: readonly MacroInvocation[][]): MacroInvocation[] {
  const byPlace = new Map<string, { inv: MacroInvocation; expansions: Set<string> }>();
  for (const reading of readings) {
    for (const inv of reading) {
      const key = `${inv.start}:${inv.end}`;
      const got = byPlace.get(key);
      if (got) got.expansions.add(inv.expansion);
      else byPlace.set(key, { inv, expansions: new Set([inv.expansion]) });
    }
  }
  return [...byPlace.values()].map(({ inv, expansions }) => ({ ...inv, expansion: [...expansions].join(' ; ') })).sort((a, b) => a.start - b.start);
}

/** One file's lines read in order: definitions and state directives followed, invocations and blocks expanded. */
class FileScan {
  private readonly out: MacroInvocation[] = [];
  /** The file's own conditionals: what is read of their branches. */
  private readonly conditions: AsmConditions;
  private readonly starts: number[] = [];
  private readonly skip: Set<number>;

  /**
   * `src()`: the lines as the assembler reads them (C macros expanded, line for line); `included`: line (0-based) →
   * what the files its `#include` reads execute and define; `counted`: lines (0-based) where the count so far is kept in `at`.
   */
  constructor(
    private readonly lines: readonly string[],
    private readonly src: () => readonly string[],
    private readonly expander: AsmExpander,
    private readonly included: ReadonlyMap<number, IncludeRead>,
    private readonly counted?: { lines: ReadonlySet<number>; at: Map<number, number>; known?: Map<number, string[]> },
  ) {
    let at = 0;
    for (const line of lines) {
      this.starts.push(at);
      at += line.length + 1;
    }
    this.skip = definitionLines(lines);
    this.conditions = new AsmConditions((text) => expander.value(text));
  }

  invocations(): MacroInvocation[] {
    const { lines } = this;
    for (let i = 0; i < lines.length; i++) {
      if (this.counted?.lines.has(i)) {
        this.counted.at.set(i, this.expander.count);
        this.counted.known?.set(i, this.expander.knownNames());
      }
      const read = this.included.get(i);
      if (read) {
        this.expander.advance(read.executed);
        for (const m of read.macros) this.expander.define(m);
      }
      // A conditional is decided as the assembler reads it (C macros expanded); a branch not read expands nothing.
      if (!this.skip.has(i) && CONDITIONAL_HEAD.test(lines[i]) && this.conditions.directive(this.src()[i] ?? lines[i])) continue;
      if (!this.conditions.active) {
        if (this.skip.has(i)) i = Math.max(i, blockEnd(lines, i));
        continue;
      }
      if (this.skip.has(i)) {
        i = this.definition(i);
        continue;
      }
      const statements = statementsOf(lines[i], this.expander.separated);
      if (statements.length === 1 && repeatOp(lines[i])) {
        i = this.block(i);
        continue;
      }
      statements.forEach((st, k) => this.statement(i, st, k, statements.length));
    }
    return this.out;
  }

  /** A definition at line `i` (as the assembler reads it): known from there on. Answers its last line. */
  private definition(i: number): number {
    const end = blockEnd(this.lines, i);
    if (end < 0) return this.lines.length;
    const macro = readDefinition(this.src(), i, end);
    if (macro) this.expander.define(macro);
    return end;
  }

  /** A repeat block opening at line `i`: its expansion. Answers its last line. */
  private block(i: number): number {
    const last = blockEnd(this.lines, i);
    if (last < 0) return i;
    const src = this.src();
    const head = STATEMENT_HEAD.exec(this.lines[i])!;
    if (STATEMENT_HEAD.exec(src[i])?.[2] !== head[2]) return last;
    const statements = this.expander.repeat(src[i], src.slice(i + 1, last))?.statements;
    if (statements) this.add(head[2], i, head[1].length, this.starts[last] + statementsOf(this.lines[last])[0].text.replace(/\s+$/, '').length, statements);
    return last;
  }

  /** The `k`th of `count` statements of line `i`: an invocation expanded, or a directive followed. */
  private statement(i: number, st: LineStatement, k: number, count: number): void {
    const h = headed(st);
    const macro = h && this.expander.macro(h.head);
    if (!macro) {
      if (!FOLLOWED.test(st.text.slice(labelsLength(st.text)))) return;
      const s = this.asRead(i, k, count);
      if (s) this.expander.observe(s.text.slice(labelsLength(s.text)));
      return;
    }
    // The statement as the assembler reads it: the same head, C macros expanded.
    const s = this.asRead(i, k, count);
    const sh = s && headed(s);
    if (sh?.head !== h.head) return;
    const statements = this.expander.invoke(macro, sh.operands);
    if (statements) this.add(h.head, i, h.at, this.starts[i] + h.end, statements);
  }

  /** The `k`th of `count` statements of line `i` as the assembler reads it (C macros expanded), when it is told apart. */
  private asRead(i: number, k: number, count: number): LineStatement | undefined {
    const line = this.src()[i] ?? '';
    const statements = statementsOf(line, this.expander.separated);
    if (statements.length === count) return statements[k];
    return count === 1 ? statementsOf(line, false)[0] : undefined;
  }

  private add(name: string, i: number, column: number, end: number, statements: string[]): void {
    this.out.push({ name, start: this.starts[i] + column, end, line: i + 1, column, objectLike: false, expansion: statements.join(' ; ') });
  }
}
