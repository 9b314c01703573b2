// What GNU as `.include` reads for a build's assembler files: each name resolved with the folders of the units
// reading the including text (grouped by folders), the files read (as written, no C preprocessor), what they include
// in turn, and the `.include`s naming no file the assembler can open.
import fs from 'node:fs';
import path from 'node:path';
import type { CompileUnit } from '../../adapters/contract.js';
import { flagWithValue } from '../model/compiler-value-flags.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { isAssemblerPath } from '../parser/extract-asm.js';
import { assemblerIncludes, effectsOf, type IncludedEffects, type IncludeStart } from '../preprocessor/assembler-include-lines.js';
import { MAX_DOT_DEPTH, readAsmMacros, type AsmInclude } from '../preprocessor/assembler-macros.js';
import { definitionLines } from '../preprocessor/assembler-syntax.js';
import type { MergedFile } from '../preprocessor/merge-unit-results.js';
import type { AsmFileMacros, AsmMacroSource, AsmText } from './assembler-macro-table.js';

/** What reading `.include`s collects: the definitions and texts of the files read, and those files as build files. */
export interface DotReads {
  out: AsmFileMacros[];
  texts: Map<string, AsmText>;
  /** By stored path: each file read, whole, as assembler (its labels are the build's symbols there). */
  files: Map<string, MergedFile>;
  /**
   * By stored path and folders searched (joined by NUL): the files a text read `.include`s (stored paths), which a
   * later reader of that text with those folders reads too.
   */
  nested: Map<string, string[]>;
  /** By stored path: the folders (joined) a text's `.include`s were resolved with. */
  resolved: Map<string, Set<string>>;
  /** By stored path and folders searched (joined): the files read by the `.include`s of a text outside `.macro` definitions, in order. */
  readings: Map<string, string[]>;
  /**
   * By including file, line and name: the `.include`s naming a file the assembler cannot open (see notFound), with
   * the folders searched for it by every group of readers not finding it, in order.
   */
  missing: Map<string, NotFound>;
  /** By stored path: where the assembler looked for the files a text's `.include`s name and found none (stored paths). */
  absent: Map<string, string[]>;
}

/** An `.include` the assembler cannot open: the including file, the line, the name and where it was looked for. */
interface NotFound {
  from: string;
  line: number;
  name: string;
  dirs: string[];
  /** The file found but not read. */
  unreadable?: string;
}

/** Keeps an `.include` not opened, once per directive: the folders of another group of readers are added to its own. */
export function addMissing(read: DotReads, m: NotFound): void {
  const key = `${m.from}\0${m.line}\0${m.name}`;
  const got = read.missing.get(key);
  if (!got) read.missing.set(key, { ...m, dirs: [...m.dirs] });
  else for (const d of m.dirs) if (!got.dirs.includes(d)) got.dirs.push(d);
}

/**
 * An `.include` naming a file none of `dirs` holds (or one that cannot be read): GNU as fails the unit ("can't open
 * x for reading"). The index reads the rest of the unit. Warned once per directive, with every folder searched.
 */
export function notFound({ from, line, name, dirs, unreadable }: NotFound, src: AsmMacroSource): Diagnostic {
  const where = dirs.map((d) => src.rel(d) || '.').join(', ');
  const what = unreadable ? `names ${src.rel(unreadable)}, which cannot be read` : 'names a file found in none of the folders the assembler searches';
  return {
    severity: 'warning',
    file: from,
    line,
    message: `\`.include "${name}"\` ${what} (the compile's directory, then -I and -Wa,-I: ${where}): GNU as cannot open it, so the unit does not assemble`,
    fix: 'add the folder holding the file with -I or -Wa,-I, or correct the name',
  };
}

/**
 * The `.include`s of an assembler text that resolve (see asIncludeDirs), as `#include`s: each file read (as written:
 * the C preprocessor does not read it) into `read` as a header the units `readers` (absolute) read, the files its
 * own `.include`s name too. Its macros and the macros it executes count where it is included, and the labels it
 * writes are the build's symbols in it (as the assembler puts them in the object of each unit including it). It is
 * not among the files a unit's walk reads: the hash of its bytes (`dotHash`) is kept apart, so that an edit of it
 * alone sends the build down the full path. GNU as resolves a name with the folders of the unit it assembles: the
 * readers are taken in groups sharing their folders, each reading the files its folders name.
 */
export function dotIncluded(from: { rel: string; file: string }, text: string, readers: readonly string[], src: AsmMacroSource, read: DotReads, depth = 0, start: IncludeStart = { blankUntil: 0 }): AsmInclude[] {
  // By line and file read: one name the groups resolve to different files is an include of each.
  const found = new Map<string, AsmInclude>();
  if (depth > MAX_DOT_DEPTH) return [];
  const groups = new Map<string, { dirs: readonly string[]; readers: string[] }>();
  for (const u of readers) {
    const dirs = src.searchDirs?.(u);
    if (!dirs?.length) continue;
    const key = dirs.join('\0');
    const g = groups.get(key);
    if (g) g.readers.push(u);
    else groups.set(key, { dirs, readers: [u] });
  }
  // An `.include` in a `.macro` definition is read where the macro is invoked (its name may be an argument).
  const inside = definitionLines(text.split('\n'));
  for (const [key, g] of groups) {
    read.resolved.set(from.rel, new Set([...(read.resolved.get(from.rel) ?? []), key]));
    // What `.ifdef` can tell: the group's command lines give no symbol.
    const blankUntil = g.readers.every((u) => src.givesSymbols?.(u) === false) ? start.blankUntil : 0;
    for (const inc of includedFor(from, text, inside, { key, ...g, start: { ...start, blankUntil } }, src, read, depth)) found.set(`${inc[0]}\0${inc[2]}`, inc);
  }
  return [...found.values()].sort((a, b) => a[0] - b[0]);
}

/** One group of readers sharing their folders (`key`: the folders joined): the `.include`s of `text` they resolve (see dotIncluded). */
function includedFor(from: { rel: string; file: string }, text: string, inside: ReadonlySet<number>, group: { key: string; dirs: readonly string[]; readers: string[]; start: IncludeStart }, src: AsmMacroSource, read: DotReads, depth: number): AsmInclude[] {
  const { out, texts } = read;
  const { key, dirs, readers, start } = group;
  const found: AsmInclude[] = [];
  const nested: string[] = [];
  const readings: string[] = [];
  read.nested.set(`${from.rel}\0${key}`, nested);
  read.readings.set(`${from.rel}\0${key}`, readings);
  const effects = new Map<string, IncludedEffects | undefined>();
  const reads = (name: string) => effectsIn(name, dirs, src, effects);
  for (const [line, name] of assemblerIncludes(text, { ...start, reads })) {
    const file = resolveIn(name, dirs);
    if (!file) {
      if (inside.has(line - 1) || name.includes('\\')) continue;
      addMissing(read, { from: from.file, line, name, dirs: [...dirs] });
      const looked = (path.isAbsolute(name) ? [name] : dirs.map((d) => path.resolve(d, name))).map(src.rel);
      read.absent.set(from.rel, [...new Set([...(read.absent.get(from.rel) ?? []), ...looked])]);
      continue;
    }
    const rel = src.rel(file);
    found.push([line, name, rel]);
    const readBy = readers.map(src.rel);
    nested.push(rel);
    if (!inside.has(line - 1)) readings.push(rel);
    const known = texts.get(rel);
    if (known && read.resolved.get(rel)?.has(key)) {
      addReaders(read, rel, readers, src, key);
      continue;
    }
    if (known) {
      // Read before by units with other folders: its own `.include`s are resolved with these units' folders too.
      addReaders(read, rel, readers, src, key, new Set(['']));
      const entry = out.find((f) => f[0] === rel);
      const more = dotIncluded({ rel, file }, known.masked(), readers, src, read, depth + 1);
      if (entry && more.length) entry[2] = { ...entry[2], includes: unionOf(entry[2]?.includes ?? [], more) };
      if (entry && read.absent.has(rel)) entry[2] = { ...entry[2], absent: read.absent.get(rel) };
      continue;
    }
    if (out.some((f) => f[0] === rel)) continue;
    const got = src.states.readText(file);
    if (!got) {
      addMissing(read, { from: from.file, line, name, dirs: [...dirs], unreadable: file });
      continue;
    }
    const raw = got.text;
    texts.set(rel, { masked: () => raw, expanded: () => raw, header: true, readBy });
    const lineCount = raw.split('\n').length;
    read.files.set(rel, { file, language: 'c', lineCount, ranges: [1, lineCount], readBy: [...readers], asIncluded: true });
    const entry: AsmFileMacros = [rel, readAsmMacros(raw), { dotHash: got.hash }];
    out.push(entry);
    const inner = dotIncluded({ rel, file }, raw, readers, src, read, depth + 1);
    if (inner.length) entry[2] = { includes: inner, dotHash: entry[2]!.dotHash };
    if (read.absent.has(rel)) entry[2] = { ...entry[2], absent: read.absent.get(rel) };
  }
  return found;
}

/** The includes of `a` with those of `b` not among them, by line and file read. */
export function unionOf(a: readonly AsmInclude[], b: readonly AsmInclude[]): AsmInclude[] {
  const known = new Set(a.map(([line, , rel]) => `${line}\0${rel}`));
  return [...a, ...b.filter(([line, , rel]) => !known.has(`${line}\0${rel}`))].sort((x, y) => x[0] - y[0]);
}

/**
 * A file read before gains the readers (absolute) of another inclusion of it, and so do the files it `.include`s
 * with the readers' folders (`key`), to the last nested one: each unit reading them writes their labels from its own
 * `\@` count. `done` holding '' stops at the file itself.
 */
function addReaders(read: DotReads, rel: string, readers: readonly string[], src: AsmMacroSource, key: string, done = new Set<string>()): void {
  if (done.has(rel)) return;
  const only = done.has('');
  done.add(rel);
  const known = read.texts.get(rel);
  if (known) for (const u of readers.map(src.rel)) if (!known.readBy.includes(u)) known.readBy.push(u);
  const merged = read.files.get(rel);
  if (merged) for (const u of readers) if (!merged.readBy.includes(u)) merged.readBy.push(u);
  if (only) return;
  for (const n of read.nested.get(`${rel}\0${key}`) ?? []) addReaders(read, n, readers, src, key, done);
}

/**
 * What reading the file `name` resolves to with `dirs` may do to the symbols of the text including it, with the files
 * its own `.include`s read (undefined: not known: no such file, or nested past the bound). `known`: by file, those worked out.
 */
function effectsIn(name: string, dirs: readonly string[], src: AsmMacroSource, known: Map<string, IncludedEffects | undefined>, depth = 0): IncludedEffects | undefined {
  const file = resolveIn(name, dirs);
  if (!file || depth > MAX_DOT_DEPTH) return undefined;
  if (known.has(file)) return known.get(file);
  known.set(file, undefined);
  const text = src.states.readText(file)?.text;
  if (text === undefined) return undefined;
  const { includes, ...own } = effectsOf(text);
  for (const n of includes) {
    const inner = effectsIn(n, dirs, src, known, depth + 1);
    if (!inner) return undefined;
    for (const s of inner.sets) own.sets.add(s);
    own.macros ||= inner.macros;
    own.statements ||= inner.statements;
  }
  known.set(file, own);
  return own;
}

/** The first of `dirs` holding `name` (or `name` itself when absolute), a regular file. */
function resolveIn(name: string, dirs: readonly string[]): string | undefined {
  for (const d of path.isAbsolute(name) ? [''] : dirs) {
    const file = path.resolve(d, name);
    try {
      if (fs.statSync(file).isFile()) return file;
    } catch {
      // Not there: the next folder.
    }
  }
  return undefined;
}

/**
 * Where GNU as looks for the files `.include` names when the compiler drives it: the compile's working directory,
 * then the `-I` folders (the compiler hands its own to the assembler) and those of `-Wa,-I` (not the folder of the
 * file including it, nor `-iquote` folders). `argv` as in the compile command, `directory` its working directory.
 */
export function asIncludeDirs(argv: readonly string[], directory: string): string[] {
  const out = [directory];
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith('-Wa,')) words.push(...a.slice(4).split(','));
    else if (a === '-Xassembler' && i + 1 < argv.length) words.push(argv[++i]);
    else words.push(a);
  }
  for (let i = 0; i < words.length; i++) {
    const taken = flagWithValue(words, i);
    if (!taken) continue;
    i = taken.last;
    if (taken.flag === '-I' && taken.value) out.push(path.resolve(directory, taken.value));
  }
  return out;
}

/**
 * Whether the compile command may give the assembler symbols before the unit's text: `--defsym` (as `-Wa,` or
 * `-Xassembler` words), or a header the C preprocessor reads first (`-include`, `-imacros`).
 */
export function givesSymbols(argv: readonly string[]): boolean {
  return argv.some((a) => /^-(?:include|imacros|Xassembler)/.test(a) || (a.startsWith('-Wa,') && /(^|,)--?defsym/.test(a.slice(4))));
}

/** The assembler units among `units` whose command line may give their assembly symbols (see givesSymbols). */
export function unitsGivingSymbols(units: readonly CompileUnit[]): Set<string> {
  return new Set(units.filter((u) => isAssemblerPath(u.file) && givesSymbols(u.arguments)).map((u) => u.file));
}

/** The `.include` search folders of the assembler units among `units`, by file. */
export function unitsAsIncludeDirs(units: readonly CompileUnit[]): Map<string, string[]> {
  return new Map(units.filter((u) => isAssemblerPath(u.file)).map((u) => [u.file, asIncludeDirs(u.arguments, u.directory)]));
}
