// Small, never-throwing file-system helpers shared by the adapters (existence checks, safe reads, display
// names of build folders). What they read is recorded for the detection cache (detect-inputs.ts). No
// globbing here: the build search is discover-build-dirs.ts.
import path from 'node:path';
import { listEntries, listSubfolders, pathKind, readDetectedText, realPathOf } from './detect-inputs.js';

export function isDir(p: string): boolean {
  return pathKind(p) === 'dir';
}

export function isFile(p: string): boolean {
  return pathKind(p) === 'file';
}

/** True when something (file or folder) is at `p`. */
export function exists(p: string): boolean {
  return pathKind(p) !== 'none';
}

/** The file's text, or undefined when it cannot be read. */
export function readText(p: string): string | undefined {
  return readDetectedText(p);
}

/** Sub-folders of `dir` (names), sorted; [] when unreadable. Only they are recorded: a file added beside them is no change. */
export function listDirs(dir: string): string[] {
  return (listSubfolders(dir) ?? []).map((e) => e.name).sort();
}

/** Names of the entries of `dir`; [] when unreadable. */
export function listNames(dir: string): string[] {
  return (listEntries(dir) ?? []).map((e) => e.name);
}

/** The first path of `candidates` that is a file. */
export function firstFile(candidates: string[]): string | undefined {
  return candidates.find(isFile);
}

export function isExcluded(p: string, excluded: string[] = []): boolean {
  return excluded.some((e) => p === e || p.startsWith(e + path.sep));
}

/** The real path of `p` (symlinks resolved), or `p` itself when it cannot be resolved. */
export function realDir(p: string): string {
  return realPathOf(p) ?? p;
}

/**
 * A build folder's display name: its path below the root (as the user reaches it, through links) without a
 * leading `build`/`out/build`, joined with `-`; a folder outside the root is named by its last component.
 */
export function folderVariantName(projectRoot: string, dir: string): string {
  if (path.resolve(dir) === path.resolve(projectRoot)) return path.basename(projectRoot) || 'default';
  let rel = path.relative(projectRoot, dir).split(path.sep);
  if (rel[0] === '..') return path.basename(dir);
  if (rel[0] === 'out' && rel[1] === 'build' && rel.length > 2) rel = rel.slice(2);
  else if (rel.length > 1 && /^build$/i.test(rel[0])) rel = rel.slice(1);
  return rel.join('-');
}

/**
 * A variant of an IDE project file's target or configuration (`name`): the name alone when the tree holds one IDE
 * project (µVision or IAR), else after the project's folder (as folderVariantName), and its file's name when its
 * folder holds several.
 */
export function ideVariantName(projectRoot: string, projectFiles: readonly string[], projectFile: string, name: string): string {
  if (projectFiles.length < 2) return name;
  const dir = path.dirname(projectFile);
  const siblings = projectFiles.filter((f) => path.dirname(f) === dir).length;
  const stem = path.basename(projectFile).replace(/\.[^.]+$/, '');
  return `${folderVariantName(projectRoot, dir)}${siblings > 1 ? `-${stem}` : ''}-${name}`;
}

/** Path relative to the root for messages (`.` for the root). */
export function relPath(projectRoot: string, p: string): string {
  return path.relative(projectRoot, p) || '.';
}
