// Derived PlatformIO envs build the libraries their sources include (library-finder.ts, PlatformIO's LDF in chain
// mode): which libraries, their units and flags, lib_deps / lib_ignore / lib_ldf_mode, compatibility, the index they
// give, and detection inputs that hold across an edit adding no #include.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BuildDescription } from '../../adapters/contract.js';
import { describePlatformioProject } from '../../adapters/platformio/detect-platformio.js';
import { detectInputsHold, recordDetectInputs } from '../../adapters/shared/detect-inputs.js';
import { indexProject } from '../../src/indexer/index-project.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { withProject } from '../../src/query/project-context.js';
import { copyFixture, removeFixture } from './fixture-helper.js';
import { indexedFixture } from './indexed-fixture.js';

describe('PlatformIO library dependency finder', () => {
  const root = copyFixture('platformio-libraries');
  afterAll(() => removeFixture(root));
  const r = describePlatformioProject(root, root, { env: {} });
  const env = (n: string): BuildDescription => r.builds.find((b) => b.variant === n)!;
  const rel = (p: string) => path.relative(root, p).split(path.sep).join('/');
  const files = (n: string) => env(n).units.map((u) => rel(u.file)).sort();
  const unit = (n: string, file: string) => env(n).units.find((u) => rel(u.file) === file)!;

  it('builds the libraries the sources include, through project headers, library headers and library.json dependencies', () => {
    expect(files('uno')).toEqual([
      '.pio/libdeps/uno/ArduinoJson/src/ArduinoJson.cpp',
      'lib/Bus/Bus.cpp',
      'lib/Bus/utility/twi.c',
      'lib/Display/source/Display.cpp',
      'lib/Fonts/src/Fonts.c',
      'lib/Sensor/src/Sensor.cpp',
      'src/main.cpp',
    ]);
    // lib/Unused is included by nothing; lib/IdfOnly is for ESP-IDF only; examples are not built.
    expect(env('uno').description).toMatch(/1 units derived from platformio\.ini, 6 from the libraries ArduinoJson, Sensor, Bus, Display, Fonts,/);
  });

  it('each library compiles with build_flags (not the source flags), its own flags and folders, and its dependencies\' folders', () => {
    const display = unit('uno', 'lib/Display/source/Display.cpp').arguments;
    expect(display).toEqual(expect.arrayContaining(['-DENV_FLAG', '-DDISPLAY_LIB', `-I${root}/lib/Display/headers`, `-I${root}/lib/Display/extra`, `-I${root}/lib/Fonts/src`]));
    expect(display).not.toContain('-DPROJECT_ONLY');
    expect(display).not.toContain(`-I${root}/src`);
    const sensor = unit('uno', 'lib/Sensor/src/Sensor.cpp');
    expect(sensor.arguments).toEqual(expect.arrayContaining([`-I${root}/lib/Sensor/src`, `-I${root}/lib/Bus`, `-I${root}/lib/Bus/utility`]));
    expect(rel(sensor.output!)).toMatch(/^\.pio\/build\/uno\/lib[0-9a-f]{3}\/Sensor\/Sensor\.cpp\.o$/);
    // The project's units see every library's folders, after its own.
    const main = unit('uno', 'src/main.cpp').arguments.filter((a) => a.startsWith('-I')).map((a) => rel(a.slice(2)));
    expect(main.slice(0, 3)).toEqual(['include', 'src', '.pio/libdeps/uno/ArduinoJson/src']);
    expect(main).toEqual(expect.arrayContaining(['lib/Sensor/src', 'lib/Bus', 'lib/Display/headers', 'lib/Fonts/src']));
    expect(unit('uno', 'src/main.cpp').arguments).toContain('-DPROJECT_ONLY');
  });

  it('lib_ldf_mode = off builds lib_deps alone; lib_ignore leaves a library and what only it included', () => {
    expect(files('manual')).toEqual(['lib/Forced/src/Forced.cpp', 'src/main.cpp']);
    expect(files('no_sensor')).toEqual(['lib/Display/source/Display.cpp', 'lib/Fonts/src/Fonts.c', 'src/main.cpp']);
  });

  it('an edit adding no #include keeps what detection read; one adding an #include does not', () => {
    const copy = copyFixture('platformio-libraries');
    try {
      const checkedAt = Date.now();
      const { inputs } = recordDetectInputs(() => describePlatformioProject(copy, copy, { env: {} }));
      const main = path.join(copy, 'src', 'main.cpp');
      fs.appendFileSync(main, '\nint extra() { return 1; }\n');
      expect(detectInputsHold(inputs, checkedAt).holds).toBe(true);
      fs.appendFileSync(main, '#include <Unused.h>\n');
      expect(detectInputsHold(inputs, checkedAt).holds).toBe(false);
      const again = describePlatformioProject(copy, copy, { env: {} }).builds.find((b) => b.variant === 'uno')!;
      expect(again.units.map((u) => path.basename(u.file))).toContain('Unused.cpp');
    } finally {
      removeFixture(copy);
    }
  });
});

describe('PlatformIO library dependency finder, with idedata.json', () => {
  it('an env compiled as its idedata.json says builds the same libraries, with the dump\'s flags', () => {
    const copy = copyFixture('platformio-libraries');
    try {
      const dir = path.join(copy, '.pio', 'build', 'uno');
      fs.mkdirSync(dir, { recursive: true });
      const build = ['include', 'src', 'lib/Sensor/src', 'lib/Bus', 'lib/Bus/utility', 'lib/Display/headers', 'lib/Fonts/src'].map((d) => path.join(copy, d));
      fs.writeFileSync(path.join(dir, 'idedata.json'), JSON.stringify({ cc_path: '/opt/avr/bin/avr-gcc', cxx_path: '/opt/avr/bin/avr-g++', cc_flags: '-Os -mmcu=atmega328p', cxx_flags: '-Os -mmcu=atmega328p -std=gnu++11', defines: ['F_CPU=16000000L', 'ARDUINO=10808'], includes: { build, compatlib: [], toolchain: [] } }));
      const uno = describePlatformioProject(copy, copy, { env: {} }).builds.find((b) => b.variant === 'uno')!;
      expect(uno.description).toMatch(/1 units derived from platformio\.ini, 6 from its libraries, compiled as \.pio\/build\/uno\/idedata\.json says/);
      const display = uno.units.find((u) => u.file.endsWith('Display.cpp'))!;
      expect(display.arguments).toEqual(expect.arrayContaining(['-mmcu=atmega328p', '-DF_CPU=16000000L', `-I${path.join(copy, 'lib', 'Fonts', 'src')}`]));
    } finally {
      removeFixture(copy);
    }
  });
});

describe('PlatformIO library dependency finder, with idedata.json and an installed framework', () => {
  it('an env compiled as its idedata.json says builds the framework package\'s libraries its sources include, as a derived env does', () => {
    const copy = copyFixture('platformio-arduino-framework');
    try {
      const dir = path.join(copy, '.pio', 'build', 'mega');
      fs.mkdirSync(dir, { recursive: true });
      const pkg = path.join(copy, 'pio-core', 'packages', 'framework-arduino-avr');
      const build = [path.join(copy, 'include'), path.join(copy, 'src'), path.join(pkg, 'libraries', 'SPI', 'src'), path.join(pkg, 'cores', 'arduino'), path.join(pkg, 'variants', 'mega')];
      fs.writeFileSync(path.join(dir, 'idedata.json'), JSON.stringify({ cc_path: '/opt/avr/bin/avr-gcc', cxx_path: '/opt/avr/bin/avr-g++', cc_flags: '-Os -mmcu=atmega2560', cxx_flags: '-Os -mmcu=atmega2560', defines: ['ARDUINO=10808', 'ARDUINO_ARCH_AVR'], includes: { build, compatlib: [], toolchain: [] } }));
      const mega = describePlatformioProject(copy, copy, { env: {} }).builds.find((b) => b.variant === 'mega')!;
      expect(mega.description).toMatch(/, 1 from its libraries, compiled as \.pio\/build\/mega\/idedata\.json says/);
      const spi = mega.units.find((u) => u.file === path.join(pkg, 'libraries', 'SPI', 'src', 'SPI.cpp'))!;
      expect(spi.arguments).toEqual(expect.arrayContaining(['-mmcu=atmega2560', '-DARDUINO=10808']));
      // Servo, which nothing includes, is not built.
      expect(mega.units.some((u) => u.file.endsWith('Servo.cpp'))).toBe(false);
    } finally {
      removeFixture(copy);
    }
  });
});

describe('PlatformIO library dependency finder, indexed', () => {
  const fx = indexedFixture('platformio-libraries');

  it('the libraries\' code is indexed for the env that builds them, with their flags', () => {
    // Defined under an #if that needs the library's flag and build_flags, and not the project's source flags.
    const display = withProject(fx.root, (ctx) => lookupSymbol(ctx, { name: 'display_show', variant: 'uno' })) as { is_definition?: boolean; file?: string }[];
    expect(display.filter((s) => s.is_definition).map((s) => s.file)).toEqual(['lib/Display/source/Display.cpp']);
    expect(fx.defined('fonts_draw', 'uno')).toBe(true);
    expect(fx.defined('twi_init', 'uno')).toBe(true);
    expect(fx.defined('json_parse', 'uno')).toBe(true);
    expect(fx.defined('json_parse', 'manual')).toBe(false);
    expect(fx.defined('forced_init', 'manual')).toBe(true);
    expect(fx.defined('unused_call', 'uno')).toBe(false);
    expect(fx.defined('idf_only', 'uno')).toBe(false);
  });

  it('an #include added to a source brings its library in on the next index', async () => {
    fs.appendFileSync(path.join(fx.root, 'src', 'main.cpp'), '#include <Unused.h>\n');
    await indexProject({ root: fx.root });
    expect(fx.defined('unused_call', 'uno')).toBe(true);
  });
});
