// The index run's pool of worker threads (piscina): parses batches of masked texts, and walks batches of units
// for the preprocess stage (see pooled-walks.ts). For parsing the main thread takes batches from the same queue;
// each result is attached to its job, so results are identical to a run on the main thread. The pool loads on
// first use (or when warmed) and lives for one index run: a small job, such as a one-file edit, runs inline and
// starts no thread. Workers that cannot start leave the run to the main thread (see ready()). The work of a thread
// that dies in a task (an exit, an uncaught throw, memory) is given again, each file or unit alone on the pool (see
// TaskGate), and the run warns of it (`deaths`); one whose thread dies again fails its build with an error naming it.
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ResourceLimits } from 'node:worker_threads';
import type { Piscina } from 'piscina';
import type { ParseJob } from './mask-files.js';
import type { PoolTask, WarmUpTask } from './parse-worker.js';
import type { WalkReply, WalkTask } from './walk-worker.js';
import { loopTurn } from './loop-turn.js';
import { TaskGate } from './task-gate.js';
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

/** Tests set another worker module, or limits for the threads' memory. */
export const poolThreads: { workerFile?: string; resourceLimits?: ResourceLimits } = {};

/** Thrown to a task when no worker thread can start: the caller does that work on the main thread. */
export class PoolUnavailable extends Error {}

/** The compiled worker module (tests run the TypeScript sources; workers always load the built file). */
function workerFile(): string {
  if (poolThreads.workerFile) return poolThreads.workerFile;
  const here = fileURLToPath(new URL('./parse-worker.js', import.meta.url));
  return here.includes('/src/indexer/') && !here.includes('/dist/') ? here.replace('/src/indexer/', '/dist/src/indexer/') : here;
}

function cannotStart(err: unknown): PoolUnavailable {
  return new PoolUnavailable(`worker threads cannot start, the run works on the main thread: ${err instanceof Error ? err.message : String(err)}`);
}

/** The task parsing `jobs` on a worker. */
function parseTask(values: ParseTask['values'], jobs: ParseJob[]): ParseTask {
  return { values, jobs: jobs.map((j) => ({ text: j.text, rowsMasked: j.rowsMasked, relPath: j.version.path, language: j.version.language, invocations: j.invocations })) };
}

/** An empty parse: answered once the worker module has loaded. */
const PROBE_TASK: ParseTask = { values: [], jobs: [] };

const reason = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** What a task's failure on a worker says: which work it was, and what ended it (an exit, an uncaught throw, memory). */
function workerFailure(err: unknown, what: string): Error {
  if (err instanceof PoolUnavailable) return err;
  return new Error(`a worker thread failed while ${what}: ${reason(err)}`, { cause: err });
}

/**
 * The run's warning that a thread died in a task whose work was done again: every file of the task is named (a thread
 * runs two tasks at a time, and which file of them ended it is not known; at most 16 texts or 4 units a task).
 */
function deathNote(err: unknown, doing: string, files: string[], done: string): string {
  return `a worker thread died while ${doing} ${files.join(', ')} (${reason(err)}): ${files.length > 1 ? 'each was' : 'it was'} ${done} again, alone on the pool`;
}

/** The failure of a file or unit whose thread died again when it was given alone. */
const diedAgain = (err: unknown, doing: string, file: string): Error => workerFailure(err, `${doing} ${file}, and again when given that file alone`);

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
  /** What each thread that died in a task was doing, its work done again (the run reports them as warnings). */
  readonly deaths: string[] = [];
  private readonly gate = new TaskGate();

  /** Why the worker threads cannot start, once that is known: the rest of the run works on the main thread. */
  unavailable?: Error;

  private warming?: Promise<unknown>;
  private probed?: Promise<Piscina<PoolTask, unknown> | undefined>;
  /** Why the pool was left without a thread and cannot start one, once it was: every task waiting on a thread fails with it. */
  private lostWith?: Error;
  /**
   * Fails each task out on the pool, one per task, each dropped as its task settles. Racing every task against one
   * promise that settles only when the pool is lost kept each task's reply, through that promise's reactions, to the
   * run's end (a run with workers held every walk's and parse's reply: 1 GB by the 22nd build of a many-env project).
   */
  private readonly failOnLoss = new Set<(err: Error) => void>();
  private closed = false;

  constructor(private readonly requested: number) {}

  /** Worker threads the run uses: none once they are known not to start. */
  get threads(): number {
    return this.unavailable ? 0 : this.requested;
  }

  /**
   * Starts the worker threads and has each load the grammars and the preprocessor, while the main thread detects
   * builds or sets up units (a thread takes ~150 ms to start, which would otherwise leave the main thread alone).
   */
  warm(): void {
    if (this.threads === 0 || this.warming) return;
    // The first warm-up proves that a thread starts; the others start the remaining threads.
    this.warming = this.ready(WARM_UP_TASK)
      .then((pool) => pool && Promise.all(Array.from({ length: this.threads - 1 }, () => this.task(pool, WARM_UP_TASK))))
      .catch(() => undefined);
  }

  /**
   * The pool once one thread has answered a first task, or undefined when none can start (the module does not
   * load, or the thread dies at once): then `unavailable` says why and `threads` is 0, so the callers do the
   * work on the main thread, with the same results. Piscina alone would queue the tasks for a thread that
   * never comes, and the run would wait forever.
   */
  private ready(probe: PoolTask = PROBE_TASK): Promise<Piscina<PoolTask, unknown> | undefined> {
    this.probed ??= this.started()
      .then(async (pool) => {
        await this.task(pool, probe);
        return pool;
      })
      .catch((err: unknown) => {
        this.unavailable ??= cannotStart(err);
        return undefined;
      });
    return this.probed;
  }

  /** Runs a task on the pool, or fails it once the pool has no thread left and cannot start one. */
  private task(pool: Piscina<PoolTask, unknown>, task: PoolTask): Promise<unknown> {
    return this.gate.shared(() => this.unlessLost(() => pool.run(task)));
  }

  /** Runs a task on the pool with no other task of the run out (see TaskGate): a thread dying in it died of it. */
  private taskAlone(pool: Piscina<PoolTask, unknown>, task: PoolTask): Promise<unknown> {
    return this.gate.solo(() => this.unlessLost(() => pool.run(task)));
  }

  /** A task's reply, or its failure once the pool is left without a thread (see failOnLoss). */
  private unlessLost(send: () => Promise<unknown>): Promise<unknown> {
    if (this.lostWith) return Promise.reject(this.lostWith);
    return new Promise((resolve, reject) => {
      this.failOnLoss.add(reject);
      send().then(
        (reply) => {
          this.failOnLoss.delete(reject);
          resolve(reply);
        },
        (err: unknown) => {
          this.failOnLoss.delete(reject);
          reject(err);
        },
      );
    });
  }

  /** The pool is left without a thread: the tasks out on it fail with `err`, and so does every later one. */
  private lose(err: Error): void {
    this.lostWith ??= err;
    for (const fail of this.failOnLoss) fail(err);
    this.failOnLoss.clear();
  }

  /**
   * Parses again, each alone on the pool, the jobs of a batch whose thread died (on the main thread once no thread is
   * left); answers the failure of a job whose thread dies again.
   */
  private async parseAgain(pool: Piscina<PoolTask, unknown>, batch: ParseJob[], values: MacroValues, valueList: ParseTask['values'], err: unknown): Promise<Error | undefined> {
    this.deaths.push(deathNote(err, 'parsing', batch.map((j) => j.version.path), 'parsed'));
    for (const job of batch) {
      try {
        const [result] = (await this.taskAlone(pool, parseTask(valueList, [job]))) as NonNullable<ParseJob['version']['parsed']>[];
        job.version.parsed = result;
        this.onWorkers++;
      } catch (again) {
        if (!(again instanceof PoolUnavailable)) return diedAgain(again, 'parsing', job.version.path);
        runParseJobsInline([job], values);
        this.inline++;
      }
    }
    return undefined;
  }

  /** Walks again, each alone on the pool, the units of a task whose thread died; throws when one's thread dies again (or none is left). */
  private async walkAgain(pool: Piscina<PoolTask, unknown>, task: WalkTask, err: unknown): Promise<WalkReply> {
    this.deaths.push(deathNote(err, 'walking', task.units.map((u) => u.file), 'walked'));
    const out: WalkReply = { outcomes: [], files: [], skeletons: [], headerWalks: { walked: 0, replayed: 0 } };
    for (const unit of task.units) {
      let reply: WalkReply;
      try {
        reply = (await this.taskAlone(pool, { ...task, units: [unit] })) as WalkReply;
      } catch (again) {
        throw again instanceof PoolUnavailable ? again : diedAgain(again, 'walking', unit.file);
      }
      out.outcomes.push(...reply.outcomes);
      out.files.push(...reply.files);
      out.skeletons.push(...reply.skeletons);
      out.headerWalks.walked += reply.headerWalks.walked;
      out.headerWalks.replayed += reply.headerWalks.replayed;
    }
    return out;
  }

  private async started(): Promise<Piscina<PoolTask, unknown>> {
    if (!this.pool) {
      const { Piscina } = await import('piscina');
      if (this.closed) throw new Error('the index run is over: no thread is started');
      // Two tasks in flight per worker: the next batch is already in its queue while the main thread parses.
      this.pool ??= new Piscina({ filename: workerFile(), minThreads: 1, maxThreads: this.threads, idleTimeout: 1000, concurrentTasksPerWorker: 2, resourceLimits: poolThreads.resourceLimits });
      // piscina emits 'error' only for what no task waits on: a thread that failed while idle (it is replaced)
      // or a reply whose task was already settled, as when close() ends threads still answering their warm-up.
      // Every task's own failure rejects that task's promise and fails its build, so these are only counted:
      // unheard, the event would be thrown from the message handler and end the process. A thread that fails
      // while starting is not replaced: when none is left, no queued task would ever run.
      const pool = this.pool;
      pool.on('error', (err: unknown) => {
        this.poolErrors++;
        if (pool.threads.length > 0) return;
        this.unavailable ??= cannotStart(err);
        this.lose(this.unavailable);
      });
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
    const pool = await this.ready();
    const queue = batchesOf(jobs);
    const valueList = [...values];
    let failure: Error | undefined;
    const parseHere = (batch: ParseJob[]) => {
      runParseJobsInline(batch, values);
      this.inline += batch.length;
    };
    // Once a worker has failed, no lane starts another batch; a pool that lost its threads leaves them to the main thread.
    const next = () => (failure ? undefined : queue.shift());
    const workerLane = async (): Promise<void> => {
      for (let batch = next(); batch && pool; batch = next()) {
        let results: NonNullable<ParseJob['version']['parsed']>[];
        try {
          results = (await this.task(pool, parseTask(valueList, batch))) as typeof results;
        } catch (err) {
          if (err instanceof PoolUnavailable) parseHere(batch);
          else if (!failure) {
            const again = await this.parseAgain(pool, batch, values, valueList, err);
            failure ??= again;
          }
          continue;
        }
        batch.forEach((j, i) => (j.version.parsed = results[i]));
        this.onWorkers += batch.length;
      }
    };
    // The main thread takes batches too, yielding between them so finished workers get their next batch.
    const mainLane = async (): Promise<void> => {
      await loopTurn();
      for (let batch = next(); batch; batch = next()) {
        parseHere(batch);
        await loopTurn();
      }
    };
    await Promise.all([...Array.from({ length: pool ? this.requested * 2 : 0 }, workerLane), mainLane()]);
    if (failure) throw failure;
  }

  /** Walks a batch of units on a worker (see walk-worker.ts); throws PoolUnavailable when no thread can start. */
  async walk(task: WalkTask): Promise<WalkReply> {
    await this.warming;
    const pool = await this.ready();
    if (!pool) throw this.unavailable ?? new PoolUnavailable('worker threads cannot start');
    let reply: WalkReply;
    try {
      reply = (await this.task(pool, task)) as WalkReply;
    } catch (err) {
      if (err instanceof PoolUnavailable) throw err;
      reply = await this.walkAgain(pool, task, err);
    }
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
