// The files an index run's content update compares with their rows: from its own walk of the tree, or from the
// walk done ahead on another thread (walk-ahead.ts) completed with the files the builds read, which only the
// run's end knows. Either way the same files, with the size and mtime the run stat'ed when it did.
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../index/open-index.js';
import type { ContentFileRow } from '../index/content-index-reader.js';
import { contentRowLookup, storedContentStats } from '../index/sqlite-content-index.js';
import { walkProjectFiles, type WalkedFile } from '../content/walk-tree.js';
import { isObjectFile, type WalkScope } from '../content/walk-scope.js';
import { CHANGED, rowState, SAME, SAME_DEFERRED, type WalkAhead } from './walk-ahead.js';

export type KnownStat = (file: string) => { size: number; mtimeMs: number } | undefined;

export interface ContentListing {
  /** Files listed. */
  files: number;
  /** Listed files whose size and mtime the run had stat'ed already (a build reads them): not stat'ed again. */
  statsKnown: number;
  /** Files to compare with their rows, sorted by path; the others listed are unchanged. */
  candidates: WalkedFile[];
  /** Unchanged deferred files not among the candidates. */
  deferred: number;
  /** The row of a path. */
  old: (path: string) => ContentFileRow | undefined;
  /** Paths of the rows whose file is not listed. */
  removed: string[];
}

const byPath = (a: WalkedFile, b: WalkedFile) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/**
 * The update's own walk, each file compared with its row's size and mtime: the candidates are those changed since
 * their row and the deferred ones a build reads (rows are read whole for the candidates alone).
 */
export function walkedListing(db: Db, root: string, scope: WalkScope, known: KnownStat | undefined, eager: ReadonlySet<string>): ContentListing {
  const stored = storedContentStats(db);
  let statsKnown = 0;
  const walked = walkProjectFiles(root, {
    scope,
    known: (file) => {
      const st = known?.(file);
      if (st) statsKnown++;
      return st;
    },
  });
  const candidates: WalkedFile[] = [];
  const withRow = new Set<string>();
  let deferred = 0;
  for (const f of walked) {
    const old = stored.get(f.path);
    stored.delete(f.path);
    const state = rowState(old, f);
    if (state === SAME || (state === SAME_DEFERRED && !eager.has(f.path))) {
      if (state === SAME_DEFERRED) deferred++;
      continue;
    }
    candidates.push(f);
    if (old) withRow.add(f.path);
  }
  const row = contentRowLookup(db);
  return { files: walked.length, statsKnown, candidates, deferred, old: (p) => (withRow.has(p) ? row(p) : undefined), removed: [...stored.keys()] };
}

/** Index of `p` in the sorted `paths`, or -1. */
function indexIn(paths: string[], p: string): number {
  let lo = 0;
  let hi = paths.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (paths[mid] === p) return mid;
    if (paths[mid] < p) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Project-relative paths the update stats itself: the files builds read (objects aside) and those the run stat'ed, under the root. */
function ownPaths(root: string, scope: WalkScope, knownFiles: Iterable<string>): string[] {
  const own = new Set(scope.kept.filter((p) => !isObjectFile(p)));
  // Only a stat'ed path as path.join(root, rel) spells it is one `known` answers for the walk (path.relative not needed).
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  for (const file of knownFiles) {
    if (!file.startsWith(prefix) || file.length === prefix.length) continue;
    const rel = file.slice(prefix.length);
    own.add(path.sep === '/' ? rel : rel.split(path.sep).join('/'));
  }
  return [...own];
}

/** What the run knows of the files: its stats (`known`, for the absolute paths `knownFiles` lists) and the files builds read (`eager`). */
export interface RunFiles {
  known?: KnownStat;
  knownFiles: Iterable<string>;
  eager: ReadonlySet<string>;
}

/** A file's size and mtime; undefined when it cannot be stat'ed (as the update's walk, which lists what it stat'ed). */
function statNow(abs: string): { size: number; mtimeMs: number } | undefined {
  try {
    return fs.statSync(abs);
  } catch {
    return undefined;
  }
}

/**
 * The walk ahead (made with the build folders `scope` skips) and the files builds read that it did not list. The
 * candidates are the files changed since their row, the deferred ones a build reads, and the walked files the run
 * stat'ed since with another size or mtime (compared with that stat, as the update's walk takes the run's stats).
 */
export function aheadListing(db: Db, root: string, scope: WalkScope, ahead: WalkAhead, run: RunFiles): ContentListing {
  const candidates: WalkedFile[] = [];
  // Walked files the loop below made candidates with the run's stat.
  const taken = new Uint8Array(ahead.paths.length);
  const added = new Set<string>();
  let statsKnown = 0;
  for (const p of ownPaths(root, scope, run.knownFiles)) {
    const i = indexIn(ahead.paths, p);
    if (i < 0 && !scope.keptSet.has(p)) continue;
    const abs = path.join(root, p);
    const st = run.known?.(abs);
    if (st) statsKnown++;
    if (i >= 0) {
      if (st && (st.size !== ahead.stats[2 * i] || st.mtimeMs !== ahead.stats[2 * i + 1])) {
        taken[i] = 1;
        candidates.push({ path: p, size: st.size, mtimeMs: st.mtimeMs });
      }
      continue;
    }
    const found = st ?? statNow(abs);
    if (!found) continue;
    added.add(p);
    candidates.push({ path: p, size: found.size, mtimeMs: found.mtimeMs });
  }
  const deferred = walkedCandidates(ahead, taken, run.eager, candidates);
  return { files: ahead.paths.length + added.size, statsKnown, candidates: candidates.sort(byPath), deferred, old: contentRowLookup(db), removed: ahead.gone.filter((p) => !added.has(p)) };
}

/** The walked files not taken whose rows the update compares (changed, or deferred and read by a build) into `out`; the unchanged deferred ones counted. */
function walkedCandidates(ahead: WalkAhead, taken: Uint8Array, eager: ReadonlySet<string>, out: WalkedFile[]): number {
  let deferred = 0;
  for (let i = 0; i < ahead.states.length; i++) {
    if (taken[i]) continue;
    const state = ahead.states[i];
    if (state === CHANGED || (state === SAME_DEFERRED && eager.has(ahead.paths[i]))) out.push({ path: ahead.paths[i], size: ahead.stats[2 * i], mtimeMs: ahead.stats[2 * i + 1] });
    else if (state === SAME_DEFERRED) deferred++;
  }
  return deferred;
}
