// Opens the SQLite index for writing (WAL, foreign keys; a first index in a file of its own, see first-index-file.ts)
// and guards versions: the schema version and the row-format version live in `meta`; a reader never rewrites an
// index written by a newer fw-context (read-index.ts opens for reading).
import fs from 'node:fs';
import path from 'node:path';
import { createFirstIndexFile, installFirstIndex, isFirstIndex, prepareFirstIndex, startWriteBack, type FirstIndexFile } from './first-index-file.js';
import { metaValue as readMeta, type Db } from './read-index.js';
import { openDatabase } from './sqlite-driver.js';
import { ROW_FORMAT_VERSION, SCHEMA_SQL, SCHEMA_VERSION } from './schema.js';

export type { Db };
export { metaValue, openIndexForRead } from './read-index.js';

export class IndexVersionError extends Error {}

/**
 * Open for writing, creating the schema. An index of an older schema or row format is rebuilt from
 * scratch (the caller reindexes everything); a newer one is refused. A first index, or one rebuilt, is
 * written into a temporary file that closeIndexForWrite renames into place (see first-index-file.ts).
 */
export function openIndexForWrite(file: string): { db: Db; rebuilt: boolean } {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (isFirstIndex(file)) return { db: openFirstIndex(file), rebuilt: false };
  const db = openDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  const schema = Number(readMeta(db, 'schema_version') ?? 'NaN');
  const rowFormat = Number(readMeta(db, 'row_format_version') ?? 'NaN');
  const hasTables = (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number }).n > 0;
  if (hasTables && (schema > SCHEMA_VERSION || rowFormat > ROW_FORMAT_VERSION)) {
    db.close();
    throw new IndexVersionError(
      `${file} was written by a newer fw-context (schema ${schema}, row format ${rowFormat}; this one knows ${SCHEMA_VERSION}/${ROW_FORMAT_VERSION}). Upgrade fw-context, or delete the file to rebuild it with this version.`,
    );
  }
  if (hasTables && (schema !== SCHEMA_VERSION || rowFormat !== ROW_FORMAT_VERSION)) {
    db.close();
    // Its WAL and shared-memory files go with the temporary file's set-up (see createFirstIndexFile).
    fs.rmSync(file, { force: true });
    return { db: openFirstIndex(file), rebuilt: true };
  }
  setWriterPragmas(db);
  db.pragma('synchronous = NORMAL');
  // An index run commits a few transactions (each build, skeletons, content): checkpointing the WAL once at its
  // end (closeIndexForWrite) copies each page once, where the default 1000 pages checkpointed mid-run too.
  db.pragma(`wal_autocheckpoint = ${RUN_CHECKPOINT_PAGES}`);
  createSchema(db);
  return { db, rebuilt: false };
}

/** First indexes being written, by connection: their temporary files. */
const firstIndexes = new WeakMap<Db, FirstIndexFile>();

/** A first index, opened in its temporary file with the schema made. */
function openFirstIndex(file: string): Db {
  const first = createFirstIndexFile(file);
  const db = openDatabase(first.temp);
  firstIndexes.set(db, first);
  prepareFirstIndex(db);
  setWriterPragmas(db, FIRST_INDEX_CACHE_KIB);
  createSchema(db);
  return db;
}

/**
 * Page cache of an index run's connection (KiB). Rows are written build by build in one transaction each: a
 * 4 MiB cache (16 MiB in this SQLite build) keeps the writer's memory bounded without slowing the writes measurably.
 */
const WRITER_CACHE_KIB = 4000;

/**
 * Page cache of a first index (KiB). Its pages need not stay in memory until the build commits (no WAL; its
 * journal, in memory, keeps only the few pages the file held before): once 1 MiB of them is cached, SQLite
 * writes the oldest to the file and reuses their memory, where a 4 MiB cache grew page by page with the index
 * (108-unit corpus: ~1 100 pages, ~800 more page faults, 14 ms more write stage; each page goes to the file
 * once either way).
 */
const FIRST_INDEX_CACHE_KIB = 1024;

/** What every index run's connection sets, a first index's or an existing one's. */
function setWriterPragmas(db: Db, cacheKiB = WRITER_CACHE_KIB): void {
  db.pragma('foreign_keys = ON');
  db.pragma(`cache_size = -${cacheKiB}`);
}

function createSchema(db: Db): void {
  // One transaction: each of the schema's forty statements would otherwise commit (and lock) on its own.
  db.transaction(() => {
    db.exec(SCHEMA_SQL);
    const put = db.prepare('INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
    put.run('schema_version', String(SCHEMA_VERSION));
    put.run('row_format_version', String(ROW_FORMAT_VERSION));
  }).immediate();
}

/** WAL pages past which a commit of an index run checkpoints (64 MiB of 4 KiB pages): larger runs still do on the way. */
const RUN_CHECKPOINT_PAGES = 16384;

/**
 * Close an index opened for writing: its WAL checkpointed first, even when readers keep the file open; a
 * first index is put in place.
 */
export function closeIndexForWrite(db: Db): void {
  const first = firstIndexes.get(db);
  if (first) return installFirstIndex(db, first);
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } finally {
    db.close();
  }
}

/**
 * The run's main writes are done: a first index starts going to the disk while the rest is written (see
 * startWriteBack); an existing one has nothing to start (its WAL is synced by the closing checkpoint).
 */
export function startIndexWriteBack(db: Db): void {
  const first = firstIndexes.get(db);
  if (first) startWriteBack(first);
}

/**
 * Open an existing index for a small write of this version's rows (the content fill); null when there is no
 * index or it has another schema or row format (only a full index run may rebuild or must refuse it).
 */
export function openIndexForUpdate(file: string): Db | null {
  if (!fs.existsSync(file)) return null;
  const db = openDatabase(file, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  if (Number(readMeta(db, 'schema_version')) !== SCHEMA_VERSION || Number(readMeta(db, 'row_format_version')) !== ROW_FORMAT_VERSION) {
    db.close();
    return null;
  }
  db.pragma('synchronous = NORMAL');
  db.pragma('cache_size = -4000');
  return db;
}
