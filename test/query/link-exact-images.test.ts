// An image answers from the units it links: mbed CE (ninja link edge of the image), Zephyr (final link through
// its static libraries) and a Zephyr build with only a map file. Units outside the link are counted as compiled,
// not linked, and never answer a query scoped to that image, nor the image's defines or a diff of its units.
import { beforeAll, describe, expect, it } from 'vitest';
import { getActiveBuild } from '../../src/query/active-build.js';
import { diffBuilds } from '../../src/query/diff-builds.js';
import { listVariants } from '../../src/query/list-variants.js';
import { listSymbols } from '../../src/query/list-symbols.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { withProject } from '../../src/query/project-context.js';
import { searchCode } from '../../src/query/search-code.js';
import { cliJson, indexedFixture } from '../helpers/fixture-project.js';

type Rows = Record<string, any>[];
const symbolNames = (r: unknown) => (r as Rows).filter((x) => 'kind' in x).map((x) => x.name as string);

describe('mbed CE CMake build: one variant named by its target, answering from its linked units', () => {
  let root: string;
  beforeAll(async () => {
    ({ root } = await indexedFixture(['adapters', 'mbed-ce-cmake']));
  });

  it('is one mbed variant named by MBED_TARGET, with board and defines, and no derived phantom build', () => {
    const v = withProject(root, (ctx) => listVariants(ctx));
    expect(v.variants.map((x) => x.variant)).toEqual(['NUCLEO_F429ZI']);
    const img = v.variants[0].images[0];
    expect(img).toMatchObject({ board: 'NUCLEO_F429ZI', build_system: 'mbed', provenance: 'read', build_dir: 'build', indexed: true });
    const s = withProject(root, (ctx) => getActiveBuild(ctx, {}));
    expect(s.defines).toMatchObject({ TARGET_NAME: 'NUCLEO_F429ZI', TOOLCHAIN_GCC_ARM: '1', __CORTEX_M4: '1' });
    expect(v.diagnostics.some((d) => /targets\.json/.test(d.file) || /mbed-os[\\/]targets/.test(d.file))).toBe(false);
  });

  it('list_variants and get_active_build count the units outside the link and say how linking was determined', () => {
    const img = withProject(root, (ctx) => listVariants(ctx)).variants[0].images[0];
    expect(img.units).toBe(4);
    expect(img.linked_units).toBe(2);
    expect(img.linking).toMatchObject({ method: 'ninja-link-edge', source: 'build/build.ninja' });
    expect(img.linking.note).toMatch(/2 unit\(s\) compiled but not linked/);
    const s = withProject(root, (ctx) => getActiveBuild(ctx, {}));
    expect(s).toMatchObject({ units: 4, linked_units: 2, linking: { method: 'ninja-link-edge' } });
  });

  it('a function defined only in an unlinked unit answers no query for the image', () => {
    for (const name of ['ac_buffer_init', 'ble_stack_start']) {
      expect(symbolNames(withProject(root, (ctx) => searchCode(ctx, { query: name })))).not.toContain(name);
      expect(symbolNames(withProject(root, (ctx) => lookupSymbol(ctx, { name })))).toEqual([]);
    }
    const all = withProject(root, (ctx) => listSymbols(ctx, {})).symbols.map((s) => s.name);
    expect(all).not.toContain('ac_buffer_init');
    expect(all).not.toContain('ble_stack_start');
    // The linked units and the headers they include answer.
    expect(all).toContain('main');
    expect(symbolNames(withProject(root, (ctx) => lookupSymbol(ctx, { name: 'led_toggle' })))).toContain('led_toggle');
  });
});

describe('mbed CE: a source compiled into the linked mbed-os object and the unlinked mbed-baremetal one', () => {
  let root: string;
  let result: Awaited<ReturnType<typeof indexedFixture>>['result'];
  beforeAll(async () => {
    ({ root, result } = await indexedFixture(['adapters', 'mbed-ce-baremetal-twin']));
  });

  it('is one unit, preprocessed once, matched to the link by its object', () => {
    expect(result.preprocessed).toBe(2);
    expect(result.builds[0]).toMatchObject({ units: 3, preprocessed: 2 });
    const img = withProject(root, (ctx) => listVariants(ctx)).variants[0].images[0];
    expect(img).toMatchObject({ units: 3, linked_units: 2, linking: { method: 'ninja-link-edge', source: 'build/build.ninja' } });
    expect(img.linking.note).toMatch(/\(2 objects\); 1 unit\(s\) compiled but not linked/);
  });

  it("answers with the linked object's flags only", () => {
    expect(symbolNames(withProject(root, (ctx) => lookupSymbol(ctx, { name: 'led_toggle' })))).toContain('led_toggle');
    expect(symbolNames(withProject(root, (ctx) => lookupSymbol(ctx, { name: 'led_toggle_baremetal' })))).toEqual([]);
  });

  it("reports the defines of the image's units, not those of the unlinked twin", () => {
    // Every linked unit carries MBED_CONF_RTOS_PRESENT=1; only the unlinked mbed-baremetal copy lacks it.
    for (const s of [withProject(root, (ctx) => getActiveBuild(ctx, {})), cliJson(root, ['status']) as ReturnType<typeof getActiveBuild>]) {
      expect(s.defines).toMatchObject({ MBED_CONF_RTOS_PRESENT: '1', TARGET_NAME: 'NUCLEO_F429ZI', __FPU_PRESENT: '1' });
      expect(s.defines_varying).toBe(0);
    }
  });
});

describe('Zephyr: the final link through static libraries, and the map file as fallback', () => {
  let root: string;
  beforeAll(async () => {
    ({ root } = await indexedFixture(['adapters', 'zephyr-workspace-anywhere']));
  });
  const image = (variant: string) => withProject(root, (ctx) => listVariants(ctx)).variants.find((v) => v.variant === variant)!.images[0];

  it('app/build: libapp.a and libzephyr.a are linked, libsubsys__shell.a is not', () => {
    expect(image('qemu_cortex_m3/ti_lm3s6965')).toMatchObject({ units: 3, linked_units: 2, linking: { method: 'ninja-link-edge', source: 'app/build/build.ninja' } });
    const names = withProject(root, (ctx) => listSymbols(ctx, { variant: 'qemu_cortex_m3/ti_lm3s6965' })).symbols.map((s) => s.name);
    expect(names).toContain('printk');
    expect(names).not.toContain('shell_start');
  });

  it('samples/x/build-nrf: the objects its zephyr.map shows loaded', () => {
    expect(image('nrf52840dk/nrf52840')).toMatchObject({ units: 3, linked_units: 2, linking: { method: 'map-file', source: 'samples/x/build-nrf/zephyr/zephyr.map' } });
    expect(symbolNames(withProject(root, (ctx) => lookupSymbol(ctx, { name: 'shell_start', variant: 'nrf52840dk/nrf52840' })))).toEqual([]);
    expect(symbolNames(withProject(root, (ctx) => lookupSymbol(ctx, { name: 'printk', variant: 'nrf52840dk/nrf52840' })))).toContain('printk');
  });

  it('diff_builds compares the units each image links, or every compiled unit when the link is unknown', () => {
    const r = withProject(root, (ctx) => diffBuilds(ctx, { a: { variant: 'qemu_cortex_m3/ti_lm3s6965' }, b: { variant: 'nucleo_f401re/stm32f401xe' }, limit: 1000 }));
    expect(r.sections.units_only_in_a!.items).toEqual(['zephyr/lib/os/printk.c']);
    expect(r.sections.units_only_in_b!.items).toEqual([]);
  });

  it('a build without a readable link counts every unit', () => {
    expect(image('nucleo_f401re/stm32f401xe')).toMatchObject({ units: 1, linked_units: 1, linking: { method: 'unknown', source: null } });
  });
});

describe('variant aliases: board, board without qualifiers, build folder', () => {
  let root: string;
  beforeAll(async () => {
    ({ root } = await indexedFixture(['adapters', 'zephyr-workspace-anywhere']));
  });
  const variantOf = (variant: string) => withProject(root, (ctx) => getActiveBuild(ctx, { variant })).active_variant;

  it('resolves a board without qualifiers, a build folder (relative or last component) and a board in other case', () => {
    expect(variantOf('qemu_cortex_m3')).toBe('qemu_cortex_m3/ti_lm3s6965');
    expect(variantOf('app/build')).toBe('qemu_cortex_m3/ti_lm3s6965');
    expect(variantOf('samples/x/build-nrf/')).toBe('nrf52840dk/nrf52840');
    expect(variantOf('build-nrf')).toBe('nrf52840dk/nrf52840');
    expect(variantOf('NUCLEO_F401RE')).toBe('nucleo_f401re/stm32f401xe');
    expect(symbolNames(withProject(root, (ctx) => lookupSymbol(ctx, { name: 'printk', variant: 'app/build' })))).toContain('printk');
  });

  it('works the same through the CLI --variant flag', () => {
    expect((cliJson(root, ['status', '--variant', 'qemu_cortex_m3']) as Record<string, unknown>).active_variant).toBe('qemu_cortex_m3/ti_lm3s6965');
    expect((cliJson(root, ['status', '--variant', 'samples/x/build-nrf']) as Record<string, unknown>).active_variant).toBe('nrf52840dk/nrf52840');
  });

});

describe('variant aliases: an alias several variants share is refused', () => {
  let root: string;
  beforeAll(async () => {
    ({ root } = await indexedFixture(['adapters', 'zephyr-multi-board']));
  });

  it('lists the candidates when the board names two variants', () => {
    let e: (Error & { details?: Record<string, unknown> }) | undefined;
    try {
      withProject(root, (ctx) => searchCode(ctx, { query: 'main', variant: 'nrf52840dk' }));
    } catch (err) {
      e = err as Error & { details?: Record<string, unknown> };
    }
    expect(e?.message).toMatch(/"nrf52840dk" is ambiguous: it names 2 variants/);
    expect(e?.message).toContain('build-nrf52840dk by its board without qualifiers');
    expect(e?.message).toContain('build-sysbuild');
    expect(e?.details?.candidates).toEqual(['build-nrf52840dk', 'build-sysbuild']);
    // Unique aliases still resolve in the same project.
    expect(withProject(root, (ctx) => getActiveBuild(ctx, { variant: 'nucleo_f401re' })).active_variant).toBe('nucleo_f401re');
    expect(withProject(root, (ctx) => getActiveBuild(ctx, { variant: 'build-stm32f4' })).active_variant).toBe('nucleo_f401re');
  });
});

describe('a CMake build linking no program: the image is what its default targets build', () => {
  let root: string;
  beforeAll(async () => {
    ({ root } = await indexedFixture(['adapters', 'cmake-library-only']));
  });

  it('counts the units of the library `all` builds, not those of a library kept out of it', () => {
    const img = withProject(root, (ctx) => listVariants(ctx)).variants[0].images[0];
    expect(img).toMatchObject({ units: 3, linked_units: 2, linking: { method: 'ninja-default-targets', source: 'build/build.ninja' } });
    expect(img.linking.note).toMatch(/default targets .* \(2 objects\); 1 unit\(s\) compiled but not linked/);
    expect(symbolNames(withProject(root, (ctx) => lookupSymbol(ctx, { name: 'xTaskCreate' })))).toEqual([]);
    expect(symbolNames(withProject(root, (ctx) => lookupSymbol(ctx, { name: 'kernel_start' })))).toEqual(['kernel_start']);
  });
});
