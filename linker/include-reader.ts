// Where ld looks for an INCLUDEd script, and a ReadInclude built from a plain file reader.
// It reads nothing by itself: the caller's readFile decides which files are visible.
import path from 'node:path';
import type { IncludeResult, ReadInclude } from './types.js';

/** Folders searched for `INCLUDE name` from `fromFile`: its folder, then `-L` paths, then SEARCH_DIRs. */
export function includeSearchDirs(fromFile: string, libraryPaths: string[], scriptSearchDirs: string[]): string[] {
  const dirs = [path.dirname(fromFile), ...libraryPaths, ...scriptSearchDirs];
  return [...new Set(dirs)];
}

/** A ReadInclude that tries an absolute name as is, else each search folder in order. */
export function createIncludeReader(readFile: (file: string) => string | undefined): ReadInclude {
  return (name: string, _fromFile: string, searchDirs: string[]): IncludeResult | undefined => {
    const candidates = path.isAbsolute(name) ? [name] : searchDirs.map((d) => path.join(d, name));
    for (const file of candidates) {
      const text = readFile(file);
      if (text !== undefined) return { file, text };
    }
    return undefined;
  };
}
