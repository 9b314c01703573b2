// find_callers / find_callees / find_indirect_call_sites: call rows of one build, paged. Callers include the
// indirect call sites that can reach the function through a pointer it is stored into (ref_kind indirect,
// via_slot: the one name of a call row's pointer slot, in callers and callees alike). Leaves out transitive walks (call-tree.ts) and paths (call-path.ts).
import type { CallRow } from '../../index/call-graph-reader.js';
import { CALL_KINDS } from '../../model/symbol.js';
import { pageBounds, pagedAnswer, type PageNotice } from '../paged-answer.js';
import { requireReader, resolveProjectBuild, type ProjectContext } from '../project-context.js';
import { QueryError } from '../query-error.js';
import type { BuildSelector } from '../resolve-build.js';
import { CallGraphWalk } from './call-graph-walk.js';

export interface CallSitesRequest extends BuildSelector {
  name: string;
  limit?: number;
  offset?: number;
  projectOnly?: boolean;
}

export interface CallerRow {
  caller: string | null;
  file: string;
  line: number;
  column: number;
  ref_kind: string;
  via_macro?: string;
  /** Indirect: the callee expression and the pointer slot it reads. */
  expr?: string;
  via_slot?: string;
}

export interface CalleeRow {
  callee: string;
  file: string;
  line: number;
  column: number;
  ref_kind: string;
  via_macro?: string;
  /** Indirect: the pointer slot the call reads, as find_callers names it. */
  expr?: string;
  via_slot?: string;
}

type Answer<T> = (Record<string, unknown> | PageNotice | T)[];

/** The plain identifier a request names (`ns::f` → `f`), or a QueryError. */
export function identifierOf(raw: string, what = 'function'): string {
  const name = raw.trim().split('::').pop() ?? '';
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new QueryError(`"${raw}" is not a C/C++ identifier`, (s) => `give the ${what} name as ${s.tool('lookup_symbol')} returns it, e.g. uart_init`);
  return name;
}

function callerRow(r: CallRow): CallerRow {
  return {
    caller: r.caller,
    file: r.file,
    line: r.line,
    column: r.column,
    ref_kind: r.ref_kind,
    ...(r.via_macro ? { via_macro: r.via_macro } : {}),
    ...(r.ref_kind === 'indirect' ? { expr: r.detail ?? r.callee, via_slot: r.slot ?? undefined } : {}),
  };
}

export function findCallers(ctx: ProjectContext, req: CallSitesRequest): Answer<CallerRow> {
  const reader = requireReader(ctx);
  const build = resolveProjectBuild(ctx, req);
  const name = identifierOf(req.name);
  const { limit, offset } = pageBounds(req, 50, 500);
  const cg = reader.callGraph();
  const direct = cg.callsTo([name], build.id, { kinds: CALL_KINDS.filter((k) => k !== 'indirect'), projectOnly: req.projectOnly }, { limit, offset });
  // Pointer callers follow the direct ones, paged in the index (the slot queries match exactly what slotsMeet accepts).
  const rows = direct.rows.map(callerRow);
  let total = direct.total;
  const reach = new CallGraphWalk(cg, build.id, req.projectOnly).pointerReach(name);
  if (reach) {
    const page = { limit: limit - rows.length, offset: Math.max(0, offset - direct.total) };
    const viaPointer = cg.pageBySlot(['indirect'], reach.slots, reach.fields, build.id, !!req.projectOnly, page);
    total += viaPointer.total;
    rows.push(...viaPointer.rows.map((r) => ({ ...callerRow(r), via_slot: r.slot ?? undefined })));
  }
  return pagedAnswer(ctx, reader, build, rows, total, offset);
}

export function findCallees(ctx: ProjectContext, req: CallSitesRequest): Answer<CalleeRow> {
  const reader = requireReader(ctx);
  const build = resolveProjectBuild(ctx, req);
  identifierOf(req.name);
  const { limit, offset } = pageBounds(req, 50, 500);
  const callers = callerNames(ctx, build.id, req.name);
  const p = reader.callGraph().callsFrom(callers, build.id, { kinds: CALL_KINDS, projectOnly: req.projectOnly }, { limit, offset });
  const rows = p.rows.map((r) => ({
    callee: r.callee,
    file: r.file,
    line: r.line,
    column: r.column,
    ref_kind: r.ref_kind,
    ...(r.via_macro ? { via_macro: r.via_macro } : {}),
    ...(r.ref_kind === 'indirect' ? { expr: r.detail ?? r.callee, via_slot: r.slot ?? undefined } : {}),
  }));
  if (p.total === 0 && !functionExists(ctx, build.id, req.name)) {
    throw new QueryError(`no function "${req.name}" is defined in ${build.variant}/${build.image}`, (s) => `check the spelling with ${s.tool('lookup_symbol')} (${s.arg('kind', 'function')}), or pick the build that compiles it`);
  }
  return pagedAnswer(ctx, reader, build, rows, p.total, offset);
}

/** How call rows name a function as caller: its qualified names in the build (C: the name itself). */
export function callerNames(ctx: ProjectContext, buildId: number, raw: string): string[] {
  const reader = requireReader(ctx);
  const name = raw.trim();
  const found = reader.lookupSymbols(name, false, { buildId, kinds: ['function', 'method', 'constructor', 'destructor'] }, { limit: 20, offset: 0 });
  return [...new Set([name, ...found.rows.filter((s) => s.is_definition).map((s) => s.qualified_name)])];
}

function functionExists(ctx: ProjectContext, buildId: number, name: string): boolean {
  const reader = requireReader(ctx);
  return reader.lookupSymbols(name, false, { buildId, kinds: ['function', 'method', 'constructor', 'destructor'] }, { limit: 1, offset: 0 }).total > 0;
}

export interface IndirectSitesRequest extends CallSitesRequest {}

/** Calls through pointers: `cb(x)`, `dev->api->send(...)`, `(*fp)()`; `name` "*" lists every one. */
export function findIndirectCallSites(ctx: ProjectContext, req: IndirectSitesRequest): Answer<CallerRow & { callee: string }> {
  const reader = requireReader(ctx);
  const build = resolveProjectBuild(ctx, req);
  const { limit, offset } = pageBounds(req, 50, 500);
  const cg = reader.callGraph();
  const all = req.name.trim() === '*' || req.name.trim() === '';
  const p = all
    ? cg.rowsOfKinds(['indirect'], build.id, !!req.projectOnly, { limit, offset })
    : cg.callsTo([identifierOf(req.name, 'pointer or member')], build.id, { kinds: ['indirect'], projectOnly: req.projectOnly }, { limit, offset });
  const rows = p.rows.map((r) => ({ callee: r.callee, ...callerRow(r) }));
  return pagedAnswer(ctx, reader, build, rows, p.total, offset);
}
