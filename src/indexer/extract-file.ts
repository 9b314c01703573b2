// One file's extraction as the indexer stores it: symbols from the masked text (from the macro-expanded text
// where an invocation broke the masked parse), call rows and macro-made symbols from the macro-expanded text
// (a macro-made symbol replaces the one the parser read from the unexpanded invocation; syntax errors the
// expanded reading does not have, or that type names written as macro arguments make, are not reported),
// assembler files read by the assembler extractor (with the macro expansions that write labels and directives).
// Leaves out writing anything.
import { createHash } from 'node:crypto';
import type { ErrorLines, ExtractedSymbol, FileExtraction } from '../model/symbol.js';
import { definedInOtherReadings, onlyInOtherReadings, otherReadings } from '../parser/other-readings.js';
import { extractAsm, isAssemblerFile } from '../parser/extract-asm.js';
import { extractCalls, type ExpandedReading } from '../parser/extract-calls.js';
import { recoverFromExpansion } from '../parser/expanded-recovery.js';
import { extractSymbols, MAX_REPORTED_ERRORS, syntaxErrors, type ExtractOptions } from '../parser/extract-symbols.js';
import { withoutTypeArgumentErrors } from '../parser/type-arguments.js';
import type { MacroInvocation } from '../preprocessor/macro-invocations.js';

export interface FileExtractOptions extends ExtractOptions {
  /** The file as read. */
  fileText: string;
  invocations?: readonly MacroInvocation[];
}

/** What the parse of a file depends on besides its parse text: the expansions substituted into it. */
export function invocationsDigest(invocations: readonly MacroInvocation[] | undefined): string {
  if (!invocations?.length) return '';
  const h = createHash('sha1');
  for (const i of invocations) h.update(i.alternatives === undefined ? `${i.start}\0${i.end}\0${i.expansion}\n` : `${i.start}\0${i.end}\0${i.expansion}\0${i.alternatives.join('\0')}\n`);
  return h.digest('hex');
}

export function extractFile(parseText: string, options: FileExtractOptions): FileExtraction {
  if (isAssemblerFile(options.relPath, options.language)) return extractAsm(parseText, options.relPath, options.invocations);
  // Declarations the masked parse lost at an invocation are read from the expanded text (before extractCalls,
  // which reuses that parse).
  const masked = extractSymbols(parseText, options);
  const ex = recoverFromExpansion(parseText, masked, options.invocations, options);
  const calls = extractCalls(parseText, { relPath: options.relPath, language: options.language, fileText: options.fileText, invocations: options.invocations });
  const written = macroWrittenLines(calls.symbols, options.invocations ?? [], options.fileText);
  const unread = (ex.errorSites ?? []).filter((e) => !written.has(e.line) && !readByExpansion(e, calls.expanded));
  const errorSites = withoutTypeArgumentErrors(parseText, unread, options);
  const errorLines = errorSites.slice(0, MAX_REPORTED_ERRORS).map((e) => e.line);
  return {
    ...ex,
    symbols: otherReadingsDefine(withoutMacroNames(mergeMacroSymbols(ex.symbols, calls.symbols), options.invocations), parseText, masked, calls.otherSymbols ?? [], options),
    references: calls.references,
    errors: syntaxErrors(errorLines),
    errorLines,
    errorSites,
    nameless: ex.nameless.filter((l) => !written.has(l)),
  };
}

/**
 * The symbols with the declarations another reading of the file (another define class's, another read's) makes
 * definitions taken as such (see definedInOtherReadings): each reading's declarations recovered from its expansions
 * as the build's own are, and those its expansions write (`made`, by extractCalls); and with the symbols only a
 * macro of another reading writes (see onlyInOtherReadings). After extractCalls, which reuses the parse of the
 * expanded text.
 */
function otherReadingsDefine(symbols: ExtractedSymbol[], parseText: string, masked: FileExtraction, made: ExtractedSymbol[][], options: FileExtractOptions): ExtractedSymbol[] {
  const invocations = options.invocations;
  if (!invocations?.some((i) => i.alternatives !== undefined)) return symbols;
  const others = otherReadings(parseText, invocations).map((r, v) => [...recoverFromExpansion(parseText, masked, r.invocations, options).symbols, ...(made[v] ?? [])]);
  const defined = definedInOtherReadings(symbols, others);
  const added = onlyInOtherReadings(defined, made);
  return added.length ? [...defined, ...added] : defined;
}

/**
 * Whether a syntax error of the text as written is the parser's, not the code's: the compiler reads the macro
 * expansions there, and the expanded reading parses the construct around the error (the function, declaration or
 * statement at file level) cleanly. A substituted invocation lies in that construct (`MULADDC_X1_INIT
 * MULADDC_X1_CORE MULADDC_X1_STOP`, `AESENC(xmm1_xmm0)` among asm strings, `FN_OID_GET_ATTR1(...)` writing a
 * whole function with no `;` after it) and no error of the expanded parse falls in its lines. An error no
 * expansion reaches, or one the expanded reading keeps, is reported.
 */
function readByExpansion(e: ErrorLines, expanded: ExpandedReading | undefined): boolean {
  if (!expanded) return false;
  const inNode = ([first, last]: [number, number]) => first <= e.to && last >= e.from;
  return expanded.invocations.some(inNode) && !expanded.errors.some(inNode);
}

/**
 * Lines where a macro writes a declaration the expanded reading found (`STATIC portTASK_FUNCTION_PROTO(
 * prvIdleTask, pvParameters ) PRIVILEGED_FUNCTION;`): from the declaration's first line to the invocation's last.
 * The unexpanded text there is not C the parser can read, and no declaration was lost, so its syntax errors
 * and nameless declarations are not reported.
 */
function macroWrittenLines(made: ExtractedSymbol[], invocations: readonly MacroInvocation[], fileText: string): Set<number> {
  const lines = new Set<number>();
  for (const s of made) {
    const inv = invocations.find((i) => i.name === s.viaMacro && i.line >= s.line && i.line <= s.endLine);
    if (!inv) continue;
    let last = inv.line;
    for (let k = fileText.indexOf('\n', inv.start); k >= 0 && k < inv.end; k = fileText.indexOf('\n', k + 1)) last++;
    for (let l = s.line; l <= last; l++) lines.add(l);
  }
  return lines;
}

/**
 * Add macro-made symbols. The parser's reading of the unexpanded invocation (`portTASK_FUNCTION(prvIdleTask, p)`
 * read as a function `portTASK_FUNCTION`, or as `prvIdleTask` after a storage class, `xPortPendSVHandler` for
 * `PendSV_Handler`, a declaration of the same name without its macro-written attributes, a method
 * `INLIST_ITEM` for the fields `INLIST_ITEM(LoadModule);` writes) gives way to them; a made symbol in the same
 * scope takes the parent of the one it replaces (a member's class).
 */
export function mergeMacroSymbols(symbols: ExtractedSymbol[], given: ExtractedSymbol[]): ExtractedSymbol[] {
  // What the recovery of a broken region already read from the same expansion (a method of a class the macro
  // writes, with its class scope) is not made again as a function.
  const made = given.filter((m) => !symbols.some((s) => s.viaMacro === m.viaMacro && s.name === m.name && s.line === m.line));
  if (!made.length) return symbols;
  const replaces = (m: ExtractedSymbol, s: ExtractedSymbol) =>
    (m.viaMacro === s.name || m.alias === s.name || (s.name === '' && m.line === s.line) || (m.name === s.name && m.kind === s.kind)) &&
    s.line <= m.line &&
    m.line <= s.endLine;
  const kept: ExtractedSymbol[] = [];
  const successors = new Map<string, ExtractedSymbol>();
  for (const s of symbols) {
    const by = made.filter((m) => replaces(m, s));
    if (!by.length) kept.push(s);
    else successors.set(s.stableId, by.find((m) => m.kind === s.kind) ?? by[0]);
    for (const m of by) if (m.parentId === null && scopeOf(m) === scopeOf(s)) m.parentId = s.parentId;
  }
  adoptChildren(kept, successors);
  // A local a macro declares belongs to the function definition it is written in.
  for (const m of made) {
    if (m.kind !== 'varlocal' || m.parentId !== null) continue;
    const fn = symbols.find((s) => s.isDefinition && s.qualifiedName === scopeOf(m) && s.line <= m.line && m.line <= s.endLine);
    if (fn) m.parentId = fn.stableId;
  }
  return [...kept, ...made];
}

/**
 * The symbols whose parent a macro-made symbol replaced (`successors`, by the replaced one's id) given that one as
 * their parent, their qualified names following: the locals of `ISR(TIMER0_OVF_vect) { unsigned step; ... }` or of
 * CMSIS-DSP's `void FUNC(EXT)(...) { ... }` belong to the function the expansion names, not to the one the parser
 * read from the invocation (whose lines find_variables then searches for their uses).
 */
function adoptChildren(symbols: ExtractedSymbol[], successors: ReadonlyMap<string, ExtractedSymbol>): void {
  if (!successors.size) return;
  for (let k = 0; k < symbols.length; k++) {
    const s = symbols[k];
    const m = s.parentId === null ? undefined : successors.get(s.parentId);
    if (m === undefined) continue;
    symbols[k] = { ...s, parentId: m.stableId, qualifiedName: `${m.qualifiedName}::${s.name}` };
  }
}

/**
 * The symbols but declarations named after a function-like macro invoked in their lines: a macro's name never
 * reaches the compiler, so the parser read the unexpanded invocation (`_TVG_DECLARE_ACCESSOR(Animation);` in a class
 * body, which writes `friend Animation`, as a method declaration `_TVG_DECLARE_ACCESSOR`). What an expansion does
 * declare is made from it (mergeMacroSymbols).
 */
function withoutMacroNames(symbols: ExtractedSymbol[], invocations: readonly MacroInvocation[] | undefined): ExtractedSymbol[] {
  const called = invocations?.filter((i) => !i.objectLike);
  if (!called?.length) return symbols;
  const names = new Set(called.map((i) => i.name));
  const unexpanded = (s: ExtractedSymbol) =>
    !s.isDefinition && !s.viaMacro && names.has(s.name) && called.some((i) => i.name === s.name && i.line >= s.line && i.line <= s.endLine);
  return symbols.some(unexpanded) ? symbols.filter((s) => !unexpanded(s)) : symbols;
}

/** `a::b` of `a::b::name`. */
const scopeOf = (s: ExtractedSymbol) => s.qualifiedName.slice(0, Math.max(0, s.qualifiedName.length - s.name.length - 2));
