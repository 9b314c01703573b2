// The detection cache depends on what detection read inside the project, not on the folder holding it: a PlatformIO
// filter reaching out of src/ (`+<../variants/x>`) probes the folders it names, and a search for sub-projects reads
// the root's sub-folders only. So a file created beside the project, or in its root, leaves the indexed project's
// detection answered from the cache, while a source added in a variant folder does not.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { declaredNamesFromCache, detectProjectBuildsFromCache } from '../../src/project/build-detection.js';
import { DEFAULT_CONFIG, readConfig, writeConfig } from '../../src/project/config.js';
import { copyFixture, fixturePath } from '../../src/project/copy-fixture.js';
import { tempDir } from '../helpers/fixture-project.js';

describe('detection cache scope', () => {
  it('answers from the cache after a file appears beside the project folder or in its root', async () => {
    const outside = tempDir();
    const root = copyFixture(fixturePath('adapters', 'platformio-variants-beside-src'), path.join(outside, 'project'));
    writeConfig(root, DEFAULT_CONFIG);
    const indexed = await indexProject({ root });
    expect(indexed.builds.map((b) => `${b.variant}:${b.units}`)).toEqual(['board_a:2', 'board_b:2']);
    const config = readConfig(root);
    expect(detectProjectBuildsFromCache(root, config)?.fromCache).toBeDefined();

    fs.writeFileSync(path.join(outside, 'notes.txt'), 'not part of the project\n');
    fs.mkdirSync(path.join(outside, 'another-project'));
    const cached = detectProjectBuildsFromCache(root, config);
    expect(cached?.fromCache).toBeDefined();
    expect(cached!.builds.map((b) => b.variant)).toEqual(['board_a', 'board_b']);
    expect(declaredNamesFromCache(root, config)?.map((b) => b.variant)).toEqual(['board_a', 'board_b']);
    fs.writeFileSync(path.join(root, 'notes.txt'), 'a file in the project root\n');
    expect(detectProjectBuildsFromCache(root, config)?.fromCache).toBeDefined();

    // What the filter names is still watched: a source added to a variant folder is a new unit.
    fs.writeFileSync(path.join(root, 'variants', 'board_a', 'extra.cpp'), 'int extra;\n');
    expect(detectProjectBuildsFromCache(root, config)).toBeUndefined();
  });
});
