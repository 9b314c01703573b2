// A patch's implicit macros (unitBuiltins of every unit) are kept beside the index for the build's fingerprint
// (kept-builtins.ts), by the full index that worked them out too: a patch reads no unit's command line for them, and
// its tables are those the full index made.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { KeptBuiltins, pruneKeptBuiltins } from '../../src/indexer/kept-builtins.js';
import { BuildMacroTable } from '../../src/preprocessor/build-macro-table.js';
import { MacroDef } from '../../src/preprocessor/macro-definition.js';
import { parseDefines } from '../../src/preprocessor/parsed-defines.js';
import { indexedFixture, tempDir } from '../helpers/fixture-project.js';
import Database from 'better-sqlite3';
import { indexPath, STATE_DIR } from '../../src/project/config.js';
import { removeIndexFiles } from '../helpers/remove-index.js';

/** Each file of the build with its parse and activity, its symbols and calls. */
function rows(root: string): string[] {
  const db = new Database(indexPath(root), { readonly: true });
  try {
    const all = (sql: string) => db.prepare(sql).raw().all().map((r) => JSON.stringify(r));
    return [
      ...all('SELECT f.path, p.mask_hash, p.language, bf.activity FROM build_files bf JOIN parsed_files p ON p.id = bf.parsed_id JOIN files f ON f.id = p.file_id'),
      ...all('SELECT s.name, s.kind, s.line, s.signature FROM symbols s JOIN parse_chunks sc ON sc.chunk_id = s.chunk_id JOIN build_files bf ON bf.parsed_id = sc.parsed_id'),
      ...all('SELECT r.name, r.line, r.kind, r.caller FROM refs r JOIN parse_chunks rc ON rc.chunk_id = r.chunk_id JOIN build_files bf ON bf.parsed_id = rc.parsed_id'),
    ].sort();
  } finally {
    db.close();
  }
}

describe('implicit macros kept for a build fingerprint', () => {
  it('the full index keeps them: a patch takes them kept; one whose file is gone works them out; patched as before', async () => {
    const { root } = await indexedFixture(['index', 'mixed-languages']);
    const unit = path.join(root, 'src/calc.c');
    fs.appendFileSync(unit, '\nlong calc_one(void) { return 1; }\n');
    // The same builtins: the tables' digests, which key the kept blankings, are those of the full path's.
    expect((await indexProject({ root })).builds[0]).toMatchObject({ patched: true, builtinsMade: false, blankingsMade: 0 });
    fs.rmSync(path.join(root, STATE_DIR, 'builtin-sets'), { recursive: true });
    fs.appendFileSync(unit, '\nlong calc_two(void) { return 2; }\n');
    expect((await indexProject({ root })).builds[0]).toMatchObject({ patched: true, builtinsMade: true, blankingsMade: 0 });
    fs.appendFileSync(unit, '\nlong calc_three(void) { return 3; }\n');
    expect((await indexProject({ root })).builds[0]).toMatchObject({ patched: true, builtinsMade: false, blankingsMade: 0 });
    const patched = rows(root);
    removeIndexFiles(root);
    await indexProject({ root });
    expect(rows(root)).toEqual(patched);
  });

  it('answers the definitions made, as a table sees them, for the same fingerprint only', () => {
    const root = tempDir();
    const build = { variant: 'v', image: 'app' };
    const made = new Map(parseDefines('#define __ARM_ARCH 7\n#define __USER_LABEL_PREFIX__ \n#define __has_feature(x) 0\n').map((d) => [d.name, d]));
    expect(made.size).toBe(3);
    let calls = 0;
    const make = () => {
      calls++;
      return made;
    };
    const run = new KeptBuiltins(root);
    expect(run.of(build, 'f1', make)).toMatchObject({ made: true });
    const kept = new KeptBuiltins(root).of(build, 'f1', make);
    expect(kept.made).toBe(false);
    expect(calls).toBe(1);
    expect([...kept.builtins.keys()]).toEqual([...made.keys()]);
    expect(kept.builtins.get('__ARM_ARCH')).toBeInstanceOf(MacroDef);
    expect(new BuildMacroTable([], kept.builtins).digest).toBe(new BuildMacroTable([], made).digest);
    expect(new KeptBuiltins(root).of(build, 'f2', make).made).toBe(true);
    expect(calls).toBe(2);
  });

  it('builds with the same macros share one file of them: a run reads it once, and keeping them again writes nothing', () => {
    const root = tempDir();
    const images = ['blink', 'hello', 'uart'].map((image) => ({ variant: 'board', image }));
    const made = () => new Map(parseDefines('#define __ARM_ARCH 6\n#define __thumb__ 1\n').map((d) => [d.name, d]));
    const full = new KeptBuiltins(root);
    for (const [i, b] of images.entries()) full.keep(b, `print-${i}`, made());
    // One set file, and one file per build naming it.
    expect(fs.readdirSync(path.join(root, STATE_DIR, 'builtin-sets'))).toHaveLength(1);
    expect(full.files.written).toBe(1 + images.length);
    const patch = new KeptBuiltins(root);
    const answers = images.map((b, i) => patch.of(b, `print-${i}`, () => { throw new Error('kept: not made'); }));
    expect(answers.map((a) => a.made)).toEqual([false, false, false]);
    expect(patch.files).toEqual({ read: 1, written: 0 });
    for (const [i, b] of images.entries()) patch.keep(b, `print-${i}`, made());
    expect(patch.files.written).toBe(0);
    // A build the index no longer holds goes with its file; the set stays while a build names it, then goes.
    pruneKeptBuiltins(root, images.slice(0, 1));
    expect(fs.readdirSync(path.join(root, STATE_DIR, 'build-builtins'))).toHaveLength(1);
    expect(fs.readdirSync(path.join(root, STATE_DIR, 'builtin-sets'))).toHaveLength(1);
    pruneKeptBuiltins(root, []);
    expect(fs.readdirSync(path.join(root, STATE_DIR, 'builtin-sets'))).toHaveLength(0);
  });

  it('a run that patches no build (a first index) writes the sets it keeps, once each, and holds none of them', () => {
    const root = tempDir();
    const images = ['blink', 'hello'].map((image) => ({ variant: 'board', image }));
    const made = () => new Map(parseDefines('#define __ARM_ARCH 6\n#define __thumb__ 1\n').map((d) => [d.name, d]));
    const first = new KeptBuiltins(root, false);
    for (const [i, b] of images.entries()) first.keep(b, `print-${i}`, made());
    expect(first.files).toEqual({ read: 0, written: 1 + images.length });
    // Asked anyway, the set comes from its file: the run held no copy of it.
    const answer = first.of(images[0], 'print-0', () => { throw new Error('kept: not made'); });
    expect(answer.made).toBe(false);
    expect([...answer.builtins.keys()]).toEqual(['__ARM_ARCH', '__thumb__']);
    expect(first.files.read).toBe(1);
  });

  it('a set file that is cut is made again and written again', () => {
    const root = tempDir();
    const build = { variant: 'v', image: 'app' };
    const made = () => new Map(parseDefines('#define __ARM_ARCH 7\n').map((d) => [d.name, d]));
    new KeptBuiltins(root).keep(build, 'f', made());
    const folder = path.join(root, STATE_DIR, 'builtin-sets');
    const [name] = fs.readdirSync(folder);
    fs.writeFileSync(path.join(folder, name), fs.readFileSync(path.join(folder, name)).subarray(0, 50));
    const run = new KeptBuiltins(root);
    expect(run.of(build, 'f', made).made).toBe(true);
    expect(run.files).toEqual({ read: 0, written: 1 });
    expect(new KeptBuiltins(root).of(build, 'f', made).made).toBe(false);
  });
});
