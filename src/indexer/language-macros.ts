// Macros as the units of one language see them. In a build parsing both C and C++ files, a header's #defines
// under `#ifdef __cplusplus` reach the C++ units only (glibc `__BEGIN_DECLS` is `extern "C" {` there, empty for
// C): a file parsed as C is masked with the definitions C units reached, one parsed as C++ with those C++ units
// reached (assembler units count as C, as the files they alone read are parsed as C).
import type { MacroRecord } from '../preprocessor/api.js';
import type { MacroGroup } from '../index/index-writer.js';
import type { MacroDef } from '../preprocessor/macro-definition.js';
import { BuildMacroTable } from '../preprocessor/build-macro-table.js';
import { reachedLines } from './language-sites-file.js';
import { GroupRecords, groupRecordsOfFiles, reachedGroupRecords, type GroupDefiners, type GroupReach } from './group-macro-records.js';
import { defineLine, type FileView, type UnitResult } from '../preprocessor/unit-result.js';
import { blankableMacros, type BlankableMacros } from './blank-macros.js';
import { compilerKeywordRecords, withCompilerKeywords } from './compiler-keywords.js';
import { absolutePath } from './vendor-paths.js';
import type { KeptBlankings } from './kept-blankings.js';
import { sha1 } from '../model/sha1.js';

/** The macros a file is masked with: those blanked, and the table its invocations are expanded with. */
export interface MacroSet {
  readonly records: MacroRecord[];
  readonly blankable: BlankableMacros;
  /** Those blanked in a file that sees no #define of a unit file (see define-scope.ts); `blankable` when the same. */
  readonly plainBlankable: BlankableMacros;
  readonly macroTable: BuildMacroTable;
  /** The table's digest: given (kept from an earlier run, see kept-blankings.ts), else the table's (made then). */
  readonly digest: string;
  /** The digest when known without making it or the table: given, or made by the table already. */
  knownDigest(): string | undefined;
  /** The records whose file is one of `files` (stored paths), in their order. */
  recordsOfFiles(files: ReadonlySet<string>): MacroRecord[];
}

/**
 * The macro set of these records; `scoped`: the stored paths of the build's unit files, whose #defines other files
 * mostly do not see; `builtins`: the compiler's implicit macros its table falls back to (see builtin-macros.ts).
 * Its blanked macros and table are made when first read: a patch of a build parsing both languages masks files of
 * one of them (mbed CE's 253 units: ~100 ms a set not made). With `kept`, blanked macros kept from an earlier run
 * for the same records are taken from there (see kept-blankings.ts). `digest`: the table's digest when known (kept
 * for these records and builtins): neither blanking nor table then sorts and hashes the records for it.
 */
export function macroSetOf(records: MacroRecord[], scoped?: ReadonlySet<string>, builtins?: ReadonlyMap<string, MacroDef>, kept?: KeptBlankings, digest?: string): MacroSet {
  return lazySet(
    () => records,
    () => new BuildMacroTable(records, builtins, digest),
    (files) => records.filter((r) => files.has(r.file)),
    { scoped, kept, digest, keywords: compilerKeywordRecords(builtins) },
  );
}

/**
 * The macro set of the records `reach` lets in of `groups` (in their order), as macroSetOf makes it, whose table
 * reads them name by name through the groups (see group-macro-records.ts) and whose records are listed only when
 * read: a patch masks a few files with it.
 */
export function groupMacroSet(groups: readonly MacroGroup[], reach: GroupReach, definers: GroupDefiners, scoped?: ReadonlySet<string>, builtins?: ReadonlyMap<string, MacroDef>, kept?: KeptBlankings, digest?: string): MacroSet {
  let records: MacroRecord[] | undefined;
  const all = () => (records ??= reachedGroupRecords(groups, reach));
  return lazySet(
    all,
    () => new BuildMacroTable({ named: new GroupRecords(groups, reach, definers, all), records: all }, builtins, digest),
    (files) => (records ? records.filter((r) => files.has(r.file)) : groupRecordsOfFiles(groups, reach, files)),
    { scoped, kept, digest, keywords: compilerKeywordRecords(builtins) },
  );
}

/**
 * A macro set whose records, blanked macros and table are made when first read (see macroSetOf); `keywords`: the
 * compiler's declaration keywords, blanked with the macros (see compiler-keywords.ts; the digest names the compiler
 * through its built-ins).
 */
function lazySet(recordsOf: () => MacroRecord[], tableOf: () => BuildMacroTable, recordsOfFiles: (files: ReadonlySet<string>) => MacroRecord[], given: { scoped?: ReadonlySet<string>; kept?: KeptBlankings; digest?: string; keywords: MacroRecord[] }): MacroSet {
  const { scoped, kept, digest, keywords } = given;
  const blanked = (records: MacroRecord[]) => blankableMacros(withCompilerKeywords(records, keywords));
  let blankable: BlankableMacros | undefined;
  let plainBlankable: BlankableMacros | undefined;
  let macroTable: BuildMacroTable | undefined;
  const set: MacroSet = {
    get records() {
      return recordsOf();
    },
    get blankable() {
      // The table's digest names every record's name, parameters and value: all the blanking depends on.
      return (blankable ??= kept ? kept.of(`all\0${set.digest}`, () => blanked(recordsOf())) : blanked(recordsOf()));
    },
    get plainBlankable() {
      if (plainBlankable) return plainBlankable;
      const make = () => plainBlankableOf(recordsOf(), set.blankable, scoped, keywords);
      // Of the records, those of files outside `scoped`: named by the digest (which names each record's file) and `scoped`.
      return (plainBlankable = kept ? kept.of(`plain\0${set.digest}\0${scopedKey(scoped)}`, make, () => set.blankable) : make());
    },
    get macroTable() {
      return (macroTable ??= tableOf());
    },
    get digest() {
      return digest ?? set.macroTable.digest;
    },
    knownDigest: () => digest ?? macroTable?.digestIfMade,
    recordsOfFiles,
  };
  return set;
}

/** What names a set of stored paths (the sha1 of them sorted). */
function scopedKey(scoped: ReadonlySet<string> | undefined): string {
  return scoped?.size ? sha1([...scoped].sort().join('\0')) : '';
}

/** The macros blanked by the records other than unit files' (`all`: those of every record), with the compiler's keywords. */
export function plainBlankableOf(records: MacroRecord[], all: BlankableMacros, scoped: ReadonlySet<string> | undefined, keywords: MacroRecord[] = []): BlankableMacros {
  if (!scoped?.size || !records.some((r) => scoped.has(r.file))) return all;
  return blankableMacros(withCompilerKeywords(records.filter((r) => !scoped.has(r.file)), keywords));
}

/** Per parse language (c, cpp): the #define sites (absolute file → line → number of units reaching it) its units reached. */
export type LanguageSites = Map<string, Map<string, Map<number, number>>>;

/** The parse language whose macros a file or unit of this language takes. */
export const macroLanguage = (language: string): string => (language === 'cpp' ? 'cpp' : 'c');

/** True when the build parses files of both languages (then each is masked with its language's macros). */
export function parsesBothLanguages(languages: Iterable<string>): boolean {
  const seen = new Set<string>();
  for (const l of languages) seen.add(macroLanguage(l));
  return seen.size > 1;
}

/** Per language, the #define sites the units of that language reached, with how many units reached each. */
export function languageSites(results: readonly Pick<UnitResult, 'lang' | 'files'>[]): LanguageSites {
  const out: LanguageSites = new Map();
  addSites(out, results, 1);
  return out;
}

/** Per language, file and view: the units that read the file so (a view is interned: one object for them all). */
function unitsByView(results: readonly Pick<UnitResult, 'lang' | 'files'>[]): Map<string, Map<string, Map<FileView, number>>> {
  const out = new Map<string, Map<string, Map<FileView, number>>>();
  for (const r of results) {
    const language = macroLanguage(r.lang);
    let byFile = out.get(language);
    if (!byFile) out.set(language, (byFile = new Map()));
    for (const f of r.files) {
      if (!f.view.defines.length) continue;
      let views = byFile.get(f.file);
      if (!views) byFile.set(f.file, (views = new Map()));
      views.set(f.view, (views.get(f.view) ?? 0) + 1);
    }
  }
  return out;
}

/**
 * Adds (sign 1) or takes away (sign -1) the units' #define sites from `sites`: a site no unit reaches any more is
 * dropped. False (`sites` then half updated) when a count would go below zero: `sites` did not hold those units.
 */
export function addSites(sites: LanguageSites, results: readonly Pick<UnitResult, 'lang' | 'files'>[], sign: 1 | -1): boolean {
  for (const [language, files] of unitsByView(results)) {
    let byFile = sites.get(language);
    if (!byFile) sites.set(language, (byFile = new Map()));
    for (const [file, views] of files) {
      let lines = byFile.get(file);
      if (!lines) byFile.set(file, (lines = new Map()));
      for (const [view, units] of views) {
        const reached = new Set<number>();
        for (let k = 0; k < view.defines.length / 2; k++) reached.add(defineLine(view.defines, k));
        for (const line of reached) {
          const n = (lines.get(line) ?? 0) + sign * units;
          if (n < 0) return false;
          if (n === 0) lines.delete(line);
          else lines.set(line, n);
        }
      }
      if (lines.size === 0) byFile.delete(file);
    }
  }
  return true;
}

/** Which of a group's records the language's units reached: all of -D macros' (every unit reads its command line), those at the lines of the sites of its file. */
function languageReach(sites: Map<string, Map<number, number>> | undefined, root: string): GroupReach {
  return (group) => (group.file.startsWith('<') ? 'all' : reachedLines(sites, absolutePath(root, group.file)));
}

/**
 * Per language, its units' records (in the groups' order), blanked macros and macro table (`digests`: its table's
 * digest when known, see macroSetOf). With `definers`, each table reads its records name by name through the groups
 * (see groupMacroSet): `sites` must then stay as they are while the sets are in use.
 */
export function languageMacroSets(groups: readonly MacroGroup[], sites: LanguageSites, root: string, scoped?: ReadonlySet<string>, builtins?: ReadonlyMap<string, MacroDef>, kept?: KeptBlankings, digests?: ReadonlyMap<string, string>, definers?: GroupDefiners): Map<string, MacroSet> {
  const out = new Map<string, MacroSet>();
  for (const language of ['c', 'cpp']) {
    const reach = languageReach(sites.get(language), root);
    const digest = digests?.get(language);
    out.set(language, definers ? groupMacroSet(groups, reach, definers, scoped, builtins, kept, digest) : macroSetOf(reachedGroupRecords(groups, reach), scoped, builtins, kept, digest));
  }
  return out;
}

/** The lines of a view's #defines. */
function defineLines(view: FileView): Set<number> {
  const out = new Set<number>();
  const defines = view.defines;
  for (let k = 0; k < defines.length / 2; k++) out.add(defineLine(defines, k));
  return out;
}

/**
 * True when a unit's previous and fresh results reach the same #define sites in the same language. Views are
 * interned: only the lines of a file whose view is another object are compared (a unit reading 300 headers, one
 * edited, is not counted whole twice). Results of other files or languages are counted whole.
 */
export function sameReach(old: UnitResult, fresh: UnitResult): boolean {
  const before = new Map(old.files.map((f) => [f.file, f.view]));
  if (macroLanguage(old.lang) !== macroLanguage(fresh.lang) || before.size !== old.files.length || before.size !== fresh.files.length || fresh.files.some((f) => !before.has(f.file))) {
    return sameSites(languageSites([old]), languageSites([fresh]));
  }
  for (const f of fresh.files) {
    const was = before.get(f.file)!;
    if (was === f.view) continue;
    const a = defineLines(was);
    const b = defineLines(f.view);
    if (a.size !== b.size) return false;
    for (const line of a) if (!b.has(line)) return false;
  }
  return true;
}

/** True when two LanguageSites name the same lines of the same files for each language. */
export function sameSites(a: LanguageSites, b: LanguageSites): boolean {
  if (a.size !== b.size) return false;
  for (const [language, files] of a) {
    const other = b.get(language);
    if (!other || other.size !== files.size) return false;
    for (const [file, lines] of files) {
      const o = other.get(file);
      if (!o || o.size !== lines.size) return false;
      for (const l of lines.keys()) if (!o.has(l)) return false;
    }
  }
  return true;
}
