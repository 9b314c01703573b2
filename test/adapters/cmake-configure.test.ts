// A CMake project never configured: `index` says how `--build` configures it; `index --build` runs each visible
// configure preset never configured (or `cmake -S . -B build` without presets) and indexes what it builds; a preset
// added later is named until `--build --variant` configures it. The preset reader resolves build folders through
// inherits, includes and macros, and weighs conditions.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfigurePresets } from '../../src/indexer/cmake-presets.js';
import { runCli } from '../helpers/fixture-project.js';
import { removeFixture } from './fixture-helper.js';

const hasCmake = spawnSync('cmake', ['--version']).status === 0;

/** A C project whose one unit defines only_<board> for the BOARD its configure sets. */
function cmakeProject(presets?: object): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fwctx-cmake-configure-')));
  fs.writeFileSync(path.join(root, 'CMakeLists.txt'), 'cmake_minimum_required(VERSION 3.20)\nproject(fw C)\nif(NOT BOARD)\n  set(BOARD plain)\nendif()\nadd_executable(fw main.c)\ntarget_compile_definitions(fw PRIVATE BOARD_${BOARD})\n');
  fs.writeFileSync(path.join(root, 'main.c'), '#ifdef BOARD_a\nvoid only_a(void) {}\n#endif\n#ifdef BOARD_b\nvoid only_b(void) {}\n#endif\n#ifdef BOARD_plain\nvoid only_plain(void) {}\n#endif\nint main(void) { return 0; }\n');
  if (presets) fs.writeFileSync(path.join(root, 'CMakePresets.json'), JSON.stringify(presets, null, 2));
  return root;
}

const base = { name: 'base', hidden: true, binaryDir: '${sourceDir}/build/${presetName}' };
const board = (name: string, value: string) => ({ name, inherits: 'base', cacheVariables: { BOARD: value } });
const windowsOnly = { name: 'msvc', inherits: 'base', condition: { type: 'equals', lhs: '${hostSystemName}', rhs: 'Windows' } };

describe.skipIf(!hasCmake)('index --build on a CMake project never configured', () => {
  const roots: string[] = [];
  afterAll(() => roots.forEach(removeFixture));
  const project = (presets?: object) => {
    const root = cmakeProject(presets);
    roots.push(root);
    return { root, cli: (...args: string[]) => runCli(root, args) };
  };
  const definedIn = (cli: (...a: string[]) => { stdout: string }, name: string, variant: string) => /function\s+\S+\s+main\.c:\d+/.test(cli('lookup', name, '--variant', variant).stdout);

  it('with presets: index names the visible ones; --build configures each and indexes what it builds', () => {
    const { root, cli } = project({ version: 3, configurePresets: [base, board('board-a', 'a'), board('board-b', 'b'), windowsOnly] });
    expect(cli('init').stdout).toContain('No build found. A CMake project with configure presets (board-a, board-b) never configured');
    const before = cli('index');
    expect(before.status).toBe(1);
    expect(before.stdout).toContain('A CMake project with configure presets (board-a, board-b) never configured: `fw-context index --build` configures them');
    const r = cli('index', '--build');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('board-a/*: regenerated (cmake --preset board-a -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)');
    expect(r.stdout).not.toContain('msvc');
    expect(fs.existsSync(path.join(root, 'build', 'board-b', 'compile_commands.json'))).toBe(true);
    expect(definedIn(cli, 'only_a', 'board-a')).toBe(true);
    expect(definedIn(cli, 'only_a', 'board-b')).toBe(false);
    expect(definedIn(cli, 'only_b', 'board-b')).toBe(true);
  });

  it('a preset added later is named by index, left by --build, and configured by --build --variant', () => {
    const { root, cli } = project({ version: 3, configurePresets: [base, board('board-a', 'a')] });
    expect(cli('index', '--build').status).toBe(0);
    fs.writeFileSync(path.join(root, 'CMakePresets.json'), JSON.stringify({ version: 3, configurePresets: [base, board('board-a', 'a'), board('board-b', 'b')] }));
    expect(cli('index').stdout).toContain('CMake presets never configured: board-b (`fw-context index --build --variant board-b` configures one and indexes it).');
    expect(cli('index', '--build').stdout).not.toContain('cmake --preset board-b');
    const r = cli('index', '--build', '--variant', 'board-b');
    expect(r.stdout).toContain('board-b/*: regenerated (cmake --preset board-b');
    expect(definedIn(cli, 'only_b', 'board-b')).toBe(true);
    expect(cli('index').stdout).not.toContain('never configured');
  });

  it('without presets: --build configures the root CMakeLists.txt into build/', () => {
    const { root, cli } = project();
    expect(cli('index').stdout).toContain('A CMake project never configured: `fw-context index --build` configures it into build/');
    const r = cli('index', '--build');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/build\/\*: regenerated \(cmake -S \S+ -B \S+\/build /);
    expect(fs.existsSync(path.join(root, 'build', 'CMakeCache.txt'))).toBe(true);
    expect(definedIn(cli, 'only_plain', 'build')).toBe(true);
  });
});

describe('configure presets as read from the preset files', () => {
  it('resolves build folders through inherits, included files and macros, and weighs conditions', () => {
    const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fwctx-presets-')));
    try {
      fs.mkdirSync(path.join(root, 'cmake'));
      fs.writeFileSync(path.join(root, 'cmake', 'common.json'), JSON.stringify({ version: 4, configurePresets: [{ name: 'common', hidden: true, binaryDir: '${fileDir}/../out/${presetName}-$env{FWCTX_PRESET_TEST}' }] }));
      fs.writeFileSync(path.join(root, 'CMakePresets.json'), JSON.stringify({
        version: 4,
        include: ['cmake/common.json'],
        configurePresets: [
          { name: 'nrf', inherits: ['common'] },
          { name: 'own', binaryDir: 'b/${sourceDirName}' },
          { name: 'none' },
          { name: 'linux-only', inherits: 'common', condition: { type: 'inList', string: '${hostSystemName}', list: ['Linux', 'Darwin'] } },
          { name: 'never', inherits: 'common', condition: { type: 'not', condition: { type: 'const', value: true } } },
        ],
      }));
      process.env.FWCTX_PRESET_TEST = 'x';
      const { presets, problems } = readConfigurePresets(root);
      expect(problems).toEqual([]);
      const byName = Object.fromEntries(presets.map((p) => [p.name, p]));
      expect(byName.nrf.binaryDir).toBe(path.join(root, 'out', 'nrf-x'));
      expect(byName.own.binaryDir).toBe(path.join(root, 'b', path.basename(root)));
      expect(byName.none.binaryDir).toBeUndefined();
      expect(byName.common.hidden).toBe(true);
      expect(byName['linux-only'].enabled).toBe(os.type() === 'Linux' || os.type() === 'Darwin');
      expect(byName.never.enabled).toBe(false);
    } finally {
      delete process.env.FWCTX_PRESET_TEST;
      removeFixture(root);
    }
  });

  it('names a preset file that is not JSON', () => {
    const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'fwctx-presets-')));
    try {
      fs.writeFileSync(path.join(root, 'CMakePresets.json'), '{ "version": 3, ');
      expect(readConfigurePresets(root).problems[0]).toContain(path.join(root, 'CMakePresets.json'));
    } finally {
      removeFixture(root);
    }
  });
});
