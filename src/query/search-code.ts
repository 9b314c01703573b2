// search_code: FTS5 over symbol names, qualified names, signatures, docstrings and name tokens of ONE
// build, with query repair and six relaxation steps. It does not search function bodies.
import { FtsQueryError, type IndexReader, type MacroRow, type Page, type SymbolFilter, type SymbolRow } from '../index/index-reader.js';
import { kindsFor } from './kind-filter.js';
import type { ProjectContext } from './project-context.js';
import { requireReader, resolveProjectBuild } from './project-context.js';
import type { BuildSelector } from './resolve-build.js';
import { pageBounds, pagedAnswer, type PageNotice } from './paged-answer.js';

export type { PageNotice };

export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 100;

export type Fallback = 'fts5' | 'name_tokens_like' | 'docstring_like' | 'individual_terms' | 'macros_fts';

export interface SearchRequest extends BuildSelector {
  query: string;
  kind?: string;
  limit?: number;
  offset?: number;
  projectOnly?: boolean;
}

export type SearchHit = (SymbolRow | MacroRow) & { _fallback?: Fallback };
/** [warning?] + page notice + hits; or a single warning+hint item when the query cannot run. */
export type SearchResult = (Record<string, unknown> | PageNotice | SearchHit)[];

const OPERATORS = /"|\b(AND|OR|NOT|NEAR)\b|\b[a-z_]+\s*:/;

/** Words of a query as FTS5's unicode61 tokenizer sees them (underscores and punctuation split). */
export function queryTerms(query: string): string[] {
  return query.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** Bare terms → `"a"* OR "b"*`; queries with phrases or operators pass through as written. */
export function toFtsQuery(query: string): { match: string | null; passthrough: boolean } {
  if (OPERATORS.test(query)) return { match: query.trim(), passthrough: true };
  const terms = queryTerms(query);
  return { match: terms.length ? terms.map((t) => `"${t}"*`).join(' OR ') : null, passthrough: false };
}

function validate(req: SearchRequest): { limit: number; offset: number; kinds?: string[] } {
  const { limit, offset } = pageBounds(req, SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT);
  const kinds = kindsFor(req.kind);
  return { limit, offset, kinds };
}

function tryPage<T>(fn: () => Page<T>): Page<T> | null {
  try {
    return fn();
  } catch (err) {
    if (err instanceof FtsQueryError) return null;
    throw err;
  }
}

export function searchCode(ctx: ProjectContext, req: SearchRequest): SearchResult {
  const reader = requireReader(ctx);
  const build = resolveProjectBuild(ctx, req);
  const { limit, offset, kinds } = validate(req);
  const page = { limit, offset };
  const wantsLocals = !!kinds && kinds.includes('varlocal');
  const base: SymbolFilter = { buildId: build.id, projectOnly: !!req.projectOnly, excludeKinds: wantsLocals ? [] : ['varlocal'] };
  const query = req.query.trim();
  const { match, passthrough } = toFtsQuery(query);
  const repaired = passthrough ? toFtsQuery(query.replace(/["()*:^]/g, ' ').replace(/\b(AND|OR|NOT|NEAR)\b/g, ' ')).match : match;
  const terms = queryTerms(query);
  const exact = /^[A-Za-z_]\w*$/.test(query) ? query : undefined;
  let ftsRefused = false;

  const answer = (p: Page<SymbolRow | MacroRow>, fallback?: Fallback): SearchResult => finish(ctx, reader, build, p, offset, fallback);

  // kind=macro: the macros table is the primary answer.
  if (kinds?.[0] === 'macro') {
    const m = match ? tryPage(() => reader.searchMacrosFts(repaired ?? match, build.id, page)) : null;
    return answer(m ?? { rows: [], total: 0 });
  }
  const fts = (filter: SymbolFilter): Page<SymbolRow> | null => {
    if (!match) return null;
    const first = tryPage(() => reader.searchSymbolsFts(match, filter, page, exact));
    if (first) return first;
    ftsRefused = true;
    if (repaired && repaired !== match) {
      const second = tryPage(() => reader.searchSymbolsFts(repaired, filter, page, exact));
      if (second) {
        ftsRefused = false;
        return second;
      }
    }
    return null;
  };
  // 1. FTS5 with the kind filter.
  const step1 = fts({ ...base, kinds });
  if (step1 && step1.total > 0) return answer(step1);
  // 2. FTS5 without the kind.
  if (kinds) {
    const step2 = fts(base);
    if (step2 && step2.total > 0) return answer(step2, 'fts5');
  }
  // 3. name_tokens substring match, N-1 of N terms.
  if (terms.length) {
    const step3 = reader.searchSymbolsTokens(terms, Math.max(1, terms.length - 1), base, page);
    if (step3.total > 0) return answer(step3, 'name_tokens_like');
  }
  // 4. docstring LIKE for a single term.
  if (terms.length === 1) {
    const step4 = reader.searchSymbolsDocstring(terms[0], base, page);
    if (step4.total > 0) return answer(step4, 'docstring_like');
  }
  // 5. FTS5 per word, merged.
  if (terms.length > 1) {
    const seen = new Map<string, SymbolRow>();
    for (const t of terms) {
      const p = tryPage(() => reader.searchSymbolsFts(`"${t}"*`, base, { limit: 1000, offset: 0 }));
      for (const r of p?.rows ?? []) if (!seen.has(r.id)) seen.set(r.id, r);
    }
    if (seen.size > 0) {
      const all = [...seen.values()];
      return answer({ rows: all.slice(offset, offset + limit), total: all.length }, 'individual_terms');
    }
  }
  // 6. macros.
  if (repaired ?? match) {
    const step6 = tryPage(() => reader.searchMacrosFts((repaired ?? match)!, build.id, page));
    if (step6 && step6.total > 0) return answer(step6, 'macros_fts');
  }
  if (ftsRefused || !match) {
    return [
      {
        warning: `the query ${JSON.stringify(req.query)} holds no searchable word${ftsRefused ? ' and FTS5 could not read it' : ''}, and no relaxation step found a symbol`,
        hint: 'search with 1-3 plain words such as `uart init`; put an exact phrase in double quotes, and leave out punctuation',
      },
    ];
  }
  return answer({ rows: [], total: 0 });
}

function finish(ctx: ProjectContext, reader: IndexReader, build: { variant: string; image: string }, p: Page<SymbolRow | MacroRow>, offset: number, fallback?: Fallback): SearchResult {
  const rows: SearchHit[] = p.rows.map((r) => (fallback ? { ...r, _fallback: fallback } : r));
  return pagedAnswer(ctx, reader, build, rows, p.total, offset, true);
}
