// Walking units on worker threads gives the same index as walking them on the main thread: every table,
// every row, for a generated Zephyr-shaped build and for the fixture projects the suite indexes.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexProject, type IndexResult } from '../../src/indexer/index-project.js';
import { poolWalks } from '../../src/indexer/pooled-walks.js';
import { indexPath, DEFAULT_CONFIG, STATE_DIR, writeConfig } from '../../src/project/config.js';
import { generateZephyrCorpus } from '../bench/synthetic-zephyr.js';
import { copyFixtureToTemp, tempDir } from '../helpers/fixture-project.js';

/** Every table's rows, ordered by all columns; run stamps (times, the content generation) left out. */
function dumpAll(root: string): Record<string, unknown[]> {
  const db = new Database(indexPath(root), { readonly: true });
  const out: Record<string, unknown[]> = {};
  const tables = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string; sql: string }[];
  for (const t of tables) {
    if (/CREATE VIRTUAL/i.test(t.sql)) continue;
    const cols = (db.prepare(`PRAGMA table_info("${t.name}")`).all() as { name: string }[]).map((c) => `"${c.name}"`).join(', ');
    const rows = db.prepare(`SELECT ${cols} FROM "${t.name}" ORDER BY ${cols}`).raw().all() as unknown[][];
    out[t.name] = rows.filter((r) => !(t.name === 'meta' && /indexed_at|content_generation/.test(String(r[0])))).map((r) => r.map((v) => (typeof v === 'string' ? v.replace(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/g, 'T') : v)));
  }
  db.close();
  return out;
}

/** Every file of the project an hour old: no hash is taken too close to its file's mtime (see RACY_MS), so runs agree. */
function ageFiles(dir: string): void {
  const then = new Date(Date.now() - 3600_000);
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) ageFiles(p);
    fs.utimesSync(p, then, then);
  }
}

/** Full index of `root` with `workers`, its previous index removed first. */
async function fullIndex(root: string, workers: number): Promise<{ result: IndexResult; tables: Record<string, unknown[]> }> {
  for (const f of fs.readdirSync(path.join(root, STATE_DIR))) if (f.startsWith('index')) fs.rmSync(path.join(root, STATE_DIR, f));
  const result = await indexProject({ root, workers });
  return { result, tables: dumpAll(root) };
}

describe('preprocessing on worker threads', () => {
  const { minUnits, steal } = poolWalks;
  // Every build walks on the pool, however few units it has, and the main thread waits for the workers' walks.
  beforeAll(() => Object.assign(poolWalks, { minUnits: 1, steal: false }));
  afterAll(() => Object.assign(poolWalks, { minUnits, steal }));

  // One generated build, indexed on the main thread once; each pooled run is a test of its own, so a loaded
  // machine spends the timeout on one run, not on four.
  let root = '';
  let single: { result: IndexResult; tables: Record<string, unknown[]> };
  beforeAll(async () => {
    root = tempDir();
    generateZephyrCorpus(root, { boards: 1, units: 20, headers: 80 });
    writeConfig(root, DEFAULT_CONFIG);
    ageFiles(root);
    single = await fullIndex(root, 0);
  });

  it('walks a generated build on the main thread alone without workers', () => {
    expect(single.result.preprocessedOnWorkers).toBe(0);
    expect(single.tables.unit_results.length).toBe(20);
  });

  it.each([1, 2])('indexes a generated build with %i workers exactly as the main thread does', async (workers) => {
    const pooled = await fullIndex(root, workers);
    // The workers take the first batches (the main thread yields first): two batches of four units each.
    expect(pooled.result.preprocessedOnWorkers).toBeGreaterThanOrEqual(8 * workers);
    expect(pooled.result.preprocessed).toBe(single.result.preprocessed);
    expect(pooled.tables).toEqual(single.tables);
  }, 60_000);

  it('keeps the first outcome when the main thread walks what is still out on workers', async () => {
    // Once the queue is empty the main thread walks what workers still hold; the first outcome is kept.
    poolWalks.steal = true;
    try {
      const stealing = await fullIndex(root, 1);
      expect(stealing.tables).toEqual(single.tables);
    } finally {
      poolWalks.steal = false;
    }
  }, 60_000);

  it.each([
    ['index', 'drivers-hal-cmake'],
    ['index', 'shared-units'],
    ['index', 'multi-board-masked'],
    ['memory', 'cmake-stm32-map'],
    ['adapters', 'zephyr-multi-board'],
    ['adapters', 'zephyr-workspace-anywhere'],
    ['adapters', 'platformio-multi-env'],
    ['adapters', 'mbed-ce-cmake'],
    ['adapters', 'combined'],
    ['callgraph', 'driver-stack'],
    ['callgraph', 'zephyr-irq'],
    ['crossbuild', 'zephyr-boards-sysbuild'],
    ['preprocessor', 'malformed'],
    ['relevance', 'stm32-freertos-app'],
  ])('indexes the fixture %s/%s exactly as the main thread does', async (...parts) => {
    const root = copyFixtureToTemp(...parts);
    writeConfig(root, DEFAULT_CONFIG);
    ageFiles(root);
    const single = await fullIndex(root, 0);
    const pooled = await fullIndex(root, 1);
    expect(pooled.result.preprocessedOnWorkers).toBeGreaterThan(0);
    expect(pooled.result.builds.map((b) => b.error ?? null)).toEqual(single.result.builds.map((b) => b.error ?? null));
    expect(pooled.tables).toEqual(single.tables);
  }, 60_000);
});
