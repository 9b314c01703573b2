// The GNU assembler macros of a build (see assembler-macros.ts): the `.macro` definitions of its assembler files, read
// from their compiled lines as the compiler hands them to the assembler (C macros in them expanded with the build's
// table: the Pico SDK's `wrapper_func x` writes `regular_func WRAPPER_FUNC_NAME(\x)`), the files their `#include`s
// name and the macros an included file executes (which `\@` counts in the file including it), and an assembler
// file's invocations of them beside its C macro invocations.
import fs from 'node:fs';
import type { MergedFile } from '../preprocessor/merge-unit-results.js';
import type { IncludeStart } from '../preprocessor/assembler-include-lines.js';
import { AsmMacroTable, includedNames, readAsmMacros, type AsmFileReads, type AsmInclude, type AsmMacro } from '../preprocessor/assembler-macros.js';
import type { BuildMacroTable } from '../preprocessor/build-macro-table.js';
import { findInvocations, type MacroInvocation } from '../preprocessor/macro-invocations.js';
import { splicedText } from '../preprocessor/spliced-text.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { isAssemblerPath } from '../parser/extract-asm.js';
import { dotIncluded, notFound, unionOf, type DotReads } from './assembler-dot-includes.js';
import { definedTwice, filesReadTwice } from './assembler-read-twice.js';
import type { FileStates } from './file-states.js';

export interface AsmMacroSource {
  states: FileStates;
  /** The file's stored path (macro records name files so). */
  rel: (file: string) => string;
  /** The C macros a file is masked with. */
  tableFor: (rel: string, language: string) => BuildMacroTable | undefined;
  /** A file's compiled lines, the rest blanked. */
  mask: (buf: Buffer, ranges: number[]) => string;
  /** Whether a file is a unit's own (else a header some unit includes). */
  isUnit: (file: string) => boolean;
  /** Where the assembler of a unit (its file) looks for the files `.include` names (see asIncludeDirs). */
  searchDirs?: (unit: string) => readonly string[] | undefined;
  /** Whether a unit's command line may give its assembly symbols before its text (see givesSymbols); absent: it may. */
  givesSymbols?: (unit: string) => boolean;
}

/**
 * The `.macro` definitions of one assembler file: [stored path, definitions in order (those left at its end), and
 * what it includes and executes when it does].
 */
export type AsmFileMacros = [string, AsmMacro[], AsmFileReads?];

/**
 * An assembler file read: its text as masked and as the assembler reads it (C macros expanded; each made when first
 * asked), whether it is a header (no unit's own file) and the units reading it.
 */
export type AsmText = { masked: () => string; expanded: () => string; header: boolean; readBy: string[] };

/** The value `make` gives, made when first asked. */
function once<T>(make: () => T): () => T {
  let made: { v: T } | undefined;
  return () => (made ??= { v: make() }).v;
}

/**
 * The definitions and `#include`s of the assembler files among `files` that have any, in the order of `files`, and
 * the texts of those files and of headers, to count the macros headers execute once the build's are known.
 */
export function assemblerFileMacros(files: readonly MergedFile[], src: AsmMacroSource): { files: AsmFileMacros[]; texts: Map<string, AsmText>; asIncluded: MergedFile[]; diagnostics: Diagnostic[] } {
  const out: AsmFileMacros[] = [];
  const texts = new Map<string, AsmText>();
  const read: DotReads = { out, texts, files: new Map(), nested: new Map(), resolved: new Map(), readings: new Map(), missing: new Map(), absent: new Map() };
  for (const fa of files) {
    if (!isAssemblerPath(fa.file)) continue;
    let buf: Buffer;
    try {
      buf = src.states.keptBytes(fa.file)?.bytes ?? fs.readFileSync(fa.file);
    } catch {
      continue;
    }
    const header = !src.isUnit(fa.file);
    const defines = buf.includes('.macro') || buf.includes('.MACRO');
    if (!header && !defines && !buf.includes('include')) continue;
    const rel = src.rel(fa.file);
    const masked = once(() => src.mask(buf, fa.ranges));
    // The #include lines themselves are not compiled lines (the masked text blanks them); `.include` lines are.
    const includes: AsmInclude[] = includedNames(buf.includes('include') ? buf.toString('utf8') : '');
    const expanded = once(() => {
      const table = src.tableFor(rel, fa.language);
      return table ? splicedText(masked(), findInvocations(masked(), rel, table, undefined, true, true).invocations) : masked();
    });
    // A unit's text is the first the assembler reads, up to its first #include.
    const start: IncludeStart = { asRead: expanded, blankUntil: header ? 0 : (includes[0]?.[0] ?? Infinity) };
    if (buf.includes('.include') || buf.includes('.INCLUDE')) includes.push(...dotIncluded({ rel, file: fa.file }, masked(), fa.readBy, src, read, 0, start));
    includes.sort((a, b) => a[0] - b[0]);
    // A file a `.include` read before (another unit's) keeps those readers: one text, the walk's, for all.
    const dotReaders = texts.get(rel)?.readBy ?? [];
    if (header || includes.length) texts.set(rel, { masked, expanded, header, readBy: [...new Set([...fa.readBy.map(src.rel), ...dotReaders])] });
    const macros = header || defines ? readAsmMacros(expanded()) : [];
    const absent = read.absent.get(rel);
    const reads: AsmFileReads = { ...(includes.length ? { includes } : {}), ...(absent ? { absent } : {}) };
    if (macros.length || includes.length || header || absent) addEntry(out, Object.keys(reads).length ? [rel, macros, reads] : [rel, macros]);
  }
  const own = new Set(files.map((f) => f.file));
  const twice = filesReadTwice({ roots: roots(files, src), readings: read.readings, paths: new Map([...files, ...read.files.values()].map((f) => [src.rel(f.file), f.file])), key: (u) => src.searchDirs?.(u)?.join('\0'), rel: src.rel });
  return { files: out, texts, asIncluded: [...read.files.values()].filter((f) => !own.has(f.file)), diagnostics: [...[...read.missing.values()].map((m) => notFound(m, src)), ...twice.flatMap((t) => definedTwice(t, texts.get(t.rel)?.masked()))] };
}

/**
 * Adds a file's entry read as a unit's walk reads it; a file a `.include` read first (another unit's) has one entry:
 * the walk's definitions, the includes of both readings, the hash of the bytes `.include` read.
 */
function addEntry(out: AsmFileMacros[], entry: AsmFileMacros): void {
  const k = out.findIndex(([rel]) => rel === entry[0]);
  if (k < 0) {
    out.push(entry);
    return;
  }
  const [rel, macros, reads] = entry;
  const dot = out[k][2];
  const includes = unionOf(dot?.includes ?? [], reads?.includes ?? []);
  const absent = [...new Set([...(dot?.absent ?? []), ...(reads?.absent ?? [])])];
  out[k] = [rel, macros, { ...reads, ...(includes.length ? { includes } : {}), ...(dot?.dotHash ? { dotHash: dot.dotHash } : {}), ...(absent.length ? { absent } : {}) }];
}

/** The assembler files the units' walks read (each once per unit): [path, stored path, units reading it]. */
function roots(files: readonly MergedFile[], src: AsmMacroSource): [string, string, string[]][] {
  return files.filter((f) => isAssemblerPath(f.file) && !f.asIncluded).map((f) => [f.file, src.rel(f.file), f.readBy]);
}


/**
 * The files' definitions with the number of macros each header of `headers` executes (its own lines, not the files
 * it includes), read with the build's macros; a file with no definition, `#include` or execution is left out.
 */
export function withExecutions(files: readonly AsmFileMacros[], texts: ReadonlyMap<string, AsmText>): AsmFileMacros[] {
  // Who reads a header matters where something reads it: its macros (the files the readers read see them), what it
  // executes or includes. Known before the executions are counted (a header sees the macros its readers read).
  const read = files.map(([rel, macros, reads]): AsmFileMacros => {
    const t = texts.get(rel);
    const readBy = t?.header ? t.readBy : reads?.readBy;
    const { readBy: _, ...rest } = reads ?? {};
    const now: AsmFileReads = { ...rest, ...(readBy && (macros.length || reads?.includes || t?.header || reads?.executed) ? { readBy } : {}) };
    return Object.keys(now).length ? [rel, macros, now] : [rel, macros];
  });
  const seen = withSeen(read, texts);
  const table = new AsmMacroTable(seen);
  const out: AsmFileMacros[] = [];
  for (const [rel, macros, reads] of seen) {
    const t = texts.get(rel);
    const executed = t?.header ? table.executions(t.masked(), t.expanded(), rel) : (reads?.executed ?? 0);
    // The start is worked out again below.
    const { executed: _, readBy, start: _start, again: _again, readingUnits: _units, ...rest } = reads ?? {};
    const now: AsmFileReads = { ...rest, ...(executed ? { executed } : {}), ...((executed || macros.length || rest.includes) && readBy ? { readBy } : {}) };
    if (macros.length || now.includes || now.executed || now.dotHash || now.absent) out.push(Object.keys(now).length ? [rel, macros, now] : [rel, macros]);
  }
  return withStarts(out, texts, new Map(files.map(([rel, , reads]) => [rel, reads?.again ? [reads.start ?? 0, ...reads.again] : reads?.start === undefined ? undefined : [reads.start]])));
}

/**
 * The files' definitions with the macros each header sees (`seen`): those known where the files reading it include
 * it, as the assembler reads the unit (a macro defined after the inclusion is not one of the included text), the
 * union over the includes reaching it, from the units on through the headers between. A header reached from a file
 * not read again (a patch) keeps what it saw.
 */
function withSeen(files: readonly AsmFileMacros[], texts: ReadonlyMap<string, AsmText>): AsmFileMacros[] {
  // Without a header or a macro, what a header sees changes nothing.
  if (!files.some(([, , reads]) => reads?.readBy) || !files.some(([, macros]) => macros.length)) return [...files];
  const table = new AsmMacroTable(files);
  const byRel = new Map(files.map((f) => [f[0], f]));
  const seen = new Map<string, Set<string>>();
  const scanned = new Set<string>();
  const queue = files.filter(([, , reads]) => reads?.includes && !reads.readBy).map(([rel]) => rel);
  for (let k = 0; k < queue.length; k++) {
    const rel = queue[k];
    const reads = byRel.get(rel)?.[2];
    if (scanned.has(rel) || !reads?.includes) continue;
    scanned.add(rel);
    const readers = new Set(reads.readBy ?? [rel]);
    const text = texts.get(rel);
    const at = text ? table.knownAt(text.masked(), text.expanded(), rel, seen.get(rel)) : undefined;
    for (const inc of reads.includes) {
      const line = inc[0];
      const h = table.included(inc, readers);
      if (!h?.[2]?.readBy?.some((u) => readers.has(u))) continue;
      const names = at ? at.get(line) : h[2].seen;
      if (!names) continue;
      const into = seen.get(h[0]) ?? new Set<string>();
      for (const n of names) into.add(n);
      seen.set(h[0], into);
      queue.push(h[0]);
    }
  }
  return files.map(([rel, macros, reads]) => {
    const names = seen.get(rel);
    return (reads ? [rel, macros, names ? { ...reads, seen: [...names].sort() } : reads] : [rel, macros]) as AsmFileMacros;
  });
}

/**
 * The files' definitions with where each header's `\@` starts: the macros executed before it where the first unit
 * reading it (in the order of `files`) includes it, through the headers between, and the other counts it is read
 * from (`again`): an #include guard reads a header once per unit, but each unit assembles its own object; `.include`
 * reads its file at each directive. A file not read again keeps the starts of the files it includes as `kept` (a
 * patch: when one changes, the digest does and the full path runs).
 */
function withStarts(files: readonly AsmFileMacros[], texts: ReadonlyMap<string, AsmText>, kept: ReadonlyMap<string, number[] | undefined>): AsmFileMacros[] {
  if (!files.some(([, , reads]) => reads?.executed)) return [...files];
  const table = new AsmMacroTable(files);
  const byRel = new Map(files.map((f) => [f[0], f]));
  // Per file, its readings: [start, unit].
  const starts = new Map<string, [number, string][]>();
  const readIn = new Map<string, Set<string>>();
  // Units (no readers recorded) first, each from 0; then the headers their includes reach, for the unit reaching them.
  // [file, its start, the unit, whether a `.include` reads it there (else an #include: once per unit)].
  const queue: [string, number, string, boolean][] = files.filter(([, , reads]) => reads?.includes && !reads.readBy).map(([rel]) => [rel, 0, rel, false]);
  for (let k = 0; k < queue.length; k++) {
    const [rel, start, unit, dot] = queue[k];
    const reads = byRel.get(rel)?.[2];
    if (reads?.readBy) {
      const units = readIn.get(rel) ?? new Set<string>();
      readIn.set(rel, units);
      if (!dot && units.has(unit)) continue;
      units.add(unit);
      const got = starts.get(rel) ?? [];
      // The same count reads the same labels (and the same files, unless the units resolve its includes apart).
      const apart = resolvedApart(reads);
      if (got.some(([s, u]) => s === start && (!apart || u === unit)) || got.length >= MAX_READINGS) continue;
      starts.set(rel, [...got, [start, unit]]);
    }
    if (!reads?.includes) continue;
    const text = texts.get(rel);
    const at = text ? table.countsAt(text.masked(), text.expanded(), rel, start, unit) : undefined;
    for (const inc of reads.includes) {
      const line = inc[0];
      const h = table.included(inc, new Set([unit]));
      if (!h?.[2]?.readBy?.includes(unit)) continue;
      const before = at ? at.get(line) : kept.get(h[0]);
      for (const n of typeof before === 'number' ? [before] : (before ?? [])) queue.push([h[0], n, unit, inc[2] !== undefined]);
    }
  }
  return files.map(([rel, macros, reads]) => {
    const readings = starts.get(rel) ?? [];
    const [start, ...again] = readings.map(([s]) => s);
    const units = reads && resolvedApart(reads) && readings.length ? { readingUnits: readings.map(([, u]) => u) } : {};
    return (reads ? [rel, macros, { ...reads, ...(start ? { start } : {}), ...(again.length ? { again } : {}), ...units }] : [rel, macros]) as AsmFileMacros;
  });
}

/** Whether a file's includes read other files for other units (one line resolved to several files). */
function resolvedApart(reads: AsmFileReads): boolean {
  const byLine = new Map<number, string | undefined>();
  for (const [line, , rel] of reads.includes ?? []) {
    if (byLine.has(line) && byLine.get(line) !== rel) return true;
    byLine.set(line, rel);
  }
  return false;
}

/** The readings of one included file (from different `\@` counts) kept at most. */
const MAX_READINGS = 64;

/**
 * The build's definitions after some of its assembler files were read again (`read`: their stored paths; `fresh`
 * what they define now): theirs replaced where they stood, dropped when they define none now, appended when new.
 */
export function withFileMacros(kept: readonly AsmFileMacros[], read: ReadonlySet<string>, fresh: readonly AsmFileMacros[]): AsmFileMacros[] {
  const now = new Map(fresh.map((f) => [f[0], f]));
  const out: AsmFileMacros[] = [];
  for (const entry of kept) {
    const rel = entry[0];
    if (!read.has(rel)) out.push(entry);
    else if (now.has(rel)) {
      out.push(now.get(rel)!);
      now.delete(rel);
    }
  }
  out.push(...now.values());
  return out;
}

/**
 * The files `.include` reads that were read again (`fresh`, with their `texts`) joined by what the kept definitions
 * say of them for the units not read again (`read`: the stored paths read again), whose text, and so whose
 * `.include`s, are as they were: those units among the readers, and the `\@` starts of the kept readings (which a
 * unit not read again reaches them from; see withStarts). A patch reads these files only through the files it masks.
 */
export function withKeptDotReadings(texts: ReadonlyMap<string, AsmText>, fresh: AsmFileMacros[], kept: readonly AsmFileMacros[], read: ReadonlySet<string>): void {
  const before = new Map(kept.map(([rel, , reads]) => [rel, reads]));
  fresh.forEach(([rel, macros, reads], k) => {
    const t = texts.get(rel);
    const old = before.get(rel);
    if (!reads?.dotHash || !t || !old) return;
    for (const u of old.readBy ?? []) if (!read.has(u) && !t.readBy.includes(u)) t.readBy.push(u);
    fresh[k] = [rel, macros, { ...reads, ...(old.start ? { start: old.start } : {}), ...(old.again ? { again: old.again } : {}), ...(old.readingUnits ? { readingUnits: old.readingUnits } : {}) }];
  });
}

/** The build's assembler macros from its files' definitions (the last definition of a name wins). */
export function assemblerMacroTable(files: readonly AsmFileMacros[]): AsmMacroTable {
  return new AsmMacroTable(files);
}

/**
 * The C invocations of an assembler file with its invocations of the assembler's macros, in text order: a C
 * invocation inside an assembler one's span gives way (its arguments are taken as written).
 */
export function withAssemblerInvocations(c: readonly MacroInvocation[] | undefined, asm: readonly MacroInvocation[]): MacroInvocation[] | undefined {
  if (asm.length === 0) return c ? [...c] : undefined;
  const kept = (c ?? []).filter((i) => !asm.some((a) => i.start < a.end && a.start < i.end));
  return [...kept, ...asm].sort((x, y) => x.start - y.start);
}
