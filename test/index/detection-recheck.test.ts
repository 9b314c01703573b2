// A re-index of an unchanged project lists no folder to find its builds (the summary's `detection.foldersRelisted`),
// and the next run after a build folder is added deep in the tree (its parent folder unchanged) or removed indexes it
// or drops it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { copyFixtureToTemp, runCli } from '../helpers/fixture-project.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { ageTree } from '../helpers/age-tree.js';

/** The two-board fixture with a deep folder holding no build yet, aged and indexed once. */
async function agedProject(): Promise<{ root: string; deep: string }> {
  const root = copyFixtureToTemp('index', 'shared-units');
  writeConfig(root, DEFAULT_CONFIG);
  const deep = path.join(root, 'boards', 'vendor', 'family', 'part');
  fs.mkdirSync(deep, { recursive: true });
  fs.writeFileSync(path.join(deep, 'README.md'), 'board notes\n');
  ageTree(root);
  const first = await indexProject({ root });
  expect(first.detection.foldersRelisted).toBe(first.detection.folders);
  return { root, deep };
}

describe('build detection on a re-index', () => {
  it('an unchanged project lists no folder: each is confirmed by its mtime', async () => {
    const { root } = await agedProject();
    const r = await indexProject({ root });
    expect(r.detection).toMatchObject({ cached: true, filesRechecked: 0, foldersRelisted: 0 });
    expect(r.detection.folders).toBeGreaterThan(5);
    // The CLI's JSON summary carries the same counters.
    const cli = runCli(root, ['index', '--json']);
    expect(cli.status).toBe(0);
    expect((JSON.parse(cli.stdout) as { detection: { foldersRelisted: number; folders: number } }).detection).toMatchObject({ foldersRelisted: 0, folders: r.detection.folders });
  });

  it('a build folder added deep in the tree, its parent unchanged, is indexed on the next run; removed, it is dropped', async () => {
    const { root, deep } = await agedProject();
    const parent = fs.statSync(path.dirname(deep)).mtimeMs;
    fs.cpSync(path.join(root, 'build-board-b'), path.join(deep, 'build-board-c'), { recursive: true });
    expect(fs.statSync(path.dirname(deep)).mtimeMs).toBe(parent);
    const added = await indexProject({ root });
    expect(added.builds).toHaveLength(3);
    expect(added.builds.filter((b) => b.variant.endsWith('board-c'))).toHaveLength(1);
    expect(added.detection.foldersRelisted).toBe(2);
    // Every folder's mtime moved back: each is listed once more, then trusted.
    ageTree(root);
    await indexProject({ root });
    expect((await indexProject({ root })).detection).toMatchObject({ cached: true, foldersRelisted: 0 });
    fs.rmSync(path.join(deep, 'build-board-c'), { recursive: true });
    const removed = await indexProject({ root });
    expect(removed.removedBuilds).toBe(1);
    expect(removed.builds.map((b) => b.variant).some((v) => v.endsWith('board-c'))).toBe(false);
    expect(removed.builds).toHaveLength(2);
  });
});
