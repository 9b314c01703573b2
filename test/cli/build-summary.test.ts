// Large build sets are summarised (counts by build system and board, first names) instead of listed.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { summarizeBuilds, type SummaryBuild } from '../../src/cli/build-summary.js';
import { runInit, runVariants } from '../../src/cli/project-commands.js';
import { tempDir } from '../helpers/fixture-project.js';

describe('summarizeBuilds', () => {
  const envs: SummaryBuild[] = Array.from({ length: 262 }, (_, i) => ({ variant: `env${String(i).padStart(3, '0')}`, image: 'app', board: i % 2 ? 'esp32dev' : `board${i % 20}`, buildSystem: 'platformio', notBuilt: i > 0 }));
  envs.push({ variant: 'zephyr-app', image: 'mcuboot', board: null, buildSystem: 'zephyr' });
  const text = summarizeBuilds(envs).join('\n');

  it('counts by build system and by board, most first, and names only the first variants', () => {
    expect(text).toMatch(/^263 build\(s\) in 263 variant\(s\); by build system: platformio 262, zephyr 1$/m);
    expect(text).toMatch(/^by board: esp32dev 131, board\d+ \d+, .*, \d+ more$/m);
    expect(text).toMatch(/261 of them derived, not built/);
    expect(text).toMatch(/first 10 variants: env000, env001, .*env009, \.\.\. \(--json lists all\)/);
    expect(text).not.toContain('env010');
    expect(text.split('\n').length).toBeLessThanOrEqual(5);
  });
});

describe('init, variants and status on a project of 30 PlatformIO envs', () => {
  const root = tempDir();
  fs.mkdirSync(path.join(root, 'src'));
  fs.writeFileSync(path.join(root, 'src', 'main.c'), 'int main(void) { return 0; }\n');
  const envs = Array.from({ length: 30 }, (_, i) => `[env:e${String(i).padStart(2, '0')}]\nplatform = native\nboard = ${i < 20 ? 'uno' : 'nano'}\n`);
  fs.writeFileSync(path.join(root, 'platformio.ini'), envs.join('\n'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('init reports the search and summarises instead of listing 30 builds; --json lists all', async () => {
    const text = (await runInit({ cwd: root, json: false })).text;
    expect(text).toMatch(/Searched \d+ folders in \d+ ms for builds/);
    expect(text).toMatch(/30 build\(s\) in 30 variant\(s\); by build system: platformio 30/);
    expect(text).toMatch(/by board: uno 20, nano 10/);
    expect(text).toMatch(/30 of them derived, not built/);
    expect(text).not.toContain('e29');
    const json = JSON.parse((await runInit({ cwd: root, json: true })).text) as { builds: unknown[]; search: { folders: number } };
    expect(json.builds).toHaveLength(30);
    expect(json.search.folders).toBeGreaterThan(0);
  });

  it('variants summarises too', async () => {
    const text = (await runVariants({ cwd: root, json: false })).text;
    expect(text).toMatch(/^30 build\(s\)/);
    expect(text.split('\n').length).toBeLessThan(10);
  });
});
