// One compile unit preprocessed on its own, as plain data that can be stored and reused: the files it read
// (content hash, and a view: active lines, decisions, #defines reached with their values), the
// starting-state macros it consulted, and its diagnostics. A stored result is valid for another run or build when the key,
// every file's content and every consulted macro are the same (see unitKey / resultStillHolds).
import path from 'node:path';
import type { CompileUnit } from '../../adapters/contract.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { FileSource } from './file-source.js';
import type { FileSkeleton } from './file-skeleton.js';
import { usesCounter, type HeaderEntry, type HeaderWalkCache, type ReusableView } from './header-walk-cache.js';
import { HideSet } from './hide-sets.js';
import { evaluateExpression } from './if-expression.js';
import type { IncludeResolver } from './include-resolver.js';
import type { MacroDef, MacroEnv, StartingMacros } from './macro-definition.js';
import { physicalLines } from './scan-source.js';
import { spell, type Token } from './tokens.js';
import { wrappedCall } from '../model/api-wrapper.js';
import { fixedValue } from './fixed-values.js';
import { EnvLayer } from './env-layer.js';
import { definitionKey, peekMacro, readIfSame, TrackedEnv, type WalkReadNames } from './tracked-env.js';
import type { UnitEnvironment } from './unit-environment.js';
import { UnitWalker, type FileVisit } from './unit-walker.js';
import { keepRun, MIN_RUN, sameReplay, takeRun } from './shared-file-reads.js';
import { sha1 } from '../model/sha1.js';
import { isAbsentLookup } from '../model/absent-lookups.js';
import { absentProbe } from './run-absent-probe.js';
import { undoneMarks, type UndoneMarks } from './undone-names.js';

/**
 * How one unit saw one file: its active lines, the conditional heads it evaluated and took, the #defines it
 * reached with their values. Units that see a header the same way share one view (by value, and by object
 * once loaded), which is what makes merging and storing many units cheap.
 */
export interface FileView {
  /** Number of lines of the file. */
  lines: number;
  /** Active line ranges as sorted, merged [from, to] pairs (1-based, inclusive). */
  ranges: number[];
  /** When decisions are recorded: lines of the #if heads evaluated in live code and of the branch heads taken. */
  evaluated?: number[];
  taken?: number[];
  /**
   * #defines reached in live code, in the order reached: line, then integer value or null, for each (one flat
   * array: a device header's 400 000 values are not 400 000 pairs). Stored as [line, value] pairs (see
   * view-encodings.ts).
   */
  defines: DefineValues;
  /**
   * Set (true) when the view reached every #define of the file: its define class is then named by the file alone
   * (define-classes.ts), so a #define added where every view reaches it leaves what other files see as it was.
   */
  allDefines?: true;
}

/** Line, value, line, value, ... (see FileView.defines). */
export type DefineValues = (number | string | null)[];

/** The line of the `k`th #define of a view's `defines` (0-based). */
export const defineLine = (defines: DefineValues, k: number): number => defines[2 * k] as number;

/** The value of the `k`th #define of a view's `defines`. */
export const defineValue = (defines: DefineValues, k: number): string | null => defines[2 * k + 1] as string | null;

export interface UnitFileRead {
  /** Absolute path. */
  file: string;
  /** sha1 of the file's bytes when read. */
  hash: string;
  view: FileView;
}

export interface UnitResult {
  /** Absolute source path. */
  unit: string;
  /** What the walk depends on besides file contents and consulted macros (see unitKey). */
  key: string;
  lang: 'c' | 'cpp' | 'asm';
  /** In first-read order; the unit's own file included. */
  files: UnitFileRead[];
  /**
   * Per file of `files`: the line of the unit's own file whose #include was being read when the file's text was last
   * read (0: read with the forced files, before it). What of the unit's own #defines a header's text came after
   * (see define-scope.ts). Absent for assembler units that are not preprocessed.
   */
  tops?: number[];
  /**
   * Exceptions to "a file read below a #define of the unit's own file saw it" (see `tops`): [index in `files`,
   * line of the #define] of each one #undef'd or defined again before every read of the file past it (`#define X`,
   * `#undef X`, `#include "x.h"`). Absent when none.
   */
  unseen?: number[];
  /**
   * Exceptions to "a file was first read where it was last read" (see `tops`): [index in `files`, line of the unit's
   * own #include that first read it] of each file read again under a later #include (`<assert.h>` included twice).
   * Where other files' #defines reach (see define-scope.ts). Absent when none.
   */
  firstTops?: number[];
  /**
   * The indices in `files` of the headers whose #includes with code above them first read files, ascending: where a
   * file's #defines may reach a header only below one of its #includes (see `through`). Absent when none.
   */
  heads?: number[];
  /**
   * Exceptions to "a header sees the #defines of every file read before its last read ended" (see header-define-scope.ts):
   * [index of a header read once, index of a file first read through its #include, that #include's line] of each
   * such file whose #defines set a name the header's text names above that #include (glibc's stdio.h declares
   * fread_unlocked above the #include of bits/stdio.h, which defines it as a macro), ascending. Absent when none.
   */
  through?: number[];
  /**
   * Where the names an executed #undef touched are undefined, or defined again, over the lines of the files read
   * after it (see undone-names.ts): what code there expands. Absent when the walk executed no #undef.
   */
  undone?: UndoneMarks;
  /**
   * Of the unit's own file: [line, value] pairs, the value `__COUNTER__` has at its first use from that line on, where
   * headers and forced files read before used it (see UnitWalker.counterMarks). Absent when the walk defined no macro
   * using it.
   */
  counter?: number[];
  /** Set when a code line of the unit's own file expanded `__COUNTER__` in the walk (then `counter` decides its values). */
  counterUsed?: true;
  /**
   * With `counter`: the indices in `files` of the headers whose code lines used `__COUNTER__` in the walk. An edit of
   * another header between directives that leaves its code naming no macro that may reach the counter leaves
   * `counter` as it is (see carried-result.ts). Absent from results stored before it was kept: not known.
   */
  counterIn?: number[];
  /**
   * Set when an #if (or another directive) expanded `__COUNTER__` in the walk: what it decided depends on every use
   * before it, the unit's own code lines' included, so an edit that may change them walks the unit.
   */
  counterInIf?: true;
  /**
   * Set when a header was edited since the walk and the result carried over (its own file used no `__COUNTER__`):
   * `counter` may no longer hold, so an edit of the unit's own file walks it again.
   */
  counterStale?: true;
  /** Starting-state macros the walk consulted: [name, definitionKey or null when undefined]. */
  tested: [string, string | null][];
  diagnostics: Diagnostic[];
  /**
   * Of a walk made in this run (not stored in the index): every macro name it looked up, whoever defined it
   * (see TrackedEnv.readNames); a result carried over keeps the names of the walk it came from.
   */
  reads?: WalkReadNames;
  /** Of a walk made in this run: the runs of `files` it took whole from a shared macro layer (see SharedReads). */
  shared?: readonly SharedReads[];
}

/**
 * Reads a walk took at once from a run kept on its macro layer (see shared-file-reads.ts): `files` from `at` on
 * are `reads`, the same objects in every result that took the run, so that they are encoded once for all.
 */
export interface SharedReads {
  at: number;
  reads: readonly UnitFileRead[];
}

export interface WalkUnitHost {
  source: FileSource;
  resolver: IncludeResolver;
  /** sha1 of a file's bytes (memoized per run by the caller). */
  fileHash(file: string): string | null;
  /** Header walks recorded in this run, replayed where their inputs hold. */
  headerCache?: HeaderWalkCache;
  /** Called between a unit's walk and the valuation of its #defines (where a large header's scan left its garbage). */
  walked?: () => void;
  /** false: each walk sets replayed #defines in a map of its own instead of sharing layers (see env-layer.ts; tests compare). */
  sharedLayers?: boolean;
}

/** Per starting macros: whether one (not a built-in) uses `__COUNTER__` (a -D), answered once per map. */
const countingStarts = new WeakMap<StartingMacros, boolean>();

function startsCounting(env: StartingMacros): boolean {
  let known = countingStarts.get(env);
  if (known === undefined) {
    known = false;
    for (const def of env.values()) if (def.builtin === undefined && usesCounter(def)) known = true;
    countingStarts.set(env, known);
  }
  return known;
}

/** The indices in `files` of the files of `counted` (see UnitResult.counterIn). */
function countedIndices(files: readonly UnitFileRead[], counted: ReadonlySet<string>): number[] {
  const out: number[] = [];
  if (counted.size !== 0) files.forEach((f, i) => counted.has(f.file) && out.push(i));
  return out;
}

/**
 * Everything besides file contents and macro values that decides a unit's walk: source path, include
 * search chain, language and evaluation options, forced includes (already absolute). The working
 * directory is left out so that builds compiling the same file the same way share the result.
 */
export function unitKey(unit: CompileUnit, env: UnitEnvironment): string {
  // Asked for a unit's lookup and again by its walk: made once per environment set up.
  const known = keys.get(env);
  if (known !== undefined && known.unit === unit) return known.key;
  const key = keyOf(unit, env);
  keys.set(env, { unit, key });
  return key;
}

const keys = new WeakMap<UnitEnvironment, { unit: CompileUnit; key: string }>();

function keyOf(unit: CompileUnit, env: UnitEnvironment): string {
  return keyFrom(unit.file, keyTail(env));
}

/**
 * The part of a unit's key its environment decides (see unitKey), as the JSON that follows the source path in the
 * key's JSON: the same for units set up alike (see unit-set-ups.ts).
 */
export function keyTail(env: UnitEnvironment): string {
  return JSON.stringify([
    // The chain's dirs, not its short id: ids number chains in the order a thread first meets them.
    env.chain.bracketStart,
    env.chain.dirs,
    env.lang,
    env.preprocessed,
    env.evalOptions,
    env.strictIso,
    env.features,
    env.args.imacros,
    env.args.includes,
    env.preinclude ?? null,
    namingStarts(env.env),
  ]).slice(1);
}

/**
 * Of the starting macros (-D, compiler built-ins), those that may change how often headers' code uses `__COUNTER__`:
 * the sha1 of their definitions. The walk looks names up in code lines without reading them as the unit's inputs
 * (thousands of names), so these definitions are part of the key: a -D changed from `__COUNTER__` to `7` (or back)
 * keeps no stored result. Once per map.
 */
function namingStarts(env: StartingMacros): string {
  let known = namingDigests.get(env);
  if (known === undefined) {
    const texts: string[] = [];
    for (const def of env.values()) if (def.builtin === undefined && !plainValue(def)) texts.push(`${def.name}\0${def.paramsText ?? ''}\0${def.valueText}`);
    namingDigests.set(env, (known = sha1(texts.sort().join('\n'))));
  }
  return known;
}

const namingDigests = new WeakMap<StartingMacros, string>();

/**
 * An object-like macro whose replacement is numbers and strings only (`-DDEBUG=1`, `-DNAME="x"`): expanding it names no
 * macro nor the counter, nor takes the text after it, in code lines.
 */
const plainValue = (def: MacroDef): boolean => def.params === null && def.body.every((t) => t.k === 'number' || t.k === 'string' || t.k === 'char');

/** A unit's key from its source path and keyTail: the hash of the JSON of [path, ...the tail's values]. */
export function keyFrom(file: string, tail: string): string {
  return sha1(`[${JSON.stringify(path.normalize(file))},${tail}`);
}

/** Whether every file a stored result read has the same content. */
function filesStillHold(files: [string, string][], fileHash: (file: string) => string | null): boolean {
  for (const [file, hash] of files) if (fileHash(file) !== hash) return false;
  return true;
}

/** Whether every starting macro a stored result consulted has the same definition in `env`. */
export function testedStillHolds(tested: [string, string | null][], env: StartingMacros): boolean {
  for (const [name, defKey] of tested) if (!pairStillHolds(env, name, defKey)) return false;
  return true;
}

/** Whether starting macro `name` has in `env` the definition of key `defKey` (one pair of a tested list). */
function pairStillHolds(env: StartingMacros, name: string, defKey: string | null): boolean {
  // A lookup that found no file holds while its header is still missing (see absent-lookups.ts).
  if (isAbsentLookup(name)) return defKey === null && absentProbe().found(name) === null;
  return definitionKey(env.get(name)) === defKey;
}

/** What a stored result's inputs are checked by, its files first (their list is far shorter than its tested list). */
export interface ResultInputsCheck {
  files(files: [string, string][]): boolean;
  tested(tested: [string, string | null][]): boolean;
  /**
   * When `tested` checks against starting macros alone: those (never changed: a list's verdict holds for every unit
   * of them), and the check of one pair (a list holds when each of its pairs does).
   */
  macros?: StartingMacros;
  testedPair?: (name: string, key: string | null) => boolean;
}

/**
 * Whether a stored result still describes a unit with starting macros `env`: every file it read has the same content
 * and every macro it consulted the same definition (the key was matched by the caller).
 */
export function inputsCheck(env: StartingMacros, fileHash: (file: string) => string | null): ResultInputsCheck {
  return { files: (files) => filesStillHold(files, fileHash), tested: (tested) => testedStillHolds(tested, env), macros: env, testedPair: (name, key) => pairStillHolds(env, name, key) };
}

/** Sort and merge [from, to] pairs. */
export function mergeRanges(r: number[]): number[] {
  if (r.length <= 2) return r.slice();
  return inOrder(r) ? mergeInOrder(r) : mergeSorted(r);
}

/** Whether the pairs are sorted by start, then end (a file walked once adds its ranges so). */
function inOrder(r: number[]): boolean {
  for (let k = 2; k < r.length; k += 2) if (r[k] < r[k - 2] || (r[k] === r[k - 2] && r[k + 1] < r[k - 1])) return false;
  return true;
}

/** mergeRanges of pairs already in order: one pass, without a pair array to sort. */
function mergeInOrder(r: number[]): number[] {
  const out = [r[0], r[1]];
  for (let k = 2; k < r.length; k += 2) {
    const a = r[k];
    const b = r[k + 1];
    const n = out.length;
    if (a <= out[n - 1] + 1) out[n - 1] = Math.max(out[n - 1], b);
    else out.push(a, b);
  }
  return out;
}

/** mergeRanges of pairs in any order: sorted as pairs first, then merged in order. */
function mergeSorted(r: number[]): number[] {
  const pairs: [number, number][] = [];
  for (let k = 0; k < r.length; k += 2) pairs.push([r[k], r[k + 1]]);
  pairs.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return mergeInOrder(pairs.flat());
}

/** The unit's walk (see walkUnit); `ownPastes`: see UnitWalkOptions.ownPastes. */
function walkedOnce(unit: CompileUnit, environment: UnitEnvironment, host: WalkUnitHost, recordDecisions: boolean, ownPastes: boolean): { walker: UnitWalker; env: TrackedEnv } {
  const env = new TrackedEnv(environment.env, host.sharedLayers === false || !host.headerCache ? undefined : EnvLayer.root(environment.env, host.headerCache));
  const walker = new UnitWalker(
    { skeleton: (f) => host.source.skeleton(f), exists: (f) => host.source.exists(f), resolver: host.resolver, headerCache: host.headerCache, text: (f) => host.source.read(f) },
    { env, chain: environment.chain, features: environment.features, evalOptions: environment.evalOptions, strictIso: environment.strictIso, assembler: environment.lang === 'asm', recordDecisions, ...(ownPastes ? { ownPastes } : {}) },
  );
  if (startsCounting(environment.env)) walker.countFromStart();
  for (const im of environment.args.imacros) walker.walkRoot(forcedFile(im, unit, environment, host.resolver, env), false, true);
  if (environment.preinclude) {
    const pre = host.resolver.resolve(environment.chain, environment.preinclude, true, unit.directory, false, -2);
    if (pre) walker.walkRoot(pre.file, true, true);
    // Read as an #include that found no file is (see absent-lookups.ts).
    else env.get(host.resolver.absentName(environment.chain, environment.preinclude, true, unit.directory, false, -2));
  }
  for (const inc of environment.args.includes) walker.walkRoot(forcedFile(inc, unit, environment, host.resolver, env), true, true);
  walker.walkRoot(path.normalize(unit.file), true);
  return { walker, env };
}

/**
 * Walk one unit from its environment and return its result (the environment's macro map is not changed).
 * `recordDecisions` adds each file's evaluated and taken conditional heads. `keepViews` false: no unit walks after
 * this one with the host's header walks, so the views it makes are not kept for units replaying them (see fileReads).
 */
export function walkUnit(unit: CompileUnit, environment: UnitEnvironment, host: WalkUnitHost, recordDecisions = false, keepViews = true): UnitResult {
  const unitFile = path.normalize(unit.file);
  const key = unitKey(unit, environment);
  const base = { unit: unitFile, key, lang: environment.lang };
  if (!environment.preprocessed) {
    // Plain assembler: every line is assembled as written.
    const text = host.source.read(unitFile);
    const hash = host.fileHash(unitFile);
    if (text === undefined || hash === null) {
      const d: Diagnostic = { severity: 'error', file: unitFile, message: `cannot read ${unitFile}`, fix: 'check the path in the compile command' };
      return { ...base, files: [], tested: [], diagnostics: [d] };
    }
    const lines = physicalLines(text).length;
    return { ...base, files: [{ file: unitFile, hash, view: { lines, ranges: [1, lines], defines: [] } }], tested: [], diagnostics: [], reads: '' };
  }
  let { walker, env } = walkedOnce(unit, environment, host, recordDecisions, false);
  // An #if read the counter after own code that may use it through a pasted name: walked again counting those uses.
  if (walker.countUnsure) {
    walker.release();
    env.release();
    ({ walker, env } = walkedOnce(unit, environment, host, recordDecisions, true));
  }
  host.walked?.();
  const shared: SharedReads[] = [];
  const tops: number[] = [];
  const firstTops: number[] = [];
  const files = fileReads(walker, host, recordDecisions, keepViews, shared, tops, firstTops);
  const unseen = unseenDefines(walker, files);
  const scopes = walker.scopedHeads !== undefined ? includeScopes(walker, files) : {};
  const undone = undoneMarks(walker, files);
  const marks = walker.counterMarks;
  const counter = marks !== undefined ? { counter: marks.slice(), counterIn: countedIndices(files, walker.counterFiles), ...(walker.ownCounterUses ? { counterUsed: true as const } : {}), ...(walker.counterInDirective ? { counterInIf: true as const } : {}) } : {};
  const result = { ...base, files, tops, ...(firstTops.length ? { firstTops } : {}), ...(unseen.length ? { unseen } : {}), ...scopes, ...(undone ? { undone } : {}), ...counter, tested: env.tested(), diagnostics: walker.diagnostics, reads: env.readNameList(), shared };
  // The walk's tables are emptied once its result is read. A finished walk stays reachable for the young
  // generation's collections (not for the full one) until the next full collection: measured on 108 units,
  // each walk's ~90 KB were copied and promoted, 35 KB once emptied (see UnitWalker.release).
  walker.release();
  env.release();
  return result;
}

/** The walk's unseen #defines (see UnitResult.unseen) by the files' indices in the result. */
function unseenDefines(walker: UnitWalker, files: UnitFileRead[]): number[] {
  const pairs = walker.unseenDefines();
  if (pairs.length === 0) return [];
  const index = new Map(files.map((f, k) => [f.file, k]));
  const out: number[] = [];
  for (const [file, line] of pairs) {
    const k = index.get(file);
    if (k !== undefined) out.push(k, line);
  }
  return out;
}

/** The walk's heads and the files read through them (see UnitResult.heads, through) by the files' indices in the result. */
function includeScopes(walker: UnitWalker, files: UnitFileRead[]): Pick<UnitResult, 'heads' | 'through'> {
  const index = new Map(files.map((f, k) => [f.file, k]));
  const heads: number[] = [];
  for (const head of walker.scopedHeads!) {
    const k = index.get(head);
    if (k !== undefined) heads.push(k);
  }
  const triples: [number, number, number][] = [];
  const list = walker.throughReads ?? [];
  for (let p = 0; p < list.length; p += 3) {
    const h = index.get(list[p] as string);
    const d = index.get(list[p + 1] as string);
    // A header whose text was read again saw the #defines of the first read above the #include in the second.
    if (h !== undefined && d !== undefined && readOnce(walker.visits.get(list[p] as string)!.ranges)) triples.push([h, d, list[p + 2] as number]);
  }
  triples.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  const through: number[] = [];
  for (let t = 0; t < triples.length; t++) if (t === 0 || triples[t].some((x, i) => x !== triples[t - 1][i])) through.push(...triples[t]);
  heads.sort((a, b) => a - b);
  return { ...(heads.length ? { heads } : {}), ...(through.length ? { through } : {}) };
}

/** Whether a visit's line ranges are those of one read of its text: each past the one before. */
function readOnce(ranges: readonly number[]): boolean {
  for (let k = 2; k < ranges.length; k += 2) if (ranges[k] <= ranges[k - 1]) return false;
  return true;
}

/** A view being made for a file that one replayed walk made, to offer to later units replaying it. */
interface PendingView {
  /** The recorded walk that keeps the view, once made (see keepView). */
  entry: HeaderEntry;
  view: FileView;
  deps: ValueDeps;
}

/**
 * The files a walked unit read, in first-read order, with their views. A file that one replayed header walk
 * made takes the view an earlier unit made from that walk, when the macros its #define values consulted
 * have the same definitions; other views are made here and offered to later units, with the macros their values
 * consulted (not when `keepViews` is false: no unit replays them then, and a one-unit build with a device header
 * recorded 112 000 values' names for none). `shared` gets the runs of reads taken whole (see SharedReads).
 */
function fileReads(walker: UnitWalker, host: WalkUnitHost, recordDecisions: boolean, keepViews: boolean, shared: SharedReads[], tops: number[], firstTops: number[]): UnitFileRead[] {
  const files: UnitFileRead[] = [];
  const topOf = (visit: FileVisit) => {
    if (visit.firstTop !== visit.top) firstTops.push(tops.length, visit.firstTop);
    tops.push(visit.top);
  };
  const index = new Map<string, number>();
  const pending = new Map<string, PendingView>();
  // The views made here, with their files' skeletons (see markAllDefines).
  const made: [FileView, FileSkeleton][] = [];
  const env = walker.env;
  // A walk whose macros end on a shared layer takes the runs of reads kept there (see shared-file-reads.ts).
  const layer = env instanceof TrackedEnv ? env.layer : undefined;
  const visits = [...walker.visits.values()];
  let run: RunBeingRead | undefined;
  for (let i = 0; i < visits.length; i++) {
    const visit = visits[i];
    const replayed = visit.origin !== undefined && visit.origin !== 0 && visit.entry !== undefined;
    if (layer !== undefined && (run === undefined || !replayed || !sameReplay(run.first, visit))) {
      if (run !== undefined) keepRead(run, layer, host, recordDecisions);
      run = undefined;
      if (replayed) {
        const taken = takeRun(layer, visits, i, host.fileHash, recordDecisions, env as TrackedEnv);
        if (taken !== undefined) {
          shared.push({ at: files.length, reads: taken.reads });
          for (let k = 0; k < taken.reads.length; k++) {
            files.push(taken.reads[k]);
            topOf(visits[i + k]);
          }
          i += taken.reads.length - 1;
          continue;
        }
        run = { first: visit, reads: [], names: [], seen: new Set(), whole: true };
      }
    }
    const sk = host.source.skeleton(visit.file);
    const hash = sk ? host.fileHash(visit.file) : null;
    if (!sk || hash === null) {
      if (run !== undefined) run.whole = false;
      continue;
    }
    if (replayed) {
      const memo = visit.entry!.views?.get(visit.file);
      const reused = memo !== undefined ? reusableView(memo, recordDecisions, env) : undefined;
      if (reused) {
        const held = reused.read;
        const read = held !== undefined && held.hash === hash && held.file === visit.file ? held : (reused.read = { file: visit.file, hash, view: reused.view });
        files.push(read);
        topOf(visit);
        if (run !== undefined) addToRun(run, read, reused.names);
        continue;
      }
    }
    if (run !== undefined) run.whole = false;
    // A file only the recording of a walk read here: its view is kept for the units replaying that walk.
    const keeper = !keepViews ? undefined : replayed ? visit.entry : visit.recordedIn?.entry;
    index.set(visit.file, files.length);
    const view: FileView = { lines: sk.lineCount, ranges: mergeRanges(visit.ranges), defines: [] };
    if (visit.groups && visit.taken) {
      view.evaluated = firstOccurrences(visit.groups).map((i) => sk.directives[i].line);
      view.taken = firstOccurrences(visit.taken).map((i) => sk.directives[i].line);
    }
    files.push({ file: visit.file, hash, view });
    made.push([view, sk]);
    topOf(visit);
    if (keeper !== undefined && (keeper.views?.get(visit.file)?.length ?? 0) < MAX_VIEWS_PER_FILE) pending.set(visit.file, { entry: keeper, view, deps: { names: new Map(), complete: true } });
  }
  if (run !== undefined && layer !== undefined) keepRead(run, layer, host, recordDecisions);
  if (index.size) valueReached(walker, files, index, pending);
  for (const [view, sk] of made) markAllDefines(view, sk);
  for (const [file, p] of pending) if (p.deps.complete) keepView(p.entry, file, keptView(p.view, recordDecisions, p.deps.names));
  return files;
}

/** A view made here as kept for later units: its values' macros listed (none: the shared empty lists), no read yet. */
function keptView(view: FileView, decisions: boolean, names: ReadonlyMap<string, MacroDef | undefined>): ReusableView {
  const none = names.size === 0;
  return { view: exactView(view), decisions, names: none ? NO_NAMES : [...names.keys()], defs: none ? NO_DEFS : [...names.values()], read: undefined };
}

/** The lists of every kept view whose values read no macro (one pair for them all, not two lists each). */
const NO_NAMES: string[] = Object.freeze([]) as unknown as string[];
const NO_DEFS: (MacroDef | undefined)[] = Object.freeze([]) as unknown as (MacroDef | undefined)[];

/**
 * A view kept of a file for the units replaying a recorded walk (see HeaderEntry.views). A file's list is made when
 * its first view is kept, of that one view: a list made empty and pushed to had room for 17 (~13 000 of them, 2 MB,
 * at Meshtastic's `coverage`, most holding one view or none).
 */
function keepView(entry: HeaderEntry, file: string, kept: ReusableView): void {
  const views = (entry.views ??= new Map());
  const memo = views.get(file);
  if (memo === undefined) views.set(file, [kept]);
  else memo.push(kept);
}

/**
 * A view kept for later units with its lists at their exact lengths: grown by push, each had room for ~17 more
 * entries, and a large build keeps ~20 000 views (~10 MB of that room for LVGL's 952 units).
 */
function exactView(view: FileView): FileView {
  view.ranges = view.ranges.slice();
  view.defines = view.defines.slice();
  return view;
}

/** A run of reads one replay made, being read file by file; `whole` false once one file's view was not reused. */
interface RunBeingRead {
  first: FileVisit;
  reads: UnitFileRead[];
  names: string[];
  seen: Set<string>;
  whole: boolean;
}

function addToRun(run: RunBeingRead, read: UnitFileRead, names: string[]): void {
  run.reads.push(read);
  for (let k = 0; k < names.length; k++) {
    if (run.seen.has(names[k])) continue;
    run.seen.add(names[k]);
    run.names.push(names[k]);
  }
}

/** A run read file by file kept for later units, when every file of it took a view made before. */
function keepRead(run: RunBeingRead, layer: EnvLayer, host: WalkUnitHost, decisions: boolean): void {
  if (run.whole && run.reads.length >= MIN_RUN) keepRun(layer, run.first.entry!, { fileHash: host.fileHash, decisions, reads: run.reads, names: run.names });
}

const MAX_VIEWS_PER_FILE = 16;

/**
 * Values the #defines the walk reached in the files whose views are made here (`index`), with the unit's final
 * environment, as the build's macro list reports them. They come in runs of one file, looked up once per run:
 * most runs are of files whose views were reused.
 */
function valueReached(walker: UnitWalker, files: UnitFileRead[], index: Map<string, number>, pending: Map<string, PendingView>): void {
  const valued: ValuedHere = new Map();
  const defs = walker.definesReached;
  const runs = walker.reachedRuns;
  for (let r = 0; r < runs.length; r++) {
    const from = runs[r];
    const file = defs[from].file;
    const fi = index.get(file);
    if (fi === undefined) continue;
    const to = r + 1 < runs.length ? runs[r + 1] : defs.length;
    const defines = files[fi].view.defines;
    const deps = pending.get(file)?.deps;
    for (let k = from; k < to; k++) defines.push(defs[k].line, sharedValue(macroValue(defs[k], walker, deps, valued)));
  }
}

/** Per skeleton, the number of its valid #defines (each one a MacroDef a walk reaches at most once). */
const defineCounts = new WeakMap<FileSkeleton, number>();

/**
 * Sets `allDefines` on a view of the file `sk` that reached every #define of it (a walk reaches each at most once),
 * and takes it off one that did not.
 */
export function markAllDefines(view: FileView, sk: FileSkeleton): void {
  const reached = view.defines.length / 2;
  let count = reached === 0 ? undefined : defineCounts.get(sk);
  if (reached !== 0 && count === undefined) {
    count = 0;
    for (const d of sk.directives) if (d.macro !== undefined) count++;
    defineCounts.set(sk, count);
  }
  if (reached !== 0 && reached === count) view.allDefines = true;
  else if (view.allDefines) delete view.allDefines;
}

/**
 * Short values by text, so that views repeating one share one copy: a device header's 400 000 #defines have a few
 * thousand distinct values (`4`, `15`, `4026531840`), each otherwise a string of its own for as long as the view lives.
 */
const sharedValues = new Map<string, string>();
const SHARED_VALUE_MAX_LENGTH = 24;
const SHARED_VALUES_KEPT = 1 << 14;

function sharedValue(v: string | null): string | null {
  if (v === null || v.length > SHARED_VALUE_MAX_LENGTH) return v;
  const known = sharedValues.get(v);
  if (known !== undefined) return known;
  if (sharedValues.size >= SHARED_VALUES_KEPT) sharedValues.clear();
  sharedValues.set(v, v);
  return v;
}

/** Each number once, where it first occurs (a file walked twice evaluates its groups twice). */
export function firstOccurrences(list: number[]): number[] {
  const seen = new Set(list);
  return seen.size === list.length ? list : [...seen];
}

/** The first view (with or without decisions) whose values' macros hold in `env`; those macros are then read as the values would read them. */
function reusableView(memo: ReusableView[], decisions: boolean, env: MacroEnv): ReusableView | undefined {
  const tracked = env instanceof TrackedEnv ? env : undefined;
  // Walks whose macros are one shared layer find a list's first view that holds once (see env-layer.ts).
  const layer = tracked?.layer;
  const found = layer?.firstView.get(memo);
  if (found !== undefined && found.decisions === decisions) {
    for (let k = 0; k < found.names.length; k++) env.get(found.names[k]);
    return found;
  }
  for (let i = 0; i < memo.length; i++) {
    const m = memo[i];
    if (m.decisions !== decisions || !readIfSame(env, m.names, m.defs)) continue;
    layer?.firstView.set(memo, m);
    return m;
  }
  return undefined;
}

/** findForced for a walk: a file found nowhere is read as an #include that found no file is (see absent-lookups.ts). */
function forcedFile(abs: string, unit: CompileUnit, environment: UnitEnvironment, resolver: IncludeResolver, env: TrackedEnv): string {
  const file = findForced(abs, unit, environment, resolver);
  if (file === abs && !resolver.resolve(environment.chain, abs, false, unit.directory, false, -2)) env.get(resolver.absentName(environment.chain, path.relative(unit.directory, abs), false, unit.directory, false, -2));
  return file;
}

/** -include / -imacros: the path as given (from the working dir), else searched like `#include "..."`. */
export function findForced(abs: string, unit: CompileUnit, environment: UnitEnvironment, resolver: IncludeResolver): string {
  if (resolver.resolve(environment.chain, abs, false, unit.directory, false, -2)) return abs;
  const rel = path.relative(unit.directory, abs);
  const r = resolver.resolve(environment.chain, rel, false, unit.directory, false, -2);
  return r ? r.file : abs;
}

/** The macros values were worked out with, by name; `complete` false when one value cannot be memoized. */
export interface ValueDeps {
  names: Map<string, MacroDef | undefined>;
  complete: boolean;
}

/** A definition's value with the definitions (by identity) it consulted; `cacheable` false when a built-in answered. */
interface ComputedValue {
  value: string | null;
  names: string[];
  defs: (MacroDef | undefined)[];
  cacheable: boolean;
}

/**
 * The integer an object-like macro's replacement evaluates to, as decimal text; for a function-like macro,
 * its expanded replacement when that is one call of a function (an API wrapper, see api-wrapper.ts); else
 * null. Memoized on the definition with the definitions the expansion consulted, like #if results: the
 * environment reads exactly those names either way. `deps` collects them.
 */
export function macroValue(def: MacroDef, walker: UnitWalker, deps?: ValueDeps, valued?: ValuedHere): string | null {
  const fixed = fixedValue(def);
  if (fixed !== undefined) return fixed;
  const computed = computeValue(def, walker, valued);
  if (deps) {
    if (!computed.cacheable) deps.complete = false;
    for (let j = 0; j < computed.names.length; j++) deps.names.set(computed.names[j], computed.defs[j]);
  }
  return computed.value;
}

/**
 * The value (see macroValue) of a definition that consults no macro (see fixedValue), or of a function-like one that
 * names only its parameters (null: hidden from expansion, it expands to itself); undefined when other macros decide it.
 */
export function valueWithoutEnvironment(def: MacroDef): string | null | undefined {
  const fixed = fixedValue(def);
  if (fixed !== undefined || def.params === null) return fixed;
  const body = def.lexedBody();
  // Names only its parameters (hidden from expansion): expands to itself, a call of a function only through a parameter.
  return body.every((t) => t.k !== 'ident' || t.pi !== undefined) && wrappedCall(body, def.params) === null ? null : undefined;
}

/**
 * Values worked out in one valuation pass (one environment), by definition: `#define A B` takes B's value from
 * here when B was valued shortly before, without B keeping a memo of its own (see computeValue).
 */
export type ValuedHere = Map<MacroDef, ComputedValue>;
const MAX_VALUED_HERE = 64;

/** Built-ins whose expansion depends on the place of the use: the file, the line, the count so far, the depth. */
const USE_SITE_NAMES: ReadonlySet<string> = new Set(['__FILE__', '__LINE__', '__COUNTER__', '__INCLUDE_LEVEL__', '__BASE_FILE__']);

/**
 * `def`'s value from its value cache or this pass's values (reading the names of the entry that holds), else
 * expanded and evaluated.
 */
function computeValue(def: MacroDef, walker: UnitWalker, valued: ValuedHere | undefined, lexed?: Token[]): ComputedValue {
  const env = walker.env;
  const memo = def.valueCache;
  if (memo != null) {
    // One entry on its own or a list of them (see below), read without an array or iterator made per call.
    const many = Array.isArray(memo);
    const n = many ? memo.length : 1;
    for (let m = 0; m < n; m++) {
      const e = many ? memo[m] : memo;
      // Its names read as its expansion read them, when they hold in `env` (checked without a read first).
      if (readIfSame(env, e.names, e.defs)) return { value: e.value, names: e.names, defs: e.defs, cacheable: true };
    }
  }
  const here = valued?.get(def);
  if (here !== undefined && readIfSame(env, here.names, here.defs)) return here;
  let failed = false;
  let cacheable = true;
  const consulted = new Map<string, MacroDef | undefined>();
  const lookup = (name: string, forDefined: boolean) => {
    // A built-in answered by where it is expanded has no value where the macro is defined: it stays as written
    // (`f(__FILE__, __LINE__)`, and no value for `#define HERE __LINE__`), and the unit does not depend on it
    // (looked at without recording a read).
    if (!forDefined && USE_SITE_NAMES.has(name) && peekMacro(env, name)?.builtin) return undefined;
    const d = env.get(name);
    if (!consulted.has(name)) consulted.set(name, d);
    if (d?.builtin && !forDefined) cacheable = false;
    return d;
  };
  const body = lexed ?? def.lexedBody();
  let value: string | null | undefined = aliasValue(def, body, walker, lookup, consulted, valued);
  if (value === undefined) {
    try {
      // Parameters stay as written: they are hidden from expansion like the macro itself.
      const seed = body.map((t) => ({ ...t, hs: t.pi === undefined ? HideSet.single(def.name) : HideSet.of([def.name, t.v]) }));
      const toks = walker.expandText(seed, def.file, def.line, () => (failed = true), lookup);
      if (failed || toks.length === 0) value = null;
      else if (def.params === null) value = evaluateExpression(toks, { valueMode: true }).v.toString();
      else value = wrappedCall(toks, def.params) ? spell(toks) : null;
    } catch {
      value = null;
    }
  }
  const out: ComputedValue = { value, names: [...consulted.keys()], defs: [...consulted.values()], cacheable };
  if (cacheable && valued) {
    // Recent values only: an alias follows its target closely (CMSIS `_Msk` then the field's name).
    if (valued.size >= MAX_VALUED_HERE) valued.clear();
    valued.set(def, out);
  }
  if (cacheable) {
    // Kept from a definition's second valuation on (most of a device header's 100 000 are valued once), one
    // entry on its own (most definitions are valued one way), more in a list of at most 16.
    const entry = { names: out.names, defs: out.defs, value };
    if (memo === undefined) def.valueCache = null;
    else if (memo === null) def.valueCache = entry;
    else if (!Array.isArray(memo)) def.valueCache = [memo, entry];
    else if (memo.length < 16) memo.push(entry);
  }
  return out;
}

/**
 * `#define A B` where B is an object-like macro: A expands to what B expands to, so A's value is B's (memoized
 * on B), with B and the names B's value consulted read in the order its expansion reads them. Undefined when
 * that does not hold: B consults A (A would be hidden in one expansion and not the other) or a built-in
 * (`__LINE__` differs between the two definitions).
 */
function aliasValue(
  def: MacroDef,
  body: Token[],
  walker: UnitWalker,
  lookup: (name: string, forDefined: boolean) => MacroDef | undefined,
  consulted: Map<string, MacroDef | undefined>,
  valued: ValuedHere | undefined,
): string | null | undefined {
  if (def.params !== null || body.length !== 1 || body[0].k !== 'ident') return undefined;
  // Looked at without a read: `lookup` below records the target, and a built-in is not (see computeValue).
  const target = peekMacro(walker.env, body[0].v);
  if (!target || target.builtin || target.params !== null || target === def || target.name === def.name) return undefined;
  const inner = target.emptyBody ? undefined : computeValue(target, walker, valued);
  if (!inner || !inner.cacheable || inner.names.includes(def.name)) return undefined;
  lookup(target.name, false);
  for (let j = 0; j < inner.names.length; j++) if (!consulted.has(inner.names[j])) consulted.set(inner.names[j], inner.defs[j]);
  return inner.value;
}
