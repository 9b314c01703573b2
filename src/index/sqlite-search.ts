// The SQLite side of search_code: candidate rows per relaxation step with their BM25 scores (FTS5), and
// full rows for one page. Every symbol query is scoped to one build through build_files.
import type Database from 'better-sqlite3';
import type { Db } from './open-index.js';
import { nameIn } from './name-match.js';
import { MACRO_FILE, MACRO_GROUP } from './macro-file.js';
import { queryStatement } from './statement-cache.js';
import type { SymbolFilter, SymbolRow } from './index-reader.js';
import type { ApiMacroCandidate, CandidateList, SearchIndex, SymbolCandidate } from './search-reader.js';
import { filterSql, ftsErrorOf, likeEscape, MACRO_COLUMNS, SYMBOL_COLUMNS, SYMBOL_FROM, toMacro, toSymbol, type Params } from './sqlite-index.js';

const CANDIDATE_COLUMNS = `s.id AS rowid, s.name, s.qualified_name, s.kind, f.path AS file, s.line, s.is_definition, f.is_vendor,
  p.language, s.name_tokens, s.signature`;

// Column order of symbols_fts: name, qualified_name, signature, docstring, name_tokens.
const FTS_TEXT_SCORE = 'bm25(symbols_fts, 0.0, 0.0, 0.5, 1.0, 0.0)';
const FTS_ORDER = 'bm25(symbols_fts, 10.0, 4.0, 2.0, 1.0, 6.0)';
// CROSS JOIN keeps FTS5 as the outer loop: the planner would otherwise run MATCH once per symbol.
// (A function: this module and sqlite-index.ts import each other.)
const ftsFrom = () => `symbols_fts CROSS JOIN ${SYMBOL_FROM.replace('symbols s', 'symbols s ON s.id = symbols_fts.rowid')}`;

function toCandidate(r: Record<string, unknown>): SymbolCandidate {
  return {
    rowid: r.rowid as number,
    name: r.name as string,
    qualified_name: r.qualified_name as string,
    kind: r.kind as string,
    file: r.file as string,
    line: r.line as number,
    is_definition: !!r.is_definition,
    is_vendor: !!r.is_vendor,
    language: r.language as string,
    name_tokens: r.name_tokens as string,
    signature: r.signature as string,
    text_score: (r.text_score as number | null) ?? 0,
  };
}

type Statement = Database.Statement<unknown[] | Record<string, unknown>>;

export class SqliteSearch implements SearchIndex {
  constructor(private readonly db: Db) {}

  /** Search runs the same few statements for every query: kept per connection (queryStatement). */
  private prepare(sql: string): Statement {
    return queryStatement(this.db, sql) as Statement;
  }

  private run<T>(fn: () => T): T {
    try {
      return fn();
    } catch (err) {
      throw ftsErrorOf(err);
    }
  }

  /**
   * Candidates of `from`/`where`, at most `cap`, with the count of all matches when the cap is reached. Only
   * then are they sorted by `order` (the ranking sorts them anyway): the best `cap` are kept.
   */
  private candidates(columns: string, from: string, where: string, order: string, params: Params, cap: number): CandidateList<SymbolCandidate> {
    return this.run(() => {
      // One pass counts the matches and the symbols they make (definitions, plus one per symbol only declared).
      const counts = `SELECT sum(n) AS n, sum(CASE WHEN nd > 0 THEN nd ELSE 1 END) AS symbols FROM
        (SELECT count(*) AS n, sum(s.is_definition) AS nd FROM ${from} WHERE ${where} GROUP BY s.qualified_name, s.kind)`;
      const c = this.prepare(counts).get(params) as { n: number | null; symbols: number | null };
      if ((c.n ?? 0) <= cap) {
        const all = (this.prepare(`SELECT ${columns} FROM ${from} WHERE ${where}`).all(params) as Record<string, unknown>[]).map(toCandidate);
        return { rows: all, total: all.length, capped: false };
      }
      const rows = (this.prepare(`SELECT ${columns} FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT @cap`).all({ ...params, cap }) as Record<string, unknown>[]).map(toCandidate);
      return { rows, total: c.symbols ?? rows.length, capped: true };
    });
  }

  ftsCandidates(match: string, filter: SymbolFilter, cap: number): CandidateList<SymbolCandidate> {
    const params: Params = { match };
    const where = `symbols_fts MATCH @match${filterSql(filter, params)}`;
    const columns = `${CANDIDATE_COLUMNS}, ${FTS_TEXT_SCORE} AS text_score`;
    return this.candidates(columns, ftsFrom(), where, `${FTS_ORDER}, f.path, s.line`, params, cap);
  }

  ftsRowIds(match: string, cap: number): Set<number> {
    const sql = 'SELECT rowid FROM symbols_fts WHERE symbols_fts MATCH @match LIMIT @cap';
    return this.run(() => new Set((this.prepare(sql).pluck().all({ match, cap }) as number[])));
  }

  tokenCandidates(terms: string[], minHits: number, filter: SymbolFilter, cap: number): CandidateList<SymbolCandidate> {
    const params: Params = { minHits };
    const hits = terms.map((t, i) => {
      params[`t${i}`] = `%${likeEscape(t.toLowerCase())}%`;
      return `(s.name_tokens LIKE @t${i} ESCAPE '\\')`;
    });
    const where = `(${hits.join(' + ')}) >= @minHits${filterSql(filter, params)}`;
    return this.candidates(CANDIDATE_COLUMNS, SYMBOL_FROM, where, `(${hits.join(' + ')}) DESC, f.is_vendor, length(s.name), f.path, s.line`, params, cap);
  }

  docstringCandidates(term: string, filter: SymbolFilter, cap: number): CandidateList<SymbolCandidate> {
    const params: Params = { doc: `%${likeEscape(term)}%` };
    const where = `s.docstring LIKE @doc ESCAPE '\\'${filterSql(filter, params)}`;
    return this.candidates(CANDIDATE_COLUMNS, SYMBOL_FROM, where, 'f.is_vendor, f.path, s.line', params, cap);
  }

  namedCandidates(names: string[], filter: SymbolFilter): SymbolCandidate[] {
    if (!names.length) return [];
    const params: Params = {};
    const list = names.map((n, i) => ((params[`n${i}`] = n), `@n${i}`)).join(', ');
    const where = `${nameIn('s.name', list)}${filterSql(filter, params)}`;
    return this.candidates(CANDIDATE_COLUMNS, SYMBOL_FROM, where, 'f.path, s.line', params, 1000).rows;
  }

  apiMacroCandidates(match: string, buildId: number, projectOnly: boolean, cap: number): ApiMacroCandidate[] {
    const params: Params = { match, buildId, cap };
    // Column order of macros_fts: name, value, name_tokens, docstring.
    const sql = `SELECT ${MACRO_COLUMNS}, substr(m.docstring, 1, 4000) AS docstring, m.name_tokens, coalesce(f.is_vendor, 0) AS is_vendor,
        bm25(macros_fts, 0.0, 0.5, 0.0, 1.0) AS text_score
      FROM macros_fts CROSS JOIN macros m ON m.id = macros_fts.rowid JOIN build_macro_groups g ON g.group_id = m.group_id AND g.build_id = @buildId ${MACRO_GROUP}
        LEFT JOIN files f ON f.path = ${MACRO_FILE}
      WHERE macros_fts MATCH @match AND m.function_like = 1 AND m.expanded_value IS NOT NULL${projectOnly ? ' AND coalesce(f.is_vendor, 0) = 0' : ''}
      ORDER BY bm25(macros_fts, 10.0, 1.0, 6.0, 1.0), ${MACRO_FILE}, m.line LIMIT @cap`;
    return this.run(() =>
      (this.prepare(sql).all(params) as Record<string, unknown>[]).map((r) => ({
        ...toMacro(r),
        is_vendor: !!r.is_vendor,
        docstring: (r.docstring as string | null) ?? '',
        name_tokens: (r.name_tokens as string | null) ?? '',
        text_score: (r.text_score as number | null) ?? 0,
      })),
    );
  }

  docHeads(rowids: number[], chars: number): Map<number, string> {
    const out = new Map<number, string>();
    for (let i = 0; i < rowids.length; i += 500) {
      const params: Params = { chars };
      const list = rowids.slice(i, i + 500).map((id, k) => ((params[`r${k}`] = id), `@r${k}`)).join(', ');
      const rows = this.prepare(`SELECT id, substr(docstring, 1, @chars) || ' ' || signature AS head FROM symbols WHERE id IN (${list})`).all(params) as { id: number; head: string }[];
      for (const r of rows) out.set(r.id, r.head);
    }
    return out;
  }

  nameCount(): number {
    return (this.prepare('SELECT max(id) AS n FROM symbols').get({}) as { n: number | null }).n ?? 0;
  }

  symbolRows(rowids: number[]): Map<number, SymbolRow> {
    const out = new Map<number, SymbolRow>();
    if (!rowids.length) return out;
    const params: Params = {};
    const list = rowids.map((id, i) => ((params[`r${i}`] = id), `@r${i}`)).join(', ');
    // A symbol's file through any parse naming its chunk (a chunk belongs to one file: parse-chunks.ts).
    const from = 'symbols s JOIN parsed_files p ON p.id = (SELECT c.parsed_id FROM parse_chunks c WHERE c.chunk_id = s.chunk_id LIMIT 1) JOIN files f ON f.id = p.file_id';
    const rows = this.prepare(`SELECT s.id AS rowid, ${SYMBOL_COLUMNS} FROM ${from} WHERE s.id IN (${list})`).all(params) as Record<string, unknown>[];
    for (const r of rows) out.set(r.rowid as number, toSymbol(r));
    return out;
  }
}
