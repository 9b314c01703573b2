// A patch takes the build's macro groups from the file kept beside the index (build-macros-file.ts) instead of
// reading every macro row; the file follows the groups the build holds, and a missing or stale one is read past.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { groupsStamp, loadBuildMacros } from '../../src/indexer/build-macros-file.js';
import { openIndexForUpdate } from '../../src/index/open-index.js';
import { IndexWriter, type MacroGroup } from '../../src/index/index-writer.js';
import { indexPath, STATE_DIR } from '../../src/project/config.js';
import { indexedFixture } from '../helpers/fixture-project.js';

const byHash = (groups: MacroGroup[]) => [...groups].sort((a, b) => (a.hash < b.hash ? -1 : 1));

/** The build's groups as the kept file holds them (undefined when it does not name the groups the index holds), and as the rows do. */
function keptAndStored(root: string): { kept: MacroGroup[] | undefined; stored: MacroGroup[] } {
  const db = openIndexForUpdate(indexPath(root))!;
  try {
    const writer = new IndexWriter(db);
    const { variant, image } = db.prepare('SELECT variant, image FROM builds').get() as { variant: string; image: string };
    const kept = loadBuildMacros(root, { variant, image }, groupsStamp(writer.buildMacroGroupHashes(variant, image)));
    return { kept: kept && byHash(kept), stored: byHash(writer.buildMacroGroups(variant, image)) };
  } finally {
    db.close();
  }
}

describe('build macros kept beside the index', () => {
  it('a full index keeps them; a .c edit is patched without reading a macro row', async () => {
    const { root } = await indexedFixture(['index', 'mixed-languages']);
    const first = keptAndStored(root);
    expect(first.stored.length).toBeGreaterThan(1);
    expect(first.kept).toEqual(first.stored);
    fs.appendFileSync(path.join(root, 'src/calc.c'), '\nlong calc_kept(void) { return 1; }\n');
    expect((await indexProject({ root })).builds[0]).toMatchObject({ patched: true, macroRowsRead: 0 });
  });

  it('a #define added to a header: the kept groups follow the patch (the next one reads no row) and equal the rows', async () => {
    const { root } = await indexedFixture(['index', 'mixed-languages']);
    const header = path.join(root, 'include/decls.h');
    fs.writeFileSync(header, fs.readFileSync(header, 'utf8').replace('#define BEGIN_DECLS\n', '#define BEGIN_DECLS\n#define C_ONLY_FLAG 1\n'));
    expect((await indexProject({ root })).builds[0]).toMatchObject({ patched: true, macroRowsRead: 0 });
    const after = keptAndStored(root);
    expect(after.stored.some((g) => g.records.some((r) => r.name === 'C_ONLY_FLAG'))).toBe(true);
    expect(after.kept).toEqual(after.stored);
    fs.appendFileSync(path.join(root, 'src/calc.c'), '\nlong calc_after(void) { return 2; }\n');
    expect((await indexProject({ root })).builds[0]).toMatchObject({ patched: true, macroRowsRead: 0 });
  });

  it('a missing or stale file: the rows are read once, then the groups are kept again', async () => {
    const { root } = await indexedFixture(['index', 'mixed-languages']);
    const folder = path.join(root, STATE_DIR, 'build-macros');
    const [name] = fs.readdirSync(folder);
    const earlier = fs.readFileSync(path.join(folder, name));
    fs.rmSync(folder, { recursive: true });
    const unit = path.join(root, 'src/calc.c');
    fs.appendFileSync(unit, '\nlong calc_one(void) { return 1; }\n');
    const rows = keptAndStored(root).stored.reduce((n, g) => n + g.records.length, 0);
    expect((await indexProject({ root })).builds[0]).toMatchObject({ patched: true, macroRowsRead: rows });
    fs.appendFileSync(unit, '\nlong calc_two(void) { return 2; }\n');
    expect((await indexProject({ root })).builds[0]).toMatchObject({ patched: true, macroRowsRead: 0 });
    // A header's #define changed: the first index's file names groups the build no longer holds.
    const header = path.join(root, 'include/decls.h');
    fs.writeFileSync(header, fs.readFileSync(header, 'utf8').replace('#define BEGIN_DECLS\n', '#define BEGIN_DECLS\n#define C_ONLY_FLAG 1\n'));
    await indexProject({ root });
    fs.writeFileSync(path.join(folder, name), earlier);
    fs.appendFileSync(unit, '\nlong calc_three(void) { return 3; }\n');
    expect((await indexProject({ root })).builds[0].macroRowsRead).toBeGreaterThan(0);
    const last = keptAndStored(root);
    expect(last.kept).toEqual(last.stored);
    // A cut file is not trusted.
    fs.writeFileSync(path.join(folder, name), fs.readFileSync(path.join(folder, name)).subarray(0, 100));
    expect(keptAndStored(root).kept).toBeUndefined();
  });
});
