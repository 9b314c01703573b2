// PlatformIO board manifests: a derived env's flags from the board it names (project boards_dir, the core's
// platforms), board_* overrides, build_unflags over the board's flags, PLATFORMIO from the core, linker scripts.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BuildDescription } from '../../adapters/contract.js';
import { describePlatformioProject } from '../../adapters/platformio/detect-platformio.js';
import { indexProject } from '../../src/indexer/index-project.js';
import { copyFixture, rel, removeFixture } from './fixture-helper.js';
import { indexedFixture } from './indexed-fixture.js';

describe('PlatformIO board manifests', () => {
  const root = copyFixture('platformio-board-manifests');
  afterAll(() => removeFixture(root));
  // No HOME: only the folders the project names are searched, whatever this machine has installed.
  const r = describePlatformioProject(root, root, { env: {} });
  const env = (n: string): BuildDescription => r.builds.find((b) => b.variant === n)!;
  const args = (n: string) => env(n).units[0].arguments;

  it('a board in the project\'s boards folder: its cpu, extra_flags and F_CPU, with board_build.f_cpu overriding it', () => {
    expect(args('acme')).toEqual(expect.arrayContaining(['-mcpu=cortex-m4', '-mthumb', '-DSTM32F411xE', '-DACME_BOARD=2', '-DF_CPU=84000000L']));
    expect(env('acme').description).toMatch(/board manifest boards\/acme_f411\.json/);
  });

  it('build_unflags removes a flag the board adds, and the board\'s flags come before build_flags', () => {
    expect(args('acme').some((a) => a.startsWith('-DACME_DEBUG_UART'))).toBe(false);
    expect(args('acme').indexOf('-DACME_BOARD=2')).toBeLessThan(args('acme').indexOf('-DAPP_NAME="demo"'));
    expect(args('acme').indexOf('-mcpu=cortex-m4')).toBeLessThan(args('acme').indexOf('-DACME_BOARD=2'));
  });

  it('PLATFORMIO is the installed core\'s version (6.1.16 here) in every derived env', () => {
    for (const e of ['acme', 'nucleo', 'mega', 'mystery']) expect(env(e).defines?.PLATFORMIO).toBe('60116');
  });

  it('a board of an installed platform (a versioned folder), and its linker script from the platform\'s ldscripts', () => {
    // Its extra_flags are a list, as some platforms write them.
    expect(args('nucleo')).toEqual(expect.arrayContaining(['-mcpu=cortex-m4', '-DSTM32L476xx', '-DNUCLEO_ARDUINO_HEADERS', '-DF_CPU=80000000L']));
    expect(env('nucleo').description).toMatch(/board manifest pio-core\/platforms\/ststm32@17\.1\.0\/boards\/nucleo_l476rg\.json\)/);
    expect(env('nucleo').linkerScripts.map((p) => rel(root, p))).toEqual(['pio-core/platforms/ststm32@17.1.0/ldscripts/stm32l476rg.ld']);
    expect(env('acme').linkerScripts.map((p) => rel(root, p))).toEqual(['ldscripts/acme_f411.ld']);
  });

  it('AVR compiles for the board\'s mcu', () => {
    expect(args('mega')[0]).toBe('avr-gcc');
    expect(args('mega')).toEqual(expect.arrayContaining(['-mmcu=atmega2560', '-DF_CPU=16000000L']));
    expect(args('mega').some((a) => a.startsWith('-mcpu'))).toBe(false);
  });

  it('a board no folder holds: no target flags, and one note naming the env and what is unknown', () => {
    expect(args('mystery').some((a) => a.startsWith('-mcpu') || a.startsWith('-DF_CPU'))).toBe(false);
    const note = r.diagnostics.filter((d) => /no board manifest/.test(d.message));
    expect(note).toHaveLength(1);
    expect(note[0]).toMatchObject({ severity: 'info', file: path.join(root, 'platformio.ini') });
    expect(note[0].message).toMatch(/2 derived env\(s\): mystery \(no_such_board\), sanguino \(sanguino_atmega1284p\);/);
    expect(note[0].fix).toMatch(/core_dir/);
  });

  it('an AVR board no folder holds whose id names its MCU: that -mmcu, with the env\'s board_build options over it', () => {
    expect(args('sanguino')).toEqual(expect.arrayContaining(['-mmcu=atmega1284p', '-DF_CPU=16000000L']));
    expect(env('sanguino').description).toMatch(/board sanguino_atmega1284p's MCU from its id\)$/);
    // An ARM board's id names no AVR device: nothing is made up for it.
    expect(args('mystery').some((a) => a.startsWith('-mmcu'))).toBe(false);
  });

  it('without core_dir, the core is ~/.platformio of the environment\'s HOME', () => {
    const copy = copyFixture('platformio-board-manifests');
    try {
      fs.mkdirSync(path.join(copy, 'home'));
      fs.renameSync(path.join(copy, 'pio-core'), path.join(copy, 'home', '.platformio'));
      const ini = path.join(copy, 'platformio.ini');
      fs.writeFileSync(ini, fs.readFileSync(ini, 'utf8').replace('core_dir = pio-core\n', ''));
      const again = describePlatformioProject(copy, copy, { env: { HOME: path.join(copy, 'home') } });
      const nucleo = again.builds.find((b) => b.variant === 'nucleo')!;
      expect(nucleo.description).toMatch(/board manifest home\/\.platformio\/platforms\/ststm32@17\.1\.0\/boards\/nucleo_l476rg\.json/);
      expect(nucleo.defines?.PLATFORMIO).toBe('60116');
    } finally {
      removeFixture(copy);
    }
  });

  it('without the core\'s version, PLATFORMIO names 6.1.18', () => {
    const copy = copyFixture('platformio-board-manifests');
    try {
      removeFixture(path.join(copy, 'pio-core', 'penv'));
      const again = describePlatformioProject(copy, copy, { env: {} });
      expect(again.builds.find((b) => b.variant === 'acme')!.defines?.PLATFORMIO).toBe('60118');
    } finally {
      removeFixture(copy);
    }
  });
});

describe('PlatformIO board manifests, indexed', () => {
  const fixture = indexedFixture('platformio-board-manifests');
  const { defined } = fixture;

  it('each env compiles the branches its board selects', () => {
    expect(defined('acme_clock_setup', 'acme')).toBe(true);
    expect(defined('nucleo_clock_setup', 'acme')).toBe(false);
    expect(defined('nucleo_clock_setup', 'nucleo')).toBe(true);
    expect(defined('debug_uart_init', 'acme')).toBe(false);
    // -mcpu=cortex-m4 (ARMv7E-M) and the overridden F_CPU.
    expect(defined('fast_path_m4_84mhz', 'acme')).toBe(true);
    expect(defined('fast_path_m4_84mhz', 'nucleo')).toBe(false);
    expect(defined('built_by_platformio', 'mystery')).toBe(true);
  });

  it('an AVR env compiles for its -mmcu device, whether avr-gcc is installed or its built-in table stands in', () => {
    expect(defined('mega2560_timer_setup', 'mega')).toBe(true);
    expect(defined('other_avr_setup', 'mega')).toBe(false);
    expect(defined('mega2560_timer_setup', 'acme')).toBe(false);
    expect(defined('other_avr_setup', 'acme')).toBe(false);
    expect(defined('atmega1284p_setup', 'sanguino')).toBe(true);
  });

  it('an edit of the board manifest is seen by the next run (detection reads it again)', async () => {
    const manifest = path.join(fixture.root, 'boards', 'acme_f411.json');
    fs.writeFileSync(manifest, fs.readFileSync(manifest, 'utf8').replace('-DSTM32F411xE ', ''));
    await indexProject({ root: fixture.root });
    expect(defined('acme_clock_setup', 'acme')).toBe(false);
  });
});
