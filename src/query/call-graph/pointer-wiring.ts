// Pointer wiring of one function for get_symbol_context: the calls it makes through pointers with the functions
// that can run there (find_indirect_targets), and the pointer slots it is stored into (`.poll_in = uarte_poll_in`
// → uart_driver_api.poll_in). Bounded lists with totals; paging is left to find_indirect_targets/find_callers.
import type { CalleeRow } from './call-sites.js';
import { findIndirectTargets, type TargetRow } from './indirect-targets.js';
import { pageRows } from '../paged-answer.js';
import { requireReader, type ProjectContext } from '../project-context.js';
import type { BuildSelector } from '../resolve-build.js';

/** Indirect call sites and stores listed at most; targets listed per slot at most. */
export const WIRING_LIMIT = 20;

export interface PointerWiring {
  indirect_calls: { total: number; rows: { expr: string; slot: string | null; lines: number[]; via_macro?: string; targets: { total: number; rows: Omit<TargetRow, 'slot'>[] } }[] };
  stored_into: { total: number; rows: { slot: string | null; file: string; line: number; stored_by?: string; in_function: string | null }[] };
}

/** `calls`: the function's own callee rows (find_callees), of which the indirect ones are wired to their targets. */
export function pointerWiring(ctx: ProjectContext, build: BuildSelector & { id: number }, name: string, calls: CalleeRow[]): PointerWiring {
  const bySlot = new Map<string, { expr: string; slot: string | null; lines: number[]; via_macro?: string }>();
  for (const c of calls.filter((r) => r.ref_kind === 'indirect')) {
    const key = c.via_slot ?? `expr:${c.expr ?? c.callee}`;
    const entry = bySlot.get(key) ?? bySlot.set(key, { expr: c.expr ?? c.callee, slot: c.via_slot ?? null, lines: [], ...(c.via_macro ? { via_macro: c.via_macro } : {}) }).get(key)!;
    if (!entry.lines.includes(c.line)) entry.lines.push(c.line);
  }
  const selector = { variant: build.variant, image: build.image };
  const indirect = [...bySlot.values()].slice(0, WIRING_LIMIT).map((site) => {
    if (!site.slot) return { ...site, targets: { total: 0, rows: [] } };
    const t = pageRows<TargetRow>(findIndirectTargets(ctx, { ...selector, name: site.slot, limit: WIRING_LIMIT }));
    return { ...site, targets: { total: t.total, rows: t.rows.map(({ slot: _slot, ...rest }) => rest) } };
  });
  const stores = requireReader(ctx).callGraph().callsTo([name], build.id, { kinds: ['fn_pointer'] }, { limit: WIRING_LIMIT, offset: 0 });
  return {
    indirect_calls: { total: bySlot.size, rows: indirect },
    stored_into: {
      total: stores.total,
      rows: stores.rows.map((s) => ({ slot: s.slot, file: s.file, line: s.line, ...(s.detail ? { stored_by: s.detail } : {}), in_function: s.caller })),
    },
  };
}
