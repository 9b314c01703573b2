// get_vector_table: the interrupt vector table of one build — `.word` tables of startup assembler files, C
// arrays placed in a vector section — each slot with its CMSIS name, handler and status (handled: a strong
// definition; default: only a weak alias such as `.thumb_set X, Default_Handler`; unhandled: a zero entry or a
// name nothing defines; runtime: installed while running). Zephyr's IRQ_CONNECT registrations and runtime
// installs (irq_connect_dynamic, NVIC_SetVector) are listed per IRQ.
import type { CallRow } from '../../index/call-graph-reader.js';
import type { IndexReader, SymbolRow } from '../../index/index-reader.js';
import { pageBounds, pagedAnswer, type PageNotice } from '../paged-answer.js';
import { requireReader, resolveProjectBuild, type ProjectContext } from '../project-context.js';
import type { BuildSelector } from '../resolve-build.js';
import { splitArgs } from '../../parser/split-args.js';

export interface VectorTableRequest extends BuildSelector {
  limit?: number;
  offset?: number;
}

export type VectorStatus = 'handled' | 'default' | 'unhandled' | 'runtime';

export interface VectorSlotRow {
  /** Index in the table (exception number; IRQ n is slot 16 + n on Cortex-M), null when the IRQ is not a constant. */
  slot: number | null;
  /** CMSIS name of the slot (`Reset`, `PendSV`, `USART1_IRQn`), or `Reserved`. */
  name: string;
  /** The handler the slot names, null for a zero entry. */
  handler: string | null;
  status: VectorStatus;
  /** Where the slot is written (table entry, IRQ_CONNECT, runtime install). */
  file: string;
  line: number;
  source: 'vector_table' | 'c_array' | 'irq_connect' | 'runtime_install';
  /** default: the handler the weak alias points at. */
  default_handler?: string;
  /** handled: where the strong definition is. */
  defined_in?: string;
  table?: string;
}

const CORTEX_M = ['Initial_SP', 'Reset', 'NMI', 'HardFault', 'MemManage', 'BusFault', 'UsageFault', 'SecureFault', 'Reserved', 'Reserved', 'Reserved', 'SVCall', 'DebugMonitor', 'Reserved', 'PendSV', 'SysTick'];
const RUNTIME_SLOTS = ['arg:NVIC_SetVector#1', 'arg:irq_connect_dynamic#2', 'arg:arch_irq_connect_dynamic#2', 'arg:z_isr_install#2'];
const STATIC_IRQ_SLOTS = ['arg:IRQ_CONNECT#2', 'arg:IRQ_DIRECT_CONNECT#2'];

/** CMSIS name of a slot from its index and handler (`USART1_IRQHandler` at slot ≥ 16 → `USART1_IRQn`). */
export function cmsisSlotName(slot: number, handler: string | null): string {
  if (slot < 16) return CORTEX_M[slot];
  const m = handler ? /^(\w+?)_?(IRQHandler|Handler|IRQ_Handler|_isr)$/.exec(handler) : null;
  return m ? `${m[1]}_IRQn` : `IRQ${slot - 16}`;
}

class HandlerStatus {
  private cache = new Map<string, SymbolRow[]>();
  constructor(
    private reader: IndexReader,
    private buildId: number,
  ) {}

  private defs(name: string): SymbolRow[] {
    let d = this.cache.get(name);
    if (!d) {
      d = this.reader.lookupSymbols(name, false, { buildId: this.buildId, kinds: ['function'] }, { limit: 20, offset: 0 }).rows.filter((s) => s.is_definition || /alias\s*\(/.test(s.signature));
      this.cache.set(name, d);
    }
    return d;
  }

  of(handler: string): Pick<VectorSlotRow, 'status' | 'default_handler' | 'defined_in'> {
    const defs = this.defs(handler);
    const weakAlias = (s: SymbolRow) => /^\.weak \S+ = (\S+)/.exec(s.signature)?.[1] ?? /alias\s*\(\s*"([^"]+)"/.exec(s.signature)?.[1];
    const strong = defs.find((s) => !weakAlias(s));
    if (strong) return { status: 'handled', defined_in: `${strong.file}:${strong.line}` };
    const alias = defs.map(weakAlias).find(Boolean);
    if (alias) return { status: 'default', default_handler: alias };
    return { status: 'unhandled' };
  }
}

/** Slot index of an IRQ written in a registration (`IRQ_CONNECT(USART1_IRQn, ...)`): a literal, an enum constant or a macro. */
function irqSlot(reader: IndexReader, buildId: number, detail: string | null): { slot: number | null; irq: string } {
  const inner = detail ? detail.slice(detail.indexOf('(') + 1, detail.lastIndexOf(')')) : '';
  const irq = splitArgs(inner)[0] ?? '';
  let value: string | null = /^\d+$/.test(irq) ? irq : null;
  if (value === null && /^[A-Za-z_]\w*$/.test(irq)) {
    const c = reader.lookupSymbols(irq, false, { buildId, kinds: ['enum_constant'] }, { limit: 1, offset: 0 }).rows[0];
    value = (c?.enum_value !== undefined && c.enum_value !== null ? String(c.enum_value) : null) ?? reader.lookupMacros(irq, false, buildId, { limit: 1, offset: 0 }).rows[0]?._macro_expanded_value ?? null;
  }
  return { slot: value !== null && /^-?\d+$/.test(value) ? 16 + Number(value) : null, irq };
}

export function getVectorTable(ctx: ProjectContext, req: VectorTableRequest): (Record<string, unknown> | PageNotice | VectorSlotRow)[] {
  const reader = requireReader(ctx);
  const build = resolveProjectBuild(ctx, req);
  const { limit, offset } = pageBounds(req, 100, 500);
  const cg = reader.callGraph();
  const status = new HandlerStatus(reader, build.id);
  const rows: VectorSlotRow[] = [];
  const tableRow = (slot: number, handler: string | null, r: CallRow, source: VectorSlotRow['source'], table: string): VectorSlotRow => {
    const named = handler && /^[A-Za-z_]\w*$/.test(handler) ? handler : null;
    // Slot 0 of a Cortex-M table is the initial stack pointer (a linker symbol), not a handler.
    const st: Pick<VectorSlotRow, 'status' | 'default_handler' | 'defined_in'> = slot === 0 && named ? { status: 'handled' } : named ? status.of(named) : { status: 'unhandled' };
    return { slot, name: cmsisSlotName(slot, named), handler: named, ...st, file: r.file, line: r.line, source, table };
  };
  for (const r of cg.rowsOfKinds(['vector', 'vector_reserved'], build.id, false, { limit: 5000, offset: 0 }).rows) {
    const m = /^vector:(.*)#(\d+)$/.exec(r.slot ?? '');
    if (m) rows.push(tableRow(Number(m[2]), r.callee, r, 'vector_table', m[1]));
  }
  for (const arr of cg.vectorArrays(build.id)) {
    for (const r of cg.rowsBySlot(['fn_pointer'], [`var:${arr.name}[]`], [], build.id, 5000)) {
      const m = /\[(\d+)\]/.exec(r.detail ?? '');
      if (m) rows.push(tableRow(Number(m[1]), r.callee, r, 'c_array', arr.name));
    }
  }
  const registrations = (slots: string[], st: VectorStatus, source: VectorSlotRow['source']) => {
    for (const r of cg.rowsBySlot(['fn_pointer'], slots, [], build.id, 5000)) {
      const { slot, irq } = irqSlot(reader, build.id, r.detail);
      const handled = st === 'handled' ? status.of(r.callee) : null;
      rows.push({ slot, name: slot !== null ? cmsisSlotName(slot, r.callee) : irq, handler: r.callee, status: st, ...(handled?.defined_in ? { defined_in: handled.defined_in } : {}), file: r.file, line: r.line, source });
    }
  };
  registrations(STATIC_IRQ_SLOTS, 'handled', 'irq_connect');
  registrations(RUNTIME_SLOTS, 'runtime', 'runtime_install');
  rows.sort((a, b) => (a.slot ?? 1e9) - (b.slot ?? 1e9) || a.file.localeCompare(b.file) || a.line - b.line);
  if (!rows.length) {
    const note = { note: 'no vector table found in this build: no startup assembler table (.word entries under an .isr_vector/.vectors section or a *vector* label), no C array in a vector section, no IRQ_CONNECT' };
    return [note, ...pagedAnswer(ctx, reader, build, rows, 0, offset)];
  }
  return pagedAnswer(ctx, reader, build, rows.slice(offset, offset + limit), rows.length, offset);
}
