// Mask stage of a build: for each file the build compiles, decides whether its stored parse still holds
// (same content, active ranges, language and blanked macros → nothing is read; so too when another build of the run,
// or a stored one, masked it under the same activity, or the run's last masking of it asked the build's macros what
// they answer alike: see mask-memo.ts), else reads it and blanks
// inactive lines and decorating-macro uses (statement-macro uses become `;`). A masked text seen before under the same path and language
// reuses that parse; the rest become parse jobs. Files GNU as `.include` reads (no walk reads them) are masked after
// the assembler files naming them: whole, as assembler, with no C macro.
import fs from 'node:fs';
import type { Diagnostic } from '../model/diagnostic.js';
import type { FileVersion, IndexWriter, ParseNote, StoredBuildFile } from '../index/index-writer.js';
import type { MergedFile } from '../preprocessor/merge-unit-results.js';
import { activeLinesOf } from '../preprocessor/merge-unit-results.js';
import { blankableHash, blankMacroUses, type BlankableMacros } from './blank-macros.js';
import { writeStatementUses } from './statement-macros.js';
import type { BuildMacroTable, MacroQuestions } from '../preprocessor/build-macro-table.js';
import { findInvocations, type FoundInvocations, type MacroInvocation } from '../preprocessor/macro-invocations.js';
import { InvocationsMemo, TableQuestions } from '../preprocessor/invocations-memo.js';
import type { MaskMemo } from './mask-memo.js';
import { maskAnswers, RecordingTable, RecordingValues } from './mask-questions.js';
import { AS_INCLUDED, isAssemblerPath } from '../parser/extract-asm.js';
import { invocationsDigest } from './extract-file.js';
import { enumMacroKey } from './enum-macro-key.js';
import type { MacroValues } from './parse-jobs.js';
import { sha1, type FileStates } from './file-states.js';
import { sha1OfTexts } from '../model/sha1.js';
import { isVendorFile, storedPath, type VendorRules } from './vendor-paths.js';
import { macroLanguage, type MacroSet } from './language-macros.js';
import type { DefineScope } from './define-scope.js';
import { ScopedBlanking } from './scoped-blanking.js';
import { counterValues } from '../preprocessor/counter-values.js';
import { readStatesOf, undoneDigest, undoneStates, type FileUndone } from '../preprocessor/undone-names.js';
import { lookupIn, type ReadsAt, type UndoneAt, type UndoneUse } from '../preprocessor/macro-lookup.js';
import { assemblerFileMacros, assemblerMacroTable, withAssemblerInvocations, withExecutions, withFileMacros, withKeptDotReadings, type AsmFileMacros, type AsmMacroSource } from './assembler-macro-table.js';
import type { AsmMacroTable } from '../preprocessor/assembler-macros.js';
import { lineAt, lineStartsOf } from '../model/line-index.js';

/** What to do about a binary file a build compiles. */
export const BINARY_FIX = 'remove it from the compile database or add its folder to [index] exclude_paths';

export interface ParseJob {
  version: FileVersion;
  /** Absolute path (for diagnostics). */
  file: string;
  text: string;
  rowsMasked: Uint8Array;
  /** Macro invocations of the text whose expansion calls, defines or renames (call-graph extraction). */
  invocations?: MacroInvocation[];
  /** What finding them reported (expansions left out); stored with the parse. */
  expansionNotes?: ParseNote[];
}

export interface MaskedFiles {
  versions: FileVersion[];
  jobs: ParseJob[];
  /** Files whose stored parse was kept without reading them / after masking them again. */
  kept: number;
  remasked: number;
  diagnostics: Diagnostic[];
  /** The macro values the jobs' keys were made with: their parses must be made with the same. */
  values: MacroValues;
  /** The build's assembler macros by file, when an assembler file was masked (see assembler-macro-table.ts). */
  assemblerMacros?: AsmFileMacros[];
  /** The files GNU as `.include` reads for the assembler files masked, which no walk read (masked after the others). */
  asIncluded?: MergedFile[];
}

/** A text as maskText reads it: a string, or a file's UTF-8 bytes (decoded only where lines are kept). */
interface MaskSource {
  length: number;
  /** Index of the next line feed at or after `from`, or -1. */
  newline(from: number): number;
  isCarriageReturn(at: number): boolean;
  text(from: number, to?: number): string;
}

/**
 * Bytes up to this size are decoded whole before masking: a Buffer's indexOf goes through JS argument checks
 * (~1 µs a line, twice a line), a string's is a builtin; larger ones (device headers) only where lines are kept.
 */
export const DECODE_WHOLE_BYTES = 1 << 20;

function maskSource(input: string | Buffer): MaskSource {
  const t = typeof input !== 'string' && input.length <= DECODE_WHOLE_BYTES ? input.toString('utf8') : input;
  if (typeof t === 'string') return { length: t.length, newline: (from) => t.indexOf('\n', from), isCarriageReturn: (at) => t.charCodeAt(at) === 13, text: (from, to) => t.slice(from, to) };
  // Line feeds and carriage returns are single bytes of their own in UTF-8: the runs between them decode alone.
  return { length: t.length, newline: (from) => t.indexOf(10, from), isCarriageReturn: (at) => t[at] === 13, text: (from, to) => t.toString('utf8', from, to) };
}

/**
 * Inactive lines become empty (a trailing \r kept), so their content never reaches a parse or its hash. Made
 * from the runs of text between the blanked lines, not from an array of every line. Given a file's bytes, only
 * those runs are decoded (a device header's 24 MB are not made one string of which most lines are blanked).
 */
export function maskText(input: string | Buffer, ranges: number[]): { masked: string; rowsMasked: Uint8Array } {
  const src = maskSource(input);
  const lineCount = countLines(src);
  const active = activeLinesOf(ranges, lineCount);
  const rowsMasked = new Uint8Array(lineCount);
  const runs = new KeptRuns(src);
  let start = 0;
  for (let i = 0; i < lineCount; i++) {
    let end = src.newline(start);
    if (end < 0) end = src.length;
    if (!active[i]) {
      rowsMasked[i] = 1;
      runs.blank(start, end);
    }
    start = end + 1;
  }
  return { masked: runs.finish(), rowsMasked };
}

function countLines(src: MaskSource): number {
  let lineCount = 1;
  for (let nl = src.newline(0); nl >= 0; nl = src.newline(nl + 1)) lineCount++;
  return lineCount;
}

/**
 * The masked text's parts, blanked line by blanked line (kept apart from maskText's line loop, whose
 * optimized compile cost more than it saved). Text from `copyFrom` on is copied as it is; line breaks
 * between blanked lines are counted, then added at once.
 */
class KeptRuns {
  private parts: string[] = [];
  private copyFrom = 0;
  private breaks = 0;
  constructor(private src: MaskSource) {}

  /** Blanks the line from `start` to `end` (its \n, or the text's end). */
  blank(start: number, end: number): void {
    // One character before a line is the \n that ends the line above.
    if (start - this.copyFrom === 1) this.breaks++;
    else if (start > this.copyFrom) {
      if (this.breaks) this.parts.push('\n'.repeat(this.breaks));
      this.breaks = 0;
      this.parts.push(this.src.text(this.copyFrom, start));
    }
    // The blanked line keeps its \r; the \n after it goes with what follows.
    this.copyFrom = end > start && this.src.isCarriageReturn(end - 1) ? end - 1 : end;
  }

  finish(): string {
    if (this.breaks) this.parts.push('\n'.repeat(this.breaks));
    this.parts.push(this.src.text(this.copyFrom));
    return this.parts.join('');
  }
}

/** Where #undefs decide a file's names (see undone-names.ts), asked by name and worked out once per name; files as the macro records name them. */
function undoneAt(u: FileUndone | undefined, root: string): UndoneAt | undefined {
  if (u === undefined) return undefined;
  const byName = new Map<string, UndoneUse[] | undefined>();
  return (name) => {
    if (byName.has(name)) return byName.get(name);
    const states = undoneStates(u, name)?.map((s): UndoneUse => (s.def ? { ranges: s.ranges, def: { file: storedPath(root, s.def.file), line: s.def.line } } : { ranges: s.ranges }));
    byName.set(name, states);
    return states;
  };
}

/** Where the reads of a file disagree on names #undefs touched (see readStatesOf), asked by name; files as the macro records name them. */
function readsAt(u: FileUndone | undefined, root: string): ReadsAt | undefined {
  if (u === undefined) return undefined;
  let count = 0;
  for (const read of u.reads) for (let j = 0; j < read.marks.length; j += 2) if (read.marks[j] === 0 || j === 0) count++;
  if (count < 2) return undefined;
  const byName = new Map<string, ReturnType<typeof readStatesOf>>();
  const asUse = (state: string | undefined): UndoneUse['def'] | null => {
    if (state === undefined) return undefined;
    if (state === '') return null;
    const at = state.lastIndexOf('\0');
    return { file: storedPath(root, state.slice(0, at)), line: Number(state.slice(at + 1)) };
  };
  return {
    count,
    at(name, line) {
      let states = byName.get(name);
      if (states === undefined && !byName.has(name)) byName.set(name, (states = readStatesOf(u, name)));
      return states?.(line)?.map(asUse);
    },
  };
}

/**
 * Whether a name is undefined at an offset of `text` (a file's masked text, lines kept): an #undef left it so (by
 * `undone`), or it is one of `conditional` (a #define of it some lines of its file do not see, see
 * HeaderVisibility.conditional) and no definition applies there (`table`, with the build's scope).
 */
function undefinedIn(text: string, undone: UndoneAt | undefined, conditional?: ConditionalNames): ((name: string, offset: number) => boolean) | undefined {
  if (undone === undefined && conditional === undefined) return undefined;
  let starts: number[] | undefined;
  const lineOf = (offset: number) => lineAt((starts ??= lineStartsOf(text)), offset) + 1;
  return (name, offset) => {
    if (conditional?.names.has(name) && leftAsWritten(conditional, name, lineOf(offset))) return true;
    const uses = undone?.(name);
    if (uses === undefined) return false;
    const line = lineOf(offset);
    return uses.some((u) => u.def === undefined && inRanges(u.ranges, line));
  };
}

/**
 * Whether a use of a conditional name (see undefinedIn) is left as written, not blanked: no definition applies at the
 * line, or the define classes of the file compiling it read different ones (its invocation then gives each one's
 * expansion, see class-expansions.ts): a use is blanked only where every class reads it as the same blank macro.
 */
function leftAsWritten(c: ConditionalNames, name: string, line: number): boolean {
  return c.table.lookup(name, c.file, line) === undefined || !c.table.sameInClasses(name, c.file, line);
}

/** The names of the #defines that some lines of their files do not see, with the table that says where they apply (see undefinedIn). */
interface ConditionalNames {
  names: ReadonlySet<string>;
  table: MacroQuestions;
  /** The file masked (stored path). */
  file: string;
}

/** Of a set's records, the names of those some lines of their own files do not see (see HeaderVisibility.conditional). */
function conditionalNamesOf(set: MaskMacros, scope: DefineScope | undefined): ReadonlySet<string> {
  const headers = scope?.headers;
  const files = new Set(headers?.classedFiles ?? []);
  if (files.size === 0) return NO_NAMES;
  const out = new Set<string>();
  for (const r of set.recordsOfFiles?.(files) ?? set.records ?? []) if (files.has(r.file) && headers!.conditional(r.file, r.line)) out.add(r.name);
  return out;
}

const NO_NAMES: ReadonlySet<string> = new Set();

function inRanges(ranges: readonly number[], line: number): boolean {
  for (let k = 0; k < ranges.length && ranges[k] <= line; k += 2) if (line <= ranges[k + 1]) return true;
  return false;
}

/**
 * The part of a file's activity key past the `:` (see scopedActivity) up to the headers: the digest of the unit files'
 * #defines it sees, its counter marks (`c`), the digest of what its readers say of the names #undefs touched (`u` and
 * undoneDigest); '' when none. See withHeaders for the rest.
 */
function readersSuffix(rel: string, fa: MergedFile, ctx: MaskContext): string {
  const scope = ctx.scope?.digest(rel) ?? '';
  const counted = fa.counter ? `${scope}c${fa.counter.join(',')}` : scope;
  return fa.undone ? `${counted}u${undoneDigest(fa.undone)}` : counted;
}

/**
 * The whole part of a file's activity key past the `:`: `readers` (see readersSuffix), then the digest of the headers
 * whose #defines it sees (`h`, see header-define-scope.ts; with `v` and that of the lines of its define classes when
 * it has several, see define-classes.ts).
 */
function withHeaders(readers: string, rel: string, ctx: MaskContext): string {
  const headers = ctx.scope?.headerDigest(rel) ?? '';
  return headers ? `${readers}h${headers}` : readers;
}

/** sha1 of `text + suffix`; a large text is hashed in pieces, not copied into one string with the suffix. */
function textHash(text: string, suffix: string): string {
  return sha1OfTexts([text, suffix]);
}

export { blankableHash };

/** The macros a masking uses: those blanked, and (for C/C++) the table, its records and those blanked in a file that sees no unit file's #define. */
export type MaskMacros = Pick<MacroSet, 'blankable'> & Partial<Pick<MacroSet, 'plainBlankable' | 'macroTable' | 'records' | 'recordsOfFiles'>>;

export interface MaskContext {
  root: string;
  writer: IndexWriter;
  states: FileStates;
  vendorRules: VendorRules;
  /**
   * The build's macros: invocations in each file are expanded with its table (whose digest keys the parse). A
   * MacroSet makes its parts when first read, so those of a set no file is masked with are never made.
   */
  macros: MaskMacros;
  /** The build's files as last stored, by stored path. */
  previous: Map<string, StoredBuildFile>;
  unitSet: Set<string>;
  /** Of the build's assembler units (by file): where their assembler looks for the files `.include` names. */
  asIncludeDirs?: ReadonlyMap<string, readonly string[]>;
  /** The build's assembler units whose command line may give their assembly symbols (see givesSymbols). */
  asGivingSymbols?: ReadonlySet<string>;
  /** The build's integer macro values: those a file's enums name key its parse (see enum-macro-key.ts). */
  values: MacroValues;
  /**
   * In a build parsing both C and C++ files: per language, the macros its units reached, which mask the files
   * parsed in it instead of `macros` (see language-macros.ts).
   */
  byLanguage?: Map<string, MacroSet>;
  /**
   * Which #defines of unit files each file sees (see define-scope.ts): a file that sees none is blanked with
   * its set's `plainBlankable`, and the table's lookups leave the others out.
   */
  scope?: DefineScope;
  /**
   * The build's assembler macros by file as last kept (a patch, which masks some of its files): the assembler files
   * among those masked are read again into them. Without it, the files masked are all the build's.
   */
  assemblerKept?: readonly AsmFileMacros[];
  /** The run's invocations found in files, kept for the next build masking a file alike (see invocations-memo.ts). */
  invocations?: InvocationsMemo;
  /** The masks of the run's builds (and stored ones) by activity, taken by later builds masking a file alike (see mask-memo.ts). */
  masks?: MaskMemo;
}

/** Per macro set of a masking: the set, and the blanking of files that see #defines of unit files. */
type SetBlanking = Map<MaskMacros, ScopedBlanking>;

/** Per macro set of a masking: the names of #defines some lines of their files do not see (see conditionalNamesOf). */
type SetConditionals = Map<MaskMacros, ReadonlySet<string>>;

/**
 * The macros that mask `file` (stored path) parsed in `language`, with the key of the blanking its activity names:
 * with a scope, that of the macros blanked in files that see no #define of a unit file (the scope's digest names the
 * rest, see scopedActivity); without, that of the build's.
 */
function macrosFor(file: string, language: string, ctx: MaskContext, keys: Map<BlankableMacros, string>, scoped: SetBlanking, conditionals?: SetConditionals): FileMacros {
  const set: MaskMacros = ctx.byLanguage?.get(macroLanguage(language)) ?? ctx.macros;
  const key = (b: BlankableMacros) => {
    let k = keys.get(b);
    if (k === undefined) keys.set(b, (k = blankableHash(b)));
    return k;
  };
  if (!ctx.scope || !set.macroTable) return { blankable: () => set.blankable, macroTable: set.macroTable, blankKey: key(set.blankable) };
  const { scope } = ctx;
  const macroTable = set.macroTable;
  macroTable.scope = scope;
  const plain = set.plainBlankable ?? set.blankable;
  // The file's blanking and conditional names are made when it is masked (a mask the memo holds needs neither).
  const blankable = () => {
    let blanking = scoped.get(set);
    // The unit files' records: a set reading its records through its groups lists only theirs.
    if (!blanking) scoped.set(set, (blanking = new ScopedBlanking(set.recordsOfFiles?.(scope.scoped) ?? set.records ?? [], plain, macroTable, scope)));
    return blanking.of(file);
  };
  const conditional = () => {
    let names = conditionals?.get(set);
    if (conditionals && names === undefined) conditionals.set(set, (names = conditionalNamesOf(set, scope)));
    return names?.size ? { names, table: macroTable, file } : undefined;
  };
  return { blankable, macroTable, blankKey: key(plain), conditional };
}

/** The macros that mask one file (see macrosFor): its blanking and conditional names made when asked. */
interface FileMacros {
  blankable: () => BlankableMacros;
  macroTable?: BuildMacroTable;
  blankKey: string;
  conditional?: () => ConditionalNames | undefined;
}

/** What a file's stored parse in a build depends on: content, compiled lines, language, blanked macros, macro table. */
export function activityKey(hash: string, ranges: number[], language: string, blankKey: string, tableDigest: string | undefined): string {
  return sha1(`${hash}\0${ranges.join(',')}\0${language}\0${blankKey}\0${tableDigest ?? ''}`);
}

/** An activity key with the digest of the unit files' #defines its file sees (see DefineScope.digest), after a `:`. */
export const scopedActivity = (key: string, scopeDigest: string): string => (scopeDigest ? `${key}:${scopeDigest}` : key);

/**
 * The build's assembler macros: those the assembler files among `files` define, read into the build's kept ones when
 * the context gives them (a patch masks only some files); kept in `out.assemblerMacros`.
 */
function buildAssemblerMacros(files: MergedFile[], ctx: MaskContext, out: MaskedFiles, tableFor: AsmMacroSource['tableFor']): AsmMacroTable {
  const fresh = assemblerFileMacros(files, { states: ctx.states, rel: (f) => storedPath(ctx.root, f), tableFor, mask: (buf, ranges) => maskText(buf, ranges).masked, isUnit: (f) => ctx.unitSet.has(f), searchDirs: (u) => ctx.asIncludeDirs?.get(u), givesSymbols: (u) => !ctx.asGivingSymbols || ctx.asGivingSymbols.has(u) });
  // The files `.include`s read are read again with the files naming them.
  const read = new Set([...files.filter((f) => isAssemblerPath(f.file)).map((f) => storedPath(ctx.root, f.file)), ...fresh.files.map((f) => f[0])]);
  if (ctx.assemblerKept) withKeptDotReadings(fresh.texts, fresh.files, ctx.assemblerKept, read);
  // The macros an included file executes are counted with the build's definitions, those of files not read again too.
  out.assemblerMacros = withExecutions(ctx.assemblerKept ? withFileMacros(ctx.assemblerKept, read, fresh.files) : fresh.files, fresh.texts);
  if (fresh.asIncluded.length) out.asIncluded = fresh.asIncluded;
  out.diagnostics.push(...fresh.diagnostics);
  return assemblerMacroTable(out.assemblerMacros);
}

/** What the masking of a build's files shares: keys and blankings made once, parses queued, the assembler macros. */
interface MaskRun {
  ctx: MaskContext;
  out: MaskedFiles;
  blankKeys: Map<BlankableMacros, string>;
  scopedBlanking: SetBlanking;
  conditionals: SetConditionals;
  queued: Set<string>;
  asmMacros: () => AsmMacroTable;
}

export function maskFiles(files: MergedFile[], ctx: MaskContext): MaskedFiles {
  const out: MaskedFiles = { versions: [], jobs: [], kept: 0, remasked: 0, diagnostics: [], values: ctx.values };
  const blankKeys = new Map<BlankableMacros, string>();
  const scopedBlanking: SetBlanking = new Map();
  let asmTable: AsmMacroTable | undefined;
  const asmMacros = () => (asmTable ??= buildAssemblerMacros(files, ctx, out, (rel, language) => macrosFor(rel, language, ctx, blankKeys, scopedBlanking).macroTable));
  const run: MaskRun = { ctx, out, blankKeys, scopedBlanking, conditionals: new Map(), queued: new Set(), asmMacros };
  ctx.masks?.nextBuild();
  for (const fa of files) maskFile(fa, run);
  // The files `.include` reads are known once the assembler files naming them were read.
  for (const fa of out.asIncluded ?? []) maskFile(fa, run);
  return out;
}

/**
 * One file masked into `run.out`: its stored parse kept when its activity holds, else its masked text and macro
 * invocations made a parse job (unless that parse is stored or queued). A file only `.include` reads is masked as
 * the assembler reads it: whole, its C macros not expanded, with the build's assembler macros only.
 */
function maskFile(fa: MergedFile, run: MaskRun): void {
  const { ctx, out } = run;
  const state = ctx.states.get(fa.file);
  if (!state) {
    out.diagnostics.push({ severity: 'warning', file: fa.file, message: 'cannot read: the file vanished or is not a regular file' });
    return;
  }
  const rel = storedPath(ctx.root, fa.file);
  const assembler = fa.asIncluded || isAssemblerPath(rel);
  const language = fa.asIncluded ? AS_INCLUDED : fa.language;
  const set = macrosFor(rel, fa.language, ctx, run.blankKeys, run.scopedBlanking, run.conditionals);
  // The lines parsed: of a header assembler units read too, those its C/C++ units compile (see MergedFile).
  const ranges = fa.parseRanges && !assembler ? fa.parseRanges : fa.ranges;
  // An assembler file's parse depends on the build's assembler macros too.
  const asm = assembler ? run.asmMacros() : undefined;
  const tableDigest = asm?.size ? `${set.macroTable?.digest ?? ''}\0asm\0${asm.digest}` : set.macroTable?.digest;
  const readers = fa.asIncluded ? '' : readersSuffix(rel, fa, ctx);
  const suffix = fa.asIncluded ? '' : withHeaders(readers, rel, ctx);
  const activity = fa.asIncluded ? asIncludedActivity(state.hash, ranges, asm!.digest) : scopedActivity(activityKey(state.hash, ranges, language, set.blankKey, tableDigest), suffix);
  const base = { path: rel, contentHash: state.hash, size: state.size, mtimeMs: state.mtimeMs, isVendor: isVendorFile(fa.file, ctx.vendorRules), language, isUnit: ctx.unitSet.has(fa.file), activity };
  const prev = ctx.previous.get(rel);
  if (prev && prev.activity === activity && prev.language === language) {
    out.kept++;
    out.versions.push({ ...base, maskHash: prev.maskHash });
    return;
  }
  if (recalled(rel, language, activity, base, run)) return;
  // Of a file read with the build's C macros alone, its last mask when the build answers what that masking asked.
  const answered = ctx.masks && set.macroTable && !assembler && !fa.counter ? answeredKey(rel, language, state.hash, ranges, readers) : undefined;
  if (answered !== undefined && recalledByAnswers(answered, activity, set, base, run)) return;
  let buf: Buffer;
  try {
    // The bytes whose hash the version records, when this run read them.
    buf = ctx.states.keptBytes(fa.file)?.bytes ?? fs.readFileSync(fa.file);
  } catch (err) {
    out.diagnostics.push({ severity: 'warning', file: fa.file, message: `cannot read: ${(err as Error).message}` });
    return;
  }
  if (buf.subarray(0, 8192).includes(0)) {
    const error = 'binary file: not C/C++ source';
    const version: FileVersion = { ...base, maskHash: 'binary', parsed: { symbols: [], references: [], error } };
    out.diagnostics.push({ severity: 'error', file: fa.file, message: error, fix: BINARY_FIX });
    out.versions.push(version);
    return;
  }
  // The text tree-sitter parses: inactive lines and empty-macro uses blanked. Its hash (with the masked
  // rows) keys the parse, so builds and edits that leave a file's active text alone share one parse.
  const m = maskText(buf, ranges);
  const recording = answered !== undefined ? { table: new RecordingTable(set.macroTable!), values: new RecordingValues(ctx.values) } : undefined;
  const { text, found, invocations } = fa.asIncluded ? { text: m.masked, found: undefined, invocations: nonEmpty(asm!.findInvocations(m.masked, undefined, rel)) } : maskedInvocations(fa, rel, m.masked, set, asm, ctx.root, ctx.invocations, recording?.table);
  const enumKey = assembler ? '' : enumMacroKey(text, recording?.values ?? ctx.values);
  const maskHash = textHash(text, `\0${ranges.join(',')}${invocations?.length ? `\0${invocationsDigest(invocations)}` : ''}${enumKey ? `\0enum\0${enumKey}` : ''}`);
  const version: FileVersion = { ...base, maskHash };
  out.versions.push(version);
  ctx.masks?.keep(rel, language, activity, maskHash);
  if (recording) ctx.masks!.keepAnswered(answered!, maskAnswers(m.masked, recording.table, recording.values, set.blankable(), set.conditional?.()?.names), maskHash);
  // A parse already stored (or queued) keeps what finding its invocations reported; see parse-jobs.ts.
  if (parseStoredOrQueued(rel, maskHash, language, run)) {
    out.remasked++;
    return;
  }
  run.queued.add(parseKey(rel, maskHash, language));
  if (found) out.diagnostics.push(...found.diagnostics.map((d) => ({ ...d, file: fa.file })));
  const expansionNotes = found?.diagnostics.map(({ file: _file, ...note }) => note);
  out.jobs.push({ version, file: fa.file, text, rowsMasked: m.rowsMasked, invocations, expansionNotes });
}

/**
 * Whether the file's mask was taken from the run's memo (see mask-memo.ts): an earlier build of the run or a stored
 * build masked it under the same activity, and that mask's parse is stored or queued. Then it is neither read nor
 * masked again, as a file whose own stored activity holds.
 */
function recalled(rel: string, language: string, activity: string, base: Omit<FileVersion, 'maskHash'>, run: MaskRun): boolean {
  const { ctx, out } = run;
  const maskHash = ctx.masks?.find(rel, language, activity);
  if (maskHash === undefined || !parseStoredOrQueued(rel, maskHash, language, run)) return false;
  ctx.masks!.recalled++;
  out.versions.push({ ...base, maskHash });
  return true;
}

/**
 * The key of a file's masks apart from its build's macros: its path, language, content, compiled lines and the part of
 * its activity past the `:` up to the headers (see readersSuffix). Its answers to what masking asked of the macros tell
 * the rest, the headers whose #defines the file sees too: they reach its mask only through the table's lookups and the
 * blanking and conditional names the masking asked about (a PlatformIO env's own variant header changes that digest
 * for nearly every file, which its masking does not read).
 */
const answeredKey = (rel: string, language: string, hash: string, ranges: number[], readers: string): string => sha1(`${rel}\0${language}\0${hash}\0${ranges.join(',')}\0${readers}`);

/**
 * Whether the file's mask was recalled by its answers (see MaskMemo.findAnswered): the last build of the run that
 * masked it under the same key asked the build's macros what this build answers alike, and that mask's parse is
 * stored or queued. Then it is neither read nor masked again; its activity key is kept for the builds after.
 */
function recalledByAnswers(key: string, activity: string, set: FileMacros, base: Omit<FileVersion, 'maskHash'>, run: MaskRun): boolean {
  const { ctx, out } = run;
  const { path: rel, language } = base;
  const now = () => ({ table: set.macroTable!, blankable: set.blankable(), conditional: set.conditional?.()?.names, values: ctx.values });
  const maskHash = ctx.masks!.findAnswered(key, now);
  if (maskHash === undefined || !parseStoredOrQueued(rel, maskHash, language, run)) return false;
  ctx.masks!.recalled++;
  ctx.masks!.keep(rel, language, activity, maskHash);
  out.versions.push({ ...base, maskHash });
  return true;
}

/** Whether the parse of `rel`'s mask `maskHash` in `language` is stored, or queued by this masking. */
function parseStoredOrQueued(rel: string, maskHash: string, language: string, run: MaskRun): boolean {
  return run.queued.has(parseKey(rel, maskHash, language)) || run.ctx.writer.findParsed(rel, maskHash, language) !== undefined;
}

const parseKey = (rel: string, maskHash: string, language: string): string => `${rel}\0${maskHash}\0${language}`;

/**
 * The masked text of a file the compiler preprocesses, its empty-macro uses blanked, and its macro invocations.
 * `recording`: the table asked in place of the build's (see mask-questions.ts).
 */
function maskedInvocations(fa: MergedFile, rel: string, masked: string, set: FileMacros, asm: AsmMacroTable | undefined, root: string, memo: InvocationsMemo | undefined, recording?: RecordingTable) {
  const undone = undoneAt(fa.undone, root);
  const table: MacroQuestions | undefined = recording ?? set.macroTable;
  const conditional = set.conditional?.();
  const blanked = blankMacroUses(masked, set.blankable(), undefinedIn(masked, undone, conditional && recording ? { ...conditional, table: recording } : conditional));
  const assembler = asm !== undefined;
  const counterAt = fa.counter && set.macroTable ? counterValues(masked, rel, set.macroTable, fa.counter, undone, assembler) : undefined;
  // Statement macros are written as `;` after their invocations are found (their expansions still read for calls).
  const reads = readsAt(fa.undone, root);
  const plainReading = !assembler && reads === undefined && counterAt === undefined;
  const found = !table ? undefined : plainReading && memo !== undefined ? keptInvocations(blanked, rel, table, undone, memo) : findInvocations(blanked, rel, table, undone, assembler, false, counterAt, reads);
  if (!asm) {
    const written = writeStatementUses(blanked, found?.invocations);
    return { text: written.text, found, invocations: written.invocations };
  }
  // The assembler reads a file's C macros expanded, constants too (`.rept NUM_IRQS`).
  const cExpanded = () => (set.macroTable ? findInvocations(blanked, rel, set.macroTable, undone, true, true).invocations : []);
  const invocations = withAssemblerInvocations(found?.invocations, asm.findInvocations(blanked, cExpanded, rel));
  return { text: blanked, found, invocations };
}

/**
 * The invocations of a file whose reads agree on the names #undefs touched, read without `__COUNTER__` values or
 * assembler syntax: the finding an earlier build kept for the same text, when this build's table (and #undefs)
 * answer its questions alike (see invocations-memo.ts).
 */
function keptInvocations(text: string, rel: string, table: MacroQuestions, undone: UndoneAt | undefined, memo: InvocationsMemo): FoundInvocations {
  // An empty table is asked nothing; a file of several define classes asks more than the memo records.
  if (table.empty || table.classCount(rel) >= 2) return findInvocations(text, rel, table, undone);
  const hash = sha1(text);
  const kept = memo.find(rel, hash, table, lookupIn(table, rel, undone));
  if (kept !== undefined) return kept;
  const questions = new TableQuestions(table);
  const found = findInvocations(text, rel, table, undone, false, false, undefined, undefined, questions);
  memo.keep(rel, hash, questions, found);
  return found;
}

const nonEmpty = <T>(a: T[]): T[] | undefined => (a.length ? a : undefined);

/**
 * What the stored parse of a file only `.include` reads depends on: its content (read whole) and the build's
 * assembler macros, not the C macros (the C preprocessor does not read it). See rekeyFiles.
 */
export function asIncludedActivity(hash: string, ranges: number[], asmDigest: string): string {
  return activityKey(hash, ranges, AS_INCLUDED, '', asmDigest ? `asm\0${asmDigest}` : '');
}
