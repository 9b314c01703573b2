// `fw-context index --build`: regenerates the compile database with cmake so a newly added source stops
// being a reindex reason; without the tool it names the command to run by hand.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { regenerationPlan } from '../../src/indexer/regenerate-build.js';
import { detectProjectBuilds } from '../../src/project/project-builds.js';
import { DEFAULT_CONFIG } from '../../src/project/config.js';
import { cliJson, copyFixtureToTemp, hasTool, runCli, touchFuture } from '../helpers/fixture-project.js';

describe.skipIf(!hasTool('cmake') || !hasTool('gcc'))('index --build with cmake', () => {
  it('picks up a source added to CMakeLists.txt', () => {
    const root = copyFixtureToTemp('index', 'drivers-hal-cmake');
    expect(runCli(root, ['index']).status).toBe(0);
    const spi = path.join(root, 'src/drivers/spi.c');
    fs.writeFileSync(spi, '/** Bring up the SPI bus. */\nint spi_init(void) { return 0; }\n');
    touchFuture(spi);
    const cml = path.join(root, 'CMakeLists.txt');
    fs.writeFileSync(cml, fs.readFileSync(cml, 'utf8').replace('  src/drivers/gpio.c\n', '  src/drivers/gpio.c\n  src/drivers/spi.c\n'));
    const before = cliJson(root, ['status']) as Record<string, any>;
    expect(before.status).toBe('reindex_needed');
    expect(before.reindex_reasons.join(' ')).toMatch(/fw-context index --build/);

    const r = runCli(root, ['index', '--build']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/regenerated \(cmake -S .* -B .*build -DCMAKE_EXPORT_COMPILE_COMMANDS=ON\)/);
    const after = cliJson(root, ['status']) as Record<string, any>;
    expect(after.status).toBe('ready');
    const found = (cliJson(root, ['lookup', 'spi_init']) as Record<string, any>[]).filter((x) => 'kind' in x);
    expect(found[0]).toMatchObject({ file: 'src/drivers/spi.c', docstring: 'Bring up the SPI bus.' });
  });
});

describe('regeneration plans', () => {
  it('names the tool per build system and what to run by hand', () => {
    const root = copyFixtureToTemp('adapters', 'platformio-multi-env');
    const { builds } = detectProjectBuilds(root, DEFAULT_CONFIG);
    const plan = regenerationPlan(root, builds.find((b) => b.variant === 'native')!);
    expect(plan).toMatchObject({ tool: 'pio', argv: ['pio', 'run', '-t', 'compiledb', '-e', 'native'] });
    if (!hasTool('pio')) {
      const out = runCli(root, ['index', '--build', '--variant', 'native']);
      expect(out.stdout).toMatch(/native\/app: missing_tool \(pio run -t compiledb -e native\) — `pio` is not installed here; run `pio run -t compiledb -e native` by hand/);
    }
  });
});
