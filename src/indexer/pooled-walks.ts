// Walks the units of a build that no stored result answers, on the pool's worker threads and on the main
// thread, which takes batches from the same queue. Each outcome stays in its unit's place: the caller attaches
// results in unit order, whatever order or thread the walks finished in. Once a walk throws (or a unit's worker
// dies again when the pool gives it alone: see ParsePool), no further batch is started: every unit before the
// failing one has its outcome, as in a walk in order. When no worker thread can start, the lanes walk their batches
// on the main thread.
import type { CompileUnit } from '../../adapters/contract.js';
import { PoolUnavailable, type ParsePool } from './parse-pool.js';
import { loopTurn } from './loop-turn.js';
import type { WalkOutcome, WalkReply, WalkTask } from './walk-worker.js';

/** Below this many units to walk in a build, walking on the main thread alone is faster than starting threads (tests lower it). */
export const poolWalks = {
  minUnits: 24,
  /** The main thread walks the units still out on workers once the queue is empty (tests turn it off to count work on workers). */
  steal: true,
};
/** Units per batch: walks vary (the first units of a thread scan the shared headers), small batches even out the lanes. */
const BATCH_UNITS = 4;

/** One unit's walk: made on the main thread, sent by a worker (its row or its error), or thrown here / by the pool. */
export type Walked<T> = { here: T } | { there: Extract<WalkOutcome, { row: unknown }> } | { thrown: unknown };

export interface WalkLanes<T> {
  pool: ParsePool;
  /** The task of the build, less its units. */
  task: Omit<WalkTask, 'units'>;
  /** Walks unit `i` on the main thread. */
  walkHere(i: number): T;
  /** Records what a worker's walks took (file states, scanned skeletons), as the reply comes in. */
  received(reply: WalkReply): void;
}

/**
 * Walks `units` (`at[k]` is the caller's index of `units[k]`); outcomes by the caller's index. Once the queue is
 * empty the main thread walks the units still out on workers itself rather than wait (a worker's first batches
 * scan headers the main thread has already scanned); the first outcome of a unit is kept, and replies that
 * come in after the last unit has one are dropped.
 */
export async function walkOnLanes<T>(units: CompileUnit[], at: number[], lanes: WalkLanes<T>): Promise<Map<number, Walked<T>>> {
  const out = new Map<number, Walked<T>>();
  const queue: number[][] = [];
  for (let k = 0; k < units.length; k += BATCH_UNITS) queue.push(Array.from({ length: Math.min(BATCH_UNITS, units.length - k) }, (_, j) => k + j));
  const outFor = new Set<number[]>();
  let failed = false;
  let settled = false;
  const next = () => (failed ? undefined : queue.shift());
  const keep = (k: number, w: Walked<T>) => {
    if (out.has(at[k])) return;
    out.set(at[k], w);
    if ('thrown' in w) failed = true;
  };
  const workerLane = async (): Promise<void> => {
    for (let batch = next(); batch; batch = next()) {
      outFor.add(batch);
      let reply: WalkReply;
      try {
        reply = await lanes.pool.walk({ ...lanes.task, units: batch.map((k) => units[k]) });
      } catch (err) {
        if (settled) return;
        if (err instanceof PoolUnavailable) batch.every(walkHere);
        else for (const k of batch) keep(k, { thrown: err });
        continue;
      } finally {
        outFor.delete(batch);
      }
      if (settled) return;
      lanes.received(reply);
      batch.forEach((k, j) => {
        const o = reply.outcomes[j];
        if (!out.has(at[k]) && !('error' in o)) lanes.pool.walkedOnWorkers++;
        keep(k, 'error' in o ? { thrown: new Error(o.error) } : { there: o });
      });
    }
  };
  const walkHere = (k: number): boolean => {
    if (out.has(at[k])) return true;
    try {
      keep(k, { here: lanes.walkHere(at[k]) });
      return true;
    } catch (err) {
      keep(k, { thrown: err });
      return false;
    }
  };
  // The main thread walks batches too, yielding between them so that replies are taken in and finished workers get their next batch.
  const mainLane = async (): Promise<void> => {
    await loopTurn();
    for (let batch = next(); batch; batch = next()) {
      batch.every(walkHere);
      await loopTurn();
    }
    if (poolWalks.steal) for (const batch of [...outFor]) if (!failed) batch.every(walkHere);
  };
  const workers = Promise.all(Array.from({ length: lanes.pool.threads * 2 }, workerLane));
  await mainLane();
  // After a failure, the units before the failing one may still be out: their outcomes decide which error is first.
  if (failed || !poolWalks.steal) await workers;
  settled = true;
  return out;
}
