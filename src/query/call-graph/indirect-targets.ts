// find_indirect_targets: the functions that can run at a pointer, from what the build stores into the pointer's
// slot — initialisers (designated ones of driver-API structs included), assignments, call arguments — matched
// through the struct type when known, else through the member name. Unresolved slots are listed as such.
import type { CallRow } from '../../index/call-graph-reader.js';
import { pageBounds, pagedAnswer, type PageNotice } from '../paged-answer.js';
import { requireReader, resolveProjectBuild, type ProjectContext } from '../project-context.js';
import { QueryError } from '../query-error.js';
import type { BuildSelector } from '../resolve-build.js';
import { CallGraphWalk } from './call-graph-walk.js';

export interface IndirectTargetsRequest extends BuildSelector {
  /** A pointer or member name as find_indirect_call_sites lists it (`poll_out`, `cb`), or a slot `uart_driver_api.poll_out`. */
  name: string;
  file?: string;
  line?: number;
  limit?: number;
  offset?: number;
}

export interface TargetRow {
  /** The function that can run, or null when nothing the build stores there was found. */
  target: string | null;
  /** The slot the pointer is read from (`T.member`, `.member`, `var:x`, `arg:f#i`). */
  slot: string;
  /** `type`: same struct type and member; `member_name`: same member name, struct type unknown on one side; `exact`: the same variable or parameter. */
  match?: 'type' | 'member_name' | 'exact';
  /** Where the function is stored into the slot. */
  file: string;
  line: number;
  stored_by?: string;
  /** Where the target function is defined. */
  defined_in?: string;
  unresolved?: string;
}

function matchKind(callSlot: string, storeSlot: string): TargetRow['match'] {
  if (callSlot.includes(':') || !callSlot.includes('.')) return 'exact';
  return callSlot === storeSlot && !callSlot.startsWith('.') ? 'type' : 'member_name';
}

export function findIndirectTargets(ctx: ProjectContext, req: IndirectTargetsRequest): (Record<string, unknown> | PageNotice | TargetRow)[] {
  const reader = requireReader(ctx);
  const build = resolveProjectBuild(ctx, req);
  const { limit, offset } = pageBounds(req, 50, 500);
  const cg = reader.callGraph();
  const raw = req.name.trim();
  let slots: { slot: string; site?: CallRow }[];
  if (/[.:#]/.test(raw)) slots = [{ slot: raw }];
  else {
    if (!/^[A-Za-z_$][\w$]*$/.test(raw)) throw new QueryError(`"${raw}" is neither a pointer name nor a slot`, (s) => `give a callee that ${s.tool('find_indirect_call_sites')} lists, e.g. poll_out, or a slot such as uart_driver_api.poll_out`);
    const sites = cg
      .callsTo([raw], build.id, { kinds: ['indirect'] }, { limit: 500, offset: 0 })
      .rows.filter((r) => (!req.file || r.file === req.file || r.file.endsWith('/' + req.file)) && (req.line === undefined || r.line === req.line));
    if (!sites.length) throw new QueryError(`no call through a pointer named "${raw}" in ${build.variant}/${build.image}${req.file ? ` in ${req.file}` : ''}`, (s) => `list them with ${s.kind === 'mcp' ? 'find_indirect_call_sites (name "*")' : s.tool('find_indirect_call_sites')}, then give a callee from there`);
    const seen = new Map<string, CallRow>();
    for (const s of sites) if (s.slot && !seen.has(s.slot)) seen.set(s.slot, s);
    slots = [...seen].map(([slot, site]) => ({ slot, site }));
  }
  const walk = new CallGraphWalk(cg, build.id);
  const rows: TargetRow[] = [];
  for (const { slot, site } of slots) {
    const stores = walk.targets(slot);
    const defined = new Map<string, string | null>();
    const kept = stores.filter((s) => {
      if (!defined.has(s.callee)) {
        const f = reader.lookupSymbols(s.callee, false, { buildId: build.id, kinds: ['function', 'method'] }, { limit: 5, offset: 0 }).rows;
        defined.set(s.callee, f.length ? `${(f.find((x) => x.is_definition) ?? f[0]).file}` : null);
      }
      return defined.get(s.callee) !== null;
    });
    for (const s of kept) {
      rows.push({ target: s.callee, slot, match: matchKind(slot, s.slot ?? ''), file: s.file, line: s.line, stored_by: s.detail ?? undefined, defined_in: defined.get(s.callee) ?? undefined });
    }
    if (!kept.length) {
      rows.push({
        target: null,
        slot,
        file: site?.file ?? '<none>',
        line: site?.line ?? 0,
        unresolved: 'nothing this build compiles stores a function into this slot (it may be set by code outside the build, by a cast from an unrelated type, or computed at run time)',
      });
    }
  }
  const page = rows.slice(offset, offset + limit);
  return pagedAnswer(ctx, reader, build, page, rows.length, offset);
}
