// The SQLite implementation of CallGraphReader: refs rows joined to the build through build_files, found by
// the name index (callers), the caller index (callees) or the slot index (pointer stores). A call row naming what
// the build declares as a global variable, not a function, is answered as the indirect call it is; one naming a
// function-like macro of the build (or an object-like alias of one), and nothing callable, is a macro use the parse
// read as a call, and left out.
import type { CallCountRow, CallGraphReader, CallQueryOptions, CallRow, UnreferencedFunction } from './call-graph-reader.js';
import type { Page } from './index-reader.js';
import type { Db } from './open-index.js';
import { nameIn, sameName } from './name-match.js';
import { queryStatement } from './statement-cache.js';
import { refKindCode, refKindLiteral } from './ref-kind-codes.js';

const CALL_FROM = `refs r
  JOIN parse_chunks bfc ON bfc.chunk_id = r.chunk_id JOIN build_files bf ON bf.parsed_id = bfc.parsed_id AND bf.build_id = @buildId
  JOIN parsed_files p ON p.id = bf.parsed_id
  JOIN files f ON f.id = p.file_id`;

type Params = Record<string, unknown>;

/** The stored kind of call rows (refs.kind_code; see ref-kind-codes.ts). */
const CALL = refKindLiteral('call');
/** SQL: refs row `r` is one the parse made for a call of a name its file does not declare as a variable. */
const namedCall = (r: string): string => `${r}.kind_code IN (${CALL}, ${refKindLiteral('macro_call')})`;
const NAMED_CALL = namedCall('r');

/**
 * The names call rows call (a SELECT for pointerVariables), in any build: an index-only scan, twice as fast as the
 * build's rows alone; a name only other builds call reads no row of this one.
 */
const CALLED_NAMES = `SELECT r.name FROM refs r WHERE ${NAMED_CALL}`;

/**
 * How a query reads the call rows of pointer variables (see SqliteCallGraph.pointerVariables): `named` is the SQL
 * condition of such a row of refs row `r`, `kind` and `slot` the SQL of what the row reads as, `code` that of the kind's
 * stored value (what conditions on kinds compare, see kindCodes).
 */
interface PointerCalls {
  names: string[];
  named: string;
  kind: string;
  code: string;
  slot: string;
}

/**
 * A call row naming one of `names` (bound in `params`) is an `indirect` row through the slot `var:NAME`, as the parse
 * makes it for a pointer the file itself declares; other rows read as stored.
 */
function pointerCalls(names: string[], params: Params): PointerCalls {
  if (!names.length) return { names, named: '0', kind: 'r.kind', code: 'r.kind_code', slot: 'r.slot' };
  const named = `(${NAMED_CALL} AND r.name IN (${list('pv', names, params)}))`;
  const slot = `(CASE WHEN ${named} THEN 'var:' || r.name ELSE r.slot END)`;
  return { names, named, kind: `(CASE WHEN ${named} THEN 'indirect' ELSE r.kind END)`, code: `(CASE WHEN ${named} THEN ${refKindLiteral('indirect')} ELSE r.kind_code END)`, slot };
}

/** `@k0, @k1, ...` binding the stored values of `kinds` in `params` (what `PointerCalls.code` is compared with). */
function kindCodes(kinds: readonly string[], params: Params): string {
  return list('k', kinds.map(refKindCode), params);
}

/**
 * SQL: macro row `m` of the build is function-like, or an object-like macro that names one through macros that each
 * expand to one name (STM32Cube HAL's `#define ADC_STATE_CLR_SET MODIFY_REG`, `#define IS_UART_INSTANCE
 * IS_UART_HALFDUPLEX_INSTANCE`): its use `ADC_STATE_CLR_SET(s, c, x)` is the function-like macro's use. An alias
 * whose expansion calls a function is read expanded by the parse (a macro_call row), so only uses calling nothing
 * are left as call rows naming the alias.
 */
function functionLikeMacro(m: string): string {
  return `(${m}.function_like = 1 OR EXISTS (WITH RECURSIVE alias(n, depth) AS (SELECT ${m}.value, 0 UNION SELECT a.value, alias.depth + 1
      FROM alias JOIN macros a ON a.name = alias.n JOIN build_macro_groups ag ON ag.group_id = a.group_id AND ag.build_id = @buildId
      WHERE a.function_like = 0 AND alias.depth < 8)
    SELECT 1 FROM alias JOIN macros f ON f.name = alias.n JOIN build_macro_groups fg ON fg.group_id = f.group_id AND fg.build_id = @buildId
    WHERE f.function_like = 1))`;
}

/**
 * Leaves out a call row naming a function-like macro of the build that it declares as nothing callable (see
 * SqliteCallGraph.macroUses), row by row: for a few rows (a function's lines). `r` names the refs row.
 */
export function notAMacroCall(r: string): string {
  return `NOT (${r}.kind_code = ${CALL} AND EXISTS (SELECT 1 FROM macros m JOIN build_macro_groups g ON g.group_id = m.group_id AND g.build_id = @buildId
    WHERE m.name = ${r}.name AND ${functionLikeMacro('m')}) AND NOT EXISTS (SELECT 1 FROM symbols fs JOIN parse_chunks fbc ON fbc.chunk_id = fs.chunk_id JOIN build_files fb ON fb.parsed_id = fbc.parsed_id
    AND fb.build_id = @buildId WHERE ${sameName('fs.name', `${r}.name`)} AND fs.kind IN ('function', 'method', 'varglobal')))`;
}

/**
 * Leaves out the call rows naming `macros` (bound in `params`; see SqliteCallGraph.macroUses): a function-like macro's
 * use the parse read as a call (`NX_PARAMETER_NOT_USED(p)` → `((void)(p))`), which calls nothing.
 */
function notAMacroUse(macros: string[], params: Params): string {
  return macros.length ? `NOT (r.kind_code = ${CALL} AND r.name IN (${list('mu', macros, params)}))` : '1';
}

/** The columns of a CallRow, pointer calls read as `pc` says (an indirect row's detail is its callee expression). */
function callColumns(pc: PointerCalls): string {
  const detail = pc.names.length ? `(CASE WHEN ${pc.named} THEN coalesce(r.detail, r.name) ELSE r.detail END)` : 'r.detail';
  return `r.caller, r.name AS callee, f.path AS file, r.line, r.col AS "column", ${pc.kind} AS ref_kind, r.via_macro, ${pc.slot} AS slot,
  ${detail} AS detail, f.is_vendor`;
}

/**
 * Leaves out a call of a parenthesized name (`(UCHAR)(x)`, its detail set) that the build declares as a typedef: a
 * cast the grammar read as a call. Other call rows have no detail. `r` names the refs row.
 */
export function notACast(r: string): string {
  return `NOT (${r}.detail IS NOT NULL AND ${namedCall(r)} AND EXISTS (SELECT 1 FROM symbols ts
    JOIN parse_chunks tbc ON tbc.chunk_id = ts.chunk_id JOIN build_files tb ON tb.parsed_id = tbc.parsed_id AND tb.build_id = @buildId WHERE ${sameName('ts.name', `${r}.name`)} AND ts.kind = 'typedef'))`;
}

function toCall(r: Record<string, unknown>): CallRow {
  return {
    caller: (r.caller as string | null) ?? null,
    callee: r.callee as string,
    file: r.file as string,
    line: r.line as number,
    column: r.column as number,
    ref_kind: r.ref_kind as string,
    via_macro: (r.via_macro as string | null) ?? null,
    slot: (r.slot as string | null) ?? null,
    detail: (r.detail as string | null) ?? null,
    is_vendor: !!r.is_vendor,
  };
}

/** `@p0, @p1, ...` for a list, filling params. */
function list(prefix: string, values: readonly (string | number)[], params: Params): string {
  values.forEach((v, i) => (params[`${prefix}${i}`] = v));
  return values.map((_, i) => `@${prefix}${i}`).join(', ') || 'NULL';
}

export class SqliteCallGraph implements CallGraphReader {
  constructor(private db: Db) {}

  private page<T>(select: string, count: string, params: Params, page: { limit: number; offset: number }, map: (r: Record<string, unknown>) => T): Page<T> {
    const total = (queryStatement(this.db, count).get(params) as { n: number }).n;
    const rows = queryStatement(this.db, `${select} LIMIT @limit OFFSET @offset`).all({ ...params, limit: page.limit, offset: page.offset }) as Record<string, unknown>[];
    return { rows: rows.map(map), total };
  }

  /**
   * Call rows paged in file order without sorting them all: rows are counted per parsed file (an index-only
   * scan of ref_rows_name_kind / ref_rows_caller_kind), the files ordered by path, and only the files the page
   * covers are read row by row. A function called 30 000 times pages as fast as one called 30 times.
   */
  private callsWhere(column: 'name' | 'caller', values: string[], buildId: number, opts: CallQueryOptions, page: { limit: number; offset: number }): Page<CallRow> {
    const params: Params = { buildId };
    const named = list('v', values, params);
    // Callers by id (the view reads a caller's name per row: see schema.ts).
    const byCaller = `r.caller_id IN (SELECT id FROM names WHERE name IN (${named}))`;
    const candidates = column === 'name' ? named : `SELECT r.name FROM refs r WHERE ${byCaller} AND ${NAMED_CALL}`;
    const pc = pointerCalls(this.pointerVariables(candidates, params), params);
    const match = `${column === 'name' ? `r.name IN (${named})` : byCaller} AND ${pc.code} IN (${kindCodes(opts.kinds, params)}) AND ${notACast('r')} AND ${notAMacroUse(this.macroUses(candidates, params), params)}`;
    const perFile = this.db
      .prepare(
        `SELECT bf.parsed_id AS id, sum(g.n) AS n FROM (SELECT r.chunk_id AS id, count(*) AS n FROM refs r WHERE ${match} GROUP BY r.chunk_id) g
          JOIN parse_chunks pc ON pc.chunk_id = g.id JOIN build_files bf ON bf.parsed_id = pc.parsed_id AND bf.build_id = @buildId
          JOIN parsed_files p ON p.id = bf.parsed_id JOIN files f ON f.id = p.file_id
        ${opts.projectOnly ? 'WHERE f.is_vendor = 0' : ''} GROUP BY bf.parsed_id ORDER BY f.is_vendor, f.path`,
      )
      .all(params) as { id: number; n: number }[];
    let total = 0;
    let first = -1;
    const ids: number[] = [];
    for (const g of perFile) {
      if (total + g.n > page.offset && total < page.offset + page.limit) {
        if (first < 0) first = total;
        ids.push(g.id);
      }
      total += g.n;
    }
    if (!ids.length || page.limit <= 0) return { rows: [], total };
    const rows = this.db
      .prepare(`SELECT ${callColumns(pc)} FROM ${CALL_FROM} WHERE ${match} AND bf.parsed_id IN (${list('p', ids, params)}) ORDER BY f.is_vendor, f.path, r.line, r.col`)
      .all(params) as Record<string, unknown>[];
    return { rows: rows.slice(page.offset - first, page.offset - first + page.limit).map(toCall), total };
  }

  callsTo(names: string[], buildId: number, opts: CallQueryOptions, page: { limit: number; offset: number }): Page<CallRow> {
    return this.callsWhere('name', names, buildId, opts, page);
  }

  callsFrom(callers: string[], buildId: number, opts: CallQueryOptions, page: { limit: number; offset: number }): Page<CallRow> {
    return this.callsWhere('caller', callers, buildId, opts, page);
  }

  callCounts(buildId: number, kinds: readonly string[], projectOnly: boolean, page: { limit: number; offset: number }): Page<CallCountRow> {
    const params: Params = { buildId };
    const pc = pointerCalls(this.pointerVariables(CALLED_NAMES, params), params);
    const where = `${pc.code} IN (${kindCodes(kinds, params)}) AND ${notACast('r')} AND ${notAMacroUse(this.macroUses(CALLED_NAMES, params), params)}${projectOnly ? ' AND f.is_vendor = 0' : ''}`;
    return this.page(
      `SELECT r.name, count(*) AS calls, count(DISTINCT r.caller_id) AS callers FROM ${CALL_FROM} WHERE ${where} GROUP BY r.name ORDER BY calls DESC, callers DESC, r.name`,
      `SELECT count(DISTINCT r.name) AS n FROM ${CALL_FROM} WHERE ${where}`,
      params,
      page,
      (r) => ({ name: r.name as string, calls: r.calls as number, callers: r.callers as number }),
    );
  }

  unreferencedFunctions(buildId: number, projectOnly: boolean): UnreferencedFunction[] {
    const sql = `SELECT s.name, s.qualified_name, f.path AS file, s.line, s.signature, f.is_vendor, s.via_macro
      FROM symbols s
      JOIN parse_chunks bfc ON bfc.chunk_id = s.chunk_id JOIN build_files bf ON bf.parsed_id = bfc.parsed_id AND bf.build_id = @buildId
      JOIN parsed_files p ON p.id = bf.parsed_id
      JOIN files f ON f.id = p.file_id
      WHERE s.kind IN ('function', 'method') AND s.is_definition = 1 AND s.body_id IS NOT NULL${projectOnly ? ' AND f.is_vendor = 0' : ''}
        AND NOT EXISTS (SELECT 1 FROM refs r JOIN parse_chunks b2c ON b2c.chunk_id = r.chunk_id JOIN build_files b2 ON b2.parsed_id = b2c.parsed_id AND b2.build_id = @buildId
          WHERE (r.name = s.name OR r.name = s.alias) AND (r.caller IS NULL OR r.caller <> s.qualified_name))
      ORDER BY f.is_vendor, f.path, s.line`;
    return (this.db.prepare(sql).all({ buildId }) as Record<string, unknown>[]).map((r) => ({
      name: r.name as string,
      qualified_name: r.qualified_name as string,
      file: r.file as string,
      line: r.line as number,
      signature: r.signature as string,
      is_vendor: !!r.is_vendor,
      via_macro: (r.via_macro as string | null) ?? null,
    }));
  }

  /**
   * WHERE of slot queries: exact slots, or the member part (`substr(slot, instr(slot, '.'))`, indexed by
   * ref_rows_slot_field); calls of the pointer variables `var:` slots name are indirect rows of those slots.
   */
  private slotWhere(kinds: readonly string[], slots: string[], fields: string[], params: Params): { where: string; pc: PointerCalls } {
    const variables = slots.filter((s) => s.startsWith('var:') && !s.endsWith('[]')).map((s) => s.slice(4));
    const pc = pointerCalls(variables.length && kinds.includes('indirect') ? this.pointerVariables(list('sv', variables, params), params) : [], params);
    const byField = fields.length ? ` OR (r.slot IS NOT NULL AND substr(r.slot, instr(r.slot, '.')) IN (${list('f', fields.map((f) => `.${f}`), params)}) AND instr(r.slot, ':') = 0)` : '';
    const byPointer = pc.names.length ? ` OR ${pc.named}` : '';
    return { where: `${pc.code} IN (${kindCodes(kinds, params)}) AND (r.slot IN (${list('s', slots, params)})${byField}${byPointer})`, pc };
  }

  rowsBySlot(kinds: readonly string[], slots: string[], fields: string[], buildId: number, limit: number): CallRow[] {
    const params: Params = { buildId, limit };
    const { where, pc } = this.slotWhere(kinds, slots, fields, params);
    return (this.db.prepare(`SELECT ${callColumns(pc)} FROM ${CALL_FROM} WHERE ${where} ORDER BY f.path, r.line, r.col LIMIT @limit`).all(params) as Record<string, unknown>[]).map(toCall);
  }

  pageBySlot(kinds: readonly string[], slots: string[], fields: string[], buildId: number, projectOnly: boolean, page: { limit: number; offset: number }): Page<CallRow> {
    const params: Params = { buildId };
    const { where, pc } = this.slotWhere(kinds, slots, fields, params);
    return this.pageCalls(`${where}${projectOnly ? ' AND f.is_vendor = 0' : ''}`, params, page, pc);
  }

  rowsOfKinds(kinds: readonly string[], buildId: number, projectOnly: boolean, page: { limit: number; offset: number }): Page<CallRow> {
    const params: Params = { buildId };
    const pc = pointerCalls(kinds.some((k) => k === 'indirect' || k === 'call' || k === 'macro_call') ? this.pointerVariables(CALLED_NAMES, params) : [], params);
    const macros = kinds.includes('call') ? this.macroUses(CALLED_NAMES, params) : [];
    return this.pageCalls(`${pc.code} IN (${kindCodes(kinds, params)}) AND ${notACast('r')} AND ${notAMacroUse(macros, params)}${projectOnly ? ' AND f.is_vendor = 0' : ''}`, params, page, pc);
  }

  /**
   * Of the names `candidates` gives (an SQL list or SELECT of names, its params in `params`), those the build declares
   * as global variables and as no function: a call of one goes through the pointer it holds (NetX Duo's
   * `NX_CRYPTO_MEMCPY` → `_nx_crypto_memcpy_ptr(...)`, declared in a header, which the calling file's parse, shared by
   * every build compiling that text, does not see). Usually none.
   */
  private pointerVariables(candidates: string, params: Params): string[] {
    const sql = `SELECT DISTINCT s.name FROM symbols s JOIN parse_chunks bfc ON bfc.chunk_id = s.chunk_id JOIN build_files bf ON bf.parsed_id = bfc.parsed_id AND bf.build_id = @buildId
      WHERE ${nameIn('s.name', candidates)} AND s.kind = 'varglobal' AND NOT EXISTS (SELECT 1 FROM symbols fs
        JOIN parse_chunks fbc ON fbc.chunk_id = fs.chunk_id JOIN build_files fb ON fb.parsed_id = fbc.parsed_id AND fb.build_id = @buildId WHERE ${sameName('fs.name', 's.name')} AND fs.kind IN ('function', 'method'))
      ORDER BY s.name`;
    return (queryStatement(this.db, sql).all(params) as { name: string }[]).map((r) => r.name);
  }

  /**
   * Of the names `candidates` gives (as for pointerVariables), those the build defines as function-like macros (or
   * aliases of one, see functionLikeMacro) and declares as no function, method or variable: a call row naming one is
   * a use of the macro the parse read as a call (a use whose expansion calls something is read expanded, its calls
   * rows of their own). Usually a few.
   */
  private macroUses(candidates: string, params: Params): string[] {
    const sql = `SELECT DISTINCT m.name FROM macros m JOIN build_macro_groups g ON g.group_id = m.group_id AND g.build_id = @buildId
      WHERE m.name IN (${candidates}) AND ${functionLikeMacro('m')} AND NOT EXISTS (SELECT 1 FROM symbols fs
        JOIN parse_chunks fbc ON fbc.chunk_id = fs.chunk_id JOIN build_files fb ON fb.parsed_id = fbc.parsed_id AND fb.build_id = @buildId WHERE ${sameName('fs.name', 'm.name')} AND fs.kind IN ('function', 'method', 'varglobal'))
      ORDER BY m.name`;
    return (queryStatement(this.db, sql).all(params) as { name: string }[]).map((r) => r.name);
  }

  /** One page of call rows matching `where`, project files first, in file and position order, with the total. */
  private pageCalls(where: string, params: Params, page: { limit: number; offset: number }, pc: PointerCalls): Page<CallRow> {
    return this.page(
      `SELECT ${callColumns(pc)} FROM ${CALL_FROM} WHERE ${where} ORDER BY f.is_vendor, f.path, r.line, r.col`,
      `SELECT count(*) AS n FROM ${CALL_FROM} WHERE ${where}`,
      params,
      page,
      toCall,
    );
  }

  vectorArrays(buildId: number): { name: string; file: string; line: number }[] {
    const sql = `SELECT s.name, f.path AS file, s.line FROM symbols s
      JOIN parse_chunks bfc ON bfc.chunk_id = s.chunk_id JOIN build_files bf ON bf.parsed_id = bfc.parsed_id AND bf.build_id = @buildId
      JOIN parsed_files p ON p.id = bf.parsed_id
      JOIN files f ON f.id = p.file_id
      WHERE s.kind = 'varglobal' AND s.is_definition = 1 AND (s.signature LIKE '%section%vector%' OR s.signature LIKE '%section%intvec%')
      ORDER BY f.path, s.line`;
    return this.db.prepare(sql).all({ buildId }) as { name: string; file: string; line: number }[];
  }
}
