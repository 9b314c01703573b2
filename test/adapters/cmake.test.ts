import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cmakeAdapter } from '../../adapters/cmake/detect-cmake.js';
import { parseNinjaManifest } from '../../adapters/ninja/parse-ninja.js';
import { recoverFromManifest } from '../../adapters/ninja/recover-units.js';
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
