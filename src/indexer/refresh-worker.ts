// Child process of `fw-context serve`: re-indexes the builds each job names, off the server's request path,
// and reports over IPC. It stays for the next job (no start-up cost per edit) and leaves when idle, or at
// once when the server that started it goes away.
import { acquireLock, acquireQuietLock, IndexBusyError, updateLockProgress } from './index-lock.js';
import { indexProject } from './index-project.js';
import { fillDeferredContent } from './fill-content-index.js';
import { openIndexForUpdate } from '../index/open-index.js';
import { indexPath } from '../project/config.js';
import type { RefreshJob, RefreshMessage } from './refresh-runner.js';
import { QueryError } from '../query/query-error.js';

const IDLE_EXIT_MS = Number(process.env.FW_CONTEXT_REFRESH_IDLE_MS ?? 60_000);

const send = (m: RefreshMessage) => new Promise<void>((resolve) => (process.send ? process.send(m, () => resolve()) : resolve()));

/**
 * Fill in deferred trigrams under the writer lock (an index run waits at most this one job). The lock is taken
 * quietly: the fill changes no answer, so status does not show it as a re-index.
 */
async function fillJob(job: RefreshJob): Promise<RefreshMessage> {
  const release = acquireQuietLock(job.root);
  try {
    const db = openIndexForUpdate(indexPath(job.root));
    if (!db) return { type: 'filled', filled: 0, remaining: 0, elapsedMs: 0 };
    try {
      const r = fillDeferredContent(db, job.root, { maxBytes: job.fillBytes });
      return { type: 'filled', filled: r.filled, remaining: r.remaining, elapsedMs: r.elapsedMs };
    } finally {
      db.close();
    }
  } finally {
    release();
  }
}

async function runJob(job: RefreshJob): Promise<RefreshMessage> {
  if (job.fillBytes !== undefined) return fillJob(job);
  if (job.holdMs) {
    // Held under the writer lock, as the indexing that follows is: other servers see this run, and a kill here is a kill of a lock holder.
    const release = acquireLock(job.root);
    try {
      const message = `waiting ${job.holdMs} ms before indexing`;
      updateLockProgress(job.root, message);
      await send({ type: 'progress', message });
      await new Promise((r) => setTimeout(r, job.holdMs));
    } finally {
      release();
    }
  }
  let parsed = 0;
  let reused = 0;
  const errors: string[] = [];
  const started = performance.now();
  for (const [i, b] of job.builds.entries()) {
    const label = `refresh ${i + 1}/${job.builds.length} ${b.variant}/${b.image}`;
    let result;
    try {
      result = await indexProject({ root: job.root, variant: b.variant, image: b.image, dropUndeclared: true, onProgress: (message) => void send({ type: 'progress', message: `${label}: ${message}` }) });
    } catch (err) {
      // A build gone from the project since the job was queued: say so and refresh the others.
      if (!(err instanceof QueryError)) throw err;
      errors.push(`${b.variant}/${b.image}: ${err.message}`);
      continue;
    }
    parsed += result.parsed;
    reused += result.reused;
    errors.push(...result.builds.flatMap((s) => (s.error ? [`${s.variant}/${s.image}: ${s.error}`] : [])));
  }
  const elapsedMs = performance.now() - started;
  return errors.length ? { type: 'error', message: errors.join('; ') } : { type: 'done', parsed, reused, elapsedMs };
}

function main(): void {
  let idle: NodeJS.Timeout | null = null;
  const armIdle = () => {
    idle = setTimeout(() => process.exit(0), IDLE_EXIT_MS);
  };
  process.on('disconnect', () => process.exit(2));
  process.on('message', async (m: { type: 'job'; job: RefreshJob }) => {
    if (m?.type !== 'job') return;
    if (idle) clearTimeout(idle);
    let answer: RefreshMessage;
    try {
      answer = await runJob(m.job);
    } catch (err) {
      answer = { type: err instanceof IndexBusyError ? 'busy' : 'error', message: (err as Error).message };
    }
    await send(answer);
    armIdle();
  });
  armIdle();
}

main();
