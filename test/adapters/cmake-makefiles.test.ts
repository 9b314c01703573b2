// A CMake build folder of a Makefile generator without compile_commands.json: its units read from the targets'
// build.make and flags.make equal the compile database CMake writes for the same configuration, and index.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readMakefileUnits } from '../../adapters/cmake/makefile-units.js';
import { detectBuilds } from '../../adapters/detect-builds.js';
import { parseCompileDatabase } from '../../adapters/compile-commands/read-compile-database.js';
import type { CompileUnit } from '../../adapters/contract.js';
import { copyFixture, removeFixture } from './fixture-helper.js';
import { indexedFixture } from './indexed-fixture.js';

/** Units as a compile database lists them (CMake 3.25's gives no `output`), ordered by their object. */
const sorted = (units: CompileUnit[]) => {
  const object = (u: CompileUnit) => path.resolve(u.directory, u.arguments[u.arguments.indexOf('-o') + 1]);
  return units.map((u) => ({ file: u.file, directory: u.directory, arguments: u.arguments, object: object(u) })).sort((a, b) => a.object.localeCompare(b.object));
};

describe('CMake Makefile generator folders', () => {
  const root = copyFixture('cmake-makefiles');
  afterAll(() => removeFixture(root));

  it('the units read from the Makefiles are the compile database CMake writes for the same configuration', () => {
    const read = readMakefileUnits(path.join(root, 'build'))!;
    const reference = parseCompileDatabase(fs.readFileSync(path.join(root, 'reference-compile-commands.json'), 'utf8'), 'reference');
    expect(read.targets).toBe(3);
    expect(read.units).toHaveLength(5);
    expect(sorted(read.units)).toEqual(sorted(reference.units));
    for (const u of read.units) expect(u.output).toBe(path.resolve(u.directory, u.arguments[u.arguments.indexOf('-o') + 1]));
    // What the Makefiles spell out: flags.make's quoted define and folder, a source's own define, the subfolder's cd.
    const calib = read.units.find((u) => u.file.endsWith('calib.c'))!;
    expect(calib.arguments).toEqual(expect.arrayContaining(['-DFW_NAME="sensor fw"', `-I${root}/inc dir`, '-DCALIB_TABLE=2', '-O2']));
    expect(read.units.find((u) => u.file.endsWith('uart.c'))!.directory).toBe(path.join(root, 'build', 'drivers', 'uart'));
  });

  it('each program is an image linking its own objects and those of the static libraries on its link line', () => {
    const builds = detectBuilds(root, {}).builds;
    const image = (n: string) => builds.find((b) => b.image === n)!;
    expect(builds.map((b) => b.image).sort()).toEqual(['selftest', 'sensor_fw']);
    const rel = (files: string[] | undefined) => (files ?? []).map((f) => path.relative(root, f)).sort();
    expect(rel(image('sensor_fw').linkedUnits)).toEqual(['drivers/uart/uart.c', 'src/app.cpp', 'src/calib.c', 'src/main.c']);
    expect(rel(image('selftest').linkedUnits)).toEqual(['src/selftest.c']);
    expect(image('sensor_fw').linking).toEqual({ method: 'makefile-link', source: path.join(root, 'build', 'CMakeFiles', 'sensor_fw.dir', 'link.txt'), objects: 4 });
  });

  it('a folder with a compile database is read from the database', () => {
    const copy = copyFixture('cmake-makefiles');
    try {
      fs.copyFileSync(path.join(copy, 'reference-compile-commands.json'), path.join(copy, 'build', 'compile_commands.json'));
      const [build] = detectBuilds(copy, {}).builds;
      expect(build.compileCommands).toBe(path.join(copy, 'build', 'compile_commands.json'));
      expect(build.description).not.toMatch(/Makefiles of/);
    } finally {
      removeFixture(copy);
    }
  });

  it('an mbed CE folder configured with the Makefile generator (no -G Ninja) is read from its Makefiles too', () => {
    const copy = copyFixture('cmake-makefiles');
    try {
      fs.appendFileSync(path.join(copy, 'build', 'CMakeCache.txt'), 'MBED_TARGET:STRING=NUCLEO_F429ZI\n');
      const r = detectBuilds(copy, {});
      expect(r.builds.map((b) => [b.buildSystem, b.variant, b.units.length])).toEqual([['mbed', 'NUCLEO_F429ZI', 5]]);
      expect(r.builds[0].description).toMatch(/5 units from the Makefiles of 3 target\(s\)/);
      // mbed reads one image: the link with a linker script, else an ELF, else the first (selftest, by name).
      expect(r.builds[0].elfFile).toBe(path.join(copy, 'build', 'selftest'));
    } finally {
      removeFixture(copy);
    }
  });

  const hasTools = ['cmake', 'make', 'cc'].every((t) => spawnSync('sh', ['-c', `command -v ${t}`]).status === 0);
  it.skipIf(!hasTools)('on this machine\'s CMake: a project configured twice, with and without the compile database, gives the same units', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fwctx-makefiles-'));
    try {
      fs.cpSync(path.join(root, 'src'), path.join(dir, 'src'), { recursive: true });
      fs.cpSync(path.join(root, 'drivers'), path.join(dir, 'drivers'), { recursive: true });
      fs.cpSync(path.join(root, 'inc dir'), path.join(dir, 'inc dir'), { recursive: true });
      fs.copyFileSync(path.join(root, 'CMakeLists.txt'), path.join(dir, 'CMakeLists.txt'));
      const configure = (out: string, ...extra: string[]) => spawnSync('cmake', ['-S', dir, '-B', path.join(dir, out), '-G', 'Unix Makefiles', '-DCMAKE_BUILD_TYPE=Debug', ...extra], { encoding: 'utf8' });
      expect(configure('mk').status).toBe(0);
      expect(configure('db', '-DCMAKE_EXPORT_COMPILE_COMMANDS=ON').status).toBe(0);
      const db = parseCompileDatabase(fs.readFileSync(path.join(dir, 'db', 'compile_commands.json'), 'utf8'), 'db');
      const inMk = (u: CompileUnit) => JSON.parse(JSON.stringify(u).split(path.join(dir, 'db')).join(path.join(dir, 'mk'))) as CompileUnit;
      expect(sorted(readMakefileUnits(path.join(dir, 'mk'))!.units)).toEqual(sorted(db.units.map(inMk)));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('CMake Makefile generator folders, indexed', () => {
  const { defined } = indexedFixture('cmake-makefiles');

  it('each unit compiles with its target\'s and its own flags: the Release generator expression, the source\'s define, C++', () => {
    const fw = (name: string) => defined(name, 'build', 'sensor_fw');
    expect(fw('uart_init')).toBe(true);
    expect(fw('uart_init_debug_port')).toBe(false);
    expect(fw('main')).toBe(true);
    expect(fw('main_old_board')).toBe(false);
    expect(fw('calib_table')).toBe(true);
    expect(fw('app::start')).toBe(true);
    // Each image answers from what it links.
    expect(fw('selftest_main')).toBe(false);
    expect(defined('selftest_main', 'build', 'selftest')).toBe(true);
    expect(defined('uart_init', 'build', 'selftest')).toBe(false);
  });
});
