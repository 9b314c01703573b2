// The JSON file beside the writer lock that names the running index run and its last progress line, as
// status reads it (apart from index-lock.ts, whose operating-system lock needs SQLite). A JSON file whose
// process is dead is ignored.
import fs from 'node:fs';
import path from 'node:path';
import { STATE_DIR } from '../project/config.js';

export interface LockInfo {
  pid: number;
  startedAt: string;
  progress?: string;
}

/** The JSON file that names the running index run. */
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
export function readLock(root: string): LockInfo | null {
  try {
    const data = JSON.parse(fs.readFileSync(lockPath(root), 'utf8')) as LockInfo;
    return alive(data.pid) ? data : null;
  } catch {
    return null;
  }
}

export function readLockRaw(file: string): LockInfo | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as LockInfo;
  } catch {
    return null;
  }
}
