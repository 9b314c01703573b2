// Skeletons past the run's budget are dropped once a build's macros are read: two builds that include a vendor
// device header (the second walking it again from the skeleton loaded back from this run's stored bytes) store
// the rows a run that keeps every skeleton stores. A run leaves none of its definitions in the canonical table.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { keptSkeletons } from '../../src/indexer/release-memory.js';
import { canonicalDefinitionCount, canonicalDefinition, parseDefine } from '../../src/preprocessor/macro-definition.js';
import { DEFAULT_CONFIG, indexPath, STATE_DIR, writeConfig } from '../../src/project/config.js';
import { DEFINES_PER_PERIPHERAL, writeDeviceHeaderProject } from '../bench/synthetic-device-header.js';

const PERIPHERALS = 8;
const KEPT = keptSkeletons.directives;
let root: string;

/** Two builds of one unit that differ in a macro the unit tests, so each walks the header. */
function writeTwoBuilds(): void {
  writeDeviceHeaderProject(root, PERIPHERALS);
  fs.rmSync(path.join(root, 'compile_commands.json'));
  fs.writeFileSync(path.join(root, 'src', 'main.c'), '#include "dev.h"\n#if BOARD == 2\nint board_b(void) { return PERIPH4_R2_F8; }\n#endif\nint main(void) { return PERIPH3_R1_F4; }\n');
  for (const [dir, board] of [['build-a', 1], ['build-b', 2]] as const) {
    fs.mkdirSync(path.join(root, dir));
    const unit = { directory: path.join(root, dir), file: path.join(root, 'src', 'main.c'), command: `cc -I${path.join(root, 'include')} -DBOARD=${board} -c ${path.join(root, 'src', 'main.c')} -o main.o` };
    fs.writeFileSync(path.join(root, dir, 'compile_commands.json'), JSON.stringify([unit]));
  }
}

/** Every build's macro rows as text, by build (the -D rows too). */
function macroRows(): Record<string, string[]> {
  const db = new Database(indexPath(root), { readonly: true });
  try {
    const rows = db
      .prepare(
        `SELECT b.variant, m.name, m.params, m.value, coalesce(m.file, mg.file) AS file, m.line, m.expanded_value FROM macros m JOIN build_macro_groups g ON g.group_id = m.group_id
         JOIN macro_groups mg ON mg.id = m.group_id JOIN builds b ON b.id = g.build_id ORDER BY b.variant, file, m.line, m.name`,
      )
      .raw()
      .all() as unknown[][];
    const out: Record<string, string[]> = {};
    for (const [variant, ...rest] of rows) (out[variant as string] ??= []).push(JSON.stringify(rest));
    return out;
  } finally {
    db.close();
  }
}

beforeAll(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fw-context-large-skeletons-')));
  writeTwoBuilds();
  writeConfig(root, DEFAULT_CONFIG);
});
afterEach(() => {
  keptSkeletons.directives = KEPT;
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('skeletons past the run budget', () => {
  it('are dropped and loaded again by the next build, with the rows of a run that keeps them', async () => {
    const kept = await indexProject({ root, workers: 0 });
    expect(kept.builds.map((b) => b.error)).toEqual([undefined, undefined]);
    expect(kept.preprocessed).toBe(2);
    // Kept: the second build replays the header walk of the first, and loads no skeleton.
    expect(kept.skeletons.loaded).toBe(0);
    expect(kept.headerWalks.replayed).toBeGreaterThan(0);
    const expected = macroRows();
    expect(expected['build-a'].length).toBeGreaterThanOrEqual(PERIPHERALS * DEFINES_PER_PERIPHERAL);
    const header = (rows: string[]) => rows.filter((r) => r.includes('"include/dev.h"'));
    expect(header(expected['build-a']).length).toBe(PERIPHERALS * DEFINES_PER_PERIPHERAL + 2);
    expect(header(expected['build-b'])).toEqual(header(expected['build-a']));

    fs.rmSync(path.join(root, STATE_DIR), { recursive: true, force: true });
    writeConfig(root, DEFAULT_CONFIG);
    keptSkeletons.directives = 100;
    const dropped = await indexProject({ root, workers: 0 });
    expect(dropped.preprocessed).toBe(2);
    // Dropped after the first build (with the system headers, past this budget too): the second loads them
    // from the bytes the first stored and walks the header again.
    expect(dropped.skeletons.loaded).toBeGreaterThan(0);
    expect(dropped.headerWalks.walked).toBeGreaterThan(kept.headerWalks.walked);
    expect(macroRows()).toEqual(expected);
  });

  it('leave no definition of the run in the canonical table', async () => {
    canonicalDefinition(parseDefine('BEFORE_THE_RUN 1', 'x.h', 1).def!);
    expect(canonicalDefinitionCount()).toBeGreaterThan(0);
    const r = await indexProject({ root, workers: 0 });
    expect(r.builds.map((b) => b.error)).toEqual([undefined, undefined]);
    expect(canonicalDefinitionCount()).toBe(0);
  });
});
