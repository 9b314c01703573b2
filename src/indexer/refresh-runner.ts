// Runs background index refreshes in a child process (refresh-worker), at most one per project from this
// process, and keeps what status needs: running, last progress line, last outcome. It decides nothing about
// when to refresh; the caller does.
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface RefreshJob {
  root: string;
  builds: { variant: string; image: string }[];
  /** Wait this long before indexing (lets tests see a run in progress without timing the indexer). */
  holdMs?: number;
}

export type RefreshMessage =
  | { type: 'progress'; message: string }
  | { type: 'done'; parsed: number; reused: number; elapsedMs: number; errors: string[] }
  | { type: 'busy'; message: string }
  | { type: 'error'; message: string };

export const EXIT_BUSY = 3;

export type RefreshOutcome = 'done' | 'busy' | 'failed';

export interface RefreshState {
  running: boolean;
  pid: number | null;
  startedAt: string | null;
  progress: string | null;
  lastOutcome: RefreshOutcome | null;
  lastMessage: string | null;
  lastFinishedAt: string | null;
  runs: number;
}

/** The compiled worker beside this module, or the built one when this module runs from the sources (tests). */
function workerPath(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const beside = path.join(here, 'refresh-worker.js');
  if (fs.existsSync(beside)) return beside;
  return path.resolve(here, '..', '..', 'dist', 'src', 'indexer', 'refresh-worker.js');
}

const idle = (): RefreshState => ({ running: false, pid: null, startedAt: null, progress: null, lastOutcome: null, lastMessage: null, lastFinishedAt: null, runs: 0 });

export class RefreshRunner {
  private readonly states = new Map<string, RefreshState>();
  private readonly children = new Map<string, ChildProcess>();

  constructor(private readonly onFinished: (root: string, outcome: RefreshOutcome) => void) {}

  state(root: string): RefreshState {
    return { ...(this.states.get(root) ?? idle()) };
  }

  running(root: string): boolean {
    return this.children.has(root);
  }

  /** Start a refresh of `job.builds`; false when one of this process is already running for the project. */
  start(job: RefreshJob): boolean {
    if (this.children.has(job.root)) return false;
    const state = this.states.get(job.root) ?? idle();
    this.states.set(job.root, state);
    const child = fork(workerPath(), [JSON.stringify(job)], { cwd: job.root, stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'json' });
    Object.assign(state, { running: true, pid: child.pid ?? null, startedAt: new Date().toISOString(), progress: 'starting', runs: state.runs + 1 });
    this.children.set(job.root, child);
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
    let last: RefreshMessage | null = null;
    child.on('message', (m: RefreshMessage) => {
      last = m;
      if (m.type === 'progress') state.progress = m.message;
    });
    child.on('exit', (code) => {
      this.children.delete(job.root);
      const outcome: RefreshOutcome = code === 0 ? 'done' : code === EXIT_BUSY ? 'busy' : 'failed';
      const msg = last as RefreshMessage | null;
      const detail = msg?.type === 'done' ? `re-parsed ${msg.parsed} file(s) in ${Math.round(msg.elapsedMs)} ms${msg.errors.length ? `; ${msg.errors.join('; ')}` : ''}` : msg && 'message' in msg ? msg.message : stderr.trim() || `exit code ${code}`;
      Object.assign(state, { running: false, pid: null, progress: null, lastOutcome: outcome, lastMessage: detail, lastFinishedAt: new Date().toISOString() });
      this.onFinished(job.root, outcome);
    });
    return true;
  }

  /** Stop every running refresh (the server is going away); their writes roll back. */
  close(): void {
    for (const child of this.children.values()) child.kill();
    this.children.clear();
  }
}
