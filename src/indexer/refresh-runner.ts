// Runs background index refreshes in a child process (refresh-worker), one job at a time per project from
// this process, and keeps what status needs: running, last progress line, last outcome. The child stays
// between jobs and leaves when idle. It decides nothing about when to refresh; the caller does.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RefreshJob {
  root: string;
  builds: { variant: string; image: string }[];
  /** Instead of builds: fill in the trigrams of deferred files, up to this many bytes (fill-content-index.ts). */
  fillBytes?: number;
  /** Wait this long before indexing (lets tests see a run in progress without timing the indexer). */
  holdMs?: number;
}

export type RefreshMessage =
  | { type: 'progress'; message: string }
  | { type: 'done'; parsed: number; reused: number; elapsedMs: number }
  | { type: 'filled'; filled: number; remaining: number; elapsedMs: number }
  | { type: 'busy'; message: string }
  | { type: 'error'; message: string };

/** done: indexed; busy: another process held the writer lock; failed: the run or the child failed. */
export type RefreshOutcome = 'done' | 'busy' | 'failed';

export interface RefreshState {
  running: boolean;
  /** Process id of the child doing the run. */
  pid: number | null;
  startedAt: string | null;
  progress: string | null;
  lastOutcome: RefreshOutcome | null;
  lastMessage: string | null;
  lastFinishedAt: string | null;
  runs: number;
  /** Fill jobs finished (trigrams of deferred files filled in; not re-index runs, so not in running or runs). */
  fills: number;
}

/** The compiled worker beside this module, or the built one when this module runs from the sources (tests). */
function workerPath(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const beside = path.join(here, 'refresh-worker.js');
  if (fs.existsSync(beside)) return beside;
  return path.resolve(here, '..', '..', 'dist', 'src', 'indexer', 'refresh-worker.js');
}

const idle = (): RefreshState => ({ running: false, pid: null, startedAt: null, progress: null, lastOutcome: null, lastMessage: null, lastFinishedAt: null, runs: 0, fills: 0 });

interface Worker {
  child: ChildProcess;
  stderr: string;
}

export class RefreshRunner {
  private readonly states = new Map<string, RefreshState>();
  private readonly workers = new Map<string, Worker>();
  /** Projects whose worker runs a fill job now. */
  private readonly filling = new Set<string>();
  private closed = false;

  constructor(private readonly onFinished: (root: string, outcome: RefreshOutcome) => void) {}

  state(root: string): RefreshState {
    return { ...(this.states.get(root) ?? idle()) };
  }

  running(root: string): boolean {
    return this.states.get(root)?.running ?? false;
  }

  /** A job of this process (a refresh or a fill) is under way for the project. */
  busy(root: string): boolean {
    return this.running(root) || this.filling.has(root);
  }

  /** Start a refresh of `job.builds` (or a fill); false when a job of this process is already under way for the project. */
  start(job: RefreshJob): boolean {
    if (this.closed || this.busy(job.root)) return false;
    const state = this.states.get(job.root) ?? idle();
    this.states.set(job.root, state);
    const worker = this.workers.get(job.root) ?? this.spawn(job.root);
    if (job.fillBytes !== undefined) {
      this.filling.add(job.root);
      worker.child.send({ type: 'job', job });
      return true;
    }
    Object.assign(state, { running: true, pid: worker.child.pid ?? null, startedAt: new Date().toISOString(), progress: 'starting', runs: state.runs + 1 });
    worker.child.send({ type: 'job', job });
    return true;
  }

  /** Stop every worker (the server is going away); a run in progress rolls back its open transaction. */
  close(): void {
    this.closed = true;
    for (const w of this.workers.values()) w.child.kill();
    this.workers.clear();
  }

  private spawn(root: string): Worker {
    const child = fork(workerPath(), [], { cwd: root, stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'json' });
    const worker: Worker = { child, stderr: '' };
    this.workers.set(root, worker);
    child.stderr?.on('data', (d: Buffer) => (worker.stderr = (worker.stderr + d.toString()).slice(-2000)));
    child.on('message', (m: RefreshMessage) => {
      if (this.filling.has(root)) {
        if (m.type !== 'progress') this.finishFill(root, m.type === 'filled' ? 'done' : m.type === 'busy' ? 'busy' : 'failed');
        return;
      }
      const state = this.states.get(root);
      if (!state?.running) return;
      if (m.type === 'progress') state.progress = m.message;
      else if (m.type === 'done') this.finish(root, 'done', `re-indexed: ${m.parsed} file(s) parsed, ${m.reused} reused, in ${Math.round(m.elapsedMs)} ms`);
      else if (m.type !== 'filled') this.finish(root, m.type === 'busy' ? 'busy' : 'failed', m.message);
    });
    child.on('exit', (code, signal) => {
      if (this.workers.get(root)?.child === child) this.workers.delete(root);
      if (this.filling.has(root)) this.finishFill(root, 'failed');
      if (this.running(root)) this.finish(root, 'failed', worker.stderr.trim() || `the refresh process ended (${signal ?? `exit code ${code}`})`);
    });
    return worker;
  }

  private finishFill(root: string, outcome: RefreshOutcome): void {
    this.filling.delete(root);
    const state = this.states.get(root);
    if (state && outcome === 'done') state.fills++;
    if (!this.closed) this.onFinished(root, outcome);
  }

  private finish(root: string, outcome: RefreshOutcome, message: string): void {
    const state = this.states.get(root)!;
    Object.assign(state, { running: false, pid: null, progress: null, lastOutcome: outcome, lastMessage: message, lastFinishedAt: new Date().toISOString() });
    if (!this.closed) this.onFinished(root, outcome);
  }
}
