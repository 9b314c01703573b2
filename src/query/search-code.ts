// search_code: FTS5 over symbol names, qualified names, signatures, docstrings and name tokens of ONE
// build, with query repair and six relaxation steps; one row per symbol (declarations merged into their
// definition), API-wrapper macros beside functions, ranked as search-ranking.ts says. No function bodies.
import { FtsQueryError, type IndexReader, type MacroRow, type SymbolFilter, type SymbolRow } from '../index/index-reader.js';
import type { ApiMacroCandidate, CandidateList, SearchIndex, SymbolCandidate } from '../index/search-reader.js';
import { wrappedFunction } from '../model/api-wrapper.js';
import { changedFiles, changedWarning } from './changed-files.js';
import { kindsFor } from './kind-filter.js';
import type { ProjectContext } from './project-context.js';
import { requireReader, resolveProjectBuild } from './project-context.js';
import type { BuildSelector } from './resolve-build.js';
import { pageBounds, pagedAnswer, type PageNotice } from './paged-answer.js';
import { attachPlaces, mergeSymbols, type MergedSymbol } from './search-merge.js';
import { rankQuery, rankRows, stem, type Rankable, type RankQuery } from './search-ranking.js';

export type { PageNotice };

export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 100;
/** Candidate rows one step ranks at most (past it, the best by FTS5 BM25; total still counts every match). */
const CANDIDATE_CAP = 500;
/** Declaration-only rows (best first) whose definitions a step looks up when the query did not match them. */
const COMPLETED_DECLARATIONS = 100;

export type Fallback = 'fts5' | 'name_tokens_like' | 'docstring_like' | 'individual_terms' | 'macros_fts';

export interface SearchRequest extends BuildSelector {
  query: string;
  kind?: string;
  limit?: number;
  offset?: number;
  projectOnly?: boolean;
}

/** A symbol row: the definition (or first declaration) with the other places that declare the same symbol. */
export type SymbolHit = SymbolRow & { declarations: { file: string; line: number }[]; _fallback?: Fallback };
/** A macro row; an API wrapper also names the function it calls (`wraps`). */
export type MacroHit = MacroRow & { is_vendor?: boolean; wraps?: string; docstring?: string; _fallback?: Fallback };
export type SearchHit = SymbolHit | MacroHit;
/** [] when nothing matches ([warning] when indexed files changed); [warning?] + page notice + hits; or one warning+hint item. */
export type SearchResult = (Record<string, unknown> | PageNotice | SearchHit)[];

const OPERATORS = /"|\b(AND|OR|NOT|NEAR)\b|\b[a-z_]+\s*:/;

/** Words of a query as FTS5's unicode61 tokenizer sees them (underscores and punctuation split). */
export function queryTerms(query: string): string[] {
  return query.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** Bare terms → `"a"* OR "b"*` (plurals cut to their stem: `tasks` → `"task"*`); queries with phrases or operators pass through as written. */
export function toFtsQuery(query: string): { match: string | null; passthrough: boolean } {
  if (OPERATORS.test(query)) return { match: query.trim(), passthrough: true };
  const terms = queryTerms(query).map((t) => stem(t.toLowerCase()));
  return { match: terms.length ? terms.map((t) => `"${t}"*`).join(' OR ') : null, passthrough: false };
}

function attempt<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch (err) {
    if (err instanceof FtsQueryError) return null;
    throw err;
  }
}

/** What one relaxation step found: symbol candidates and API-wrapper macros; `total` counts all matches, one per symbol, when the cap cut the candidates. */
interface StepFind {
  symbols: SymbolCandidate[];
  total?: number;
  macros: ApiMacroCandidate[];
}

const stepOf = (c: CandidateList<SymbolCandidate>, macros: ApiMacroCandidate[] = []): StepFind => ({ symbols: c.rows, macros, ...(c.capped ? { total: c.total } : {}) });

type Row = Rankable & ({ macro: ApiMacroCandidate; wraps: string | null } | { merged: MergedSymbol });

/** One search over one build: the relaxation steps share the query, the filter and the coverage test. */
class Search {
  private coverage: Set<number> | null | undefined;
  private wordStarts: RegExp[] | undefined;
  ftsRefused = false;

  constructor(
    private readonly index: SearchIndex,
    private readonly buildId: number,
    private readonly base: SymbolFilter,
    private readonly q: RankQuery,
    private readonly terms: string[],
    private readonly passthrough: boolean,
  ) {}

  /** FTS5 candidates for `match` (repaired into bare words when FTS5 cannot read it), API macros when `withMacros`. */
  fts(match: string | null, repaired: string | null, filter: SymbolFilter, withMacros: boolean): StepFind | null {
    if (!match) return null;
    for (const m of repaired && repaired !== match ? [match, repaired] : [match]) {
      const found = attempt(() => this.index.ftsCandidates(m, filter, CANDIDATE_CAP));
      if (!found) {
        this.ftsRefused = true;
        continue;
      }
      this.ftsRefused = false;
      const macros = withMacros ? (attempt(() => this.index.apiMacroCandidates(m, this.buildId, !!filter.projectOnly, 200)) ?? []) : [];
      return stepOf(found, macros);
    }
    return null;
  }

  /** Row ids holding every query word somewhere (null: every row counts as covering, e.g. a one-word query). */
  private covering(): Set<number> | null {
    if (this.coverage !== undefined) return this.coverage;
    if (this.passthrough || this.terms.length < 2) return (this.coverage = null);
    const all = this.terms.map((t) => `"${t}"*`).join(' AND ');
    return (this.coverage = attempt(() => this.index.ftsRowIds(all, CANDIDATE_CAP * 20)) ?? null);
  }

  /** Merged, ranked rows of a step, API-wrapper macros followed by the function they call. */
  rank(found: StepFind, pageEnd: number): Row[] {
    const wraps = new Map(found.macros.map((m) => [m, wrappedFunction(m._macro_expanded_value ?? '', m.params)]));
    const called = [...new Set([...wraps.values()].filter((w): w is string => !!w))];
    const companions = called.length ? this.index.namedCandidates(called, { ...this.base, kinds: ['function', 'method'] }) : [];
    const merged = this.completeDeclarations(mergeSymbols([...found.symbols, ...companions]));
    // Which rows hold every word only orders rows below those holding every word in their name: when these
    // fill the page, it is not needed.
    const inName = merged.filter((g) => this.q.words.every((w) => g.primary.name_tokens.split(' ').some((t) => t.startsWith(w)))).length;
    const covered = inName >= pageEnd ? new Set<MergedSymbol>() : this.coveredGroups(merged);
    const rows: Row[] = merged.map((g) => {
      const p = g.primary;
      return { name: p.name, kind: p.kind, name_tokens: p.name_tokens, is_definition: p.is_definition, is_vendor: p.is_vendor, file: p.file, line: p.line, text_score: g.text_score, covers_all: covered.has(g), merged: g };
    });
    for (const m of found.macros) {
      const coversAll = this.coversAll(`${m.name_tokens} ${m.docstring}`);
      rows.push({ name: m.name, kind: m.kind, name_tokens: m.name_tokens, is_definition: true, is_vendor: m.is_vendor, file: m.file, line: m.line, text_score: m.text_score, covers_all: coversAll, macro: m, wraps: wraps.get(m) ?? null });
    }
    return withCompanions(rankRows(this.q, rows, this.index.nameCount()));
  }

  /** Every query word starts a word of `text`, identifiers in it split (a doc naming xSemaphoreCreateMutex mentions "mutex"). */
  private coversAll(text: string): boolean {
    const head = text.length > 3000 ? text.slice(0, 3000) : text;
    return (this.wordStarts ??= this.q.words.map(wordStart)).every((re) => re.test(head));
  }

  /**
   * Groups holding every query word in name, signature or docstring: FTS5 says so for whole words; the
   * closest names (fewest tokens) holding a query word, at most 100, are also read with the identifiers of
   * their docstrings split.
   */
  private coveredGroups(groups: MergedSymbol[]): Set<MergedSymbol> {
    const covering = this.covering();
    if (!covering) return new Set(groups);
    const out = new Set(groups.filter((g) => g.rowids.some((id) => covering.has(id))));
    const tokens = (g: MergedSymbol) => g.primary.name_tokens.split(' ');
    const named = groups
      .filter((g) => !out.has(g) && this.q.words.some((w) => tokens(g).some((t) => t.startsWith(w))))
      .sort((a, b) => tokens(a).length - tokens(b).length)
      .slice(0, 100);
    const heads = this.index.docHeads(named.flatMap((g) => g.rowids), 1500);
    for (const g of named) if (this.coversAll(`${g.primary.name_tokens} ${g.rowids.map((id) => heads.get(id) ?? '').join(' ')}`)) out.add(g);
    return out;
  }

  /**
   * Declaration-only groups get the definitions of the same symbol the step did not match (its docstring
   * did): those whose name holds a query word (they can rank high), at most COMPLETED_DECLARATIONS.
   */
  private completeDeclarations(groups: MergedSymbol[]): MergedSymbol[] {
    const named = (g: MergedSymbol) => this.q.words.some((w) => g.primary.name_tokens.split(' ').some((t) => t.startsWith(w)));
    const open = groups.filter((g) => !g.primary.is_definition && named(g)).slice(0, COMPLETED_DECLARATIONS);
    if (!open.length) return groups;
    return attachPlaces(groups, this.index.namedCandidates([...new Set(open.map((g) => g.primary.name))], this.base));
  }
}

/**
 * Where a lower-case word starts a word of a text as name tokens split it: after a non-alphanumeric character
 * (any case: `take`, `Take`, `TAKE`), or capitalized after a lower-case letter or digit (xSemaphore`Take`).
 */
function wordStart(word: string): RegExp {
  const w = word.replace(/[^a-z0-9]/g, '');
  const any = [...w].map((c) => (/[a-z]/.test(c) ? `[${c}${c.toUpperCase()}]` : c)).join('');
  const cap = w.charAt(0).toUpperCase() + w.slice(1);
  return new RegExp(`(?<![A-Za-z0-9])${any}|(?<=[a-z0-9])${cap}`);
}

/** Moves the function an API-wrapper macro calls right after the macro, when it ranked lower. */
function withCompanions(rows: Row[]): Row[] {
  const out = rows.slice();
  for (let i = 0; i < out.length; i++) {
    const r = out[i];
    if (!('macro' in r) || !r.wraps) continue;
    const j = out.findIndex((x, k) => k > i && 'merged' in x && x.name === r.wraps);
    if (j > i + 1) out.splice(i + 1, 0, ...out.splice(j, 1));
  }
  return out;
}

export function searchCode(ctx: ProjectContext, req: SearchRequest): SearchResult {
  const reader = requireReader(ctx);
  const build = resolveProjectBuild(ctx, req);
  const { limit, offset } = pageBounds(req, SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT);
  const kinds = kindsFor(req.kind);
  const page = { limit, offset };
  const wantsLocals = !!kinds && kinds.includes('varlocal');
  const base: SymbolFilter = { buildId: build.id, projectOnly: !!req.projectOnly, excludeKinds: wantsLocals ? [] : ['varlocal'] };
  const query = req.query.trim();
  const { match, passthrough } = toFtsQuery(query);
  const repaired = passthrough ? toFtsQuery(query.replace(/["()*:^]/g, ' ').replace(/\b(AND|OR|NOT|NEAR)\b/g, ' ')).match : match;
  const terms = queryTerms(query).map((t) => stem(t.toLowerCase()));
  const index = reader.search();
  const search = new Search(index, build.id, base, rankQuery(query), terms, passthrough);
  const answer = (found: StepFind, fallback?: Fallback) => present(ctx, reader, build, search.rank(found, offset + limit), found.total, page, fallback);

  // kind=macro: the macros table is the primary answer.
  if (kinds?.[0] === 'macro') {
    const m = match ? attempt(() => reader.searchMacrosFts(repaired ?? match, build.id, page)) : null;
    return macroAnswer(ctx, reader, build, m?.rows ?? [], m?.total ?? 0, offset);
  }
  const some = (f: StepFind | null): f is StepFind => !!f && f.symbols.length + f.macros.length > 0;
  // 1. FTS5 with the kind filter (API-wrapper macros join when no kind is asked for).
  const step1 = search.fts(match, repaired, { ...base, kinds }, !kinds);
  if (some(step1)) return answer(step1);
  // 2. FTS5 without the kind.
  if (kinds) {
    const step2 = search.fts(match, repaired, base, true);
    if (some(step2)) return answer(step2, 'fts5');
  }
  // 3. name_tokens substring match, N-1 of N terms.
  if (terms.length) {
    const t = index.tokenCandidates(terms, Math.max(1, terms.length - 1), base, CANDIDATE_CAP);
    if (t.rows.length) return answer(stepOf(t), 'name_tokens_like');
  }
  // 4. docstring LIKE for a single term.
  if (terms.length === 1) {
    const d = index.docstringCandidates(terms[0], base, CANDIDATE_CAP);
    if (d.rows.length) return answer(stepOf(d), 'docstring_like');
  }
  // 5. FTS5 per word, merged.
  if (terms.length > 1) {
    const all: SymbolCandidate[] = [];
    for (const t of terms) all.push(...(attempt(() => index.ftsCandidates(`"${t}"*`, base, CANDIDATE_CAP))?.rows ?? []));
    if (all.length) return answer({ symbols: all, macros: [] }, 'individual_terms');
  }
  // 6. macros.
  if (repaired ?? match) {
    const step6 = attempt(() => reader.searchMacrosFts((repaired ?? match)!, build.id, page));
    if (step6 && step6.total > 0) return macroAnswer(ctx, reader, build, step6.rows, step6.total, offset, 'macros_fts');
  }
  if (search.ftsRefused || !match) {
    return [
      {
        warning: `the query ${JSON.stringify(req.query)} holds no searchable word${search.ftsRefused ? ' and FTS5 could not read it' : ''}, and no relaxation step found a symbol`,
        hint: 'search with 1-3 plain words such as `uart init`; put an exact phrase in double quotes, and leave out punctuation',
      },
    ];
  }
  return noMatch(ctx, reader);
}

/** No match is `[]`, with the changed-files warning when indexed files changed since indexing (the code may be there). */
function noMatch(ctx: ProjectContext, reader: IndexReader): SearchResult {
  const warning = changedWarning(changedFiles(reader, ctx.root));
  return warning ? [warning] : [];
}

function macroAnswer(ctx: ProjectContext, reader: IndexReader, build: { variant: string; image: string }, rows: MacroRow[], total: number, offset: number, fallback?: Fallback): SearchResult {
  if (total === 0) return noMatch(ctx, reader);
  return pagedAnswer(ctx, reader, build, rows.map((r) => (fallback ? { ...r, _fallback: fallback } : r)), total, offset);
}

/** The page of ranked rows as answer rows: full symbol rows with their declarations, macros as stored. */
function present(
  ctx: ProjectContext,
  reader: IndexReader,
  build: { variant: string; image: string },
  rows: Row[],
  total: number | undefined,
  page: { limit: number; offset: number },
  fallback?: Fallback,
): SearchResult {
  if (!rows.length) return noMatch(ctx, reader);
  const shown = rows.slice(page.offset, page.offset + page.limit);
  const full = reader.search().symbolRows(shown.flatMap((r) => ('merged' in r ? r.merged.rowids : [])));
  const hits: SearchHit[] = shown.map((r) => {
    const extra = fallback ? { _fallback: fallback } : {};
    if ('macro' in r) {
      const { docstring, name_tokens: _t, text_score: _s, ...macro } = r.macro;
      return { ...macro, ...(r.wraps ? { wraps: r.wraps } : {}), ...(docstring ? { docstring } : {}), ...extra };
    }
    const g = r.merged;
    const row = full.get(g.primary.rowid)!;
    const docstring = row.docstring || g.declarations.map((d) => full.get(d.rowid)?.docstring ?? '').find(Boolean) || '';
    return { ...row, docstring, declarations: g.declarations.map((d) => ({ file: d.file, line: d.line })), ...extra };
  });
  return pagedAnswer(ctx, reader, build, hits, Math.max(rows.length, total ?? 0), page.offset, true);
}
