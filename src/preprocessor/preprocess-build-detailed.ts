// preprocessBuildDetailed: a build's units walked one by one with every unit's visits and diagnostics kept beside the
// merged result (the differential check compares each unit with the compiler). The indexer uses preprocessBuild.
import path from 'node:path';
import type { CompileUnit } from '../../adapters/contract.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { BuildPreprocessResult, FileActivity, ImplicitMacroSource, MacroRecord } from './api.js';
import { SkeletonCache, type FileSkeleton } from './file-skeleton.js';
import { FileSource, defaultReadFile } from './file-source.js';
import { IncludeResolver } from './include-resolver.js';
import type { MacroDef } from './macro-definition.js';
import { headerCacheOf, providerOf, recordOf, type PreprocessBuildOptions } from './preprocess-build.js';
import { physicalLines } from './scan-source.js';
import { findForced, macroValue } from './unit-result.js';
import { setUpUnit, type UnitEnvironment } from './unit-environment.js';
import { UnitWalker, type FileVisit, type WalkHost } from './unit-walker.js';

export interface UnitDetail {
  unit: CompileUnit;
  environment: UnitEnvironment;
  /** Files read, in first-read order, with active ranges and (when recorded) decisions. */
  visits: Map<string, FileVisit>;
  diagnostics: Diagnostic[];
}

export interface DetailedBuildResult {
  result: BuildPreprocessResult;
  units: UnitDetail[];
  source: FileSource;
}

export function preprocessBuildDetailed(units: CompileUnit[], options: PreprocessBuildOptions = {}): DetailedBuildResult {
  const t0 = performance.now();
  const source = new FileSource(options.readFile ?? defaultReadFile, options.skeletons ?? new SkeletonCache());
  const provider = providerOf(options);
  const resolver = new IncludeResolver((f) => source.exists(f));
  const host: WalkHost = { skeleton: (f: string) => source.skeleton(f), exists: (f: string) => source.exists(f), resolver, headerCache: headerCacheOf(options) };
  const merged = new DetailedMerge(source);
  const details: UnitDetail[] = [];
  for (const unit of units) {
    const environment = setUpUnit(unit, provider, options.extraDefines);
    environment.diagnostics.forEach((d) => merged.addDiagnostic(d));
    merged.addImplicitSource(environment.implicit.source);
    const detail = environment.preprocessed ? walkWholeUnit(unit, environment, host, options, merged) : assembleAsWritten(unit, environment, source, merged);
    if (detail) details.push(detail);
  }
  const result: BuildPreprocessResult = {
    files: merged.files,
    macros: [...merged.macros.values()],
    unitFiles: merged.unitFiles,
    implicitMacros: [...merged.implicitSources.values()],
    diagnostics: merged.diagnostics,
    elapsedMs: performance.now() - t0,
  };
  return { result, units: details, source };
}

/** Plain assembler: every line of the unit's file is assembled as written. Undefined when the file cannot be read. */
function assembleAsWritten(unit: CompileUnit, environment: UnitEnvironment, source: FileSource, merged: DetailedMerge): UnitDetail | undefined {
  const unitFile = path.normalize(unit.file);
  const text = source.read(unitFile);
  if (text === undefined) {
    merged.addDiagnostic({ severity: 'error', file: unitFile, message: `cannot read ${unitFile}`, fix: 'check the path in the compile command' });
    return undefined;
  }
  const fa = merged.activity(unitFile, physicalLines(text).length);
  fa.activeLines.fill(1);
  fa.readBy.push(unitFile);
  merged.unitFiles.set(unitFile, [unitFile]);
  return { unit, environment, visits: new Map(), diagnostics: [] };
}

/** Walks a unit (its -imacros, preinclude, -include files, then its own file) and merges what it read. */
function walkWholeUnit(unit: CompileUnit, environment: UnitEnvironment, host: WalkHost, options: PreprocessBuildOptions, merged: DetailedMerge): UnitDetail {
  const unitFile = path.normalize(unit.file);
  const resolver = host.resolver;
  const walker = new UnitWalker(host, {
    env: new Map(environment.env),
    chain: environment.chain,
    features: environment.features,
    evalOptions: environment.evalOptions,
    strictIso: environment.strictIso,
    assembler: environment.lang === 'asm',
    recordDecisions: options.recordDecisions,
    overrideDecision: options.overrideDecision,
  });
  for (const im of environment.args.imacros) walker.walkRoot(findForced(im, unit, environment, resolver), false);
  if (environment.preinclude) {
    const pre = resolver.resolve(environment.chain, environment.preinclude, true, unit.directory, false, -2);
    if (pre) walker.walkRoot(pre.file, true);
  }
  for (const inc of environment.args.includes) walker.walkRoot(findForced(inc, unit, environment, resolver), true);
  walker.walkRoot(unitFile, true);
  merged.addVisits(unitFile, environment, walker.visits.values());
  merged.unitFiles.set(unitFile, [...walker.visits.keys()]);
  walker.diagnostics.forEach((d) => merged.addDiagnostic(d));
  // Macros: valued with this unit's final environment, once per definition.
  for (const def of walker.definesReached) merged.addMacro(def, walker);
  for (const def of environment.commandLineDefines) merged.addMacro(def, walker);
  return { unit, environment, visits: walker.visits, diagnostics: walker.diagnostics };
}

/** The build's result as units are added: per file the union of active lines, languages, readers and decisions. */
class DetailedMerge {
  readonly files = new Map<string, FileActivity>();
  readonly unitFiles = new Map<string, string[]>();
  readonly implicitSources = new Map<string, ImplicitMacroSource>();
  readonly diagnostics: Diagnostic[] = [];
  readonly macros = new Map<string, MacroRecord>();
  private readonly appliedRanges = new Map<string, Set<string>>();
  private readonly diagnosticKeys = new Set<string>();
  private readonly valued = new Set<MacroDef>();

  constructor(private readonly source: FileSource) {}

  addDiagnostic(d: Diagnostic): void {
    const k = `${d.severity}\0${d.file}\0${d.line ?? ''}\0${d.message}`;
    if (this.diagnosticKeys.has(k)) return;
    this.diagnosticKeys.add(k);
    this.diagnostics.push(d);
  }

  addImplicitSource(s: ImplicitMacroSource): void {
    this.implicitSources.set(JSON.stringify(s), s);
  }

  activity(file: string, lineCount: number): FileActivity {
    let fa = this.files.get(file);
    if (!fa) this.files.set(file, (fa = { file, language: 'c', activeLines: new Uint8Array(lineCount), readBy: [] }));
    return fa;
  }

  /** A unit's visits: each file's readers, language and decisions, and its active ranges unless the same ones were applied. */
  addVisits(unitFile: string, environment: UnitEnvironment, visits: Iterable<FileVisit>): void {
    for (const visit of visits) {
      const sk = this.source.skeleton(visit.file);
      if (!sk) continue;
      const fa = this.activity(visit.file, sk.lineCount);
      if (environment.lang === 'cpp') fa.language = 'cpp';
      if (!fa.readBy.includes(unitFile)) fa.readBy.push(unitFile);
      if (visit.taken && visit.groups) mergeDecisions(fa, sk, visit.groups, visit.taken);
      const sig = visit.ranges.join(',');
      let applied = this.appliedRanges.get(visit.file);
      if (!applied) this.appliedRanges.set(visit.file, (applied = new Set()));
      if (applied.has(sig)) continue;
      applied.add(sig);
      const r = visit.ranges;
      for (let k = 0; k < r.length; k += 2) fa.activeLines.fill(1, r[k] - 1, Math.min(r[k + 1], fa.activeLines.length));
    }
  }

  /** A definition's record, valued in `walker`'s environment by the first unit that reaches it. */
  addMacro(def: MacroDef, walker: UnitWalker): void {
    if (this.valued.has(def)) return;
    this.valued.add(def);
    this.macros.set(`${def.name}\0${def.file}\0${def.line}\0${def.file === '<command-line>' ? def.valueText : ''}`, recordOf(def, macroValue(def, walker)));
  }
}

/** Adds a visit's decisions (directive indices) to the file's merged decisions (directive lines). */
function mergeDecisions(fa: FileActivity, sk: FileSkeleton, groups: Iterable<number>, taken: Iterable<number>): void {
  const d = (fa.decisions ??= { evaluated: new Set(), taken: new Set() });
  for (const i of groups) d.evaluated.add(sk.directives[i].line);
  for (const i of taken) d.taken.add(sk.directives[i].line);
}
