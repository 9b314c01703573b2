// An exclusive lock between processes that the operating system drops when its holder dies: an SQLite
// EXCLUSIVE transaction on a small file of its own (a POSIX/Windows file lock underneath). Never waits.
import { openDatabase } from './sqlite-driver.js';

/** Take the lock on `file` (created when missing): its release function, or null when another holder has it. */
export function tryProcessLock(file: string): (() => void) | null {
  const db = openDatabase(file, { timeout: 0 });
  try {
    db.exec('BEGIN EXCLUSIVE');
  } catch (err) {
    db.close();
    const code = (err as { code?: string }).code ?? '';
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return null;
    throw err;
  }
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    try {
      db.exec('ROLLBACK');
    } finally {
      db.close();
    }
  };
}
