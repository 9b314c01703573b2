// preprocessBuild: runs every compile unit of a build over shared skeleton caches and merges the results —
// per-file active lines (union over units), languages, unit file lists, macros reached with their integer
// values, diagnostics (deduplicated). Leaves out persisting anything; the indexer stores what it needs.
import type { CompileUnit } from '../../adapters/contract.js';
import type { BuildPreprocessResult, FileActivity, ImplicitMacroSource, MacroRecord, PreprocessOptions } from './api.js';
import { SkeletonCache, type Directive, type FileSkeleton } from './file-skeleton.js';
import { HeaderWalkCache } from './header-walk-cache.js';
import { FileSource, defaultReadFile } from './file-source.js';
import { ImplicitMacroProvider, type ImplicitMacroOptions } from './implicit-macros.js';
import { IncludeResolver } from './include-resolver.js';
import type { MacroDef } from './macro-definition.js';
import { activeLinesOf, mergeUnitResults } from './merge-unit-results.js';
import { macroValue, walkUnit, type UnitResult } from './unit-result.js';
import { setUpUnit, type UnitEnvironment } from './unit-environment.js';
import { UnitWalker } from './unit-walker.js';
import { ownStrings, ShortStrings } from '../model/own-strings.js';

export interface PreprocessBuildOptions extends PreprocessOptions {
  /** Share skeletons across builds of one run (files are scanned once per path+content). */
  skeletons?: SkeletonCache;
  /** Share compiler answers across builds, or configure them (disk cache dir, forced table). */
  implicitMacros?: ImplicitMacroProvider | ImplicitMacroOptions;
  /** Keep conditional decisions: per unit (differential check) and merged per file (FileActivity.decisions). */
  recordDecisions?: boolean;
  /** Replace a conditional's decision (tests that prove the differential check can fail). */
  overrideDecision?: (file: string, line: number, computed: boolean) => boolean;
  /** Header walks to replay (shared across builds of a run), or false to walk every inclusion. Default: one per call. */
  headerCache?: HeaderWalkCache | false;
}

export function preprocessBuild(units: CompileUnit[], options: PreprocessBuildOptions = {}): BuildPreprocessResult {
  const t0 = performance.now();
  const source = new FileSource(options.readFile ?? defaultReadFile, options.skeletons ?? new SkeletonCache());
  const provider = providerOf(options);
  const resolver = new IncludeResolver((f) => source.exists(f));
  const host = { source, resolver, fileHash: (f: string) => source.skeleton(f)?.hash ?? null, headerCache: headerCacheOf(options) };
  const results: UnitResult[] = [];
  const environments: UnitEnvironment[] = [];
  for (const unit of units) {
    const environment = setUpUnit(unit, provider, options.extraDefines);
    environments.push(environment);
    results.push(walkUnit(unit, environment, host, options.recordDecisions));
  }
  const merged = mergeUnitResults(results, environments.map((e) => e.diagnostics));
  const files = new Map<string, FileActivity>();
  for (const m of merged.files.values()) {
    const sk = source.skeleton(m.file);
    if (!sk) continue;
    files.set(m.file, { file: m.file, language: m.language, activeLines: activeLinesOf(m.ranges, sk.lineCount), readBy: m.readBy, ...(m.decisions ? { decisions: m.decisions } : {}) });
  }
  const macros = [...definedMacros(merged.defineSites, (f) => source.skeleton(f)), ...commandLineMacros(environments, resolver, source)];
  return {
    files,
    macros,
    unitFiles: merged.unitFiles,
    implicitMacros: implicitSourcesOf(environments),
    diagnostics: merged.diagnostics,
    elapsedMs: performance.now() - t0,
  };
}

export function headerCacheOf(options: PreprocessBuildOptions): HeaderWalkCache | undefined {
  return options.headerCache === false ? undefined : (options.headerCache ?? new HeaderWalkCache());
}

export function providerOf(options: PreprocessBuildOptions): ImplicitMacroProvider {
  return options.implicitMacros instanceof ImplicitMacroProvider
    ? options.implicitMacros
    : new ImplicitMacroProvider({ useRealCompiler: options.useRealCompiler, cacheDir: options.compilerCacheDir, ...(options.implicitMacros ?? {}) });
}

/** The distinct implicit-macro sources of a build's units. */
export function implicitSourcesOf(environments: UnitEnvironment[]): ImplicitMacroSource[] {
  const out = new Map<string, ImplicitMacroSource>();
  for (const e of environments) out.set(JSON.stringify(e.implicit.source), e.implicit.source);
  return [...out.values()];
}

export function recordOf(def: MacroDef, expandedValue: string | null, file = def.file, shared?: ShortStrings): MacroRecord {
  const value = def.valueText;
  return {
    name: def.name,
    params: def.paramsText,
    value: shared ? shared.get(value) : value,
    functionLike: def.params !== null,
    file,
    line: def.line,
    expandedValue: shared && expandedValue !== null ? shared.get(expandedValue) : expandedValue,
  };
}

/**
 * Macro records of #define sites, read from the files' skeletons; `file` names them, when given, instead of their
 * path. With `consume`, each site is taken out of `sites` once its record is made: a device header's map of
 * 400 000 sites shrinks as its records pile up instead of being held beside all of them. With `dropping` (the
 * skeletons the run drops once the records are made), the records' strings are packed (see packRecordStrings) as
 * each PACKED_RECORDS of them are made, while the strings they replace are still young, and each #define of a
 * skeleton being dropped is taken out of it once its record is made (a collection while a device header's records
 * pile up then frees the definitions already read).
 */
export function definedMacros(sites: Map<string, Map<number, string | null>>, skeleton: (file: string) => FileSkeleton | undefined, file?: string, consume = false, dropping?: ReadonlySet<FileSkeleton>): MacroRecord[] {
  const out: MacroRecord[] = [];
  const shared = new ShortStrings();
  let packed = 0;
  for (const [path, lines] of sites) {
    const sk = skeleton(path);
    if (!sk) continue;
    const dirs = sk.directives;
    const release = dropping?.has(sk) === true;
    for (let i = 0; i < dirs.length; i++) {
      const d = dirs[i];
      if (d.kind !== 'define' || !d.macro) continue;
      const value = lines.get(d.line);
      if (value === undefined) continue;
      out.push(recordOf(d.macro, value, file, shared));
      if (consume) lines.delete(d.line);
      if (release) dirs[i] = RELEASED;
      if (dropping && out.length - packed === PACKED_RECORDS) packed = packRecordStrings(out, packed);
    }
  }
  if (dropping) packRecordStrings(out, packed);
  return out;
}

/** What takes the place of a #define in a skeleton being dropped once its record is made (see definedMacros). */
const RELEASED: Directive = { kind: 'other', line: 0, endLine: 0, rest: '' };
/** Records whose strings packRecordStrings joins into one string. */
const PACKED_RECORDS = 1 << 14;

/**
 * Gives the names and values of records[from..] strings of their own, slices of one string per PACKED_RECORDS
 * records; answers where it stopped (the end). Read from a skeleton, they are slices of the text the header was
 * scanned from, which they would keep alive (24 MB for a device header, with its comment-stripped lines) through
 * masking, parsing and writing once the skeleton is dropped. Short strings are copies already (and shared between
 * records): left as they are.
 */
export function packRecordStrings(records: MacroRecord[], from = 0): number {
  for (; from < records.length; from += PACKED_RECORDS) {
    const to = Math.min(records.length, from + PACKED_RECORDS);
    const parts: string[] = [];
    for (let i = from; i < to; i++) parts.push(records[i].name, records[i].value);
    ownStrings(parts);
    for (let i = from, k = 0; i < to; i++) {
      records[i].name = parts[k++];
      records[i].value = parts[k++];
    }
  }
  return records.length;
}

/**
 * -D macros of a build's units (one record per name and value), valued with the unit's starting
 * environment (compiler macros and -D options).
 */
export function commandLineMacros(environments: UnitEnvironment[], resolver: IncludeResolver, source: FileSource): MacroRecord[] {
  const out = new Map<string, MacroRecord>();
  const host = { skeleton: (f: string) => source.skeleton(f), exists: (f: string) => source.exists(f), resolver };
  for (const environment of environments) {
    let walker: UnitWalker | undefined;
    for (const def of environment.commandLineDefines) {
      const k = `${def.name}\0${def.valueText}`;
      if (out.has(k)) continue;
      walker ??= new UnitWalker(host, { env: new Map(environment.env), chain: environment.chain, features: environment.features, evalOptions: environment.evalOptions, strictIso: environment.strictIso, assembler: environment.lang === 'asm' });
      out.set(k, recordOf(def, macroValue(def, walker)));
    }
  }
  return [...out.values()];
}

