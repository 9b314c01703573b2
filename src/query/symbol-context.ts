// get_symbol_context: one call with what an agent needs before changing a function — its source, its callers
// and callees from the call graph (ref_kind, via_macro, defined_at), its pointer wiring, the constants it uses
// with their values in this build and the globals and fields it touches. Lists are bounded; the call-graph tools page.
import type { IndexReader } from '../index/index-reader.js';
import type { VariableRefRow } from '../index/reading-reader.js';
import { findCallees, findCallers, type CalleeRow, type CallerRow } from './call-graph/call-sites.js';
import { pointerWiring } from './call-graph/pointer-wiring.js';
import { pageRows } from './paged-answer.js';
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

/**
 * Names used in the body, split into constants (enum constants, macros) and variables (globals, statics, fields). A
 * name used alone is a global (in a C++ member function, a field too), never the function's own parameter or local
 * (`ip_ptr` read in NetX Duo's `_nx_rarp_info_get(NX_IP *ip_ptr, ...)` is no field `NX_MRP_STRUCT::ip_ptr`); a name
 * after `.` or `->` is a field.
 */
function namesUsed(reader: IndexReader, buildId: number, uses: VariableRefRow[], own: OwnNames) {
  const byName = new Map<string, Set<string>>();
  for (const u of uses) {
    if (u.via === 'name' && own.has(u.name)) continue;
    const key = `${u.via === 'member' ? '.' : ''}${u.name}`;
    (byName.get(key) ?? byName.set(key, new Set()).get(key)!).add(u.access);
  }
  const constants: Record<string, unknown>[] = [];
  const variables: Record<string, unknown>[] = [];
  const listed = new Set<string>();
  for (const [key, access] of byName) {
    if (constants.length + variables.length >= MAX_LIST) break;
    const member = key.startsWith('.');
    const name = member ? key.slice(1) : key;
    const kinds = member ? ['field'] : own.inMember ? ['enum_constant', 'varglobal', 'field'] : ['enum_constant', 'varglobal'];
    const syms = reader.lookupSymbols(name, false, { buildId, kinds }, { limit: 5, offset: 0 }).rows;
    const constant = syms.find((s) => s.kind === 'enum_constant');
    if (constant) {
      constants.push({ name, kind: 'enum_constant', enum_value: constant.enum_value ?? null, qualified_name: constant.qualified_name, file: constant.file, line: constant.line });
      continue;
    }
    const macro = member ? undefined : reader.lookupMacros(name, false, buildId, { limit: 1, offset: 0 }).rows[0];
    if (macro && !macro.function_like) {
      constants.push({ name, kind: 'macro', _macro_value: macro._macro_value, _macro_expanded_value: macro._macro_expanded_value, file: macro.file, line: macro.line });
      continue;
    }
    const variable = syms.find((s) => s.kind !== 'enum_constant' && s.is_definition) ?? syms.find((s) => s.kind !== 'enum_constant');
    if (!variable || listed.has(variable.qualified_name)) continue;
    listed.add(variable.qualified_name);
    variables.push({ name, kind: variable.kind, qualified_name: variable.qualified_name, access: [...access].sort(), file: variable.file, line: variable.line });
  }
  return { constants, variables };
}

/** A function's own names (parameters and locals), and whether it is a C++ member function. */
interface OwnNames {
  has(name: string): boolean;
  inMember: boolean;
}

/** The names a parameter list declares (`int *slot`, `void (*done)(int)`, `char buf[4]`); `...` and `void` none. */
export function parameterNames(signature: string, name: string): string[] {
  const at = signature.indexOf('(', signature.lastIndexOf(name) + name.length);
  if (at < 0) return [];
  const out: string[] = [];
  let depth = 0;
  let start = at + 1;
  for (let i = at; i < signature.length; i++) {
    const c = signature[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    if ((c === ',' && depth === 1) || depth === 0) {
      const p = signature.slice(start, i);
      const named = /\(\s*[*&]\s*(?:const\s+)?([A-Za-z_]\w*)\s*\)/.exec(p)?.[1] ?? /([A-Za-z_]\w*)\s*(?:\[[^\]]*\]\s*)*$/.exec(p.replace(/=.*$/s, '').trim())?.[1];
      if (named && named !== 'void' && /[\s*&]/.test(p.trim())) out.push(named);
      start = i + 1;
      if (depth === 0) break;
    }
  }
  return out;
}

function ownNames(reader: IndexReader, buildId: number, source: { name: string; qualified_name: string; kind: string; signature: string }): OwnNames {
  const params = new Set(parameterNames(source.signature, source.name));
  const locals = new Map<string, boolean>();
  const local = (name: string) => {
    let is = locals.get(name);
    if (is === undefined) {
      const rows = reader.lookupSymbols(name, false, { buildId, kinds: ['varlocal'] }, { limit: 50, offset: 0 }).rows;
      locals.set(name, (is = rows.some((s) => s.qualified_name === `${source.qualified_name}::${name}`)));
    }
    return is;
  };
  return { has: (name) => params.has(name) || local(name), inMember: source.kind === 'method' || source.kind === 'constructor' || source.kind === 'destructor' };
}

interface CalleeEntry {
  name: string;
  lines: number[];
  ref_kinds: string[];
  via_macro?: string[];
  defined_at: ReturnType<typeof definitionOf>;
}

/** The function's call rows (those inside its own body: a same-named static elsewhere is left out), grouped by callee. */
function calleesOf(ctx: ProjectContext, reader: IndexReader, build: { id: number; variant: string; image: string }, source: { name: string; file: string; line: number; end_line: number }) {
  const calls = pageRows<CalleeRow>(findCallees(ctx, { variant: build.variant, image: build.image, name: source.name, limit: 500 })).rows.filter(
    (c) => c.file === source.file && c.line >= source.line && c.line <= source.end_line,
  );
  const grouped = new Map<string, CalleeEntry>();
  for (const c of calls.filter((r) => r.ref_kind !== 'indirect')) {
    const e = grouped.get(c.callee) ?? grouped.set(c.callee, { name: c.callee, lines: [], ref_kinds: [], defined_at: null }).get(c.callee)!;
    if (!e.lines.includes(c.line)) e.lines.push(c.line);
    if (!e.ref_kinds.includes(c.ref_kind)) e.ref_kinds.push(c.ref_kind);
    if (c.via_macro && !e.via_macro?.includes(c.via_macro)) (e.via_macro ??= []).push(c.via_macro);
  }
  const rows = [...grouped.values()].slice(0, MAX_LIST);
  for (const e of rows) e.defined_at = definitionOf(reader, build.id, e.name);
  return { calls, callees: { total: grouped.size, rows } };
}

/** Callers of a function from the call graph (pointer calls that reach it included); of other symbols, their references. */
function callersOf(ctx: ProjectContext, reader: IndexReader, build: { id: number; variant: string; image: string }, name: string, isFunction: boolean, limit: number) {
  if (isFunction) {
    const p = pageRows<CallerRow>(findCallers(ctx, { variant: build.variant, image: build.image, name, limit }));
    return { total: p.total, shown: p.rows.length, rows: p.rows };
  }
  const refs = reader.findReferences(name, build.id, false, { limit, offset: 0 });
  return { total: refs.total, shown: refs.rows.length, rows: refs.rows.map((r): CallerRow => ({ caller: r.in_symbol, file: r.file, line: r.line, column: r.column, ref_kind: 'reference' })) };
}

export function getSymbolContext(ctx: ProjectContext, req: SymbolContextRequest) {
  const reader = requireReader(ctx);
  const build = resolveProjectBuild(ctx, req);
  const source = getSource(ctx, req);
  const isFunction = FUNCTION_KINDS.has(source.kind);
  const maxCallers = Math.min(Math.max(req.maxCallers ?? 30, 1), 200);
  const callers = callersOf(ctx, reader, build, source.name, isFunction, maxCallers);
  const own = isFunction ? calleesOf(ctx, reader, build, source) : { calls: [], callees: { total: 0, rows: [] } };
  const names = ownNames(reader, build.id, source);
  const used = namesUsed(reader, build.id, reader.reading().namesInRange(build.id, source.file, source.line, source.end_line), names);
  return {
    ...source,
    callers,
    callees: own.callees,
    constants: used.constants,
    variables: used.variables,
    pointer_wiring: isFunction ? pointerWiring(ctx, build, source.name, own.calls) : null,
  };
}
