// Zephyr adapter: board builds, old and new generated-file layouts, sysbuild domains as images.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { zephyrAdapter } from '../../adapters/zephyr/detect-zephyr.js';
import { imageTypeOf } from '../../adapters/zephyr/read-sysbuild.js';
import { copyFixture, rel, removeFixture } from './fixture-helper.js';

describe('zephyr adapter: two boards and a sysbuild folder', () => {
  const root = copyFixture('zephyr-multi-board');
  afterAll(() => removeFixture(root));
  const r = zephyrAdapter.detect(root, {});
  const find = (variant: string, image: string) => r.builds.find((b) => b.variant === variant && b.image === image)!;

  it('detects every (variant, image)', () => {
    expect(r.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(r.builds.map((b) => `${b.variant}:${b.image}`).sort()).toEqual([
      'build-nrf52840dk:app',
      'build-sysbuild:blinky',
      'build-sysbuild:mcuboot',
      'nucleo_f401re:app',
    ]);
    for (const b of r.builds) {
      expect(b.buildSystem).toBe('zephyr');
      expect(b.provenance).toBe('read');
      expect(b.defines).toBeUndefined();
    }
  });

  it('names the Zephyr version from build_info.yml, or from the generated version.h of an older build', () => {
    expect(find('build-nrf52840dk', 'app').description).toMatch(/^Zephyr 4\.1\.0 app build/);
    expect(find('nucleo_f401re', 'app').description).toMatch(/^Zephyr 3\.5\.0 app build/);
  });

  it('names the board with its qualifiers, from build_info.yml or CMakeCache.txt', () => {
    expect(find('build-nrf52840dk', 'app').board).toBe('nrf52840dk/nrf52840');
    expect(find('nucleo_f401re', 'app').board).toBe('nucleo_f401re');
    expect(find('build-sysbuild', 'mcuboot').board).toBe('nrf52840dk/nrf52840');
  });

  it('reads each build folder: units, Kconfig output, linker script, map', () => {
    const nrf = find('build-nrf52840dk', 'app');
    const stm = find('nucleo_f401re', 'app');
    const files = (b: typeof nrf) => b.units.map((u) => rel(root, u.file)).sort();
    expect(files(nrf)).toEqual(['blinky/src/board_nrf.c', 'blinky/src/main.c', 'zephyr/kernel/sem.c']);
    expect(files(stm)).toEqual(['blinky/src/board_stm32.c', 'blinky/src/main.c', 'zephyr/kernel/sem.c']);
    expect(rel(root, nrf.compileCommands)).toBe('build-nrf52840dk/compile_commands.json');
    expect(rel(root, nrf.kconfig?.dotConfig)).toBe('build-nrf52840dk/zephyr/.config');
    expect(rel(root, nrf.kconfig?.autoconfH)).toBe('build-nrf52840dk/zephyr/include/generated/zephyr/autoconf.h');
    expect(rel(root, stm.kconfig?.autoconfH)).toBe('build-stm32f4/zephyr/include/generated/autoconf.h');
    expect(nrf.linkerScripts.map((p) => rel(root, p))).toEqual(['build-nrf52840dk/zephyr/linker.cmd']);
    expect(rel(root, nrf.mapFile)).toBe('build-nrf52840dk/zephyr/zephyr.map');
    expect(nrf.units[0].arguments).toContain('-imacros');
  });

  it('takes the final link command (not the pre-link stage) from build.ninja', () => {
    const nrf = find('build-nrf52840dk', 'app');
    expect(nrf.linkArguments?.[0]).toBe('/opt/gcc-arm/bin/arm-none-eabi-gcc');
    expect(nrf.linkArguments).toContain('zephyr/linker.cmd');
    expect(nrf.linkArguments).not.toContain('zephyr/linker_zephyr_pre0.cmd');
    expect(rel(root, nrf.elfFile)).toBe('build-nrf52840dk/zephyr/zephyr.elf');
    expect(find('nucleo_f401re', 'app').linkArguments).toBeUndefined();
  });

  it('gives sysbuild images their type, folder and default flag', () => {
    const app = find('build-sysbuild', 'blinky');
    const boot = find('build-sysbuild', 'mcuboot');
    expect(app.imageType).toBe('app');
    expect(app.defaultImage).toBe(true);
    expect(boot.imageType).toBe('bootloader');
    expect(boot.defaultImage).toBe(false);
    expect(rel(root, boot.buildDir)).toBe('build-sysbuild/mcuboot');
    expect(rel(root, boot.compileCommands)).toBe('build-sysbuild/mcuboot/compile_commands.json');
    expect(boot.units.map((u) => rel(root, u.file)).sort()).toEqual(['bootloader/mcuboot/boot/zephyr/main.c', 'zephyr/kernel/sem.c']);
    expect(rel(root, boot.kconfig?.autoconfH)).toBe('build-sysbuild/mcuboot/zephyr/include/generated/zephyr/autoconf.h');
    expect(fs.readFileSync(boot.kconfig!.autoconfH!, 'utf8')).toMatch(/CONFIG_MCUBOOT 1/);
  });

  it('uses the board as the variant when only one build has it', () => {
    fs.rmSync(path.join(root, 'build-nrf52840dk'), { recursive: true });
    const again = zephyrAdapter.detect(root, {});
    expect(again.builds.map((b) => b.variant).sort()).toEqual(['nrf52840dk/nrf52840', 'nrf52840dk/nrf52840', 'nucleo_f401re']);
  });
});

describe('zephyr adapter: broken sysbuild', () => {
  const root = copyFixture('zephyr-sysbuild-missing-domain');
  afterAll(() => removeFixture(root));

  it('reports the missing domain folder, naming domains.yaml, the domain and the fix; the app still comes out', () => {
    const r = zephyrAdapter.detect(root, {});
    const d = r.diagnostics.find((x) => x.severity === 'error');
    expect(rel(root, d?.file)).toBe('build/domains.yaml');
    expect(d?.message).toMatch(/'mcuboot'/);
    expect(d?.line).toBe(6);
    expect(d?.fix).toMatch(/west build/);
    expect(r.builds.map((b) => `${b.variant}:${b.image}:${b.imageType}:${b.defaultImage}`)).toEqual(['nrf52840dk/nrf52840:blinky:app:true']);
    expect(r.builds[0].units).toHaveLength(3);
  });

  it('finds domain folders of a moved sysbuild folder below it', () => {
    const moved = path.join(root, 'build-moved');
    fs.renameSync(path.join(root, 'build'), moved);
    const r = zephyrAdapter.detect(root, {});
    expect(r.builds.map((b) => rel(root, b.buildDir))).toEqual(['build-moved/blinky']);
  });
});

describe('sysbuild image types', () => {
  it('maps domain names and declared types', () => {
    expect(imageTypeOf('mcuboot', false)).toBe('bootloader');
    expect(imageTypeOf('hello_world', true, 'MAIN')).toBe('app');
    expect(imageTypeOf('hello_world_slot1_variant', false)).toBe('slot1');
    expect(imageTypeOf('custom_boot', false, 'BOOTLOADER')).toBe('bootloader');
  });
});
