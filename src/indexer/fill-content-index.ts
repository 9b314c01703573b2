// Fills in the trigrams an index run left for later: the deferred files (text no build reads), in path order,
// a few MB per transaction, so a fill cut short keeps what it wrote and the index answers throughout. A file
// whose size or mtime no longer match its row is left to the next index run (find reads it meanwhile).
import type { Db } from '../index/open-index.js';
import { deferredContentFiles, writeContentChanges, type ContentFileWrite } from '../index/sqlite-content-index.js';
import { readProjectText } from '../content/text-file.js';

export interface FillContentOptions {
  /** Stop once this many bytes were filled in (the caller runs again for the rest). Default: all. */
  maxBytes?: number;
  /** Bytes per transaction (default 4 MB, ~0.3 s of SQLite's trigram indexing). */
  batchBytes?: number;
}

export interface FillContentSummary {
  /** Files whose trigrams were written. */
  filled: number;
  bytes: number;
  /** Deferred files changed or gone since the index run (left deferred). */
  skipped: number;
  /** Deferred files not looked at (past maxBytes). */
  remaining: number;
  elapsedMs: number;
}

const BATCH_BYTES = 4 * 1024 * 1024;

export function fillDeferredContent(db: Db, root: string, options: FillContentOptions = {}): FillContentSummary {
  const started = performance.now();
  const pending = deferredContentFiles(db);
  const maxBytes = options.maxBytes ?? Infinity;
  const batchBytes = options.batchBytes ?? BATCH_BYTES;
  const summary: FillContentSummary = { filled: 0, bytes: 0, skipped: 0, remaining: 0, elapsedMs: 0 };
  let batch: ContentFileWrite[] = [];
  let batchSize = 0;
  const flush = () => {
    if (batch.length) writeContentChanges(db, batch, [], 'fill');
    batch = [];
    batchSize = 0;
  };
  for (const [i, row] of pending.entries()) {
    if (summary.bytes >= maxBytes) {
      summary.remaining = pending.length - i;
      break;
    }
    const read = readProjectText(root, row.path);
    if ('skipped' in read || read.size !== row.size || read.mtimeMs !== row.mtimeMs) {
      summary.skipped++;
      continue;
    }
    batch.push({ ...row, kind: 'text', text: read.text });
    batchSize += read.size;
    summary.filled++;
    summary.bytes += read.size;
    if (batchSize >= batchBytes) flush();
  }
  flush();
  summary.elapsedMs = performance.now() - started;
  return summary;
}
