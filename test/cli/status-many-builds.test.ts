// Status of a project with many builds reads what it prints, not the builds' descriptions: its snapshot keeps
// each build's counts, not its units, and the default build comes from the detection cache's names file, not
// from the cache's every unit. A changed build description is still seen.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, STATE_DIR, writeConfig } from '../../src/project/config.js';
import { SNAPSHOT_FILE } from '../../src/query/status-snapshot.js';
import { generatePlatformioProject, writePlatformioSources } from '../bench/synthetic-platformio.js';
import { assertCliBuilt, CLI, tempDir } from '../helpers/fixture-project.js';

const ENVS = 12;

function statusJson(root: string): Record<string, unknown> {
  const r = spawnSync(process.execPath, [CLI, 'status', '--json'], { cwd: root, encoding: 'utf8' });
  expect(r.status).toBe(0);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

/** Sets `file`'s default_envs (the build a query naming none answers from). */
function setDefaultEnv(root: string, env: string): void {
  const ini = path.join(root, 'platformio.ini');
  fs.writeFileSync(ini, fs.readFileSync(ini, 'utf8').replace(/^\[platformio\]\n(default_envs = .*\n)?/m, `[platformio]\ndefault_envs = ${env}\n`));
}

describe('status of many builds', () => {
  let root = '';
  beforeAll(() => {
    assertCliBuilt();
    root = fs.realpathSync(tempDir('fwc-many-builds-'));
    generatePlatformioProject(root, ENVS);
    writePlatformioSources(root, 4);
    setDefaultEnv(root, 'board_3');
    writeConfig(root, DEFAULT_CONFIG);
    // The detection cache is keyed by the adapters' code: the built CLI's.
    expect(spawnSync(process.execPath, [CLI, 'index'], { cwd: root }).status).toBe(0);
  });

  it("keeps in its snapshot each build's counts, not its units, and answers from it as from the index", () => {
    fs.rmSync(path.join(root, STATE_DIR, SNAPSHOT_FILE), { force: true });
    const fromIndex = statusJson(root);
    expect(fromIndex).toMatchObject({ status: 'ready', active_variant: 'board_3', units: 5 });
    const snapshot = fs.readFileSync(path.join(root, STATE_DIR, SNAPSHOT_FILE), 'utf8');
    expect(snapshot).not.toContain(path.join(root, 'src', 'drv_0.c'));
    expect(statusJson(root)).toEqual(fromIndex);
  });

  it('takes the default build from the names of the detection cache, without reading its units', () => {
    const cache = path.join(root, STATE_DIR, 'detection.json');
    statusJson(root);
    // The cache's bytes replaced: a read of it would miss, detect anew and write it again.
    const filler = Buffer.alloc(fs.statSync(cache).size, 0x20);
    fs.writeFileSync(cache, filler);
    expect(statusJson(root)).toMatchObject({ status: 'ready', active_variant: 'board_3' });
    expect(fs.readFileSync(cache).equals(filler)).toBe(true);
  });

  it('sees a changed default_envs', () => {
    setDefaultEnv(root, 'board_5');
    expect(statusJson(root)).toMatchObject({ active_variant: 'board_5' });
    setDefaultEnv(root, 'board_3');
    expect(statusJson(root)).toMatchObject({ active_variant: 'board_3' });
  });
});
