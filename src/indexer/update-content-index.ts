// Keeps the content index in step with the project tree after an index run: walks the searchable files,
// re-reads only those whose size or mtime changed, re-indexes only those whose content hash changed, and
// drops files that are gone.
import type { Db } from '../index/open-index.js';
import { storedContentFiles, writeContentChanges, type ContentFileWrite } from '../index/sqlite-content-index.js';
import { walkProjectFiles } from '../content/walk-tree.js';
import { isBinary, readProjectText, type TextRead } from '../content/text-file.js';
import { isUtf8 } from 'node:buffer';
import type { KeptBytes } from './file-states.js';
import { isUnderAny } from './vendor-paths.js';
import path from 'node:path';
import { sha1 } from '../model/sha1.js';

/** Text files larger than this are searched by reading them, not through the trigram index. */
export const LARGE_FILE_BYTES = 8 * 1024 * 1024;
const BATCH_FILES = 500;

export interface ContentIndexSummary {
  files: number;
  reindexed: number;
  removed: number;
  elapsedMs: number;
}

/**
 * A walked file's text from bytes an index run already read (with the size and mtime the walk found), else
 * read now; with the sha1 of its bytes when they are that text's UTF-8 (so it need not be hashed again).
 */
function readWalked(root: string, f: { path: string; size: number; mtimeMs: number }, kept?: (file: string) => KeptBytes | undefined): { read: TextRead; hash?: string } {
  const k = kept?.(path.join(root, f.path));
  if (!k || k.size !== f.size || k.mtimeMs !== f.mtimeMs) return { read: readProjectText(root, f.path, true) };
  if (isBinary(k.bytes)) return { read: { skipped: 'binary' } };
  return { read: { text: k.bytes.toString('utf8'), size: k.size, mtimeMs: k.mtimeMs }, ...(isUtf8(k.bytes) ? { hash: k.hash } : {}) };
}

/**
 * Bring the content index up to date with the files under root (config exclude_paths left out). `kept`
 * answers the bytes of files the run already read (by absolute path), which are then not read again.
 */
export function updateContentIndex(db: Db, root: string, excludePaths: string[] = [], kept?: (file: string) => KeptBytes | undefined): ContentIndexSummary {
  const started = performance.now();
  const stored = storedContentFiles(db);
  const walked = walkProjectFiles(root).filter((f) => !isUnderAny(root, path.join(root, f.path), excludePaths));
  const seen = new Set<string>();
  let batch: ContentFileWrite[] = [];
  let reindexed = 0;
  let changed = false;
  const flush = (final: boolean, deletes: string[] = []) => {
    if (batch.length || deletes.length) {
      writeContentChanges(db, batch, deletes, final);
      changed = true;
    } else if (final && changed) writeContentChanges(db, [], [], true);
    batch = [];
  };
  for (const f of walked) {
    seen.add(f.path);
    const old = stored.get(f.path);
    if (old && old.size === f.size && old.mtimeMs === f.mtimeMs) continue;
    const { read, hash: bytesHash } = readWalked(root, f, kept);
    if ('skipped' in read) {
      if (read.skipped === 'binary') batch.push({ path: f.path, contentHash: 'binary', size: f.size, mtimeMs: f.mtimeMs, kind: 'binary' });
    } else {
      const hash = bytesHash ?? sha1(read.text);
      const kind = read.size > LARGE_FILE_BYTES ? 'large' : 'text';
      const same = old !== undefined && old.contentHash === hash && old.kind === kind;
      batch.push({ path: f.path, contentHash: hash, size: read.size, mtimeMs: read.mtimeMs, kind, ...(same || kind === 'large' ? {} : { text: read.text }) });
      if (!same) reindexed++;
    }
    if (batch.length >= BATCH_FILES) flush(false);
  }
  const removed = [...stored.keys()].filter((p) => !seen.has(p));
  flush(true, removed);
  return { files: walked.length, reindexed, removed: removed.length, elapsedMs: performance.now() - started };
}
