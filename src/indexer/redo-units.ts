// The dirty units of a patched build redone: each takes a stored result under its key, else its previous result
// carried over (files edited between directives only; its row made from the stored one when only the edited files'
// hashes and views moved), else a walk. Part of the fast path (see patch-build.ts).
import type { BuildDescription, CompileUnit } from '../../adapters/contract.js';
import { decodeWithFiles, encodeUnitResult, findUnitResult, loadStoredUnitRow, movedRow, type EncodedUnitResult, type MovedRead, type StoredUnitRow } from '../index/unit-result-rows.js';
import type { LinkedUnit } from './unit-inputs.js';
import { FileSource, defaultReadFile } from '../preprocessor/file-source.js';
import { IncludeResolver } from '../preprocessor/include-resolver.js';
import { setUpUnit } from '../preprocessor/unit-environment.js';
import { UnitSetUps } from '../preprocessor/unit-set-ups.js';
import { inputsCheck, testedStillHolds, walkUnit, type UnitResult } from '../preprocessor/unit-result.js';
import { carriedResult, type CodeMayCount, type EditedFile, type HeadNames } from '../preprocessor/carried-result.js';
import { CounterNames } from '../preprocessor/counter-edits.js';
import { definedNames, namesAboveIncludes } from '../preprocessor/names-above-include.js';
import type { StartingMacros } from '../preprocessor/macro-definition.js';
import { fromStoredRow } from './preprocess-units.js';
import type { FileStates } from './file-states.js';
import type { FileSkeleton, SkeletonCache } from '../preprocessor/file-skeleton.js';
import type { ReadNames } from '../preprocessor/tracked-env.js';
import { readNameSet } from './unit-reads.js';
import type { PathMemo } from './vendor-paths.js';
import type { PatchContext } from './patch-build.js';
import { checkYoungGeneration, holdYoungGeneration } from './young-generation-cap.js';

export interface RedoneUnit {
  index: number;
  old: UnitResult;
  fresh: UnitResult;
  row: EncodedUnitResult | number;
  /** The view hashes the row it replaces ends with (read with it): what collecting that row releases. */
  oldViews: readonly string[];
  /** Of a unit that took a stored result (`row` its id): that result's content hash. */
  hash?: string;
  /** Of a unit whose row was carried (see carriedRow): the files whose hash and view moved, all else of its result as it was. */
  moved?: string[];
}

/**
 * Skeletons of files as previous results read them, loaded from the index once per run (a header edited under the 100
 * units of 5 builds is loaded once, and so aligned with its new skeleton once: see carried-result.ts).
 */
class EarlierSkeletons {
  private loaded = new Map<string, FileSkeleton | undefined>();

  constructor(private readonly store: NonNullable<SkeletonCache['store']>) {}

  of(file: string, hash: string): FileSkeleton | undefined {
    const k = `${file}\0${hash}`;
    if (!this.loaded.has(k)) this.loaded.set(k, this.store.load(file, hash, false));
    return this.loaded.get(k);
  }
}

/** The run's EarlierSkeletons, by its skeleton store (a run's). */
const earlierByStore = new WeakMap<NonNullable<SkeletonCache['store']>, EarlierSkeletons>();

function earlierSkeletons(store: NonNullable<SkeletonCache['store']>): EarlierSkeletons {
  let earlier = earlierByStore.get(store);
  if (earlier === undefined) earlierByStore.set(store, (earlier = new EarlierSkeletons(store)));
  return earlier;
}

/**
 * The unit's previous result carried over when the files that changed since (`changed`: its source, headers)
 * changed between directives only, or in #defines and #undefs of names its walk did not read (`reads`, see
 * carried-result.ts), and the macros it tested still hold.
 */
function carryOver(old: UnitResult, changed: ChangedFile[], env: StartingMacros, source: FileSource, before: EarlierSkeletons, reads: ReadNames | undefined, tested: TestedVerdicts, counterNames: CounterNames): UnitResult | undefined {
  // The other files are those whose content is the one read: only the macros tested are left to check.
  if (changed.length === 0 || !tested.hold(old.tested, env)) return undefined;
  const edited: EditedFile[] = [];
  for (const { file, was, hash } of changed) {
    // The skeleton of the content the previous result read is still stored (the new one is saved at the end of the run).
    const then = hash === null ? undefined : before.of(file, was);
    const now = then && source.skeleton(file);
    if (!then || !now || hash === null) return undefined;
    edited.push({ file, before: then, after: now, hash });
  }
  const kept = carriedResult(old, edited, reads === undefined ? undefined : readNameSet(reads), codeMayCountIn(old, edited, env, source, counterNames), headNamesIn(source), (file) => source.skeleton(file));
  // The carried result's walk would look up what the previous one did.
  if (kept) kept.reads = reads;
  return kept;
}

/** The names headers name above their #includes, read from the files as they are now (not known: taken as named). */
function headNamesIn(source: FileSource): HeadNames {
  const namesOf = (sk: FileSkeleton | undefined, file: string) => (sk === undefined ? undefined : sk.firstCode === undefined ? new Map<string, number>() : namesAboveIncludes(sk, () => source.read(file)));
  return {
    namedAbove(header, names) {
      const above = namesOf(source.skeleton(header), header);
      if (above === undefined) return true;
      for (const name of names) if (above.has(name)) return true;
      return false;
    },
    definedAfter(e, files) {
      const above = namesOf(e.after, e.file);
      if (above === undefined) return true;
      for (const file of files) {
        const sk = source.skeleton(file);
        if (sk === undefined) return true;
        const defined = definedNames(sk);
        for (const name of above.keys()) if (defined.has(name)) return true;
      }
      return false;
    },
  };
}

/** A file a stored result read whose content changed since: its absolute path, the hash read and the hash now. */
interface ChangedFile {
  file: string;
  was: string;
  hash: string | null;
}

/**
 * The [stored path, content hash] pairs the results of a stored build read (see BuildInputs), with their absolute
 * paths, and whether each file still has that content: asked once per pair, not once per unit reading it.
 */
export class StoredPairs {
  readonly absolute: [string, string][];
  private holds: Int8Array;

  constructor(
    private readonly pairs: [string, string][],
    paths: PathMemo,
    private readonly states: FileStates,
  ) {
    this.absolute = pairs.map(([file, hash]) => [paths.absolutePath(file), hash]);
    this.holds = new Int8Array(pairs.length);
  }

  /** Of a unit's files (indexes into the pairs, in its result's order), those whose content changed. */
  changed(files: readonly number[]): ChangedFile[] {
    const out: ChangedFile[] = [];
    const holds = this.holds;
    for (let i = 0; i < files.length; i++) {
      const k = files[i];
      // By stored path, as the dirty units were found (each answer kept by FileStates).
      if (holds[k] === 0) holds[k] = this.states.storedHash(this.pairs[k][0]) === this.pairs[k][1] ? 1 : 2;
      if (holds[k] === 2) out.push({ file: this.absolute[k][0], was: this.pairs[k][1], hash: this.states.storedHash(this.pairs[k][0]) });
    }
    return out;
  }
}

/**
 * Whether the macros a result tested are still the starting macros' (see testedStillHolds), once per list and set
 * of starting macros: units set up alike share both objects, and results decoded share their lists by JSON.
 */
class TestedVerdicts {
  private known = new WeakMap<StartingMacros, WeakMap<UnitResult['tested'], boolean>>();

  hold(tested: UnitResult['tested'], env: StartingMacros): boolean {
    let byList = this.known.get(env);
    if (byList === undefined) this.known.set(env, (byList = new WeakMap()));
    let holds = byList.get(tested);
    if (holds === undefined) byList.set(tested, (holds = testedStillHolds(tested, env)));
    return holds;
  }
}

/**
 * The row of a carried-over unit made from its stored row when the carry moved nothing of the result but files'
 * hashes and views, and its #undef marks (headers edited between directives: the unit's #include lines, unseen
 * #defines and counter marks stay): those swapped in the stored columns, the marks' list encoded again, the rest of
 * the row kept (see movedRow).
 * Undefined when more moved: the result is encoded again.
 */
function carriedRow(stored: StoredUnitRow, storedHashes: readonly string[], old: UnitResult, kept: UnitResult, views: Map<string, string>, paths: PathMemo): ReturnType<typeof movedRow> {
  const same = (a: number[] | undefined, b: number[] | undefined) => a === b || (a !== undefined && b !== undefined && a.length === b.length && a.every((x, k) => x === b[k]));
  if (kept.diagnostics !== old.diagnostics || kept.counterStale !== old.counterStale || kept.counterUsed !== old.counterUsed) return undefined;
  if (!same(kept.tops, old.tops) || !same(kept.firstTops, old.firstTops) || !same(kept.heads, old.heads) || !same(kept.through, old.through) || !same(kept.unseen, old.unseen) || !same(kept.counter, old.counter) || !same(kept.counterIn, old.counterIn) || kept.files.length !== old.files.length) return undefined;
  const moved: MovedRead[] = [];
  kept.files.forEach((f, at) => {
    if (f !== old.files[at]) moved.push({ at, file: paths.toStored(f.file), was: old.files[at].hash, hash: f.hash, view: f.view });
  });
  return movedRow(stored, kept.files, moved, storedHashes, views, kept.undone !== old.undone ? kept.undone : undefined);
}

/**
 * Whether an edited header's new code names a macro that may reach `__COUNTER__`, by the #defines the unit's walk
 * reached (its files' views; all of its own file's when edited) and its starting macros, taken in at the first
 * question. True when a file's skeleton is missing.
 */
function codeMayCountIn(old: UnitResult, edited: EditedFile[], env: StartingMacros, source: FileSource, names: CounterNames): CodeMayCount {
  let known: boolean | undefined;
  return (e) => {
    if (known === undefined) {
      names.addStarting(env);
      const was = new Map(edited.map((x) => [x.file, x]));
      known = old.files.every((f) => {
        // The view describes the content read then (the same #defines where an edit changed none).
        const sk = was.get(f.file)?.before ?? source.skeleton(f.file);
        if (sk !== undefined) names.addSkeleton(sk, f.view);
        return sk !== undefined;
      });
      const own = was.get(old.unit);
      if (own !== undefined) names.addSkeleton(own.after);
    }
    return !known || names.codeMayCount(e.after, () => source.read(e.file));
  };
}

/**
 * Dirty units set up and redone: a stored result under their key, else the previous result carried over
 * (only files edited between directives changed), else a walk. Null when more than `maxWalks` units would
 * need a walk (then the full path costs about the same): decided before any unit is walked.
 */
export function redoUnits(units: CompileUnit[], dirty: number[], previous: LinkedUnit[], pairs: StoredPairs, build: BuildDescription, maxWalks: number, paths: PathMemo, ctx: PatchContext): { redone: RedoneUnit[]; walked: number; carried: number; carriedRows: number } | null {
  const source = new FileSource(defaultReadFile, ctx.skeletons, false, checkYoungGeneration);
  const resolver = new IncludeResolver((f) => source.exists(f));
  const host = { source, resolver, fileHash: ctx.states.hashOf, headerCache: ctx.headerCache };
  const redone: RedoneUnit[] = [];
  const toWalk: { at: number; index: number; old: UnitResult; oldViews: readonly string[]; unit: CompileUnit }[] = [];
  // The units of a build compiled alike share their set-up; a unit to walk is set up whole when walked.
  const setUps = new UnitSetUps(ctx.provider, build.defines);
  let carried = 0;
  const earlier = ctx.skeletons.store && earlierSkeletons(ctx.skeletons.store);
  const viewJsons = new Map<string, string>();
  const counterNames = new CounterNames();
  const add = (at: number, index: number, old: UnitResult, oldViews: readonly string[], fresh: UnitResult) => {
    const encoded = encodeUnitResult(fresh, viewJsons, paths.toStored);
    ctx.views.internReads(fresh.files, encoded.viewHashes, fresh.shared);
    ctx.reads.note(encoded.row.hash, fresh.reads);
    redone[at] = { index, old, oldViews, fresh, row: encoded.row };
  };
  const tested = new TestedVerdicts();
  let carriedRows = 0;
  for (const [at, i] of dirty.entries()) {
    const unit = units[i];
    const { env, preprocessed, key } = setUps.of(unit);
    const storedRow = loadStoredUnitRow(ctx.db, previous[i].id);
    // Its files are the pairs its result read (absolute paths): not parsed from the row.
    const decoded = decodeWithFiles(storedRow, pairs.absolute, previous[i].files, ctx.views);
    const old: UnitResult = { ...decoded.row, unit: paths.absolutePath(decoded.row.unit) };
    const stored = findUnitResult(ctx.db, key, inputsCheck(env, (f) => ctx.states.storedHash(f)), ctx.views, previous[i].id);
    if (stored) {
      redone[at] = { index: i, old, oldViews: decoded.viewHashes, fresh: fromStoredRow(stored.row, paths), row: stored.id, hash: stored.hash };
      continue;
    }
    const reads = ctx.reads.of(build.variant, build.image, previous[i].hash);
    const kept = earlier && preprocessed && old.key === key ? carryOver(old, pairs.changed(previous[i].files), env, source, earlier, reads, tested, counterNames) : undefined;
    const row = kept && carriedRow(storedRow, decoded.viewHashes, old, kept, viewJsons, paths);
    if (kept && row) {
      carried++;
      carriedRows++;
      // The views moved are interned as encoding the result would (the others are the cache's: loaded by hash).
      kept.files.forEach((f, k) => {
        if (f !== old.files[k]) f.view = ctx.views.intern(row.viewHashes[k], f.view);
      });
      ctx.reads.note(row.row.hash, kept.reads);
      redone[at] = { index: i, old, oldViews: decoded.viewHashes, fresh: kept, row: row.row, moved: kept.files.filter((f, k) => f !== old.files[k]).map((f) => f.file) };
    } else if (kept) {
      carried++;
      add(at, i, old, decoded.viewHashes, kept);
    } else {
      if (toWalk.length >= maxWalks) return null;
      toWalk.push({ at, index: i, old, oldViews: decoded.viewHashes, unit });
    }
  }
  for (const w of toWalk) add(w.at, w.index, w.old, w.oldViews, walkUnit(w.unit, setUpUnit(w.unit, ctx.provider, build.defines), host, true));
  holdYoungGeneration();
  return { redone, walked: toWalk.length, carried, carriedRows };
}