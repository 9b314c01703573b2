// search_bodies: literal text inside the definitions one build compiles (functions, methods), every term
// required (space = AND), case-insensitive, over the text as the build parsed it (inactive lines blank).
// No wildcards or regular expressions; comments and strings inside bodies are searched too.
import type { BodyRow } from '../index/reading-reader.js';
import { pageBounds, pagedAnswer, type PageNotice } from './paged-answer.js';
import { requireReader, resolveProjectBuild, type ProjectContext } from './project-context.js';
import { QueryError } from './query-error.js';
import type { BuildSelector } from './resolve-build.js';

export interface SearchBodiesRequest extends BuildSelector {
  query: string;
  limit?: number;
  offset?: number;
  projectOnly?: boolean;
}

export interface BodyMatch {
  name: string;
  qualified_name: string;
  kind: string;
  file: string;
  line: number;
  end_line: number;
  signature: string;
  is_vendor: boolean;
  /** Lines holding a term, with their numbers (at most MAX_MATCH_LINES). */
  match_lines: { line: number; text: string }[];
  match_lines_total: number;
  /** Up to MAX_EXCERPT lines of the definition around the first match. */
  source: string;
  source_start_line: number;
  source_end_line: number;
  source_truncated: boolean;
}

const MAX_MATCH_LINES = 20;
const MAX_EXCERPT = 30;
const MAX_TERMS = 8;

function bodyMatch(row: BodyRow, terms: string[]): BodyMatch {
  const lines = row.body.split('\n').map((l) => l.replace(/\r$/, ''));
  const lower = terms.map((t) => t.toLowerCase());
  const hits: number[] = [];
  lines.forEach((l, i) => {
    const ll = l.toLowerCase();
    if (lower.some((t) => ll.includes(t))) hits.push(i);
  });
  const first = hits[0] ?? 0;
  const from = lines.length <= MAX_EXCERPT ? 0 : Math.max(0, Math.min(first - 5, lines.length - MAX_EXCERPT));
  const to = Math.min(lines.length, from + MAX_EXCERPT);
  return {
    name: row.name,
    qualified_name: row.qualified_name,
    kind: row.kind,
    file: row.file,
    line: row.line,
    end_line: row.end_line,
    signature: row.signature,
    is_vendor: row.is_vendor,
    match_lines: hits.slice(0, MAX_MATCH_LINES).map((i) => ({ line: row.line + i, text: lines[i].trim() })),
    match_lines_total: hits.length,
    source: lines.slice(from, to).join('\n'),
    source_start_line: row.line + from,
    source_end_line: row.line + to - 1,
    source_truncated: from > 0 || to < lines.length,
  };
}

export function searchBodies(ctx: ProjectContext, req: SearchBodiesRequest): (Record<string, unknown> | PageNotice | BodyMatch)[] {
  const reader = requireReader(ctx);
  const build = resolveProjectBuild(ctx, req);
  const terms = [...new Set(req.query.trim().split(/\s+/).filter(Boolean))];
  if (terms.length === 0) throw new QueryError((s) => `${s.arg('query')} is empty`, 'give one or more words that must all appear in the definition, e.g. "HAL_GPIO_WritePin LED"');
  if (terms.length > MAX_TERMS) throw new QueryError(`query has ${terms.length} terms; at most ${MAX_TERMS} are allowed`, 'keep the most specific words');
  const { limit, offset } = pageBounds(req, 20, 100);
  const p = reader.reading().searchBodies(build.id, terms, !!req.projectOnly, { limit, offset });
  return pagedAnswer(ctx, reader, build, p.rows.map((r) => bodyMatch(r, terms)), p.total, offset);
}
