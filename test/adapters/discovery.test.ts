// The build search: builds anywhere in the tree, symlinked build folders outside the root, real-path identity
// (no build twice, loop guard), pruning, [build] dirs globs, exclude_paths, depth limit, and the warm cache.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectBuilds } from '../../adapters/detect-builds.js';
import { discoverBuildDirs } from '../../adapters/shared/discover-build-dirs.js';
import { copyFixture, rel, removeFixture } from './fixture-helper.js';

/** The workspace fixture with outside/ moved next to it and linked back, plus links that must not add builds. */
function workspace(): { root: string; outside: string } {
  const root = copyFixture('zephyr-workspace-anywhere');
  const outside = `${root}-outside`;
  fs.renameSync(path.join(root, 'outside'), outside);
  fs.symlinkSync(path.join(outside, 'stm32'), path.join(root, 'build-stm32'));
  fs.symlinkSync(path.join(outside, 'sysbuild'), path.join(root, 'build-sys'));
  fs.symlinkSync(path.join(root, 'app', 'build'), path.join(root, 'build-again'));
  fs.symlinkSync(path.join(outside, 'sysbuild', 'app'), path.join(root, 'build-sys-app'));
  fs.symlinkSync('..', path.join(root, 'app', 'loop'));
  fs.symlinkSync(path.join(root, 'missing'), path.join(root, 'build-dangling'));
  for (const hidden of ['node_modules/pkg/build', '.git/build']) {
    fs.mkdirSync(path.join(root, hidden), { recursive: true });
    fs.writeFileSync(path.join(root, hidden, 'compile_commands.json'), JSON.stringify([{ directory: root, file: path.join(root, 'app/src/main.c'), arguments: ['gcc', '-c', 'main.c'] }]));
  }
  return { root, outside };
}

describe('build search over a workspace whose builds live anywhere', () => {
  const { root, outside } = workspace();
  afterAll(() => {
    removeFixture(root);
    fs.rmSync(outside, { recursive: true, force: true });
  });
  const r = detectBuilds(root, {});
  const ids = r.builds.map((b) => `${b.variant}:${b.image}`).sort();

  it('finds every build once: symlinked folders outside the root, app/build, samples/x/build-nrf', () => {
    expect(ids).toEqual(['nrf52840dk/nrf52840:app', 'nrf5340dk/nrf5340/cpuapp:app', 'nrf5340dk/nrf5340/cpuapp:mcuboot', 'nucleo_f401re/stm32f401xe:app', 'qemu_cortex_m3/ti_lm3s6965:app']);
    expect(r.builds.every((b) => b.buildSystem === 'zephyr')).toBe(true);
  });

  it('identifies builds by their real paths', () => {
    const dirOf = (v: string, image = 'app') => r.builds.find((b) => b.variant === v && b.image === image)!.buildDir;
    expect(dirOf('nucleo_f401re/stm32f401xe')).toBe(path.join(outside, 'stm32'));
    expect(dirOf('nrf5340dk/nrf5340/cpuapp', 'mcuboot')).toBe(path.join(outside, 'sysbuild', 'mcuboot'));
    expect(rel(root, dirOf('qemu_cortex_m3/ti_lm3s6965'))).toBe('app/build');
    expect(rel(root, dirOf('nrf52840dk/nrf52840'))).toBe('samples/x/build-nrf');
    const dbs = r.builds.map((b) => fs.realpathSync(b.compileCommands!));
    expect(new Set(dbs).size).toBe(dbs.length);
  });

  it('describes a linked build by the path the user sees', () => {
    const stm = r.builds.find((b) => b.variant.startsWith('nucleo'))!;
    expect(stm.description).toMatch(/build build-stm32,/);
  });

  it('does not enter hidden folders, node_modules or a link back up (loop guard)', () => {
    expect(r.builds.some((b) => /node_modules|\.git/.test(b.buildDir))).toBe(false);
    expect(r.discovery.dirs.map((d) => d.dir)).not.toContain(path.join(root, 'node_modules', 'pkg', 'build'));
    expect(r.discovery.foldersSearched).toBeLessThan(40);
  });

  it('counts the folders it searched', () => {
    expect(r.discovery.foldersSearched).toBeGreaterThan(5);
    expect(r.discovery.elapsedMs).toBeGreaterThanOrEqual(0);
  });
});

describe('build search options', () => {
  const { root, outside } = workspace();
  afterAll(() => {
    removeFixture(root);
    fs.rmSync(outside, { recursive: true, force: true });
  });
  const shown = (d: ReturnType<typeof discoverBuildDirs>) => d.dirs.map((x) => rel(root, x.shownAs)).sort();

  it('[build] dirs restricts the search to folders and globs', () => {
    expect(shown(discoverBuildDirs(root, { dirs: ['samples/*/build*'] }))).toEqual(['samples/x/build-nrf']);
    expect(shown(discoverBuildDirs(root, { dirs: ['app'] }))).toEqual(['app/build']);
  });

  it('[build] dirs adds a place outside the tree next to `.`', () => {
    const extra = `${root}-extra`;
    fs.mkdirSync(extra);
    fs.cpSync(path.join(outside, 'stm32'), path.join(extra, 'b1'), { recursive: true });
    try {
      const d = discoverBuildDirs(root, { dirs: ['.', extra] });
      expect(d.dirs.map((x) => x.dir)).toContain(path.join(extra, 'b1'));
      expect(shown(d)).toContain('app/build');
    } finally {
      fs.rmSync(extra, { recursive: true });
    }
  });

  it('exclude_paths wins over dirs, by link path or by real path', () => {
    expect(shown(discoverBuildDirs(root, { dirs: ['app', 'samples'], excludePaths: [path.join(root, 'samples', 'x')] }))).toEqual(['app/build']);
    const byReal = discoverBuildDirs(root, { excludePaths: [path.join(outside, 'stm32')] });
    expect(byReal.dirs.some((x) => x.dir === path.join(outside, 'stm32'))).toBe(false);
  });

  it('names a [build] dirs entry that does not exist', () => {
    const d = discoverBuildDirs(root, { dirs: ['nowhere'] });
    expect(d.diagnostics[0].message).toMatch(/'nowhere'.*does not exist/);
  });

  it('stops at the depth limit with a diagnostic naming where', () => {
    const d = discoverBuildDirs(root, { maxDepth: 1 });
    expect(shown(d)).not.toContain('samples/x/build-nrf');
    const note = d.diagnostics.find((x) => /folders deep/.test(x.message));
    expect(note?.severity).toBe('info');
    expect(note?.fix).toMatch(/\[build\] dirs/);
  });

  it('stops at the time limit with a warning', () => {
    const d = discoverBuildDirs(root, { timeLimitMs: -1 });
    expect(d.dirs).toEqual([]);
    expect(d.diagnostics.find((x) => /stopped after/.test(x.message))?.severity).toBe('warning');
  });

  it('a warm search lists no folder whose mtime is unchanged, and sees a new build folder', () => {
    const cacheFile = path.join(root, '.fw-context', 'build-search.json');
    fs.mkdirSync(path.dirname(cacheFile)); // as after `init`: writing the cache then changes no searched folder
    // Folders older than the racy window (a folder listed within 2 s of its mtime is listed again next time).
    const hourAgo = new Date(Date.now() - 3_600_000);
    const age = (dir: string): void => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) if (e.isDirectory() && e.name !== '.fw-context') age(path.join(dir, e.name));
      fs.utimesSync(dir, hourAgo, hourAgo);
    };
    age(root);
    age(outside);
    const cold = discoverBuildDirs(root, { cacheFile });
    expect(cold.foldersFromCache).toBe(0);
    const warm = discoverBuildDirs(root, { cacheFile });
    expect(warm.foldersFromCache).toBe(warm.foldersSearched);
    expect(warm.foldersRelisted).toBe(0);
    expect(shown(warm)).toEqual(shown(cold));
    fs.cpSync(path.join(root, 'app', 'build'), path.join(root, 'samples', 'x', 'build-qemu'), { recursive: true });
    const after = discoverBuildDirs(root, { cacheFile });
    expect(shown(after)).toContain('samples/x/build-qemu');
    expect(after.foldersFromCache).toBeGreaterThan(0);
    expect(after.foldersFromCache).toBeLessThan(after.foldersSearched);
  });
});
