// path.resolve / path.normalize / path.join without their normalizing pass when the paths are already normal POSIX paths
// (nearly every path a compile database or a walk names). Node's pass is a loop over every character, which
// in a short run V8 is still interpreting costs ~50 k instructions a call; a regex test costs a few hundred.
import path from 'node:path';

/** A `.` or `..` segment, an empty one, or a trailing slash: what path.join and path.resolve would normalize away. */
export const UNNORMALIZED = /(^|\/)\.\.?(\/|$)|\/\/|\/$/;

const POSIX = path.sep === '/';

/** Absolute and already normal: returned as it is by path.normalize and path.resolve. */
export function normalAbsolute(p: string): boolean {
  return POSIX && p.length > 1 && p.charCodeAt(0) === 47 && !UNNORMALIZED.test(p);
}

/** path.normalize(p), the same string. */
export function normalizePath(p: string): string {
  return normalAbsolute(p) ? p : path.normalize(p);
}

/** path.resolve(base, p), the same string (for an absolute `base`; a relative one is resolved by path.resolve). */
export function resolvePath(base: string, p: string): string {
  if (normalAbsolute(p)) return p;
  if (p !== '' && p.charCodeAt(0) !== 47 && normalAbsolute(base) && !UNNORMALIZED.test(p)) return `${base}/${p}`;
  return path.resolve(base, p);
}

/**
 * path.join(dir, rel), without its normalizing pass when both are already normal POSIX paths (rel relative):
 * status joins one per indexed file and per folder entry it walks. Same string as path.join.
 */
export function joinNormal(dir: string, rel: string): string {
  if (POSIX && rel !== '' && dir.length > 1 && rel.charCodeAt(0) !== 47 && !UNNORMALIZED.test(rel) && !UNNORMALIZED.test(dir)) return `${dir}/${rel}`;
  return path.join(dir, rel);
}
