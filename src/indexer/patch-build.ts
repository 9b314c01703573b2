// Fast path of a re-index for a build whose description (fingerprint) is unchanged: finds the units whose
// files changed (stat, hash only when size/mtime differ), redoes only those, re-merges only the files whose
// view changed from the units that read them, and replaces only those files' rows in one transaction.
// A changed macro table masks again only the files naming a changed macro (see macro-table-change.ts). Declines
// (the full path runs) when a change reaches beyond that: diagnostics other than the redone walks' own, files
// entering or leaving the build, a change in the macros that blank, many units to walk (units whose files changed
// between directives only, or in #defines their walk did not read, are carried over, not walked: a header edited so
// is cheap for all its readers; see redo-units.ts).
import { isAssemblerPath } from '../parser/extract-asm.js';
import path from 'node:path';
import type { BuildDescription, CompileUnit } from '../../adapters/contract.js';
import type { MacroGroup, StoredBuildFile } from '../index/index-writer.js';
import { buildResultHashes, storedDescription } from '../index/reindex-rows.js';
import { descriptionMatch } from './build-fingerprint.js';
import { loadUnitResultById, loadUnitSites } from '../index/unit-result-rows.js';
import { appearedHeaders, dirtyUnits, InputPairs, keepPatchedInputs, loadBuildInputs, type BuildInputs, type LinkedUnit } from './unit-inputs.js';
import { isAbsentLookup } from '../model/absent-lookups.js';
import { absentProbe } from '../preprocessor/run-absent-probe.js';
import { FileSource, defaultReadFile } from '../preprocessor/file-source.js';
import { mergeUnitResults, type MergedBuild, type MergedFile, type MergeInput } from '../preprocessor/merge-unit-results.js';
import { type UnitResult } from '../preprocessor/unit-result.js';
import { undoneByFile, UndoneSharing } from '../preprocessor/undone-names.js';
import type { MacroDef } from '../preprocessor/macro-definition.js';
import { fromStoredRow } from './preprocess-units.js';
import { commandLineGroup, macroGroupOf } from './build-macros.js';
import { unitBuiltins } from './builtin-macros.js';
import { fileLinesOf } from './file-lines.js';
import type { FileStates } from './file-states.js';
import { blankableHash, maskFiles, type MaskedFiles } from './mask-files.js';
import { unitsAsIncludeDirs, unitsGivingSymbols } from './assembler-dot-includes.js';
import { assemblerMacroTable, type AsmFileMacros } from './assembler-macro-table.js';
import { loadAssemblerMacros, saveAssemblerMacros, storedAssemblerStamp } from './kept-assembler-macros.js';
import { saveAssemblerIncludes } from './kept-assembler-includes.js';
import { addSites, groupMacroSet, languageMacroSets, languageSites, macroLanguage, parsesBothLanguages, sameReach, type LanguageSites, type MacroSet } from './language-macros.js';
import { defineScope, unitScopeLines, type DefineScope } from './define-scope.js';
import { unitHeaderSight } from './header-define-scope.js';
import { loadLanguageSites, restampLanguageSites, resultsStamp, saveLanguageSites } from './language-sites-file.js';
import { groupsStamp, type KeptMacroGroups } from './build-macros-file.js';
import { KeptBlankings, tableState, type BlankingFileCounts } from './kept-blankings.js';
import { GroupValues } from './group-values.js';
import type { GroupDefiners } from './group-macro-records.js';
import type { KeptBuiltins } from './kept-builtins.js';
import { parseDiagnostics, reusedParseDiagnostics } from './parse-jobs.js';
import type { ParsePool } from './parse-pool.js';
import type { FileViewCache } from '../index/unit-result-rows.js';
import type { IndexWriter } from '../index/index-writer.js';
import type { Db } from '../index/open-index.js';
import type { SkeletonCache } from '../preprocessor/file-skeleton.js';
import type { HeaderWalkCache } from '../preprocessor/header-walk-cache.js';
import type { ImplicitMacroProvider } from '../preprocessor/implicit-macros.js';
import type { UnitReads } from './unit-reads.js';
import { namesReachingChanges, rekeyFiles, type RekeyedFiles, type TableKeys } from './macro-table-change.js';
import { absolutePath, isUnderAny, PathMemo, storedPath, type VendorRules } from './vendor-paths.js';
import { noStageTime, stageLaps, type StageMs } from './stage-times.js';
import { redoUnits, StoredPairs, type RedoneUnit } from './redo-units.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { diagnosticKey, movedBuildDiagnostics, sameButEditedLines } from './moved-build-diagnostics.js';

/** Past this share of units to walk, the full path costs about the same and is taken (carried-over units cost little). */
const MAX_DIRTY_SHARE = 0.25;

/** What an index run shares across its builds (the full path adds its own hooks: RunContext in index-project.ts). */
export interface PatchContext {
  root: string;
  db: Db;
  writer: IndexWriter;
  states: FileStates;
  skeletons: SkeletonCache;
  headerCache?: HeaderWalkCache;
  provider: ImplicitMacroProvider;
  views: FileViewCache;
  vendorRules: VendorRules;
  excluded: string[];
  pool: ParsePool;
  indexedAt: string;
  /** The names each unit result's walk looked up (see unit-reads.ts). */
  reads: UnitReads;
  /** The macro groups kept beside the index, each read once in the run (see build-macros-file.ts). */
  macroGroups: KeptMacroGroups;
  /** The builds' implicit macros kept beside the index, each distinct set read once in the run (see kept-builtins.ts). */
  builtins: KeptBuiltins;
  /** The builds' files of blanked macros read and written in the run (see kept-blankings.ts). */
  blankingFiles: BlankingFileCounts;
  /** Per macro name, the run's groups defining it: a patch's tables read their records through them (see group-macro-records.ts). */
  definers: GroupDefiners;
}

export interface PatchOutcome {
  walked: number;
  /** Units whose previous result was carried over (only their source changed, between directives): not walked. */
  carried: number;
  /** Of `carried`: units whose row was made from the stored one (see carriedRow), their result not encoded again. */
  carriedRows: number;
  redone: number;
  files: number;
  /** Files masked again (their text hashed anew; a parse stored for it is reused). */
  masked: number;
  parsed: number;
  buildId: number;
  /** Of a build parsing C and C++ files: stored unit results whose #define sites were read to make each language's macros (see languageSetChanges). */
  unitSitesRead?: number;
  /** Macro rows read from the index to make the build's macros (none when the groups kept beside it held; see build-macros-file.ts). */
  macroRowsRead: number;
  /** Sets of blanked macros worked out (not kept from an earlier run; see kept-blankings.ts). */
  blankingsMade: number;
  /** The build's implicit macros were worked out from its units (not kept for its fingerprint; see kept-builtins.ts). */
  builtinsMade: boolean;
}


/** A stored build whose description is unchanged: the result each unit linked last time, and the units whose files changed since. */
export interface StoredBuildUnits extends BuildInputs {
  dirty: Set<string>;
  /** The compile database was rewritten with the bytes indexed: its new mtime can be recorded. */
  compileCommandsRewritten: boolean;
  /** The build's fingerprint now (see build-fingerprint.ts). */
  fingerprint: string;
}

/**
 * The stored units of a build whose description is unchanged (its fingerprint, or a compile database rewritten
 * with the same bytes), each checked once against the files' current hashes; null when the build is not stored
 * under this description. No dirty unit: the build is unchanged.
 */
export function storedBuildUnits(build: BuildDescription, fingerprint: string, ctx: PatchContext): StoredBuildUnits | null {
  const match = descriptionMatch(build, fingerprint, storedDescription(ctx.db, build.variant, build.image), (f) => ctx.states.hash(f));
  if (!match) return null;
  const inputs = loadBuildInputs(ctx.db, ctx.root, build.variant, build.image);
  if (!inputs) return null;
  // A header appeared where a unit's walk found none: the full path walks the units whose results no longer hold.
  if (appearedHeaders(inputs, absentProbe()).size) return null;
  return { ...inputs, dirty: dirtyUnits(inputs, (f) => ctx.states.storedHash(f)), compileCommandsRewritten: match === 'same-bytes', fingerprint };
}


/**
 * The build diagnostics on changed files that are not the redone units' own (a parse's, a mask's): the patch keeps the
 * build's list only when the changed files' parses report exactly these again (see sameParseReports). The redone
 * units' own are as they were (see changedFiles) but for lines in edited files (the list is written with them moved:
 * see moved-build-diagnostics.ts), so the list stays true: a project indexed without its toolchain (a missing system
 * header diagnosed in every unit) keeps the fast path for an edit of a header its units read.
 */
function diagnosedBeyondWalks(onChanged: readonly Diagnostic[], redone: readonly RedoneUnit[]): Diagnostic[] {
  if (onChanged.length === 0) return [];
  const walks = new Set<string>();
  for (const r of redone) for (const d of r.old.diagnostics) walks.add(diagnosticKey(d));
  return onChanged.filter((d) => !walks.has(diagnosticKey(d)));
}

/**
 * Whether the changed files' parses report what the build listed on them beyond its walks (`beyond`), one for one: a
 * file whose syntax errors stay where they were (a macro of a missing header leaving a declaration cut short, and a
 * function appended below it) keeps the fast path, the build's list unchanged. Anything else (an error gone, added or
 * moved, a vendor file's) takes the full path, which lists them anew.
 */
function sameParseReports(beyond: readonly Diagnostic[], reported: readonly Diagnostic[]): boolean {
  if (beyond.length !== reported.length) return false;
  const keys = new Set(beyond.map(diagnosticKey));
  return keys.size === beyond.length && reported.every((d) => keys.has(diagnosticKey(d)));
}

/** Files whose content or view changed in a redone unit; null when the set of files a unit reads changed. */
function changedFiles(redone: RedoneUnit[]): Set<string> | null {
  const out = new Set<string>();
  for (const r of redone) {
    // A row carried: the same files, those moved read at other hashes, nothing else changed.
    if (r.moved) {
      for (const file of r.moved) out.add(file);
      continue;
    }
    // Diagnostics at other lines of edited files are moved in the build's list (see moved-build-diagnostics.ts).
    if (!sameButEditedLines(r) || r.old.lang !== r.fresh.lang) return null;
    const before = new Map(r.old.files.map((f) => [f.file, f]));
    if (before.size !== r.fresh.files.length) return null;
    for (const f of r.fresh.files) {
      const was = before.get(f.file);
      if (was === undefined) return null;
      // Equal views are mostly the same object (views are interned by hash): compared as JSON only when not.
      const sameView = was.view === f.view || JSON.stringify(was.view) === JSON.stringify(f.view);
      if (was.hash !== f.hash || !sameView) out.add(f.file);
    }
    // The unit's own file expands `__COUNTER__` from other values: its invocations change.
    if (String(r.old.counter ?? '') !== String(r.fresh.counter ?? '')) out.add(r.fresh.unit);
  }
  return out;
}

/**
 * The affected files merged again from every unit that reads them, in build order (only those files of each
 * unit: a file's merge depends on the units that read it alone).
 */
function remerge(files: Set<string>, units: CompileUnit[], stored: StoredBuildUnits, previous: LinkedUnit[], redone: RedoneUnit[], paths: PathMemo, ctx: PatchContext) {
  const fresh = new Map(redone.map((r) => [r.index, r.fresh]));
  const wanted = new Set([...files].map((f) => storedPath(ctx.root, f)));
  const wantedPair = stored.pairs.map(([file]) => wanted.has(file));
  const readers: MergeInput[] = [];
  const whole: UnitResult[] = [];
  const sharing = new UndoneSharing();
  units.forEach((_, i) => {
    let r = fresh.get(i);
    if (!r && previous[i].files.some((k) => wantedPair[k])) r = fromStoredRow(loadUnitResultById(ctx.db, previous[i].id, ctx.views), paths);
    if (r) {
      whole.push(r);
      // Marks name files by their index in the whole list: read before it is narrowed.
      readers.push({ ...r, files: r.files.filter((f) => files.has(f.file)), undone: undefined, undoneFiles: undoneByFile(r, files, sharing) });
    }
  });
  // What of the unit files' #defines the affected files see: made from every unit that reads them.
  const scope = defineScope(whole, units.map((u) => path.normalize(u.file)), paths.toStored);
  return { merged: mergeUnitResults(readers), scope };
}

/** The files a redone unit lets see other #defines of unit files or headers than before (see define-scope.ts): masked again. */
function scopeMoved(redone: RedoneUnit[], units: CompileUnit[]): Set<string> {
  const scoped = new Set(units.map((u) => path.normalize(u.file)));
  const out = new Set<string>();
  for (const r of redone) {
    const sightBefore = unitHeaderSight(r.old, scoped);
    const sightAfter = unitHeaderSight(r.fresh, scoped);
    for (const [file, sight] of sightAfter) if (sightBefore.get(file) !== sight) out.add(file);
    for (const file of sightBefore.keys()) if (!sightAfter.has(file)) out.add(file);
    // A row carried lets files see the same sites unless a unit file's view moved (its #defines are the sites).
    if (r.moved && !r.moved.some((f) => scoped.has(f))) continue;
    const before = unitScopeLines(r.old, scoped);
    const after = unitScopeLines(r.fresh, scoped);
    for (const [file, lines] of after) if (before.get(file) !== lines) out.add(file);
    for (const file of before.keys()) if (!after.has(file)) out.add(file);
  }
  return out;
}

/** The files where a redone unit's #undefs decide other names than before (see undone-names.ts): masked again. */
function undoneMoved(redone: RedoneUnit[]): Set<string> {
  const out = new Set<string>();
  for (const r of redone) {
    // A result carried over with its marks as they were names the same object.
    if (r.old.undone === r.fresh.undone) continue;
    const before = undoneByFile(r.old);
    const after = undoneByFile(r.fresh);
    for (const [file, marks] of after) if (before.get(file)?.text !== marks.text) out.add(file);
    for (const file of before.keys()) if (!after.has(file)) out.add(file);
  }
  return out;
}

/** The build's macro groups with the affected files' groups replaced, in a full run's order. */
function patchedGroups(stored: MacroGroup[], fresh: MacroGroup[], affected: Set<string>, root: string): MacroGroup[] {
  const kept = stored.filter((g) => g.file !== '<command-line>' && !affected.has(g.file));
  // Ordered by absolute path, each made once (not twice per comparison).
  const byFile = [...kept, ...fresh]
    .map((g) => ({ g, at: absolutePath(root, g.file) }))
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
    .map((x) => x.g);
  const commandLine = stored.find((g) => g.file === '<command-line>');
  return commandLine ? [...byFile, commandLineGroup(commandLine.records)] : byFile;
}

/** True when two sets of groups hold the same records file by file (then the build's macros did not change). */
function sameRecords(a: MacroGroup[], b: MacroGroup[]): boolean {
  if (a.length !== b.length) return false;
  const byFile = new Map(a.map((g) => [g.file, JSON.stringify(g.records)]));
  return b.every((g) => byFile.get(g.file) === JSON.stringify(g.records));
}

/** Every record of each group: the build's own macro set (of a build parsing one language). */
const ALL_RECORDS = () => 'all' as const;

const NOTHING_REKEYED: RekeyedFiles = { remask: [], remerge: [], activities: [] };

/** Each set of macros that masks files, before and after the patch: per language in a build parsing both, else the build's (key ''). */
type MacroSetChanges = Map<string, { before: MacroSet; after: MacroSet }>;

/**
 * What a change of the macros that mask files asks of the build's other files: none when the tables' digests
 * stay, else the files to mask again and the new activity keys of the others (see macro-table-change.ts). Null
 * when the full path must run: the blanked macros changed, or a file to mask again has diagnostics.
 */
function tableChange(sets: MacroSetChanges, affected: Set<string>, p: PatchScope, build: BuildDescription, ctx: PatchContext): RekeyedFiles | null {
  const { stored } = p;
  // The same sets before and after (a patch that moved no language's sites): nothing to compare, nor to make.
  if ([...sets.values()].every(({ before, after }) => before === after)) return NOTHING_REKEYED;
  const keys = new Map<string, TableKeys>();
  const names = new Set<string>();
  for (const [language, { before, after }] of sets) {
    const blankKey = blankableHash(after.blankable);
    const plainBlankKey = blankableHash(after.plainBlankable);
    if (blankableHash(before.blankable) !== blankKey || blankableHash(before.plainBlankable) !== plainBlankKey) return null;
    // A digest kept for the set is read without making its table.
    keys.set(language, { blankKey, plainBlankKey, digestBefore: before.digest, digestAfter: after.digest });
    if (before.digest !== after.digest) for (const name of namesReachingChanges(before.records, after.records)) names.add(name);
  }
  if ([...keys.values()].every((k) => k.digestBefore === k.digestAfter)) return NOTHING_REKEYED;
  const activeLines = ctx.writer.buildActiveLines(build.variant, build.image);
  const keysOf = (language: string) => keys.get(macroLanguage(language)) ?? keys.get('')!;
  const asmDigest = keptAssemblerDigest(p);
  const out = rekeyFiles(affected, names, { root: ctx.root, states: ctx.states, stored, activeLines, keys: keysOf, asmDigest });
  const remasked = [...out?.remask.map((f) => f.file) ?? [], ...out?.remerge ?? []];
  if (!out || (remasked.length && ctx.writer.buildDiagnosesAny(build.variant, build.image, remasked))) return null;
  return out;
}

/** The digest of the build's assembler macros kept for the stored index ('' when it has no assembler file or none are kept). */
function keptAssemblerDigest(p: PatchScope): string {
  if (![...p.stored.keys()].some((rel) => isAssemblerPath(rel))) return '';
  const kept = p.keptAssembler();
  return kept ? assemblerMacroTable(kept).digest : '';
}

/** Of a build parsing both C and C++ files: each language's macros before and after the patch, and its sites after. */
interface LanguageChanges {
  sets: MacroSetChanges;
  sites: LanguageSites;
  /** Stored unit results whose sites were read (none when the sites kept beside the index held). */
  unitsRead: number;
  /** The sites as kept beside the index (stamped `stamp`), no unit's moved: the file needs a new stamp only. */
  kept?: { stamp: string };
}

/** A stored result's language and files (absolute paths) with their views. */
function storedSites(id: number, paths: PathMemo, ctx: PatchContext): Pick<UnitResult, 'lang' | 'files'> {
  const stored = loadUnitSites(ctx.db, id, ctx.views);
  return { lang: stored.lang, files: stored.files.map((f) => ({ ...f, file: paths.absolutePath(f.file) })) };
}

/**
 * Each language's sites before the patch: as kept beside the index for the results the build links (see
 * language-sites-file.ts), else counted from every unit's result (the redone units' previous ones in memory).
 */
function sitesBefore(build: BuildDescription, previous: LinkedUnit[], redone: RedoneUnit[], paths: PathMemo, ctx: PatchContext): { sites: LanguageSites; unitsRead: number; stamp?: string } {
  const stamp = resultsStamp(previous.map((p) => p.hash));
  const kept = loadLanguageSites(ctx.root, build, stamp, paths);
  if (kept) return { sites: kept, unitsRead: 0, stamp };
  const old = new Map(redone.map((r) => [r.index, r.old]));
  const results = previous.map((p, i) => old.get(i) ?? storedSites(p.id, paths, ctx));
  return { sites: languageSites(results), unitsRead: previous.length - old.size };
}

/**
 * Of a build parsing both C and C++ files (see language-macros.ts): each language's macros before and after the
 * patch, its sites moved by the redone units whose sites changed. Null when the sites before did not hold those
 * units' previous results (then the full path runs).
 */
function languageSetChanges(storedGroups: MacroGroup[], groups: MacroGroup[], same: boolean, build: BuildDescription, previous: LinkedUnit[], redone: RedoneUnit[], macros: PatchMacroBase, paths: PathMemo, ctx: PatchContext): LanguageChanges | null {
  const { scoped, builtins, kept, digestsBefore } = macros;
  const { sites, unitsRead, stamp } = sitesBefore(build, previous, redone, paths, ctx);
  const moved = redone.filter((r) => !sameReach(r.old, r.fresh));
  // The same records reached at the same sites: one set per language serves before and after (its digest kept).
  const unmoved = same && moved.length === 0;
  const setsBefore = unmoved ? undefined : languageMacroSets(patchedGroups(storedGroups, [], new Set(), ctx.root), sites, ctx.root, scoped, builtins, kept, digestsBefore);
  if (!addSites(sites, moved.map((r) => r.old), -1) || !addSites(sites, moved.map((r) => r.fresh), 1)) return null;
  // Read name by name through the groups (a patch masks few files): `sites` stay as they are from here on.
  const setsAfter = languageMacroSets(groups, sites, ctx.root, scoped, builtins, kept, unmoved ? digestsBefore : undefined, ctx.definers);
  const sets: MacroSetChanges = new Map([...setsAfter].map(([language, set]) => [language, { before: (setsBefore ?? setsAfter).get(language)!, after: set }]));
  return { sets, sites, unitsRead, ...(stamp !== undefined && moved.length === 0 ? { kept: { stamp } } : {}) };
}

/**
 * The lists of the build's results kept for the next run with the redone units' new results (see keepPatchedInputs);
 * a unit that took a stored result (one another image's patch wrote) names that result's hash and files.
 */
function keepInputs(redone: RedoneUnit[], previous: LinkedUnit[], stored: StoredBuildUnits, build: BuildDescription, paths: PathMemo, ctx: PatchContext): void {
  const pairs = new InputPairs(stored.pairs);
  const fresh = new Map<LinkedUnit, { hash: string; files: number[]; lookups: string[] }>();
  for (const r of redone) {
    const hash = typeof r.row === 'number' ? r.hash : r.row.hash;
    if (hash === undefined) return;
    const was = previous[r.index];
    // A row carried names the pairs of the result it came from but where its files moved.
    const files = r.moved ? was.files.slice() : new Array<number>(r.fresh.files.length);
    r.fresh.files.forEach((f, k) => {
      if (!r.moved || f !== r.old.files[k]) files[k] = pairs.at(paths.toStored(f.file), f.hash);
    });
    fresh.set(was, { hash, files, lookups: r.fresh.tested.flatMap(([name]) => (isAbsentLookup(name) ? [name] : [])) });
  }
  keepPatchedInputs(ctx.root, build.variant, build.image, stored, pairs, fresh);
}

/** The build's stored unit for each of its units, and which are dirty; null when the units are not the ones stored. */
function linkedUnits(units: CompileUnit[], storedUnits: StoredBuildUnits): { previous: LinkedUnit[]; dirty: number[] } | null {
  const { byPath } = storedUnits;
  if (byPath.size !== units.length) return null;
  const previous: LinkedUnit[] = [];
  const dirty: number[] = [];
  for (const [i, u] of units.entries()) {
    const unitPath = path.normalize(u.file);
    const p = byPath.get(unitPath);
    if (!p) return null;
    previous.push(p);
    if (storedUnits.dirty.has(unitPath)) dirty.push(i);
  }
  return { previous, dirty };
}

/** The redone units and what the patch changes: files, their merge, the build's files as stored. */
interface PatchScope {
  units: CompileUnit[];
  previous: LinkedUnit[];
  redone: RedoneUnit[];
  changed: Set<string>;
  merged: MergedBuild;
  scope: DefineScope;
  stored: Map<string, StoredBuildFile>;
  paths: PathMemo;
  fingerprint: string;
  storedUnits: StoredBuildUnits;
  /** The build's assembler macros kept for the stored index (see kept-assembler-macros.ts), read at most once. */
  keptAssembler: () => AsmFileMacros[] | undefined;
}

/** What every macro set of a patch is made with besides its records (see macroSetOf). */
interface PatchMacroBase {
  scoped: ReadonlySet<string>;
  builtins: ReadonlyMap<string, MacroDef>;
  /** Blanked macros kept from the last runs (see kept-blankings.ts). */
  kept: KeptBlankings;
  /** The table digests kept for the build's sets as it stood before the patch (see kept-blankings.ts), by set. */
  digestsBefore?: ReadonlyMap<string, string>;
}

/** The patch's macros: groups of the changed files made again, the build's set, each language's; null when the blanked macros change. */
function patchMacros(p: PatchScope, build: BuildDescription, ctx: PatchContext) {
  const { changed, merged, scope } = p;
  const source = new FileSource(defaultReadFile, ctx.skeletons);
  const macroCtx = { root: ctx.root, writer: ctx.writer, states: ctx.states, skeleton: (f: string) => source.skeleton(f) };
  const freshGroups = [...changed].flatMap((f) => {
    const sites = merged.defineSites.get(f);
    return sites ? [macroGroupOf(f, sites, macroCtx).group] : [];
  });
  const stored = ctx.macroGroups.stored(build, ctx.writer);
  const storedGroups = stored.groups;
  const affected = new Set([...changed].map((f) => storedPath(ctx.root, f)));
  const groups = patchedGroups(storedGroups, freshGroups, affected, ctx.root);
  // The implicit macros are the full path's: made from every unit, not only the redone ones (kept for the build's fingerprint).
  const builtins = ctx.builtins.of(build, p.fingerprint, () => unitBuiltins(p.units, ctx.provider));
  const kept = new KeptBlankings(ctx.root, build, ctx.blankingFiles);
  const digestsBefore = kept.tableDigests(tableState(stored.stamp, resultsStamp(p.previous.map((u) => u.hash)), p.fingerprint));
  const base: PatchMacroBase = { scoped: scope.scoped, builtins: builtins.builtins, kept, digestsBefore };
  const same = sameRecords(storedGroups.filter((g) => affected.has(g.file)), freshGroups);
  // A build parsing both languages: what its units of each language reached may change with the same records.
  const perLanguage = parsesBothLanguages([...p.stored.values()].map((f) => f.language)) ? languageSetChanges(storedGroups, groups, same, build, p.previous, p.redone, base, p.paths, ctx) : undefined;
  if (perLanguage === null) return null;
  const byLanguage = perLanguage?.sets;
  // Each language's set masks the files of a build parsing both: the build's own is made for the others only (the
  // same records: the table it had, whose digest was kept).
  const wholeSet = (of: MacroGroup[], digest: string | undefined) => groupMacroSet(of, ALL_RECORDS, ctx.definers, base.scoped, base.builtins, base.kept, digest);
  const built = byLanguage ? byLanguage.get('c')!.after : wholeSet(groups, same ? digestsBefore?.get('') : undefined);
  const sets: MacroSetChanges | undefined = byLanguage ?? (same ? undefined : new Map([['', { before: wholeSet(patchedGroups(storedGroups, [], new Set(), ctx.root), digestsBefore?.get('')), after: built }]]));
  const rekeyed = sets ? tableChange(sets, affected, p, build, ctx) : NOTHING_REKEYED;
  if (!rekeyed) return null;
  return { freshGroups, storedGroups, groups, macroRowsRead: stored.rowsRead, kept: base.kept, builtinsMade: builtins.made, built, perLanguage, byLanguage, rekeyed };
}

/**
 * The changed files (and those the macro change re-keys to be masked again) masked with the patch's macros; those
 * to mask again that #undefs decide names in (RekeyedFiles.remerge) merged again from the units reading them first.
 * Undefined when one of those is not merged (then the full path runs).
 */
function maskPatch(p: PatchScope, files: MergedFile[], macros: NonNullable<ReturnType<typeof patchMacros>>, ctx: PatchContext, assembler: AsmFileMacros[] | undefined): MaskedFiles | undefined {
  const { rekeyed } = macros;
  const masked = maskWith(p.scope, [...files, ...rekeyed.remask], p, macros, ctx, assembler);
  if (rekeyed.remerge.length === 0) return masked;
  const again = remerge(new Set(rekeyed.remerge), p.units, p.storedUnits, p.previous, p.redone, p.paths, ctx);
  const merged = rekeyed.remerge.map((f) => again.merged.files.get(f));
  if (merged.some((f) => f === undefined)) return undefined;
  const more = maskWith(again.scope, merged as MergedFile[], p, macros, ctx, assembler);
  return { ...masked, versions: [...masked.versions, ...more.versions], jobs: [...masked.jobs, ...more.jobs], kept: masked.kept + more.kept, remasked: masked.remasked + more.remasked, diagnostics: [...masked.diagnostics, ...more.diagnostics] };
}

function maskWith(scope: DefineScope, files: MergedFile[], p: PatchScope, macros: NonNullable<ReturnType<typeof patchMacros>>, ctx: PatchContext, assembler: AsmFileMacros[] | undefined): MaskedFiles {
  const { built, byLanguage } = macros;
  return maskFiles(files, {
    ...(assembler ? { assemblerKept: assembler } : {}),
    root: ctx.root,
    writer: ctx.writer,
    states: ctx.states,
    vendorRules: ctx.vendorRules,
    macros: built,
    scope,
    // Each language's table masks the files of a build parsing both: the whole build's is not made for its values.
    values: byLanguage ? new GroupValues(macros.groups) : built.macroTable.values,
    previous: p.stored,
    unitSet: new Set(p.units.map((u) => u.file)),
    asIncludeDirs: unitsAsIncludeDirs(p.units),
    asGivingSymbols: unitsGivingSymbols(p.units),
    ...(byLanguage ? { byLanguage: new Map([...byLanguage].map(([language, set]) => [language, set.after])) } : {}),
  });
}

/**
 * The build's assembler macros by file as kept for the stored index, when the patch masks assembler files (undefined
 * when it masks none): it reads those masked again into them, edited ones and those naming a changed C macro. Null
 * when they are not kept for what the index holds, or when an assembler file is to be merged again for #undefs.
 */
function patchAssemblerMacros(p: PatchScope, files: MergedFile[], macros: NonNullable<ReturnType<typeof patchMacros>>): AsmFileMacros[] | undefined | null {
  const { remask, remerge } = macros.rekeyed;
  if (remerge.some((f) => isAssemblerPath(f))) return null;
  if (![...files, ...remask].some((f) => isAssemblerPath(f.file))) return undefined;
  return p.keptAssembler() ?? null;
}

/** The build's assembler macros kept again under the activity keys its assembler files now hold (when a key changed). */
function keepAssemblerMacros(p: PatchScope, masked: MaskedFiles, activities: [string, string][], assembler: AsmFileMacros[] | undefined, build: BuildDescription, ctx: PatchContext): void {
  const now = new Map<string, string>(activities);
  for (const v of masked.versions) if (v.activity !== undefined) now.set(v.path, v.activity);
  if (![...now.keys()].some((rel) => isAssemblerPath(rel))) return;
  const kept = assembler ?? p.keptAssembler();
  if (!kept) return;
  saveAssemblerMacros(ctx.root, build, storedAssemblerStamp(p.stored, now), masked.assemblerMacros ?? kept);
  saveAssemblerIncludes(ctx.root, build, masked.assemblerMacros ?? kept);
}

/**
 * Re-indexes the changed part of a build in place, adding the time of each stage it went through to `stage`
 * (also when it declines). Answers null (nothing written) when the fast path does not apply and the full path must run.
 */
export async function patchBuild(build: BuildDescription, units: CompileUnit[], storedUnits: StoredBuildUnits, ctx: PatchContext, stage: StageMs = noStageTime()): Promise<PatchOutcome | null> {
  const lap = stageLaps(stage);
  const linked = linkedUnits(units, storedUnits);
  if (!linked || linked.dirty.length === 0) return null;
  const { previous, dirty } = linked;
  const paths = new PathMemo(ctx.root);
  const redo = redoUnits(units, dirty, previous, new StoredPairs(storedUnits.pairs, paths, ctx.states), build, Math.max(1, Math.floor(units.length * MAX_DIRTY_SHARE)), paths, ctx);
  lap('preprocess');
  if (!redo) return null;
  const { redone, walked, carried, carriedRows } = redo;
  const changed = changedFiles(redone);
  if (!changed) return null;
  for (const file of scopeMoved(redone, units)) changed.add(file);
  for (const file of undoneMoved(redone)) changed.add(file);
  const { merged, scope } = remerge(changed, units, storedUnits, previous, redone, paths, ctx);
  lap('merge');
  const files: MergedFile[] = [...changed].filter((f) => !isUnderAny(ctx.root, f, ctx.excluded)).map((f) => merged.files.get(f)!);
  const stored = ctx.writer.buildFiles(build.variant, build.image);
  if (files.some((f) => !stored.has(storedPath(ctx.root, f.file)))) return null;
  const storedDiagnostics = ctx.writer.buildDiagnosticsOf(build.variant, build.image);
  const beyondWalks = diagnosedBeyondWalks(storedDiagnostics.filter((d) => changed.has(d.file)), redone);
  const diagnostics = movedBuildDiagnostics(storedDiagnostics, redone);
  if (diagnostics === null) return null;
  let keptRead: { files: AsmFileMacros[] | undefined } | undefined;
  const keptAssembler = () => (keptRead ??= { files: loadAssemblerMacros(ctx.root, build, storedAssemblerStamp(stored)) }).files;
  const p: PatchScope = { units, previous, redone, changed, merged, scope, stored, paths, fingerprint: storedUnits.fingerprint, storedUnits, keptAssembler };

  // Macro groups of the affected files made again; the blanked macros must stay as they were.
  const macros = patchMacros(p, build, ctx);
  lap('macros');
  if (!macros) return null;
  const assembler = patchAssemblerMacros(p, files, macros);
  if (assembler === null) return null;
  const masked = maskPatch(p, files, macros, ctx, assembler);
  macros.kept.save();
  lap('mask');
  // A file `.include` reads that the stored build does not hold is added by the full path.
  if (!masked || masked.diagnostics.length || masked.asIncluded?.some((f) => !stored.has(storedPath(ctx.root, f.file)))) return null;
  // The assembler files masked again (edited, or naming a changed C macro) define what they did: the build's other
  // assembler files keep their parse.
  if (assembler && assemblerMacroTable(masked.assemblerMacros ?? []).digest !== assemblerMacroTable(assembler).digest) return null;
  await ctx.pool.run(masked.jobs, masked.values);
  lap('parse');
  const parsed = parseDiagnostics(masked.jobs);
  const reusedParses = reusedParseDiagnostics(masked.versions, ctx.root, (v) => ctx.writer.parseReport(v.path, v.maskHash, v.language));
  if (parsed.vendorSyntax.length || reusedParses.vendorSyntax.length) return null;
  if (!sameParseReports(beyondWalks, [...parsed.diagnostics, ...reusedParses.diagnostics])) return null;

  const { perLanguage } = macros;
  const buildId = ctx.writer.patchBuild(
    build.variant,
    build.image,
    {
      files: masked.versions,
      fileLines: fileLinesOf(ctx.root, files),
      macroFiles: [...changed].map((f) => storedPath(ctx.root, f)),
      macroGroups: macros.freshGroups,
      units: redone.map((r) => ({ unitPath: r.fresh.unit, result: r.row })),
      activities: macros.rekeyed.activities,
      replaced: redone.map((r) => ({ id: previous[r.index].id, viewHashes: r.oldViews })),
      ...(diagnostics ? { diagnostics } : {}),
    },
    ctx.indexedAt,
  );
  keepInputs(redone, previous, storedUnits, build, paths, ctx);
  const results = resultsStamp(buildResultHashes(ctx.db, build.variant, build.image));
  if (perLanguage && !(perLanguage.kept && restampLanguageSites(ctx.root, build, perLanguage.kept.stamp, results))) {
    saveLanguageSites(ctx.root, build, results, perLanguage.sites, (f) => paths.storedPath(f));
  }
  const state = tableState(groupsStamp(ctx.writer.buildMacroGroupHashes(build.variant, build.image)), results, storedUnits.fingerprint);
  const sets: [string, MacroSet][] = macros.byLanguage ? [...macros.byLanguage].map(([language, set]) => [language, set.after]) : [['', macros.built]];
  macros.kept.keepTableDigests(state, sets);
  keepAssemblerMacros(p, masked, macros.rekeyed.activities, assembler, build, ctx);
  // The groups the build now holds that have no file yet (made now, or read from the rows), kept for the next patch.
  ctx.macroGroups.keep(build, [...macros.freshGroups, ...macros.storedGroups], ctx.writer);
  lap('write');
  return {
    walked, carried, carriedRows, redone: redone.length, files: stored.size, masked: masked.jobs.length + masked.remasked, parsed: masked.jobs.length, buildId, macroRowsRead: macros.macroRowsRead, blankingsMade: macros.kept.made, builtinsMade: macros.builtinsMade,
    ...(perLanguage ? { unitSitesRead: perLanguage.unitsRead } : {}),
  };
}
