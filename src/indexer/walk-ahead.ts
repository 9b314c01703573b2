// The content index's walk done ahead, on a thread of its own while the builds are indexed: the project's
// searchable files outside the build folders the index holds, each compared with its content row.
import { openIndexForRead } from '../index/read-index.js';
import { storedContentStats, type ContentRowStat } from '../index/sqlite-content-index.js';
import { walkProjectFiles } from '../content/walk-tree.js';

export interface WalkAheadTask {
  root: string;
  indexFile: string;
  /** The folders (and files) not walked: the build folders the index holds when the run starts, the excluded paths (WalkScope.skipped). */
  skipped: string[];
}

/** A walked file's size and mtime are those of its row (and the row is not deferred). */
export const SAME = 0;
/** Same size and mtime as its row, which is deferred. */
export const SAME_DEFERRED = 1;
/** No row, or another size or mtime. */
export const CHANGED = 2;

/** How a walked file stands against its content row (undefined: none): SAME, SAME_DEFERRED or CHANGED. */
export function rowState(old: ContentRowStat | undefined, f: { size: number; mtimeMs: number }): number {
  return old && old[0] === f.size && old[1] === f.mtimeMs ? (old[2] === 'deferred' ? SAME_DEFERRED : SAME) : CHANGED;
}

/**
 * The walk of the folders a run's content update walks (the files some build reads under a skipped folder, or where
 * hidden or ignored, are left to it: which those are is known only once the builds are indexed).
 */
export interface WalkAhead {
  /** The folders (and files) the walk left out (as in the task). */
  skipped: string[];
  /** The files walked, project-relative, sorted as walkProjectFiles sorts them. */
  paths: string[];
  /** Size and mtime of each, one after the other. */
  stats: Float64Array;
  /** SAME, SAME_DEFERRED or CHANGED, for each. */
  states: Uint8Array;
  /** Paths of the content rows not walked. */
  gone: string[];
}

/** Walks the project as the content update would with the index's build folders, against the content rows; null when there is no index. */
export function walkAhead(task: WalkAheadTask): WalkAhead | null {
  const db = openIndexForRead(task.indexFile);
  if (!db) return null;
  let stored: Map<string, ContentRowStat>;
  try {
    stored = storedContentStats(db);
  } finally {
    db.close();
  }
  const { skipped } = task;
  const walked = walkProjectFiles(task.root, { scope: { skipped, kept: [], keptSet: new Set() } });
  const stats = new Float64Array(walked.length * 2);
  const states = new Uint8Array(walked.length);
  for (const [i, f] of walked.entries()) {
    stats[2 * i] = f.size;
    stats[2 * i + 1] = f.mtimeMs;
    const old = stored.get(f.path);
    states[i] = rowState(old, f);
    stored.delete(f.path);
  }
  return { skipped, paths: walked.map((f) => f.path), stats, states, gone: [...stored.keys()] };
}
