// The code stamps of what runs keep beside the index (implicit macros, macro blankings) name every module the making
// runs: each module a listed module imports (for its values, not its types) is listed, or is one known to decide
// nothing of what is kept. A module a list missed (compile-args.js reading its flags from a table of its own,
// blank-macros.js asking wrapper-macros.js what a wrapper macro writes) would keep what older code made.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLANKING_MODULES } from '../../src/indexer/kept-blankings.js';
import { DECIDING_MODULES } from '../../src/indexer/kept-builtins.js';

const FOLDER = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'src', 'indexer');

/** Hashing and state files: imported by the keepers themselves. */
const INFRASTRUCTURE = ['../model/sha1.js', '../model/module-stamps.js', '../model/replace-file.js', '../project/config.js', 'build-state-files.js'];

const LISTS: { name: string; modules: readonly string[]; decidingNothing: string[] }[] = [
  // The search chain is set up beside the macros, from other fields of the command line.
  { name: 'implicit macros', modules: DECIDING_MODULES, decidingNothing: [...INFRASTRUCTURE, '../preprocessor/include-resolver.js'] },
  // language-macros.js blanks a set's records through blank-macros.js (all of them, or those of files outside a
  // scope); it imports these for which records a set holds and the table that expands them, not for their blanking.
  {
    name: 'macro blankings',
    modules: BLANKING_MODULES,
    decidingNothing: [...INFRASTRUCTURE, '../preprocessor/build-macro-table.js', 'language-sites-file.js', 'group-macro-records.js', '../preprocessor/unit-result.js', 'vendor-paths.js'],
  },
];

/** The modules `module` imports for their values, named from FOLDER as the lists name them. */
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

describe('the modules named by the code stamp of kept', () => {
  for (const { name, modules, decidingNothing } of LISTS) {
    it(`${name}: list what the listed modules import, but for modules deciding nothing of them`, () => {
      const listed = new Set(modules.map((m) => path.normalize(m)));
      const known = new Set(decidingNothing.map((m) => path.normalize(m)));
      const missing = modules.flatMap((m) => valueImports(m).filter((i) => !listed.has(i) && !known.has(i)).map((i) => `${m} imports ${i}`));
      expect(missing).toEqual([]);
    });
  }
});
