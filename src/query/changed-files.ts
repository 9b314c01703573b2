// Which indexed files changed on disk since indexing: size/mtime first, then the content hash, so a file
// that was only touched does not count. Deleted files count as changed.
import fs from 'node:fs';
import path from 'node:path';
import type { FileRow, IndexReader } from '../index/index-reader.js';
import { storedPath } from '../indexer/vendor-paths.js';
import { joinNormal } from '../model/plain-path.js';
import { sha1BeforeCrypto } from '../model/small-sha1.js';
import { shownList } from './shown-list.js';

/** With `rehash`, the content is hashed even when size and mtime match (an edit that kept both). */
export function fileChanged(root: string, f: FileRow, rehash = false): boolean {
  // The file a stored path names (vendor-paths' absolutePath).
  const abs = path.isAbsolute(f.path) ? f.path : joinNormal(root, f.path);
  let st: fs.Stats | undefined;
  try {
    st = fs.statSync(abs, { throwIfNoEntry: false });
  } catch {
    return true;
  }
  if (!st) return true;
  if (!rehash && st.size === f.size && st.mtimeMs === f.mtimeMs) return false;
  try {
    return sha1BeforeCrypto(fs.readFileSync(abs)) !== f.contentHash;
  } catch {
    return true;
  }
}

/** Changed files among all indexed files, or among `only` (stored paths) when given. */
export function changedFiles(reader: IndexReader, root: string, only?: Iterable<string>, rehash = false): string[] {
  const rows = only ? reader.filesAt([...new Set(only)]) : reader.files();
  return rows.filter((f) => fileChanged(root, f, rehash)).map((f) => f.path);
}

export function changedWarning(paths: string[]): { warning: string } | null {
  if (paths.length === 0) return null;
  const shown = shownList(paths, 5);
  return {
    warning: `${paths.length} file(s) changed on disk since indexing: ${shown}. Lines and signatures from them may be out of date until they are re-indexed: an MCP server started without \`--no-refresh\` re-indexes them in the background (\`get_active_build\` says when it is done); from a shell, run \`fw-context index\`.`,
  };
}

/**
 * Units of a build that read a changed file other than themselves (a header, an -imacros file), each with
 * those files. `unitFiles` is the build's unit → files-read map; units are absolute, files stored paths.
 */
export function unitsReadingChanged(root: string, unitFiles: Map<string, string[]>, changed: Set<string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [unit, files] of unitFiles) {
    const unitRel = storedPath(root, unit);
    const hit = files.filter((f) => f !== unitRel && f !== unit && changed.has(f));
    if (hit.length) out.set(unitRel, hit);
  }
  return out;
}
