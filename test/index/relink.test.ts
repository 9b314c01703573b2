// A relink (map file rewritten, linker script or Kconfig output changed) re-indexes no unit: counted in work,
// the build keeps its unit and file rows and only its record (memory, entry point, linker-script symbols,
// Kconfig summary, their diagnostics) is read again, with the rows a from-scratch index of the tree writes.
// Files touched or rewritten with the same bytes leave the build unchanged; `check` sees what content changed.
// Build detection, which reads a map only for the objects the link loaded, stays cached through a relink.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runMemory } from '../../src/cli/memory-command.js';
import { indexProject } from '../../src/indexer/index-project.js';
import { indexPath } from '../../src/project/config.js';
import { getActiveBuild } from '../../src/query/active-build.js';
import { checkIndex, type CheckResult } from '../../src/query/index-check.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { withProject } from '../../src/query/project-context.js';
import { againFromScratch } from '../helpers/build-record-rows.js';
import { indexedFixture } from '../helpers/fixture-project.js';

const MAP = 'build/firmware.map';
const SCRIPT = 'STM32F407VGTx_FLASH.ld';

const check = (root: string): CheckResult => withProject(root, (ctx) => checkIndex(ctx));
const reasons = (r: CheckResult) => r.builds.flatMap((b) => b.reasons.map((p) => `${p.code} ${p.file}`));
const regions = (root: string) => (withProject(root, (ctx) => getActiveBuild(ctx)) as { memory: { name: string; length_value: number; used?: number }[] }).memory;

/** Rewrites a file with the same bytes, its mtime a minute back (old enough to be trusted): size kept, mtime moved. */
function rewriteSame(file: string): void {
  fs.writeFileSync(file, fs.readFileSync(file));
  const t = new Date(Date.now() - 60_000);
  fs.utimesSync(file, t, t);
}

/** The mtimes the index recorded for the files a build's record was read from, by stored path. */
function recordedMtimes(root: string): Map<string, number> {
  const db = new Database(indexPath(root), { readonly: true });
  const rows = db.prepare("SELECT json_extract(i.value, '$.path') AS path, json_extract(i.value, '$.mtimeMs') AS mtime FROM builds b, json_each(b.record_inputs_json, '$.files') i").all() as { path: string; mtime: number }[];
  db.close();
  return new Map(rows.map((r) => [r.path, r.mtime]));
}

/** A relink: the map's .ccmram (the last section loaded in FLASH) grows by 0x40 bytes, and FLASH usage with it. */
function relink(root: string): void {
  const map = path.join(root, MAP);
  const text = fs.readFileSync(map, 'utf8');
  const before = '.ccmram         0x10000000      0x100 load address 0x080001ec';
  expect(text).toContain(before);
  fs.writeFileSync(map, text.replace(before, before.replace(' 0x100 ', ' 0x140 ')));
}

describe('re-index after a relink', () => {
  it('a .c edit and the map it relinked: one unit preprocessed, one file parsed, memory answers the new map', async () => {
    const { root } = await indexedFixture(['memory', 'cmake-stm32-map']);
    const flashBefore = regions(root).find((r) => r.name === 'FLASH')!.used!;
    fs.appendFileSync(path.join(root, 'Core/Src/main.c'), '\nint relinked_helper(void) { return 2; }\n');
    relink(root);
    // Not re-indexed yet: check names the map (and the unit).
    expect(reasons(check(root))).toEqual(expect.arrayContaining([`build_description ${MAP}`, 'file_changed Core/Src/main.c']));
    expect(check(root).builds[0].reasons.find((p) => p.file === MAP)!.message).toBe('changed since indexing (the map file of the build: memory usage is read from it)');

    const r = await indexProject({ root });
    expect(r.preprocessed).toBe(1);
    expect(r.parsed).toBe(1);
    expect(r.builds[0]).toMatchObject({ patched: true, recordRefreshed: true, preprocessed: 1, parsed: 1 });
    expect(regions(root).find((x) => x.name === 'FLASH')!.used).toBe(flashBefore + 0x40);
    const memory = JSON.parse(runMemory({ cwd: root, json: true }).text) as { memory: { name: string; used?: number }[] };
    expect(memory.memory.find((x) => x.name === 'FLASH')!.used).toBe(flashBefore + 0x40);
    expect(check(root)).toMatchObject({ status: 'ok', exit_code: 0 });
    expect(withProject(root, (ctx) => lookupSymbol(ctx, { name: 'relinked_helper' }))).toContainEqual(expect.objectContaining({ file: 'Core/Src/main.c' }));

    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
  });

  it('a relink alone (the map rewritten, no source changed): no unit redone, memory refreshed', async () => {
    const { root } = await indexedFixture(['memory', 'cmake-stm32-map']);
    const status = () => withProject(root, (ctx) => getActiveBuild(ctx)) as { status: string; reindex_reasons: string[] };
    expect(status().status).toBe('ready');
    relink(root);
    // Not re-indexed yet: status says the memory answers are from before the relink, naming the map.
    expect(status()).toMatchObject({ status: 'reindex_needed', reindex_reasons: [expect.stringContaining(`${MAP} of build`)] });
    const r = await indexProject({ root });
    expect(status()).toMatchObject({ status: 'ready', reindex_reasons: [] });
    expect(r).toMatchObject({ preprocessed: 0, parsed: 0 });
    expect(r.builds[0]).toMatchObject({ recordRefreshed: true, preprocessed: 0, parsed: 0 });
    expect(regions(root).find((x) => x.name === 'CCMRAM')!.used).toBe(0x140);
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
  });

  it('map file and linker script touched or rewritten with the same bytes: the build is unchanged, check passes', async () => {
    const { root } = await indexedFixture(['memory', 'cmake-stm32-map']);
    rewriteSame(path.join(root, MAP));
    rewriteSame(path.join(root, SCRIPT));
    expect(check(root)).toMatchObject({ status: 'ok' });
    expect(withProject(root, (ctx) => getActiveBuild(ctx))).toMatchObject({ status: 'ready', reindex_reasons: [] });
    const r = await indexProject({ root });
    expect(r.preprocessed).toBe(0);
    expect(r.builds[0]).toMatchObject({ unchanged: true, preprocessed: 0, parsed: 0 });
    expect(r.builds[0].recordRefreshed).toBeUndefined();
    // Their new mtimes are recorded: the next run compares them by size and mtime, without reading them.
    const mtimes = recordedMtimes(root);
    for (const f of [MAP, SCRIPT]) expect(mtimes.get(f)).toBe(fs.statSync(path.join(root, f)).mtimeMs);
    const again = await indexProject({ root });
    expect(again.builds[0]).toMatchObject({ unchanged: true });
  });

  it('a Zephyr workspace: map, linker.cmd, .config and autoconf.h rewritten with the same bytes leave every build unchanged', async () => {
    const { root, result } = await indexedFixture(['adapters', 'zephyr-multi-board']);
    expect(result.builds.length).toBeGreaterThan(1);
    const zephyr = path.join(root, 'build-stm32f4', 'zephyr');
    for (const f of ['zephyr.map', 'linker.cmd', '.config', 'include/generated/autoconf.h']) rewriteSame(path.join(zephyr, f));
    const r = await indexProject({ root });
    expect(r.preprocessed).toBe(0);
    expect(r.builds.every((b) => b.unchanged)).toBe(true);
    expect(check(root)).toMatchObject({ status: 'ok' });
  });

  it('a relink of an image whose linked units come from its map: build detection stays cached, no unit redone', async () => {
    const { root } = await indexedFixture(['adapters', 'zephyr-workspace-anywhere']);
    const map = path.join(root, 'samples/x/build-nrf/zephyr/zephyr.map');
    const text = fs.readFileSync(map, 'utf8');
    expect(text).toContain('text            0x00000000      0x2a4');
    fs.writeFileSync(map, text.replace('text            0x00000000      0x2a4', 'text            0x00000000      0x2e4'));
    const r = await indexProject({ root });
    // Detection read the map only for the objects it loads: those did not change, its answer is reused.
    expect(r.detection).toMatchObject({ cached: true, filesRechecked: expect.any(Number) });
    expect(r.detection.filesRechecked).toBeGreaterThanOrEqual(1);
    expect(r.preprocessed).toBe(0);
    expect(r.builds.every((b) => b.unchanged || b.recordRefreshed)).toBe(true);
    // A relink that loads another object changes the image's units: detection runs again.
    fs.writeFileSync(map, fs.readFileSync(map, 'utf8').replace('LOAD app/libapp.a', 'LOAD app/libapp.a\nLOAD zephyr/CMakeFiles/extra.dir/extra.c.obj'));
    expect((await indexProject({ root })).detection.cached).toBe(false);
  });

  it('a MEMORY region changed in the linker script: regions and script symbols refreshed, no unit redone, rows as from scratch', async () => {
    const { root } = await indexedFixture(['memory', 'cmake-stm32-map']);
    const script = path.join(root, SCRIPT);
    const text = fs.readFileSync(script, 'utf8');
    expect(text).toContain('ORIGIN = 0x20000000,   LENGTH = 128K');
    fs.writeFileSync(script, text.replace('ORIGIN = 0x20000000,   LENGTH = 128K', 'ORIGIN = 0x20000000,   LENGTH = 192K'));
    expect(reasons(check(root))).toEqual(expect.arrayContaining([`build_description ${SCRIPT}`]));
    expect(check(root).builds[0].reasons.find((p) => p.file === SCRIPT)!.message).toMatch(/^changed since indexing \(a linker script of the build: its memory regions/);

    const r = await indexProject({ root });
    expect(r.preprocessed).toBe(0);
    expect(r.builds[0]).toMatchObject({ recordRefreshed: true, preprocessed: 0, parsed: 0 });
    expect(regions(root).find((x) => x.name === 'RAM')!.length_value).toBe(192 * 1024);
    // The map was not relinked: it disagrees with the script now, and says so.
    const memory = JSON.parse(runMemory({ cwd: root, json: true }).text) as { diagnostics: { message: string }[] };
    expect(memory.diagnostics).toContainEqual(expect.objectContaining({ message: expect.stringMatching(/region RAM .* older than the script/) }));
    // _estack = ORIGIN(RAM) + LENGTH(RAM): the script's symbol rows carry the new value.
    const estack = withProject(root, (ctx) => lookupSymbol(ctx, { name: '_estack' })) as Record<string, unknown>[];
    expect(estack).toContainEqual(expect.objectContaining({ kind: 'varglobal', docstring: expect.stringContaining('0x20030000') }));
    expect(check(root)).toMatchObject({ status: 'ok' });

    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
  });
});
