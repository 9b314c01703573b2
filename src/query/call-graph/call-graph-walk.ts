// Neighbours in one build's call graph, for the walking queries (paths, recursive callers/callees, callers
// through pointers): direct edges from call rows, pointer edges resolved through the slots functions are
// stored into. Answers are cached per walk. Leaves out paging (the queries page their own results).
import type { CallGraphReader, CallRow } from '../../index/call-graph-reader.js';
import { CALL_KINDS } from '../../model/symbol.js';

export interface CallEdge {
  caller: string;
  callee: string;
  file: string;
  line: number;
  column: number;
  ref_kind: string;
  via_macro: string | null;
  /** Indirect edges: the pointer slot that links the call site to the function stored there. */
  via_slot?: string;
}

/** Per walk, at most this many rows are read for one name (a hub like memcpy is cut, not read whole). */
const ROWS_PER_NAME = 2000;
/** slot_copy chains followed (a callback passed on through this many functions). */
const COPY_DEPTH = 3;
const STORE_KINDS = ['fn_pointer'] as const;

/** Slots an indirect call site may read a function from, given the slot a store writes (and back). */
export function matchingSlots(slot: string): { slots: string[]; fields: string[] } {
  const dot = slot.lastIndexOf('.');
  if (slot.includes(':') || dot < 0) return { slots: [slot], fields: [] };
  const field = slot.slice(dot + 1);
  if (dot === 0) return { slots: [slot], fields: [field] };
  return { slots: [slot, `.${field}`], fields: [] };
}

export class CallGraphWalk {
  private calleeCache = new Map<string, CallEdge[]>();
  private callerCache = new Map<string, CallEdge[]>();
  /** Set when a name had more rows than read. */
  truncated = false;

  constructor(
    private cg: CallGraphReader,
    private buildId: number,
    private projectOnly = false,
  ) {}

  private read(rows: { rows: CallRow[]; total: number }): CallRow[] {
    if (rows.total > rows.rows.length) this.truncated = true;
    return rows.rows;
  }

  /** Functions `name` calls: direct and macro-written calls, and pointer calls resolved to their targets. */
  callees(name: string): CallEdge[] {
    let edges = this.calleeCache.get(name);
    if (edges) return edges;
    edges = [];
    const rows = this.read(this.cg.callsFrom([name], this.buildId, { kinds: CALL_KINDS, projectOnly: this.projectOnly }, { limit: ROWS_PER_NAME, offset: 0 }));
    for (const r of rows) {
      if (r.ref_kind !== 'indirect') edges.push(edge(name, r.callee, r));
      else if (r.slot) for (const t of this.targets(r.slot)) edges.push({ ...edge(name, t.callee, r), via_slot: r.slot });
    }
    this.calleeCache.set(name, edges);
    return edges;
  }

  /** Functions that call `name`: direct and macro-written call sites, and pointer calls that can reach it. */
  callers(name: string): CallEdge[] {
    let edges = this.callerCache.get(name);
    if (edges) return edges;
    edges = [];
    const rows = this.read(this.cg.callsTo([name], this.buildId, { kinds: CALL_KINDS, projectOnly: this.projectOnly }, { limit: ROWS_PER_NAME, offset: 0 }));
    for (const r of rows) if (r.ref_kind !== 'indirect') edges.push(edge(r.caller ?? '<file scope>', name, r));
    for (const r of this.pointerCallers(name)) edges.push({ ...edge(r.caller ?? '<file scope>', name, r), via_slot: r.slot ?? undefined });
    this.callerCache.set(name, edges);
    return edges;
  }

  /** Indirect call sites whose pointer slot some store of `fn` reaches (the first ROWS_PER_NAME). */
  pointerCallers(fn: string): CallRow[] {
    const reach = this.pointerReach(fn);
    if (!reach) return [];
    return this.cg.rowsBySlot(['indirect'], reach.slots, reach.fields, this.buildId, ROWS_PER_NAME).filter((r) => slotsMeet(r.slot ?? '', reach.stored));
  }

  /**
   * The slots `fn` is stored into (following copies on, a callback parameter stored into a struct member), and
   * the call-site slots and member names that read them: what an indirect call must read to reach `fn`.
   */
  pointerReach(fn: string): { stored: Set<string>; slots: string[]; fields: string[] } | null {
    const stores = this.read(this.cg.callsTo([fn], this.buildId, { kinds: STORE_KINDS }, { limit: ROWS_PER_NAME, offset: 0 }));
    const stored = new Set(stores.map((s) => s.slot).filter((s): s is string => !!s));
    let frontier = [...stored];
    for (let d = 0; d < COPY_DEPTH && frontier.length; d++) {
      const copies = this.read(this.cg.callsTo(frontier, this.buildId, { kinds: ['slot_copy'] }, { limit: ROWS_PER_NAME, offset: 0 }));
      frontier = copies.map((c) => c.slot).filter((s): s is string => !!s && !stored.has(s));
      frontier.forEach((s) => stored.add(s));
    }
    if (!stored.size) return null;
    const slots = new Set<string>();
    const fields = new Set<string>();
    for (const s of stored) {
      const m = matchingSlots(s);
      m.slots.forEach((x) => slots.add(x));
      m.fields.forEach((x) => fields.add(x));
    }
    return { stored, slots: [...slots], fields: [...fields] };
  }

  /** fn_pointer rows that store a function into a slot this indirect call reads (following copies back). */
  targets(slot: string, depth = 0): CallRow[] {
    const m = matchingSlots(slot);
    const rows = this.cg.rowsBySlot(['fn_pointer', 'slot_copy'], m.slots, m.fields, this.buildId, ROWS_PER_NAME);
    const out: CallRow[] = [];
    for (const r of rows) {
      if (!slotsMeet(slot, new Set([r.slot ?? '']))) continue;
      if (r.ref_kind === 'fn_pointer') out.push(r);
      else if (depth < COPY_DEPTH) out.push(...this.targets(r.callee, depth + 1));
    }
    return out;
  }
}

/** A call site's slot `T.f` meets stores into `T.f` or `.f`; `.f` meets any `X.f`; others meet exactly. */
export function slotsMeet(callSlot: string, storeSlots: Set<string>): boolean {
  if (storeSlots.has(callSlot)) return true;
  const dot = callSlot.lastIndexOf('.');
  if (callSlot.includes(':') || dot < 0) return false;
  const field = callSlot.slice(dot + 1);
  for (const s of storeSlots) {
    if (s.includes(':')) continue;
    const sd = s.lastIndexOf('.');
    if (sd < 0 || s.slice(sd + 1) !== field) continue;
    if (dot === 0 || sd === 0) return true;
  }
  return false;
}

function edge(caller: string, callee: string, r: CallRow): CallEdge {
  return { caller, callee, file: r.file, line: r.line, column: r.column, ref_kind: r.ref_kind, via_macro: r.via_macro };
}
