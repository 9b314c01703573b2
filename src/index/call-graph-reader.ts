// What call-graph queries may ask of an index: call rows by callee or caller, pointer stores by slot, call
// counts, functions nothing references, vector and IRQ rows. Every method is scoped to one build.
import type { Page } from './index-reader.js';

export interface CallRow {
  /** Qualified name of the calling function, null at file scope. */
  caller: string | null;
  /** Called name (for indirect calls: the pointer or member name). */
  callee: string;
  file: string;
  line: number;
  column: number;
  ref_kind: string;
  via_macro: string | null;
  /** Pointer slot (indirect calls, stores). */
  slot: string | null;
  /** Callee expression of an indirect call; where a store happens. */
  detail: string | null;
  is_vendor: boolean;
}

export interface CallCountRow {
  name: string;
  calls: number;
  callers: number;
}

export interface UnreferencedFunction {
  name: string;
  qualified_name: string;
  file: string;
  line: number;
  signature: string;
  is_vendor: boolean;
  via_macro: string | null;
}

export interface CallQueryOptions {
  kinds: readonly string[];
  projectOnly?: boolean;
}

export interface CallGraphReader {
  /** Rows whose called name is one of `names`. */
  callsTo(names: string[], buildId: number, opts: CallQueryOptions, page: { limit: number; offset: number }): Page<CallRow>;
  /** Rows made inside functions whose qualified name is one of `callers`. */
  callsFrom(callers: string[], buildId: number, opts: CallQueryOptions, page: { limit: number; offset: number }): Page<CallRow>;
  /** Most-called names (call kinds only), with distinct calling functions. */
  callCounts(buildId: number, kinds: readonly string[], projectOnly: boolean, page: { limit: number; offset: number }): Page<CallCountRow>;
  /** Function definitions no reference row of the build names (calls of itself aside). */
  unreferencedFunctions(buildId: number, projectOnly: boolean): UnreferencedFunction[];
  /** Rows of `kinds` whose slot is one of `slots`, or a member named one of `fields` of any struct (`T.field`, `.field`), first `limit` in file order. */
  rowsBySlot(kinds: readonly string[], slots: string[], fields: string[], buildId: number, limit: number): CallRow[];
  /** The same rows paged, with their total (vendor files last; `projectOnly` leaves them out). */
  pageBySlot(kinds: readonly string[], slots: string[], fields: string[], buildId: number, projectOnly: boolean, page: { limit: number; offset: number }): Page<CallRow>;
  /** Rows of `kinds` (any name), paged, in file order. */
  rowsOfKinds(kinds: readonly string[], buildId: number, projectOnly: boolean, page: { limit: number; offset: number }): Page<CallRow>;
  /** Global arrays placed in an interrupt-vector section (C vector tables). */
  vectorArrays(buildId: number): { name: string; file: string; line: number }[];
}
