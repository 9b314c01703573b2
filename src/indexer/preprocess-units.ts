// Preprocess stage of a build: sets up every unit, reuses a stored result whose inputs (consulted macros,
// file contents) still hold, and walks only the others. Results carry absolute paths; the stored rows
// carry project-relative ones.
import path from 'node:path';
import type { CompileUnit } from '../../adapters/contract.js';
import type { Db } from '../index/open-index.js';
import { encodeUnitResult, findUnitResult, loadUnitResult, type EncodedUnitResult, type FileViewCache, type StoredResultInputs, type UnitResultRow } from '../index/unit-result-rows.js';
import { FileSource, defaultReadFile } from '../preprocessor/file-source.js';
import type { SkeletonCache } from '../preprocessor/file-skeleton.js';
import type { HeaderWalkCache } from '../preprocessor/header-walk-cache.js';
import type { ImplicitMacroProvider } from '../preprocessor/implicit-macros.js';
import { IncludeResolver } from '../preprocessor/include-resolver.js';
import { inputsStillHold, unitKey, walkUnit, type UnitResult } from '../preprocessor/unit-result.js';
import { setUpUnit, type UnitEnvironment } from '../preprocessor/unit-environment.js';
import type { FileStates } from './file-states.js';
import { PathMemo } from './vendor-paths.js';
import { collectAfterLargeScans } from './release-memory.js';

export interface PreprocessUnitsContext {
  root: string;
  db: Db;
  provider: ImplicitMacroProvider;
  skeletons: SkeletonCache;
  /** Header walks shared by every unit and build of the run. */
  headerCache?: HeaderWalkCache;
  states: FileStates;
  /** File views loaded or made in this run, shared by the units that name them. */
  views: FileViewCache;
  extraDefines?: Record<string, string>;
  /** Per unit path, the result the build's previous run linked: checked first, without a lookup by key. */
  previous?: Map<string, StoredResultInputs>;
}

export interface PreprocessedUnits {
  results: UnitResult[];
  environments: UnitEnvironment[];
  /** Per unit: the stored row to link (id when reused, encoded when new). */
  rows: { unitPath: string; result: EncodedUnitResult | number }[];
  /** Units walked in this run / reused from a stored result. */
  walked: number;
  reused: number;
  resolver: IncludeResolver;
  source: FileSource;
  elapsedMs: number;
}

/** A result as stored: project-relative paths (see vendor-paths.ts). */
export function toStoredRow(r: UnitResult, paths: PathMemo): UnitResultRow {
  return { ...r, unit: paths.storedPath(r.unit), files: r.files.map((f) => ({ file: paths.storedPath(f.file), hash: f.hash, view: f.view })) };
}

/** A stored result with absolute paths again. */
export function fromStoredRow(r: UnitResultRow, paths: PathMemo): UnitResult {
  return { ...r, unit: paths.absolutePath(r.unit), files: r.files.map((f) => ({ ...f, file: paths.absolutePath(f.file) })) };
}

/**
 * The result the build linked last time, when its key and inputs still hold. Two results of one key whose
 * inputs both hold are the same walk (the same row), so this is what a lookup by key would find.
 */
function previousResult(unit: CompileUnit, key: string, environment: UnitEnvironment, ctx: PreprocessUnitsContext): { id: number; row: UnitResultRow } | undefined {
  const prev = ctx.previous?.get(path.normalize(unit.file));
  if (!prev || prev.key !== key) return undefined;
  for (const [file, hash] of JSON.parse(prev.files) as [string, string][]) if (ctx.states.storedHash(file) !== hash) return undefined;
  if (!inputsStillHold(JSON.parse(prev.tested) as [string, string | null][], [], environment.env, () => null)) return undefined;
  return { id: prev.id, row: loadUnitResult(ctx.db, prev, ctx.views) };
}

export function preprocessUnits(units: CompileUnit[], ctx: PreprocessUnitsContext): PreprocessedUnits {
  const t0 = performance.now();
  const source = new FileSource(defaultReadFile, ctx.skeletons);
  const resolver = new IncludeResolver((f) => source.exists(f));
  const host = { source, resolver, fileHash: (f: string) => ctx.states.hash(f), headerCache: ctx.headerCache, walked: () => collectAfterLargeScans(ctx.skeletons) };
  const out: PreprocessedUnits = { results: [], environments: [], rows: [], walked: 0, reused: 0, resolver, source, elapsedMs: 0 };
  const paths = new PathMemo(ctx.root);
  const viewJsons = new Map<string, string>();
  for (const unit of units) {
    const environment = setUpUnit(unit, ctx.provider, ctx.extraDefines);
    const key = unitKey(unit, environment);
    const stored =
      previousResult(unit, key, environment, ctx) ??
      findUnitResult(ctx.db, key, (tested, files) => inputsStillHold(tested, files, environment.env, (f) => ctx.states.storedHash(f)), ctx.views);
    out.environments.push(environment);
    if (stored) {
      out.reused++;
      const result = fromStoredRow(stored.row, paths);
      out.results.push(result);
      out.rows.push({ unitPath: result.unit, result: stored.id });
      continue;
    }
    out.walked++;
    const result = walkUnit(unit, environment, host, true);
    const encoded = encodeUnitResult(toStoredRow(result, paths), viewJsons);
    // Views equal to one already seen in this run become that object, so merging skips them by identity.
    result.files.forEach((f, i) => (f.view = ctx.views.intern(encoded.viewHashes[i], f.view)));
    out.results.push(result);
    out.rows.push({ unitPath: result.unit, result: encoded.row });
  }
  out.elapsedMs = performance.now() - t0;
  return out;
}
