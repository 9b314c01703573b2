// The code stamps of what runs keep beside the index (implicit macros, macro blankings, table digests, skeletons,
// parsed definitions, language sites, the names walks read, assembler macros) name every module the making runs: each module a listed module imports (for
// its values, not its types) is listed, or is one known to decide nothing of what is kept. A module a list missed (compile-args.js
// reading its flags from a table of its own, blank-macros.js asking wrapper-macros.js what a wrapper macro writes,
// group-macro-records.js taking a group's records by name from group-values.js) would keep what older code made.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLANKING_MODULES, DIGEST_MODULES } from '../../src/indexer/kept-blankings.js';
import { DECIDING_MODULES } from '../../src/indexer/kept-builtins.js';
import { SITES_MODULES } from '../../src/indexer/language-sites-file.js';
import { SCANNING_MODULES } from '../../src/indexer/stored-skeletons.js';
import { READS_MODULES } from '../../src/indexer/unit-reads.js';
import { ASSEMBLER_MODULES } from '../../src/indexer/kept-assembler-macros.js';
import { PARSING_MODULES } from '../../src/preprocessor/parsed-defines.js';

const SRC = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'src');
const INDEXER = path.join(SRC, 'indexer');
const PREPROCESSOR = path.join(SRC, 'preprocessor');

/** Hashing and state files: imported by the keepers themselves (named from the indexer's folder). */
const INFRASTRUCTURE = ['../model/sha1.js', '../model/module-stamps.js', '../model/replace-file.js', '../project/config.js', 'build-state-files.js'];
/**
 * What a walk's `tested` pairs are made with (tested-pairs.js): own-strings.js copies a name's string, tested-items.js
 * notes each pair's JSON for the writer, match-ahead.js finds a name's record in the list before; none decides a pair.
 */
const TESTED_PAIRS = ['../model/own-strings.js', '../model/tested-items.js', '../model/match-ahead.js'];

interface StampList {
  /** The name of the list in the code, as moduleStamps is called with it. */
  name: string;
  modules: readonly string[];
  /** The folder the list names its modules from. */
  folder: string;
  decidingNothing: string[];
}

const LISTS: StampList[] = [
  // The search chain is set up beside the macros, from other fields of the command line.
  { name: 'DECIDING_MODULES', modules: DECIDING_MODULES, folder: INDEXER, decidingNothing: [...INFRASTRUCTURE, ...TESTED_PAIRS, '../preprocessor/include-resolver.js'] },
  // language-macros.js blanks a set's records through blank-macros.js (all of them, or those of files outside a
  // scope); it imports these for which records a set holds and the table that expands them, not for their blanking.
  {
    name: 'BLANKING_MODULES',
    modules: BLANKING_MODULES,
    folder: INDEXER,
    decidingNothing: [...INFRASTRUCTURE, '../preprocessor/build-macro-table.js', 'language-sites-file.js', 'group-macro-records.js', '../preprocessor/unit-result.js', 'vendor-paths.js'],
  },
  // A table's digest names its records and builtins, not their blanking (blank-macros.js and the compiler keywords
  // blanked with the records, compiler-keywords.js: kept apart, stamped by BLANKING_MODULES). unit-result.js is read for the #define lines of the results in the layout that made them:
  // the results are named by their content hashes (resultsStamp). The search chain as for DECIDING_MODULES.
  {
    name: 'DIGEST_MODULES',
    modules: DIGEST_MODULES,
    folder: INDEXER,
    decidingNothing: [...INFRASTRUCTURE, ...TESTED_PAIRS, '../preprocessor/include-resolver.js', 'blank-macros.js', 'compiler-keywords.js', '../preprocessor/unit-result.js'],
  },
  // A build's sites are counted from its results' files and views (named by their content hashes, resultsStamp);
  // language-macros.js imports the others for the macro sets it makes from the sites, not for counting them.
  {
    name: 'SITES_MODULES',
    modules: SITES_MODULES,
    folder: INDEXER,
    decidingNothing: [...INFRASTRUCTURE, '../preprocessor/build-macro-table.js', 'group-macro-records.js', '../preprocessor/unit-result.js', 'blank-macros.js', 'compiler-keywords.js'],
  },
  // The names a walk read are noted as it reads them; own-strings.js copies a name's string, unit-reads.js keeps the
  // names in state files; weighed-cache.js holds values already worked out (fixed-values.js), each as worked out;
  // tested-items.js notes the JSON of a walk's tested pairs, match-ahead.js finds a name's record in the list before,
  // walked-name-ids.js a name's index in the run's table of walked names.
  {
    name: 'READS_MODULES',
    modules: READS_MODULES,
    folder: PREPROCESSOR,
    decidingNothing: ['../model/sha1.js', '../model/own-strings.js', '../model/weighed-cache.js', '../model/module-stamps.js', '../indexer/build-state-files.js', '../model/tested-items.js', '../model/match-ahead.js', '../indexer/walked-name-ids.js'],
  },
  // The assembler macros are read from the masked texts of the files (named by their activity keys); own-strings.js
  // copies parts of a text as they are.
  { name: 'ASSEMBLER_MODULES', modules: ASSEMBLER_MODULES, folder: INDEXER, decidingNothing: [...INFRASTRUCTURE, '../model/own-strings.js'] },
  // own-strings.js copies the parts cut from a file's text, their values as they were.
  { name: 'SCANNING_MODULES', modules: SCANNING_MODULES, folder: PREPROCESSOR, decidingNothing: ['../model/sha1.js', '../model/own-strings.js'] },
  { name: 'PARSING_MODULES', modules: PARSING_MODULES, folder: PREPROCESSOR, decidingNothing: ['../model/sha1.js', '../model/module-stamps.js', '../model/replace-file.js'] },
];

/** The modules `module` imports for their values, named from `folder` as the lists name them. */
function valueImports(folder: string, module: string): string[] {
  const file = path.join(folder, module.replace(/\.js$/, '.ts'));
  const text = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'(\.{1,2}\/[^']+)'/gm)) {
    // `import { type A, type B } from` brings types only.
    const names = /\{([^}]*)\}/.exec(m[0])?.[1].split(',').map((n) => n.trim()).filter(Boolean);
    if (names?.every((n) => n.startsWith('type '))) continue;
    out.push(path.relative(folder, path.resolve(path.dirname(file), m[1])));
  }
  return out;
}

/** What the lists miss: each import of a listed module neither listed nor known to decide nothing. */
function missing({ modules, folder, decidingNothing }: Pick<StampList, 'modules' | 'folder' | 'decidingNothing'>): string[] {
  const listed = new Set(modules.map((m) => path.normalize(m)));
  const known = new Set(decidingNothing.map((m) => path.normalize(m)));
  return modules.flatMap((m) => valueImports(folder, m).filter((i) => !listed.has(i) && !known.has(i)).map((i) => `${m} imports ${i}`));
}

/** The names of the lists the sources stamp kept state with (`moduleStamps(folder, NAME)`). */
function stampedLists(): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(SRC, { recursive: true, encoding: 'utf8' })) {
    // The stamping functions themselves (module-stamps.ts) name no list.
    if (!entry.endsWith('.ts') || entry === path.join('model', 'module-stamps.ts')) continue;
    const text = fs.readFileSync(path.join(SRC, entry), 'utf8');
    for (const m of text.matchAll(/\bmodule(?:Stamps|CodeStamp)\(([^;]*?),\s*([A-Za-z_$][\w$]*)\s*\)/g)) out.push(m[2]);
  }
  return [...new Set(out)].sort();
}

describe('the modules named by the code stamp of kept', () => {
  for (const list of LISTS) {
    it(`${list.name}: list what the listed modules import, but for modules deciding nothing of them`, () => {
      expect(missing(list)).toEqual([]);
    });

    it(`${list.name}: every listed module is there (a missing one stamps nothing of what it decides)`, () => {
      expect(list.modules.filter((m) => !fs.existsSync(path.join(list.folder, m.replace(/\.js$/, '.ts'))))).toEqual([]);
    });

    it(`${list.name}: every module named as deciding nothing is imported by a listed one`, () => {
      const imported = new Set(list.modules.flatMap((m) => valueImports(list.folder, m)));
      expect(list.decidingNothing.filter((m) => !imported.has(path.normalize(m)) && !INFRASTRUCTURE.includes(m))).toEqual([]);
    });
  }

  it('every list the sources stamp kept state with is checked here', () => {
    expect(stampedLists()).toEqual(LISTS.map((l) => l.name).sort());
  });

  it('a list missing a module its modules import for their values fails', () => {
    // DIGEST_MODULES before group-values.js (group-macro-records.js takes a group's records by name from it) was listed.
    const without = DIGEST_MODULES.filter((m) => m !== 'group-values.js');
    expect(missing({ modules: without, folder: INDEXER, decidingNothing: [] })).toContain('group-macro-records.js imports group-values.js');
    expect(missing({ modules: without, folder: INDEXER, decidingNothing: LISTS[2].decidingNothing })).toEqual(['group-macro-records.js imports group-values.js']);
  });
});
