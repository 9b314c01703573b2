// A first index (no index file yet) is written into a temporary file beside it, without a journal file, WAL or
// syncs, copied compact and renamed into place whole at the end of the run: a killed first run leaves no index.
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './read-index.js';
import { openDatabase } from './sqlite-driver.js';

/** The temporary file of a first index being written, and the descriptor it is synced through. */
export interface FirstIndexFile {
  temp: string;
  file: string;
  fd: number;
  /** An early write-back (startWriteBack) still running: the descriptor is closed when it ends. */
  syncing: boolean;
  closed: boolean;
}

/** The temporary file a first index is written into; the process id keeps two writers' names apart. */
export function firstIndexTempPath(file: string): string {
  return `${file}.new-${process.pid}`;
}

/**
 * True when `file` holds no index: missing, or empty without a WAL that holds its pages. Such an index is
 * written whole into a temporary file (see installFirstIndex).
 */
export function isFirstIndex(file: string): boolean {
  const st = fs.statSync(file, { throwIfNoEntry: false });
  if (st === undefined) return true;
  return st.size === 0 && !fs.statSync(`${file}-wal`, { throwIfNoEntry: false })?.size;
}

/**
 * Remove what earlier writers left beside a missing index: their temporary files (a killed first run), and a
 * WAL or shared-memory file of a deleted index, whose frames SQLite would otherwise replay into the new one.
 * The caller holds the writer lock: no other writer's file is in use.
 */
function removeStaleFiles(file: string): void {
  const dir = path.dirname(file);
  const base = path.basename(file);
  for (const name of fs.readdirSync(dir)) {
    if (name.startsWith(`${base}.new-`) || name === `${base}-wal` || name === `${base}-shm`) fs.rmSync(path.join(dir, name), { force: true });
  }
}

/**
 * Create the temporary file of a first index (empty: SQLite makes the database in it). Its descriptor, opened
 * before SQLite's and closed only after SQLite closes the file, syncs it: closing a descriptor of a file would
 * drop the locks SQLite holds on it through its own.
 */
export function createFirstIndexFile(file: string): FirstIndexFile {
  removeStaleFiles(file);
  const temp = firstIndexTempPath(file);
  return { temp, file, fd: fs.openSync(temp, 'wx'), syncing: false, closed: false };
}

/**
 * Open the temporary file of a first index: its rollback journal in memory (a failed build still rolls back;
 * a new file has no earlier content to restore after a crash), no syncs, and its lock held to the end (no
 * other connection opens it, so no transaction looks for a hot journal or rereads the file's header).
 */
export function prepareFirstIndex(db: Db): void {
  db.pragma('locking_mode = EXCLUSIVE');
  db.pragma('journal_mode = MEMORY');
  db.pragma('synchronous = OFF');
}

/**
 * Start writing what the index holds so far to the disk, on a thread of Node's pool while the run goes on
 * (the builds are written; the content index and statistics follow): the closing sync has the rest to write.
 */
export function startWriteBack(f: FirstIndexFile): void {
  if (f.syncing || f.closed) return;
  f.syncing = true;
  fs.fdatasync(f.fd, () => {
    f.syncing = false;
    if (f.closed) fs.close(f.fd, () => {});
  });
}

/**
 * Size of a first index (bytes) from which it is copied compact (see packedCopy). Below it the copy costs more than
 * it saves: ~20 ms of a 108-unit build's ~0.7 s run (cold code, a second file opened, written and synced) for ~4 % of
 * a ~2 MB file. Tests lower it.
 */
export const packFrom = { bytes: 16 << 20 };

/**
 * Close a first index and put it in place: copied compact when large (see packedCopy), switched to WAL as every index
 * is (the mode lives in the file's header), synced once, and renamed over the index path, whole or not at all. When
 * the copy is not made (a small index, a full disk), the file written is put in place as it is.
 */
export function installFirstIndex(db: Db, f: FirstIndexFile): void {
  let packed: string | undefined;
  try {
    // A run ended by an error may leave a transaction open: its committed builds are kept, as in any index.
    if (db.inTransaction) db.exec('ROLLBACK');
    if (fileBytes(db) >= packFrom.bytes) packed = packedCopy(db, f);
    if (packed === undefined) db.pragma('journal_mode = WAL');
  } finally {
    db.close();
    f.closed = true;
  }
  try {
    if (packed === undefined) fs.fsyncSync(f.fd);
  } finally {
    if (!f.syncing) fs.closeSync(f.fd);
  }
  if (packed === undefined) return fs.renameSync(f.temp, f.file);
  syncFile(packed);
  fs.renameSync(packed, f.file);
  fs.rmSync(f.temp, { force: true });
}

/**
 * The first index copied into a file beside it by VACUUM INTO, in WAL mode (undefined when that fails; nothing
 * left). Rows and index entries written in no order leave room in their pages (a 246-env PlatformIO project's
 * index: 7 of its 153 MB); the copy writes each b-tree in order, its pages full, for ~0.4 % of the run's time.
 */
function packedCopy(db: Db, f: FirstIndexFile): string | undefined {
  const packed = `${f.temp}-packed`;
  try {
    db.prepare('VACUUM INTO ?').run(packed);
    const copy = openDatabase(packed, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = WAL');
    } finally {
      copy.close();
    }
    return packed;
  } catch {
    fs.rmSync(packed, { force: true });
    return undefined;
  }
}

/** The database's size in bytes, as its pages count it. */
function fileBytes(db: Db): number {
  return (db.pragma('page_count', { simple: true }) as number) * (db.pragma('page_size', { simple: true }) as number);
}

/** Writes a file's content to the disk. */
function syncFile(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
