// Plain Make projects as users keep them beyond one Makefile in the root: [make.variants] (one Makefile, a build per
// board, `-C` for another folder), `index --build --variant` dry-running only the named build, and Makefile folders
// below a root where no other build was found (a few dry-run unasked, a docs Makefile and sub-makes left alone).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { topMakefileDirs } from '../../adapters/make/found-makefiles.js';
import type { Discovery } from '../../adapters/shared/discover-build-dirs.js';
import { runCli } from '../helpers/fixture-project.js';
import { copyFixture, FIXTURES_DIR, removeFixture } from './fixture-helper.js';

type Variants = { variants: { variant: string; images: { image: string; units: number; linking: { method: string } }[] }[] };

describe('[make.variants]: several builds of one Makefile', () => {
  const root = copyFixture('make-project');
  afterAll(() => removeFixture(root));
  const cli = (...args: string[]) => runCli(root, args);
  const config = path.join(root, '.fw-context', 'config.ini');
  const records = () => (JSON.parse(fs.readFileSync(path.join(root, '.fw-context', 'make-dry-run.json'), 'utf8')) as { runs: { variant?: string; command: string[]; at: string }[] }).runs;

  it('a variant per entry, each with its own arguments after [make] args, `-C` running another folder\'s Makefile', () => {
    fs.mkdirSync(path.dirname(config));
    fs.writeFileSync(config, '[make]\nargs =\n[make.variants]\nf401 = BOARD=nucleo_f401re\nf407 = BOARD=disco_f407\nhal = -C lib CFLAGS=-DHAL_ONLY\n');
    const r = cli('index', '--build');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('f407/*: regenerated (make -nBwk BOARD=disco_f407)');
    expect(r.stdout).toContain('hal/*: regenerated (make -nBwk CFLAGS=-DHAL_ONLY)');
    expect(r.stdout).not.toMatch(/warning: .*config\.ini/);
    const variants = JSON.parse(cli('variants', '--json').stdout) as Variants;
    expect(variants.variants.map((v) => [v.variant, v.images.map((i) => [i.image, i.units, i.linking.method])])).toEqual([
      ['f401', [['app', 5, 'make-dry-run'], ['boot', 5, 'make-dry-run']]],
      ['f407', [['app', 5, 'make-dry-run'], ['boot', 5, 'make-dry-run']]],
      ['hal', [['app', 2, 'unknown']]],
    ]);
    // Each board's own branch of lib/uart.c.
    expect(cli('lookup', 'uart_init', '--variant', 'f401', '--image', 'app').stdout).toContain('lib/uart.c:4');
    expect(cli('lookup', 'uart_init', '--variant', 'f407', '--image', 'app').stdout).toContain('lib/uart.c:9');
    expect(records().map((x) => x.variant)).toEqual(['f401', 'f407', 'hal']);
  });

  it('index --build --variant dry-runs that build alone and keeps the others\' runs', () => {
    const before = records();
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace('f407 = BOARD=disco_f407', 'f407 = BOARD=nucleo_f401re'));
    const r = cli('index', '--build', '--variant', 'f407');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('f407/*: regenerated');
    expect(r.stdout).not.toContain('f401/*');
    const after = records();
    expect(after.map((x) => x.variant)).toEqual(['f401', 'f407', 'hal']);
    expect(after[0].at).toBe(before[0].at);
    expect(after[2].at).toBe(before[2].at);
    expect(after[1].command).toEqual(['make', '-nBwk', 'BOARD=nucleo_f401re']);
    expect(cli('lookup', 'uart_init', '--variant', 'f407', '--image', 'app').stdout).toContain('lib/uart.c:4');
  });

  it('the config decides the builds: a variant added is warned of until dry-run, one removed is no longer a build', () => {
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace('hal = -C lib CFLAGS=-DHAL_ONLY\n', 'f429 = BOARD=nucleo_f429zi\n'));
    const r = cli('index');
    expect(r.stdout).toContain(`${config}: warning: [make] names a build no make dry run has read yet: f429`);
    expect(r.stdout).toContain('run `fw-context index --build` to dry-run them');
    const names = () => (JSON.parse(cli('variants', '--json').stdout) as Variants).variants.map((v) => v.variant);
    expect(names()).toEqual(['f401', 'f407']);
    expect(cli('index', '--build').status).toBe(0);
    expect(names()).toEqual(['f401', 'f407', 'f429']);
    expect(cli('index').stdout).not.toContain('no make dry run has read yet');
  });
});

describe('Makefile folders below the root', () => {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fwctx-make-below-')));
  afterAll(() => removeFixture(root));
  fs.cpSync(path.join(FIXTURES_DIR, 'make-project'), path.join(root, 'firmware'), { recursive: true });
  fs.mkdirSync(path.join(root, 'docs'));
  fs.writeFileSync(path.join(root, 'docs', 'Makefile'), 'html:\n\tsphinx-build -b html . _build\n');
  const cli = (...args: string[]) => runCli(root, args);

  it('without a run: a note names the firmware Makefile folder (not the docs one) and `index --build`', () => {
    const r = cli('index');
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`${path.join(root, 'firmware', 'Makefile')}: info: Makefile folders below the root, no other build found: firmware`);
    expect(r.stdout).toContain('`fw-context index --build` dry-runs each');
  });

  it('index --build dry-runs the topmost one (its sub-make read through it), a variant named after the folder', () => {
    const r = cli('index', '--build');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('firmware/*: regenerated (make -nBwk)');
    const variants = JSON.parse(cli('variants', '--json').stdout) as Variants;
    expect(variants.variants.map((v) => [v.variant, v.images.map((i) => [i.image, i.units])])).toEqual([['firmware', [['app', 5], ['boot', 5]]]]);
    expect(cli('lookup', 'uart_init', '--image', 'app').stdout).toContain('firmware/lib/uart.c:4');
  });
});

describe('topMakefileDirs', () => {
  const discovery = (dirs: [string, string[]][]): Discovery => ({
    root: '/p',
    dirs: dirs.map(([d, markers]) => ({ dir: path.join('/p', d), shownAs: path.join('/p', d), markers })),
    foldersSearched: 0,
    foldersFromCache: 0,
    foldersRelisted: 0,
    elapsedMs: 0,
    diagnostics: [],
  });

  it('keeps the topmost Makefile folders outside other builds and documentation, each with the makefile make reads', () => {
    const found = topMakefileDirs(discovery([
      ['a', ['GNUmakefile', 'Makefile']],
      ['a/sub', ['Makefile']],
      ['b/armgcc', ['makefile']],
      ['build', ['CMakeCache.txt', 'Makefile']],
      ['doc', ['Makefile']],
      ['pio', ['platformio.ini']],
      ['pio/lib/x', ['Makefile']],
    ]));
    expect(found).toEqual([{ dir: '/p/a', makefile: 'GNUmakefile' }, { dir: '/p/b/armgcc', makefile: 'makefile' }]);
  });

  it('finds none when the root holds a Makefile (its own dry run is about it)', () => {
    expect(topMakefileDirs(discovery([['.', ['Makefile']], ['b', ['Makefile']]]))).toEqual([]);
  });
});
