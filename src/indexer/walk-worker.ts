// Worker-thread side of preprocessing: walks units with the thread's own file source, include resolver,
// skeleton and header-walk caches (result-transparent), and answers each result as the index stores it
// (encoded row and view hashes), with the file states and skeletons the walks took for the main thread to
// record. Opens no database: files are hashed here and skeletons scanned (the main thread's records decide).
import type { CompileUnit } from '../../adapters/contract.js';
import { encodeUnitResult, type EncodedUnitResult } from '../index/unit-result-rows.js';
import { FileSource, defaultReadFile } from '../preprocessor/file-source.js';
import { encodeSkeleton, SkeletonCache, type FileSkeleton, type SkeletonStore } from '../preprocessor/file-skeleton.js';
import { HeaderWalkCache } from '../preprocessor/header-walk-cache.js';
import { ImplicitMacroProvider } from '../preprocessor/implicit-macros.js';
import { IncludeResolver } from '../preprocessor/include-resolver.js';
import { walkUnit, type WalkUnitHost } from '../preprocessor/unit-result.js';
import { joinedReadNames, type ReadNames } from '../preprocessor/tracked-env.js';
import { setUpUnit } from '../preprocessor/unit-environment.js';
import { FileStates, type TakenFileState } from './file-states.js';
import { releaseLargeSkeletons } from './release-memory.js';
import { PathMemo } from './vendor-paths.js';
import { releaseBetweenBuilds } from './worker-release.js';

/** Units of one build to walk, in order. */
export interface WalkTask {
  kind: 'walk';
  root: string;
  /** The compiler-answer folder of the main thread's ImplicitMacroProvider (it asked first: answers are read here). */
  compilerCacheDir: string;
  /** Changes with each build: a build's walks read files through a source of their own, as on the main thread. */
  build: number;
  extraDefines?: Record<string, string>;
  units: CompileUnit[];
}

/** A walked unit as its row stores it, or why its walk threw. */
export type WalkOutcome = { row: EncodedUnitResult; viewHashes: string[]; reads?: ReadNames } | { error: string };

/** A skeleton this thread scanned, encoded as the index stores it. */
export interface ScannedSkeleton {
  file: string;
  hash: string;
  asm: boolean;
  data: Uint8Array;
}

export interface WalkReply {
  outcomes: WalkOutcome[];
  /** File states taken since this thread's last reply. */
  files: TakenFileState[];
  skeletons: ScannedSkeleton[];
  /** Header walks walked / replayed by this task. */
  headerWalks: { walked: number; replayed: number };
}

/** Skeletons by the thread's file states; scanned ones are kept to send (the main thread stores them). */
class ScannedSkeletons implements SkeletonStore {
  scanned: ScannedSkeleton[] = [];
  constructor(private states: FileStates) {}

  hash(file: string): string | null {
    return this.states.hash(file);
  }

  read(file: string): { text: string; hash: string } | undefined {
    return this.states.readText(file);
  }

  load(): FileSkeleton | undefined {
    return undefined;
  }

  save(file: string, hash: string, asm: boolean, sk: FileSkeleton): void {
    this.scanned.push({ file, hash, asm, data: encodeSkeleton(sk) });
  }
}

/** What a worker keeps for its index run (a pool lives for one run), and per build. */
interface ThreadRun {
  root: string;
  taken: TakenFileState[];
  states: FileStates;
  store: ScannedSkeletons;
  skeletons: SkeletonCache;
  headerCache: HeaderWalkCache;
  provider: ImplicitMacroProvider;
  paths: PathMemo;
  /** Units walked since the build began (see worker-release.ts). */
  walked: number;
  build?: { id: number; host: WalkUnitHost; viewsSent: Set<string> };
}

let thread: ThreadRun | undefined;

function threadRun(task: WalkTask): ThreadRun {
  if (thread?.root === task.root) return thread;
  const taken: TakenFileState[] = [];
  const states = new FileStates(task.root, new Map(), taken);
  const store = new ScannedSkeletons(states);
  const provider = new ImplicitMacroProvider({ cacheDir: task.compilerCacheDir });
  return (thread = { root: task.root, taken, states, store, skeletons: new SkeletonCache(store), headerCache: new HeaderWalkCache(), provider, paths: new PathMemo(task.root), walked: 0 });
}

function buildHost(run: ThreadRun, build: number): NonNullable<ThreadRun['build']> {
  if (run.build?.id === build) return run.build;
  // What the last build's walks left goes before this one's, as on the main thread between builds.
  if (run.build) releaseBetweenBuilds(run);
  const source = new FileSource(defaultReadFile, run.skeletons);
  const resolver = new IncludeResolver((f) => source.exists(f));
  const host: WalkUnitHost = { source, resolver, fileHash: run.states.hashOf, headerCache: run.headerCache };
  return (run.build = { id: build, host, viewsSent: new Set() });
}

/** Walks a task's units; each unit's result or error is answered in its place. */
export function walkBatch(task: WalkTask): WalkReply {
  const run = threadRun(task);
  const build = buildHost(run, task.build);
  const walked0 = run.headerCache.walked;
  const replayed0 = run.headerCache.replayed;
  const outcomes: WalkOutcome[] = [];
  const views = new Map<string, string>();
  run.walked += task.units.length;
  for (const unit of task.units) {
    try {
      const environment = setUpUnit(unit, run.provider, task.extraDefines);
      const result = walkUnit(unit, environment, build.host, true);
      // With the names the walk looked up (see unit-reads.ts).
      const encoded = encodeUnitResult(result, views, run.paths.toStored);
      // Not sent: the main thread cuts the list's JSON instead of receiving a copy of each pair's.
      delete encoded.row.testedItems;
      outcomes.push({ ...encoded, reads: result.reads === undefined ? undefined : joinedReadNames(result.reads) });
    } catch (err) {
      outcomes.push({ error: err instanceof Error ? err.message : String(err) });
    }
  }
  // A view's JSON goes to the main thread once per build (it keeps them for the build's write).
  for (const hash of views.keys()) {
    if (build.viewsSent.has(hash)) views.delete(hash);
    else build.viewsSent.add(hash);
  }
  const reply: WalkReply = {
    outcomes,
    files: run.taken.splice(0),
    skeletons: run.store.scanned.splice(0),
    headerWalks: { walked: run.headerCache.walked - walked0, replayed: run.headerCache.replayed - replayed0 },
  };
  // A large header's skeletons go once walked, as the main thread's do after a build's macros.
  releaseLargeSkeletons({ skeletons: run.skeletons, headerCache: run.headerCache });
  return reply;
}
