// A PlatformIO project's default_envs names the build a query answers from when it names none, as `pio run`
// builds them without -e (the first of them); [build] default_variant wins; without default_envs it refuses.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { cliJson, copyFixtureToTemp, runCli } from '../helpers/fixture-project.js';

type Row = Record<string, unknown>;
const notice = (answer: unknown) => (answer as Row[]).find((r) => 'total' in r) as Row;

describe('PlatformIO default_envs', () => {
  let root: string;
  beforeAll(async () => {
    root = copyFixtureToTemp('adapters', 'platformio-multi-env');
    writeConfig(root, DEFAULT_CONFIG);
    await indexProject({ root });
  });

  it('a query naming no build answers from the first env of default_envs; variants and status say so', () => {
    expect(notice(cliJson(root, ['lookup', 'setup']))).toMatchObject({ variant: 'nucleo_f401re', image: 'app' });
    expect(cliJson(root, ['status'])).toMatchObject({ active_variant: 'nucleo_f401re' });
    expect(cliJson(root, ['variants'])).toMatchObject({ default_variant: 'nucleo_f401re' });
    expect(runCli(root, ['variants']).stdout).toMatch(/^nucleo_f401re .*\[default\]$/m);
    expect(notice(cliJson(root, ['lookup', 'setup', '--variant', 'esp32dev']))).toMatchObject({ variant: 'esp32dev' });
    expect(cliJson(root, ['memory'])).toMatchObject({ variant: 'nucleo_f401re', image: 'app' });
  });

  it('[build] default_variant wins over default_envs', () => {
    const copy = copyFixtureToTemp('adapters', 'platformio-multi-env');
    fs.cpSync(path.join(root, '.fw-context'), path.join(copy, '.fw-context'), { recursive: true });
    writeConfig(copy, { ...DEFAULT_CONFIG, defaultVariant: 'native' });
    expect(notice(cliJson(copy, ['lookup', 'setup']))).toMatchObject({ variant: 'native' });
  });

  it('without default_envs a query naming no build is refused with the choices', async () => {
    const copy = copyFixtureToTemp('adapters', 'platformio-multi-env');
    const ini = path.join(copy, 'platformio.ini');
    fs.writeFileSync(ini, fs.readFileSync(ini, 'utf8').replace(/^default_envs = .*$/m, ''));
    writeConfig(copy, DEFAULT_CONFIG);
    await indexProject({ root: copy });
    const r = runCli(copy, ['lookup', 'setup']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/builds and the query names none.*esp32dev.*native.*nucleo_f401re/);
    expect(r.stderr).toMatch(/default_envs/);
  });
});
