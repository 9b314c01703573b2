// A patch takes the build's macro groups from the files kept beside the index (build-macros-file.ts) instead of
// reading every macro row; the files follow the groups the build holds, and a missing or cut one is read past.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { KeptMacroGroups, loadMacroGroup, maxKnownRecords } from '../../src/indexer/build-macros-file.js';
import { openIndexForUpdate } from '../../src/index/open-index.js';
import { IndexWriter, type MacroGroup } from '../../src/index/index-writer.js';
import { indexPath, STATE_DIR } from '../../src/project/config.js';
import { indexedFixture, tempDir } from '../helpers/fixture-project.js';
import { readChecksummedValue, writeChecksummedValue } from '../../src/indexer/build-state-files.js';
import { ROW_FORMAT_VERSION, SCHEMA_VERSION } from '../../src/index/schema-versions.js';

const byHash = (groups: MacroGroup[]) => [...groups].sort((a, b) => (a.hash < b.hash ? -1 : 1));

/** The build's groups as the kept files hold them (undefined when one of the groups the index holds has none), and as the rows do. */
function keptAndStored(root: string): { kept: MacroGroup[] | undefined; stored: MacroGroup[] } {
  const db = openIndexForUpdate(indexPath(root))!;
  try {
    const writer = new IndexWriter(db);
    const { variant, image } = db.prepare('SELECT variant, image FROM builds').get() as { variant: string; image: string };
    const kept = writer.buildMacroGroupHashes(variant, image).map((hash) => loadMacroGroup(root, hash));
    return { kept: kept.every((g) => g !== undefined) ? byHash(kept as MacroGroup[]) : undefined, stored: byHash(writer.buildMacroGroups(variant, image)) };
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

  it('missing or cut files: the rows are read once, then the groups are kept again', async () => {
    const { root } = await indexedFixture(['index', 'mixed-languages']);
    const folder = path.join(root, STATE_DIR, 'macro-groups');
    const names = fs.readdirSync(folder);
    expect(names.length).toBeGreaterThan(1);
    fs.rmSync(folder, { recursive: true });
    // The build's pack would answer first: the group files alone are read here (packs: below).
    const packs = path.join(root, STATE_DIR, 'macro-group-packs');
    fs.rmSync(packs, { recursive: true });
    const unit = path.join(root, 'src/calc.c');
    fs.appendFileSync(unit, '\nlong calc_one(void) { return 1; }\n');
    const rows = keptAndStored(root).stored.reduce((n, g) => n + g.records.length, 0);
    expect((await indexProject({ root })).builds[0]).toMatchObject({ patched: true, macroRowsRead: rows });
    fs.appendFileSync(unit, '\nlong calc_two(void) { return 2; }\n');
    expect((await indexProject({ root })).builds[0]).toMatchObject({ patched: true, macroRowsRead: 0 });
    // A cut file is not trusted: its group's rows are read, and the file is written whole again.
    fs.rmSync(packs, { recursive: true });
    const [name] = fs.readdirSync(folder);
    fs.writeFileSync(path.join(folder, name), fs.readFileSync(path.join(folder, name)).subarray(0, 100));
    expect(keptAndStored(root).kept).toBeUndefined();
    fs.appendFileSync(unit, '\nlong calc_three(void) { return 3; }\n');
    expect((await indexProject({ root })).builds[0].macroRowsRead).toBeGreaterThan(0);
    const last = keptAndStored(root);
    expect(last.kept).toEqual(last.stored);
  });

  it('files an index of an older row format kept are not read by the index made again for this one', async () => {
    const { root } = await indexedFixture(['index', 'mixed-languages']);
    const older = `${SCHEMA_VERSION}/${ROW_FORMAT_VERSION - 1}`;
    // As the older index kept its groups: the same hashes, records read as that version read them.
    const folder = path.join(root, STATE_DIR, 'macro-groups');
    for (const name of fs.readdirSync(folder)) {
      const file = path.join(folder, name);
      const data = readChecksummedValue(file) as { rows: string; group: unknown[] };
      expect(data.rows).toBe(`${SCHEMA_VERSION}/${ROW_FORMAT_VERSION}`);
      const docstrings = (data.group[8] as string[]).map(() => 'as an older version read it');
      writeChecksummedValue(file, { ...data, rows: older, group: [...data.group.slice(0, 8), docstrings, data.group[9]] });
    }
    // The older index's pack, whose groups were of its rows too.
    const packs = path.join(root, STATE_DIR, 'macro-group-packs');
    for (const name of fs.readdirSync(packs)) {
      const file = path.join(packs, name);
      writeChecksummedValue(file, { ...(readChecksummedValue(file) as object), rows: older });
    }
    const db = openIndexForUpdate(indexPath(root))!;
    db.prepare("UPDATE meta SET value = ? WHERE key = 'row_format_version'").run(String(ROW_FORMAT_VERSION - 1));
    db.close();
    // The index is made again from scratch, its groups under the same hashes; a .c edit then patches it.
    expect((await indexProject({ root })).builds[0].patched).toBeFalsy();
    fs.appendFileSync(path.join(root, 'src/calc.c'), '\nlong calc_kept(void) { return 1; }\n');
    expect((await indexProject({ root })).builds[0]).toMatchObject({ patched: true });
    const after = keptAndStored(root);
    expect(after.stored.flatMap((g) => g.records).some((r) => r.docstring === 'as an older version read it')).toBe(false);
    expect(after.kept).toEqual(after.stored);
  });

  it('a run of many builds, each keeping groups of its own, holds at most maxKnownRecords of their records; a group let go is read from its file', () => {
    const root = tempDir();
    const kept = new KeptMacroGroups(root);
    const groupOfBuild = (b: number): MacroGroup => ({
      hash: `group-${b}`,
      file: `variants/board-${b}/variant.h`,
      records: Array.from({ length: 4000 }, (_, i) => ({ name: `BOARD_${b}_PIN_${i}`, params: null, value: `${i}`, functionLike: false, file: `variants/board-${b}/variant.h`, line: i + 1, expandedValue: `${i}` })),
    });
    for (let b = 0; b < 100; b++) {
      const group = groupOfBuild(b);
      // The index's rows of the build: its group alone.
      const writer = { buildMacroGroupHashes: () => [group.hash] } as unknown as IndexWriter;
      kept.keep({ variant: `board-${b}`, image: 'app' }, [group], writer);
      expect(kept.held.records).toBeLessThanOrEqual(maxKnownRecords.count);
    }
    expect(kept.held.groups).toBeLessThan(100);
    // The first build's group, long let go, is read from its file as it was kept.
    const writer = { buildMacroGroupHashes: () => ['group-0'] } as unknown as IndexWriter;
    const stored = kept.stored({ variant: 'board-0', image: 'app' }, writer);
    expect(stored.groups[0].records.map((r) => [r.name, r.value, r.line])).toEqual(groupOfBuild(0).records.map((r) => [r.name, r.value, r.line]));
    expect(stored.rowsRead).toBe(0);
  });

  it('a run that patches no build (a first index) writes the groups it keeps and holds none of them', () => {
    const root = tempDir();
    const kept = new KeptMacroGroups(root, false);
    const group: MacroGroup = { hash: 'group-1', file: 'variants/board/variant.h', records: [{ name: 'PIN', params: null, value: '1', functionLike: false, file: 'variants/board/variant.h', line: 1, expandedValue: '1' }] };
    kept.keep({ variant: 'board', image: 'app' }, [group], { buildMacroGroupHashes: () => [group.hash] } as unknown as IndexWriter);
    expect(kept.files.written).toBe(1);
    expect(kept.held).toEqual({ groups: 0, records: 0 });
    expect(loadMacroGroup(root, group.hash)?.records.map((r) => [r.name, r.value])).toEqual([['PIN', '1']]);
  });

  it('files of groups the index no longer holds go, and so does the former per-build folder', async () => {
    const { root } = await indexedFixture(['index', 'mixed-languages']);
    const former = path.join(root, STATE_DIR, 'build-macros');
    fs.mkdirSync(former);
    fs.writeFileSync(path.join(former, 'old.v8'), 'x');
    const header = path.join(root, 'include/decls.h');
    fs.writeFileSync(header, fs.readFileSync(header, 'utf8').replace('#define BEGIN_DECLS\n', '#define BEGIN_DECLS\n#define C_ONLY_FLAG 1\n'));
    await indexProject({ root });
    const db = openIndexForUpdate(indexPath(root))!;
    const held = new Set((db.prepare('SELECT hash FROM macro_groups').pluck().all() as string[]).map((h) => `${h}.v8`));
    db.close();
    expect(new Set(fs.readdirSync(path.join(root, STATE_DIR, 'macro-groups')))).toEqual(held);
    expect(fs.existsSync(former)).toBe(false);
  });
});
