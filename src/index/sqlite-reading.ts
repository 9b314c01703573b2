// SQLite implementation of ReadingIndex: every query joins build_files, so it answers for one build only.
import type { Db } from './open-index.js';
import { sameName } from './name-match.js';
import type { Page, SymbolRow } from './index-reader.js';
import type { BodyRow, CallInRange, ClassBaseRow, ReadingIndex, RefScope, TemplateUseRow, VariableRefRow } from './reading-reader.js';
import { likeEscape, SYMBOL_COLUMNS, SYMBOL_FROM, toSymbol } from './sqlite-index.js';
import { notACast, notAMacroCall } from './sqlite-call-graph.js';
import { bodyTextSql } from './body-compression.js';
import { accessName, ACCESS_CODES, viaName, VIA_CODES } from './variable-ref-codes.js';

type Params = Record<string, unknown>;

/** Row x of a chunk (parse-chunks.ts) through the build's parses that name the chunk: \`pc.parsed_id\` is x's parse. */
const IN_BUILD = `JOIN parse_chunks pc ON pc.chunk_id = x.chunk_id
  JOIN build_files bf ON bf.parsed_id = pc.parsed_id AND bf.build_id = @buildId
  JOIN parsed_files p ON p.id = pc.parsed_id
  JOIN files f ON f.id = p.file_id`;

/**
 * A build's symbols with their bodies (stored once per distinct text: body-texts.ts), the build's parses first (CROSS
 * JOIN keeps that order; the planner would scan every build's definitions through symbols_body). A LEFT JOIN, its
 * text compared through ifnull so that it stays one: as an inner join SQLite built a Bloom filter of every body's id
 * at each query, reading the whole table (~25 % of search_bodies on a 22-build index).
 */
const BODY_FROM = `build_files bf CROSS JOIN parse_chunks pc ON pc.parsed_id = bf.parsed_id CROSS JOIN symbols s ON s.chunk_id = pc.chunk_id
  JOIN parsed_files p ON p.id = bf.parsed_id
  JOIN files f ON f.id = p.file_id
  LEFT JOIN bodies sb ON sb.id = s.body_id`;

/** The innermost function definition of row x's parse (pc.parsed_id, any of its chunks) whose lines hold row x. */
const ENCLOSING_FUNCTION = `(SELECT s.qualified_name FROM parse_chunks ec JOIN symbols s ON s.chunk_id = ec.chunk_id WHERE ec.parsed_id = pc.parsed_id AND s.is_definition = 1
  AND s.kind IN ('function', 'method', 'constructor', 'destructor') AND s.line <= x.line AND s.end_line >= x.line
  ORDER BY s.line DESC LIMIT 1)`;

/** A local of the same name, declared earlier in the function holding the use, hides the global. */
const SHADOWED = `NOT EXISTS (SELECT 1 FROM parse_chunks lc JOIN symbols l ON l.chunk_id = lc.chunk_id WHERE lc.parsed_id = pc.parsed_id AND l.kind = 'varlocal'
  AND l.name = x.name AND l.line <= x.line
  AND l.parent_id = (SELECT s.stable_id FROM parse_chunks ec JOIN symbols s ON s.chunk_id = ec.chunk_id WHERE ec.parsed_id = pc.parsed_id AND s.is_definition = 1
    AND s.kind IN ('function', 'method', 'constructor', 'destructor') AND s.line <= x.line AND s.end_line >= x.line ORDER BY s.line DESC LIMIT 1))`;

function toVarRef(r: Record<string, unknown>): VariableRefRow {
  return {
    name: r.name as string,
    access: accessName(r.access as number),
    via: viaName(r.via as number),
    file: r.file as string,
    line: r.line as number,
    column: r.col as number,
    is_vendor: !!r.is_vendor,
    in_function: (r.in_function as string | null) ?? null,
  };
}

export class SqliteReading implements ReadingIndex {
  constructor(private readonly db: Db) {}

  private page<T>(select: string, count: string, params: Params, page: { limit: number; offset: number }, map: (r: Record<string, unknown>) => T): Page<T> {
    const total = (this.db.prepare(count).get(params) as { n: number }).n;
    const rows = this.db.prepare(`${select} LIMIT @limit OFFSET @offset`).all({ ...params, ...page }) as Record<string, unknown>[];
    return { rows: rows.map(map), total };
  }

  buildFilePaths(buildId: number, path: string, limit: number): string[] {
    const clean = path.replace(/^\.\//, '');
    const rows = this.db
      .prepare(
        `SELECT DISTINCT f.path FROM files f JOIN parsed_files p ON p.file_id = f.id JOIN build_files bf ON bf.parsed_id = p.id AND bf.build_id = @buildId
         WHERE f.path = @exact OR f.path LIKE @suffix ESCAPE '\\' ORDER BY f.path = @exact DESC, length(f.path), f.path LIMIT @limit`,
      )
      .all({ buildId, exact: clean, suffix: '%/' + likeEscape(clean), limit }) as { path: string }[];
    return rows.map((r) => r.path);
  }

  includeDirs(buildId: number): string[] {
    return (this.db.prepare('SELECT dir FROM build_include_dirs WHERE build_id = ? ORDER BY dir').all(buildId) as { dir: string }[]).map((r) => r.dir);
  }

  searchBodies(buildId: number, terms: string[], projectOnly: boolean, page: { limit: number; offset: number }): Page<BodyRow> {
    const params: Params = { buildId };
    const text = bodyTextSql(this.db, 'sb');
    const conds = terms.map((t, i) => ((params[`t${i}`] = `%${likeEscape(t)}%`), `ifnull(${text}, '') LIKE @t${i} ESCAPE '\\'`));
    const where = `bf.build_id = @buildId AND s.body_id IS NOT NULL AND ${conds.join(' AND ')}${projectOnly ? ' AND f.is_vendor = 0' : ''}`;
    return this.page(
      `SELECT ${SYMBOL_COLUMNS}, ${text} AS body FROM ${BODY_FROM} WHERE ${where} ORDER BY f.is_vendor, f.path, s.line`,
      `SELECT count(*) AS n FROM ${BODY_FROM} WHERE ${where}`,
      params,
      page,
      (r) => ({ ...toSymbol(r), body: r.body as string }),
    );
  }

  symbolsInFile(buildId: number, path: string): SymbolRow[] {
    const rows = this.db.prepare(`SELECT ${SYMBOL_COLUMNS} FROM ${SYMBOL_FROM} WHERE f.path = @path ORDER BY s.line, s.col`).all({ buildId, path }) as Record<string, unknown>[];
    return rows.map(toSymbol);
  }

  symbolsNameLike(buildId: number, substring: string, kinds: string[], page: { limit: number; offset: number }): Page<SymbolRow> {
    const params: Params = { buildId, like: `%${likeEscape(substring)}%`, exact: substring };
    const kindSql = kinds.map((k, i) => ((params[`k${i}`] = k), `@k${i}`)).join(', ');
    const where = `s.name LIKE @like ESCAPE '\\' AND s.kind IN (${kindSql}) AND (s.is_definition = 1 OR NOT EXISTS (SELECT 1 FROM symbols s2
      JOIN parse_chunks c2 ON c2.chunk_id = s2.chunk_id JOIN build_files b2 ON b2.parsed_id = c2.parsed_id AND b2.build_id = @buildId
      WHERE ${sameName('s2.qualified_name', 's.qualified_name')} AND s2.kind = s.kind AND s2.is_definition = 1))`;
    return this.page(
      `SELECT ${SYMBOL_COLUMNS} FROM ${SYMBOL_FROM} WHERE ${where} ORDER BY (s.name = @exact) DESC, f.is_vendor, s.kind = 'varlocal', length(s.name), s.name, f.path, s.line`,
      `SELECT count(*) AS n FROM ${SYMBOL_FROM} WHERE ${where}`,
      params,
      page,
      toSymbol,
    );
  }

  variableRefs(buildId: number, name: string, scope: RefScope, page: { limit: number; offset: number }): Page<VariableRefRow> & { counts: Record<string, number> } {
    const params: Params = { buildId, name };
    // The name's chunks first (variable_ref_names), then their rows of the name through the table's key.
    const parts = ['x.chunk_id IN (SELECT vn.chunk_id FROM variable_ref_names vn WHERE vn.name_id = (SELECT id FROM names WHERE name = @name))', 'x.name = @name'];
    if (scope.fieldOf !== undefined) {
      const owners = scope.fieldOf.map((o, i) => ((params[`o${i}`] = likeEscape(o) + '::%'), `fn LIKE @o${i} ESCAPE '\\'`));
      parts.push(owners.length ? `(x.via = ${VIA_CODES.member} OR (x.via = ${VIA_CODES.name} AND (SELECT ${owners.join(' OR ')} FROM (SELECT ${ENCLOSING_FUNCTION} AS fn))))` : `x.via = ${VIA_CODES.member}`);
    } else if (scope.via) parts.push(`x.via = ${scope.via === 'member' ? VIA_CODES.member : VIA_CODES.name}`);
    if (scope.excludeShadowed) parts.push(SHADOWED);
    if (scope.file !== undefined) parts.push('f.path = @file'), (params.file = scope.file);
    if (scope.fromLine !== undefined) parts.push('x.line >= @from'), (params.from = scope.fromLine);
    if (scope.toLine !== undefined) parts.push('x.line <= @to'), (params.to = scope.toLine);
    const from = `variable_refs x ${IN_BUILD}`;
    const where = parts.join(' AND ');
    const counts: Record<string, number> = { read: 0, write: 0, address: 0 };
    for (const r of this.db.prepare(`SELECT x.access, count(*) AS n FROM ${from} WHERE ${where} GROUP BY x.access`).all(params) as { access: number; n: number }[]) counts[accessName(r.access)] = r.n;
    const result = this.page(
      `SELECT x.name, x.access, x.via, f.path AS file, x.line, x.col, f.is_vendor, ${ENCLOSING_FUNCTION} AS in_function FROM ${from} WHERE ${where}
       ORDER BY CASE x.access WHEN ${ACCESS_CODES.write} THEN 0 WHEN ${ACCESS_CODES.address} THEN 1 ELSE 2 END, f.is_vendor, f.path, x.line, x.col`,
      `SELECT count(*) AS n FROM ${from} WHERE ${where}`,
      params,
      page,
      toVarRef,
    );
    return { ...result, counts };
  }

  callsInRange(buildId: number, file: string, fromLine: number, toLine: number): CallInRange[] {
    return this.db
      .prepare(`SELECT x.name, x.line, x.col AS "column", x.kind FROM refs x ${IN_BUILD} WHERE f.path = @file AND x.line BETWEEN @from AND @to AND ${notACast('x')} AND ${notAMacroCall('x')} ORDER BY x.line, x.col`)
      .all({ buildId, file, from: fromLine, to: toLine }) as CallInRange[];
  }

  namesInRange(buildId: number, file: string, fromLine: number, toLine: number): VariableRefRow[] {
    const rows = this.db
      .prepare(
        `SELECT x.name, x.access, x.via, f.path AS file, x.line, x.col, f.is_vendor, NULL AS in_function FROM variable_refs x ${IN_BUILD}
         WHERE f.path = @file AND x.line BETWEEN @from AND @to ORDER BY x.line, x.col`,
      )
      .all({ buildId, file, from: fromLine, to: toLine }) as Record<string, unknown>[];
    return rows.map(toVarRef);
  }

  private bases(where: string, params: Params): ClassBaseRow[] {
    const rows = this.db
      .prepare(`SELECT x.class_qname, x.base_name, x.base_text, x.access, x.is_virtual, f.path AS file, x.line FROM class_bases x ${IN_BUILD} WHERE ${where} ORDER BY f.path, x.line`)
      .all(params) as Record<string, unknown>[];
    return rows.map((r) => ({ ...(r as unknown as ClassBaseRow), is_virtual: !!r.is_virtual }));
  }

  basesOf(buildId: number, classQualifiedName: string): ClassBaseRow[] {
    return this.bases('x.class_qname = @q', { buildId, q: classQualifiedName });
  }

  derivedFrom(buildId: number, baseName: string): ClassBaseRow[] {
    return this.bases(`(x.base_name = @b OR x.base_name LIKE @suffix ESCAPE '\\')`, { buildId, b: baseName, suffix: '%::' + likeEscape(baseName) });
  }

  membersOf(buildId: number, scope: string): SymbolRow[] {
    const rows = this.db
      .prepare(`SELECT ${SYMBOL_COLUMNS} FROM ${SYMBOL_FROM} WHERE s.qualified_name LIKE @like ESCAPE '\\' AND instr(substr(s.qualified_name, @cut), '::') = 0 ORDER BY f.path, s.line, s.col`)
      .all({ buildId, like: likeEscape(scope) + '::%', cut: scope.length + 3 }) as Record<string, unknown>[];
    return rows.map(toSymbol);
  }

  templateUses(buildId: number, name: string, page: { limit: number; offset: number }): Page<TemplateUseRow> {
    const params: Params = { buildId, name, suffix: '%::' + likeEscape(name) };
    const from = `template_uses x ${IN_BUILD}`;
    const where = `(x.name = @name OR x.name LIKE @suffix ESCAPE '\\')`;
    return this.page(
      `SELECT x.name, x.args, x.kind, f.path AS file, x.line, x.col AS "column", f.is_vendor FROM ${from} WHERE ${where}
       ORDER BY CASE x.kind WHEN 'explicit' THEN 0 WHEN 'specialization' THEN 1 ELSE 2 END, x.args, f.is_vendor, f.path, x.line`,
      `SELECT count(*) AS n FROM ${from} WHERE ${where}`,
      params,
      page,
      (r) => ({ ...(r as unknown as TemplateUseRow), is_vendor: !!r.is_vendor }),
    );
  }
}
