// Reads a project file for content search, never outside the root: the path must be relative, stay under
// the root after normalising, and no part of it may be a symbolic link. Binary files (a NUL byte) are refused.
import fs from 'node:fs';
import path from 'node:path';

export type TextRead = { text: string; size: number; mtimeMs: number } | { skipped: 'binary' | 'missing' | 'outside' };

/** The project-relative POSIX form of `p`, or null when it would leave the root. */
export function safeRelative(root: string, p: string): string | null {
  if (!p || path.isAbsolute(p) || p.includes('\0')) return null;
  const norm = path.posix.normalize(p.replace(/\\/g, '/'));
  if (norm === '..' || norm.startsWith('../') || norm.startsWith('/')) return null;
  return norm === '.' ? '' : norm.replace(/\/$/, '');
}

/** True when no component of rel under root is a symlink (so the file cannot lead outside the root). */
function noLinks(root: string, rel: string): boolean {
  let abs = root;
  for (const part of rel.split('/')) {
    abs = path.join(abs, part);
    try {
      if (fs.lstatSync(abs).isSymbolicLink()) return false;
    } catch {
      return true;
    }
  }
  return true;
}

export function isBinary(buf: Buffer): boolean {
  return buf.includes(0);
}

export type BytesRead = { bytes: Buffer; size: number; mtimeMs: number } | { skipped: 'binary' | 'missing' | 'outside' };

/** The text of a project file, checked as above. `trusted` skips the per-component link check (paths from a walk). */
export function readProjectText(root: string, p: string, trusted = false): TextRead {
  const read = readProjectBytes(root, p, trusted);
  return 'skipped' in read ? read : { text: read.bytes.toString('utf8'), size: read.size, mtimeMs: read.mtimeMs };
}

/** The bytes of a project text file, checked as readProjectText does (for a caller that may not need the text). */
export function readProjectBytes(root: string, p: string, trusted = false): BytesRead {
  const rel = safeRelative(root, p);
  if (rel === null || rel === '' || (!trusted && !noLinks(root, rel))) return { skipped: 'outside' };
  const abs = path.join(root, rel);
  let buf: Buffer;
  let st: fs.Stats;
  try {
    const fd = fs.openSync(abs, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
    try {
      st = fs.fstatSync(fd);
      buf = fs.readFileSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return { skipped: 'missing' };
  }
  if (isBinary(buf)) return { skipped: 'binary' };
  return { bytes: buf, size: st.size, mtimeMs: st.mtimeMs };
}
