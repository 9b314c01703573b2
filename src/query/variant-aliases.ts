// Other names a query may give a build by: its board, the board without qualifiers (`qemu_cortex_m3` for
// `qemu_cortex_m3/ti_lm3s6965`), or its build folder (relative to the project root, absolute, or its last
// component). Used only when no variant has that exact name; the caller refuses when several variants match.
import fs from 'node:fs';
import path from 'node:path';
import type { BuildRow } from '../index/index-reader.js';

export interface AliasMatch {
  variant: string;
  /** What the name matched: `board`, `board without qualifiers` or `build folder`. */
  via: string;
}

function realOrSame(p: string): string {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return p;
  }
}

/** Variants `name` names through an alias, one entry per variant (the first way it matched). */
export function variantsByAlias(builds: BuildRow[], name: string, root?: string): AliasMatch[] {
  const wanted = name.replace(/[\\/]+$/, '');
  const asPath = root ? realOrSame(path.resolve(root, wanted)) : undefined;
  const out = new Map<string, string>();
  for (const b of builds) {
    let via: string | undefined;
    if (b.board && b.board.toLowerCase() === wanted.toLowerCase()) via = 'board';
    else if (b.board && b.board.split('/')[0].toLowerCase() === wanted.toLowerCase()) via = 'board without qualifiers';
    else if (b.buildDir === asPath || (root && path.relative(root, b.buildDir).split(path.sep).join('/') === wanted) || path.basename(b.buildDir) === wanted) via = 'build folder';
    if (via && !out.has(b.variant)) out.set(b.variant, via);
  }
  return [...out].map(([variant, via]) => ({ variant, via }));
}
