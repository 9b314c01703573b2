// Killing an index run while units are walked on worker threads (a build whose description changed is walked
// again in full) leaves an index that opens and answers: every build holds its previous rows or its new ones.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { generateZephyrCorpus } from '../bench/synthetic-zephyr.js';
import { assertCliBuilt, tempDir } from '../helpers/fixture-project.js';
import { countsByBuild, expectPreviousOrNew, killAtEach } from '../helpers/killed-runs.js';

describe('an index run killed while workers walk units', () => {
  it('leaves every build answering with its previous or its new rows', async () => {
    assertCliBuilt();
    const root = tempDir();
    const corpus = generateZephyrCorpus(root, { boards: 2, units: 80, headers: 12, functionsPerUnit: 4 });
    writeConfig(root, DEFAULT_CONFIG);
    await indexProject({ root });
    const before = countsByBuild(root);
    // One more include directory in every command: no stored unit result fits, every unit is walked (on the workers and the main thread).
    for (const dir of corpus.buildDirs) {
      const db = path.join(dir, 'compile_commands.json');
      fs.writeFileSync(db, fs.readFileSync(db, 'utf8').replaceAll(' -c ', ' -Iextra -c '));
    }
    for (const f of fs.readdirSync(path.join(root, 'drivers'))) fs.appendFileSync(path.join(root, 'drivers', f), `\nint ${f.replace('.c', '')}_added(void) { return 7; }\n`);
    const seen = await killAtEach(root, [200, 350, 500, 700, 1000, 1400, 2000]);
    const done = await indexProject({ root, workers: 2 });
    expect(done.builds.every((b) => !b.error)).toBe(true);
    // Whether this last run walks on the workers depends on where the kills fell (a build left half done takes
    // the patch path, which walks on the main thread) and on timing; preprocess-workers.test.ts counts pooled walks.
    const after = countsByBuild(root);
    expect(after['build-board_0']).toBeGreaterThan(before['build-board_0']);
    expectPreviousOrNew(seen, before, after);
  }, 120_000);
});
