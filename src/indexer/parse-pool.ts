// The index run's pool of worker threads (piscina): parses batches of masked texts, and walks batches of units
// for the preprocess stage (see pooled-walks.ts). For parsing the main thread takes batches from the same queue;
// each result is attached to its job, so results are identical to a run on the main thread. The pool loads on
// first use (or when warmed) and lives for one index run: a small job, such as a one-file edit, runs inline and
// starts no thread.
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Piscina } from 'piscina';
import type { ParseJob } from './mask-files.js';
import type { PoolTask, WarmUpTask } from './parse-worker.js';
import type { WalkReply, WalkTask } from './walk-worker.js';
import { loopTurn } from './loop-turn.js';
import { runParseJobsInline, type MacroValues, type ParseTask } from './parse-jobs.js';

/** Below this many jobs in a build, parsing on the main thread is faster than shipping texts to workers. */
export const MIN_JOBS_FOR_WORKERS = 48;
/** A batch is about this much text (or BATCH_JOBS jobs): small enough that the lanes finish together. */
const BATCH_BYTES = 96 * 1024;
const BATCH_JOBS = 16;

/** Jobs cut into batches, in job order. */
function batchesOf(jobs: ParseJob[]): ParseJob[][] {
  const batches: ParseJob[][] = [];
  let cur: ParseJob[] = [];
  let bytes = 0;
  for (const job of jobs) {
    cur.push(job);
    bytes += job.text.length;
    if (bytes >= BATCH_BYTES || cur.length >= BATCH_JOBS) {
      batches.push(cur);
      cur = [];
      bytes = 0;
    }
  }
  if (cur.length) batches.push(cur);
  return batches;
}

/** Parses a line of C and of C++: loads both grammars (and the walking side) in a worker. */
const WARM_UP_TASK: WarmUpTask = {
  kind: 'warm-up',
  values: [],
  jobs: (['c', 'cpp'] as const).map((language) => ({ text: 'int warm_up;\n', rowsMasked: new Uint8Array(0), relPath: `warm-up.${language}`, language })),
};


/**
 * Worker threads to use when the caller does not say: all cores but two, at most 8. The main thread walks and
 * parses too, and V8's collector and compiler threads need a core of their own: on 2 cores one worker made the
 * full index slower (both threads parsed at ~60 % speed; a worker walks the shared headers again: +31-40 % CPU
 * instructions in all), so there the main thread works alone.
 */
export function defaultWorkerCount(): number {
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  return Math.max(0, Math.min(8, cores - 2));
}

/** The compiled worker module (tests run the TypeScript sources; workers always load the built file). */
function workerFile(): string {
  const here = fileURLToPath(new URL('./parse-worker.js', import.meta.url));
  return here.includes('/src/indexer/') && !here.includes('/dist/') ? here.replace('/src/indexer/', '/dist/src/indexer/') : here;
}

export class ParsePool {
  private pool?: Piscina<PoolTask, unknown>;
  /** Jobs parsed on workers / on the main thread, for tests and reports. */
  onWorkers = 0;
  inline = 0;
  /** Units whose walk on a worker was used (see pooled-walks.ts), and the header walks workers walked / replayed. */
  walkedOnWorkers = 0;
  workerHeaderWalks = { walked: 0, replayed: 0 };
  /** Errors the pool reported that no task waited on (see started()). */
  poolErrors = 0;

  private warming?: Promise<unknown>;
  private closed = false;

  constructor(readonly threads: number) {}

  /**
   * Starts the worker threads and has each load the grammars and the preprocessor, while the main thread detects
   * builds or sets up units (a thread takes ~150 ms to start, which would otherwise leave the main thread alone).
   */
  warm(): void {
    if (this.threads === 0 || this.warming) return;
    this.warming = this.started()
      .then((pool) => Promise.all(Array.from({ length: this.threads }, () => pool.run(WARM_UP_TASK))))
      .catch(() => undefined);
  }

  private async started(): Promise<Piscina<PoolTask, unknown>> {
    if (!this.pool) {
      const { Piscina } = await import('piscina');
      if (this.closed) throw new Error('the index run is over: no thread is started');
      // Two tasks in flight per worker: the next batch is already in its queue while the main thread parses.
      this.pool ??= new Piscina({ filename: workerFile(), minThreads: 1, maxThreads: this.threads, idleTimeout: 1000, concurrentTasksPerWorker: 2 });
      // piscina emits 'error' only for what no task waits on: a thread that failed while idle (it is replaced)
      // or a reply whose task was already settled, as when close() ends threads still answering their warm-up.
      // Every task's own failure rejects that task's promise and fails its build, so these are only counted:
      // unheard, the event would be thrown from the message handler and end the process.
      this.pool.on('error', () => this.poolErrors++);
    }
    return this.pool;
  }

  async run(jobs: ParseJob[], values: MacroValues): Promise<void> {
    if (this.threads === 0 || jobs.length < MIN_JOBS_FOR_WORKERS) {
      this.inline += jobs.length;
      runParseJobsInline(jobs, values);
      return;
    }
    await this.warming;
    const pool = await this.started();
    const queue = batchesOf(jobs);
    const valueList = [...values];
    const workerLane = async (): Promise<void> => {
      for (let batch = queue.shift(); batch; batch = queue.shift()) {
        const task: ParseTask = { values: valueList, jobs: batch.map((j) => ({ text: j.text, rowsMasked: j.rowsMasked, relPath: j.version.path, language: j.version.language, invocations: j.invocations })) };
        const results = (await pool.run(task)) as NonNullable<ParseJob['version']['parsed']>[];
        batch.forEach((j, i) => (j.version.parsed = results[i]));
        this.onWorkers += batch.length;
      }
    };
    // The main thread takes batches too, yielding between them so finished workers get their next batch.
    const mainLane = async (): Promise<void> => {
      await loopTurn();
      for (let batch = queue.shift(); batch; batch = queue.shift()) {
        runParseJobsInline(batch, values);
        this.inline += batch.length;
        await loopTurn();
      }
    };
    await Promise.all([...Array.from({ length: this.threads * 2 }, workerLane), mainLane()]);
  }

  /** Walks a batch of units on a worker (see walk-worker.ts). */
  async walk(task: WalkTask): Promise<WalkReply> {
    await this.warming;
    const pool = await this.started();
    const reply = (await pool.run(task)) as WalkReply;
    this.workerHeaderWalks.walked += reply.headerWalks.walked;
    this.workerHeaderWalks.replayed += reply.headerWalks.replayed;
    return reply;
  }

  /** Ends the threads; threads still starting are not waited for (a small first index warmed them for nothing). */
  async close(): Promise<void> {
    this.closed = true;
    await this.pool?.destroy();
    this.pool = undefined;
  }
}
