// One index writer per project at a time. The exclusion is an operating-system lock (index/process-lock),
// so a killed writer leaves nothing that blocks the next; beside it a small JSON file says who runs and
// its last progress line, for status (`reindexing`). A JSON file whose process is dead is ignored.
import fs from 'node:fs';
import path from 'node:path';
import { tryProcessLock } from '../index/process-lock.js';
import { STATE_DIR } from '../project/config.js';
import { lockPath, readLock, readLockRaw, type LockInfo } from './lock-file.js';

export { lockPath, readLock, type LockInfo } from './lock-file.js';

/** The file the operating-system lock is taken on. */
export function writerLockPath(root: string): string {
  return path.join(root, STATE_DIR, 'index.writer-lock');
}

export class IndexBusyError extends Error {}

/** Take the writer lock: its release function, or IndexBusyError naming the run that holds it. */
export function acquireLock(root: string): () => void {
  fs.mkdirSync(path.join(root, STATE_DIR), { recursive: true });
  const releaseOs = tryProcessLock(writerLockPath(root));
  if (!releaseOs) {
    const holder = readLock(root);
    const who = holder ? ` (pid ${holder.pid}, started ${holder.startedAt}${holder.progress ? `, at "${holder.progress}"` : ''})` : '';
    throw new IndexBusyError(`another fw-context index run${who} is indexing this project; wait for it to finish`);
  }
  const file = lockPath(root);
  const mine: LockInfo = { pid: process.pid, startedAt: new Date().toISOString() };
  fs.writeFileSync(file, JSON.stringify(mine));
  return () => {
    try {
      // Only the JSON of this run: a run that started after a crash of ours writes its own.
      // unlinkSync, not rmSync: rmSync loads Node's recursive-removal module for a single file.
      if (readLockRaw(file)?.pid === process.pid) unlinkQuietly(file);
    } finally {
      releaseOs();
    }
  };
}

/**
 * The operating-system lock alone, without the JSON that names a run: for a write that changes no answer (the
 * server filling in deferred trigrams), which status must not report as a re-index. IndexBusyError when taken.
 */
export function acquireQuietLock(root: string): () => void {
  fs.mkdirSync(path.join(root, STATE_DIR), { recursive: true });
  const release = tryProcessLock(writerLockPath(root));
  if (!release) throw new IndexBusyError('another fw-context index run is indexing this project');
  return release;
}

function unlinkQuietly(file: string): void {
  try {
    fs.unlinkSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

export function updateLockProgress(root: string, progress: string): void {
  try {
    const file = lockPath(root);
    const current = readLockRaw(file);
    if (current && current.pid !== process.pid) return;
    fs.writeFileSync(file, JSON.stringify({ pid: process.pid, startedAt: current?.startedAt ?? new Date().toISOString(), progress }));
  } catch {
    /* progress is best effort */
  }
}
