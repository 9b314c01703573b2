// The code stamp of kept implicit macros names every module their making runs: each module a listed module imports
// (for its values, not its types) is listed, or is one known to decide nothing of them. A module the list missed
// (compile-args.js reading its flags from a table of its own) would keep macros made by older code.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DECIDING_MODULES } from '../../src/indexer/kept-builtins.js';

const FOLDER = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'src', 'indexer');

/** Imported for what they do beside the macros: hashing, file state, the search chain. */
const DECIDING_NOTHING = ['../model/sha1.js', '../model/module-stamps.js', '../model/replace-file.js', '../project/config.js', 'build-state-files.js', '../preprocessor/include-resolver.js'];

/** The modules `module` imports for their values, named from FOLDER as the list names them. */
function valueImports(module: string): string[] {
  const file = path.join(FOLDER, module.replace(/\.js$/, '.ts'));
  const text = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'(\.{1,2}\/[^']+)'/gm)) {
    // `import { type A, type B } from` brings types only.
    const names = /\{([^}]*)\}/.exec(m[0])?.[1].split(',').map((n) => n.trim()).filter(Boolean);
    if (names?.every((n) => n.startsWith('type '))) continue;
    out.push(path.relative(FOLDER, path.resolve(path.dirname(file), m[1])));
  }
  return out;
}

describe('the modules deciding kept implicit macros', () => {
  it('list what the listed modules import, but for modules deciding nothing of them', () => {
    const listed = new Set(DECIDING_MODULES.map((m) => path.normalize(m)));
    const known = new Set(DECIDING_NOTHING.map((m) => path.normalize(m)));
    const missing = DECIDING_MODULES.flatMap((m) => valueImports(m).filter((i) => !listed.has(i) && !known.has(i)).map((i) => `${m} imports ${i}`));
    expect(missing).toEqual([]);
  });
});
