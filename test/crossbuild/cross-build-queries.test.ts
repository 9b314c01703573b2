// Questions that span builds, on a Zephyr workspace with two boards and a sysbuild app + MCUboot:
// which builds define a symbol (and the #if that decides for the others), whether a line is compiled per
// build, and what differs between two builds.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDiff } from '../../src/cli/crossbuild-commands.js';
import { diffBuilds } from '../../src/query/diff-builds.js';
import { isCompiled } from '../../src/query/is-compiled.js';
import { withProject } from '../../src/query/project-context.js';
import { QueryError } from '../../src/query/query-error.js';
import { whichBuilds } from '../../src/query/which-builds.js';
import { indexedFixture } from '../helpers/fixture-project.js';

let root: string;
beforeAll(async () => {
  ({ root } = await indexedFixture(['crossbuild', 'zephyr-boards-sysbuild']));
});

const which = (name: string, kind?: string) => withProject(root, (ctx) => whichBuilds(ctx, { name, kind }));
const compiled = (file: string, line: number) => withProject(root, (ctx) => isCompiled(ctx, { file, line }));
const entry = <T extends { variant: string; image: string }>(rows: T[], label: string) => rows.find((r) => `${r.variant}:${r.image}` === label)!;

describe('which_builds', () => {
  it('names exactly the builds that compile a board-specific driver function, and the deciding #if for the others', () => {
    const r = which('gpio_nrfx_pin_configure');
    expect(r.defined_in).toEqual(['build-nrf52840dk:app', 'build-sysbuild:blinky']);
    expect(r.absent_from).toEqual(['build-sysbuild:mcuboot', 'nucleo_f401re:app']);
    expect(entry(r.builds, 'build-nrf52840dk:app').locations).toEqual([expect.objectContaining({ file: 'zephyr/drivers/gpio/gpio_pins.c', line: 7, kind: 'function' })]);

    const stm = entry(r.builds, 'nucleo_f401re:app').why_not_defined![0];
    expect(stm).toMatchObject({ file: 'zephyr/drivers/gpio/gpio_pins.c', line: 7, status: 'inactive_branch' });
    expect(stm.deciding).toMatchObject({ line: 5, text: '#if defined(CONFIG_GPIO_NRFX)', condition: 'defined(CONFIG_GPIO_NRFX)' });
    expect(stm.deciding!.taken_instead).toMatchObject({ line: 11, text: '#elif defined(CONFIG_GPIO_STM32)' });
    expect(stm.deciding!.macros).toEqual([
      expect.objectContaining({ name: 'CONFIG_GPIO_NRFX', defined: false }),
      { name: 'CONFIG_GPIO_STM32', defined: true, definitions: [expect.objectContaining({ _macro_value: '1', file: 'build-stm32f4/zephyr/include/generated/autoconf.h' })] },
    ]);

    const boot = entry(r.builds, 'build-sysbuild:mcuboot').why_not_defined![0];
    expect(boot.deciding).toMatchObject({ line: 5, text: '#if defined(CONFIG_GPIO_NRFX)' });
    expect(boot.deciding!.taken_instead).toBeUndefined();
    expect(boot.deciding!.macros[0]).toMatchObject({ name: 'CONFIG_GPIO_NRFX', defined: false, note: expect.stringContaining('build-sysbuild/mcuboot/zephyr/include/generated/zephyr/autoconf.h') });
  });

  it('finds a bootloader-only function defined only in the bootloader image', () => {
    const r = which('boot_go', 'function');
    expect(r.defined_in).toEqual(['build-sysbuild:mcuboot']);
    expect(r.absent_from.sort()).toEqual(['build-nrf52840dk:app', 'build-sysbuild:blinky', 'nucleo_f401re:app']);
    for (const label of r.absent_from) {
      expect(entry(r.builds, label).why_not_defined).toEqual([expect.objectContaining({ file: 'bootloader/mcuboot/boot/bootutil/src/loader.c', status: 'unit_not_in_build' })]);
    }
  });

  it('works for types: a bootloader struct, absent where no unit includes its header', () => {
    const r = which('boot_rsp', 'struct');
    expect(r.defined_in).toEqual(['build-sysbuild:mcuboot']);
    expect(entry(r.builds, 'nucleo_f401re:app').why_not_defined).toEqual([
      expect.objectContaining({ file: 'bootloader/mcuboot/boot/bootutil/include/bootutil/bootutil.h', status: 'file_not_included' }),
    ]);
    expect(which('boot_rsp::br_image_off', 'field').defined_in).toEqual(['build-sysbuild:mcuboot']);
  });

  it('gives a macro its value in each build', () => {
    const r = which('GPIO_PORT_PIN_COUNT');
    expect(r.defined_in).toHaveLength(4);
    const value = (label: string) => entry(r.builds, label).macro!.map((m) => [m._macro_value, m.line]);
    expect(value('build-nrf52840dk:app')).toEqual([['32', 6]]);
    expect(value('build-sysbuild:mcuboot')).toEqual([['32', 6]]);
    expect(value('nucleo_f401re:app')).toEqual([['16', 8]]);
  });

  it('tells builds that define a function in different files apart, and explains a build without any', () => {
    const r = which('board_init');
    expect(entry(r.builds, 'nucleo_f401re:app').locations![0].file).toBe('blinky/src/board_stm32.c');
    expect(entry(r.builds, 'build-nrf52840dk:app').locations![0].file).toBe('blinky/src/board_nrf.c');
    expect(entry(r.builds, 'build-sysbuild:mcuboot').status).toBe('absent');
    expect(entry(r.builds, 'build-sysbuild:mcuboot').why_not_defined!.map((w) => w.status)).toEqual(['unit_not_in_build', 'unit_not_in_build']);
    expect(which('board_init', 'macro').defined_in).toEqual([]);
  });

  it('marks builds that only declare a name', () => {
    const r = which('boot_write_img_confirmed');
    expect(r.declared_only_in).toEqual(['build-nrf52840dk:app', 'build-sysbuild:blinky', 'nucleo_f401re:app']);
    expect(r.note).toMatch(/only declarations/);
  });

  it('finds a function no build compiles in the sources, and each build says which #if keeps it out', () => {
    const r = which('gpio_nrfx_isr');
    expect(r.defined_in).toEqual([]);
    expect(r.definition_places).toEqual([expect.objectContaining({ file: 'zephyr/drivers/gpio/gpio_pins.c', line: 32, defined_in_builds: 0 })]);
    for (const b of r.builds) expect(b.why_not_defined![0].deciding).toMatchObject({ line: 30, text: '#ifdef CONFIG_GPIO_NRFX_INTERRUPT' });
  });

  it('pages over builds and refuses an empty name', () => {
    const r = withProject(root, (ctx) => whichBuilds(ctx, { name: 'boot_go', limit: 1, offset: 1 }));
    expect(r).toMatchObject({ total: 4, shown: 1, offset: 1, more: true, next_offset: 2 });
    expect(r.defined_in).toEqual(['build-sysbuild:mcuboot']);
    expect(() => which(' ')).toThrow(QueryError);
  });
});

describe('is_compiled', () => {
  it('answers per build for a line inside #ifdef CONFIG_BOOTLOADER_MCUBOOT', () => {
    const r = compiled('blinky/src/main.c', 14);
    expect(r.line_text?.trim()).toBe('boot_write_img_confirmed();');
    expect(r.compiled_in).toEqual(['build-sysbuild:blinky']);
    const standalone = entry(r.builds, 'build-nrf52840dk:app');
    expect(standalone).toMatchObject({ compiled: false, status: 'inactive_branch' });
    expect(standalone.deciding).toMatchObject({ line: 13, text: '#ifdef CONFIG_BOOTLOADER_MCUBOOT', macros: [expect.objectContaining({ name: 'CONFIG_BOOTLOADER_MCUBOOT', defined: false })] });
    expect(entry(r.builds, 'build-sysbuild:mcuboot')).toMatchObject({ compiled: false, status: 'unit_not_in_build' });
  });

  it('answers for a header line and for the directive itself', () => {
    const h = compiled('drivers/gpio.h', 6);
    expect(h.file).toBe('zephyr/include/zephyr/drivers/gpio.h');
    expect(h.not_compiled_in).toEqual(['nucleo_f401re:app']);
    expect(entry(h.builds, 'nucleo_f401re:app').deciding!.taken_instead).toMatchObject({ line: 7 });
    const d = compiled('blinky/src/main.c', 13);
    expect(entry(d.builds, 'build-sysbuild:blinky')).toMatchObject({ compiled: true, directive: { branch_taken: true } });
    expect(entry(d.builds, 'nucleo_f401re:app')).toMatchObject({ compiled: true, directive: { branch_taken: false } });
  });

  it('refuses an ambiguous file with its candidates, and a line past the end', () => {
    try {
      compiled('main.c', 3);
      expect.unreachable();
    } catch (e) {
      expect((e as QueryError).details.candidates).toEqual(['blinky/src/main.c', 'bootloader/mcuboot/boot/zephyr/main.c']);
    }
    expect(() => compiled('blinky/src/main.c', 999)).toThrow(/has 17 lines/);
  });
});

describe('diff_builds', () => {
  const diff = (a: { variant: string; image?: string }, b: { variant: string; image?: string }, more: Record<string, unknown> = {}) =>
    withProject(root, (ctx) => diffBuilds(ctx, { a, b, ...more }));

  it('lists board-only files, differing defines and Kconfig, and memory regions with values', () => {
    const r = diff({ variant: 'build-nrf52840dk' }, { variant: 'nucleo_f401re' }, { limit: 1000 });
    const s = r.sections;
    expect(s.units_only_in_a!.items).toEqual(['blinky/src/board_nrf.c']);
    expect(s.units_only_in_b!.items).toEqual(['blinky/src/board_stm32.c']);
    expect(s.files_only_in_a!.items).toContain('blinky/src/board_nrf.c');
    expect(s.files_compiled_differently!.items).toEqual(['zephyr/drivers/gpio/gpio_pins.c', 'zephyr/include/zephyr/drivers/gpio.h']);
    expect(s.defines!.items).toEqual(expect.arrayContaining([{ name: 'NRF52840_XXAA', a: '1', b: null }, { name: 'STM32F401xE', a: null, b: '1' }]));
    expect(s.kconfig!.items).toEqual(expect.arrayContaining([{ name: 'CONFIG_FLASH_SIZE', a: '1024', b: '512' }, { name: 'CONFIG_GPIO_NRFX', a: '1', b: null }, { name: 'CONFIG_GPIO_STM32', a: null, b: '1' }]));
    expect(s.kconfig!.items).not.toContainEqual(expect.objectContaining({ name: 'CONFIG_GPIO' }));
    const regions = Object.fromEntries((s.memory_regions!.items as { name: string; a: any; b: any }[]).map((x) => [x.name, [x.a.origin_value, x.a.length_value, x.b.origin_value, x.b.length_value]]));
    expect(regions).toEqual({ FLASH: [0, 1048576, 0x8000000, 524288], RAM: [0x20000000, 262144, 0x20000000, 98304] });
    expect(r.entry_point).toEqual({ a: '__start', b: '__start', differs: false });
    expect(s.linker_symbols!.items).toContainEqual({ name: '_flash_page_size', a: '_flash_page_size = 0x1000', b: '_flash_page_size = 0x4000' });
    expect((s.symbols_only_in_a!.items as { name: string }[]).map((x) => x.name)).toEqual(['gpio_nrfx_pin_configure']);
    expect((s.symbols_only_in_b!.items as { name: string }[]).map((x) => x.name)).toEqual(['gpio_stm32_configure']);
    // Each board implements board_init in its own file: the same name and kind, defined elsewhere.
    expect(s.symbols_defined_differently!.items).toEqual([
      {
        name: 'board_init',
        qualified_name: 'board_init',
        kind: 'function',
        a: [{ file: 'blinky/src/board_nrf.c', line: 4, signature: 'void board_init(void)' }],
        b: [{ file: 'blinky/src/board_stm32.c', line: 4, signature: 'void board_init(void)' }],
      },
    ]);
    expect(r.counts.symbols_defined_differently).toBe(1);
    const text = formatDiff(r);
    expect(text).toContain('Symbols: 1 only in A, 1 only in B, 1 defined differently');
    expect(text).toContain('~ board_init (function)  A: blinky/src/board_nrf.c:4   B: blinky/src/board_stm32.c:4');
  });

  it('compares the application with its bootloader image', () => {
    const r = diff({ variant: 'build-sysbuild', image: 'blinky' }, { variant: 'build-sysbuild', image: 'mcuboot' });
    expect(r.counts.units_only_in_b).toBe(2);
    // Both images have a main, each its own.
    expect(r.sections.symbols_defined_differently!.items).toEqual([
      expect.objectContaining({ name: 'main', a: [expect.objectContaining({ file: 'blinky/src/main.c' })], b: [expect.objectContaining({ file: 'bootloader/mcuboot/boot/zephyr/main.c' })] }),
    ]);
    expect((r.sections.symbols_only_in_b!.items as { name: string; is_definition: boolean }[]).filter((x) => x.is_definition).map((x) => x.name)).toContain('boot_go');
    expect(r.sections.memory_regions!.items).toEqual([expect.objectContaining({ name: 'FLASH', a: expect.objectContaining({ origin_value: 0xc000 }), b: expect.objectContaining({ origin_value: 0, length_value: 0xc000 }) })]);
  });

  it('pages one section, and refuses an unknown section or the same build twice', () => {
    const all = diff({ variant: 'build-nrf52840dk' }, { variant: 'nucleo_f401re' }, { limit: 1000 });
    const page = diff({ variant: 'build-nrf52840dk' }, { variant: 'nucleo_f401re' }, { section: 'kconfig', limit: 10, offset: 10 });
    expect(Object.keys(page.sections)).toEqual(['kconfig']);
    expect(page.sections.kconfig).toMatchObject({ total: all.counts.kconfig, offset: 10, shown: 10, more: true, next_offset: 20 });
    expect(page.sections.kconfig!.items).toEqual(all.sections.kconfig!.items.slice(10, 20));
    expect(() => diff({ variant: 'nucleo_f401re' }, { variant: 'nucleo_f401re' })).toThrow(/same build/);
    expect(() => diff({ variant: 'nucleo_f401re' }, { variant: 'build-nrf52840dk' }, { section: 'everything' })).toThrow(/unknown section/);
    expect(() => diff({ variant: 'build-sysbuild' }, { variant: 'build-nrf52840dk' })).toThrow(/images/);
  });
});

describe('a file edited after indexing', () => {
  it('is named in a warning (runs last: it edits the fixture copy)', () => {
    fs.appendFileSync(path.join(root, 'zephyr/drivers/gpio/gpio_pins.c'), '\n/* edited */\n');
    expect(which('gpio_nrfx_pin_configure').warning).toMatch(/zephyr\/drivers\/gpio\/gpio_pins\.c/);
    expect(compiled('zephyr/drivers/gpio/gpio_pins.c', 7).warning).toMatch(/changed on disk/);
  });
});
