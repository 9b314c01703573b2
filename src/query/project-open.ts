// Opens a project for querying with the index reader a caller gives: finds its root, reads its config. Apart
// from project-context.ts (which opens the SQLite index) so that status can answer from its snapshot of the
// index without loading SQLite. Query functions receive this context, never a database handle.
import fs from 'node:fs';
import path from 'node:path';
import type { BuildRow, IndexReader } from '../index/index-reader.js';
import { findProjectRoot, indexPath, readConfig, STATE_DIR, type ProjectConfig } from '../project/config.js';
import { detectDeclaredNames } from '../project/declared-builds.js';
import { QueryError } from './query-error.js';
import { resolveBuild, type BuildSelector } from './resolve-build.js';

export interface ProjectContext {
  root: string;
  initialized: boolean;
  config: ProjectConfig;
  reader: IndexReader | null;
  /** Why the index file that exists cannot be read (damaged, not an index, no access); null otherwise. */
  indexError: string | null;
  close(): void;
}

/** Opens the index file for reading: null when there is none; throws when it cannot be opened. */
export type ReaderOpener = (indexFile: string) => IndexReader | null;

/** `start` is a project root or any folder inside one (the nearest folder upward with .fw-context/ wins). */
export function openProjectWith(start: string, openReader: ReaderOpener): ProjectContext {
  const resolved = path.resolve(start);
  const found = findProjectRoot(resolved);
  const root = found ?? resolved;
  const initialized = found !== null && fs.existsSync(path.join(root, STATE_DIR));
  const config = readConfig(root);
  let reader: IndexReader | null = null;
  let indexError: string | null = null;
  if (initialized) {
    try {
      reader = openReader(indexPath(root));
      indexError = reader?.unreadable() ?? null;
    } catch (err) {
      indexError = `the index cannot be opened: ${(err as Error).message}`;
    }
    if (indexError) {
      reader?.close();
      reader = null;
    }
  }
  return { root, initialized, config, reader, indexError, close: () => reader?.close() };
}

/** The reader, or a QueryError saying which command creates the index. */
export function requireReader(ctx: ProjectContext): IndexReader {
  if (!ctx.initialized) {
    throw new QueryError(`${ctx.root} is not an fw-context project (no ${STATE_DIR}/ folder here or above)`, 'run `fw-context init` in the project root, then `fw-context index`');
  }
  if (ctx.indexError) {
    throw new QueryError(`${ctx.indexError} (${indexPath(ctx.root)})`, 'rebuild it with `fw-context index`; if that fails, delete .fw-context/index.db and index again');
  }
  if (!ctx.reader || ctx.reader.buildChoices().length === 0) {
    throw new QueryError(`no index for ${ctx.root} yet`, 'run `fw-context index` in the project root');
  }
  return ctx.reader;
}

/**
 * The one build a query answers from; a refusal names builds declared on disk but not indexed yet (only a
 * refusal runs build detection, and may throw DetectorNotLoaded for the entry point to load it).
 */
export function resolveProjectBuild(ctx: ProjectContext, sel: BuildSelector): BuildRow {
  const reader = requireReader(ctx);
  return resolveBuild(reader, ctx.config, sel, () => detectDeclaredNames(ctx.root, ctx.config), ctx.root);
}
