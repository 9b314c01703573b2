// Preprocess stage of a build: sets up every unit, reuses a stored result whose inputs (consulted macros,
// file contents) still hold, and walks only the others. Results carry absolute paths; the stored rows
// carry project-relative ones.
import type { CompileUnit } from '../../adapters/contract.js';
import type { Db } from '../index/open-index.js';
import { storedTestedPairs } from '../index/tested-lists.js';
import { decodeUnitResult, encodeUnitResult, findUnitResult, loadUnitResult, type EncodedUnitResult, type FileViewCache, type StoredResultInputs, type UnitResultRow } from '../index/unit-result-rows.js';
import { parseView } from '../index/view-encodings.js';
import { FileSource, defaultReadFile } from '../preprocessor/file-source.js';
import type { SkeletonCache } from '../preprocessor/file-skeleton.js';
import type { HeaderWalkCache } from '../preprocessor/header-walk-cache.js';
import type { ImplicitMacroProvider } from '../preprocessor/implicit-macros.js';
import { IncludeResolver } from '../preprocessor/include-resolver.js';
import { inputsCheck, testedStillHolds, unitKey, walkUnit, type FileView, type UnitResult } from '../preprocessor/unit-result.js';
import type { MergeInput } from '../preprocessor/merge-unit-results.js';
import { setUpUnit, type UnitEnvironment } from '../preprocessor/unit-environment.js';
import type { FileStates } from './file-states.js';
import { PathMemo } from './vendor-paths.js';
import { collectAfterLargeScans, holdHeapGrowthForLargeHeap } from './release-memory.js';
import { compactRoomyHeap } from './walk-compaction.js';
import { checkYoungGeneration } from './young-generation-cap.js';
import type { ParsePool } from './parse-pool.js';
import { poolWalks, walkOnLanes, type Walked } from './pooled-walks.js';
import { StoredSkeletons } from './stored-skeletons.js';
import type { UnitReads } from './unit-reads.js';
import { normalizePath } from '../model/plain-path.js';

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
  /** Worker threads that walk units besides the main thread (see pooled-walks.ts), with the provider's answer folder they read. */
  pool?: ParsePool;
  compilerCacheDir: string;
  /** The names each walk of the run looked up, by result hash (see unit-reads.ts). */
  reads?: UnitReads;
  /** Stores a unit's new result as it is walked (its entry's result then becomes the row's id). */
  store?: (row: UnitRow) => void;
  /** The run's last build: its header walks go after its preprocess stage, so its last unit walked keeps no views for replays. */
  lastBuild?: boolean;
}

/** A unit's row to link: the stored result's id, or the new result encoded. */
export interface UnitRow {
  unitPath: string;
  result: EncodedUnitResult | number;
}

export interface PreprocessedUnits {
  /**
   * Per unit, what the build's merge reads of its result. The rest (the consulted macros, the names read: ~60 MB
   * on a 900-unit build) is in the unit's encoded row and the run's UnitReads, and goes as soon as it is there.
   */
  results: MergeInput[];
  environments: UnitEnvironment[];
  /** Per unit: the stored row to link (id when reused, encoded when new and not stored yet). */
  rows: UnitRow[];
  /** Units walked in this run / reused from a stored result. */
  walked: number;
  reused: number;
  resolver: IncludeResolver;
  source: FileSource;
  elapsedMs: number;
}

/** What the build keeps of a unit's result (see PreprocessedUnits.results). */
const mergeInput = (r: UnitResult): MergeInput => ({ unit: r.unit, lang: r.lang, files: r.files, diagnostics: r.diagnostics, tops: r.tops, firstTops: r.firstTops, through: r.through, unseen: r.unseen, undone: r.undone, counter: r.counter, counterUsed: r.counterUsed });

/** A stored result with absolute paths again. */
export function fromStoredRow(r: UnitResultRow, paths: PathMemo): UnitResult {
  return { ...r, unit: paths.absolutePath(r.unit), files: r.files.map((f) => ({ ...f, file: paths.absolutePath(f.file) })) };
}

/**
 * The result the build linked last time, when its key and inputs still hold. Two results of one key whose
 * inputs both hold are the same walk (the same row), so this is what a lookup by key would find.
 */
function previousResult(unit: CompileUnit, key: string, environment: UnitEnvironment, ctx: PreprocessUnitsContext): { id: number; row: UnitResultRow } | undefined {
  const prev = ctx.previous?.get(normalizePath(unit.file));
  if (!prev || prev.key !== key) return undefined;
  for (const [file, hash] of JSON.parse(prev.files) as [string, string][]) if (ctx.states.storedHash(file) !== hash) return undefined;
  if (!testedStillHolds(storedTestedPairs(ctx.db, prev.testedId), environment.env)) return undefined;
  return { id: prev.id, row: loadUnitResult(ctx.db, prev, ctx.views) };
}

/** A unit a worker walked: its row as encoded there. */
type WorkerRow = Extract<Walked<never>, { there: unknown }>['there'];

/** A unit walked on the main thread: its result (views interned) and its row. */
interface WalkedHere {
  result: UnitResult;
  row: EncodedUnitResult;
}

/** Numbers the builds preprocessed on the pool: a worker reads a build's files through a source of its own. */
let poolBuilds = 0;

export async function preprocessUnits(units: CompileUnit[], ctx: PreprocessUnitsContext): Promise<PreprocessedUnits> {
  const t0 = performance.now();
  const source = new FileSource(defaultReadFile, ctx.skeletons, false, checkYoungGeneration);
  const resolver = new IncludeResolver((f) => source.exists(f));
  const host = {
    source,
    resolver,
    fileHash: ctx.states.hashOf,
    headerCache: ctx.headerCache,
    walked: () => {
      collectAfterLargeScans(ctx.skeletons);
      holdHeapGrowthForLargeHeap();
      compactRoomyHeap();
    },
  };
  const out: PreprocessedUnits = { results: [], environments: [], rows: [], walked: 0, reused: 0, resolver, source, elapsedMs: 0 };
  const paths = new PathMemo(ctx.root);
  const viewJsons = new Map<string, string>();
  const stored: (ReturnType<typeof findUnitResult> | undefined)[] = [];
  for (const unit of units) {
    const environment = setUpUnit(unit, ctx.provider, ctx.extraDefines);
    const key = unitKey(unit, environment);
    out.environments.push(environment);
    stored.push(previousResult(unit, key, environment, ctx) ?? findUnitResult(ctx.db, key, inputsCheck(environment.env, (f) => ctx.states.storedHash(f)), ctx.views));
  }
  // The unit walked last on this thread when no build after this one replays the run's header walks (-1: none).
  let lastWalk = -1;
  const walkHere = (i: number): WalkedHere => {
    const result = walkUnit(units[i], out.environments[i], host, true, i !== lastWalk);
    const encoded = encodeUnitResult(result, viewJsons, paths.toStored);
    // Views equal to one already seen in this run become that object, so merging skips them by identity.
    ctx.views.internReads(result.files, encoded.viewHashes, result.shared);
    ctx.reads?.note(encoded.row.hash, result.reads);
    return { result, row: encoded.row };
  };
  const toWalk = units.flatMap((_, i) => (stored[i] ? [] : [i]));
  const walked = ctx.pool && ctx.pool.threads > 0 && toWalk.length >= poolWalks.minUnits ? await walkOnPool(units, out.environments, toWalk, walkHere, ctx, viewJsons) : undefined;
  if (ctx.lastBuild && walked === undefined && toWalk.length !== 0) lastWalk = toWalk[toWalk.length - 1];
  const decoded = new DecodedViews(ctx.views, viewJsons);
  for (let i = 0; i < units.length; i++) {
    const reused = stored[i];
    // Its row goes once decoded: `stored` lives in this function's context, which the resolver the run keeps to the
    // build's end holds (a reused 963-unit build: ~2.7 MB of rows beside their decoded results and the merge).
    stored[i] = undefined;
    if (reused) {
      out.reused++;
      const result = fromStoredRow(reused.row, paths);
      out.results.push(mergeInput(result));
      out.rows.push({ unitPath: result.unit, result: reused.id });
      continue;
    }
    out.walked++;
    const w: Walked<WalkedHere> = walked?.get(i) ?? { here: walkHere(i) };
    walked?.delete(i);
    if ('thrown' in w) throw w.thrown;
    // A worker's row is read back as a stored one is: its views are this run's objects.
    let here: WalkedHere;
    if ('here' in w) here = w.here;
    else {
      const row = linkedRow(w.there, viewJsons);
      ctx.reads?.note(row.hash, w.there.reads);
      here = { result: fromStoredRow(decoded.row(row, w.there.viewHashes), paths), row };
    }
    out.results.push(mergeInput(here.result));
    const row: UnitRow = { unitPath: here.result.unit, result: here.row };
    ctx.store?.(row);
    out.rows.push(row);
  }
  out.elapsedMs = performance.now() - t0;
  return out;
}

const asBuffer = (b: Uint8Array): Buffer => (Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength));

/** A worker's row as this thread links it: its bytes as Buffers, its views' JSON in the build's map. */
function linkedRow(there: WorkerRow, viewJsons: Map<string, string>): EncodedUnitResult {
  return { ...there.row, files: asBuffer(there.row.files), data: asBuffer(there.row.data), views: viewJsons };
}

/** Views that workers' rows name, made objects from their JSON once per build and interned in the run's view cache. */
class DecodedViews {
  private parsed = new Map<string, FileView>();
  constructor(
    private views: FileViewCache,
    private jsons: ReadonlyMap<string, string>,
  ) {}

  /** A worker's row read back as a stored row is, its views this run's objects. */
  row(row: EncodedUnitResult, viewHashes: string[]): UnitResultRow {
    for (let attempt = 0; ; attempt++) {
      for (const hash of viewHashes) this.intern(hash);
      try {
        return decodeUnitResult(row, this.views);
      } catch (err) {
        // The view cache drops all past its bound: once more if that happened while interning.
        if (attempt) throw err;
      }
    }
  }

  private intern(hash: string): void {
    let v = this.parsed.get(hash);
    if (!v) {
      const json = this.jsons.get(hash);
      this.parsed.set(hash, (v = json === undefined ? this.views.get(hash) : parseView(json)));
    }
    this.views.intern(hash, v);
  }
}

/** Walks the units at `toWalk` on the pool's workers and the main thread; records what the workers' walks took. */
function walkOnPool(units: CompileUnit[], environments: UnitEnvironment[], toWalk: number[], walkHere: (i: number) => WalkedHere, ctx: PreprocessUnitsContext, viewJsons: Map<string, string>): Promise<Map<number, Walked<WalkedHere>>> {
  const pool = ctx.pool!;
  pool.warm();
  const skeletonRows = ctx.skeletons.store instanceof StoredSkeletons ? ctx.skeletons.store : undefined;
  return walkOnLanes(
    toWalk.map((i) => units[i]),
    toWalk,
    {
      pool,
      task: { kind: 'walk', root: ctx.root, compilerCacheDir: ctx.compilerCacheDir, build: ++poolBuilds, extraDefines: ctx.extraDefines },
      walkHere,
      received: (reply) => {
        for (const t of reply.files) ctx.states.adopt(t);
        for (const sk of reply.skeletons) skeletonRows?.saveEncoded(sk.file, sk.hash, sk.asm, sk.data);
        for (const o of reply.outcomes) if ('row' in o) for (const [hash, json] of o.row.views) viewJsons.set(hash, json);
      },
    },
  );
}
