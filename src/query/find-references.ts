// find_references: the call sites of a function (or of a function-like name) in one build, each with the
// function that makes the call. Calls in inactive #if branches are not call sites of that build.
import type { ReferenceRow } from '../index/index-reader.js';
import { requireReader, resolveProjectBuild, type ProjectContext } from './project-context.js';
import { QueryError } from './query-error.js';
import type { BuildSelector } from './resolve-build.js';
import { pageBounds, pagedAnswer, type PageNotice } from './paged-answer.js';

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
  if (!/^[A-Za-z_]\w*$/.test(name)) throw new QueryError(`"${req.name}" is not a C/C++ identifier`, (s) => `give the function name as ${s.tool('lookup_symbol')} returns it, e.g. uart_init`);
  const { limit, offset } = pageBounds(req, 50, 500);
  const p = reader.findReferences(name, build.id, !!req.projectOnly, { limit, offset });
  return pagedAnswer(ctx, reader, build, p.rows, p.total, offset);
}
