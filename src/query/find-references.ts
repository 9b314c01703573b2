// find_references: the call sites of a function (or of a function-like name) in one build, each with the
// function that makes the call. Calls in inactive #if branches are not call sites of that build.
import type { ReferenceRow } from '../index/index-reader.js';
import { changedFiles, changedWarning } from './changed-files.js';
import { requireReader, resolveProjectBuild, type ProjectContext } from './project-context.js';
import { QueryError } from './query-error.js';
import type { BuildSelector } from './resolve-build.js';
import type { PageNotice } from './search-code.js';

export interface ReferencesRequest extends BuildSelector {
  name: string;
  limit?: number;
  offset?: number;
  projectOnly?: boolean;
}

export function findReferences(ctx: ProjectContext, req: ReferencesRequest): (Record<string, unknown> | PageNotice | ReferenceRow)[] {
  const reader = requireReader(ctx);
  const build = resolveProjectBuild(ctx, req);
  const name = req.name.trim().split('::').pop() ?? '';
  if (!/^[A-Za-z_]\w*$/.test(name)) throw new QueryError(`"${req.name}" is not a C/C++ identifier`, 'give the function name as lookup_symbol returns it, e.g. uart_init');
  const limit = req.limit ?? 50;
  const offset = req.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new QueryError('limit must be 1 to 500', 'page with offset');
  if (!Number.isInteger(offset) || offset < 0) throw new QueryError('offset must be a non-negative integer', 'use next_offset from the page notice');
  const p = reader.findReferences(name, build.id, !!req.projectOnly, { limit, offset });
  const more = offset + p.rows.length < p.total;
  const notice: PageNotice = { total: p.total, offset, shown: p.rows.length, more, ...(more ? { next_offset: offset + p.rows.length } : {}), variant: build.variant, image: build.image };
  const warning = changedWarning(p.rows.length ? changedFiles(reader, ctx.root, new Set(p.rows.map((r) => r.file))) : []);
  return [...(warning ? [warning] : []), notice, ...p.rows];
}
