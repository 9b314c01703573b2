// scope.globs of find: gitignore-style globs over project-relative paths. A glob without "/" matches a name
// at any depth, one with "/" is anchored at the root, "**" crosses folders, a folder's glob covers what is
// under it, "!" excludes. The last glob that matches a path decides; with any including glob, a path no
// glob matches is out (as ripgrep's --glob).
import type Picomatch from 'picomatch';
import { requirePackage } from '../model/require-package.js';

const picomatch = requirePackage('picomatch') as typeof Picomatch;

export type PathScope = (path: string) => boolean;

interface Rule {
  negated: boolean;
  test: (path: string) => boolean;
}

function ruleOf(glob: string): Rule {
  let g = glob.trim();
  const negated = g.startsWith('!');
  if (negated) g = g.slice(1);
  g = g.replace(/\/+$/, '');
  const anchored = g.includes('/');
  if (g.startsWith('/')) g = g.slice(1);
  const isMatch = picomatch(g, { dot: true });
  // A path is matched when it, or one of the folders above it, matches the glob.
  const test = (path: string) => {
    const parts = path.split('/');
    for (let k = parts.length; k >= 1; k--) {
      if (anchored ? isMatch(parts.slice(0, k).join('/')) : isMatch(parts[k - 1])) return true;
    }
    return false;
  };
  return { negated, test };
}

/** The scope the globs describe; every path when there are none. Throws on an empty glob. */
export function pathScope(globs: string[] | undefined): PathScope {
  const rules = (globs ?? []).map((g) => {
    if (!g.trim() || g.trim() === '!') throw new Error(`empty glob in scope.globs: "${g}"`);
    return ruleOf(g);
  });
  if (rules.length === 0) return () => true;
  const anyInclude = rules.some((r) => !r.negated);
  return (path) => {
    for (let i = rules.length - 1; i >= 0; i--) if (rules[i].test(path)) return !rules[i].negated;
    return !anyInclude;
  };
}
