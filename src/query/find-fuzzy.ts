// Ranked (fuzzy) find: the query's characters in order, scored (see fuzzy-score.ts), over file paths,
// over the build's declaration names, or over the identifiers of the project's text under a time budget.
import path from 'node:path';
import type { IndexReader, SymbolRow } from '../index/index-reader.js';
import { fuzzyScore, subsequenceGlob } from '../content/fuzzy-score.js';
import { lineExcerpt } from '../content/line-match.js';
import { readProjectText } from '../content/text-file.js';
import type { TreeSnapshot } from '../content/tree-state.js';

/** Most ranked results kept (pages are cut from these). */
export const FUZZY_MAX_RESULTS = 1000;
export const FUZZY_CONTENT_BUDGET_MS = 3000;

export interface Ranked<T> {
  item: T;
  score: number;
}

function top<T>(items: Ranked<T>[], tie: (a: T, b: T) => number): Ranked<T>[] {
  return items.sort((a, b) => b.score - a.score || tie(a.item, b.item)).slice(0, FUZZY_MAX_RESULTS);
}

/** Paths ranked by the better of their file name (favoured) and their whole path. */
export function fuzzyFiles(snapshot: TreeSnapshot, inScope: (p: string) => boolean, query: string): Ranked<string>[] {
  const out: Ranked<string>[] = [];
  for (const p of snapshot.files.keys()) {
    if (!inScope(p)) continue;
    const base = fuzzyScore(query, path.posix.basename(p));
    const whole = fuzzyScore(query, p);
    const score = Math.max(base === null ? -Infinity : base + 20, whole ?? -Infinity);
    if (score > -Infinity) out.push({ item: p, score });
  }
  return top(out, (a, b) => a.length - b.length || (a < b ? -1 : 1));
}

/** Declarations of the build whose name holds the query's characters in order, ranked. */
export function fuzzySymbols(reader: IndexReader, buildId: number, query: string, inScope: (p: string) => boolean): Ranked<SymbolRow>[] {
  const rows = reader.globSymbols(subsequenceGlob(query), null, { buildId, excludeKinds: ['varlocal'] }, { limit: 20000, offset: 0 }).rows;
  const out: Ranked<SymbolRow>[] = [];
  for (const r of rows) {
    if (!inScope(r.file)) continue;
    const s = fuzzyScore(query, r.name);
    // Definitions first among equals, project code before vendor code.
    if (s !== null) out.push({ item: r, score: s + (r.is_definition ? 1 : 0) - (r.is_vendor ? 5 : 0) });
  }
  return top(out, (a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
}

export interface FuzzyLine {
  path: string;
  line: number;
  column: number;
  text: string;
}

/** True when the characters of q (lowercase) appear in order in s. Linear. */
function isSubsequence(q: string, s: string): boolean {
  let i = 0;
  const lower = s.toLowerCase();
  for (let j = 0; j < lower.length && i < q.length; j++) if (lower[j] === q[i]) i++;
  return i === q.length;
}

/** Lines whose best identifier matches the query, ranked; stops at the budget (complete: false). */
export function fuzzyContent(root: string, snapshot: TreeSnapshot, inScope: (p: string) => boolean, query: string, budgetMs = FUZZY_CONTENT_BUDGET_MS): { ranked: Ranked<FuzzyLine>[]; complete: boolean; reason?: string } {
  const deadline = performance.now() + budgetMs;
  const q = query.toLowerCase();
  const scores = new Map<string, number | null>();
  const out: Ranked<FuzzyLine>[] = [];
  const paths = [...snapshot.files.keys()].filter((p) => inScope(p) && snapshot.indexed.get(p)?.kind !== 'binary').sort();
  for (const [n, p] of paths.entries()) {
    if (performance.now() > deadline) {
      return { ranked: top(out, byPlace), complete: false, reason: `the fuzzy content scan used its ${budgetMs / 1000} s budget after ${n} of ${paths.length} files; narrow scope.globs, or use a literal, word or regex match` };
    }
    const read = readProjectText(root, p, true);
    if ('skipped' in read) continue;
    const lines = read.text.split('\n');
    for (let i = 0; i < lines.length; i++) {
      let best: { score: number; column: number } | null = null;
      for (const m of lines[i].matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) {
        const id = m[0];
        if (id.length < q.length) continue;
        let s = scores.get(id);
        if (s === undefined) scores.set(id, (s = isSubsequence(q, id) ? fuzzyScore(q, id) : null));
        if (s !== null && (!best || s > best.score)) best = { score: s, column: m.index! + 1 };
      }
      if (best) out.push({ item: { path: p, line: i + 1, column: best.column, text: lineExcerpt(lines[i], best.column) }, score: best.score });
    }
    // Keep memory bounded when a short query matches nearly every line.
    if (out.length > 20 * FUZZY_MAX_RESULTS) out.splice(0, out.length, ...top(out, byPlace));
  }
  return { ranked: top(out, byPlace), complete: true };
}

function byPlace(a: FuzzyLine, b: FuzzyLine): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line;
}
