// find_call_path: up to 5 shortest call chains from one function to another in one build, by a bidirectional
// breadth-first search (callees forward from `from`, callers backward from `to`) under a node budget; the
// answer says when the budget or the depth cut the search. Pointer calls count through their resolved targets.
import { pagedAnswer, type PageNotice } from '../paged-answer.js';
import { requireReader, resolveProjectBuild, type ProjectContext } from '../project-context.js';
import { QueryError } from '../query-error.js';
import type { BuildSelector } from '../resolve-build.js';
import { CallGraphWalk, type CallEdge } from './call-graph-walk.js';
import { identifierOf } from './call-sites.js';

export interface CallPathRequest extends BuildSelector {
  from: string;
  to: string;
  maxDepth?: number;
  /** Functions expanded at most (both directions together). */
  nodeBudget?: number;
}

export interface CallPathRow {
  /** Calls in the chain. */
  length: number;
  /** The first call site (where the chain leaves `from`). */
  file: string;
  steps: CallEdge[];
}

export const MAX_PATHS = 5;

interface Side {
  dist: Map<string, number>;
  /** Edges that reached each node (forward: into it; backward: out of it). */
  via: Map<string, CallEdge[]>;
  frontier: string[];
  depth: number;
}

function side(start: string): Side {
  return { dist: new Map([[start, 0]]), via: new Map(), frontier: [start], depth: 0 };
}

export function findCallPath(ctx: ProjectContext, req: CallPathRequest): (Record<string, unknown> | PageNotice | CallPathRow)[] {
  const reader = requireReader(ctx);
  const build = resolveProjectBuild(ctx, req);
  const from = identifierOf(req.from);
  const to = identifierOf(req.to);
  const maxDepth = req.maxDepth ?? 8;
  const budget = req.nodeBudget ?? 3000;
  if (!Number.isInteger(maxDepth) || maxDepth < 1 || maxDepth > 20) throw new QueryError((s) => `${s.arg('max_depth')} must be 1-20, got ${req.maxDepth}`, (s) => `use ${s.arg('max_depth')} between 1 and 20 (default 8)`);
  if (!Number.isInteger(budget) || budget < 1 || budget > 20000) throw new QueryError((s) => `${s.arg('node_budget')} must be 1-20000, got ${req.nodeBudget}`, (s) => `use ${s.arg('node_budget')} between 1 and 20000 (default 3000)`);
  const walk = new CallGraphWalk(reader.callGraph(), build.id);
  const fwd = side(from);
  const bwd = side(to);
  let expanded = 0;
  let cutBy: 'node_budget' | null = null;
  let meet: string[] = from === to ? [from] : [];
  while (!meet.length && fwd.depth + bwd.depth < maxDepth && (fwd.frontier.length || bwd.frontier.length)) {
    const forward = bwd.frontier.length === 0 || (fwd.frontier.length > 0 && fwd.frontier.length <= bwd.frontier.length);
    const s = forward ? fwd : bwd;
    const next: string[] = [];
    for (const node of s.frontier) {
      if (++expanded > budget) {
        cutBy = 'node_budget';
        break;
      }
      for (const e of forward ? walk.callees(node) : walk.callers(node)) {
        const other = forward ? e.callee : e.caller;
        const known = s.dist.get(other);
        if (known === undefined) {
          s.dist.set(other, s.depth + 1);
          next.push(other);
        }
        if ((known ?? s.depth + 1) === s.depth + 1) {
          const list = s.via.get(other) ?? [];
          if (list.length < MAX_PATHS) list.push(e);
          s.via.set(other, list);
        }
      }
    }
    if (cutBy) break;
    s.frontier = next;
    s.depth++;
    meet = next.filter((n) => fwd.dist.has(n) && bwd.dist.has(n));
  }
  const paths = meet.length ? enumeratePaths(meet, fwd, bwd, from, to) : [];
  const notes: Record<string, unknown> = {
    from,
    to,
    found: paths.length,
    shortest: paths.length ? paths[0].length : null,
    nodes_expanded: Math.min(expanded, budget),
    cut: cutBy !== null || walk.truncated,
    ...(cutBy ? { cut_reason: `node budget of ${budget} functions reached before the two searches met; raise node_budget or pick closer functions` } : {}),
    ...(!cutBy && walk.truncated ? { cut_reason: 'a function with more than 2000 call rows was read in part' } : {}),
    ...(!paths.length && !cutBy ? { reason: `no call chain of at most ${maxDepth} calls from ${from} to ${to} in this build` } : {}),
  };
  return [notes, ...pagedAnswer(ctx, reader, build, paths, paths.length, 0)];
}

function enumeratePaths(meet: string[], fwd: Side, bwd: Side, from: string, to: string): CallPathRow[] {
  const best = Math.min(...meet.map((m) => fwd.dist.get(m)! + bwd.dist.get(m)!));
  const out: CallPathRow[] = [];
  const seen = new Set<string>();
  const heads = (node: string): CallEdge[][] => {
    if (node === from) return [[]];
    const res: CallEdge[][] = [];
    for (const e of fwd.via.get(node) ?? []) {
      if (fwd.dist.get(e.caller) !== fwd.dist.get(node)! - 1) continue;
      for (const h of heads(e.caller)) if (res.length < MAX_PATHS) res.push([...h, e]);
    }
    return res;
  };
  const tails = (node: string): CallEdge[][] => {
    if (node === to) return [[]];
    const res: CallEdge[][] = [];
    for (const e of bwd.via.get(node) ?? []) {
      if (bwd.dist.get(e.callee) !== bwd.dist.get(node)! - 1) continue;
      for (const t of tails(e.callee)) if (res.length < MAX_PATHS) res.push([e, ...t]);
    }
    return res;
  };
  for (const m of meet) {
    if (fwd.dist.get(m)! + bwd.dist.get(m)! !== best) continue;
    for (const h of heads(m)) {
      for (const t of tails(m)) {
        const steps = [...h, ...t];
        const key = steps.map((s) => `${s.caller}>${s.callee}@${s.file}:${s.line}`).join('|');
        if (seen.has(key) || out.length >= MAX_PATHS) continue;
        seen.add(key);
        out.push({ length: steps.length, file: steps[0]?.file ?? '<none>', steps });
      }
    }
  }
  return out;
}
