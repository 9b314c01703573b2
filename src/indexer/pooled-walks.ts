// Walks the units of a build that no stored result answers, on the pool's worker threads and on the main
// thread, which takes batches from the same queue. Each outcome stays in its unit's place: the caller attaches
// results in unit order, whatever order the walks finished in. Once a walk throws (or a worker dies), no
// further batch is started: every unit before the failing one has its outcome, as in a walk in order.
import type { CompileUnit } from '../../adapters/contract.js';
import type { ParsePool } from './parse-pool.js';
import type { WalkOutcome, WalkReply, WalkTask } from './walk-worker.js';

/** Below this many units to walk in a build, walking on the main thread alone is faster than starting threads (tests lower it). */
export const poolWalks = { minUnits: 24 };
/** Units per batch: walks vary (the first units of a thread scan the shared headers), small batches even out the lanes. */
const BATCH_UNITS = 4;

/** One unit's walk: made on the main thread, sent by a worker (its row or its error), or thrown here / by the pool. */
export type Walked<T> = { here: T } | { there: Extract<WalkOutcome, { row: unknown }> } | { thrown: unknown };

export interface WalkLanes<T> {
  pool: ParsePool;
  /** The task of the build, less its units. */
  task: Omit<WalkTask, 'units' | 'chainKeys'>;
  /** The key of unit `i`'s include search chain, as set up on the main thread. */
  chainKey(i: number): string;
  /** Walks unit `i` on the main thread. */
  walkHere(i: number): T;
  /** Records what a worker's walks took (file states, scanned skeletons), as the reply comes in. */
  received(reply: WalkReply): void;
}

const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Walks `units` (indexes into the caller's list: `at[k]` is the caller's index of `units[k]`); outcomes by the caller's index. */
export async function walkOnLanes<T>(units: CompileUnit[], at: number[], lanes: WalkLanes<T>): Promise<Map<number, Walked<T>>> {
  const out = new Map<number, Walked<T>>();
  const queue: number[][] = [];
  for (let k = 0; k < units.length; k += BATCH_UNITS) queue.push(Array.from({ length: Math.min(BATCH_UNITS, units.length - k) }, (_, j) => k + j));
  let failed = false;
  const next = () => (failed ? undefined : queue.shift());
  const workerLane = async (): Promise<void> => {
    for (let batch = next(); batch; batch = next()) {
      let reply: WalkReply;
      try {
        reply = await lanes.pool.walk({ ...lanes.task, units: batch.map((k) => units[k]), chainKeys: batch.map((k) => lanes.chainKey(at[k])) });
      } catch (err) {
        failed = true;
        for (const k of batch) out.set(at[k], { thrown: err });
        continue;
      }
      lanes.received(reply);
      batch.forEach((k, j) => {
        const o = reply.outcomes[j];
        if ('error' in o) {
          failed = true;
          out.set(at[k], { thrown: new Error(o.error) });
        } else out.set(at[k], { there: o });
      });
    }
  };
  // The main thread walks batches too, yielding between them so that replies are taken in and finished workers get their next batch.
  const mainLane = async (): Promise<void> => {
    await yieldToLoop();
    for (let batch = next(); batch; batch = next()) {
      for (const k of batch) {
        try {
          out.set(at[k], { here: lanes.walkHere(at[k]) });
        } catch (err) {
          failed = true;
          out.set(at[k], { thrown: err });
          break;
        }
      }
      await yieldToLoop();
    }
  };
  await Promise.all([...Array.from({ length: lanes.pool.threads * 2 }, workerLane), mainLane()]);
  return out;
}
