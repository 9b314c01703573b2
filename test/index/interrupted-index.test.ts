// Killing an index run at any moment (preprocessing, parsing on worker threads, writing) leaves an index
// that opens and answers: every build holds either its previous rows or its new ones, never a mix.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { generateZephyrCorpus } from '../bench/synthetic-zephyr.js';
import { assertCliBuilt, tempDir } from '../helpers/fixture-project.js';
import { countsByBuild, expectPreviousOrNew, killAtEach } from '../helpers/killed-runs.js';

describe('an interrupted index run', () => {
  it('leaves every build answering with its previous or its new rows', async () => {
    assertCliBuilt();
    const root = tempDir();
    generateZephyrCorpus(root, { boards: 2, units: 80, headers: 12, functionsPerUnit: 4 });
    writeConfig(root, DEFAULT_CONFIG);
    await indexProject({ root });
    const before = countsByBuild(root);
    // Every unit gains a function: the next run re-preprocesses and re-parses all of them (on two workers and the main thread).
    for (const f of fs.readdirSync(path.join(root, 'drivers'))) fs.appendFileSync(path.join(root, 'drivers', f), `\nint ${f.replace('.c', '')}_added(void) { return 7; }\n`);
    const seen = await killAtEach(root, [150, 400, 700, 1000, 1400, 1900, 2600]);
    const done = await indexProject({ root });
    expect(done.builds.every((b) => !b.error)).toBe(true);
    const after = countsByBuild(root);
    expect(after['build-board_0']).toBeGreaterThan(before['build-board_0']);
    expectPreviousOrNew(seen, before, after);
  }, 120_000);
});
