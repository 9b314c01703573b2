// The macros a build blanks are kept beside the index (kept-blankings.ts), keyed by the digest of their set's table:
// a patch whose sets hold the same records works none out, one whose records changed works out those sets again,
// and the files' parses are those of a from-scratch index either way.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { KeptBlankings } from '../../src/indexer/kept-blankings.js';
import { readChecksummed, writeChecksummed } from '../../src/indexer/build-state-files.js';
import { blankableMacros, blankingWork } from '../../src/indexer/blank-macros.js';
import { macroSetOf } from '../../src/indexer/language-macros.js';
import type { MacroRecord } from '../../src/preprocessor/api.js';
import { indexPath, STATE_DIR } from '../../src/project/config.js';
import { indexedFixture, tempDir } from '../helpers/fixture-project.js';
import { removeIndexFiles } from '../helpers/remove-index.js';

/** Each file of the build with the parse and activity its rows name. */
function parses(root: string): string[] {
  const db = new Database(indexPath(root), { readonly: true });
  try {
    const rows = db.prepare('SELECT f.path, p.mask_hash, p.language, bf.activity FROM build_files bf JOIN parsed_files p ON p.id = bf.parsed_id JOIN files f ON f.id = p.file_id').raw().all();
    return rows.map((r) => JSON.stringify(r)).sort();
  } finally {
    db.close();
  }
}

/** The parses of the tree as it stands indexed from scratch. */
async function fromScratch(root: string): Promise<string[]> {
  removeIndexFiles(root);
  fs.rmSync(path.join(root, STATE_DIR, 'blanked-macros'), { recursive: true, force: true });
  await indexProject({ root });
  return parses(root);
}

const record = (name: string, value: string, line: number, params: string | null = null, file = 'inc/m.h'): MacroRecord => ({ name, params, value, functionLike: params !== null, file, line, expandedValue: null });

describe('blanked macros kept beside the index', () => {
  it('a .c edit after a full index works out no blanking and hashes none (kept with their hashes); the parses are those of a from-scratch index', async () => {
    const { root } = await indexedFixture(['index', 'mixed-languages']);
    fs.appendFileSync(path.join(root, 'src/calc.c'), '\nlong calc_kept(void) { return 1; }\n');
    const hashed = blankingWork.hashed;
    const r = await indexProject({ root });
    expect(r.builds[0]).toMatchObject({ patched: true, blankingsMade: 0 });
    expect(blankingWork.hashed - hashed).toBe(0);
    const patched = parses(root);
    expect(await fromScratch(root)).toEqual(patched);
  });

  it('a #define added to a header: the sets whose records changed are worked out again, then kept', async () => {
    const { root } = await indexedFixture(['index', 'mixed-languages']);
    const header = path.join(root, 'include/decls.h');
    fs.writeFileSync(header, fs.readFileSync(header, 'utf8').replace('#define BEGIN_DECLS\n', '#define BEGIN_DECLS\n#define C_ONLY_FLAG 1\n'));
    const r = await indexProject({ root });
    expect(r.builds[0].patched).toBe(true);
    expect(r.builds[0].blankingsMade).toBeGreaterThan(0);
    const patched = parses(root);
    fs.appendFileSync(path.join(root, 'src/calc.c'), '\nlong calc_after(void) { return 2; }\n');
    expect((await indexProject({ root })).builds[0]).toMatchObject({ patched: true, blankingsMade: 0 });
    expect(patched.length).toBeGreaterThan(0);
    const again = parses(root);
    expect(await fromScratch(root)).toEqual(again);
  });

  it('answers what blankableMacros makes, from a kept file as when worked out; a cut file keeps none', () => {
    const root = tempDir();
    const build = { variant: 'v', image: 'app' };
    const records = [record('WEAK', '__attribute__((weak))', 1), record('N', '4', 2), record('EMPTY_FN', '', 3, '(x)'), record('UNIT_ONLY', '', 1, null, 'src/u.c')];
    const scoped = new Set(['src/u.c']);
    const first = new KeptBlankings(root, build);
    const made = macroSetOf(records, scoped, undefined, first);
    const answers = [made.blankable, made.plainBlankable].map((b) => [[...b.objectLike].sort(), [...b.functionLike].sort()]);
    expect(first.made).toBe(2);
    first.save();
    const second = new KeptBlankings(root, build);
    const kept = macroSetOf(records, scoped, undefined, second);
    expect([kept.blankable, kept.plainBlankable].map((b) => [[...b.objectLike].sort(), [...b.functionLike].sort()])).toEqual(answers);
    expect(second.made).toBe(0);
    expect(answers[0]).toEqual([[...blankableMacros(records).objectLike].sort(), [...blankableMacros(records).functionLike].sort()]);
    expect(answers[1][0].map(([name]) => name)).not.toContain('UNIT_ONLY');
    // Other records: another key.
    const other = macroSetOf([...records, record('MORE', '', 4)], scoped, undefined, second);
    expect(other.blankable.objectLike.has('MORE')).toBe(true);
    expect(second.made).toBe(1);
    second.save();
    const file = path.join(root, STATE_DIR, 'blanked-macros', fs.readdirSync(path.join(root, STATE_DIR, 'blanked-macros'))[0]);
    // Sets made by other code (its modules' stamp differs) are worked out again.
    const saved = readChecksummed(file) as Record<string, unknown>;
    writeChecksummed(file, { ...saved, code: 'other code' });
    const upgraded = new KeptBlankings(root, build);
    void macroSetOf(records, scoped, undefined, upgraded).blankable;
    expect(upgraded.made).toBe(1);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').slice(0, 60));
    const third = new KeptBlankings(root, build);
    void macroSetOf(records, scoped, undefined, third).blankable;
    expect(third.made).toBe(1);
  });
});
