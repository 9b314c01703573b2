// The code-reading commands through the built CLI on the two-board fixture: text and --json output, refusals.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { copyFixture, fixturePath } from '../../src/project/copy-fixture.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { cliJson, runCli, tempDir } from '../helpers/fixture-project.js';

let root: string;

beforeAll(async () => {
  root = path.join(copyFixture(fixturePath('reading', 'two-board-mixed'), tempDir()), 'project');
  writeConfig(root, { ...DEFAULT_CONFIG });
  await indexProject({ root });
});

describe('reading commands', () => {
  it('read prints the build\'s view with line numbers, --plain without', () => {
    const r = runCli(root, ['read', 'main.c', '--variant', 'build-board-b', '--start-line', '30', '--end-line', '33']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('30\t/** Board B reads its sensor through the ADC. */');
    const plain = runCli(root, ['read', 'main.c', '--variant', 'build-board-a', '--start-line', '33', '--end-line', '33', '--plain']);
    expect(plain.stdout.split('\n')[1]).toBe('');
  });

  it('refuses a path that climbs out, exit 1 with a hint', () => {
    const r = runCli(root, ['read', '../sdk/include/hal_gpio.h', '--variant', 'build-board-a']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/"\.\." segment[\s\S]*hint:/);
  });

  it('vars, bodies, file-map, context and the class commands answer in JSON', () => {
    const vars = cliJson(root, ['vars', 'g_last_error', '--variant', 'build-board-a']) as Record<string, unknown>[];
    expect(vars[1]).toMatchObject({ name: 'g_last_error', counts: { write: 2, read: 1 } });
    const bodies = cliJson(root, ['bodies', 'hal_gpio_write LED_PIN', '--variant', 'build-board-a']) as Record<string, unknown>[];
    expect(bodies.slice(1).map((b) => b.name)).toEqual(['led_toggle']);
    const map = cliJson(root, ['file-map', 'src/state.c', '--variant', 'build-board-a']) as { groups: { kind: string }[] };
    expect(map.groups.map((g) => g.kind)).toEqual(['function', 'varglobal']);
    expect(cliJson(root, ['context', 'error_reset', '--variant', 'build-board-a'])).toMatchObject({ constants: [{ name: 'ERR_NONE', enum_value: 0 }] });
    expect(cliJson(root, ['inheritance', 'TemperatureSensor', '--direct', '--variant', 'build-board-a'])).toMatchObject({ bases: [{ qualified_name: 'FilteredSensor' }] });
    expect(runCli(root, ['members', 'Sensor', '--variant', 'build-board-a']).stdout).toContain('virtual int read() = 0');
    expect(runCli(root, ['overrides', 'name', '--variant', 'build-board-a']).stdout).toContain('overridden by: TemperatureSensor::name');
    expect(runCli(root, ['instances', 'RingBuffer', '--variant', 'build-board-a']).stdout).toContain('RingBuffer<char, 16>  explicit');
  });
});
