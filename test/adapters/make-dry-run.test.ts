// A plain Make project (no CMake, no compile database): `index --build` runs make's dry run and reads its compile
// units, one image per program it links (objects through the archives a sub-make builds, linker scripts from -T),
// with [make] args reaching make; a makefile changed since the run is warned of; without a run a note says how.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readDryRunCommands } from '../../adapters/make/dry-run-commands.js';
import { runCli } from '../helpers/fixture-project.js';
import { copyFixture, removeFixture } from './fixture-helper.js';

/** What an older GNU make prints for a project whose recipes `cd`, set the environment and continue lines. */
const OLD_MAKE_OUTPUT = [
  "make: Entering directory `/work/fw'",
  'echo "CC main.c"',
  'ccache arm-none-eabi-gcc -DA=1 -include cfg.c \\',
  '  -c src/main.c -o out/main.o',
  "make[1]: Entering directory `/work/fw/drivers'",
  'cd spi && LANG=C arm-none-eabi-gcc -c spi.c -o spi.o && arm-none-eabi-ar rcs ../libdrv.a spi.o',
  "make[1]: Leaving directory `/work/fw/drivers'",
  'arm-none-eabi-gcc -c one.c two.c',
  "make[1]: Entering directory `/work/fw/drivers'",
  'cd spi && LANG=C arm-none-eabi-gcc -c spi.c -o spi.o && arm-none-eabi-ar rcs ../libdrv.a spi.o',
  "make[1]: Leaving directory `/work/fw/drivers'",
  'arm-none-eabi-gcc -T link.ld -o out/fw.elf out/main.o drivers/libdrv.a -lm',
  'cc -O2 tools/gen.c out/main.o -Ldrivers -ldrv -o out/gen',
  "make: *** [out/extra.o] Error 1",
  "make: Leaving directory `/work/fw'",
].join('\n');

describe('make dry run output', () => {
  it('reads each compiler run with -c in the folder make announced or a cd reached (once when printed again), and the programs linked', () => {
    const { units, links } = readDryRunCommands(OLD_MAKE_OUTPUT, '/elsewhere');
    expect(units.map((u) => [u.file, u.directory, u.output])).toEqual([
      ['/work/fw/src/main.c', '/work/fw', '/work/fw/out/main.o'],
      ['/work/fw/drivers/spi/spi.c', '/work/fw/drivers/spi', '/work/fw/drivers/spi/spi.o'],
      ['/work/fw/one.c', '/work/fw', undefined],
      ['/work/fw/two.c', '/work/fw', undefined],
      // Compiled and linked at once: no object of its own, the link consumes it.
      ['/work/fw/tools/gen.c', '/work/fw', '/work/fw/tools/gen.c.o'],
    ]);
    // The launcher and the environment go; a source given to -include is an option's value, not a unit.
    expect(units[0].arguments).toEqual(['arm-none-eabi-gcc', '-DA=1', '-include', 'cfg.c', '-c', 'src/main.c', '-o', 'out/main.o']);
    expect(units[2].arguments).toEqual(['arm-none-eabi-gcc', '-c', 'one.c']);
    expect(links).toHaveLength(2);
    expect([...links[0].objects].sort()).toEqual(['/work/fw/drivers/spi/spi.o', '/work/fw/out/main.o']);
    // An archive the run makes, named as -ldrv in a -L folder.
    expect([...links[1].objects].sort()).toEqual(['/work/fw/drivers/spi/spi.o', '/work/fw/out/main.o', '/work/fw/tools/gen.c.o']);
  });
});

describe('plain Make projects', () => {
  const root = copyFixture('make-project');
  afterAll(() => removeFixture(root));
  const cli = (...args: string[]) => runCli(root, args);

  it('without a dry run: no build, and a note naming the Makefile and `index --build`', () => {
    const r = cli('index');
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`${path.join(root, 'Makefile')}: info: a Makefile project`);
    expect(r.stdout).toContain('fw-context index --build');
  });

  it('index --build reads an image per program: its units, linked objects through the sub-make archive, linker script', () => {
    const r = cli('index', '--build');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('regenerated (make -nBwk)');
    expect(fs.existsSync(path.join(root, '.fw-context', 'make-dry-run.json'))).toBe(true);
    const variants = JSON.parse(cli('variants', '--json').stdout) as { variants: { images: { image: string; build_system: string; units: number; linked_units: number; linking: { method: string } }[] }[] };
    const images = variants.variants.flatMap((v) => v.images);
    expect(images.map((i) => [i.image, i.build_system, i.units, i.linked_units, i.linking.method])).toEqual([
      ['app', 'make', 5, 4, 'make-dry-run'],
      ['boot', 'make', 5, 1, 'make-dry-run'],
    ]);
    expect(cli('lookup', 'uart_init', '--image', 'app').stdout).toMatch(/function\s+uart_init\s+lib\/uart\.c:4\n/);
    expect(cli('lookup', 'uart_init', '--image', 'boot').stdout).toContain('0 of 0 result(s)');
    expect(cli('memory', '--image', 'app').stdout).toMatch(/FLASH\s+\(rx\)\s+0x08010000/);
    expect(cli('memory', '--image', 'boot').stdout).toMatch(/FLASH\s+\(rx\)\s+0x08000000/);
  });

  it('[make] args reach make: another board compiles the other branch', () => {
    const config = path.join(root, '.fw-context', 'config.ini');
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace(/^args =.*$/m, 'args = BOARD=disco_f407'));
    expect(cli('index', '--build').status).toBe(0);
    expect(cli('lookup', 'uart_init', '--image', 'app').stdout).toMatch(/function\s+uart_init\s+lib\/uart\.c:9\n/);
  });

  it('[make] dirs: a variant per Makefile folder (the library\'s archives its units and links no program)', () => {
    const config = path.join(root, '.fw-context', 'config.ini');
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace(/(\[make\][^[]*?)^dirs =.*$/m, '$1dirs = ., lib'));
    expect(cli('index', '--build').status).toBe(0);
    const variants = JSON.parse(cli('variants', '--json').stdout) as { variants: { variant: string; images: { image: string; units: number; linking: { method: string } }[] }[] };
    const shown = variants.variants.map((v) => [v.variant === path.basename(root) ? '<root>' : v.variant, v.images.map((i) => [i.image, i.units, i.linking.method])]);
    expect(shown).toEqual([
      ['<root>', [['app', 5, 'make-dry-run'], ['boot', 5, 'make-dry-run']]],
      ['lib', [['app', 2, 'unknown']]],
    ]);
    expect(cli('lookup', 'gpio_init', '--variant', 'lib').stdout).toContain('lib/gpio.c:3');
  });

  it('a makefile changed since the dry run (an included one) is warned of, and the run\'s commands still answer', () => {
    fs.appendFileSync(path.join(root, 'common.mk'), 'CFLAGS += -DEXTRA\n');
    const r = cli('index');
    expect(r.stdout).toContain(`${path.join(root, 'common.mk')}: warning: this makefile changed since the make dry run`);
    expect(cli('lookup', 'uart_init', '--variant', path.basename(root), '--image', 'app').stdout).toContain('lib/uart.c:9');
    // CI's check calls the builds stale until the dry run runs again.
    const check = cli('check');
    expect(check.status).toBe(1);
    expect(check.stdout).toMatch(/common\.mk.*changed since the make dry run/);
    expect(check.stdout).toContain('fw-context index --build');
    expect(cli('index', '--build').status).toBe(0);
    expect(cli('check').status).toBe(0);
  });
});
