// get_vector_table: the interrupt vector table of one build — `.word` tables of startup assembler files, C
// arrays placed in a vector section — each slot with its CMSIS name, handler and status (stack_pointer: slot 0,
// the initial stack pointer; handled: a strong definition; default: only a weak alias such as
// `.thumb_set X, Default_Handler`; unhandled: a zero entry or a name nothing defines; runtime: installed while running). Zephyr's IRQ_CONNECT registrations and runtime
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

export type VectorStatus = 'stack_pointer' | 'handled' | 'default' | 'unhandled' | 'runtime';

export interface VectorSlotRow {
  /** Index in the table (exception number; IRQ n is slot 16 + n on Cortex-M), null when the IRQ is not a constant. */
  slot: number | null;
  /** CMSIS name of the slot (`Reset`, `PendSV`, `USART1_IRQn`), or `Reserved`. */
  name: string;
  /** The handler the slot names, null for a zero entry; slot 0 (stack_pointer): what the entry writes (`_estack`, `z_main_stack+CONFIG_MAIN_STACK_SIZE`). */
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
/** CMSIS writes `#define NVIC_SetVector __NVIC_SetVector`: the call rows name the expanded function. */
const RUNTIME_SLOTS = ['arg:NVIC_SetVector#1', 'arg:__NVIC_SetVector#1', 'arg:irq_connect_dynamic#2', 'arg:arch_irq_connect_dynamic#2', 'arg:z_isr_install#2'];
const STATIC_IRQ_SLOTS = ['arg:IRQ_CONNECT#2', 'arg:IRQ_DIRECT_CONNECT#2'];

/**
 * CMSIS name of a slot: the device header's `*_IRQn` constant of that IRQ when the build has one (`irqNames`),
 * else from the handler's name (`USART1_IRQHandler` at slot ≥ 16 → `USART1_IRQn`), else `IRQ<n>`.
 */
export function cmsisSlotName(slot: number, handler: string | null, irqNames?: Map<number, string>): string {
  if (slot < 16) return CORTEX_M[slot];
  const known = irqNames?.get(slot - 16);
  if (known) return known;
  const m = handler ? /^(\w+?)_?(IRQHandler|Handler|IRQ_Handler|_isr)$/.exec(handler) : null;
  return m ? `${m[1]}_IRQn` : `IRQ${slot - 16}`;
}

/** IRQ number → `*_IRQn` enum constant of the build (CMSIS device headers), the first one per number. */
function irqConstants(reader: IndexReader, buildId: number): Map<number, string> {
  const out = new Map<number, string>();
  for (const c of reader.globSymbols('*_IRQn', null, { buildId, kinds: ['enum_constant'] }, { limit: 2000, offset: 0 }).rows) {
    const v = Number(c.enum_value);
    if (c.enum_value !== null && c.enum_value !== undefined && Number.isInteger(v) && v >= 0 && !out.has(v)) out.set(v, c.name);
  }
  return out;
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
  // `irq=EXPR; ` in front: the IRQ as the macro expansion wrote it (devicetree macros already replaced).
  const expanded = detail ? /^irq=([^;]*); /.exec(detail) : null;
  const text = expanded ? detail!.slice(expanded[0].length) : detail ?? '';
  const inner = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
  const written = splitArgs(inner)[0] ?? '';
  const irq = expanded ? expanded[1].replace(/^\((.*)\)$/, '$1').replace(/[uUlL]+$/, '') : written;
  let value: string | null = /^\d+$/.test(irq) ? irq : /^0x[0-9a-f]+$/i.test(irq) ? String(parseInt(irq, 16)) : null;
  if (value === null && /^[A-Za-z_]\w*$/.test(irq)) {
    const c = reader.lookupSymbols(irq, false, { buildId, kinds: ['enum_constant'] }, { limit: 1, offset: 0 }).rows[0];
    value = (c?.enum_value !== undefined && c.enum_value !== null ? String(c.enum_value) : null) ?? reader.lookupMacros(irq, false, buildId, { limit: 1, offset: 0 }).rows[0]?._macro_expanded_value ?? null;
  }
  return { slot: value !== null && /^-?\d+$/.test(value) ? 16 + Number(value) : null, irq: written };
}

export function getVectorTable(ctx: ProjectContext, req: VectorTableRequest): (Record<string, unknown> | PageNotice | VectorSlotRow)[] {
  const reader = requireReader(ctx);
  const build = resolveProjectBuild(ctx, req);
  const { limit, offset } = pageBounds(req, 100, 500);
  const cg = reader.callGraph();
  const status = new HandlerStatus(reader, build.id);
  const irqNames = irqConstants(reader, build.id);
  const rows: VectorSlotRow[] = [];
  const tableRow = (slot: number, handler: string | null, r: CallRow, source: VectorSlotRow['source'], table: string): VectorSlotRow => {
    // Slot 0 of a Cortex-M table is the initial stack pointer (a linker symbol, a stack array's end, an address), not a handler.
    if (slot === 0) return { slot, name: cmsisSlotName(0, null), handler: handler || null, status: 'stack_pointer', file: r.file, line: r.line, source, table };
    const named = handler && /^[A-Za-z_]\w*$/.test(handler) ? handler : null;
    const st: Pick<VectorSlotRow, 'status' | 'default_handler' | 'defined_in'> = named ? status.of(named) : { status: 'unhandled' };
    return { slot, name: cmsisSlotName(slot, named, irqNames), handler: named, ...st, file: r.file, line: r.line, source, table };
  };
  for (const r of cg.rowsOfKinds(['vector', 'vector_reserved'], build.id, false, { limit: 5000, offset: 0 }).rows) {
    const m = /^vector:(.*)#(\d+)$/.exec(r.slot ?? '');
    if (m) rows.push(tableRow(Number(m[2]), r.callee, r, 'vector_table', m[1]));
  }
  for (const arr of cg.vectorArrays(build.id)) {
    const filled = new Set<number>();
    for (const r of cg.rowsBySlot(['fn_pointer'], [`var:${arr.name}[]`], [], build.id, 5000)) {
      const m = /\[(\d+)\]/.exec(r.detail ?? '');
      if (!m) continue;
      rows.push(tableRow(Number(m[1]), r.callee, r, 'c_array', arr.name));
      filled.add(Number(m[1]));
    }
    // Entries that name no function (0, NULL, a number) store nothing: the gaps up to the last entry are unhandled slots.
    const last = Math.max(-1, ...filled);
    for (let slot = 0; slot < last; slot++) {
      if (!filled.has(slot)) rows.push({ slot, name: cmsisSlotName(slot, null, irqNames), handler: null, status: slot === 0 ? 'stack_pointer' : 'unhandled', file: arr.file, line: arr.line, source: 'c_array', table: arr.name });
    }
  }
  const registrations = (slots: string[], st: VectorStatus, source: VectorSlotRow['source']) => {
    for (const r of cg.rowsBySlot(['fn_pointer'], slots, [], build.id, 5000)) {
      const { slot, irq } = irqSlot(reader, build.id, r.detail);
      const handled = st === 'handled' ? status.of(r.callee) : null;
      // The IRQ as the registration names it (`TIM3_IRQn`) wins over a name guessed from the handler.
      const name = /^\w+_IRQn$/.test(irq) || slot === null ? irq : cmsisSlotName(slot, r.callee, irqNames);
      rows.push({ slot, name, handler: r.callee, status: st, ...(handled?.defined_in ? { defined_in: handled.defined_in } : {}), file: r.file, line: r.line, source });
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
