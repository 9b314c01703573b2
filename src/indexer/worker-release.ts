// What a worker thread lets go of when a new build's walks come, as the main thread does between builds
// (index-project.ts): the #undef states its walks held, its recorded header walks once its heap is past
// workerWalksBudget, and its garbage once enough walks piled it up. Leaves out skeletons (their own budget, see
// releaseLargeSkeletons) and native memory.
import { releaseSharedStates } from '../preprocessor/shared-undone-states.js';
import { releaseHeldKeys } from '../preprocessor/undef-marks.js';
import { dropWalksPastBudget, releaseMemory } from './release-memory.js';

/**
 * Heap in use (live and dead) past which a worker drops its recorded header walks between builds. A worker holds
 * little else, so its budget is a third of the main thread's (headerWalksBudget): kept to the run's end, a worker's
 * walks filled its cache's weight by the 6th of 22 nRF52 envs (~50 MB live, 100-120 MB of heap), took no more, and
 * the views later builds' replays kept on them grew with the builds. Tests change it.
 */
export const workerWalksBudget = { bytes: 32 << 20 };

/** What the thread's walks keep between builds. */
export interface WorkerWalks {
  headerCache: { clear(): void; dropped: number };
  /** Units walked since the last build began. */
  walked: number;
}

/** Called on a worker when the first units of another build than the last it walked come; answers whether its header walks went. */
export function releaseBetweenBuilds(walks: WorkerWalks): boolean {
  releaseSharedStates();
  const dropped = dropWalksPastBudget(walks.headerCache, workerWalksBudget.bytes);
  if (dropped) {
    walks.headerCache.dropped++;
    releaseHeldKeys();
  }
  // Past a drop the heap was collected already: the work counts from there.
  releaseMemory(dropped ? 0 : walks.walked);
  walks.walked = 0;
  return dropped;
}
