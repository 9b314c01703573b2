// The .gitignore init writes in the state folder keeps everything fw-context makes there (the index, its lock,
// the caches an index run leaves) out of git; only config.ini (and that .gitignore) are for the repository.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { copyFixtureToTemp, hasTool, runCli } from '../helpers/fixture-project.js';

describe('init', () => {
  it.skipIf(!hasTool('git'))('leaves only config.ini and .gitignore of the state folder to git, after an index and a status', () => {
    const root = copyFixtureToTemp('index', 'shared-units');
    expect(spawnSync('git', ['init', '-q'], { cwd: root }).status).toBe(0);
    expect(runCli(root, ['init']).status).toBe(0);
    expect(runCli(root, ['index']).status).toBe(0);
    runCli(root, ['index']);
    runCli(root, ['status']);
    const listed = spawnSync('git', ['status', '--porcelain', '--untracked-files=all', '.fw-context'], { cwd: root, encoding: 'utf8' });
    const files = listed.stdout.split('\n').filter(Boolean).map((l) => l.slice(3)).sort();
    expect(files).toEqual(['.fw-context/.gitignore', '.fw-context/config.ini']);
  });
});
