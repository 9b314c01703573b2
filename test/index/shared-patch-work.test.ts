// Work a re-index shares between the images of one build folder that compile the same SDK source (a Pico-SDK-shaped
// tree: each program compiles sdk/gpio/gpio.c into its own object): the source edited is walked and parsed once,
// each macro group is kept in one file and read once, the unit list's digest of the fingerprint is made once, and
// the digests of the images' macro tables, which such an edit leaves as they were, are kept, not made again.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { buildFingerprint, fingerprintWork } from '../../src/indexer/build-fingerprint.js';
import { tableWork } from '../../src/preprocessor/macro-records-by-name.js';
import { siteWork } from '../../src/indexer/language-sites-file.js';
import { resultHashScans } from '../../src/index/reindex-rows.js';
import { detectProjectBuildsLazily } from '../../src/project/build-detection.js';
import { indexPath, readConfig, STATE_DIR } from '../../src/project/config.js';
import { againFromScratch } from '../helpers/build-record-rows.js';
import { copyFixtureToTemp } from '../helpers/fixture-project.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';

/** The fixture indexed, its gpio.h given #defines that both programs reach (a group they share). */
async function indexedFixture(): Promise<{ root: string; result: Awaited<ReturnType<typeof indexProject>> }> {
  const root = copyFixtureToTemp('adapters', 'cmake-pico-examples');
  writeConfig(root, DEFAULT_CONFIG);
  fs.appendFileSync(path.join(root, 'sdk/gpio/gpio.h'), '\n#define GPIO_PIN_COUNT 30\n#define GPIO_MASK(pin) (1u << (pin))\n');
  return { root, result: await indexProject({ root }) };
}

/** The hashes of the macro groups the index holds, and how many (build, group) links name them. */
function groupRows(root: string): { hashes: string[]; links: number } {
  const db = new Database(indexPath(root), { readonly: true });
  try {
    const hashes = db.prepare('SELECT hash FROM macro_groups').pluck().all() as string[];
    const links = db.prepare('SELECT count(*) FROM build_macro_groups').pluck().get() as number;
    return { hashes: hashes.sort(), links };
  } finally {
    db.close();
  }
}

describe('images compiling the same source', () => {
  it('a full index keeps each distinct macro group once, in a file named by its hash', async () => {
    const { root, result } = await indexedFixture();
    expect(result.builds.map((b) => b.image).sort()).toEqual(['blink', 'bs2_default', 'hello']);
    const { hashes, links } = groupRows(root);
    const files = fs.readdirSync(path.join(root, STATE_DIR, 'macro-groups')).sort();
    expect(files).toEqual(hashes.map((h) => `${h}.v8`));
    // The images share groups (gpio.h's): fewer files than the builds' links to them.
    expect(files.length).toBeLessThan(links);
    expect(result.macroGroupFiles.written).toBe(files.length);
  });

  it('an edit of the shared source is walked once, parsed once, reads each group file once and no macro row; rows as a full index makes them', async () => {
    const { root } = await indexedFixture();
    fs.appendFileSync(path.join(root, 'sdk/gpio/gpio.c'), '\nint gpio_extra(void) { return 1; }\n');
    const r = await indexProject({ root });
    const patched = r.builds.filter((b) => b.patched);
    expect(patched.map((b) => b.image).sort()).toEqual(['blink', 'hello']);
    // One unit redone for both images (the second takes the first's result), one parse of the masked text.
    expect([r.preprocessed, r.headerWalks.walked, r.parsed]).toEqual([1, 0, 1]);
    expect(patched.map((b) => b.macroRowsRead)).toEqual([0, 0]);
    const distinct = new Set(groupRows(root).hashes);
    expect(r.macroGroupFiles.read).toBeLessThanOrEqual(distinct.size);
    expect(r.macroGroupFiles.read).toBeLessThan(patched.length * 2);
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
  });

  it('an edit of the shared source reads each distinct set of implicit macros once and writes none; rows as a full index makes them', async () => {
    const { root, result } = await indexedFixture();
    // The images of one board share their implicit macros: fewer set files than builds, each written once.
    const sets = fs.readdirSync(path.join(root, STATE_DIR, 'builtin-sets'));
    expect(sets.length).toBeLessThan(result.builds.length);
    expect(result.builtinFiles.written).toBe(sets.length + result.builds.length);
    fs.appendFileSync(path.join(root, 'sdk/gpio/gpio.c'), '\nint gpio_kept_builtins(void) { return 1; }\n');
    const r = await indexProject({ root });
    expect(r.builds.filter((b) => b.patched).map((b) => b.builtinsMade)).toEqual([false, false]);
    // The two patched images (bs2_default, the boot stage, has its own set) read theirs once.
    expect(r.builtinFiles).toEqual({ read: 1, written: 0 });
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
  });

  it('an edit of the shared source changes the digests of the images\' tables only: the blanked sets\' files are not written again', async () => {
    const { root } = await indexedFixture();
    const blanked = path.join(root, STATE_DIR, 'blanked-macros');
    const digests = path.join(root, STATE_DIR, 'table-digests');
    const contents = (dir: string) => fs.readdirSync(dir).sort().map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
    const [setsBefore, digestsBefore] = [contents(blanked), contents(digests)];
    fs.appendFileSync(path.join(root, 'sdk/gpio/gpio.c'), '\nint gpio_kept_sets(void) { return 1; }\n');
    const r = await indexProject({ root });
    expect(r.builds.filter((b) => b.patched).map((b) => b.blankingsMade)).toEqual([0, 0]);
    // The units' results changed: so did the state the digests are kept for; the blanked sets did not, nor their files.
    expect(r.blankingFiles.written).toBe(0);
    // Each image's walk of the edited source read the names it read: the names' file is not written, the small file of which results read them is.
    expect(r.stateFilesWritten['unit-reads']).toBeUndefined();
    expect(r.stateFilesWritten['unit-reads-results']).toBe(2);
    // Each image's unit lists are kept with its units' new results, also the image taking the result the other's walk wrote: a run after it writes none.
    expect((await indexProject({ root })).stateFilesWritten).toEqual({});
    expect(contents(blanked)).toEqual(setsBefore);
    expect(contents(digests)).not.toEqual(digestsBefore);
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
  });

  it('an edit that leaves the macros as they were makes no table digest; one that changes them does; rows as a full index makes them', async () => {
    const { root } = await indexedFixture();
    const gpio = path.join(root, 'sdk/gpio/gpio.c');
    for (const n of [1, 2]) {
      fs.appendFileSync(gpio, `\nint gpio_more_${n}(void) { return ${n}; }\n`);
      const before = tableWork.digests;
      const r = await indexProject({ root });
      expect(r.builds.filter((b) => b.patched).map((b) => b.image).sort()).toEqual(['blink', 'hello']);
      expect(tableWork.digests - before).toBe(0);
    }
    // A #define of the shared header changes: the tables are new, their digests made (then kept for the next edit).
    fs.appendFileSync(path.join(root, 'sdk/gpio/gpio.h'), '#define GPIO_FUNC_SIO 5\n');
    const before = tableWork.digests;
    await indexProject({ root });
    expect(tableWork.digests - before).toBeGreaterThan(0);
    fs.appendFileSync(gpio, '\nint gpio_more_3(void) { return GPIO_FUNC_SIO; }\n');
    const again = tableWork.digests;
    expect((await indexProject({ root })).builds.filter((b) => b.patched)).toHaveLength(2);
    expect(tableWork.digests - again).toBe(0);
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
  });

  it('the images\' tables look up the names the edited source uses through their shared groups: each group indexed by name once, not each image\'s records', async () => {
    const root = copyFixtureToTemp('adapters', 'cmake-pico-examples');
    writeConfig(root, DEFAULT_CONFIG);
    // A shared header with many #defines, as the SDK's register headers are: each image's table holds them all.
    const defines = Array.from({ length: 40 }, (_, i) => `#define GPIO_REG_${i} (0x40014000u + ${i * 8})`).join('\n');
    fs.appendFileSync(path.join(root, 'sdk/gpio/gpio.h'), `\n${defines}\n#define GPIO_MASK(pin) (1u << (pin))\n`);
    await indexProject({ root });
    const db = new Database(indexPath(root), { readonly: true });
    const images = "SELECT id FROM builds WHERE image IN ('blink', 'hello')";
    // Records the images' tables hold (each its groups'), and those of the distinct groups they hold.
    const perImage = db.prepare(`SELECT count(*) FROM build_macro_groups bg JOIN macros m ON m.group_id = bg.group_id WHERE bg.build_id IN (${images})`).pluck().get() as number;
    const distinct = db.prepare(`SELECT count(*) FROM macros WHERE group_id IN (SELECT group_id FROM build_macro_groups WHERE build_id IN (${images}))`).pluck().get() as number;
    db.close();
    expect(perImage).toBeGreaterThan(80);
    fs.appendFileSync(path.join(root, 'sdk/gpio/gpio.c'), '\nint gpio_named(void) { return GPIO_MASK(GPIO_REG_3); }\n');
    const before = { ...tableWork };
    const r = await indexProject({ root });
    expect(r.builds.filter((b) => b.patched).map((b) => b.image).sort()).toEqual(['blink', 'hello']);
    // A table per image masks gpio.c; no record is indexed by name twice (a table of the whole list would index
    // each image's: perImage).
    expect(tableWork.tables - before.tables).toBe(2);
    expect(tableWork.recordsIndexed - before.recordsIndexed).toBeLessThanOrEqual(distinct);
    expect(distinct).toBeLessThan(perImage * 0.6);
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
  });

  it('a build parsing C and C++ files: one table is made (the language masked), its digest kept; the sites file only stamped again', async () => {
    const root = copyFixtureToTemp('index', 'mixed-languages');
    writeConfig(root, DEFAULT_CONFIG);
    await indexProject({ root });
    const before = { ...tableWork };
    fs.appendFileSync(path.join(root, 'src/calc.c'), '\nlong calc_kept_digest(void) { return 1; }\n');
    expect((await indexProject({ root })).builds[0]).toMatchObject({ patched: true });
    // One table, C's, masks calc.c; the whole build's values are read through its groups.
    expect([tableWork.tables - before.tables, tableWork.digests - before.digests]).toEqual([1, 0]);
    // The sites each language reaches stay: their file is stamped again, its sites as they were, and serves the next patch.
    const kept = (folder: string) => {
      const dir = path.join(root, STATE_DIR, folder);
      const [name] = fs.readdirSync(dir);
      return JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8').slice(41)) as { stamp: string; languages: unknown };
    };
    const sites = () => ({ stamp: kept('language-sites-stamps').stamp, languages: kept('language-sites').languages });
    const first = sites();
    fs.appendFileSync(path.join(root, 'src/calc.c'), '\nlong calc_kept_again(void) { return 2; }\n');
    const stepped = siteWork.filesStepped;
    const again = await indexProject({ root });
    expect(again.builds[0]).toMatchObject({ patched: true, unitSitesRead: 0 });
    // Only the small stamp file is written: the sites, as they were, are not.
    expect(again.stateFilesWritten['language-sites']).toBeUndefined();
    expect(again.stateFilesWritten['language-sites-stamps']).toBe(1);
    // The sites are asked only whether they hold the lines of the macros calc.c names: no file's are made into a map.
    expect(Object.keys(first.languages as Record<string, unknown>).length).toBeGreaterThan(0);
    expect(siteWork.filesStepped - stepped).toBe(0);
    expect(sites().stamp).not.toBe(first.stamp);
    expect(sites().languages).toEqual(first.languages);
    fs.appendFileSync(path.join(root, 'src/calc.c'), '\nlong calc_kept_third(void) { return 3; }\n');
    expect((await indexProject({ root })).builds[0]).toMatchObject({ patched: true, unitSitesRead: 0 });
    // An edit that defines a macro moves the sites: their file is written, and the next patch reads it.
    fs.appendFileSync(path.join(root, 'src/calc.c'), '\n#define CALC_KEPT_SITE 4\nlong calc_kept_site(void) { return CALC_KEPT_SITE; }\n');
    const moved = await indexProject({ root });
    expect(moved.builds[0]).toMatchObject({ patched: true });
    expect(moved.stateFilesWritten['language-sites']).toBe(1);
    expect(sites().languages).not.toEqual(first.languages);
    fs.appendFileSync(path.join(root, 'src/calc.c'), '\nlong calc_kept_fourth(void) { return 5; }\n');
    expect((await indexProject({ root })).builds[0]).toMatchObject({ patched: true, unitSitesRead: 0 });
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
  });

  it('a group file that is missing or cut is read past: its rows are read, then it is kept again', async () => {
    const { root } = await indexedFixture();
    const folder = path.join(root, STATE_DIR, 'macro-groups');
    // The builds' packs would answer first (macro-group-packs.ts): the group files alone are read here.
    fs.rmSync(path.join(root, STATE_DIR, 'macro-group-packs'), { recursive: true });
    const [first, second] = fs.readdirSync(folder);
    fs.rmSync(path.join(folder, first));
    fs.writeFileSync(path.join(folder, second), fs.readFileSync(path.join(folder, second)).subarray(0, 60));
    const gpio = path.join(root, 'sdk/gpio/gpio.c');
    fs.appendFileSync(gpio, '\nint gpio_one(void) { return 1; }\n');
    const r = await indexProject({ root });
    expect(r.builds.filter((b) => b.patched).reduce((n, b) => n + (b.macroRowsRead ?? 0), 0)).toBeGreaterThan(0);
    fs.appendFileSync(gpio, '\nint gpio_two(void) { return 2; }\n');
    const again = await indexProject({ root });
    expect(again.builds.filter((b) => b.patched).map((b) => b.macroRowsRead)).toEqual([0, 0]);
  });

  it('a run over the images scans the stored results for their hashes once, not once per image', async () => {
    const { root } = await indexedFixture();
    const before = resultHashScans.made;
    const r = await indexProject({ root });
    expect(r.builds.every((b) => b.unchanged)).toBe(true);
    expect(resultHashScans.made - before).toBe(1);
    fs.appendFileSync(path.join(root, 'sdk/gpio/gpio.c'), '\nint gpio_scan(void) { return 1; }\n');
    const again = resultHashScans.made;
    expect((await indexProject({ root })).builds.filter((b) => b.patched)).toHaveLength(2);
    expect(resultHashScans.made - again).toBe(1);
  });

  it('the images share one unit list: its digest is made once for all their fingerprints', async () => {
    const { root } = await indexedFixture();
    const { builds } = await detectProjectBuildsLazily(root, readConfig(root));
    expect(new Set(builds.map((b) => b.units)).size).toBe(1);
    const before = fingerprintWork.unitListsHashed;
    const prints = builds.map((b) => buildFingerprint(b));
    expect(fingerprintWork.unitListsHashed - before).toBe(1);
    // The image (its linked units) still tells the fingerprints apart.
    expect(new Set(prints).size).toBe(builds.length);
  });
});
