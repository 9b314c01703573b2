// Macros as the units of one language see them. In a build parsing both C and C++ files, a header's #defines
// under `#ifdef __cplusplus` reach the C++ units only (glibc `__BEGIN_DECLS` is `extern "C" {` there, empty for
// C): a file parsed as C is masked with the definitions C units reached, one parsed as C++ with those C++ units
// reached (assembler units count as C, as the files they alone read are parsed as C).
import type { MacroRecord } from '../preprocessor/api.js';
import type { MacroGroup } from '../index/index-writer.js';
import { BuildMacroTable } from '../preprocessor/macro-invocations.js';
import { defineLine, type UnitResult } from '../preprocessor/unit-result.js';
import { blankableMacros, type BlankableMacros } from './blank-macros.js';
import { absolutePath } from './vendor-paths.js';

/** The macros a file is masked with: those blanked, and the table its invocations are expanded with. */
export interface MacroSet {
  records: MacroRecord[];
  blankable: BlankableMacros;
  macroTable: BuildMacroTable;
}

export function macroSetOf(records: MacroRecord[]): MacroSet {
  return { records, blankable: blankableMacros(records), macroTable: new BuildMacroTable(records) };
}

/** Per parse language (c, cpp): the #define sites (absolute file → lines) its units reached. */
export type LanguageSites = Map<string, Map<string, Set<number>>>;

/** The parse language whose macros a file or unit of this language takes. */
export const macroLanguage = (language: string): string => (language === 'cpp' ? 'cpp' : 'c');

/** True when the build parses files of both languages (then each is masked with its language's macros). */
export function parsesBothLanguages(languages: Iterable<string>): boolean {
  const seen = new Set<string>();
  for (const l of languages) seen.add(macroLanguage(l));
  return seen.size > 1;
}

/** Per language, the #define sites the units of that language reached. */
export function languageSites(results: readonly Pick<UnitResult, 'lang' | 'files'>[]): LanguageSites {
  const out: LanguageSites = new Map();
  const seenViews = new Map<string, Set<object>>();
  for (const r of results) {
    const language = macroLanguage(r.lang);
    let byFile = out.get(language);
    if (!byFile) out.set(language, (byFile = new Map()));
    let seen = seenViews.get(language);
    if (!seen) seenViews.set(language, (seen = new Set()));
    for (const f of r.files) {
      const defines = f.view.defines;
      // A view shared by several units (interned) adds its sites once.
      if (!defines.length || seen.has(f.view)) continue;
      seen.add(f.view);
      let lines = byFile.get(f.file);
      if (!lines) byFile.set(f.file, (lines = new Set()));
      for (let k = 0; k < defines.length / 2; k++) lines.add(defineLine(defines, k));
    }
  }
  return out;
}

/** A group's records the language's units reached (-D macros: all of them, every unit reads its command line). */
function reachedRecords(group: MacroGroup, sites: Map<string, Set<number>> | undefined, root: string): MacroRecord[] {
  if (group.file.startsWith('<')) return group.records;
  const lines = sites?.get(absolutePath(root, group.file));
  if (!lines) return [];
  return group.records.filter((r) => lines.has(r.line));
}

/** Per language, its units' records (in the groups' order), blanked macros and macro table. */
export function languageMacroSets(groups: readonly MacroGroup[], sites: LanguageSites, root: string): Map<string, MacroSet> {
  const out = new Map<string, MacroSet>();
  for (const language of ['c', 'cpp']) {
    const byFile = sites.get(language);
    const records: MacroRecord[] = [];
    for (const g of groups) for (const r of reachedRecords(g, byFile, root)) records.push(r);
    out.set(language, macroSetOf(records));
  }
  return out;
}
