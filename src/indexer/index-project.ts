// Indexes every build of a project in stages: detect → plan/preprocess units (reusing stored unit results
// whose inputs hold) → merge → macros → mask (keeping parses whose inputs hold) → parse → write, one
// transaction per build. Per-file problems become diagnostics; a build that fails leaves its previous rows.
import { startAbsentProbe } from '../preprocessor/run-absent-probe.js';
import fs from 'node:fs';
import { nextBuildGeneration } from '../model/build-generation.js';
import type { BuildDescription, CompileUnit } from '../../adapters/contract.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { selectBuildsByName } from '../query/variant-aliases.js';
import { IndexWriter, macroRowCount, type BuildRecord, type BuildWrite, type MacroGroup, type RecordRefresh } from '../index/index-writer.js';
import { closeIndexForWrite, openIndexForWrite, startIndexWriteBack, type Db } from '../index/open-index.js';
import type { BuildPreprocessResult, MacroRecord, PreprocessBuild } from '../preprocessor/api.js';
import { compilerCachePath, indexPath, readConfig, readConfigProblems, type ProjectConfig } from '../project/config.js';
import { detectProjectBuildsLazily, unreadableDescription } from '../project/build-detection.js';
// A cached detection that read a map file for an image's units is checked by the objects it loads (a relink keeps it),
// one that read a PlatformIO source's #include lines by those lines (an edit of a function body keeps it).
import '../../adapters/shared/map-derivation.js';
import '../../adapters/shared/include-lines.js';
import { acquireLock, updateLockProgress } from './index-lock.js';
import { keepDescribedFrom } from './described-from.js';
import { buildFingerprint } from './build-fingerprint.js';
import { commonDefines } from './build-defines.js';
import { defineScope, type DefineScope } from './define-scope.js';
import { agreedBuiltins } from './builtin-macros.js';
import { languageMacroSets, languageSites, macroSetOf, parsesBothLanguages, type LanguageSites, type MacroSet } from './language-macros.js';
import { commandLineMacros, implicitSourcesOf } from '../preprocessor/preprocess-build.js';
import { prefetchImplicitMacros } from '../preprocessor/unit-environment.js';
import { SkeletonCache } from '../preprocessor/file-skeleton.js';
import { forgetAllDefinitions, type MacroDef } from '../preprocessor/macro-definition.js';
import { StoredSkeletons } from './stored-skeletons.js';
import { WaitingBuilds } from './waiting-builds.js';
import { InvocationsMemo } from '../preprocessor/invocations-memo.js';
import { MaskMemo } from './mask-memo.js';
import { HeaderWalkCache } from '../preprocessor/header-walk-cache.js';
import { ImplicitMacroProvider } from '../preprocessor/implicit-macros.js';
import { mergeUnitResults, type MergedBuild, type MergedFile, type MergeInput } from '../preprocessor/merge-unit-results.js';
import { isUnderAny, storedPath } from './vendor-paths.js';
import { fileLinesOf } from './file-lines.js';
import { updateContentIndex, type ContentIndexSummary } from './update-content-index.js';
import { fillDeferredContent } from './fill-content-index.js';
import { ContentWalkAhead } from './content-walk-ahead.js';
import { buildIncludeDirs } from './include-dirs.js';
import { FileStates, RACY_MS, sha1 } from './file-states.js';
import { preprocessUnits } from './preprocess-units.js';
import { pruneUnitInputs } from './unit-inputs.js';
import { releaseSharedStates } from '../preprocessor/shared-undone-states.js';
import { releaseHeldKeys } from '../preprocessor/undef-marks.js';
import { capYoungGeneration, holdYoungGeneration, releaseYoungCap } from './young-generation-cap.js';
import { resetWalkCompaction } from './walk-compaction.js';
import { fewBuildMalloc } from './few-build-malloc.js';
import { REUSED_UNITS_PER_WORK, collectAfterLargeStage, collectLargeHeap, collectPastSkeletonBudget, dropWalksPastBudget, forgetLargeSkeletons, releaseHeapGrowth, releaseLargeSkeletons, releaseMemory } from './release-memory.js';
import { buildUnitInputs, FileViewCache } from '../index/unit-result-rows.js';
import { SharedDiagnosticStrings } from './shared-diagnostics.js';
import { buildMacros } from './build-macros.js';
import { maskFiles, type MaskedFiles } from './mask-files.js';
import { reusedParseDiagnostics, vendorSyntaxNote } from './parse-jobs.js';
import { parseAndStore } from './store-parses.js';
import { pruneUnitReads, UnitReads } from './unit-reads.js';
import { stateFileWrites, type BuildName } from './build-state-files.js';
import { pruneLanguageSites, resultsStamp, saveLanguageSites } from './language-sites-file.js';
import { groupsStamp, KeptMacroGroups, pruneMacroGroups } from './build-macros-file.js';
import { prunePacks } from './macro-group-packs.js';
import { GroupDefiners } from './group-macro-records.js';
import { KeptBlankings, pruneKeptBlankings, tableState } from './kept-blankings.js';
import { unitsAsIncludeDirs, unitsGivingSymbols } from './assembler-dot-includes.js';
import { assemblerStamp, pruneAssemblerMacros, saveAssemblerMacros } from './kept-assembler-macros.js';
import { assemblerIncludesChanged, pruneAssemblerIncludes, saveAssemblerIncludes } from './kept-assembler-includes.js';
import { KeptBuiltins, pruneKeptBuiltins } from './kept-builtins.js';
import { buildResultHashes, buildsLinkingResult } from '../index/reindex-rows.js';
import { patchBuild, storedBuildUnits, type PatchContext, type StoredBuildUnits } from './patch-build.js';
import { readBuildRecordParts, refreshBuildRecord } from './refresh-build-record.js';
import { imageUnits, linkRecord } from './record-description.js';
import { defaultWorkerCount, MIN_JOBS_FOR_WORKERS, ParsePool } from './parse-pool.js';
import { normalizePath } from '../model/plain-path.js';
import { noStageTime, runTimes, stageLaps, type StageMs } from './stage-times.js';

export interface IndexOptions {
  root: string;
  config?: ProjectConfig;
  /** Only (re)index builds of this variant (or of each of these) / image. */
  variant?: string | readonly string[];
  image?: string;
  /**
   * With `variant`/`image`: also drop the builds the project no longer declares, as a run over every build does
   * (a background refresh of one build then leaves none behind that `fw-context index` would remove).
   */
  dropUndeclared?: boolean;
  preprocess?: PreprocessBuild;
  onProgress?: (message: string) => void;
  /** Worker threads for preprocessing and parsing besides the main thread (0: main thread only). Default: defaultWorkerCount(). */
  workers?: number;
  /** Also give the trigram index the deferred files (text no build reads), as `fw-context serve` does later. */
  fillContent?: boolean;
}

export interface BuildIndexSummary {
  variant: string;
  image: string;
  buildSystem: string;
  provenance: string;
  units: number;
  files: number;
  parsed: number;
  reused: number;
  /** Units preprocessed in this run / whose stored result was reused. */
  preprocessed: number;
  reusedUnits: number;
  /** Of `preprocessed`, units whose previous result was carried over, not walked: only their source changed, between directives. */
  carriedUnits?: number;
  /** Of `carriedUnits`, units whose row was made from the stored one, their result not encoded again (headers edited between directives, see carriedRow in patch-build.ts). */
  carriedRows?: number;
  /** A patch: files masked again, their parse reused or redone (the others keep their rows as they are). */
  masked?: number;
  symbols: number;
  diagnostics: Diagnostic[];
  /** Time this build took (ms), and per stage. */
  elapsedMs?: number;
  stageMs?: StageMs;
  /** Only the units whose files changed were redone and only the affected files' rows replaced. */
  patched?: boolean;
  /** The build and every file it reads are as indexed: nothing was redone. */
  unchanged?: boolean;
  /** Stored unit results whose file lists were read from the index to find the dirty units (the others come from the list kept beside it; see unit-inputs.ts). */
  resultListsRead?: number;
  /** A patch of a build parsing C and C++ files: stored unit results whose #define sites were read to make each language's macros (none when the sites kept beside the index held). */
  unitSitesRead?: number;
  /** A patch: macro rows read from the index to make the build's macros (none when the groups kept beside it held; see build-macros-file.ts). */
  macroRowsRead?: number;
  /** A patch: sets of blanked macros worked out, not kept from an earlier run (see kept-blankings.ts). */
  blankingsMade?: number;
  /** A patch: the build's implicit macros were worked out from its units' command lines (not kept for its fingerprint; see kept-builtins.ts). */
  builtinsMade?: boolean;
  /** Its linker scripts, map file or Kconfig output changed: memory, entry point, linker-script symbols and Kconfig summary were read again (units kept). */
  recordRefreshed?: boolean;
  error?: string;
}

export interface IndexResult {
  root: string;
  builds: BuildIndexSummary[];
  parsed: number;
  reused: number;
  /** Units preprocessed in this run, over all builds. */
  preprocessed: number;
  /** Of `preprocessed`, units whose previous result was carried over instead of walked (see BuildIndexSummary). */
  carriedUnits: number;
  /** Of `carriedUnits`, units whose row was made from the stored one (see BuildIndexSummary). */
  carriedRows: number;
  /** Files parsed on worker threads (the rest of `parsed` on the main thread). */
  parsedOnWorkers: number;
  /** Units walked on worker threads (the rest of `preprocessed` on the main thread). */
  preprocessedOnWorkers: number;
  /**
   * Header inclusions walked by the preprocessor / replayed from a walk recorded earlier in the run; `dropped`: times
   * the recorded walks were dropped between builds to bound memory; `swept`: recorded walks swept out to make room.
   */
  headerWalks: { walked: number; replayed: number; dropped?: number; swept?: number };
  /** Files read and hashed in this run (the others were answered by their recorded size and mtime). */
  filesHashed: number;
  /** Files a build took the mask of from an earlier build of the run or a stored one (same activity), not masked again (see mask-memo.ts). */
  masksRecalled: number;
  /** Files whose directive skeleton was scanned in this run / loaded from the index (unchanged, not read). */
  skeletons: { scanned: number; loaded: number };
  /** Macro group files read and written in this run (each at most once: builds share them, see build-macros-file.ts). */
  macroGroupFiles: { read: number; written: number };
  /** Sets of the builds' implicit macros read from their files (each distinct set at most once), and files written for them (sets, builds' files naming theirs; see kept-builtins.ts). */
  builtinFiles: { read: number; written: number };
  /** Files of the builds' blanked macros read and written in this run (the digests of their tables are kept apart; see kept-blankings.ts). */
  blankingFiles: { read: number; written: number };
  /** Files of the builds' state folders written in this run, by folder (unit-reads, language-sites, ...; see build-state-files.ts). */
  stateFilesWritten: Record<string, number>;
  removedBuilds: number;
  /** Unit results deleted as no build links them whose rows were read again to release their views (a patch's replaced rows are released from the view hashes it read). */
  unlinkedRowsRead: number;
  /** Stored unit results a patch wrote its unit's new result over (no other unit linked them), not inserted anew and the old one deleted (see results-in-place.ts). */
  resultsWrittenOver: number;
  /**
   * Build detection: answered from the detection cache (inputs checked, files re-read to check them) or run; the build
   * search's folders (searched, and of those listed again: new or changed since the last run).
   */
  detection: { cached: boolean; inputs: number; filesRechecked: number; folders: number; foldersRelisted: number };
  diagnostics: Diagnostic[];
  elapsedMs: number;
  preprocessMs: number;
  parseMs: number;
  /** The content index update (find): files walked, re-indexed, deferred (no build reads them), removed. */
  content?: ContentIndexSummary;
}

export function utcStamp(d = new Date()): string {
  return d.toISOString().replace('T', ' ').slice(0, 19);
}

/** What one run shares across its builds: what the fast path needs, plus the full path's own hooks. */
interface RunContext extends PatchContext {
  headerCache: HeaderWalkCache;
  /** The index's skeletons (what `skeletons` loads from), flushed at the run's end. */
  storedSkeletons: StoredSkeletons;
  preprocess?: PreprocessBuild;
  progress: (message: string) => void;
  /** Time spent in the preprocess and parse stages, over all builds (ms). */
  timing: { preprocessMs: number; parseMs: number };
  /** The compiler-answer folder of `provider` (worker threads read the answers it stored there). */
  compilerCacheDir: string;
  /** Whether the build being indexed is the run's last (no later build replays its header walks). */
  lastBuild: boolean;
  /** The strings of the builds' diagnostics, held once for the run's summaries. */
  diagnosticStrings: SharedDiagnosticStrings;
  /** Macro invocations found in the builds' files, for later builds masking a file alike. */
  invocations: InvocationsMemo;
  /** The masks the builds made, by activity, for later builds masking a file alike. */
  masks: MaskMemo;
  /** Builds the run indexes: a run of few raises the malloc thresholds as its first full path starts (see few-build-malloc.ts). */
  builds: number;
}

/** What the preprocess stages hand to the mask stage. */
interface BuildPreprocessing {
  files: MergedFile[];
  macros: MacroRecord[];
  macroGroups: MacroGroup[];
  units: BuildWrite['units'];
  implicitMacros: BuildPreprocessResult['implicitMacros'];
  diagnostics: Diagnostic[];
  /** Of a build whose files are parsed in both languages: the #define sites each language's units reached. */
  sites?: LanguageSites;
  /** Which #defines of unit files each file sees (see define-scope.ts); unset for a caller-supplied preprocessor. */
  scope?: DefineScope;
  /** The compiler's implicit macros the build's units agree on (see builtin-macros.ts); unset for a caller-supplied preprocessor. */
  builtins?: Map<string, MacroDef>;
}

/** Units → stored or fresh unit results → merged files, macros and diagnostics. */
async function preprocessStage(units: CompileUnit[], build: BuildDescription, run: RunContext, summary: BuildIndexSummary): Promise<BuildPreprocessing> {
  const lap = stageLaps((summary.stageMs ??= noStageTime()));
  const previous = buildUnitInputs(run.db, build.variant, build.image);
  const pre = await preprocessUnits(units, {
    root: run.root,
    db: run.db,
    provider: run.provider,
    skeletons: run.skeletons,
    headerCache: run.headerCache,
    states: run.states,
    views: run.views,
    extraDefines: build.defines,
    previous,
    pool: run.pool,
    compilerCacheDir: run.compilerCacheDir,
    reads: run.reads,
    store: (row) => run.writer.storeUnitResults([row]),
    lastBuild: run.lastBuild,
  });
  lap('preprocess');
  releaseSharedStates();
  // No build after the run's last replays the recorded header walks (~45 MB after LVGL's 952 units): they go
  // before the merge and the macro records pile on top of them. Another build's go then too when the heap is past
  // the walks' budget (a host env's 67 units: ~12 MB of libstdc++ walks beside its merge's #undef states).
  if (run.lastBuild) dropHeaderWalks(run);
  else if (run.headerCache.size > 0) dropWalksOverBudget(run);
  // The walk's garbage of a large header goes before the macro records pile on top of it.
  collectPastSkeletonBudget(run.skeletons);
  summary.preprocessed = pre.walked;
  summary.reusedUnits = pre.reused;
  const merged = mergeUnitResults(pre.results, pre.environments.map((e) => e.diagnostics));
  lap('merge');
  const commandLine = commandLineMacros(pre.environments, pre.resolver, pre.source);
  // Skeletons dropped once the macro records are made from them (see releaseLargeSkeletons): what else holds their
  // definitions goes now, and each #define goes as its record is made.
  const dropping = forgetLargeSkeletons(run);
  const macros = buildMacros(merged, commandLine, { root: run.root, writer: run.writer, states: run.states, skeleton: (f) => pre.source.skeleton(f), ...(dropping.length ? { dropping: new Set(dropping) } : {}) });
  lap('macros');
  return {
    files: [...merged.files.values()],
    macros: macros.records,
    macroGroups: macros.groups,
    units: pre.rows,
    implicitMacros: implicitSourcesOf(pre.environments),
    diagnostics: merged.diagnostics,
    ...(parsesBothLanguages([...merged.files.values()].map((f) => f.language)) ? { sites: languageSites(pre.results) } : {}),
    scope: buildScope(pre.results, units, merged, run.root),
    builtins: agreedBuiltins(pre.environments.filter((e) => e.preprocessed).map((e) => e.implicit)),
  };
}

/** Which #defines of unit files each file sees (see define-scope.ts); the units reading each unit file come from the merge. */
function buildScope(results: MergeInput[], units: CompileUnit[], merged: MergedBuild, root: string): DefineScope {
  const unitFiles = units.map((u) => normalizePath(u.file));
  const included = new Set(unitFiles.filter((u) => merged.files.get(u)?.readBy.some((reader) => reader !== u)));
  return defineScope(results, unitFiles, (f) => storedPath(root, f), included);
}

/** The run's recorded header walks dropped and the heap collected when large (after the last build's walks). */
function dropHeaderWalks(run: RunContext): void {
  if (run.headerCache.size === 0) return;
  run.headerCache.clear();
  releaseHeldKeys();
  collectLargeHeap();
}

/**
 * A build that is not the run's last: the recorded header walks dropped (and the heap collected) when the heap in use
 * is past their budget (see dropWalksPastBudget). Asked once its walks are over, where they held, and again once its
 * macro records are made; counted when there were walks to drop.
 */
function dropWalksOverBudget(run: RunContext): void {
  const held = run.headerCache.size > 0;
  if (!dropWalksPastBudget(run.headerCache)) return;
  if (held) run.headerCache.dropped++;
  releaseHeldKeys();
}

/** A caller-supplied preprocessor (benchmark baselines): whole-build result, nothing stored per unit. */
function customPreprocessStage(preprocess: PreprocessBuild, units: CompileUnit[], build: BuildDescription, run: RunContext, summary: BuildIndexSummary): BuildPreprocessing {
  const pre = preprocess(units, { extraDefines: build.defines });
  summary.preprocessed = units.length;
  const files: MergedFile[] = [...pre.files.values()].map((fa) => {
    const ranges: number[] = [];
    for (let i = 0; i < fa.activeLines.length; i++) {
      if (!fa.activeLines[i]) continue;
      if (ranges.length && ranges[ranges.length - 1] === i) ranges[ranges.length - 1] = i + 1;
      else ranges.push(i + 1, i + 1);
    }
    return { file: fa.file, language: fa.language, lineCount: fa.activeLines.length, ranges, readBy: fa.readBy, ...(fa.decisions ? { decisions: fa.decisions } : {}) };
  });
  const macros = pre.macros.map((m) => ({ ...m, file: m.file.startsWith('<') ? m.file : storedPath(run.root, m.file) }));
  const byFile = new Map<string, MacroRecord[]>();
  for (const m of macros) byFile.set(m.file, [...(byFile.get(m.file) ?? []), m]);
  const macroGroups = [...byFile].map(([file, records]) => ({ hash: sha1(JSON.stringify([file, records])), file, records }));
  return { files, macros, macroGroups, units: [], implicitMacros: pre.implicitMacros, diagnostics: pre.diagnostics };
}

function buildRecord(full: FullBuild, run: RunContext, pre: BuildPreprocessing, record: RecordRefresh): BuildRecord {
  const { build, fingerprint, compiled: units } = full;
  let ccHash: string | null = null;
  let ccMtime: number | null = null;
  if (build.compileCommands && fs.existsSync(build.compileCommands)) {
    ccHash = sha1(fs.readFileSync(build.compileCommands));
    ccMtime = fs.statSync(build.compileCommands).mtimeMs;
  }
  // The defines are those of the image's units (the linked ones when the link is known), not of every compiled one.
  const { defines, varying } = commonDefines(build, full.units);
  return {
    variant: build.variant,
    image: build.image,
    imageType: build.imageType ?? null,
    defaultImage: !!build.defaultImage,
    board: build.board ?? null,
    buildSystem: build.buildSystem,
    buildDir: build.buildDir,
    compileCommands: build.compileCommands ?? null,
    compileCommandsHash: ccHash,
    compileCommandsMtimeMs: ccMtime,
    description: build.description,
    defines,
    definesVarying: varying,
    entryPoint: record.entryPoint,
    memory: record.memory,
    memoryNote: record.memoryNote,
    provenance: build.provenance,
    implicitMacros: pre.implicitMacros,
    units: units.map((u) => u.file),
    ...linkRecord(build, run.root, run.excluded),
    kconfig: record.kconfig,
    fingerprint,
    recordInputs: record.recordInputs,
  };
}

/**
 * The fast path for a build whose description is unchanged (see patch-build.ts); false when it does not apply.
 * Its stage times are the build's and the run's also when it declines (the full path then adds its own).
 */
async function patchStage(build: BuildDescription, units: CompileUnit[], stored: StoredBuildUnits, run: RunContext, summary: BuildIndexSummary): Promise<boolean> {
  const stage = noStageTime();
  const patched = await patchBuild(build, units, stored, run, stage);
  summary.stageMs = stage;
  const times = runTimes(stage);
  run.timing.preprocessMs += times.preprocessMs;
  run.timing.parseMs += times.parseMs;
  if (!patched) return false;
  summary.patched = true;
  summary.preprocessed = patched.walked + patched.carried;
  summary.carriedUnits = patched.carried;
  summary.carriedRows = patched.carriedRows;
  if (patched.unitSitesRead !== undefined) summary.unitSitesRead = patched.unitSitesRead;
  summary.macroRowsRead = patched.macroRowsRead;
  summary.blankingsMade = patched.blankingsMade;
  summary.builtinsMade = patched.builtinsMade;
  summary.reusedUnits = units.length - summary.preprocessed;
  summary.files = patched.files;
  summary.masked = patched.masked;
  summary.parsed = patched.parsed;
  summary.reused = patched.files - patched.parsed;
  summary.symbols = run.writer.buildSymbolCount(patched.buildId);
  return true;
}

/** A stored build's record read again when its linker scripts, map file or Kconfig output changed, or which of them it names, its link command or link did; true when it was. */
async function recordStage(build: BuildDescription, run: RunContext, summary: BuildIndexSummary): Promise<boolean> {
  const refreshed = await refreshBuildRecord(build, run);
  if (!refreshed) return false;
  summary.recordRefreshed = true;
  summary.diagnostics.push(...refreshed.diagnostics);
  return true;
}

/**
 * A compile database rewritten with the bytes indexed: the build keeps its rows, and its record takes the
 * database's new mtime (once older than RACY_MS, so that it vouches) so that later runs need not hash it again.
 */
function recordRewrittenDatabase(build: BuildDescription, fingerprint: string, run: RunContext): void {
  const file = build.compileCommands!;
  const mtimeMs = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  const hash = run.states.hash(file);
  if (mtimeMs === undefined || hash === null || Date.now() - mtimeMs <= RACY_MS) return;
  run.writer.refreshBuildDescription(build.variant, build.image, fingerprint, mtimeMs, hash);
}

/** Parses the masked files into the build being written (see store-parses.ts) and reports what the parses found. */
async function parseStage(masked: MaskedFiles, pre: BuildPreprocessing, build: BuildDescription, run: RunContext, summary: BuildIndexSummary): Promise<void> {
  // A parse kept from an earlier run reports what was stored with it (syntax trouble, skipped declarations):
  // asked before this build stores its own parses.
  const fresh = new Set(masked.jobs.map((j) => j.version));
  const reusedParses = reusedParseDiagnostics(masked.versions.filter((v) => !fresh.has(v)), run.root, (v) => run.writer.parseReport(v.path, v.maskHash, v.language));
  const t = performance.now();
  const parsed = await parseAndStore(masked, run.pool, masked.values, run.writer);
  const ms = performance.now() - t;
  summary.stageMs!.parse += ms;
  run.timing.parseMs += ms;
  summary.diagnostics.push(...parsed.diagnostics, ...reusedParses.diagnostics);
  const vendorSyntax = [...parsed.vendorSyntax, ...reusedParses.vendorSyntax];
  if (vendorSyntax.length) summary.diagnostics.push(vendorSyntaxNote(build.buildDir, run.root, vendorSyntax));
}

/**
 * A build whose compilers were not asked yet (a first index) waits ~0.1 s for each to list its implicit macros:
 * they are asked in the background while the units' sources are read, hashed and scanned, which their walks
 * then take from the run's skeleton cache.
 */
async function askCompilersWhileScanning(units: CompileUnit[], run: RunContext): Promise<void> {
  const { preprocessed, answered } = prefetchImplicitMacros(units, run.provider);
  if (!answered) return;
  for (const unit of preprocessed) run.skeletons.getStored(normalizePath(unit.file));
  await answered;
}

/** One build on the full path, as its stages see it. */
interface FullBuild {
  build: BuildDescription;
  summary: BuildIndexSummary;
  /** Names the build in progress lines. */
  label: string;
  /** The units indexed: those the image links, else every unit it compiles (`compiled`, which its row records). */
  units: CompileUnit[];
  compiled: CompileUnit[];
  fingerprint: string;
}

/**
 * One build, start to write; answers whether the names its walks read are to be kept (see keepUnitReads). Throws
 * when the build cannot be indexed (its previous rows stay).
 */
async function indexBuild(build: BuildDescription, run: RunContext, summary: BuildIndexSummary, label: string): Promise<boolean> {
  const fingerprint = buildFingerprint(build);
  // A file `.include` read is no unit's input: its edit alone is found by the hash kept for it (the full path reads it again).
  const stored = assemblerIncludesChanged(run.root, build, run.states.hashOf) ? null : storedBuildUnits(build, fingerprint, run);
  if (stored) summary.resultListsRead = stored.readFromIndex;
  if (stored?.compileCommandsRewritten) recordRewrittenDatabase(build, fingerprint, run);
  if (stored && stored.dirty.size === 0) {
    await unchangedStage(build, run, summary);
    return false;
  }
  // Only the units the image links answer its queries; the others are recorded as compiled, not linked.
  const { compiled, linked } = imageUnits(build, run.root, run.excluded);
  const units = linked ?? compiled;
  if (!run.preprocess && stored && (await patchStage(build, units, stored, run, summary))) {
    await recordStage(build, run, summary);
    return true;
  }
  // A build indexed for the first time (or whose description changed) parses many files: start the threads now.
  if (!stored && units.length >= MIN_JOBS_FOR_WORKERS) run.pool.warm();
  await fullPath({ build, summary, label, units, compiled, fingerprint }, run);
  return !run.preprocess;
}

/** A build whose units and files hold keeps its rows; a relink or a Kconfig run may still have rewritten what its record is read from. */
async function unchangedStage(build: BuildDescription, run: RunContext, summary: BuildIndexSummary): Promise<void> {
  if (await recordStage(build, run, summary)) summary.patched = true;
  else summary.unchanged = true;
  summary.files = summary.reused = run.writer.buildFileCount(build.variant, build.image);
  summary.reusedUnits = build.units.length;
}

/**
 * The full path: the units preprocessed (or their stored results reused), then the build's files masked, parsed
 * and written. One transaction from the first walk to the build's end: each unit's result is stored as it is
 * walked (its encoded row goes then), files as they are parsed (see store-parses.ts), then the build's record
 * and rows; a failure rolls the build back to its previous rows.
 */
async function fullPath(full: FullBuild, run: RunContext): Promise<void> {
  const { build, summary, units } = full;
  // Past here V8 compiles on its helper threads (a patched or unchanged build runs too briefly to: ~3 ms saved an edit).
  fewBuildMalloc(run.builds);
  run.progress(`${full.label}: preprocessing ${units.length} units`);
  if (!run.preprocess) await askCompilersWhileScanning(units, run);
  const skeletonsAdded = run.skeletons.added;
  run.writer.beginBuild();
  try {
    const t0 = performance.now();
    const pre = run.preprocess ? customPreprocessStage(run.preprocess, units, build, run, summary) : await preprocessStage(units, build, run, summary);
    run.timing.preprocessMs += performance.now() - t0;
    // The walks and the macro records (which ask for skeletons) are over: masking and parsing ask for none.
    holdYoungGeneration();
    run.writer.expectMacroRows(macroRowCount(pre.macroGroups));
    // The last build's walks went after its preprocess stage (a caller's preprocessor records none).
    if (run.lastBuild) dropHeaderWalks(run);
    else dropWalksOverBudget(run);
    summary.diagnostics.push(...pre.diagnostics);
    // Skeletons are read by the stages above only: a device header's are dropped before masking and parsing (its
    // macro records were given strings of their own, which frees the header's text: see packRecordStrings).
    releaseLargeSkeletons(run);
    // No build after the last reads a skeleton: its macro records are made, and masking reads none.
    if (run.lastBuild) run.skeletons.clear();
    const { files, masked, tables } = maskStage(full, pre, run, skeletonsAdded);
    await writeStage(full, pre, files, masked, tables, run, skeletonsAdded);
  } catch (err) {
    run.writer.abortBuild();
    throw err;
  }
}

/** Full path, mask stage: the build's files (less the excluded) masked by its macros, parses kept whose inputs hold. */
/** The build's macro sets as the full path made them, and the blankings kept for it (see kept-blankings.ts). */
interface BuildSets {
  kept: KeptBlankings;
  sets: [string, MacroSet][];
}

function maskStage(full: FullBuild, pre: BuildPreprocessing, run: RunContext, skeletonsAdded: number): { files: MergedFile[]; masked: MaskedFiles; tables: BuildSets } {
  const { build, summary, label } = full;
  const files = pre.files.filter((f) => !isUnderAny(run.root, f.file, run.excluded));
  const tMask = performance.now();
  const kept = new KeptBlankings(run.root, build, run.blankingFiles);
  const buildSet = macroSetOf(pre.macros, pre.scope?.scoped, pre.builtins, kept);
  const byLanguage = pre.sites && parsesBothLanguages(files.map((f) => f.language)) ? languageMacroSets(pre.macroGroups, pre.sites, run.root, pre.scope?.scoped, pre.builtins, kept) : undefined;
  const masked = maskFiles(files, {
    root: run.root,
    writer: run.writer,
    states: run.states,
    vendorRules: run.vendorRules,
    macros: buildSet,
    scope: pre.scope,
    // Read from the table's map of names (a device header's 450 000 are not put in another).
    values: buildSet.macroTable.values,
    previous: run.writer.buildFiles(build.variant, build.image),
    unitSet: new Set(full.units.map((u) => u.file)),
    asIncludeDirs: unitsAsIncludeDirs(full.units),
    asGivingSymbols: unitsGivingSymbols(full.units),
    ...(byLanguage ? { byLanguage } : {}),
    invocations: run.invocations,
    masks: run.masks,
  });
  kept.save();
  summary.diagnostics.push(...masked.diagnostics);
  collectAfterLargeStage(run.skeletons, skeletonsAdded);
  run.progress(`${label}: parsing ${masked.jobs.length} of ${files.length} files`);
  updateLockProgress(run.root, `${label}: parsing ${masked.jobs.length} of ${files.length} files`);
  const stage = (summary.stageMs ??= noStageTime());
  stage.mask += performance.now() - tMask;
  summary.parsed = masked.jobs.length + masked.versions.filter((v) => v.maskHash === 'binary').length;
  summary.reused = masked.versions.length - summary.parsed;
  // The files `.include` reads are the build's files too (their compiled lines recorded with the others).
  return { files: masked.asIncluded ? [...files, ...masked.asIncluded] : files, masked, tables: { kept, sets: [['', buildSet], ...(byLanguage ?? [])] } };
}

/** Full path, write stage (in the build's transaction, see fullPath): files stored as they are parsed, then the build's record and rows. */
async function writeStage(full: FullBuild, pre: BuildPreprocessing, files: MergedFile[], masked: MaskedFiles, tables: BuildSets, run: RunContext, skeletonsAdded: number): Promise<void> {
  const { build, summary } = full;
  await parseStage(masked, pre, build, run, summary);
  collectAfterLargeStage(run.skeletons, skeletonsAdded);
  const versions = masked.versions;
  // Memory, linker-script symbols and Kconfig summary; their diagnostics come last (a relink replaces them).
  const record = await readBuildRecordParts(build, run.root, run.vendorRules);
  summary.diagnostics.push(...record.diagnostics);
  const compiled = versions.length;
  for (const version of record.scripts) if (!versions.some((f) => f.path === version.path)) versions.push(version);
  // The build's files as the index holds them, linker scripts included (as a patched or unchanged run counts them).
  summary.files = versions.length;
  summary.reused += versions.length - compiled;
  const tWrite = performance.now();
  const buildId = run.writer.finishBuild(
    {
      build: buildRecord(full, run, pre, record),
      files: versions,
      macroGroups: pre.macroGroups,
      units: pre.units,
      fileDiagnostics: summary.diagnostics,
      fileLines: fileLinesOf(run.root, files),
      includeDirs: buildIncludeDirs(run.root, full.units),
    },
    run.indexedAt,
  );
  summary.symbols = run.writer.buildSymbolCount(buildId);
  const results = resultsStamp(buildResultHashes(run.db, build.variant, build.image));
  if (pre.sites) saveLanguageSites(run.root, build, results, pre.sites, (f) => storedPath(run.root, f));
  // The digests of the tables the masking made, kept for a patch whose macros stay as they are.
  tables.kept.keepTableDigests(tableState(groupsStamp(run.writer.buildMacroGroupHashes(build.variant, build.image)), results, full.fingerprint), tables.sets);
  run.macroGroups.keep(build, pre.macroGroups, run.writer);
  if (masked.assemblerMacros) saveAssemblerMacros(run.root, build, assemblerStamp(versions.map((v) => [v.path, v.activity ?? null])), masked.assemblerMacros);
  saveAssemblerIncludes(run.root, build, masked.assemblerMacros);
  // The implicit macros the build's units agree on, kept for the next patch (see kept-builtins.ts).
  if (pre.builtins) run.builtins.keep(build, full.fingerprint, pre.builtins);
  summary.stageMs!.write += performance.now() - tWrite;
}

/** The names the walks of the results the build now links looked up, kept for the next header edit (see unit-reads.ts). */
function keepUnitReads(build: BuildDescription, run: RunContext): void {
  run.reads.save(build.variant, build.image, buildResultHashes(run.db, build.variant, build.image));
}

/** One run under the writer lock: detect the builds, index each selected one, keep the run's file records, skeletons and content index, then finish the run (see finishRun). */
export async function indexProject(options: IndexOptions): Promise<IndexResult> {
  const started = performance.now();
  const writesBefore = { ...stateFileWrites };
  const root = fs.realpathSync(options.root);
  const config = options.config ?? readConfig(root);
  const release = acquireLock(root);
  // Headers that units found missing are looked for on the disk as it is now (see absent-lookups.ts).
  startAbsentProbe();
  const result: IndexResult = { root, builds: [], parsed: 0, reused: 0, preprocessed: 0, carriedUnits: 0, carriedRows: 0, parsedOnWorkers: 0, preprocessedOnWorkers: 0, headerWalks: { walked: 0, replayed: 0 }, skeletons: { scanned: 0, loaded: 0 }, macroGroupFiles: { read: 0, written: 0 }, builtinFiles: { read: 0, written: 0 }, blankingFiles: { read: 0, written: 0 }, stateFilesWritten: {}, filesHashed: 0, masksRecalled: 0, removedBuilds: 0, unlinkedRowsRead: 0, resultsWrittenOver: 0, detection: { cached: false, inputs: 0, filesRechecked: 0, folders: 0, foldersRelisted: 0 }, diagnostics: [], elapsedMs: 0, preprocessMs: 0, parseMs: 0 };
  const { db } = openIndexForWrite(indexPath(root));
  const writer = new IndexWriter(db);
  const pool = new ParsePool(options.workers ?? defaultWorkerCount());
  // A first index walks and parses every unit: the threads start while the builds are detected.
  if (!writer.getMeta('indexed_at')) pool.warm();
  // A large tree's content walk runs beside detecting and indexing the builds.
  const ahead = ContentWalkAhead.start(db, root, config.excludePaths);
  try {
    // Before detection grows it (see young-generation-cap.ts).
    capYoungGeneration();
    const detected = await detectProjectBuildsLazily(root, config);
    const search = { folders: detected.discovery.foldersSearched, foldersRelisted: detected.discovery.foldersRelisted };
    result.detection = detected.fromCache ? { cached: true, ...detected.fromCache, ...search } : { ...result.detection, ...search };
    if (!options.config) result.diagnostics.push(...readConfigProblems(root));
    result.diagnostics.push(...detected.diagnostics);
    // --variant takes what queries take: the variant, or its board, board without qualifiers or build folder.
    // Past here the run needs the detected builds' names alone: the selected builds wait with their units' arguments
    // packed (~0.35 MB a PlatformIO env as detected), and each build's description goes once it is indexed.
    const selected = new WaitingBuilds(selectBuildsByName(detected.builds, options, root));
    const declared = detected.builds.map((b): BuildName => ({ variant: b.variant, image: b.image }));
    detected.builds = [];
    const run = runContext(options, root, config, db, writer, pool, selected.length);
    await indexEachBuild(selected, run, result);
    // No stage after the builds walks or parses: the threads go with their caches before the content index.
    await pool.close();
    runCounts(run, result);
    finishRunFiles(run, result);
    await updateContent(run, options, result, ahead);
    run.states.releaseBytes();
    finishRun(options, declared, result, writer, db, run.indexedAt);
    // After the builds are written: a run cut short leaves the list its index was described from.
    keepDescribedFrom(root, detected.consulted, selected.length === declared.length && result.builds.every((b) => !b.error));
  } finally {
    ahead?.close();
    await pool.close();
    // The run's definitions go with it (its skeletons, walks and views were its own).
    forgetAllDefinitions();
    releaseHeapGrowth();
    releaseYoungCap();
    resetWalkCompaction();
    closeIndexForWrite(db);
    release();
  }
  for (const [folder, n] of Object.entries(stateFileWrites)) if (n > (writesBefore[folder] ?? 0)) result.stateFilesWritten[folder] = n - (writesBefore[folder] ?? 0);
  result.elapsedMs = performance.now() - started;
  return result;
}

/** The run's shared state: one skeleton cache, compiler-answer cache and file-hash table per run, so that what builds share is done once. */
function runContext(options: IndexOptions, root: string, config: ProjectConfig, db: Db, writer: IndexWriter, pool: ParsePool, builds: number): RunContext {
  const states = new FileStates(root, writer.fileStates());
  // Skeletons outlive the run in the index: an unchanged file is neither read nor scanned again.
  const storedSkeletons = new StoredSkeletons(db, root, states);
  const compilerCacheDir = compilerCachePath(root);
  // A first index patches no build: what is kept for patches is then written, not held.
  const patches = writer.holdsBuildFiles();
  return {
    root,
    db,
    writer,
    states,
    storedSkeletons,
    skeletons: new SkeletonCache(storedSkeletons),
    headerCache: new HeaderWalkCache(),
    invocations: new InvocationsMemo(),
    // Keys the run does not make are looked up in the builds stored before it (none in a first index).
    masks: new MaskMemo(patches ? (path, language, activity) => writer.storedMask(path, language, activity) : undefined),
    lastBuild: false,
    // Compiler answers (implicit macros, system include dirs) are kept beside the index, keyed by the binary.
    provider: new ImplicitMacroProvider({ cacheDir: compilerCacheDir }),
    compilerCacheDir,
    vendorRules: { root, vendorPaths: config.vendorPaths, projectPaths: config.projectPaths },
    excluded: config.excludePaths,
    indexedAt: utcStamp(),
    preprocess: options.preprocess,
    progress: options.onProgress ?? (() => {}),
    timing: { preprocessMs: 0, parseMs: 0 },
    pool,
    views: new FileViewCache(db),
    reads: new UnitReads(root, (hash) => buildsLinkingResult(db, hash)),
    macroGroups: new KeptMacroGroups(root, patches),
    builtins: new KeptBuiltins(root, patches),
    blankingFiles: { read: 0, written: 0 },
    definers: new GroupDefiners(),
    diagnosticStrings: new SharedDiagnosticStrings(),
    builds,
  };
}

/**
 * Each selected build indexed in turn, into its summary and the run's totals; one that fails keeps its previous rows
 * and says why. Each build is taken from `selected` for its turn: the run holds one build's units as detected, the
 * others' packed.
 */
async function indexEachBuild(selected: WaitingBuilds, run: RunContext, result: IndexResult): Promise<void> {
  for (let bi = 0; bi < selected.length; bi++) {
    const build = selected.takeNext()!;
    const label = `[${bi + 1}/${selected.length}] ${build.variant}/${build.image}`;
    const summary: BuildIndexSummary = { variant: build.variant, image: build.image, buildSystem: build.buildSystem, provenance: build.provenance, units: build.units.length, files: 0, parsed: 0, reused: 0, preprocessed: 0, reusedUnits: 0, symbols: 0, diagnostics: [] };
    result.builds.push(summary);
    // The connection's list caches drop what the last build that used them did not read (see build-generation.ts).
    nextBuildGeneration();
    const buildStarted = performance.now();
    const skeletonsAdded = run.skeletons.added;
    run.lastBuild = bi === selected.length - 1;
    try {
      if (await indexBuild(build, run, summary, label)) {
        // A build that read a large header left its macro records, masked texts and parses as garbage: collected
        // before the names of its walks are encoded beside it.
        collectAfterLargeStage(run.skeletons, skeletonsAdded);
        keepUnitReads(build, run);
      }
    } catch (err) {
      summary.error = (err as Error).message;
      summary.diagnostics.push({ severity: 'error', file: build.compileCommands ?? build.buildDir, message: `indexing this build failed: ${summary.error}; its previous index is kept` });
    }
    // The build's intermediate data is garbage now: collect it before the next build (or the run's skeleton
    // and content-index writes) allocates its own.
    releaseLargeSkeletons(run);
    // Its summary is kept to the run's end: its diagnostics packed, their strings held once for the run.
    run.diagnosticStrings.pack(summary);
    if (run.lastBuild) releaseBuildCaches(run);
    // Its work: units walked or carried over, files parsed, and stored results decoded.
    releaseMemory(summary.preprocessed + summary.parsed + decodedWork(summary), bi === selected.length - 1);
    summary.elapsedMs = performance.now() - buildStarted;
    result.parsed += summary.parsed;
    result.reused += summary.reused;
    result.preprocessed += summary.preprocessed;
    result.carriedUnits += summary.carriedUnits ?? 0;
    result.carriedRows += summary.carriedRows ?? 0;
  }
}

/**
 * The work a build's reused units count toward the collection between builds (see releaseMemory): each stored result
 * it decoded, REUSED_UNITS_PER_WORK to one walked unit. An unchanged or patched build decoded none.
 */
function decodedWork(summary: BuildIndexSummary): number {
  return summary.unchanged || summary.patched ? 0 : Math.floor(summary.reusedUnits / REUSED_UNITS_PER_WORK);
}

/** What the run's threads and caches counted, and its stage times, into the result. */
function runCounts(run: RunContext, result: IndexResult): void {
  result.parsedOnWorkers = run.pool.onWorkers;
  if (run.pool.unavailable) result.diagnostics.push({ severity: 'warning', file: run.root, message: run.pool.unavailable.message });
  for (const death of run.pool.deaths) result.diagnostics.push({ severity: 'warning', file: run.root, message: death });
  result.preprocessedOnWorkers = run.pool.walkedOnWorkers;
  // Each worker thread walks headers for itself (its caches are its own).
  result.headerWalks = { walked: run.headerCache.walked + run.pool.workerHeaderWalks.walked, replayed: run.headerCache.replayed + run.pool.workerHeaderWalks.replayed, ...(run.headerCache.dropped ? { dropped: run.headerCache.dropped } : {}), ...(run.headerCache.swept ? { swept: run.headerCache.swept } : {}) };
  result.skeletons = { scanned: run.skeletons.scans, loaded: run.skeletons.loaded };
  result.macroGroupFiles = { ...run.macroGroups.files };
  result.builtinFiles = { ...run.builtins.files };
  result.blankingFiles = { ...run.blankingFiles };
  result.filesHashed = run.states.hashed;
  result.masksRecalled = run.masks.recalled;
  result.preprocessMs = run.timing.preprocessMs;
  result.parseMs = run.timing.parseMs;
}

/** The file records and skeletons of this run kept in the index for the next one (when they cannot be, a warning says so). */
function finishRunFiles(run: RunContext, result: IndexResult): void {
  startIndexWriteBack(run.db);
  try {
    run.writer.refreshFileStates(run.states.refreshable());
    run.storedSkeletons.flush();
  } catch (err) {
    result.diagnostics.push({ severity: 'warning', file: indexPath(run.root), message: `file records and skeletons of this run could not be kept for the next one: ${(err as Error).message}` });
  }
}

/**
 * After the run's last build, before its collection: what only builds read goes (the masks and invocations kept for
 * later builds, file views, macro groups, definitions; the recorded walks and skeletons went with its walks), their
 * counts kept for the run's summary. The run's file records, skeletons and content index are written next, and the
 * content index's reads and trigrams otherwise piled onto them: Meshtastic's 246 envs peaked there (heap ~206 MB in
 * use at its start, ~260 MB during it).
 */
function releaseBuildCaches(run: RunContext): void {
  const masks = new MaskMemo();
  masks.recalled = run.masks.recalled;
  run.masks = masks;
  run.invocations = new InvocationsMemo();
  run.views = new FileViewCache(run.db);
  const groups = new KeptMacroGroups(run.root);
  Object.assign(groups.files, run.macroGroups.files);
  run.macroGroups = groups;
  forgetAllDefinitions();
}

/** The content index (find) brought up to the project tree, deferred files filled in when asked; on failure it keeps its previous state. */
async function updateContent(run: RunContext, options: IndexOptions, result: IndexResult, ahead?: ContentWalkAhead): Promise<void> {
  const { db, root, states } = run;
  try {
    run.progress('content index: checking the project tree');
    result.content = await updateContentIndex(db, root, {
      excludePaths: run.excluded,
      kept: (file) => states.keptBytes(file),
      known: (file) => states.statOf(file),
      knownFiles: () => states.statedFiles(),
      ahead: ahead?.result(),
    });
    if (options.fillContent && result.content.deferred) {
      run.progress('content index: filling in the files no build reads');
      const filled = fillDeferredContent(db, root);
      result.content.filled = filled.filled;
      result.content.deferred -= filled.filled;
    }
  } catch (err) {
    result.diagnostics.push({ severity: 'error', file: root, message: `the content index (find) could not be updated: ${(err as Error).message}; its previous state is kept` });
  }
}

/** Whether a run's `variant` option names any variant (an empty name or list names none: every build). */
function namesVariants(variant: IndexOptions['variant']): boolean {
  return typeof variant === 'string' ? variant.trim() !== '' : (variant?.length ?? 0) > 0;
}

/**
 * Drop builds no longer detected (runs over every build, and runs asked to; a build whose folder failed to describe
 * it this time, such as a compile database cut short, keeps its previous index), collect unused rows, refresh statistics and run times.
 */
function finishRun(options: IndexOptions, detected: readonly BuildName[], result: IndexResult, writer: IndexWriter, db: Db, indexedAt: string): void {
  const wrote = result.builds.some((b) => !b.error && !b.unchanged);
  if ((options.dropUndeclared || (!namesVariants(options.variant) && !options.image)) && detected.length > 0) {
    const unreadable = (buildDir: string) => {
      const why = unreadableDescription(result.root, result.diagnostics, buildDir);
      if (why) result.diagnostics.push({ severity: 'warning', file: buildDir, message: `the build of this folder could not be read this time (${why.file}${why.line ? `:${why.line}` : ''}); its previous index is kept and answers queries until the folder describes a build again` });
      return why !== undefined;
    };
    // A run that wrote nothing and removed nothing left no unused rows: no collection.
    result.removedBuilds = writer.removeBuildsExcept(new Set(detected.map((b) => `${b.variant}\u0000${b.image}`)), unreadable, wrote);
    // The file lists kept beside the index for builds it no longer holds (and a killed run's temporary files).
    const held = db.prepare('SELECT variant, image FROM builds').all() as { variant: string; image: string }[];
    pruneUnitInputs(result.root, held);
    pruneUnitReads(result.root, held);
    pruneLanguageSites(result.root, held);
    pruneMacroGroups(result.root, writer.macroGroupHashes());
    pruneKeptBlankings(result.root, held);
    pruneAssemblerMacros(result.root, held);
    pruneAssemblerIncludes(result.root, held);
    pruneKeptBuiltins(result.root, held);
  } else if (wrote) writer.collectGarbage();
  // Packs copy builds' groups: a run over some builds (--variant) keeps no more than any other.
  prunePacks(result.root);
  result.unlinkedRowsRead = writer.unlinkedRowsRead;
  result.resultsWrittenOver = writer.resultsWrittenOver;
  // Fresh statistics let the planner start a name lookup from the name index, not from the build's files.
  // (A patched build changed a few rows: its statistics stand.) Each index is sampled, not scanned whole, as
  // SQLite's own `PRAGMA optimize` does: estimates are all the planner needs here, and a full scan grows with
  // the index (a 17 MB five-build index: 36–61 ms whole, 15–23 ms sampled).
  if (result.builds.some((b) => !b.error && !b.unchanged && !b.patched)) {
    db.pragma('analysis_limit = 1000');
    db.exec('ANALYZE');
  }
  if (result.builds.some((b) => !b.error)) {
    writer.setMeta('indexed_at', indexedAt);
    if (!writer.getMeta('first_indexed_at')) writer.setMeta('first_indexed_at', indexedAt);
  }
}
