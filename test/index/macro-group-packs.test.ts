// A build's macro groups packed into one file (macro-group-packs.ts): a patch of a build whose groups hold reads it
// instead of a file per group; a new set of groups gets its pack, a cut pack is read past, and at most MAX_PACKS stay.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { groupsStamp, KeptMacroGroups } from '../../src/indexer/build-macros-file.js';
import { MAX_PACKS, prunePacks } from '../../src/indexer/macro-group-packs.js';
import { openIndexForUpdate } from '../../src/index/open-index.js';
import { IndexWriter, type MacroGroup } from '../../src/index/index-writer.js';
import { indexPath, STATE_DIR } from '../../src/project/config.js';
import { indexedFixture, tempDir } from '../helpers/fixture-project.js';

const packFolder = (root: string) => path.join(root, STATE_DIR, 'macro-group-packs');

/** The pack file the build's groups name (the fixture has one build). */
function packOfBuild(root: string): string {
  const db = openIndexForUpdate(indexPath(root))!;
  try {
    const { variant, image } = db.prepare('SELECT variant, image FROM builds').get() as { variant: string; image: string };
    return `${groupsStamp(new IndexWriter(db).buildMacroGroupHashes(variant, image))}.v8`;
  } finally {
    db.close();
  }
}

describe('macro group packs', () => {
  it('a full index keeps the build\'s pack; a .c edit takes its groups from it: no group file, no macro row', async () => {
    const { root } = await indexedFixture(['index', 'mixed-languages']);
    expect(fs.readdirSync(packFolder(root))).toEqual([packOfBuild(root)]);
    fs.appendFileSync(path.join(root, 'src/calc.c'), '\nlong calc_packed(void) { return 1; }\n');
    const r = await indexProject({ root });
    expect(r.builds[0]).toMatchObject({ patched: true, macroRowsRead: 0 });
    expect(r.macroGroupFiles).toEqual({ read: 0, written: 0 });
  });

  it('a #define added: the new groups\' pack is written, and the next patch reads it alone', async () => {
    const { root } = await indexedFixture(['index', 'mixed-languages']);
    const before = packOfBuild(root);
    const header = path.join(root, 'include/decls.h');
    fs.writeFileSync(header, fs.readFileSync(header, 'utf8').replace('#define BEGIN_DECLS\n', '#define BEGIN_DECLS\n#define C_ONLY_FLAG 1\n'));
    expect((await indexProject({ root })).builds[0]).toMatchObject({ patched: true, macroRowsRead: 0 });
    const after = packOfBuild(root);
    expect(after).not.toBe(before);
    expect(fs.readdirSync(packFolder(root))).toContain(after);
    fs.appendFileSync(path.join(root, 'src/calc.c'), '\nlong calc_after_define(void) { return 2; }\n');
    const r = await indexProject({ root });
    expect(r.builds[0]).toMatchObject({ patched: true, macroRowsRead: 0 });
    expect(r.macroGroupFiles.read).toBe(0);
  });

  it('a cut pack is read past (the group files answer), then written whole again', async () => {
    const { root } = await indexedFixture(['index', 'mixed-languages']);
    const file = path.join(packFolder(root), packOfBuild(root));
    fs.writeFileSync(file, fs.readFileSync(file).subarray(0, 60));
    const unit = path.join(root, 'src/calc.c');
    fs.appendFileSync(unit, '\nlong calc_cut_one(void) { return 1; }\n');
    const r = await indexProject({ root });
    expect(r.builds[0]).toMatchObject({ patched: true, macroRowsRead: 0 });
    expect(r.macroGroupFiles.read).toBeGreaterThan(0);
    fs.appendFileSync(unit, '\nlong calc_cut_two(void) { return 2; }\n');
    const again = await indexProject({ root });
    expect(again.builds[0]).toMatchObject({ patched: true, macroRowsRead: 0 });
    expect(again.macroGroupFiles.read).toBe(0);
  });

  it(`a run writes at most ${MAX_PACKS} packs, and at most ${MAX_PACKS} stay, the most recently written`, () => {
    const root = tempDir();
    const groupOf = (b: number): MacroGroup => ({ hash: `group-${b}`, file: `variants/board-${b}/variant.h`, records: [{ name: `PIN_${b}`, params: null, value: '1', functionLike: false, file: `variants/board-${b}/variant.h`, line: 1, expandedValue: '1' }] });
    const keepBuilds = (kept: KeptMacroGroups, from: number, to: number) => {
      for (let b = from; b < to; b++) kept.keep({ variant: `board-${b}`, image: 'app' }, [groupOf(b)], { buildMacroGroupHashes: () => [`group-${b}`] } as unknown as IndexWriter);
    };
    const first = new KeptMacroGroups(root);
    keepBuilds(first, 0, MAX_PACKS + 2);
    expect(first.packs.written).toBe(MAX_PACKS);
    // Older runs' packs: the second run's are the newest.
    const past = new Date(Date.now() - 60_000);
    for (const name of fs.readdirSync(packFolder(root))) fs.utimesSync(path.join(packFolder(root), name), past, past);
    keepBuilds(new KeptMacroGroups(root), MAX_PACKS, MAX_PACKS + 2);
    expect(fs.readdirSync(packFolder(root))).toHaveLength(MAX_PACKS + 2);
    expect(prunePacks(root)).toBe(2);
    const newest = [MAX_PACKS, MAX_PACKS + 1].map((b) => `${groupsStamp([`group-${b}`])}.v8`);
    const left = fs.readdirSync(packFolder(root));
    expect(left).toHaveLength(MAX_PACKS);
    expect(left).toEqual(expect.arrayContaining(newest));
  });
  it('a run over one build (--variant) prunes the packs too', async () => {
    const { root, result } = await indexedFixture(['index', 'mixed-languages']);
    for (let i = 0; i < MAX_PACKS + 2; i++) fs.writeFileSync(path.join(packFolder(root), `${groupsStamp([`other-${i}`])}.v8`), 'an older pack');
    fs.appendFileSync(path.join(root, 'src/calc.c'), '\nlong calc_variant(void) { return 1; }\n');
    await indexProject({ root, variant: result.builds[0].variant });
    expect(fs.readdirSync(packFolder(root))).toHaveLength(MAX_PACKS);
  });
});
