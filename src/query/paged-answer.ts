// The shape every paged query answers with: an optional changed-file warning, the page notice
// {total, offset, shown, more, next_offset, variant, image}, then the rows. Also checks limit and offset, and
// takes the rows back out for queries that embed another query's page.
import type { IndexReader } from '../index/index-reader.js';
import { changedFiles, changedWarning } from './changed-files.js';
import type { ProjectContext } from './project-context.js';
import { QueryError } from './query-error.js';

export interface PageNotice {
  total: number;
  offset: number;
  shown: number;
  more: boolean;
  next_offset?: number;
  variant: string;
  image: string;
}

/** The counters of one page: total, offset, shown, more, and next_offset when there is more. */
export function pageCounters(total: number, offset: number, shown: number): { total: number; offset: number; shown: number; more: boolean; next_offset?: number } {
  const more = offset + shown < total;
  return { total, offset, shown, more, ...(more ? { next_offset: offset + shown } : {}) };
}

/** limit (default and maximum per tool) and offset of a request, or a QueryError saying what is allowed. */
export function pageBounds(req: { limit?: number; offset?: number }, defaultLimit: number, maxLimit: number): { limit: number; offset: number } {
  const limit = req.limit ?? defaultLimit;
  const offset = req.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit) throw new QueryError((s) => `${s.arg('limit')} must be an integer from 1 to ${maxLimit}, got ${req.limit}`, (s) => `use ${s.arg('limit')} between 1 and ${maxLimit} and page with ${s.arg('offset')}`);
  if (!Number.isInteger(offset) || offset < 0) throw new QueryError((s) => `${s.arg('offset')} must be a non-negative integer, got ${req.offset}`, (s) => `use the next_offset of the page notice as ${s.arg('offset')}`);
  return { limit, offset };
}

/**
 * [warning?] + notice + rows. The warning names the files of the rows that changed on disk since indexing;
 * with `warnOnEmpty`, an empty page is checked against every indexed file (the answer may be in them).
 */
export function pagedAnswer<T extends { file: string }>(
  ctx: ProjectContext,
  reader: IndexReader,
  build: { variant: string; image: string },
  rows: T[],
  total: number,
  offset: number,
  warnOnEmpty = false,
): (Record<string, unknown> | PageNotice | T)[] {
  const notice: PageNotice = { ...pageCounters(total, offset, rows.length), variant: build.variant, image: build.image };
  let changed: string[] = [];
  if (rows.length) changed = changedFiles(reader, ctx.root, new Set(rows.map((r) => r.file).filter((f) => !f.startsWith('<'))));
  else if (warnOnEmpty) changed = changedFiles(reader, ctx.root);
  const warning = changedWarning(changed);
  return [...(warning ? [warning] : []), notice, ...rows];
}

/** The rows of a paged answer (its notice and warning left out) and its total. */
export function pageRows<T>(answer: unknown[]): { total: number; rows: T[] } {
  const notice = answer.find((r) => typeof r === 'object' && r !== null && 'total' in r && 'shown' in r) as { total: number } | undefined;
  const rows = answer.filter((r) => typeof r === 'object' && r !== null && !('shown' in r) && !('warning' in r)) as T[];
  return { total: notice?.total ?? rows.length, rows };
}
