// A map file that appears where the build writes one, at a path the build did not name when indexed (Zephyr
// without build.ninja, PlatformIO's firmware.map, Mbed CLI 1): the record keeps those paths as absent inputs, so
// status, get_active_build and check report the build's record stale, naming the map, before anyone re-indexes;
// the re-index then reads the record only, and the memory answer is that of a from-scratch index.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runMemory } from '../../src/cli/memory-command.js';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, indexPath, writeConfig } from '../../src/project/config.js';
import { getActiveBuild } from '../../src/query/active-build.js';
import { checkIndex } from '../../src/query/index-check.js';
import { withProject } from '../../src/query/project-context.js';
import { againFromScratch } from '../helpers/build-record-rows.js';
import { cliJson, copyFixtureToTemp } from '../helpers/fixture-project.js';

/** A linked image's map: FLASH holds `text` bytes of .text. */
function mapText(text: number): string {
  return ['Memory Configuration', '', 'Name             Origin             Length             Attributes', 'FLASH            0x08000000         0x00080000         xr',
    'RAM              0x20000000         0x00018000         xrw', '*default*        0x00000000         0xffffffff', '', 'Linker script and memory map', '',
    `.text           0x08000000      0x${text.toString(16)}`, ''].join('\n');
}

const memory = (root: string, variant?: string) => JSON.parse(runMemory({ cwd: root, json: true, variant }).text) as { memory: { name: string; used?: number }[] };
const flashUsed = (root: string, variant?: string) => memory(root, variant).memory.find((r) => r.name === 'FLASH')?.used;

/** The files a build's record keeps, with whether each was recorded absent. */
function recordedInputs(root: string, variant: string): { path: string; absent: boolean }[] {
  const db = new Database(indexPath(root), { readonly: true });
  try {
    const row = db.prepare('SELECT record_inputs_json FROM builds WHERE variant = ?').get(variant) as { record_inputs_json: string };
    return (JSON.parse(row.record_inputs_json) as { files: { path: string; size: number | null }[] }).files.map((f) => ({ path: f.path, absent: f.size === null }));
  } finally {
    db.close();
  }
}

/** What status (the CLI), get_active_build and check say of the project now. */
function staleness(root: string, variant: string): { status: string; statusReasons: string[]; activeReasons: string[]; check: string[] } {
  const st = cliJson(root, ['status', '--variant', variant]) as { status: string; reindex_reasons?: string[] };
  const active = withProject(root, (ctx) => getActiveBuild(ctx, { variant })) as { reindex_reasons?: string[] };
  const check = withProject(root, (ctx) => checkIndex(ctx)).builds.flatMap((b) => b.reasons.map((r) => `${r.code} ${r.file}: ${r.message}`));
  return { status: st.status, statusReasons: st.reindex_reasons ?? [], activeReasons: active.reindex_reasons ?? [], check };
}

/**
 * The map appeared: every reader names it as appeared, once, for `build`; then a re-index (reading the record only
 * unless `recordOnly` is false) answers as from scratch.
 */
async function expectAppearedThenIndexed(root: string, variant: string, build: string, map: string, used: number, recordOnly = true): Promise<void> {
  const seen = staleness(root, variant);
  expect(seen.status).toBe('reindex_needed');
  const said = `${map} of build ${build} appeared since indexing`;
  expect(seen.statusReasons.filter((r) => r.startsWith(said))).toHaveLength(1);
  expect(seen.activeReasons.filter((r) => r.startsWith(said))).toHaveLength(1);
  const checked = seen.check.filter((r) => r.includes(map));
  expect(checked).toHaveLength(1);
  expect(checked[0].startsWith(`build_description ${map}: appeared since indexing`)).toBe(true);

  const r = await indexProject({ root });
  if (recordOnly) {
    expect(r.preprocessed).toBe(0);
    expect(r.parsed).toBe(0);
    expect(r.builds.find((b) => b.variant === variant)).toMatchObject({ patched: true, recordRefreshed: true });
  }
  expect(flashUsed(root, variant)).toBe(used);
  expect(staleness(root, variant)).toMatchObject({ status: 'ready', statusReasons: [], activeReasons: [], check: [] });
  const appeared = await againFromScratch(root, () => memory(root, variant));
  expect(appeared.incremental).toEqual(appeared.scratch);
  expect(appeared.answers.incremental).toEqual(appeared.answers.scratch);
}

describe('a map file that appears where the build writes one shows the record stale', () => {
  it('Zephyr without build.ninja: zephyr/zephyr.map', async () => {
    const root = copyFixtureToTemp('adapters', 'zephyr-multi-board');
    writeConfig(root, DEFAULT_CONFIG);
    const map = 'build-stm32f4/zephyr/zephyr.map';
    const saved = fs.readFileSync(path.join(root, map), 'utf8');
    fs.rmSync(path.join(root, map));
    await indexProject({ root });
    expect(recordedInputs(root, 'nucleo_f401re')).toContainEqual({ path: map, absent: true });
    // Builds that name their map keep no candidate.
    expect(recordedInputs(root, 'build-nrf52840dk').filter((f) => f.absent)).toEqual([]);
    expect(staleness(root, 'nucleo_f401re').status).toBe('ready');
    fs.writeFileSync(path.join(root, map), `${saved}\ntext            0x08000000      0x2a4\n`);
    await expectAppearedThenIndexed(root, 'nucleo_f401re', 'nucleo_f401re/app', map, 0x2a4);
  });

  it("PlatformIO: firmware.map in a compiled env's build folder", async () => {
    const root = copyFixtureToTemp('adapters', 'platformio-multi-env');
    writeConfig(root, DEFAULT_CONFIG);
    const map = '.pio/build/nucleo_f401re/firmware.map';
    // Compiled, not linked yet.
    fs.mkdirSync(path.join(root, path.dirname(map)), { recursive: true });
    await indexProject({ root });
    expect(recordedInputs(root, 'nucleo_f401re')).toContainEqual({ path: map, absent: true });
    expect(flashUsed(root, 'nucleo_f401re')).toBeUndefined();
    fs.writeFileSync(path.join(root, map), mapText(0x1c0));
    await expectAppearedThenIndexed(root, 'nucleo_f401re', 'nucleo_f401re/app', map, 0x1c0);
  });

  it('PlatformIO: firmware.map of an env never built (its build folder appears with it: the build description changes too)', async () => {
    const root = copyFixtureToTemp('adapters', 'platformio-multi-env');
    writeConfig(root, DEFAULT_CONFIG);
    await indexProject({ root });
    const map = '.pio/build/nucleo_f401re/firmware.map';
    expect(recordedInputs(root, 'nucleo_f401re')).toContainEqual({ path: map, absent: true });
    fs.mkdirSync(path.join(root, path.dirname(map)), { recursive: true });
    fs.writeFileSync(path.join(root, map), mapText(0x1c0));
    await expectAppearedThenIndexed(root, 'nucleo_f401re', 'nucleo_f401re/app', map, 0x1c0, false);
  });

  it('Mbed CLI 1: the map named after the project folder', async () => {
    const root = copyFixtureToTemp('adapters', 'mbed-cli1');
    writeConfig(root, DEFAULT_CONFIG);
    await indexProject({ root });
    const map = `BUILD/NUCLEO_F401RE/GCC_ARM/${path.basename(root)}.map`;
    expect(recordedInputs(root, 'NUCLEO_F401RE')).toContainEqual({ path: map, absent: true });
    fs.writeFileSync(path.join(root, map), mapText(0x1a4));
    await expectAppearedThenIndexed(root, 'NUCLEO_F401RE', 'NUCLEO_F401RE/app', map, 0x1a4);
  });
});
