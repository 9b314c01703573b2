// Worker-thread entry of the index run's pool: parses a batch of masked texts with tree-sitter and returns the
// extractions, or walks a batch of units (walk-worker.ts, loaded on first use or at warm-up). Plain data in
// and out; opens no database: the main thread writes.
import { parseJob, type ParseTask } from './parse-jobs.js';
import type { WalkReply, WalkTask } from './walk-worker.js';

/** Loads the walking side too (the pool warms its threads with it). */
export interface WarmUpTask extends ParseTask {
  kind: 'warm-up';
}

export type PoolTask = ParseTask | WalkTask | WarmUpTask;

let walker: Promise<typeof import('./walk-worker.js')> | undefined;
const walkModule = () => (walker ??= import('./walk-worker.js'));

function parseBatch(task: ParseTask): ReturnType<typeof parseJob>[] {
  const values = new Map(task.values);
  return task.jobs.map((j) => parseJob(j, values));
}

export default function runTask(task: PoolTask): ReturnType<typeof parseJob>[] | Promise<WalkReply | ReturnType<typeof parseJob>[]> {
  if ('kind' in task && task.kind === 'walk') return walkModule().then((m) => m.walkBatch(task));
  if ('kind' in task && task.kind === 'warm-up') return walkModule().then(() => parseBatch(task));
  return parseBatch(task);
}
