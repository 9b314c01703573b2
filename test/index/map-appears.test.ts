// A map file that appears after an index (configure, index, then the firmware is linked), is removed (a clean)
// or moves re-indexes no unit: which map a build names is not in its fingerprint, the record notes it, and only
// the record (memory usage, entry point, linker-script symbols, how the link was determined) is read again —
// counted in work, with the answers and rows of a from-scratch index of the same tree. A map whose loaded objects
// change the units the image links takes the full path; one that shows every unit linked where the link was
// unknown compiles the same units and takes the record's path. Build detection runs again when a map appears.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMemory } from '../../src/cli/memory-command.js';
import { indexProject, type IndexResult } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { checkIndex } from '../../src/query/index-check.js';
import { listVariants } from '../../src/query/list-variants.js';
import { withProject } from '../../src/query/project-context.js';
import { againFromScratch } from '../helpers/build-record-rows.js';
import { cliJson, copyFixtureToTemp } from '../helpers/fixture-project.js';

type Build = IndexResult['builds'][number];

/** A fixture copied to a temp folder with `map` (fixture-relative) moved aside, then indexed: the state after configure. */
async function indexedWithoutMap(fixture: string[], map: string): Promise<{ root: string; map: string; saved: string }> {
  const root = copyFixtureToTemp(...fixture);
  writeConfig(root, DEFAULT_CONFIG);
  const file = path.join(root, map);
  const saved = fs.readFileSync(file, 'utf8');
  fs.rmSync(file);
  await indexProject({ root });
  return { root, map: file, saved };
}

/** The memory answer (what the memory tool prints as JSON) of one build. */
const memory = (root: string, variant?: string) => JSON.parse(runMemory({ cwd: root, json: true, variant }).text) as { memory: { name: string; used?: number }[] };

/** One build's summary from `fw-context index --json`. */
function cliIndex(root: string, variant: string): Build {
  const r = cliJson(root, ['index']) as { builds: Build[] };
  return r.builds.find((b) => b.variant === variant)!;
}

/** How list_variants shows an image's link (units, linked units, how linking was determined). */
function linkShown(root: string, variant: string): unknown {
  const img = withProject(root, (ctx) => listVariants(ctx)).variants.find((v) => v.variant === variant)!.images[0];
  return { units: img.units, linked_units: img.linked_units, linking: img.linking };
}

/** Re-index of a build that must take the record's path: no unit walked, no file parsed. */
function expectRecordOnly(b: Build): void {
  expect(b).toMatchObject({ patched: true, recordRefreshed: true, preprocessed: 0, parsed: 0 });
}

describe('a map file that appears, goes or moves re-reads only the build record', () => {
  it('CMake (the map named by -Map): appears after the first index, then is removed; answers and rows as from scratch', async () => {
    const { root, map, saved } = await indexedWithoutMap(['memory', 'cmake-stm32-map'], 'build/firmware.map');
    expect(memory(root).memory.find((r) => r.name === 'FLASH')!.used).toBeUndefined();
    fs.writeFileSync(map, saved);
    const b = cliIndex(root, 'build');
    expectRecordOnly(b);
    expect(memory(root).memory.find((r) => r.name === 'FLASH')!.used).toBeGreaterThan(0);
    const appeared = await againFromScratch(root, () => memory(root));
    expect(appeared.incremental).toEqual(appeared.scratch);
    expect(appeared.answers.incremental).toEqual(appeared.answers.scratch);

    fs.rmSync(map);
    expectRecordOnly((await indexProject({ root })).builds[0]);
    const removed = await againFromScratch(root, () => memory(root));
    expect(removed.incremental).toEqual(removed.scratch);
    expect(removed.answers.incremental).toEqual(removed.answers.scratch);
  });

  it('Zephyr without build.ninja (the map named only once it exists): detection runs again, the build re-reads its record', async () => {
    const variant = 'nucleo_f401re';
    const { root, map, saved } = await indexedWithoutMap(['adapters', 'zephyr-multi-board'], 'build-stm32f4/zephyr/zephyr.map');
    // The firmware is linked: its map shows .text in FLASH.
    fs.writeFileSync(map, `${saved}\ntext            0x08000000      0x2a4\n`);
    const r = await indexProject({ root });
    // Detection saw the map appear (the build names it now).
    expect(r.detection.cached).toBe(false);
    expect(r.preprocessed).toBe(0);
    expect(r.parsed).toBe(0);
    expectRecordOnly(r.builds.find((b) => b.variant === variant)!);
    expect(r.builds.filter((b) => b.variant !== variant).every((b) => b.unchanged)).toBe(true);
    expect(memory(root, variant).memory.find((x) => x.name === 'FLASH')!.used).toBe(0x2a4);
    expect(withProject(root, (ctx) => checkIndex(ctx))).toMatchObject({ status: 'ok' });
    // Nothing changed since: detection's answer is cached and the build unchanged.
    const again = await indexProject({ root });
    expect(again.detection.cached).toBe(true);
    expect(again.builds.every((b) => b.unchanged)).toBe(true);
    const appeared = await againFromScratch(root, () => memory(root, variant));
    expect(appeared.incremental).toEqual(appeared.scratch);
    expect(appeared.answers.incremental).toEqual(appeared.answers.scratch);

    // A clean removes the map: the build names none again. Not re-indexed yet: check names the map.
    fs.rmSync(map);
    const reasons = withProject(root, (ctx) => checkIndex(ctx)).builds.flatMap((b) => b.reasons.map((x) => `${x.code} ${x.file}`));
    expect(reasons).toContain('build_description build-stm32f4/zephyr/zephyr.map');
    const cleaned = await indexProject({ root });
    expect(cleaned.preprocessed).toBe(0);
    expectRecordOnly(cleaned.builds.find((b) => b.variant === variant)!);
    const removed = await againFromScratch(root, () => memory(root, variant));
    expect(removed.incremental).toEqual(removed.scratch);
    expect(removed.answers.incremental).toEqual(removed.answers.scratch);
  });

  it('Mbed CLI 1 (the map is whichever *.map the build folder holds): a renamed map re-reads the record', async () => {
    const root = copyFixtureToTemp('adapters', 'mbed-cli1');
    writeConfig(root, DEFAULT_CONFIG);
    const dir = path.join(root, 'BUILD/NUCLEO_F401RE/GCC_ARM');
    const mapText = ['Memory Configuration', '', 'Name             Origin             Length             Attributes', 'FLASH            0x08000000         0x00080000         xr',
      '*default*        0x00000000         0xffffffff', '', 'Linker script and memory map', '', '.text           0x08000000      0x1a4', ''].join('\n');
    fs.writeFileSync(path.join(dir, 'app.map'), mapText);
    await indexProject({ root });
    const before = memory(root);
    expect(before.memory.find((x) => x.name === 'FLASH')!.used).toBe(0x1a4);
    fs.renameSync(path.join(dir, 'app.map'), path.join(dir, 'firmware.map'));
    const r = await indexProject({ root });
    expect(r.preprocessed).toBe(0);
    expectRecordOnly(r.builds[0]);
    const moved = await againFromScratch(root, () => memory(root));
    expect(moved.incremental).toEqual(moved.scratch);
    expect(moved.answers.incremental).toEqual(moved.answers.scratch);
    expect(JSON.stringify(moved.incremental.builds)).toContain('firmware.map');
  });
});

describe('a map file that decides which units the image links', () => {
  const variant = 'nrf52840dk/nrf52840';
  const shell = 'LOAD zephyr/subsys/shell/CMakeFiles/subsys__shell.dir/shell.c.obj';

  it('one showing every unit linked where the link was unknown: the same units, the record path; one leaving a unit out: the full path', async () => {
    const { root, map, saved } = await indexedWithoutMap(['adapters', 'zephyr-workspace-anywhere'], 'samples/x/build-nrf/zephyr/zephyr.map');
    expect(linkShown(root, variant)).toMatchObject({ units: 3, linked_units: 3, linking: { method: 'unknown' } });
    // Linked with the shell: every unit's object is loaded.
    fs.writeFileSync(map, saved.replace('LOAD app/libapp.a', `LOAD app/libapp.a\n${shell}`));
    const all = await indexProject({ root });
    expect(all.preprocessed).toBe(0);
    expectRecordOnly(all.builds.find((b) => b.variant === variant)!);
    expect(linkShown(root, variant)).toMatchObject({ units: 3, linked_units: 3, linking: { method: 'map-file', source: 'samples/x/build-nrf/zephyr/zephyr.map' } });
    const everyUnit = await againFromScratch(root, () => linkShown(root, variant));
    expect(everyUnit.incremental).toEqual(everyUnit.scratch);
    expect(everyUnit.answers.incremental).toEqual(everyUnit.answers.scratch);

    // Relinked without the shell: the image links two of its three units, so its units change.
    fs.writeFileSync(map, saved);
    const fewer = await indexProject({ root });
    expect(fewer.detection.cached).toBe(false);
    const b = fewer.builds.find((x) => x.variant === variant)!;
    expect(b.patched).toBeFalsy();
    expect(b.unchanged).toBeFalsy();
    expect(b.recordRefreshed).toBeFalsy();
    expect(linkShown(root, variant)).toMatchObject({ units: 3, linked_units: 2 });
    const twoUnits = await againFromScratch(root, () => linkShown(root, variant));
    expect(twoUnits.incremental).toEqual(twoUnits.scratch);
    expect(twoUnits.answers.incremental).toEqual(twoUnits.answers.scratch);
  });

  it('one that appears leaving a unit out takes the full path, as from scratch', async () => {
    const { root, map, saved } = await indexedWithoutMap(['adapters', 'zephyr-workspace-anywhere'], 'samples/x/build-nrf/zephyr/zephyr.map');
    fs.writeFileSync(map, saved);
    const r = await indexProject({ root });
    const b = r.builds.find((x) => x.variant === variant)!;
    expect(b.patched || b.unchanged || b.recordRefreshed).toBeFalsy();
    expect(linkShown(root, variant)).toMatchObject({ units: 3, linked_units: 2 });
    const scratch = await againFromScratch(root, () => linkShown(root, variant));
    expect(scratch.incremental).toEqual(scratch.scratch);
    expect(scratch.answers.incremental).toEqual(scratch.answers.scratch);
  });
});
