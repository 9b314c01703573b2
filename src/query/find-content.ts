// Strict content search (literal, word, regex): candidate files from the trigram index (or every file
// when the pattern implies no trigram), plus the files the index holds no current trigrams of (changed since
// indexing, deferred, large), each verified against its text on disk, so the answer is exact. Literal and word run here; a regex runs in a worker under a time budget.
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
  /** Of those, files read whole because the trigram index holds no current text of them (see candidateFiles). */
  unindexed: number;
  /**
   * path:hash of every file with a match: the content a page answered from. A file without one is pinned by
   * the generation (clean) or the dirty digest (changed), both in the page identity, so whether the trigram
   * index let the search skip it (a deferred file filled in meanwhile) leaves the identity as it was.
   */
  readDigest: string;
  /** The files read (project-relative). */
  read: string[];
}

/**
 * The files to read: in scope, not binary, and either trigram candidates or files whose current text the
 * trigram index does not hold — stale (changed or new since indexing), large, or deferred (no build reads
 * them; an index run leaves their trigrams for later) — counted as unindexed.
 */
function candidateFiles(snapshot: TreeSnapshot, content: ContentIndexReader, inScope: (p: string) => boolean, groups: string[][] | null): { paths: string[]; unindexed: number } {
  const hits = groups ? content.candidates(groups) : null;
  const out: string[] = [];
  let unindexed = 0;
  for (const p of snapshot.files.keys()) {
    if (!inScope(p)) continue;
    const row = snapshot.indexed.get(p);
    const stale = snapshot.dirty.has(p) || !row;
    if (!stale && row.kind === 'binary') continue;
    const indexed = !stale && row.kind === 'text';
    if (hits && indexed && !hits.has(p)) continue;
    out.push(p);
    if (!indexed) unindexed++;
  }
  return { paths: out.sort(), unindexed };
}

/** The runs of text every match holds, for the trigram index; null when the query implies none. */
function indexRuns(route: FindRoute): string[][] | null {
  if (route.match === 'regex') return regexLiteralRuns(route.text);
  return [...route.text].length >= 3 ? [[route.text]] : null;
}

export async function searchContent(root: string, snapshot: TreeSnapshot, content: ContentIndexReader, inScope: (p: string) => boolean, route: FindRoute, regexBudgetMs = REGEX_BUDGET_MS): Promise<ContentSearch> {
  const { paths, unindexed } = candidateFiles(snapshot, content, inScope, indexRuns(route));
  const digest = createHash('sha1');
  if (route.match === 'regex') {
    const r = await scanWithRegex(root, paths, route.text, route.regexFlags, MAX_LINE_TEXT, regexBudgetMs);
    for (const f of r.files) if (f.hits.length) digest.update(`${f.path}\0${f.hash}\n`);
    return { files: r.files.filter((f) => f.hits.length).map((f) => ({ path: f.path, hits: f.hits })), complete: r.complete, reason: r.reason, searched: paths.length, unindexed, readDigest: digest.digest('hex'), read: paths };
  }
  const pattern = linePattern(route.text, route.match === 'word' ? 'word' : 'literal', route.ignoreCase);
  const files: ContentFileHits[] = [];
  for (const p of paths) {
    const read = readProjectText(root, p, true);
    if ('skipped' in read) continue;
    // A clean file read at its indexed size is the indexed text; anything else is hashed as read.
    const hits = findLines(read.text, pattern);
    if (!hits.length) continue;
    const row = snapshot.indexed.get(p);
    const clean = row && !snapshot.dirty.has(p) && read.size === row.size;
    digest.update(`${p}\0${clean ? row.contentHash : sha1(read.text)}\n`);
    files.push({ path: p, hits });
  }
  return { files, complete: true, searched: paths.length, unindexed, readDigest: digest.digest('hex'), read: paths };
}
