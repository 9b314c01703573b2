// find_callers_recursive / find_callees_recursive: every call edge within `depth` calls of a function in one
// build, breadth first (each function expanded once), paged; a note says when the edge budget cut the walk.
import { pageBounds, pagedAnswer, type PageNotice } from '../paged-answer.js';
import { requireReader, resolveProjectBuild, type ProjectContext } from '../project-context.js';
import { QueryError } from '../query-error.js';
import type { BuildSelector } from '../resolve-build.js';
import { CallGraphWalk, type CallEdge } from './call-graph-walk.js';
import { identifierOf } from './call-sites.js';

export interface CallTreeRequest extends BuildSelector {
  name: string;
  depth?: number;
  limit?: number;
  offset?: number;
  projectOnly?: boolean;
}

export type CallTreeRow = CallEdge & { depth: number };

const EDGE_BUDGET = 20000;

export function findCallTree(ctx: ProjectContext, req: CallTreeRequest, direction: 'callers' | 'callees'): (Record<string, unknown> | PageNotice | CallTreeRow)[] {
  const reader = requireReader(ctx);
  const build = resolveProjectBuild(ctx, req);
  const name = identifierOf(req.name);
  const depth = req.depth ?? 3;
  if (!Number.isInteger(depth) || depth < 1 || depth > 10) throw new QueryError((s) => `${s.arg('depth')} must be 1-10, got ${req.depth}`, (s) => `use ${s.arg('depth')} between 1 and 10 (default 3)`);
  const { limit, offset } = pageBounds(req, 100, 1000);
  const walk = new CallGraphWalk(reader.callGraph(), build.id, req.projectOnly);
  const rows: CallTreeRow[] = [];
  const seen = new Set([name]);
  let frontier = [name];
  let cut = false;
  for (let d = 1; d <= depth && frontier.length && !cut; d++) {
    const next: string[] = [];
    for (const node of frontier) {
      for (const e of direction === 'callers' ? walk.callers(node) : walk.callees(node)) {
        if (rows.length >= EDGE_BUDGET) {
          cut = true;
          break;
        }
        rows.push({ depth: d, ...e });
        const other = direction === 'callers' ? e.caller : e.callee;
        if (!seen.has(other)) {
          seen.add(other);
          next.push(other);
        }
      }
      if (cut) break;
    }
    frontier = next;
  }
  const note = cut || walk.truncated ? [{ note: `the walk stopped at ${EDGE_BUDGET} edges or read a very-called function in part; lower depth for a complete answer`, cut: true }] : [];
  return [...note, ...pagedAnswer(ctx, reader, build, rows.slice(offset, offset + limit), rows.length, offset)];
}
