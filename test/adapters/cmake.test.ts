// Plain CMake adapter: build folders nested as presets make them, build type, link edge -T/-Map/ELF from build.ninja or link.txt.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cmakeAdapter } from '../../adapters/cmake/detect-cmake.js';
import { parseNinjaManifest } from '../../adapters/ninja/parse-ninja.js';
import { recoverFromManifest } from '../../adapters/ninja/recover-units.js';
import { detectBuilds } from '../../adapters/detect-builds.js';
import { copyFixture, rel, removeFixture } from './fixture-helper.js';

describe('cmake adapter', () => {
  const root = copyFixture('cmake-stm32');
  afterAll(() => removeFixture(root));
  const r = cmakeAdapter.detect(root, {});
  const byVariant = (v: string) => r.builds.find((b) => b.variant === v)!;

  it('detects build/Debug and build/Release as two variants', () => {
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.builds.map((b) => b.variant).sort()).toEqual(['Debug', 'Release']);
    for (const b of r.builds) {
      expect(b.buildSystem).toBe('cmake');
      expect(b.provenance).toBe('read');
      expect(b.image).toBe('app');
      expect(b.board).toBe('STM32F401RE');
      expect(b.defines).toBeUndefined();
    }
    expect(byVariant('Debug').description).toMatch(/CMAKE_BUILD_TYPE=Debug/);
    expect(byVariant('Debug').description).toMatch(/generator Ninja/);
  });

  it('reads the units of each build, with a Debug-only file', () => {
    const files = (v: string) => byVariant(v).units.map((u) => rel(root, u.file)).sort();
    expect(files('Debug')).toEqual(['Core/Src/debug_log.c', 'Core/Src/main.c', 'Core/Src/stm32f4xx_it.c']);
    expect(files('Release')).toEqual(['Core/Src/main.c', 'Core/Src/stm32f4xx_it.c']);
    expect(byVariant('Debug').units[0].arguments).toContain('-DDEBUG');
    expect(byVariant('Release').units[0].arguments).toContain('-DNDEBUG');
  });

  it('takes the linker script, map and ELF from the build.ninja link edge', () => {
    const b = byVariant('Release');
    expect(b.linkerScripts.map((p) => rel(root, p))).toEqual(['STM32F401RETx_FLASH.ld']);
    expect(rel(root, b.mapFile)).toBe('build/Release/blinky.map');
    expect(rel(root, b.elfFile)).toBe('build/Release/blinky.elf');
    expect(b.linkArguments?.[0]).toBe('/usr/bin/arm-none-eabi-gcc');
    expect(b.linkArguments).toContain('--specs=nano.specs');
  });

  it('recovers from build.ninja exactly the units compile_commands.json lists', () => {
    const b = byVariant('Debug');
    const rec = recoverFromManifest(parseNinjaManifest(path.join(b.buildDir, 'build.ninja')));
    const key = (u: { file: string; arguments: string[] }) => `${u.file} ${u.arguments.join(' ')}`;
    expect(rec.units.map(key).sort()).toEqual(b.units.map(key).sort());
  });
});

describe('cmake adapter: a build folder linking several programs (pico-examples)', () => {
  const root = copyFixture('cmake-pico-examples');
  afterAll(() => removeFixture(root));

  it('makes one image per program, each with its own units, linker script, map and ELF', () => {
    const r = cmakeAdapter.detect(root, {});
    expect(r.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    const images = r.builds.map((b) => ({
      variant: b.variant,
      image: b.image,
      board: b.board,
      defaultImage: b.defaultImage,
      linked: b.linkedUnits?.map((u) => rel(root, u)).sort(),
      objects: b.linkedObjects?.map((o) => rel(root, o)).sort(),
      scripts: b.linkerScripts.map((s) => rel(root, s)),
      map: rel(root, b.mapFile),
      elf: rel(root, b.elfFile),
    }));
    expect(images).toEqual([
      { variant: 'build', image: 'blink', board: 'pico', defaultImage: false, linked: ['blink/blink.c', 'sdk/boot_stage2/bs2_padded.S', 'sdk/gpio/gpio.c'], objects: ['build/blink/CMakeFiles/blink.dir/blink.c.obj', 'build/blink/CMakeFiles/blink.dir/sdk/gpio/gpio.c.obj', 'build/boot_stage2/CMakeFiles/bs2_library.dir/bs2_padded.S.obj'], scripts: ['sdk/crt0/memmap_default.ld'], map: 'build/blink/blink.elf.map', elf: 'build/blink/blink.elf' },
      { variant: 'build', image: 'bs2_default', board: 'pico', defaultImage: false, linked: ['sdk/boot_stage2/boot2.S'], objects: ['build/boot_stage2/CMakeFiles/bs2_default.dir/boot2.S.obj'], scripts: ['sdk/boot_stage2/boot_stage2.ld'], map: 'build/boot_stage2/bs2_default.elf.map', elf: 'build/boot_stage2/bs2_default.elf' },
      { variant: 'build', image: 'hello', board: 'pico', defaultImage: false, linked: ['hello/hello.c', 'sdk/boot_stage2/bs2_padded.S', 'sdk/gpio/gpio.c'], objects: ['build/boot_stage2/CMakeFiles/bs2_library.dir/bs2_padded.S.obj', 'build/hello/CMakeFiles/hello.dir/hello.c.obj', 'build/hello/CMakeFiles/hello.dir/sdk/gpio/gpio.c.obj'], scripts: ['sdk/crt0/memmap_default.ld'], map: 'build/hello/hello.elf.map', elf: 'build/hello/hello.elf' },
    ]);
    expect(r.builds.find((b) => b.image === 'hello')!.description).toMatch(/links hello\/hello\.elf/);
  });

  it('keeps every image of the one compile database when all adapters run', () => {
    const r = detectBuilds(root, {});
    expect(r.builds.map((b) => `${b.buildSystem} ${b.variant}:${b.image}`)).toEqual(['cmake build:blink', 'cmake build:bs2_default', 'cmake build:hello']);
  });
});

describe('cmake adapter: Makefile generator', () => {
  it('reads -T, -Map and -o from CMakeFiles/<target>.dir/link.txt', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fwctx-make-'));
    try {
      const b = path.join(dir, 'build');
      fs.mkdirSync(path.join(b, 'CMakeFiles/fw.elf.dir'), { recursive: true });
      fs.writeFileSync(path.join(b, 'CMakeCache.txt'), 'CMAKE_BUILD_TYPE:STRING=MinSizeRel\nCMAKE_GENERATOR:INTERNAL=Unix Makefiles\nBOARD:STRING=pico\n');
      fs.writeFileSync(path.join(b, 'compile_commands.json'), JSON.stringify([{ directory: b, file: path.join(dir, 'main.c'), command: `arm-none-eabi-gcc -c ${path.join(dir, 'main.c')}` }]));
      fs.writeFileSync(path.join(b, 'CMakeFiles/fw.elf.dir/link.txt'), '/usr/bin/arm-none-eabi-gcc -Os -Wl,--script=../memmap.ld -Wl,-Map,fw.map CMakeFiles/fw.elf.dir/main.c.obj -o fw.elf\n');
      const r = cmakeAdapter.detect(dir, {});
      expect(r.builds).toHaveLength(1);
      const x = r.builds[0];
      expect(x.variant).toBe('build');
      expect(x.board).toBe('pico');
      expect(x.description).toMatch(/Unix Makefiles/);
      expect(x.linkerScripts).toEqual([path.join(dir, 'memmap.ld')]);
      expect(x.mapFile).toBe(path.join(b, 'fw.map'));
      expect(x.elfFile).toBe(path.join(b, 'fw.elf'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
