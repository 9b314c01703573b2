// Small, never-throwing file-system helpers shared by the adapters (existence checks, safe reads,
// the folders a build may live in). No caching and no globbing here.
import fs from 'node:fs';
import path from 'node:path';

export function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

export function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

/** The file's text, or undefined when it cannot be read. */
export function readText(p: string): string | undefined {
  try {
    return fs.readFileSync(p, 'utf8');
  } catch {
    return undefined;
  }
}

/** Sub-folders of `dir` (names), sorted; [] when unreadable. */
export function listDirs(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}

/** The first path of `candidates` that is a file. */
export function firstFile(candidates: string[]): string | undefined {
  return candidates.find(isFile);
}

export function isExcluded(p: string, excluded: string[] = []): boolean {
  return excluded.some((e) => p === e || p.startsWith(e + path.sep));
}

/**
 * Folders a build may live in: the root, `build*` folders and their sub-folders down to `depth` levels
 * (CMake presets nest `build/<preset>/<config>`), and `out/build/*` (Visual Studio's preset layout).
 */
export function candidateBuildDirs(projectRoot: string, excluded: string[] = [], depth = 2): string[] {
  const out: string[] = [];
  const add = (d: string) => {
    if (!isExcluded(d, excluded)) out.push(d);
  };
  add(projectRoot);
  const walk = (dir: string, level: number) => {
    add(dir);
    if (level >= depth) return;
    for (const sub of listDirs(dir)) {
      if (sub.startsWith('.') || sub === 'CMakeFiles') continue;
      walk(path.join(dir, sub), level + 1);
    }
  };
  for (const name of listDirs(projectRoot)) {
    if (/^build/i.test(name)) walk(path.join(projectRoot, name), 1);
  }
  const outBuild = path.join(projectRoot, 'out', 'build');
  for (const name of listDirs(outBuild)) walk(path.join(outBuild, name), 2);
  return [...new Set(out)];
}

/** A build folder's display name: its path below the root without a leading `build`/`out/build`, joined with `-`. */
export function folderVariantName(projectRoot: string, dir: string): string {
  if (path.resolve(dir) === path.resolve(projectRoot)) return path.basename(projectRoot) || 'default';
  let rel = path.relative(projectRoot, dir).split(path.sep);
  if (rel[0] === 'out' && rel[1] === 'build' && rel.length > 2) rel = rel.slice(2);
  else if (rel.length > 1 && /^build$/i.test(rel[0])) rel = rel.slice(1);
  return rel.join('-');
}

/** Path relative to the root for messages (`.` for the root). */
export function relPath(projectRoot: string, p: string): string {
  return path.relative(projectRoot, p) || '.';
}
