// preprocessBuild: runs every compile unit of a build over shared skeleton caches and merges the results —
// per-file active lines (union over units), languages, unit file lists, macros reached with their integer
// values, diagnostics (deduplicated). Leaves out persisting anything; the indexer stores what it needs.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { CompileUnit } from '../../adapters/contract.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { BuildPreprocessResult, FileActivity, ImplicitMacroSource, MacroRecord, PreprocessOptions } from './api.js';
import { SkeletonCache, type FileSkeleton } from './file-skeleton.js';
import { FileSource, defaultReadFile } from './file-source.js';
import { evaluateExpression } from './if-expression.js';
import { ImplicitMacroProvider, type ImplicitMacroOptions } from './implicit-macros.js';
import { IncludeResolver } from './include-resolver.js';
import type { MacroDef } from './macro-definition.js';
import { physicalLines } from './scan-source.js';
import { setUpUnit, type UnitEnvironment } from './unit-environment.js';
import { UnitWalker, type FileVisit } from './unit-walker.js';

export interface PreprocessBuildOptions extends PreprocessOptions {
  /** Share skeletons across builds of one run (files are scanned once per path+content). */
  skeletons?: SkeletonCache;
  /** Share compiler answers across builds, or configure them (disk cache dir, forced table). */
  implicitMacros?: ImplicitMacroProvider | ImplicitMacroOptions;
  /** Keep conditional decisions: per unit (differential check) and merged per file (FileActivity.decisions). */
  recordDecisions?: boolean;
  /** Replace a conditional's decision (tests that prove the differential check can fail). */
  overrideDecision?: (file: string, line: number, computed: boolean) => boolean;
}

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

export function preprocessBuild(units: CompileUnit[], options: PreprocessBuildOptions = {}): BuildPreprocessResult {
  return preprocessBuildDetailed(units, options).result;
}

export function preprocessBuildDetailed(units: CompileUnit[], options: PreprocessBuildOptions = {}): DetailedBuildResult {
  const t0 = performance.now();
  const source = new FileSource(options.readFile ?? defaultReadFile, options.skeletons ?? new SkeletonCache());
  const provider =
    options.implicitMacros instanceof ImplicitMacroProvider
      ? options.implicitMacros
      : new ImplicitMacroProvider({ useRealCompiler: options.useRealCompiler, cacheDir: options.compilerCacheDir, ...(options.implicitMacros ?? {}) });
  const resolver = new IncludeResolver((f) => source.exists(f));
  const host = { skeleton: (f: string) => source.skeleton(f), exists: (f: string) => source.exists(f), resolver };

  const files = new Map<string, FileActivity>();
  const appliedRanges = new Map<string, Set<string>>();
  const unitFiles = new Map<string, string[]>();
  const implicitSources = new Map<string, ImplicitMacroSource>();
  const diagnostics: Diagnostic[] = [];
  const diagSeen = new Set<string>();
  const macroRecords = new Map<string, MacroRecord>();
  const valued = new Set<MacroDef>();
  const details: UnitDetail[] = [];

  const addDiag = (d: Diagnostic) => {
    const k = `${d.severity}\0${d.file}\0${d.line ?? ''}\0${d.message}`;
    if (diagSeen.has(k)) return;
    diagSeen.add(k);
    diagnostics.push(d);
  };
  const activity = (file: string, lineCount: number): FileActivity => {
    let fa = files.get(file);
    if (!fa) {
      fa = { file, language: 'c', activeLines: new Uint8Array(lineCount), readBy: [] };
      files.set(file, fa);
    }
    return fa;
  };
  const addMacro = (def: MacroDef, expandedValue: string | null) => {
    const rec: MacroRecord = {
      name: def.name,
      params: def.paramsText,
      value: def.valueText,
      functionLike: def.params !== null,
      file: def.file,
      line: def.line,
      expandedValue,
    };
    macroRecords.set(`${def.name}\0${def.file}\0${def.line}\0${def.file === '<command-line>' ? def.valueText : ''}`, rec);
  };

  for (const unit of units) {
    const environment = setUpUnit(unit, provider, options.extraDefines);
    environment.diagnostics.forEach(addDiag);
    const srcKey = JSON.stringify(environment.implicit.source);
    implicitSources.set(srcKey, environment.implicit.source);
    const unitFile = path.normalize(unit.file);
    if (!environment.preprocessed) {
      // Plain assembler: every line is assembled as written.
      const text = source.read(unitFile);
      if (text === undefined) {
        addDiag({ severity: 'error', file: unitFile, message: `cannot read ${unitFile}`, fix: 'check the path in the compile command' });
        continue;
      }
      const n = physicalLines(text).length;
      const fa = activity(unitFile, n);
      fa.activeLines.fill(1);
      fa.readBy.push(unitFile);
      unitFiles.set(unitFile, [unitFile]);
      details.push({ unit, environment, visits: new Map(), diagnostics: [] });
      continue;
    }
    const walker = new UnitWalker(host, {
      env: environment.env,
      chain: environment.chain,
      features: environment.features,
      evalOptions: environment.evalOptions,
      strictIso: environment.strictIso,
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

    // Merge active lines.
    for (const visit of walker.visits.values()) {
      const sk = source.skeleton(visit.file);
      if (!sk) continue;
      const fa = activity(visit.file, sk.lineCount);
      if (environment.lang === 'cpp') fa.language = 'cpp';
      if (!fa.readBy.includes(unitFile)) fa.readBy.push(unitFile);
      if (visit.taken && visit.groups) mergeDecisions(fa, sk, visit.groups, visit.taken);
      const sig = visit.ranges.join(',');
      let applied = appliedRanges.get(visit.file);
      if (!applied) appliedRanges.set(visit.file, (applied = new Set()));
      if (applied.has(sig)) continue;
      applied.add(sig);
      const r = visit.ranges;
      for (let k = 0; k < r.length; k += 2) fa.activeLines.fill(1, r[k] - 1, Math.min(r[k + 1], fa.activeLines.length));
    }
    unitFiles.set(unitFile, [...walker.visits.keys()]);
    walker.diagnostics.forEach(addDiag);

    // Macros: values computed with this unit's final environment, once per definition.
    for (const def of walker.definesReached) {
      if (valued.has(def)) continue;
      valued.add(def);
      addMacro(def, macroValue(def, walker));
    }
    for (const def of environment.commandLineDefines) {
      if (valued.has(def)) continue;
      valued.add(def);
      addMacro(def, macroValue(def, walker));
    }
    details.push({ unit, environment, visits: walker.visits, diagnostics: walker.diagnostics });
  }

  const result: BuildPreprocessResult = {
    files,
    macros: [...macroRecords.values()],
    unitFiles,
    implicitMacros: [...implicitSources.values()],
    diagnostics,
    elapsedMs: performance.now() - t0,
  };
  return { result, units: details, source };
}

/** Adds a visit's decisions (directive indices) to the file's merged decisions (directive lines). */
function mergeDecisions(fa: FileActivity, sk: FileSkeleton, groups: Set<number>, taken: Set<number>): void {
  const d = (fa.decisions ??= { evaluated: new Set(), taken: new Set() });
  for (const i of groups) d.evaluated.add(sk.directives[i].line);
  for (const i of taken) d.taken.add(sk.directives[i].line);
}

/** -include / -imacros: the path as given (from the working dir), else searched like `#include "..."`. */
function findForced(abs: string, unit: CompileUnit, environment: UnitEnvironment, resolver: IncludeResolver): string {
  if (resolver.resolve(environment.chain, abs, false, unit.directory, false, -2)) return abs;
  const rel = path.relative(unit.directory, abs);
  const r = resolver.resolve(environment.chain, rel, false, unit.directory, false, -2);
  return r ? r.file : abs;
}

/** The integer an object-like macro's replacement evaluates to, as decimal text, or null. */
export function macroValue(def: MacroDef, walker: UnitWalker): string | null {
  if (def.params !== null || def.body.length === 0 || def.builtin) return null;
  if (!def.body.some((t) => t.k === 'number' || t.k === 'char' || t.k === 'ident')) return null;
  let failed = false;
  try {
    const seed = def.body.map((t) => ({ ...t, hs: new Set([def.name]) }));
    const toks = walker.expandText(seed, def.file, def.line, () => (failed = true));
    if (failed || toks.length === 0) return null;
    const v = evaluateExpression(toks, { valueMode: true });
    return v.v.toString();
  } catch {
    return null;
  }
}
