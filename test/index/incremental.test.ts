// Incremental indexing counted in work done, not time: a .c edit redoes one unit and one parse, a header
// edit only the units that read it, an edit outside active lines re-parses nothing; preprocessing that does
// not depend on what differs between builds is stored once.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { openProject } from '../../src/query/project-context.js';
import { getActiveBuild } from '../../src/query/active-build.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { ageTree } from '../helpers/age-tree.js';
import { copyFixtureToTemp, indexedFixture } from '../helpers/fixture-project.js';
import { DEFAULT_CONFIG, indexPath, writeConfig } from '../../src/project/config.js';
import { indexedSmallCorpus } from '../helpers/small-corpus.js';

const future = (file: string) => {
  const t = new Date(Date.now() + 20_000);
  fs.utimesSync(file, t, t);
};

describe('re-index after an edit', () => {
  it('a .c edit preprocesses exactly that unit and parses exactly that file', async () => {
    const { root, result } = await indexedFixture(['index', 'drivers-hal-cmake']);
    expect(result.preprocessed).toBe(6);
    fs.appendFileSync(path.join(root, 'src/drivers/gpio.c'), '\nint gpio_extra(void) { return 1; }\n');
    const r = await indexProject({ root });
    expect(r.builds[0]).toMatchObject({ preprocessed: 1, reusedUnits: 5, parsed: 1 });
    const ctx = openProject(root);
    expect(lookupSymbol(ctx, { name: 'gpio_extra' })).toContainEqual(expect.objectContaining({ name: 'gpio_extra', file: 'src/drivers/gpio.c' }));
    ctx.close();
  });

  it('a header edit redoes only the units that include it, and parses only what changed', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const header = path.join(root, 'src/drivers/gpio.h');
    fs.writeFileSync(header, fs.readFileSync(header, 'utf8').replace('int gpio_read(gpio_pin_t pin);', 'int gpio_read(gpio_pin_t pin);\nvoid gpio_toggle(gpio_pin_t pin);'));
    const ctx = openProject(root);
    // Before re-indexing, the unit graph says which units the edit affects: gpio.c and main.c.
    expect(getActiveBuild(ctx).header_affected_tus).toBe(2);
    ctx.close();
    const r = await indexProject({ root });
    // Edited between directives: both units keep their previous results at the moved lines, no header is walked.
    expect(r.builds[0]).toMatchObject({ preprocessed: 2, carriedUnits: 2, parsed: 1 });
    expect(r.headerWalks).toMatchObject({ walked: 0, replayed: 0 });
    const after = openProject(root);
    expect(lookupSymbol(after, { name: 'gpio_toggle' })).toContainEqual(expect.objectContaining({ name: 'gpio_toggle', file: 'src/drivers/gpio.h' }));
    expect(getActiveBuild(after).header_affected_tus).toBe(0);
    after.close();

    // A directive added: the two units are walked again, the other four reused.
    fs.writeFileSync(header, fs.readFileSync(header, 'utf8').replace('void gpio_toggle(gpio_pin_t pin);', 'void gpio_toggle(gpio_pin_t pin);\n#ifdef GPIO_EXTRA\nint gpio_extra(void);\n#endif'));
    const walked = await indexProject({ root });
    expect(walked.builds[0]).toMatchObject({ preprocessed: 2, parsed: 1 });
    expect(walked.carriedUnits).toBe(0);
    // gpio.c walks gpio.h (and <stdint.h> under it); main.c replays that walk instead of repeating it.
    expect(walked.headerWalks.replayed).toBeGreaterThanOrEqual(1);
  });

  it('a header edit walks each unchanged header once; the other including units replay it', async () => {
    const { root, sampleHeader, first } = await indexedSmallCorpus(1);
    // 11 kernel headers, util.h, devicetree.h and its generated header: walked once, then replayed.
    expect(first.headerWalks.walked).toBeLessThanOrEqual(20);
    expect(first.headerWalks.replayed).toBeGreaterThanOrEqual(2 * 11);
    fs.appendFileSync(sampleHeader, '\nint k_edited_decl(void);\n');
    const r = await indexProject({ root, workers: 0 });
    expect(r.builds[0]).toMatchObject({ preprocessed: 12, reusedUnits: 0 });
    // Only the first unit walks headers again; the 11 others replay kernel.h and devicetree.h.
    expect(r.headerWalks.walked).toBe(first.headerWalks.walked);
    expect(r.headerWalks.replayed).toBeGreaterThanOrEqual(2 * 11);
    const ctx = openProject(root);
    expect(lookupSymbol(ctx, { name: 'k_edited_decl' }).length).toBeGreaterThan(0);
    ctx.close();
  });

  it('an edit that changes no active line re-parses nothing', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const unit = path.join(root, 'src/drivers/gpio.c');
    // A comment on a directive line: the file's bytes change, its compiled lines do not.
    fs.writeFileSync(unit, fs.readFileSync(unit, 'utf8').replace('#include "gpio.h"', '#include "gpio.h" /* pins and modes */'));
    const r = await indexProject({ root });
    expect(r.builds[0]).toMatchObject({ preprocessed: 1, parsed: 0 });
    const db = new Database(indexPath(root), { readonly: true });
    const row = db.prepare("SELECT content_hash FROM files WHERE path = 'src/drivers/gpio.c'").get() as { content_hash: string };
    expect(row.content_hash).toMatch(/^[0-9a-f]{40}$/);
    db.close();
  });

  it('a header whose name needs escaping in JSON: the unit reading it is found dirty when it changes, the others are not', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    // Stored file lists are JSON: this unit's list holds `odd\"]x.h`, where `"]` does not end a pair, so it is read whole.
    const odd = path.join(root, 'src/drivers', 'odd"]x.h');
    fs.writeFileSync(odd, 'int odd_first(void);\n');
    const unit = path.join(root, 'src/drivers/gpio.c');
    fs.writeFileSync(unit, `#include <odd"]x.h>\n${fs.readFileSync(unit, 'utf8')}`);
    expect((await indexProject({ root })).builds[0].diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    fs.writeFileSync(odd, 'int odd_first(void);\nint odd_second(void);\n');
    const r = await indexProject({ root });
    expect(r.builds[0]).toMatchObject({ preprocessed: 1, reusedUnits: 5, parsed: 1 });
    const ctx = openProject(root);
    expect(lookupSymbol(ctx, { name: 'odd_second' })).toContainEqual(expect.objectContaining({ name: 'odd_second' }));
    ctx.close();
  });

  it('a touched file with the same bytes redoes nothing', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    future(path.join(root, 'src/drivers/uart.h'));
    const r = await indexProject({ root });
    // Its bytes are what the build read: the build counts as unchanged (the size/mtime differ, the hash does not).
    expect(r.builds[0]).toMatchObject({ unchanged: true, preprocessed: 0, parsed: 0 });
  });

  it('a changed -D on one unit redoes only the units whose preprocessing read that macro', async () => {
    const { root } = await indexedFixture(['index', 'shared-units']);
    const cdb = path.join(root, 'build-board-b/compile_commands.json');
    fs.writeFileSync(cdb, fs.readFileSync(cdb, 'utf8').replace(/-DBOARD_ID=2/g, '-DBOARD_ID=3'));
    const r = await indexProject({ root });
    const b = r.builds.find((x) => x.variant.endsWith('board-b'))!;
    // crc.c never tests BOARD_ID: its stored result holds; board.c's does not.
    expect(b).toMatchObject({ preprocessed: 1, reusedUnits: 1 });
  });

  it('an edit seen by several builds redoes it in each of them', async () => {
    const { root } = await indexedFixture(['index', 'shared-units']);
    fs.appendFileSync(path.join(root, 'src/board.c'), '\nint board_extra(void) { return 2; }\n');
    const r = await indexProject({ root });
    // board.c tests BOARD_ID, so each build walks it again; the first build's write must not make the
    // second look unchanged.
    expect(r.builds.map((b) => [b.unchanged, b.preprocessed, b.reusedUnits])).toEqual([
      [undefined, 1, 1],
      [undefined, 1, 1],
    ]);
  });
});

/** A fixture copy whose files are all older than the racy window, indexed once (detection cached). */
async function agedIndexedFixture(parts: string[]): Promise<string> {
  const root = copyFixtureToTemp(...parts);
  writeConfig(root, DEFAULT_CONFIG);
  ageTree(root);
  const first = await indexProject({ root });
  expect(first.detection.cached).toBe(false);
  return root;
}

describe('build detection cache', () => {
  it('an unchanged project is answered from the cache without reading its build files again', async () => {
    const root = await agedIndexedFixture(['index', 'shared-units']);
    const r = await indexProject({ root });
    expect(r.detection).toMatchObject({ cached: true, filesRechecked: 0 });
    expect(r.detection.inputs).toBeGreaterThan(0);
    expect(r.builds.map((b) => b.unchanged)).toEqual([true, true]);
  });

  it('a changed compile database is detected again and its flags take effect', async () => {
    const root = await agedIndexedFixture(['index', 'shared-units']);
    const cdb = path.join(root, 'build-board-b/compile_commands.json');
    fs.writeFileSync(cdb, fs.readFileSync(cdb, 'utf8').replace(/-DBOARD_ID=2/g, '-DBOARD_ID=3'));
    const r = await indexProject({ root });
    expect(r.detection.cached).toBe(false);
    expect(r.builds.find((x) => x.variant.endsWith('board-b'))).toMatchObject({ preprocessed: 1, reusedUnits: 1 });
    // The new answer is cached in turn.
    expect((await indexProject({ root })).detection.cached).toBe(true);
  });

  it('a compile database rewritten with the same bytes (a CMake re-configure) is no change: nothing is redone', async () => {
    const root = await agedIndexedFixture(['index', 'shared-units']);
    const cdb = path.join(root, 'build-board-b/compile_commands.json');
    fs.writeFileSync(cdb, fs.readFileSync(cdb));
    const minuteAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(cdb, minuteAgo, minuteAgo);
    const hashed: number[] = [];
    for (let run = 0; run < 2; run++) {
      const r = await indexProject({ root });
      expect(r.builds.map((b) => [b.unchanged, b.preprocessed, b.parsed])).toEqual([
        [true, 0, 0],
        [true, 0, 0],
      ]);
      hashed.push(r.filesHashed);
    }
    // The first run read the database to compare its bytes and recorded its new mtime; the second read nothing.
    expect(hashed).toEqual([1, 0]);
    // A .c edit after it still takes the one-unit path in that build.
    const unit = fs.readdirSync(path.join(root, 'src')).find((f) => f.endsWith('.c'))!;
    fs.appendFileSync(path.join(root, 'src', unit), '\nint after_touch(void) { return 2; }\n');
    const edited = await indexProject({ root });
    expect(edited.builds.map((b) => [b.patched, b.preprocessed])).toEqual([
      [true, 1],
      [true, 1],
    ]);
    expect(edited.parsed).toBeGreaterThanOrEqual(1);
  });

  it('a same-size edit that keeps a recent mtime is caught by content (the racy window)', async () => {
    const { root } = await indexedFixture(['index', 'shared-units']);
    const cdb = path.join(root, 'build-board-b/compile_commands.json');
    const { mtime } = fs.statSync(cdb);
    const text = fs.readFileSync(cdb, 'utf8');
    fs.writeFileSync(cdb, text.replace(/-DBOARD_ID=2/g, '-DBOARD_ID=3'));
    fs.utimesSync(cdb, mtime, mtime);
    expect(fs.statSync(cdb).size).toBe(Buffer.byteLength(text));
    const r = await indexProject({ root });
    expect(r.detection.cached).toBe(false);
    expect(r.builds.find((x) => x.variant.endsWith('board-b'))).toMatchObject({ preprocessed: 1 });
  });

  it('a file recent when recorded is re-read once, then trusted by size and mtime', async () => {
    const { root } = await indexedFixture(['index', 'shared-units']);
    ageTree(root);
    // Recorded while the files were new: checked by content this time, and stored as checked now.
    expect((await indexProject({ root })).detection).toMatchObject({ cached: true });
    expect((await indexProject({ root })).detection.filesRechecked).toBe(0);
  });

  it('a new build folder, or a file detection looked for and missed, makes it detect again', async () => {
    const root = await agedIndexedFixture(['index', 'shared-units']);
    fs.cpSync(path.join(root, 'build-board-b'), path.join(root, 'build-board-c'), { recursive: true });
    const r = await indexProject({ root });
    expect(r.detection.cached).toBe(false);
    expect(r.builds).toHaveLength(3);
    ageTree(root);
    expect((await indexProject({ root })).detection.cached).toBe(true);
    fs.writeFileSync(path.join(root, 'mbed_app.json'), '{}\n');
    expect((await indexProject({ root })).detection.cached).toBe(false);
  });
});

describe('change detection by size and mtime', () => {
  it('a same-size edit that keeps a recent mtime is seen: a hash taken within 2 s of the mtime vouches for nothing', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const unit = path.join(root, 'src/drivers/gpio.c');
    const { mtime, size } = fs.statSync(unit);
    const text = fs.readFileSync(unit, 'utf8');
    const edited = text.replace('gpio_read(', 'gpio_reed(');
    expect(edited).not.toBe(text);
    fs.writeFileSync(unit, edited);
    fs.utimesSync(unit, mtime, mtime);
    expect(fs.statSync(unit).size).toBe(size);
    const r = await indexProject({ root });
    expect(r.builds[0]).toMatchObject({ preprocessed: 1, parsed: 1 });
    const ctx = openProject(root);
    expect(lookupSymbol(ctx, { name: 'gpio_reed' }).length).toBeGreaterThan(0);
    ctx.close();
  });

  it('records taken too close to their mtime are refreshed once the files are older; then no file is read', async () => {
    const { root, result } = await indexedFixture(['index', 'drivers-hal-cmake']);
    expect(result.filesHashed).toBeGreaterThan(0);
    ageTree(root);
    // The files' bytes are as recorded; their mtimes moved, so each is hashed once more (and the build's
    // description, whose fingerprint holds mtimes, is read again).
    const second = await indexProject({ root });
    expect(second.filesHashed).toBeGreaterThan(0);
    expect(second.builds[0]).toMatchObject({ preprocessed: 0, parsed: 0 });
    const third = await indexProject({ root });
    expect(third.filesHashed).toBe(0);
    expect(third.builds[0]).toMatchObject({ unchanged: true });
  });
});

describe('stored skeletons', () => {
  it('a re-index after a .c edit scans only that file; the headers its walk reads come from the index', async () => {
    const { root, result } = await indexedFixture(['index', 'drivers-hal-cmake']);
    expect(result.skeletons.loaded).toBe(0);
    // A directive added (gpio.h included twice, its guard keeps the second empty): the unit is walked again.
    const unit = path.join(root, 'src/drivers/gpio.c');
    fs.writeFileSync(unit, `#include "gpio.h"\n${fs.readFileSync(unit, 'utf8')}\nint gpio_more(void) { return 2; }\n`);
    const r = await indexProject({ root });
    expect(r).toMatchObject({ preprocessed: 1, carriedUnits: 0 });
    expect(r.skeletons.scanned).toBe(1);
    expect(r.skeletons.loaded).toBeGreaterThan(0);
  });

  it('a changed header is scanned again, never answered from its stored skeleton', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const header = path.join(root, 'src/drivers/gpio.h');
    // Same size: only the content hash tells the stored skeleton from the new one.
    const text = fs.readFileSync(header, 'utf8');
    const edited = text.replace('int gpio_read(gpio_pin_t pin);', 'int gpio_peek(gpio_pin_t pin);');
    expect(edited.length).toBe(text.length);
    fs.writeFileSync(header, edited);
    future(header);
    const r = await indexProject({ root });
    expect(r.skeletons.scanned).toBeGreaterThanOrEqual(1);
    const ctx = openProject(root);
    expect(lookupSymbol(ctx, { name: 'gpio_peek' })).toContainEqual(expect.objectContaining({ name: 'gpio_peek', file: 'src/drivers/gpio.h' }));
    expect(lookupSymbol(ctx, { name: 'gpio_read' })).not.toContainEqual(expect.objectContaining({ name: 'gpio_read', file: 'src/drivers/gpio.h' }));
    ctx.close();
  });

  it('skeletons stored by other scanning code are dropped, and skeletons of files no build reads are collected', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const db = new Database(indexPath(root));
    const stored = (db.prepare('SELECT count(*) AS n FROM skeletons').get() as { n: number }).n;
    expect(stored).toBeGreaterThan(0);
    db.prepare("UPDATE meta SET value = 'another format' WHERE key = 'skeleton_format'").run();
    db.close();
    fs.appendFileSync(path.join(root, 'src/drivers/gpio.c'), '\nint gpio_again(void) { return 3; }\n');
    const r = await indexProject({ root });
    expect(r.skeletons.loaded).toBe(0);
    const after = new Database(indexPath(root), { readonly: true });
    const orphans = after.prepare('SELECT count(*) AS n FROM skeletons WHERE path NOT IN (SELECT path FROM files)').get() as { n: number };
    expect(orphans.n).toBe(0);
    after.close();
  });
});

describe('work shared between builds', () => {
  it('stores a unit result and a macro group once when builds see them the same way', async () => {
    const { root, result } = await indexedFixture(['index', 'shared-units']);
    expect(result.builds).toHaveLength(2);
    // The second build reuses crc.c's result from the first.
    expect(result.builds.map((b) => b.preprocessed).sort()).toEqual([1, 2]);
    const db = new Database(indexPath(root), { readonly: true });
    const n = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    expect(n('SELECT count(*) AS n FROM build_units')).toBe(4);
    expect(n('SELECT count(*) AS n FROM unit_results')).toBe(3);
    // crc.h's defines are one group both builds link; board.h's differ (LED_COUNT 2 vs 4).
    expect(n("SELECT count(*) AS n FROM macro_groups WHERE file = 'include/crc.h'")).toBe(1);
    expect(n("SELECT count(*) AS n FROM macro_groups WHERE file = 'include/board.h'")).toBe(2);
    const leds = db.prepare("SELECT m.line, b.variant FROM macros m JOIN build_macro_groups g ON g.group_id = m.group_id JOIN builds b ON b.id = g.build_id WHERE m.name = 'LED_COUNT' ORDER BY b.variant").all() as { line: number }[];
    expect(leds.map((l) => l.line)).toEqual([7, 9]);
    db.close();
  });
});
