// Which indexed files changed on disk since indexing: size/mtime first, then the content hash, so a file
// that was only touched does not count. Deleted files count as changed.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { FileRow, IndexReader } from '../index/index-reader.js';
import { absolutePath } from '../indexer/vendor-paths.js';

export function fileChanged(root: string, f: FileRow): boolean {
  const abs = absolutePath(root, f.path);
  let st: fs.Stats;
  try {
    st = fs.statSync(abs);
  } catch {
    return true;
  }
  if (st.size === f.size && st.mtimeMs === f.mtimeMs) return false;
  try {
    return createHash('sha1').update(fs.readFileSync(abs)).digest('hex') !== f.contentHash;
  } catch {
    return true;
  }
}

/** Changed files among all indexed files, or among `only` (stored paths) when given. */
export function changedFiles(reader: IndexReader, root: string, only?: Iterable<string>): string[] {
  const wanted = only ? new Set(only) : null;
  const out: string[] = [];
  for (const f of reader.files()) {
    if (wanted && !wanted.has(f.path)) continue;
    if (fileChanged(root, f)) out.push(f.path);
  }
  return out;
}

export function changedWarning(paths: string[]): { warning: string } | null {
  if (paths.length === 0) return null;
  const shown = paths.slice(0, 5).join(', ') + (paths.length > 5 ? `, and ${paths.length - 5} more` : '');
  return {
    warning: `${paths.length} file(s) changed on disk since indexing: ${shown}. Lines and signatures from them may be out of date; run \`fw-context index\` to refresh.`,
  };
}
