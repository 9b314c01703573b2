// Opens the SQLite index for writing (WAL, foreign keys) and guards versions: the schema version and the
// row-format version live in `meta`; a reader never rewrites an index written by a newer fw-context (read-index.ts opens for reading).
import fs from 'node:fs';
import path from 'node:path';
import { metaValue as readMeta, type Db } from './read-index.js';
import { openDatabase } from './sqlite-driver.js';
import { ROW_FORMAT_VERSION, SCHEMA_SQL, SCHEMA_VERSION } from './schema.js';

export type { Db };
export { metaValue, openIndexForRead } from './read-index.js';

export class IndexVersionError extends Error {}

/**
 * Open for writing, creating the schema. An index of an older schema or row format is rebuilt from
 * scratch (the caller reindexes everything); a newer one is refused.
 */
export function openIndexForWrite(file: string): { db: Db; rebuilt: boolean } {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let fresh = isNewFile(file);
  let db = openWal(file, fresh);
  const schema = Number(readMeta(db, 'schema_version') ?? 'NaN');
  const rowFormat = Number(readMeta(db, 'row_format_version') ?? 'NaN');
  const hasTables = (db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number }).n > 0;
  if (hasTables && (schema > SCHEMA_VERSION || rowFormat > ROW_FORMAT_VERSION)) {
    db.close();
    throw new IndexVersionError(
      `${file} was written by a newer fw-context (schema ${schema}, row format ${rowFormat}; this one knows ${SCHEMA_VERSION}/${ROW_FORMAT_VERSION}). Upgrade fw-context, or delete the file to rebuild it with this version.`,
    );
  }
  let rebuilt = false;
  if (hasTables && (schema !== SCHEMA_VERSION || rowFormat !== ROW_FORMAT_VERSION)) {
    db.close();
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
    db = openWal(file, (fresh = true));
    rebuilt = true;
  }
  db.pragma('foreign_keys = ON');
  // A new file's schema goes into a WAL of its own without fsyncs (of the WAL's header and folder): a WAL no
  // earlier frames were written to cannot be misread after a crash, and nothing is lost but the empty schema,
  // made again by the next run. The run's first checkpoint syncs the WAL and the file (closeIndexForWrite).
  db.pragma(`synchronous = ${fresh ? 'OFF' : 'NORMAL'}`);
  // Rows are written build by build in one transaction each: a 4 MiB page cache (16 MiB in this SQLite build)
  // keeps the writer's memory bounded without slowing the writes measurably.
  db.pragma('cache_size = -4000');
  // An index run commits a few transactions (each build, skeletons, content): checkpointing the WAL once at its
  // end (closeIndexForWrite) copies each page once, where the default 1000 pages checkpointed mid-run too.
  db.pragma(`wal_autocheckpoint = ${RUN_CHECKPOINT_PAGES}`);
  // One transaction: each of the schema's forty statements would otherwise commit (and lock) on its own.
  db.transaction(() => {
    db.exec(SCHEMA_SQL);
    const put = db.prepare('INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
    put.run('schema_version', String(SCHEMA_VERSION));
    put.run('row_format_version', String(ROW_FORMAT_VERSION));
  }).immediate();
  if (fresh) db.pragma('synchronous = NORMAL');
  return { db, rebuilt };
}

/** True when `file` is missing or empty: an index made now. */
function isNewFile(file: string): boolean {
  const st = fs.statSync(file, { throwIfNoEntry: false });
  return st === undefined || st.size === 0;
}

/**
 * Opens the index in WAL mode. A new file is switched to it with its rollback journal in memory: the switch
 * writes the file's first page (then synced), and a file that had no content has none for a journal to
 * restore, so the journal file and three fsyncs (the journal twice, its folder) are left out.
 */
function openWal(file: string, fresh: boolean): Db {
  const db = openDatabase(file);
  if (fresh) db.pragma('journal_mode = MEMORY');
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  return db;
}

/** WAL pages past which a commit of an index run checkpoints (64 MiB of 4 KiB pages): larger runs still do on the way. */
const RUN_CHECKPOINT_PAGES = 16384;

/** Close an index opened for writing: its WAL checkpointed first, even when readers keep the file open. */
export function closeIndexForWrite(db: Db): void {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } finally {
    db.close();
  }
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
