// Strict content search (literal, word, regex): candidate files from the trigram index (or every file
// when the pattern implies no trigram), plus files changed since indexing, each verified against its text
// on disk, so the answer is exact. Literal and word run here; a regex runs in a worker under a time budget.
import { createHash } from 'node:crypto';
import type { ContentIndexReader } from '../index/content-index-reader.js';
import { findLines, linePattern, MAX_LINE_TEXT, type LineHit } from '../content/line-match.js';
import { scanWithRegex } from '../content/regex-scan.js';
import { readProjectText } from '../content/text-file.js';
import { regexLiteralRuns } from '../content/trigrams.js';
import type { TreeSnapshot } from '../content/tree-state.js';
import type { FindRoute } from './find-request.js';
import { sha1 } from '../model/sha1.js';

export const REGEX_BUDGET_MS = 5000;

export interface ContentFileHits {
  path: string;
  hits: LineHit[];
}

export interface ContentSearch {
  files: ContentFileHits[];
  complete: boolean;
  reason?: string;
  /** Files searched (after scope and trigram narrowing). */
  searched: number;
  /** path:hash of every file read: the content a page answered from. */
  readDigest: string;
  /** The files read (project-relative). */
  read: string[];
}

/** The files to read: in scope, not binary, and either trigram candidates, large, or stale in the index. */
function candidateFiles(snapshot: TreeSnapshot, content: ContentIndexReader, inScope: (p: string) => boolean, groups: string[][] | null): string[] {
  const hits = groups ? content.candidates(groups) : null;
  const out: string[] = [];
  for (const p of snapshot.files.keys()) {
    if (!inScope(p)) continue;
    const row = snapshot.indexed.get(p);
    const stale = snapshot.dirty.has(p) || !row;
    if (!stale && row.kind === 'binary') continue;
    if (hits && !stale && row.kind === 'text' && !hits.has(p)) continue;
    out.push(p);
  }
  return out.sort();
}

/** The runs of text every match holds, for the trigram index; null when the query implies none. */
function indexRuns(route: FindRoute): string[][] | null {
  if (route.match === 'regex') return regexLiteralRuns(route.text);
  return [...route.text].length >= 3 ? [[route.text]] : null;
}

export async function searchContent(root: string, snapshot: TreeSnapshot, content: ContentIndexReader, inScope: (p: string) => boolean, route: FindRoute, regexBudgetMs = REGEX_BUDGET_MS): Promise<ContentSearch> {
  const paths = candidateFiles(snapshot, content, inScope, indexRuns(route));
  const digest = createHash('sha1');
  if (route.match === 'regex') {
    const r = await scanWithRegex(root, paths, route.text, route.regexFlags, MAX_LINE_TEXT, regexBudgetMs);
    for (const f of r.files) digest.update(`${f.path}\0${f.hash}\n`);
    return { files: r.files.filter((f) => f.hits.length).map((f) => ({ path: f.path, hits: f.hits })), complete: r.complete, reason: r.reason, searched: paths.length, readDigest: digest.digest('hex'), read: paths };
  }
  const pattern = linePattern(route.text, route.match === 'word' ? 'word' : 'literal', route.ignoreCase);
  const files: ContentFileHits[] = [];
  for (const p of paths) {
    const read = readProjectText(root, p, true);
    if ('skipped' in read) continue;
    // A clean file read at its indexed size is the indexed text; anything else is hashed as read.
    const row = snapshot.indexed.get(p);
    const clean = row && !snapshot.dirty.has(p) && read.size === row.size;
    digest.update(`${p}\0${clean ? row.contentHash : sha1(read.text)}\n`);
    const hits = findLines(read.text, pattern);
    if (hits.length) files.push({ path: p, hits });
  }
  return { files, complete: true, searched: paths.length, readDigest: digest.digest('hex'), read: paths };
}
