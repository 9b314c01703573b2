// The build search over an unchanged tree lists no folder (each is stat'ed, its mtime compared with the last search),
// and still finds what changed on the next search: a build folder or compile database added deep in the tree (in a
// folder whose parent did not change), a build removed, a PlatformIO env added, a folder changed within its mtime
// tick (coarse clocks), a dangling link that resolves.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { detectBuilds } from '../../adapters/detect-builds.js';
import { discoverBuildDirs } from '../../adapters/shared/discover-build-dirs.js';
import { copyFixture, rel, removeFixture } from './fixture-helper.js';
import { ageTree } from '../helpers/age-tree.js';

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) {
    removeFixture(r);
    fs.rmSync(`${r}-outside`, { recursive: true, force: true });
  }
});

/** The workspace fixture with deep folders that hold no build yet, aged; the search's cache file under the state folder. */
function agedWorkspace(): { root: string; cacheFile: string; search: () => ReturnType<typeof discoverBuildDirs> } {
  const root = copyFixture('zephyr-workspace-anywhere');
  roots.push(root);
  fs.mkdirSync(path.join(root, 'modules', 'hal', 'vendor', 'deep'), { recursive: true });
  fs.writeFileSync(path.join(root, 'modules', 'hal', 'vendor', 'deep', 'hal.c'), 'int hal;\n');
  const cacheFile = path.join(root, '.fw-context', 'build-search.json');
  fs.mkdirSync(path.dirname(cacheFile));
  ageTree(root);
  return { root, cacheFile, search: () => discoverBuildDirs(root, { cacheFile }) };
}

const shown = (root: string, d: ReturnType<typeof discoverBuildDirs>) => d.dirs.map((x) => rel(root, x.shownAs)).sort();

/** A CMake build folder (CMakeCache.txt and a one-unit compile database) at `dir`. */
function cmakeBuild(dir: string, source: string): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'CMakeCache.txt'), 'CMAKE_BUILD_TYPE:STRING=Debug\n');
  fs.writeFileSync(path.join(dir, 'compile_commands.json'), JSON.stringify([{ directory: dir, file: source, arguments: ['gcc', '-c', source] }]));
}

describe('build search over an unchanged tree', () => {
  it('lists no folder: every folder searched is confirmed by its mtime', () => {
    const { root, search } = agedWorkspace();
    const cold = search();
    expect(cold.foldersRelisted).toBe(cold.foldersSearched);
    const warm = search();
    expect(warm.foldersRelisted).toBe(0);
    expect(warm.foldersSearched).toBe(cold.foldersSearched);
    expect(warm.foldersFromCache).toBe(warm.foldersSearched);
    expect(shown(root, warm)).toEqual(shown(root, cold));
    expect(warm.dirs).toEqual(cold.dirs);
  });

  it('finds a build folder added deep in the tree, in a folder whose parent did not change, and lists only what changed', () => {
    const { root, search } = agedWorkspace();
    search();
    const deep = path.join(root, 'modules', 'hal', 'vendor', 'deep');
    const parentMtime = fs.statSync(path.dirname(deep)).mtimeMs;
    cmakeBuild(path.join(deep, 'build-hal'), path.join(deep, 'hal.c'));
    expect(fs.statSync(path.dirname(deep)).mtimeMs).toBe(parentMtime);
    const after = search();
    expect(shown(root, after)).toContain('modules/hal/vendor/deep/build-hal');
    // The folder that gained an entry and the new folder; nothing else.
    expect(after.foldersRelisted).toBe(2);
  });

  it('finds a compile database added to a folder that already existed, and forgets a build folder removed', () => {
    const { root, search } = agedWorkspace();
    const before = shown(root, search());
    expect(before).toContain('app/build');
    const deep = path.join(root, 'modules', 'hal', 'vendor', 'deep');
    fs.writeFileSync(path.join(deep, 'compile_commands.json'), JSON.stringify([{ directory: deep, file: path.join(deep, 'hal.c'), arguments: ['gcc', '-c', 'hal.c'] }]));
    expect(shown(root, search())).toContain('modules/hal/vendor/deep');
    fs.rmSync(path.join(root, 'app', 'build'), { recursive: true });
    const after = shown(root, search());
    expect(after).not.toContain('app/build');
    expect(after).toContain('modules/hal/vendor/deep');
  });

  it('a folder changed within the mtime tick it was listed in (a coarse clock) is listed again, not trusted', () => {
    const { root, search } = agedWorkspace();
    const deep = path.join(root, 'modules', 'hal', 'vendor', 'deep');
    // Listed while its mtime is recent: the next change may keep the same mtime on a coarse clock.
    const now = new Date();
    fs.utimesSync(deep, now, now);
    search();
    const { mtime } = fs.statSync(deep);
    cmakeBuild(path.join(deep, 'build-same-tick'), path.join(deep, 'hal.c'));
    fs.utimesSync(deep, mtime, mtime);
    expect(shown(root, search())).toContain('modules/hal/vendor/deep/build-same-tick');
  });

  it('a folder listed while recent is listed once more, then trusted once old', () => {
    const { search, root } = agedWorkspace();
    const deep = path.join(root, 'modules', 'hal', 'vendor', 'deep');
    const now = new Date();
    fs.utimesSync(deep, now, now);
    search();
    expect(search().foldersRelisted).toBe(1);
    ageTree(deep);
    expect(search().foldersRelisted).toBe(1);
    expect(search().foldersRelisted).toBe(0);
  });

  it('keeps folders whose names hold a tab, a newline or a percent sign', () => {
    const { root, search } = agedWorkspace();
    const odd = path.join(root, 'modules', 'we%ird\tna\nme', 'sub%41');
    cmakeBuild(path.join(odd, 'build'), path.join(root, 'modules', 'hal', 'vendor', 'deep', 'hal.c'));
    fs.symlinkSync(path.join(odd, 'build'), path.join(root, 'modules', 'link%0A\tto'));
    ageTree(path.join(root, 'modules'));
    const cold = search();
    const warm = search();
    expect(warm.foldersRelisted).toBe(0);
    expect(warm.dirs).toEqual(cold.dirs);
    expect(shown(root, warm)).toContain('modules/link%0A\tto');
    expect(warm.dirs.find((d) => d.shownAs.endsWith('to'))?.dir).toBe(path.join(odd, 'build'));
    // The walk over the cache (one folder changed) reads the same names back.
    fs.mkdirSync(path.join(root, 'zephyr', 'new'));
    expect(shown(root, search())).toEqual(shown(root, cold));
  });

  it('finds the build behind a link that pointed nowhere when the folder holding the link was listed', () => {
    const { root, search } = agedWorkspace();
    const target = `${root}-outside`;
    const link = path.join(root, 'modules', 'hal', 'vendor', 'deep', 'build-linked');
    fs.symlinkSync(path.join(target, 'b1'), link);
    ageTree(path.join(root, 'modules'));
    search();
    expect(search().foldersRelisted).toBe(0);
    cmakeBuild(path.join(target, 'b1'), path.join(root, 'modules', 'hal', 'vendor', 'deep', 'hal.c'));
    expect(shown(root, search())).toContain('modules/hal/vendor/deep/build-linked');
  });
});

describe('build detection over an unchanged tree', () => {
  it('a PlatformIO env added to platformio.ini (its folder unchanged) is found on the next detection', () => {
    const root = copyFixture('platformio-multi-env');
    roots.push(root);
    const state = path.join(root, '.fw-context');
    fs.mkdirSync(state);
    ageTree(root);
    const options = { search: { cacheFile: path.join(state, 'build-search.json') }, detectionCache: path.join(state, 'detection.json') };
    const first = detectBuilds(root, options);
    const again = detectBuilds(root, options);
    expect(again.fromCache).toBeDefined();
    expect(again.discovery.foldersRelisted).toBe(0);
    expect(again.builds.map((b) => b.variant)).toEqual(first.builds.map((b) => b.variant));
    const ini = path.join(root, 'platformio.ini');
    fs.appendFileSync(ini, '\n[env:nucleo_l476rg]\nplatform = ststm32\nboard = nucleo_l476rg\n');
    const after = detectBuilds(root, options);
    expect(after.discovery.foldersRelisted).toBe(0);
    expect(after.builds.map((b) => b.variant)).toContain('nucleo_l476rg');
    expect(after.builds.length).toBe(first.builds.length + 1);
  });
});
