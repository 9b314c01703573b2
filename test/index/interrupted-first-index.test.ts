// Killing a first index run (no index yet) at any moment leaves no index file, nothing that fails to open: the
// run writes into a temporary file renamed into place at its end; the next run removes what a killed one left.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, indexPath, STATE_DIR, writeConfig } from '../../src/project/config.js';
import { openProject } from '../../src/query/project-context.js';
import { generateZephyrCorpus } from '../bench/synthetic-zephyr.js';
import { assertCliBuilt, tempDir } from '../helpers/fixture-project.js';
import { countsByBuild, killedRun } from '../helpers/killed-runs.js';

/** The temporary files of first indexes in the state folder. */
const tempFiles = (root: string) => fs.readdirSync(path.join(root, STATE_DIR)).filter((n) => n.startsWith('index.db.new-'));

describe('an interrupted first index run', () => {
  it('leaves no index, and the next run writes it whole and removes the temporary file', async () => {
    assertCliBuilt();
    const root = tempDir();
    generateZephyrCorpus(root, { boards: 2, units: 60, headers: 10, functionsPerUnit: 4 });
    writeConfig(root, DEFAULT_CONFIG);
    for (const ms of [0, 200, 500, 900]) {
      if (await killedRun(root, ms, () => tempFiles(root).length > 0)) break;
      // Killed after the rename that ends the run (before the process exited): the index is there whole.
      if (fs.existsSync(indexPath(root))) {
        expect(tempFiles(root)).toEqual([]);
        const whole = openProject(root);
        expect(whole.indexError).toBeNull();
        expect(whole.reader).not.toBeNull();
        whole.close();
        break;
      }
      // Builds committed before the kill are lost with it: a first index is there whole or not at all. The
      // killed run removed its predecessor's temporary file and left its own.
      expect(fs.existsSync(indexPath(root))).toBe(false);
      expect(tempFiles(root)).toHaveLength(1);
      const ctx = openProject(root);
      expect(ctx.reader).toBeNull();
      expect(ctx.indexError).toBeNull();
      ctx.close();
    }
    const done = await indexProject({ root });
    expect(done.builds.map((b) => b.error ?? 'ok')).toEqual(['ok', 'ok']);
    expect(tempFiles(root)).toEqual([]);
    const counts = countsByBuild(root);
    expect(Object.keys(counts)).toHaveLength(2);
    expect(Object.values(counts).every((n) => n > 0)).toBe(true);
    // An existing index is written in place (through its WAL), not through a temporary file.
    const inode = fs.statSync(indexPath(root)).ino;
    fs.appendFileSync(path.join(root, 'drivers', 'drv_0.c'), '\nint drv_0_added(void) { return 7; }\n');
    const again = await indexProject({ root });
    expect(again.builds.some((b) => b.parsed > 0)).toBe(true);
    expect(fs.statSync(indexPath(root)).ino).toBe(inode);
    expect(tempFiles(root)).toEqual([]);
  }, 120_000);
});
