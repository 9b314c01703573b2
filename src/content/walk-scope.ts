// What the project walk of the content index and of find leaves out besides hidden and ignored paths: the
// build folders of the indexed builds (objects, dependency files, copies of the build's inputs), except the
// files some build reads there (generated headers such as Zephyr's autoconf.h, a generated linker script),
// and object files, archives and ELF images wherever they are; and the config's [index] exclude_paths, with no
// file kept. A file some build reads is kept even where hidden or ignored (a .gitignore'd build folder, PlatformIO's
// .pio/libdeps): the build compiles it. In-source builds (no unit outside the build folder) and a build folder that
// is the project root are walked as any folder.
import path from 'node:path';
import type { IndexedBuildFolders } from '../index/content-index-reader.js';

export interface WalkScope {
  /** Folders (or files) not walked (project-relative POSIX, no trailing slash): build folders and excluded paths. */
  skipped: string[];
  /**
   * Files some build reads (project-relative POSIX, sorted), none excluded: listed under a skipped build folder, and
   * listed where hidden or ignored.
   */
  kept: string[];
  /** `kept` as a set. */
  keptSet: ReadonlySet<string>;
}

export const NO_SCOPE: WalkScope = { skipped: [], kept: [], keptSet: new Set() };

/** Objects, archives, shared libraries and linked images: never text a search wants, never read. */
const OBJECT_FILE = /\.(o|obj|a|lib|so|dll|elf|axf)$/i;

export function isObjectFile(name: string): boolean {
  return OBJECT_FILE.test(name);
}

function projectRelative(root: string, file: string): string | null {
  const rel = path.relative(root, file);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep).join('/');
}

/**
 * The config's exclude_paths under the root as project-relative paths, as the indexer reads them (a relative
 * entry is a path from the root, `./` and a trailing `/` aside; an absolute one outside the root names nothing here).
 */
export function excludedUnderRoot(root: string, excludePaths: string[]): string[] {
  const out: string[] = [];
  for (const p of excludePaths) {
    const rel = path.isAbsolute(p) ? projectRelative(root, p) : p.replace(/\\/g, '/').replace(/^(\.\/)+/, '').replace(/\/+$/, '');
    if (rel && rel !== '.' && !rel.startsWith('../')) out.push(rel);
  }
  return out;
}

/**
 * The scope of a project's walk: the folders of its out-of-source builds under the root, and the files some
 * build reads (`read`, project-relative; those outside the root left out); the config's exclude_paths (`excludePaths`, as in
 * the config) are skipped with nothing kept, as the indexer leaves out every file under them.
 */
export function walkScopeOf(root: string, { builds, read }: IndexedBuildFolders, excludePaths: string[] = []): WalkScope {
  const excluded = excludedUnderRoot(root, excludePaths);
  const skipped = new Set<string>(excluded);
  for (const b of builds) {
    const dir = projectRelative(root, b.buildDir);
    if (!dir) continue;
    const prefix = path.resolve(b.buildDir) + path.sep;
    if (b.units.length && b.units.every((u) => path.resolve(u).startsWith(prefix))) continue;
    skipped.add(dir);
  }
  // A build folder inside another one is covered by it.
  const folders = [...skipped].sort().filter((d, i, all) => !all.slice(0, i).some((o) => d.startsWith(o + '/')));
  const isExcluded = (p: string) => excluded.some((d) => p === d || p.startsWith(d + '/'));
  const kept = [...read].filter((p) => p && !p.startsWith('../') && !path.isAbsolute(p) && !isExcluded(p)).sort();
  return { skipped: folders, kept, keptSet: new Set(kept) };
}

/** The skipped folder holding `rel` (or equal to it), if any. */
export function skippedFolderOf(scope: WalkScope, rel: string): string | undefined {
  return scope.skipped.find((d) => rel === d || rel.startsWith(d + '/'));
}

/** Kept files under the folder `rel` ('' for all). */
export function keptUnder(scope: WalkScope, rel: string): string[] {
  return rel ? scope.kept.filter((p) => p.startsWith(rel + '/')) : scope.kept;
}

/** Whether the walk lists the file `rel` as far as the scope goes (ignore rules aside). */
export function scopeAdmits(scope: WalkScope, rel: string): boolean {
  if (isObjectFile(rel)) return false;
  return skippedFolderOf(scope, rel) === undefined || scope.keptSet.has(rel);
}
