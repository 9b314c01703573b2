// Relevance of search_code measured on query sets: each query has the symbols that answer it (any one is a
// hit); a set scores top-1 and top-5 hit rates and the mean reciprocal rank (MRR, 0 for a miss in the top 20).
import fs from 'node:fs';
import path from 'node:path';
import type { ProjectContext } from '../../src/query/project-context.js';
import { searchCode } from '../../src/query/search-code.js';
import { fixturePath } from '../../src/project/copy-fixture.js';

export interface RelevanceQuery {
  query: string;
  expect: string[];
}

export interface QuerySet {
  name: string;
  queries: RelevanceQuery[];
}

export interface QueryFile {
  fixture: string;
  sets: QuerySet[];
}

export interface QueryOutcome {
  query: string;
  expect: string[];
  /** 1-based rank of the first expected symbol, or null when it is not in the top 20. */
  rank: number | null;
  top5: string[];
}

export interface SetScore {
  set: string;
  queries: number;
  top1: number;
  top5: number;
  mrr: number;
  misses: QueryOutcome[];
  outcomes: QueryOutcome[];
}

const RANKED = 20;

/** The query files under fixtures/relevance (one per fixture repo). */
export function queryFiles(): { file: string; data: QueryFile }[] {
  const dir = fixturePath('relevance');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.queries.json'))
    .sort()
    .map((f) => ({ file: path.join(dir, f), data: JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as QueryFile }));
}

/** Names of the ranked rows of one search (symbols and macros alike). */
export function rankedNames(ctx: ProjectContext, query: string, limit = RANKED): string[] {
  const answer = searchCode(ctx, { query, limit }) as Record<string, unknown>[];
  return answer.filter((r) => 'kind' in r).map((r) => String(r.name));
}

export function scoreQuery(ctx: ProjectContext, q: RelevanceQuery): QueryOutcome {
  const names = rankedNames(ctx, q.query);
  const i = names.findIndex((n) => q.expect.includes(n));
  return { query: q.query, expect: q.expect, rank: i < 0 ? null : i + 1, top5: names.slice(0, 5) };
}

export function scoreSet(ctx: ProjectContext, set: QuerySet): SetScore {
  const outcomes = set.queries.map((q) => scoreQuery(ctx, q));
  const n = outcomes.length || 1;
  return {
    set: set.name,
    queries: outcomes.length,
    top1: outcomes.filter((o) => o.rank === 1).length / n,
    top5: outcomes.filter((o) => o.rank !== null && o.rank <= 5).length / n,
    mrr: outcomes.reduce((s, o) => s + (o.rank ? 1 / o.rank : 0), 0) / n,
    misses: outcomes.filter((o) => o.rank === null || o.rank > 5),
    outcomes,
  };
}

/** One line per miss: the query, what was expected, where it ranked and what the top five were. */
export function formatMisses(scores: SetScore[]): string {
  return scores
    .flatMap((s) => s.misses.map((m) => `[${s.set}] "${m.query}": expected ${m.expect.join(' | ')}, rank ${m.rank ?? '>20'}; top 5: ${m.top5.join(', ')}`))
    .join('\n');
}

export function formatScores(scores: SetScore[]): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  return scores.map((s) => `${s.set.padEnd(14)} ${String(s.queries).padStart(3)} queries  top-1 ${pct(s.top1).padStart(7)}  top-5 ${pct(s.top5).padStart(7)}  MRR ${s.mrr.toFixed(3)}`).join('\n');
}
