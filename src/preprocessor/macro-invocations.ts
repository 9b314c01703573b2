// Finds, in a file's parse text (inactive lines already empty), the macro invocations whose expansion with the
// build's macro table at that line can call, define or rename functions, or that the parser cannot read unexpanded
// (asm statements, string literals a function-like macro writes), with that expansion as text.
// Bounded: expansions past MAX_EXPANSION_TOKENS or that fail are left out with a diagnostic. Leaves out
// parsing the expansions (the parser does that) and invocations nested in another one.
import { createHash } from 'node:crypto';
import type { Diagnostic } from '../model/diagnostic.js';
import { ownString } from '../model/own-strings.js';
import type { MacroRecord } from './api.js';
import { builtinMacro, parseDefine, type MacroDef } from './macro-definition.js';
import { expandTokens } from './macro-expander.js';
import { lexLine, mkTok, type Token } from './tokens.js';

export const MAX_EXPANSION_TOKENS = 20000;

export interface MacroInvocation {
  /** Macro name as written. */
  name: string;
  /** Offsets of the invocation in the file text: the name's start, the end after `)` (or the name). */
  start: number;
  end: number;
  /** 1-based line and 0-based column of the name. */
  line: number;
  column: number;
  /** Object-like macro (a rename when its expansion is one identifier). */
  objectLike: boolean;
  /** The expansion as C text. */
  expansion: string;
}

/** Words that take a parenthesized operand but are not calls. */
const NOT_CALLS = new Set([
  '__attribute__', '__attribute', '__declspec', 'sizeof', '_Alignof', 'alignof', '__alignof__', '_Static_assert', 'static_assert',
  '__typeof__', '__typeof', 'typeof', '__asm__', '__asm', 'asm', '__volatile__', '_Generic', '__builtin_offsetof', 'offsetof',
  'defined', 'if', 'while', 'for', 'switch', 'return', '__extension__', '_Pragma', '__builtin_expect', '__builtin_constant_p',
  '__builtin_choose_expr', '__builtin_types_compatible_p', 'decltype', 'alignas', '_Alignas',
]);

export interface FileCode {
  /** Text with comments replaced by spaces (literals kept): what invocations are lexed from. */
  noComments: string;
  /** Identifier occurrences outside comments and literals: [start offset, length] pairs, in order. */
  idents: Int32Array;
  lineStarts: Int32Array;
}

const LINE_BREAK = /[\r\n]/g;

/** `text[a, b)` as spaces with its line breaks kept (runs of spaces made whole, not character by character). */
function spacesKeepingBreaks(text: string, a: number, b: number): string {
  let out = '';
  let from = a;
  LINE_BREAK.lastIndex = a;
  for (let m = LINE_BREAK.exec(text); m && m.index < b; m = LINE_BREAK.exec(text)) {
    out += ' '.repeat(m.index - from) + m[0];
    from = m.index + 1;
  }
  return out + ' '.repeat(b - from);
}

/** Blank comments (keeping newlines) and list identifier positions outside literals. */
export function scanCode(text: string): FileCode {
  const n = text.length;
  // The text between comments is copied as it is; a comment becomes spaces, its line breaks kept.
  const parts: string[] = [];
  let copied = 0;
  const idents: number[] = [];
  const lineStarts: number[] = [0];
  let i = 0;
  const blank = (a: number, b: number) => {
    parts.push(text.slice(copied, a), spacesKeepingBreaks(text, a, b));
    copied = b;
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      lineStarts.push(i + 1);
      i++;
      continue;
    }
    if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const e = text.indexOf('*/', i + 2);
      const end = e < 0 ? n : e + 2;
      for (let k = i; k < end; k++) if (text.charCodeAt(k) === 10) lineStarts.push(k + 1);
      blank(i, end);
      i = end;
      continue;
    }
    if (c === 47 && text.charCodeAt(i + 1) === 47) {
      let e = text.indexOf('\n', i);
      if (e < 0) e = n;
      blank(i, e);
      i = e;
      continue;
    }
    if (c === 34 || c === 39) {
      let k = i + 1;
      while (k < n) {
        const d = text.charCodeAt(k);
        if (d === 92) k += 2;
        else if (d === c || d === 10) break;
        else k++;
      }
      i = k + 1;
      continue;
    }
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95) {
      let k = i + 1;
      for (; k < n; k++) {
        const d = text.charCodeAt(k);
        if (!((d >= 65 && d <= 90) || (d >= 97 && d <= 122) || d === 95 || (d >= 48 && d <= 57))) break;
      }
      // A string prefix (u8"..", L'..') is part of the literal, not an identifier.
      const q = text.charCodeAt(k);
      if (!(q === 34 || q === 39) || k - i > 2) idents.push(i, k - i);
      i = k;
      continue;
    }
    if (c >= 48 && c <= 57) {
      let k = i + 1;
      // A number runs over letters, digits, `_` and `.` (suffixes, hex digits, exponents).
      for (; k < n; k++) {
        const d = text.charCodeAt(k);
        if (!((d >= 65 && d <= 90) || (d >= 97 && d <= 122) || d === 95 || (d >= 48 && d <= 57) || d === 46)) break;
      }
      i = k;
      continue;
    }
    i++;
  }
  parts.push(text.slice(copied));
  return { noComments: parts.join(''), idents: Int32Array.from(idents), lineStarts: Int32Array.from(lineStarts) };
}

/** First index in `starts` whose value is > off, minus one: the 0-based line of offset off. */
function lineOf(starts: Int32Array, off: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= off) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** End offset after the `)` matching the `(` at `open`, or -1 when it does not close before `limit`. */
function matchParen(code: string, open: number, limit: number): number {
  let depth = 0;
  for (let k = open; k < limit; k++) {
    const ch = code.charCodeAt(k);
    if (ch === 34 || ch === 39) {
      let j = k + 1;
      while (j < limit && code.charCodeAt(j) !== ch && code.charCodeAt(j) !== 10) j += code.charCodeAt(j) === 92 ? 2 : 1;
      k = j;
      continue;
    }
    if (ch === 40) depth++;
    else if (ch === 41 && --depth === 0) return k + 1;
  }
  return -1;
}

/** `()` and `[]` stay together: tree-sitter-cpp reads `operator()` and `operator[]` only so. */
const closes = (prev: Token, t: Token) => (prev.v === '(' && t.v === ')') || (prev.v === '[' && t.v === ']');

/** Tokens as C text: a space wherever two tokens would otherwise run together. */
export function joinTokens(toks: readonly Token[]): string {
  // Joined, not appended: an appended string is a chain of two pieces per token, which a file's recorded
  // invocations keep until its parse (LVGL: 211 000 pieces, 6.5 MB when parsing starts).
  const parts: string[] = [];
  let prev: Token | undefined;
  for (const t of toks) {
    if (t.k === 'placemarker') continue;
    if (prev && (t.sp || (/[\w$]$/.test(prev.v) && /^[\w$]/.test(t.v)) || (prev.k === 'punct' && t.k === 'punct' && !closes(prev, t)))) parts.push(' ');
    parts.push(t.v);
    prev = t;
  }
  // A lone part may be a slice of a larger text: join would answer it as it is.
  return parts.length === 1 ? ownString(parts[0]) : parts.join('');
}

const DECLARING = new Set(['struct', 'union', 'enum', 'typedef', '{', ';']);
/** First words of a statement head a macro writes before the block written after it (Zephyr's CHECKIF, LOCKED). */
const STATEMENT_HEADS = new Set(['if', 'for', 'while', 'switch']);
const ASM = new Set(['asm', '__asm', '__asm__']);
/** First words of member declarations that declare no name (thorvg's `_TVG_DECLARE_ACCESSOR(A)` → `friend A`). */
const NAMELESS_DECLARATIONS = new Set(['friend', 'static_assert', '_Static_assert']);

/**
 * Worth recording: the expansion calls or declares something, or renames to one identifier (an object-like macro,
 * or a function-like one a parameter list follows: `int PREFIX(printf)(const char *f, ...)` with `#define
 * PREFIX(x) __wrap_##x` defines or calls `__wrap_printf`); or it is text the parser cannot read as written: string
 * literals a function-like macro writes (`AESENC(xmm1_xmm0)` among an asm statement's strings reads as a call,
 * which string concatenation does not take), or an asm statement or its opening (`MULADDC_X1_INIT` writing
 * `asm( "xorq %%r8, %%r8\n"`), or a declaration of no name (`friend A`, `static_assert(...)`), which the parser
 * reads unexpanded as a member or function named after the macro; or a statement head (`CHECKIF(x == NULL) {` →
 * `if (x == NULL) {`, `LOCKED(&lock) {` → `for (...)`), which the parser reads unexpanded as a broken definition.
 */
function interesting(toks: readonly Token[], objectLike: boolean, callFollows: boolean): boolean {
  const real = toks.filter((t) => t.k !== 'placemarker');
  if ((objectLike || callFollows) && real.length === 1 && real[0].k === 'ident') return true;
  if (!objectLike && real.length > 1 && NAMELESS_DECLARATIONS.has(real[0].v)) return true;
  if (real.length > 1 && real[0].k === 'ident' && STATEMENT_HEADS.has(real[0].v)) return true;
  for (let k = 0; k < real.length; k++) {
    if (DECLARING.has(real[k].v) && real.length > 2) return true;
    if (real[k].k === 'ident' && real[k + 1]?.v === '(' && !NOT_CALLS.has(real[k].v)) return true;
    if (real[k].k === 'ident' && ASM.has(real[k].v)) return true;
  }
  return !objectLike && real.length > 0 && real.every((t) => t.k === 'string');
}

/** Assembler directives that name or place symbols (`.global x`, `.type x, %function`, `.section ...`). */
const ASM_SYMBOL_DIRECTIVES = new Set(['global', 'globl', 'weak', 'type', 'thumb_set', 'set', 'equ', 'section', 'text', 'data', 'bss', 'word', 'long']);

/**
 * Worth recording in an assembler file: the expansion writes a label (`sym :`) or a symbol or section directive
 * (Zephyr's `GTEXT(sym)` → `.global sym; .type sym, %function`, `SECTION_FUNC(TEXT, sym)` → `.section
 * .TEXT.sym, "ax"; ...; sym :`), which the assembler extractor reads only expanded.
 */
function interestingInAssembler(toks: readonly Token[]): boolean {
  for (let k = 0; k + 1 < toks.length; k++) {
    const t = toks[k];
    const next = toks[k + 1];
    if (t.k === 'ident' && next.v === ':') return true;
    if (t.v === '.' && t.k === 'punct' && next.k === 'ident' && !next.sp && ASM_SYMBOL_DIRECTIVES.has(next.v)) return true;
  }
  return false;
}

/**
 * `toks` without its `_Pragma ( ... )` operators: the compiler carries them out and they leave no token (Zephyr's
 * LOG_* expansions hold `_Pragma("GCC diagnostic push")`, which the parser would read as a call without `;`).
 */
function withoutPragmaOperators(toks: readonly Token[]): readonly Token[] {
  if (!toks.some((t) => t.k === 'ident' && t.v === '_Pragma')) return toks;
  const out: Token[] = [];
  for (let k = 0; k < toks.length; k++) {
    const t = toks[k];
    if (t.k === 'ident' && t.v === '_Pragma' && toks[k + 1]?.v === '(') {
      let depth = 0;
      let end = k + 1;
      for (; end < toks.length; end++) {
        if (toks[end].v === '(') depth++;
        else if (toks[end].v === ')' && --depth === 0) break;
      }
      if (end < toks.length) {
        k = end;
        continue;
      }
    }
    out.push(t);
  }
  return out;
}

/** Integer values of macros by name, as a Map<string, string> of them answers (see BuildMacroTable.values). */
export interface MacroValueTable {
  readonly size: number;
  has(name: string): boolean;
  get(name: string): string | undefined;
  [Symbol.iterator](): Iterator<[string, string]>;
}

/** Which definitions may apply to a file's text other than their own (see define-scope.ts); all when unset. */
export interface DefinitionScope {
  sees(file: string, def: Pick<MacroDef, 'file' | 'line'>): boolean;
}

const NO_BUILTINS: ReadonlyMap<string, MacroDef> = new Map();
const byFileAndLine = (a: MacroRecord, b: MacroRecord): number => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line);
/** The integer a macro's expanded value is written as, or undefined (see BuildMacroTable.values). */
export const integerOf = (value: string | null): string | undefined => (value !== null && /^-?\d+$/.test(value) ? value : undefined);

/**
 * Type keywords a header defines only for its own #if arithmetic: newlib's sys/_intsup.h defines `signed`,
 * `unsigned`, `char`, `short`, `int` and `long` as numbers, then #undefs them. The table keeps no #undef, so their
 * definitions answer only in the file that makes them (`SVC0_1(f, const char *, ...)` elsewhere expanded to
 * `const +0 *`).
 */
const SCOPED_KEYWORDS = new Set(['signed', 'unsigned', 'char', 'short', 'int', 'long', '__int20', '__int20__']);

/** The digest of a table's records and builtins (see BuildMacroTable.digest). */
function tableDigest(records: readonly MacroRecord[], builtins: ReadonlyMap<string, MacroDef>): string {
  tableWork.digests++;
  const h = createHash('sha1');
  const sorted = [...records].sort(byFileAndLine);
  // Hashed in chunks of many records (the same bytes as one update per record, fewer calls).
  let chunk = '';
  let ordinal = 0;
  for (let k = 0; k < sorted.length; k++) {
    const r = sorted[k];
    ordinal = k > 0 && sorted[k - 1].file === r.file ? ordinal + 1 : 0;
    chunk += `${r.name}\0${r.params ?? ''}\0${r.value}\0${r.file}\0${ordinal}\n`;
    if (chunk.length > 65536) {
      h.update(chunk);
      chunk = '';
    }
  }
  if (builtins.size) {
    chunk += '\0builtins\n';
    for (const name of [...builtins.keys()].sort()) {
      const d = builtins.get(name)!;
      chunk += `${name}\0${d.paramsText ?? ''}\0${d.valueText}\n`;
    }
  }
  return h.update(chunk).digest('hex');
}

/**
 * A table's records by name: one record on its own (most names: a device header's 400 000), or several in (file,
 * line) order. Made from a list of records at once (RecordsByName), or read name by name through a build's macro
 * groups (a patch's tables, which mask a few files; see group-macro-records.ts).
 */
export interface NamedRecords {
  get(name: string): MacroRecord | MacroRecord[] | undefined;
  /** Of a name with several records, its last integer value in the order the records came in (see BuildMacroTable.values). */
  severalValue(name: string): string | undefined;
  /** True when no name has a record. */
  readonly empty: boolean;
  /** Every name's records (a source read name by name makes them all first). */
  every(): RecordsByName;
}

/** Tables and table digests made in this process, and records indexed by name (tests count the work a patch spares). */
export const tableWork = { tables: 0, digests: 0, recordsIndexed: 0 };

/**
 * A name's several records settled as a table holds them: its last integer value in the order they came in
 * (returned), then the list sorted by (file, line); a stable sort keeps the order of (file, line) ties.
 */
export function settleSeveral(list: MacroRecord[]): string | undefined {
  let value: string | undefined;
  for (const r of list) value = integerOf(r.expandedValue) ?? value;
  list.sort(byFileAndLine);
  return value;
}

/** Records indexed by name at once, in the order they came in, then each name's list settled (see settleSeveral). */
export class RecordsByName implements NamedRecords {
  private readonly records = new Map<string, MacroRecord | MacroRecord[]>();
  /** Of each name with several records, the last integer value in the order the records came in. */
  private readonly severalValues = new Map<string, string>();

  constructor(records: readonly MacroRecord[]) {
    tableWork.recordsIndexed += records.length;
    const several: MacroRecord[][] = [];
    for (const r of records) {
      const known = this.records.get(r.name);
      if (known === undefined) this.records.set(r.name, r);
      else if (Array.isArray(known)) known.push(r);
      else {
        const list = [known, r];
        this.records.set(r.name, list);
        several.push(list);
      }
    }
    for (const list of several) {
      const value = settleSeveral(list);
      if (value !== undefined) this.severalValues.set(list[0].name, value);
    }
  }

  get(name: string): MacroRecord | MacroRecord[] | undefined {
    return this.records.get(name);
  }

  severalValue(name: string): string | undefined {
    return this.severalValues.get(name);
  }

  get empty(): boolean {
    return this.records.size === 0;
  }

  get size(): number {
    return this.records.size;
  }

  every(): RecordsByName {
    return this;
  }

  /** Each name with its records. */
  entries(): IterableIterator<[string, MacroRecord | MacroRecord[]]> {
    return this.records.entries();
  }

  /** The integer values of names with several records. */
  get severalCount(): number {
    return this.severalValues.size;
  }
}

/** A table's records read name by name (see NamedRecords), with the whole list they come from for its digest. */
export interface RecordSource {
  named: NamedRecords;
  records: () => readonly MacroRecord[];
}

/**
 * A build's macro table as code lines see it: every #define the build reached and its -D macros. A name
 * defined several times resolves, at a line of file F, to F's own last definition above that line, else to
 * the first definition elsewhere that `scope` lets the file see (headers are usually included before use).
 * `builtins` (the compiler's implicit macros, see builtin-macros.ts) answer a lookup no #define answers: they
 * are expanded inside an invocation's expansion, never taken for invocations themselves.
 */
export class BuildMacroTable {
  /** Set for a build's masking: the definitions of unit files a file's text may see (see define-scope.ts). */
  scope?: DefinitionScope;
  /** Records by name (see NamedRecords); parsed into definitions when a name is first looked up. */
  private readonly named: NamedRecords;
  private byName = new Map<string, MacroDef[]>();
  private madeDigest?: string;
  /** The records the digest is made of, until it is. */
  private hashed?: () => readonly MacroRecord[];
  /**
   * The integer values of the records' names (a name's last integer one in the order the records came in): the
   * parser sizes arrays and evaluates enums with them. Answered from the table's own map: a device header's
   * 450 000 names are not put in a second one.
   */
  readonly values: MacroValueTable;

  /**
   * `records`: a list (indexed by name at once), or a source read name by name (see RecordSource). `digest`: the
   * table's digest when known already (kept from an earlier run for the same records and builtins).
   */
  constructor(
    records: readonly MacroRecord[] | RecordSource,
    private readonly builtins: ReadonlyMap<string, MacroDef> = NO_BUILTINS,
    digest?: string,
  ) {
    tableWork.tables++;
    const list = Array.isArray(records) ? (records as readonly MacroRecord[]) : undefined;
    this.named = list ? new RecordsByName(list) : (records as RecordSource).named;
    this.values = new IntegerValues(this.named);
    if (digest !== undefined) this.madeDigest = digest;
    else this.hashed = list ? () => list : (records as RecordSource).records;
  }

  /** The digest when it is made already (or was given), else undefined: reading this makes nothing. */
  get digestIfMade(): string | undefined {
    return this.madeDigest;
  }

  /**
   * Changes whenever a definition of the build does, or their order in a file; not when a file's definitions only
   * move to other lines in the same order. What a file's own uses resolve to by line is keyed by that file's
   * content; other files see a file's definitions only by their order (the first one elsewhere). Made when first
   * read: a table read for its values only (a patch's whole-build table) never sorts and hashes its records.
   */
  get digest(): string {
    if (this.madeDigest === undefined) {
      this.madeDigest = tableDigest(this.hashed!(), this.builtins);
      this.hashed = undefined;
    }
    return this.madeDigest;
  }

  /** Number of macro names with a definition record (a table read name by name makes them all first). */
  get size(): number {
    return this.named.every().size;
  }

  /** True when no name has a definition record. */
  get empty(): boolean {
    return this.named.empty;
  }

  /** The definition records of a name, in (file, line) order. */
  recordsOf(name: string): readonly MacroRecord[] {
    const known = this.named.get(name);
    return known === undefined ? [] : Array.isArray(known) ? known : [known];
  }

  /** Whether some definition record has this name. */
  has(name: string): boolean {
    return this.named.get(name) !== undefined;
  }

  private definitions(name: string): MacroDef[] | undefined {
    let defs = this.byName.get(name);
    if (defs) return defs;
    const known = this.named.get(name);
    if (!known) return undefined;
    defs = [];
    for (const r of Array.isArray(known) ? known : [known]) {
      const p = parseDefine(`${r.name}${r.params ?? ''} ${r.value}`, r.file, r.line);
      if (p.def) defs.push(p.def);
    }
    this.byName.set(name, defs);
    return defs;
  }

  lookup(name: string, file: string, line: number): MacroDef | undefined {
    return this.defined(name, file, line) ?? this.builtins.get(name);
  }

  /** The build's #define of the name that applies at a line of `file` (see the class comment). */
  private defined(name: string, file: string, line: number): MacroDef | undefined {
    const defs = this.definitions(name);
    if (!defs || defs.length === 0) return undefined;
    const elsewhere = !SCOPED_KEYWORDS.has(name);
    const scope = this.scope;
    if (defs.length === 1) {
      const d = defs[0];
      return (d.file === file ? d.line > line : !elsewhere || (scope !== undefined && !scope.sees(file, d))) ? undefined : d;
    }
    let own: MacroDef | undefined;
    let other: MacroDef | undefined;
    for (const d of defs) {
      if (d.file === file) {
        if (d.line < line) own = d;
      } else if (elsewhere && other === undefined && (scope === undefined || scope.sees(file, d))) other = d;
    }
    return own ?? other;
  }
}

export interface FoundInvocations {
  invocations: MacroInvocation[];
  diagnostics: Diagnostic[];
}

/**
/**
 * Where a name an executed #undef touched is undefined (no `def`), or defined again by the #define at `def` (file as
 * the macro records name it), over a file's lines (sorted [from, to] pairs; see undone-names.ts).
 */
export interface UndoneUse {
  ranges: readonly number[];
  def?: { file: string; line: number };
}

/** By name, where an #undef decides what the name is in a file instead of the table (undefined: nowhere). */
export type UndoneAt = (name: string) => readonly UndoneUse[] | undefined;

/**
 * Invocations in `text` (a file's parse text; `file` as the macro records name it), in text order, none nested.
 * `undone`: where #undefs decide names instead of the table. `assembler`: the file is assembler-with-cpp; those that
 * write labels or symbol directives are recorded, those after a comment character on their line (`@`, `;`, `#`) are not.
 * `all`: every expansion is recorded (the text as the compiler reads it, for the assembler's own macros read from it).
 * `counterAt`: of a unit's own file, the value `__COUNTER__` has at the first use on a line (see counter-values.ts;
 * without it, the uses so far in the file's invocations, from 0).
 */
export function findInvocations(text: string, file: string, table: BuildMacroTable, undone?: UndoneAt, assembler = false, all = false, counterAt?: (line: number) => number): FoundInvocations {
  const out: FoundInvocations = { invocations: [], diagnostics: [] };
  if (table.empty) return out;
  const fc = scanCode(text);
  const ids = fc.idents;
  const code = fc.noComments;
  let covered = -1;
  const uses = new CounterUses(counterAt);
  const lookup = lookupIn(table, file, undone);
  for (let k = nextMacroName(ids, code, table, 0, covered); k >= 0; k = nextMacroName(ids, code, table, k + 1, covered)) {
    const off = ids[k * 2];
    const len = ids[k * 2 + 1];
    const name = code.substr(off, len);
    const line0 = lineOf(fc.lineStarts, off);
    const def = lookup(name, line0 + 1);
    if (!def) continue;
    if (!all && isInert(def)) {
      covered = off + len;
      continue;
    }
    let end = off + len;
    if (def.params) {
      end = argumentsEnd(code, end);
      if (end < 0) continue;
    } else {
      end = rescanEnd(def, code, end, line0 + 1, lookup);
    }
    covered = end;
    if (assembler && /[@;#]/.test(code.slice(fc.lineStarts[line0], off))) continue;
    // The name as a string of its own: a slice keeps the file's whole text alive with the invocation.
    const inv: MacroInvocation = { name: ownString(name), start: off, end, line: line0 + 1, column: off - fc.lineStarts[line0], objectLike: !def.params, expansion: '' };
    const expansion = expandAt(inv, code.slice(off, end), opensParen(code, end), file, lookup, out.diagnostics, assembler, uses, all);
    if (expansion === undefined) continue;
    inv.expansion = expansion;
    out.invocations.push(inv);
  }
  return out;
}

/** The definition a name has at a line of the file being read. */
export type LookupAt = (name: string, line: number) => MacroDef | undefined;

/** Definitions at the lines of `file`: the table's, unless an #undef decides a name there (see lookupUndone). */
export function lookupIn(table: BuildMacroTable, file: string, undone: UndoneAt | undefined): LookupAt {
  return undone === undefined ? (name, line) => table.lookup(name, file, line) : (name, line) => lookupUndone(name, line, file, table, undone);
}

/**
 * The table's definition of a name at a line of `file`, unless an #undef decides it there (see UndoneUse): none, or
 * the #define the walk had in force, found as the definition the table gives just below its own line.
 */
function lookupUndone(name: string, line: number, file: string, table: BuildMacroTable, undone: UndoneAt): MacroDef | undefined {
  const use = undoneAt(undone(name), line);
  if (use === undefined) return table.lookup(name, file, line);
  return use.def ? table.lookup(name, use.def.file, use.def.line + 1) : undefined;
}

/** The state of a name an #undef touched at `line`, when one holds there (a header's `#define putc(c) ...`, then `#undef putc` and `int putc(int c) { ... }`). */
function undoneAt(uses: readonly UndoneUse[] | undefined, line: number): UndoneUse | undefined {
  if (uses === undefined) return undefined;
  for (const u of uses) {
    const r = u.ranges;
    for (let k = 0; k < r.length && r[k] <= line; k += 2) if (line <= r[k + 1]) return u;
  }
  return undefined;
}

/**
 * The first identifier from the `k`th on (of `ids`' [offset, length] pairs) that starts at or past `covered` and
 * names a macro of the table, or -1. Most identifiers name none: this small loop is what runs for each, the rest of
 * findInvocations only for those that do (a loop that large, optimized for its hot part, cost more to compile).
 */
function nextMacroName(ids: Int32Array, code: string, table: BuildMacroTable, k: number, covered: number): number {
  const n = ids.length >> 1;
  for (; k < n; k++) {
    const off = ids[2 * k];
    if (off >= covered && table.has(code.substr(off, ids[2 * k + 1]))) return k;
  }
  return -1;
}

/** Verdicts of isInert by definition (the table's definitions are parsed once and kept). */
const inertDefs = new WeakMap<MacroDef, boolean>();

/**
 * An object-like definition whose body has no identifier and no `#`, `##`, `{` or `;` (`#define LIMIT (40 * 2)`):
 * its expansion is its body as written, which calls, declares and renames nothing and cannot fail, so it is
 * never recorded. Settled once per definition instead of expanding each use.
 */
function isInert(def: MacroDef): boolean {
  let inert = inertDefs.get(def);
  if (inert === undefined) {
    const body = def.params || def.builtin ? null : def.body;
    inert = body !== null && body.length <= MAX_EXPANSION_TOKENS && body.every((t) => t.k !== 'ident' && t.v !== '#' && t.v !== '##' && t.v !== '{' && t.v !== ';');
    inertDefs.set(def, inert);
  }
  return inert;
}

/** End offset of the `( ... )` that follows `from` (spaces between allowed), or -1 when none follows. */
export function argumentsEnd(code: string, from: number): number {
  let p = from;
  while (p < code.length && /\s/.test(code[p])) p++;
  return code[p] === '(' ? matchParen(code, p, code.length) : -1;
}

/** Whether the first character from `from` on that is not a space is `(`. */
function opensParen(code: string, from: number): boolean {
  let p = from;
  while (p < code.length && /\s/.test(code[p])) p++;
  return code[p] === '(';
}

/**
 * An object-like macro whose replacement ends in a function-like macro's name (`#define portYIELD_WITHIN_API
 * portYIELD` with `#define portYIELD() vPortYield()`) takes the `( ... )` written after it on rescanning: the
 * invocation then reaches past that argument list, as the compiler reads it.
 */
function rescanEnd(def: MacroDef, code: string, end: number, line: number, lookup: LookupAt): number {
  let last: MacroDef | undefined = def;
  for (let hops = 0; last && !last.params && hops < 8; hops++) {
    const tail: Token | undefined = last.body[last.body.length - 1];
    last = tail?.k === 'ident' && tail.v !== last.name ? lookup(tail.v, line) : undefined;
  }
  if (!last?.params) return end;
  const after = argumentsEnd(code, end);
  return after < 0 ? end : after;
}

const USE_SITE_BUILTINS = new Map([
  ['__LINE__', builtinMacro('__LINE__', 'line')],
  ['__COUNTER__', builtinMacro('__COUNTER__', 'counter')],
]);

/**
 * The values `__COUNTER__` takes in a file's invocations: the value at the line (`counterAt`; Zephyr's SYS_INIT names
 * its entry `__init_sys_init_f3` after three uses) and the uses on the line so far; without `counterAt`, the uses so far.
 */
class CounterUses {
  private uses = 0;
  private line = 0;
  constructor(private readonly counterAt: ((line: number) => number) | undefined) {}

  next(line: number): number {
    if (this.counterAt === undefined) return this.uses++;
    if (line !== this.line) {
      this.line = line;
      this.uses = 0;
    }
    return this.counterAt(line) + this.uses++;
  }
}

/**
 * Expands one invocation. `__LINE__` answers the line of the macro's name (as GCC's does for a use spanning lines),
 * `__COUNTER__` its value there (see CounterUses).
 */
function expandAt(inv: MacroInvocation, source: string, callFollows: boolean, file: string, lookup: LookupAt, diagnostics: Diagnostic[], assembler: boolean, counter: CounterUses, all = false): string | undefined {
  let error: string | undefined;
  const toks = expandTokens(lexLine(source, assembler), {
    env: new Map(),
    mode: 'text',
    strictIso: undefined,
    assembler,
    builtin: (def, tok) => [mkTok('number', String(def.builtin === 'counter' ? counter.next(inv.line) : inv.line), tok.sp)],
    error: (m) => (error ??= m),
    lookup: (name) => lookup(name, inv.line) ?? USE_SITE_BUILTINS.get(name),
  });
  const note = (message: string) => {
    if (diagnostics.length < 20) diagnostics.push({ severity: 'info', file, line: inv.line, message });
  };
  if (error) {
    note(`macro ${inv.name}: ${error}; calls its expansion writes here are not indexed`);
    return undefined;
  }
  if (toks.length > MAX_EXPANSION_TOKENS) {
    note(`expansion of macro ${inv.name} is ${toks.length} tokens, over the limit of ${MAX_EXPANSION_TOKENS}; calls it writes here are not indexed`);
    return undefined;
  }
  const recorded = all || (assembler ? interestingInAssembler(toks) : interesting(toks, inv.objectLike, callFollows));
  return recorded ? joinTokens(withoutPragmaOperators(toks)) : undefined;
}

/** A table's integer values by name (see BuildMacroTable.values): its map of records read through. */
class IntegerValues implements MacroValueTable {
  private count: number | undefined;

  constructor(private readonly named: NamedRecords) {}

  get(name: string): string | undefined {
    const known = this.named.get(name);
    if (known === undefined) return undefined;
    return Array.isArray(known) ? this.named.severalValue(name) : integerOf(known.expandedValue);
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  get size(): number {
    if (this.count === undefined) {
      const every = this.named.every();
      let n = every.severalCount;
      for (const [, known] of every.entries()) if (!Array.isArray(known) && integerOf(known.expandedValue) !== undefined) n++;
      this.count = n;
    }
    return this.count;
  }

  *[Symbol.iterator](): Iterator<[string, string]> {
    const every = this.named.every();
    for (const [name, known] of every.entries()) {
      const value = Array.isArray(known) ? every.severalValue(name) : integerOf(known.expandedValue);
      if (value !== undefined) yield [name, value];
    }
  }
}
