// Runs parse jobs on a pool of worker threads (piscina), in batches, and attaches each result to its job
// in job order, so results are identical to a run on the main thread. The pool (and piscina) loads on first use
// and lives for one index run: a small job, such as a one-file edit, runs inline and starts no thread.
// Leaves out preprocessing, which shares per-run caches and stays on the main thread.
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Piscina } from 'piscina';
import type { ParseJob } from './mask-files.js';
import { runParseJobsInline, type MacroValues, type ParseTask } from './parse-jobs.js';

/** Below this many jobs in a build, parsing on the main thread is faster than shipping texts to workers. */
export const MIN_JOBS_FOR_WORKERS = 48;
const BATCH_BYTES = 512 * 1024;

/** Worker threads to use when the caller does not say: all cores but one, at most 8. */
export function defaultWorkerCount(): number {
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  return Math.max(0, Math.min(8, cores - 1));
}

/** The compiled worker module (tests run the TypeScript sources; workers always load the built file). */
function workerFile(): string {
  const here = fileURLToPath(new URL('./parse-worker.js', import.meta.url));
  return here.includes('/src/indexer/') && !here.includes('/dist/') ? here.replace('/src/indexer/', '/dist/src/indexer/') : here;
}

export class ParsePool {
  private pool?: Piscina<ParseTask, unknown>;
  /** Jobs parsed on workers / on the main thread, for tests and reports. */
  onWorkers = 0;
  inline = 0;

  constructor(readonly threads: number) {}

  async run(jobs: ParseJob[], values: MacroValues): Promise<void> {
    if (this.threads === 0 || jobs.length < MIN_JOBS_FOR_WORKERS) {
      this.inline += jobs.length;
      runParseJobsInline(jobs, values);
      return;
    }
    if (!this.pool) {
      const { Piscina } = await import('piscina');
      this.pool = new Piscina({ filename: workerFile(), minThreads: 1, maxThreads: this.threads, idleTimeout: 1000 });
    }
    const valueList = [...values];
    const batches: ParseJob[][] = [];
    let cur: ParseJob[] = [];
    let bytes = 0;
    for (const job of jobs) {
      cur.push(job);
      bytes += job.text.length;
      if (bytes >= BATCH_BYTES || cur.length >= 64) {
        batches.push(cur);
        cur = [];
        bytes = 0;
      }
    }
    if (cur.length) batches.push(cur);
    await Promise.all(
      batches.map(async (batch) => {
        const task: ParseTask = { values: valueList, jobs: batch.map((j) => ({ text: j.text, rowsMasked: j.rowsMasked, relPath: j.version.path, language: j.version.language, invocations: j.invocations })) };
        const results = (await this.pool!.run(task)) as NonNullable<ParseJob['version']['parsed']>[];
        batch.forEach((j, i) => (j.version.parsed = results[i]));
      }),
    );
    this.onWorkers += jobs.length;
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = undefined;
  }
}
