// The SQLite implementation of IndexReader: every symbol query is scoped to one build through
// build_files; FTS5 errors become FtsQueryError so callers can repair the query instead of failing.
import type { Db } from './open-index.js';
import { nameIn, sameName } from './name-match.js';
import { MACRO_FILE, MACRO_GROUP } from './macro-file.js';
import { hashText, type StoredHash } from './hash-columns.js';
import { queryStatement } from './statement-cache.js';
import type { CallGraphReader } from './call-graph-reader.js';
import { SqliteCallGraph } from './sqlite-call-graph.js';
import type { SearchIndex } from './search-reader.js';
import { SqliteSearch } from './sqlite-search.js';
import { metaValue } from './read-index.js';
import { storedListJson } from './value-lists.js';
import { buildAbsentLookups, type BuildAbsentLookups, type UnitAbsentLookups } from './absent-lookup-rows.js';
import { rowDiagnostics, rowUnits } from './build-lists.js';
import { summarizeBuild, type BuildSummary } from './build-summaries.js';
import type { ReadingIndex } from './reading-reader.js';
import { SqliteReading } from './sqlite-reading.js';
import type { ContentIndexReader } from './content-index-reader.js';
import { SqliteContentIndex } from './sqlite-content-index.js';
import { definitionsDiffering } from './sqlite-definition-diff.js';
import { rangesText } from './line-set-ranges.js';
import {
  FtsQueryError,
  type BuildMacroRow,
  type BuildChoiceRow,
  type BuildRow,
  type BuildSymbolRow,
  type DefinitionsCompared,
  type FileLinesRow,
  type FileRow,
  type IndexMeta,
  type IndexReader,
  type MacroRow,
  type Page,
  type ReferenceRow,
  type SymbolFilter,
  type SymbolRow,
} from './index-reader.js';

export const SYMBOL_COLUMNS = `s.stable_id AS id, s.parent_id, s.name, s.qualified_name, s.kind, f.path AS file, s.line,
  s.end_line, s.col AS "column", s.is_definition, s.signature, s.docstring, s.is_template, s.is_virtual,
  s.is_pure_virtual, s.enum_value, f.is_vendor`;

/** A build's symbols: each symbol's chunk (parse-chunks.ts) through the build's parses naming it (\`pc.parsed_id\`). */
export const SYMBOL_FROM = `symbols s
  JOIN parse_chunks pc ON pc.chunk_id = s.chunk_id
  JOIN build_files bf ON bf.parsed_id = pc.parsed_id AND bf.build_id = @buildId
  JOIN parsed_files p ON p.id = pc.parsed_id
  JOIN files f ON f.id = p.file_id`;

export const MACRO_COLUMNS = `m.name, 'macro' AS kind, ${MACRO_FILE} AS file, m.line, m.params, m.function_like, m.value AS _macro_value,
  m.expanded_value AS _macro_expanded_value`;

export type Params = Record<string, unknown>;

/** An SQLite error of a MATCH expression FTS5 could not read becomes an FtsQueryError; others are returned as they are. */
export function ftsErrorOf(err: unknown): unknown {
  const msg = (err as Error).message;
  return /fts5|syntax error|no such column|unterminated|malformed MATCH/i.test(msg) ? new FtsQueryError(msg) : err;
}

export function likeEscape(s: string): string {
  return s.replace(/[\\%_]/g, (c) => '\\' + c);
}

/**
 * An enum constant's value as JSON gives it: a number when it is a safe integer (|v| <= 2^53 - 1), else the exact
 * decimal string (a 64-bit value such as 0xFFFFFFFFFFFFFFFF would lose digits as a double); null when not evaluable.
 */
export function enumValueOf(stored: string | null | undefined): number | string | null {
  if (stored === null || stored === undefined || !/^-?\d+$/.test(stored)) return null;
  const n = Number(stored);
  return Number.isSafeInteger(n) ? n : stored;
}

export function toSymbol(r: Record<string, unknown>): SymbolRow {
  const row: SymbolRow = {
    id: hashText(r.id as StoredHash),
    parent_id: r.parent_id === null || r.parent_id === undefined ? null : hashText(r.parent_id as StoredHash),
    name: r.name as string,
    qualified_name: r.qualified_name as string,
    kind: r.kind as string,
    file: r.file as string,
    line: r.line as number,
    end_line: r.end_line as number,
    column: r.column as number,
    is_definition: !!r.is_definition,
    signature: r.signature as string,
    docstring: r.docstring as string,
    is_template: !!r.is_template,
    is_virtual: !!r.is_virtual,
    is_pure_virtual: !!r.is_pure_virtual,
    is_vendor: !!r.is_vendor,
  };
  if (row.kind === 'enum_constant') row.enum_value = enumValueOf(r.enum_value as string | null);
  return row;
}

export function toMacro(r: Record<string, unknown>): MacroRow {
  return {
    name: r.name as string,
    kind: 'macro',
    file: r.file as string,
    line: r.line as number,
    params: (r.params as string | null) ?? null,
    function_like: !!r.function_like,
    _macro_value: r._macro_value as string,
    _macro_expanded_value: (r._macro_expanded_value as string | null) ?? null,
  };
}

export function filterSql(filter: SymbolFilter, params: Params): string {
  const parts: string[] = [];
  params.buildId = filter.buildId;
  if (filter.kinds?.length) {
    parts.push(`s.kind IN (${filter.kinds.map((_, i) => `@k${i}`).join(', ')})`);
    filter.kinds.forEach((k, i) => (params[`k${i}`] = k));
  }
  if (filter.excludeKinds?.length) {
    parts.push(`s.kind NOT IN (${filter.excludeKinds.map((_, i) => `@x${i}`).join(', ')})`);
    filter.excludeKinds.forEach((k, i) => (params[`x${i}`] = k));
  }
  if (filter.projectOnly) parts.push('f.is_vendor = 0');
  if (filter.file) {
    params.file = filter.file;
    params.fileSuffix = '%/' + likeEscape(filter.file.replace(/^\.?\//, ''));
    parts.push(`(f.path = @file OR f.path LIKE @fileSuffix ESCAPE '\\')`);
  }
  return parts.length ? ' AND ' + parts.join(' AND ') : '';
}

function toFileRow(r: Record<string, unknown>): FileRow {
  return {
    id: r.id as number,
    path: r.path as string,
    contentHash: r.content_hash as string,
    size: r.size as number,
    mtimeMs: r.mtime_ms as number,
    isVendor: !!r.is_vendor,
  };
}

export class SqliteIndex implements IndexReader {
  /** The lookups that found no file of the tested lists read so far, by list id (absent-lookup-rows.ts). */
  private readonly lookupHeads = new Map<number, string[]>();

  constructor(readonly db: Db) {}

  meta(): IndexMeta {
    const num = (k: string) => {
      const v = metaValue(this.db, k);
      return v === null ? null : Number(v);
    };
    return {
      schemaVersion: num('schema_version'),
      rowFormatVersion: num('row_format_version'),
      indexedAt: metaValue(this.db, 'indexed_at'),
      firstIndexedAt: metaValue(this.db, 'first_indexed_at'),
    };
  }

  unreadable(): string | null {
    try {
      this.db.prepare('SELECT count(*) FROM builds').get();
      return null;
    } catch (err) {
      const message = (err as Error).message;
      if (/no such table/i.test(message)) return null;
      const code = (err as { code?: string }).code;
      return `the index cannot be read${code ? ` (${code})` : ''}: ${message}`;
    }
  }

  /** The builds table's rows in order (none when the index has no such table yet). */
  private buildRows(): Record<string, unknown>[] {
    try {
      return this.db.prepare('SELECT * FROM builds ORDER BY variant, image').all() as Record<string, unknown>[];
    } catch {
      return [];
    }
  }

  builds(): BuildRow[] {
    return this.buildRows().map((r) => this.buildRow(r));
  }

  buildChoices(): BuildChoiceRow[] {
    try {
      return this.db.prepare('SELECT id, variant, image, board, build_dir AS buildDir FROM builds ORDER BY variant, image').all() as BuildChoiceRow[];
    } catch {
      return [];
    }
  }

  build(id: number): BuildRow | undefined {
    const r = this.db.prepare('SELECT * FROM builds WHERE id = ?').get(id) as Record<string, unknown> | undefined;
    return r && this.buildRow(r);
  }

  /** A builds row as a BuildRow: its JSON parsed, its lists read. */
  private buildRow(r: Record<string, unknown>): BuildRow {
    return {
      id: r.id as number,
      variant: r.variant as string,
      image: r.image as string,
      imageType: (r.image_type as string | null) ?? null,
      defaultImage: !!r.default_image,
      board: (r.board as string | null) ?? null,
      buildSystem: r.build_system as string,
      buildDir: r.build_dir as string,
      compileCommands: (r.compile_commands as string | null) ?? null,
      compileCommandsHash: (r.compile_commands_hash as string | null) ?? null,
      compileCommandsMtimeMs: (r.compile_commands_mtime_ms as number | null) ?? null,
      description: r.description as string,
      defines: JSON.parse(r.defines_json as string),
      definesVarying: r.defines_varying as number,
      linkerScripts: JSON.parse(r.linker_scripts_json as string),
      entryPoint: r.entry_point as string,
      memory: JSON.parse(r.memory_json as string),
      memoryNote: r.memory_note as string,
      provenance: r.provenance as string,
      implicitMacros: JSON.parse(r.implicit_macros_json as string),
      diagnostics: rowDiagnostics(this.db, r),
      units: rowUnits(this.db, r),
      linkedUnits: JSON.parse((r.linked_units_json as string | null) ?? 'null'),
      linking: JSON.parse((r.linking_json as string | undefined) ?? 'null'),
      kconfig: JSON.parse((r.kconfig_json as string | undefined) ?? 'null'),
      fingerprint: (r.fingerprint as string | null | undefined) ?? null,
      recordInputs: JSON.parse((r.record_inputs_json as string | undefined) ?? 'null'),
      indexedAt: (r.indexed_at as string | null) ?? null,
    };
  }

  buildSummaries(): BuildSummary[] {
    return this.builds().map(summarizeBuild);
  }

  unitsOfBuilds(): string[] {
    return [...new Set(this.buildRows().flatMap((r) => rowUnits(this.db, r)))];
  }

  counts(buildId?: number): { symbols: number; files: number; references: number } {
    const scope = buildId === undefined ? '' : ' WHERE bf.build_id = @buildId';
    const p = buildId === undefined ? {} : { buildId };
    const one = (sql: string) => (this.db.prepare(sql).get(p) as { n: number }).n;
    return {
      symbols: one(`SELECT count(*) AS n FROM (SELECT DISTINCT parsed_id FROM build_files bf${scope}) b JOIN parse_chunks pc ON pc.parsed_id = b.parsed_id JOIN symbols s ON s.chunk_id = pc.chunk_id`),
      files: one(`SELECT count(DISTINCT p.file_id) AS n FROM build_files bf JOIN parsed_files p ON p.id = bf.parsed_id${scope}`),
      references: one(`SELECT count(*) AS n FROM (SELECT DISTINCT parsed_id FROM build_files bf${scope}) b JOIN parse_chunks pc ON pc.parsed_id = b.parsed_id JOIN refs r ON r.chunk_id = pc.chunk_id`),
    };
  }

  files(buildId?: number): FileRow[] {
    const sql =
      buildId === undefined
        ? 'SELECT * FROM files ORDER BY path'
        : 'SELECT DISTINCT f.* FROM files f JOIN parsed_files p ON p.file_id = f.id JOIN build_files bf ON bf.parsed_id = p.id WHERE bf.build_id = ? ORDER BY f.path';
    const rows = (buildId === undefined ? this.db.prepare(sql).all() : this.db.prepare(sql).all(buildId)) as Record<string, unknown>[];
    return rows.map(toFileRow);
  }

  filesAt(paths: readonly string[]): FileRow[] {
    const out: FileRow[] = [];
    // Chunks stay under SQLite's bound-parameter limit.
    for (let i = 0; i < paths.length; i += 500) {
      const chunk = paths.slice(i, i + 500);
      const rows = this.db.prepare(`SELECT * FROM files WHERE path IN (${chunk.map(() => '?').join(', ')}) ORDER BY path`).all(...chunk) as Record<string, unknown>[];
      out.push(...rows.map(toFileRow));
    }
    return out;
  }

  private page<T>(select: string, count: string, params: Params, page: { limit: number; offset: number }, map: (r: Record<string, unknown>) => T): Page<T> {
    try {
      const total = (queryStatement(this.db, count).get(params) as { n: number }).n;
      const rows = queryStatement(this.db, `${select} LIMIT @limit OFFSET @offset`).all({ ...params, limit: page.limit, offset: page.offset }) as Record<string, unknown>[];
      return { rows: rows.map(map), total };
    } catch (err) {
      throw ftsErrorOf(err);
    }
  }

  searchMacrosFts(match: string, buildId: number, page: { limit: number; offset: number }): Page<MacroRow> {
    const params: Params = { match, buildId };
    const from = `macros_fts CROSS JOIN macros m ON m.id = macros_fts.rowid JOIN build_macro_groups g ON g.group_id = m.group_id AND g.build_id = @buildId ${MACRO_GROUP}`;
    const where = 'macros_fts MATCH @match';
    return this.page(
      `SELECT ${MACRO_COLUMNS} FROM ${from} WHERE ${where} ORDER BY bm25(macros_fts, 5.0, 1.0, 3.0, 0.5), ${MACRO_FILE}, m.line`,
      `SELECT count(*) AS n FROM ${from} WHERE ${where}`,
      params,
      page,
      toMacro,
    );
  }

  lookupSymbols(name: string, prefix: boolean, filter: SymbolFilter, page: { limit: number; offset: number }): Page<SymbolRow> {
    const params: Params = { name, like: likeEscape(name) + '%' };
    const aliases = `SELECT a.qualified_name FROM symbols a JOIN parse_chunks ac ON ac.chunk_id = a.chunk_id JOIN build_files ab ON ab.parsed_id = ac.parsed_id AND ab.build_id = @buildId WHERE a.alias ${prefix ? `LIKE @like ESCAPE '\\'` : '= @name'} AND a.via_macro IS NULL`;
    const match = prefix
      ? `(s.name LIKE @like ESCAPE '\\' OR s.qualified_name LIKE @like ESCAPE '\\' OR ${nameIn('s.qualified_name', aliases)})`
      : `(${sameName('s.name', '@name')} OR ${sameName('s.qualified_name', '@name')} OR ${nameIn('s.qualified_name', aliases)})`;
    const where = `${match}${filterSql(filter, params)}`;
    return this.page(
      `SELECT ${SYMBOL_COLUMNS} FROM ${SYMBOL_FROM} WHERE ${where} ORDER BY s.is_definition DESC, f.is_vendor, length(s.name), s.name, f.path, s.line`,
      `SELECT count(*) AS n FROM ${SYMBOL_FROM} WHERE ${where}`,
      params,
      page,
      toSymbol,
    );
  }

  lookupMacros(name: string, prefix: boolean, buildId: number, page: { limit: number; offset: number }): Page<MacroRow> {
    const where = prefix ? `m.name LIKE @like ESCAPE '\\'` : 'm.name = @name';
    return this.buildMacros(where, { name, like: likeEscape(name) + '%', buildId }, page);
  }

  /** Macros of the build (params.buildId) whose row satisfies `where`, by name, file and line. */
  private buildMacros(where: string, params: Params, page: { limit: number; offset: number }): Page<MacroRow> {
    const from = `macros m JOIN build_macro_groups g ON g.group_id = m.group_id AND g.build_id = @buildId ${MACRO_GROUP}`;
    return this.page(
      `SELECT ${MACRO_COLUMNS} FROM ${from} WHERE ${where} ORDER BY m.name, ${MACRO_FILE}, m.line`,
      `SELECT count(*) AS n FROM ${from} WHERE ${where}`,
      params,
      page,
      toMacro,
    );
  }

  globSymbols(namePattern: string, qualifiedPatterns: string[] | null, filter: SymbolFilter, page: { limit: number; offset: number }): Page<SymbolRow> {
    const params: Params = { namePattern };
    let qualified = '';
    if (qualifiedPatterns) {
      qualified = ` AND (${qualifiedPatterns.map((q, i) => ((params[`q${i}`] = q), `s.qualified_name GLOB @q${i}`)).join(' OR ') || '0'})`;
    }
    const where = `s.name GLOB @namePattern${qualified}${filterSql(filter, params)}`;
    return this.page(
      `SELECT ${SYMBOL_COLUMNS} FROM ${SYMBOL_FROM} WHERE ${where} ORDER BY f.is_vendor, s.name, f.path, s.line, s.col`,
      `SELECT count(*) AS n FROM ${SYMBOL_FROM} WHERE ${where}`,
      params,
      page,
      toSymbol,
    );
  }

  globMacros(namePattern: string, buildId: number, page: { limit: number; offset: number }): Page<MacroRow> {
    return this.buildMacros('m.name GLOB @namePattern', { namePattern, buildId }, page);
  }

  listSymbols(filter: SymbolFilter, page: { limit: number; offset: number }): Page<SymbolRow> {
    const params: Params = {};
    const where = `1 = 1${filterSql(filter, params)}`;
    return this.page(
      `SELECT ${SYMBOL_COLUMNS} FROM ${SYMBOL_FROM} WHERE ${where} ORDER BY f.path, s.line, s.col, s.kind, s.name`,
      `SELECT count(*) AS n FROM ${SYMBOL_FROM} WHERE ${where}`,
      params,
      page,
      toSymbol,
    );
  }

  findReferences(name: string, buildId: number, projectOnly: boolean, page: { limit: number; offset: number }): Page<ReferenceRow> {
    const params: Params = { name, buildId };
    const from = `refs r
      JOIN parse_chunks pc ON pc.chunk_id = r.chunk_id
      JOIN build_files bf ON bf.parsed_id = pc.parsed_id AND bf.build_id = @buildId
      JOIN parsed_files p ON p.id = pc.parsed_id
      JOIN files f ON f.id = p.file_id`;
    const where = `r.name = @name${projectOnly ? ' AND f.is_vendor = 0' : ''}`;
    // The enclosing function: the innermost function-like symbol of the same parse (any chunk) whose lines hold the call.
    const enclosing = `(SELECT s.qualified_name FROM parse_chunks ec JOIN symbols s ON s.chunk_id = ec.chunk_id WHERE ec.parsed_id = pc.parsed_id AND s.is_definition = 1
        AND s.kind IN ('function', 'method', 'constructor', 'destructor') AND s.line <= r.line AND s.end_line >= r.line
        ORDER BY s.line DESC LIMIT 1)`;
    return this.page(
      `SELECT r.name, r.kind, f.path AS file, r.line, r.col AS "column", ${enclosing} AS in_symbol, f.is_vendor FROM ${from} WHERE ${where} ORDER BY f.is_vendor, f.path, r.line, r.col`,
      `SELECT count(*) AS n FROM ${from} WHERE ${where}`,
      params,
      page,
      (r) => ({ name: r.name as string, kind: r.kind as string, file: r.file as string, line: r.line as number, column: r.column as number, in_symbol: (r.in_symbol as string | null) ?? null, is_vendor: !!r.is_vendor }),
    );
  }

  callGraph(): CallGraphReader {
    return new SqliteCallGraph(this.db);
  }

  search(): SearchIndex {
    return new SqliteSearch(this.db);
  }

  unitFiles(buildId: number): Map<string, string[]> {
    const out = new Map<string, string[]>();
    const rows = this.db
      .prepare('SELECT p.path AS unit_path, r.files_id FROM build_units bu JOIN unit_paths p ON p.id = bu.unit_id JOIN unit_results r ON r.id = bu.result_id WHERE bu.build_id = ? ORDER BY p.path')
      .all(buildId) as { unit_path: string; files_id: number }[];
    for (const r of rows) out.set(r.unit_path, (JSON.parse(storedListJson(this.db, r.files_id)) as [string, string][]).map(([f]) => f));
    return out;
  }

  absentLookups(buildId: number): BuildAbsentLookups {
    return buildAbsentLookups(this.db, buildId, this.lookupHeads).lookups;
  }

  absentLookupUnits(buildId: number): UnitAbsentLookups {
    return buildAbsentLookups(this.db, buildId, this.lookupHeads).units;
  }

  fileLines(buildId: number, path: string): FileLinesRow | null {
    const r = this.db
      .prepare(`SELECT ${FILE_LINES_COLUMNS} FROM files f JOIN build_file_lines bfl ON bfl.file_id = f.id AND bfl.build_id = ? JOIN line_sets ls ON ls.id = bfl.lines_id WHERE f.path = ?`)
      .get(buildId, path) as Record<string, unknown> | undefined;
    return r ? toFileLines(r) : null;
  }

  fileLinesInBuilds(path: string): FileLinesRow[] {
    const rows = this.db
      .prepare(`SELECT ${FILE_LINES_COLUMNS} FROM files f JOIN build_file_lines bfl ON bfl.file_id = f.id JOIN line_sets ls ON ls.id = bfl.lines_id WHERE f.path = ?`)
      .all(path) as Record<string, unknown>[];
    return rows.map(toFileLines);
  }

  fileLineIds(buildId: number): Map<string, number> {
    const rows = this.db.prepare('SELECT f.path, bfl.lines_id FROM build_file_lines bfl JOIN files f ON f.id = bfl.file_id WHERE bfl.build_id = ?').all(buildId) as { path: string; lines_id: number }[];
    return new Map(rows.map((r) => [r.path, r.lines_id]));
  }

  contentHashesUnder(buildId: number, prefix: string): Map<string, string> {
    const rows = this.db
      .prepare(`SELECT f.path, f.content_hash FROM build_file_lines bfl JOIN files f ON f.id = bfl.file_id WHERE bfl.build_id = ? AND f.path LIKE ? ESCAPE '\\'`)
      .all(buildId, `${likeEscape(prefix)}%`) as { path: string; content_hash: string }[];
    return new Map(rows.map((r) => [r.path, r.content_hash]));
  }

  matchFilePaths(path: string, limit: number): string[] {
    const clean = path.replace(/^\.\//, '');
    const exact = this.db.prepare('SELECT path FROM files WHERE path = ?').get(clean) as { path: string } | undefined;
    if (exact) return [exact.path];
    const rows = this.db.prepare(`SELECT path FROM files WHERE path LIKE ? ESCAPE '\\' ORDER BY length(path), path LIMIT ?`).all('%/' + likeEscape(clean), limit) as { path: string }[];
    return rows.map((r) => r.path);
  }

  lookupSymbolsInBuilds(name: string, kinds?: string[]): BuildSymbolRow[] {
    const params: Params = { name };
    const kindSql = kinds?.length ? ` AND s.kind IN (${kinds.map((k, i) => ((params[`k${i}`] = k), `@k${i}`)).join(', ')})` : '';
    const rows = queryStatement(
      this.db,
      `SELECT bf.build_id, ${SYMBOL_COLUMNS} FROM symbols s JOIN parse_chunks pc ON pc.chunk_id = s.chunk_id JOIN build_files bf ON bf.parsed_id = pc.parsed_id JOIN parsed_files p ON p.id = pc.parsed_id
         JOIN files f ON f.id = p.file_id WHERE (${sameName('s.name', '@name')} OR ${sameName('s.qualified_name', '@name')}
           OR ${nameIn('s.qualified_name', 'SELECT a.qualified_name FROM symbols a WHERE a.alias = @name AND a.via_macro IS NULL')})${kindSql}
         ORDER BY bf.build_id, s.is_definition DESC, f.is_vendor, f.path, s.line`,
    ).all(params) as Record<string, unknown>[];
    return rows.map((r) => ({ ...toSymbol(r), build_id: r.build_id as number }));
  }

  lookupMacrosInBuilds(name: string): BuildMacroRow[] {
    // Macros by name, then the builds whose macro groups hold them.
    const rows = this.db
      .prepare(`SELECT g.build_id, ${MACRO_COLUMNS} FROM macros m JOIN build_macro_groups g ON g.group_id = m.group_id ${MACRO_GROUP} WHERE m.name = ? ORDER BY g.build_id, ${MACRO_FILE}, m.line`)
      .all(name) as Record<string, unknown>[];
    return rows.map((r) => ({ ...toMacro(r), build_id: r.build_id as number }));
  }

  macrosInFile(buildId: number, file: string): MacroRow[] {
    const rows = this.db
      .prepare(`SELECT ${MACRO_COLUMNS} FROM macro_groups mg JOIN build_macro_groups g ON g.group_id = mg.id AND g.build_id = ? JOIN macros m ON m.group_id = mg.id WHERE mg.file = ? ORDER BY m.name, m.line`)
      .all(buildId, file) as Record<string, unknown>[];
    return rows.map(toMacro);
  }

  symbolsOnlyIn(a: number, b: number, page: { limit: number; offset: number }): Page<SymbolRow> {
    const params: Params = { buildId: a, other: b };
    const where = `s.kind <> 'varlocal' AND p.language <> 'ld' AND NOT EXISTS (SELECT 1 FROM symbols s2 JOIN parse_chunks c2 ON c2.chunk_id = s2.chunk_id JOIN build_files bf2 ON bf2.parsed_id = c2.parsed_id AND bf2.build_id = @other
      WHERE ${sameName('s2.qualified_name', 's.qualified_name')} AND s2.kind = s.kind AND s2.is_definition = s.is_definition)`;
    return this.page(
      `SELECT ${SYMBOL_COLUMNS} FROM ${SYMBOL_FROM} WHERE ${where} ORDER BY f.is_vendor, f.path, s.line, s.col`,
      `SELECT count(*) AS n FROM ${SYMBOL_FROM} WHERE ${where}`,
      params,
      page,
      toSymbol,
    );
  }

  definitionsDiffering(a: number, b: number, page: { limit: number; offset: number }): Page<DefinitionsCompared> {
    return definitionsDiffering(this.db, a, b, page);
  }

  linkerScriptSymbols(buildId: number): SymbolRow[] {
    const rows = this.db.prepare(`SELECT ${SYMBOL_COLUMNS} FROM ${SYMBOL_FROM} WHERE p.language = 'ld' ORDER BY s.name, f.path, s.line`).all({ buildId }) as Record<string, unknown>[];
    return rows.map(toSymbol);
  }

  content(): ContentIndexReader {
    return new SqliteContentIndex(this.db);
  }

  reading(): ReadingIndex {
    return new SqliteReading(this.db);
  }

  close(): void {
    this.db.close();
  }
}

const FILE_LINES_COLUMNS = `bfl.build_id, f.path, bfl.lines_id, ls.line_count, ls.active, ls.evaluated, ls.taken, ls.decisions_recorded`;

function toFileLines(r: Record<string, unknown>): FileLinesRow {
  return {
    buildId: r.build_id as number,
    path: r.path as string,
    lineCount: r.line_count as number,
    active: rangesText(r.active as string | Buffer),
    evaluated: rangesText(r.evaluated as string | Buffer),
    taken: rangesText(r.taken as string | Buffer),
    decisionsRecorded: !!r.decisions_recorded,
    linesId: r.lines_id as number,
  };
}
