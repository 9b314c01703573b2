// Opens a project for querying: finds its root, reads its config, opens the index read-only behind the
// IndexReader interface. Query functions receive this context, never a database handle.
import type { IndexReader } from '../index/index-reader.js';
import { openIndexForRead } from '../index/read-index.js';
import { SqliteIndex } from '../index/sqlite-index.js';
import { openProjectWith, type ProjectContext } from './project-open.js';

export { openProjectWith, requireReader, resolveProjectBuild, type ProjectContext, type ReaderOpener } from './project-open.js';

/** The SQLite index at `file`, read-only; null when there is no index file. */
export function openSqliteReader(file: string): IndexReader | null {
  const db = openIndexForRead(file);
  return db ? new SqliteIndex(db) : null;
}

/** `start` is a project root or any folder inside one (the nearest folder upward with .fw-context/ wins). */
export function openProject(start: string): ProjectContext {
  return openProjectWith(start, openSqliteReader);
}

export function withProject<T>(start: string, fn: (ctx: ProjectContext) => T): T {
  const ctx = openProject(start);
  try {
    return fn(ctx);
  } finally {
    ctx.close();
  }
}
