// Paths as Windows IDEs (Keil µVision, IAR Embedded Workbench) write them in their projects — Windows separators,
// relative to the project file's folder, case as typed — made absolute on this machine: a path whose case differs
// from the files' (Windows does not mind) is found by comparing names without case, folder by folder. Paths on
// another drive (`C:\Keil_v5\ARM\...`) or going up past the root are no place here.
import path from 'node:path';
import { listEntries, pathKind } from './detect-inputs.js';

/** A Windows absolute path (`C:\x`, `\\server\share`) or one through a µVision variable (`$K\ARM\...`, `$(PackPath)`). */
const isForeignPath = (p: string): boolean => /^[A-Za-z]:|^\\\\|^\$/.test(p.trim());

/**
 * The absolute path of `written` (relative to `projectDir`) with each name's case as on disk when it is there;
 * undefined for a path on another drive or one going up past the root.
 */
export function ideProjectPath(projectDir: string, written: string): string | undefined {
  const p = written.trim().replace(/^"(.*)"$/, '$1');
  if (!p || isForeignPath(p)) return undefined;
  const rel = p.replace(/\\/g, '/');
  if (!path.isAbsolute(rel) && climbsPastRoot(projectDir, rel)) return undefined;
  const plain = path.resolve(projectDir, rel);
  if (pathKind(plain) !== 'none') return plain;
  return caseInsensitive(plain) ?? plain;
}

/**
 * ideProjectPath for one build's paths, each written path resolved once: a project names the same include folders
 * for every file (a build of 60 units × 130 folders stats 130 folders, not 7 800). Made per build, inside the
 * detection whose inputs it records.
 */
export function idePathResolver(projectDir: string): (written: string) => string | undefined {
  const known = new Map<string, string | undefined>();
  return (written) => {
    if (known.has(written)) return known.get(written);
    const abs = ideProjectPath(projectDir, written);
    known.set(written, abs);
    return abs;
  };
}

/** Whether `rel` goes up past the file system's root from `dir` (a path written on a machine whose folders are deeper). */
function climbsPastRoot(dir: string, rel: string): boolean {
  let depth = dir.split(path.sep).filter(Boolean).length;
  for (const part of rel.split('/')) {
    if (part === '..') depth--;
    else if (part && part !== '.') depth++;
    if (depth < 0) return true;
  }
  return false;
}

/** The existing path that matches `abs` but for case, resolved from its deepest existing folder, or undefined. */
function caseInsensitive(abs: string): string | undefined {
  const parts = abs.split(path.sep).filter(Boolean);
  let at = path.parse(abs).root;
  let i = 0;
  // The deepest folder that exists as written.
  while (i < parts.length && pathKind(path.join(at, parts[i])) !== 'none') at = path.join(at, parts[i++]);
  for (; i < parts.length; i++) {
    const want = parts[i].toLowerCase();
    const entry = listEntries(at)?.find((e) => e.name.toLowerCase() === want);
    if (!entry) return undefined;
    at = path.join(at, entry.name);
  }
  return at;
}
