// Adapter composition: most specific adapter first, a compile database claimed once, failures isolated per folder.
import { afterAll, describe, expect, it } from 'vitest';
import { ADAPTERS, detectBuilds } from '../../adapters/detect-builds.js';
import type { BuildAdapter } from '../../adapters/contract.js';
import { copyFixture, rel, removeFixture } from './fixture-helper.js';

describe('detectBuilds: a repository holding several build systems', () => {
  const root = copyFixture('combined');
  afterAll(() => removeFixture(root));
  const r = detectBuilds(root, {});
  const ids = r.builds.map((b) => `${b.buildSystem}:${b.variant}:${b.image}`).sort();

  it('lists the adapters most specific first, the generic one last', () => {
    expect(ADAPTERS.map((a) => a.name)).toEqual(['zephyr', 'mbed', 'platformio', 'cmake', 'ninja', 'make', 'eclipse-cdt', 'keil', 'iar', 'ses', 'compile_commands']);
  });

  it('finds every build once, claimed by the most specific adapter', () => {
    expect(ids).toEqual([
      'cmake:Debug:app',
      'mbed:NUCLEO_F401RE:app',
      'mbed:NUCLEO_F411RE:app',
      'ninja:build-ninja:app',
      'platformio:esp32dev:app',
      'platformio:native:app',
      'platformio:nucleo_f401re:app',
      'zephyr:build-nrf52840dk:app',
      'zephyr:build-sysbuild:blinky',
      'zephyr:build-sysbuild:mcuboot',
    ]);
    const dbs = r.builds.map((b) => b.compileCommands).filter(Boolean);
    expect(new Set(dbs).size).toBe(dbs.length);
  });

  it('reports the broken compile database and the unknown mbed parent, and still returns the rest', () => {
    const broken = r.diagnostics.find((d) => rel(root, d.file) === 'build-broken/compile_commands.json');
    expect(broken?.severity).toBe('error');
    expect(broken?.line).toBeGreaterThan(1);
    expect(broken?.fix).toMatch(/regenerate/);
    expect(r.diagnostics.filter((d) => rel(root, d.file) === 'build-broken/compile_commands.json')).toHaveLength(1);
    expect(r.diagnostics.some((d) => /MCU_STM32F9_UNKNOWN/.test(d.message))).toBe(true);
  });

  it('keeps every build field the contract asks for', () => {
    for (const b of r.builds) {
      expect(b.variant).toBeTruthy();
      expect(b.image).toBeTruthy();
      expect(b.imageType).toBeTruthy();
      expect(typeof b.defaultImage).toBe('boolean');
      expect(b.description).toBeTruthy();
      expect(b.buildDir.startsWith(root)).toBe(true);
      expect(b.units.length).toBeGreaterThan(0);
      expect(Array.isArray(b.linkerScripts)).toBe(true);
      if (b.provenance === 'read') expect(b.defines).toBeUndefined();
      else expect(b.defines).toBeDefined();
    }
  });

  it('survives an adapter that throws', () => {
    const boom: BuildAdapter = {
      name: 'boom',
      detect() {
        throw new Error('kaboom');
      },
    };
    const r2 = detectBuilds(root, {}, [boom, ...ADAPTERS]);
    expect(r2.builds.length).toBe(r.builds.length);
    expect(r2.diagnostics.some((d) => /boom adapter failed: kaboom/.test(d.message))).toBe(true);
  });
});

describe('detectBuilds: broken compile database', () => {
  const root = copyFixture('broken-compile-database');
  afterAll(() => removeFixture(root));

  it('names the file, the line and the fix; the good build still comes out', () => {
    const r = detectBuilds(root, {});
    expect(r.builds.map((b) => b.variant)).toEqual(['build-good']);
    const d = r.diagnostics.find((x) => x.severity === 'error');
    expect(rel(root, d?.file)).toBe('build-bad/compile_commands.json');
    expect(d?.line).toBe(10);
    expect(d?.message).toMatch(/not valid JSON/);
    expect(d?.fix).toMatch(/regenerate/);
  });
});
