// get_symbol_context: one call with what an agent needs before changing a function — its source, its
// callers, its callees (with where each is defined), the constants it uses with their values in this build
// (enum constants, #define values) and the globals and fields it reads or writes. Pointer wiring (which
// functions a function pointer may hold) is not recorded by this index and is reported as unavailable.
import type { IndexReader } from '../index/index-reader.js';
import type { VariableRefRow } from '../index/reading-reader.js';
import { getSource, type SourceRequest } from './get-source.js';
import { requireReader, resolveProjectBuild, type ProjectContext } from './project-context.js';

export interface SymbolContextRequest extends SourceRequest {
  maxCallers?: number;
}

const FUNCTION_KINDS = new Set(['function', 'method', 'constructor', 'destructor']);
const MAX_LIST = 100;

/** Where the build defines a callee: a function (definition preferred) or a function-like macro. */
function definitionOf(reader: IndexReader, buildId: number, name: string): { qualified_name: string; kind: string; file: string; line: number; is_vendor: boolean } | null {
  const rows = reader.lookupSymbols(name, false, { buildId }, { limit: 5, offset: 0 }).rows;
  const hit = rows.find((r) => r.is_definition) ?? rows[0];
  if (hit) return { qualified_name: hit.qualified_name, kind: hit.kind, file: hit.file, line: hit.line, is_vendor: hit.is_vendor };
  const macro = reader.lookupMacros(name, false, buildId, { limit: 1, offset: 0 }).rows[0];
  return macro ? { qualified_name: macro.name, kind: 'macro', file: macro.file, line: macro.line, is_vendor: macro.file.startsWith('/') || macro.file.startsWith('<') } : null;
}

/** Names used in the body, split into constants (enum constants, macros) and variables (globals, statics, fields). */
function namesUsed(reader: IndexReader, buildId: number, uses: VariableRefRow[]) {
  const byName = new Map<string, Set<string>>();
  for (const u of uses) (byName.get(u.name) ?? byName.set(u.name, new Set()).get(u.name)!).add(u.access);
  const constants: Record<string, unknown>[] = [];
  const variables: Record<string, unknown>[] = [];
  for (const [name, access] of byName) {
    if (constants.length + variables.length >= MAX_LIST) break;
    const syms = reader.lookupSymbols(name, false, { buildId, kinds: ['enum_constant', 'varglobal', 'field'] }, { limit: 5, offset: 0 }).rows;
    const constant = syms.find((s) => s.kind === 'enum_constant');
    if (constant) {
      constants.push({ name, kind: 'enum_constant', value: constant.enum_value ?? null, qualified_name: constant.qualified_name, file: constant.file, line: constant.line });
      continue;
    }
    const macro = reader.lookupMacros(name, false, buildId, { limit: 1, offset: 0 }).rows[0];
    if (macro && !macro.function_like) {
      constants.push({ name, kind: 'macro', value: macro._macro_value, expanded_value: macro._macro_expanded_value, file: macro.file, line: macro.line });
      continue;
    }
    const variable = syms.find((s) => s.kind !== 'enum_constant' && s.is_definition) ?? syms.find((s) => s.kind !== 'enum_constant');
    if (variable) variables.push({ name, kind: variable.kind, qualified_name: variable.qualified_name, access: [...access].sort(), file: variable.file, line: variable.line });
  }
  return { constants, variables };
}

export function getSymbolContext(ctx: ProjectContext, req: SymbolContextRequest) {
  const reader = requireReader(ctx);
  const build = resolveProjectBuild(ctx, req);
  const source = getSource(ctx, req);
  const reading = reader.reading();
  const isFunction = FUNCTION_KINDS.has(source.kind);
  const maxCallers = Math.min(Math.max(req.maxCallers ?? 30, 1), 200);
  const callers = reader.findReferences(source.name, build.id, false, { limit: maxCallers, offset: 0 });
  const calls = isFunction ? reading.callsInRange(build.id, source.file, source.line, source.end_line) : [];
  const callees = new Map<string, { name: string; lines: number[]; ref_kinds: string[]; defined_at: ReturnType<typeof definitionOf> }>();
  for (const c of calls) {
    const entry = callees.get(c.name) ?? callees.set(c.name, { name: c.name, lines: [], ref_kinds: [], defined_at: null }).get(c.name)!;
    entry.lines.push(c.line);
    if (!entry.ref_kinds.includes(c.kind)) entry.ref_kinds.push(c.kind);
  }
  for (const e of [...callees.values()].slice(0, MAX_LIST)) e.defined_at = definitionOf(reader, build.id, e.name);
  const used = namesUsed(reader, build.id, reading.namesInRange(build.id, source.file, source.line, source.end_line));
  return {
    ...source,
    callers: { total: callers.total, shown: callers.rows.length, rows: callers.rows.map((r) => ({ file: r.file, line: r.line, column: r.column, in_symbol: r.in_symbol })) },
    callees: [...callees.values()].slice(0, MAX_LIST),
    constants: used.constants,
    variables: used.variables,
    pointer_wiring: null,
    notes: ['callees are the calls written in the body, matched by name; calls through function pointers are listed under the pointer\'s name', 'pointer_wiring is not recorded by this index: null'],
  };
}
