// Finds C/C++ sources under the project paths that no build compiles and that are newer than the compile
// database: files added since the last build. SDK trees (vendor folders) and build folders are not walked.
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_VENDOR_DIRS, isUnderAny, storedPath } from '../indexer/vendor-paths.js';
import type { ProjectConfig } from '../project/config.js';
import { joinNormal } from '../model/plain-path.js';
import { isCFamilySource } from '../model/source-suffixes.js';

const SKIP_DIRS = new Set(['.git', '.fw-context', 'node_modules', '.pio', '.svn', '.hg', 'dist', 'BUILD', 'cmake_build']);
const MAX_ENTRIES = 50_000;

export function uncoveredSources(root: string, config: ProjectConfig, covered: Set<string>, newerThanMs: number, buildDirs: string[]): string[] {
  const out: string[] = [];
  const excluded = [...config.excludePaths, ...config.vendorPaths];
  const starts = config.projectPaths.length ? config.projectPaths.map((p) => path.resolve(root, p)) : [root];
  let seen = 0;
  const walk = (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (++seen > MAX_ENTRIES) return;
      if (e.isDirectory()) {
        if (SKIP_DIRS.has(e.name) || /^build/i.test(e.name) && dir === root) continue;
        if (DEFAULT_VENDOR_DIRS.includes(e.name) && !config.projectPaths.length) continue;
        const p = joinNormal(dir, e.name);
        if (buildDirs.includes(p) || isUnderAny(root, p, excluded)) continue;
        walk(p);
      } else if (e.isFile() && isCFamilySource(e.name)) {
        const p = joinNormal(dir, e.name);
        if (covered.has(p)) continue;
        try {
          if (fs.statSync(p).mtimeMs > newerThanMs) out.push(storedPath(root, p));
        } catch {
          /* vanished */
        }
      }
    }
  };
  for (const s of starts) walk(s);
  return out.sort();
}
