// One build = one (variant, image): multi-board Zephyr, sysbuild images, PlatformIO envs and mbed targets
// indexed end to end; queries refuse to guess and answer from exactly the build they name.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { getActiveBuild } from '../../src/query/active-build.js';
import { listVariants } from '../../src/query/list-variants.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { withProject } from '../../src/query/project-context.js';
import { QueryError } from '../../src/query/query-error.js';
import { searchCode } from '../../src/query/search-code.js';
import { configPath, readConfig, writeConfig } from '../../src/project/config.js';
import { indexedFixture } from '../helpers/fixture-project.js';

type Rows = Record<string, any>[];
const symbols = (r: unknown) => (r as Rows).filter((x) => 'kind' in x);
const refusal = (fn: () => unknown): QueryError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof QueryError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
};

describe('Zephyr: two boards and a sysbuild folder', () => {
  let root: string;
  beforeAll(async () => {
    ({ root } = await indexedFixture(['adapters', 'zephyr-multi-board']));
  });

  it('refuses a query that names no build and lists every choice', () => {
    const e = refusal(() => withProject(root, (ctx) => searchCode(ctx, { query: 'board init' })));
    expect(e.message).toMatch(/4 builds and the query names none/);
    for (const v of ['build-nrf52840dk', 'nucleo_f401re', 'build-sysbuild (images: blinky, mcuboot)']) expect(e.message).toContain(v);
    expect(e.details.variant_images).toMatchObject({ 'build-sysbuild': ['blinky', 'mcuboot'] });
    expect(refusal(() => withProject(root, (ctx) => searchCode(ctx, { query: 'x', variant: '*' }))).message).toMatch(/"\*" is not a build/);
    expect(refusal(() => withProject(root, (ctx) => searchCode(ctx, { query: 'x', variant: 'nope' }))).message).toMatch(/unknown variant "nope"/);
  });

  it('finds a board-only file with that board and not with the other', () => {
    const nrf = symbols(withProject(root, (ctx) => lookupSymbol(ctx, { name: 'board_init', variant: 'build-nrf52840dk' })));
    expect(nrf.map((s) => s.file)).toContain('blinky/src/board_nrf.c');
    expect(nrf.map((s) => s.file)).not.toContain('blinky/src/board_stm32.c');
    const stm = symbols(withProject(root, (ctx) => lookupSymbol(ctx, { name: 'board_init', variant: 'nucleo_f401re' })));
    expect(stm.map((s) => s.file)).toContain('blinky/src/board_stm32.c');
    expect(stm.map((s) => s.file)).not.toContain('blinky/src/board_nrf.c');
  });

  it('answers from default_variant when the config sets it', () => {
    writeConfig(root, { ...readConfig(root), defaultVariant: 'nucleo_f401re' });
    try {
      const r = withProject(root, (ctx) => lookupSymbol(ctx, { name: 'board_init' })) as Rows;
      expect(r.find((x) => 'total' in x)).toMatchObject({ variant: 'nucleo_f401re', image: 'app' });
      const s = withProject(root, (ctx) => getActiveBuild(ctx));
      expect(s).toMatchObject({ multi: true, active_variant: 'nucleo_f401re', active_image: 'app', build_system: 'zephyr' });
    } finally {
      writeConfig(root, { ...readConfig(root), defaultVariant: null });
    }
  });

  it('sysbuild: refuses without an image, answers from MCUboot only with image mcuboot', () => {
    const e = refusal(() => withProject(root, (ctx) => searchCode(ctx, { query: 'main', variant: 'build-sysbuild' })));
    expect(e.message).toMatch(/2 images and the query names none: blinky, mcuboot/);
    const boot = withProject(root, (ctx) => listSymbolsFiles(ctx, 'build-sysbuild', 'mcuboot'));
    expect(boot.length).toBeGreaterThan(0);
    expect(boot.every((f) => !f.startsWith('blinky/'))).toBe(true);
    expect(boot).toContain('bootloader/mcuboot/boot/zephyr/main.c');
    const app = withProject(root, (ctx) => listSymbolsFiles(ctx, 'build-sysbuild', 'blinky'));
    expect(app).not.toContain('bootloader/mcuboot/boot/zephyr/main.c');
  });

  it('get_active_build describes variants, images and the chosen build', () => {
    const s = withProject(root, (ctx) => getActiveBuild(ctx, { variant: 'build-sysbuild', image: 'mcuboot' })) as Record<string, any>;
    expect(s.variants.map((v: Record<string, unknown>) => v.name)).toEqual(['build-nrf52840dk', 'build-sysbuild', 'nucleo_f401re']);
    expect(s.images.map((i: Record<string, unknown>) => [i.name, i.type])).toEqual([['blinky', 'app'], ['mcuboot', 'bootloader']]);
    expect(s).toMatchObject({ active_variant: 'build-sysbuild', active_image: 'mcuboot', multi: true });
    expect(s.variants.find((v: Record<string, unknown>) => v.name === 'nucleo_f401re').board).toBe('nucleo_f401re');
  });

  it('reports the Kconfig output of a Zephyr build and its CONFIG_ values', () => {
    const s = withProject(root, (ctx) => getActiveBuild(ctx, { variant: 'build-nrf52840dk' })) as Record<string, any>;
    expect(s.kconfig).toMatchObject({ dot_config: 'build-nrf52840dk/zephyr/.config', autoconf_h: 'build-nrf52840dk/zephyr/include/generated/zephyr/autoconf.h' });
    expect(s.kconfig.symbols).toBeGreaterThan(10);
    const m = symbols(withProject(root, (ctx) => lookupSymbol(ctx, { name: 'CONFIG_SERIAL', kind: 'macro', variant: 'build-nrf52840dk' })));
    expect(m.length).toBeGreaterThan(0);
    expect(m[0]).toMatchObject({ file: 'build-nrf52840dk/zephyr/include/generated/zephyr/autoconf.h', _macro_value: '1', _macro_expanded_value: '1' });
  });

  it('list_variants shows every build and whether it is indexed', () => {
    const r = withProject(root, (ctx) => listVariants(ctx));
    const sys = r.variants.find((v) => v.variant === 'build-sysbuild')!;
    expect(sys.images.map((i) => [i.image, i.type, i.default_image, i.indexed])).toEqual([
      ['blinky', 'app', true, true],
      ['mcuboot', 'bootloader', false, true],
    ]);
  });
});

function listSymbolsFiles(ctx: Parameters<typeof searchCode>[0], variant: string, image: string): string[] {
  const r = symbols(searchCode(ctx, { query: 'main init boot', variant, image, limit: 100 }));
  return [...new Set(r.map((s) => s.file as string))];
}

describe('PlatformIO envs', () => {
  it('each env is a build with its resolved defines; build_unflags removes a common one', async () => {
    const { root } = await indexedFixture(['adapters', 'platformio-multi-env']);
    const d = (variant: string) => (withProject(root, (ctx) => getActiveBuild(ctx, { variant })) as Record<string, any>).defines as Record<string, string>;
    expect(d('nucleo_f401re')).toMatchObject({ COMMON_FLAG: '1', FW_VERSION: '"2.4.1"', USE_HAL_DRIVER: '1' });
    expect(d('native')).toMatchObject({ NATIVE_BUILD: '1', ENV_NAME: '"native"' });
    expect(d('esp32dev')).not.toHaveProperty('COMMON_FLAG');
    const s = withProject(root, (ctx) => getActiveBuild(ctx, { variant: 'esp32dev' })) as Record<string, any>;
    expect(s).toMatchObject({ build_system: 'platformio', provenance: 'derived' });
  });
});

describe('mbed targets', () => {
  it('derived builds carry inherited TARGET_*, DEVICE_* and MBED_CONF_* defines', async () => {
    const { root } = await indexedFixture(['adapters', 'mbed-app']);
    for (const t of ['NUCLEO_F401RE', 'NUCLEO_F411RE']) {
      const d = (withProject(root, (ctx) => getActiveBuild(ctx, { variant: t })) as Record<string, any>).defines as Record<string, string>;
      expect(d[`TARGET_${t}`]).toBe('1');
      expect(d.TARGET_MCU_STM32F4).toBe('1');
      expect(Object.keys(d).some((k) => k.startsWith('DEVICE_'))).toBe(true);
      expect(Object.keys(d).some((k) => k.startsWith('MBED_CONF_'))).toBe(true);
    }
  });
});

describe('a repo holding several build systems', () => {
  it('indexes all of them and keeps them apart', async () => {
    const { root, result } = await indexedFixture(['adapters', 'combined']);
    const systems = new Set(result.builds.map((b) => b.buildSystem));
    expect(systems).toEqual(new Set(['zephyr', 'mbed', 'platformio', 'cmake', 'ninja']));
    expect(result.builds.every((b) => !b.error)).toBe(true);
    expect(fs.existsSync(configPath(root))).toBe(true);
    expect(path.isAbsolute(root)).toBe(true);
  });
});

describe('broken build inputs', () => {
  it('name the file and the fix while the other builds index', async () => {
    const { root, result } = await indexedFixture(['adapters', 'broken-compile-database']);
    const bad = result.diagnostics.find((d) => d.file.endsWith('build-bad/compile_commands.json'));
    expect(bad).toMatchObject({ severity: 'error', line: expect.any(Number), fix: expect.stringMatching(/regenerate/) });
    expect(result.builds.map((b) => b.variant)).toEqual(['build-good']);
    expect(result.builds[0].symbols).toBeGreaterThan(0);
    expect(fs.existsSync(path.join(root, '.fw-context', 'index.db'))).toBe(true);
  });
});
