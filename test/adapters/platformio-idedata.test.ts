// PlatformIO's integration dump (.pio/build/<env>/idedata.json, as the IDE's IntelliSense refresh writes it): a
// derived env compiles with its compilers, flags, defines and include folders (the framework's) instead of guesses.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describePlatformioProject } from '../../adapters/platformio/detect-platformio.js';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { withProject } from '../../src/query/project-context.js';
import { copyFixture, removeFixture } from './fixture-helper.js';

/** A dump as PlatformIO writes it for the acme env: an Arduino framework's core folder among the includes. */
function writeIdeData(root: string): string {
  const core = path.join(root, 'framework', 'cores', 'arduino');
  fs.mkdirSync(core, { recursive: true });
  fs.writeFileSync(path.join(core, 'Arduino.h'), '/* The framework core the dump names. */\n#define ARDUINO_CORE_PRESENT 1\nvoid pinMode(int pin, int mode);\n');
  fs.appendFileSync(
    path.join(root, 'src', 'main.c'),
    '\n#include <Arduino.h>\n#if defined(ARDUINO_ARCH_STM32) && defined(ARDUINO_CORE_PRESENT)\nvoid arduino_setup(void) { pinMode(1, 0); }\n#endif\n#if defined(__ARM_FP)\nfloat hard_float_scale(float x) { return x * 2.0f; }\n#endif\n',
  );
  const toolchain = '/opt/no-such/.platformio/packages/toolchain-gccarmnoneeabi';
  const dump = {
    build_type: 'release',
    env_name: 'acme',
    libsource_dirs: [path.join(root, 'lib')],
    defines: ['PLATFORMIO=60118', 'STM32F411xE', 'ARDUINO=10808', 'ARDUINO_ARCH_STM32', 'F_CPU=84000000L', 'APP_NAME="demo"'],
    includes: { build: [path.join(root, 'include'), path.join(root, 'src'), core], compatlib: [], toolchain: [`${toolchain}/arm-none-eabi/include`] },
    cc_flags: '-std=gnu11 -Os -ffunction-sections -Wall -mcpu=cortex-m4 -mthumb -mfpu=fpv4-sp-d16 -mfloat-abi=hard',
    cxx_flags: '-std=gnu++17 -fno-rtti -Os -mcpu=cortex-m4 -mthumb -mfpu=fpv4-sp-d16 -mfloat-abi=hard',
    cc_path: `${toolchain}/bin/arm-none-eabi-gcc`,
    cxx_path: `${toolchain}/bin/arm-none-eabi-g++`,
    gdb_path: `${toolchain}/bin/arm-none-eabi-gdb`,
    prog_path: path.join(root, '.pio/build/acme/firmware.elf'),
    svd_path: null,
    compiler_type: 'gcc',
    targets: [],
    extra: { flash_images: [] },
  };
  const file = path.join(root, '.pio', 'build', 'acme', 'idedata.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(dump));
  return file;
}

describe('PlatformIO idedata.json', () => {
  const root = copyFixture('platformio-board-manifests');
  afterAll(() => removeFixture(root));
  const dumpFile = writeIdeData(root);
  // Written before the dump: not stale.
  fs.utimesSync(path.join(root, 'platformio.ini'), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
  const r = describePlatformioProject(root, root, { env: {} });
  const acme = r.builds.find((b) => b.variant === 'acme')!;

  it('the env compiles with the dump\'s compiler, flags, defines and includes; the board manifest is not guessed from', () => {
    const args = acme.units[0].arguments;
    expect(args[0]).toBe('/opt/no-such/.platformio/packages/toolchain-gccarmnoneeabi/bin/arm-none-eabi-gcc');
    expect(args).toEqual(expect.arrayContaining(['-std=gnu11', '-mfloat-abi=hard', '-DARDUINO_ARCH_STM32', '-DAPP_NAME="demo"', `-I${path.join(root, 'framework/cores/arduino')}`]));
    expect(args.slice(args.indexOf('-isystem'), args.indexOf('-isystem') + 2)).toEqual(['-isystem', '/opt/no-such/.platformio/packages/toolchain-gccarmnoneeabi/arm-none-eabi/include']);
    expect(args).not.toContain('-DF_CPU=100000000L');
    expect(acme.defines).toMatchObject({ ARDUINO: '10808', F_CPU: '84000000L', APP_NAME: '"demo"', STM32F411xE: '1' });
    expect(acme.description).toMatch(/compiled as \.pio\/build\/acme\/idedata\.json says/);
    expect(acme.provenance).toBe('derived');
    expect(r.diagnostics.some((d) => d.file === dumpFile)).toBe(false);
  });

  it('a platformio.ini edited after the dump is noted; a dump that is not PlatformIO\'s is a warning and the env is derived as before', () => {
    fs.utimesSync(path.join(root, 'platformio.ini'), new Date(Date.now() + 60_000), new Date(Date.now() + 60_000));
    const stale = describePlatformioProject(root, root, { env: {} });
    expect(stale.diagnostics.find((d) => d.file === dumpFile)).toMatchObject({ severity: 'info', message: expect.stringMatching(/platformio\.ini changed after this dump/) });
    fs.writeFileSync(dumpFile, '{"env_name": "acme"}');
    const broken = describePlatformioProject(root, root, { env: {} });
    expect(broken.diagnostics.find((d) => d.file === dumpFile)).toMatchObject({ severity: 'warning', fix: expect.stringMatching(/pio project metadata/) });
    expect(broken.builds.find((b) => b.variant === 'acme')!.units[0].arguments).toContain('-DF_CPU=84000000L');
  });
});

describe('PlatformIO idedata.json, indexed', () => {
  let root: string;
  beforeAll(async () => {
    root = copyFixture('platformio-board-manifests');
    writeIdeData(root);
    writeConfig(root, DEFAULT_CONFIG);
    await indexProject({ root });
  });
  afterAll(() => removeFixture(root));

  const defined = (name: string) => (withProject(root, (ctx) => lookupSymbol(ctx, { name, variant: 'acme' })) as Record<string, unknown>[]).some((x) => 'kind' in x);

  it('the framework\'s header is found and its branches compile; the hard-float flags reach the built-in table', () => {
    expect(defined('arduino_setup')).toBe(true);
    expect(defined('pinMode')).toBe(true);
    expect(defined('hard_float_scale')).toBe(true);
    // The dump's defines are the env's: ACME_BOARD, which only the board manifest adds, is not among them.
    expect(defined('acme_clock_setup')).toBe(false);
  });
});
