// A lock file beside the index says an index run is in progress (pid + start time), so status can say
// `reindexing`; a lock left by a dead process is ignored and replaced.
import fs from 'node:fs';
import path from 'node:path';
import { STATE_DIR } from '../project/config.js';

export function lockPath(root: string): string {
  return path.join(root, STATE_DIR, 'index.lock');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running index run's lock, or null. */
export function readLock(root: string): { pid: number; startedAt: string; progress?: string } | null {
  try {
    const data = JSON.parse(fs.readFileSync(lockPath(root), 'utf8')) as { pid: number; startedAt: string; progress?: string };
    return alive(data.pid) ? data : null;
  } catch {
    return null;
  }
}

export function acquireLock(root: string): () => void {
  const existing = readLock(root);
  if (existing && existing.pid !== process.pid) {
    throw new Error(`another fw-context index run (pid ${existing.pid}, started ${existing.startedAt}) is indexing this project; wait for it to finish`);
  }
  const file = lockPath(root);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const startedAt = new Date().toISOString();
  fs.writeFileSync(file, JSON.stringify({ pid: process.pid, startedAt }));
  return () => fs.rmSync(file, { force: true });
}

export function updateLockProgress(root: string, progress: string): void {
  try {
    fs.writeFileSync(lockPath(root), JSON.stringify({ pid: process.pid, startedAt: readLock(root)?.startedAt ?? new Date().toISOString(), progress }));
  } catch {
    /* progress is best effort */
  }
}
