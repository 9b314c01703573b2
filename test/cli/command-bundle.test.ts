// The command bundle (main-cli.cjs): the bin runs every command but status and serve from it, compiled from the
// code cache the build made after a representative run; without the cache (missing, or made for other V8 flags)
// it compiles the source. Either way each command prints what main.js (the ES modules) prints.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { assertCliBuilt, CLI, copyFixtureToTemp, PROJECT_ROOT, tempDir } from '../helpers/fixture-project.js';

const PROBE = fileURLToPath(new URL('./cache-probe.cjs', import.meta.url));
const MAIN = path.join(path.dirname(CLI), 'main.js');

interface Run {
  stdout: string;
  stderr: string;
  status: number;
  /** The scripts compiled with a code cache, and whether V8 refused it. */
  cached: { file: string; rejected: boolean }[];
}

function run(entry: string, cwd: string, args: string[], nodeFlags: string[] = []): Run {
  const log = path.join(tempDir('fwc-cache-'), 'cache.log');
  const r = spawnSync(process.execPath, [...nodeFlags, '--require', PROBE, entry, ...args], { cwd, encoding: 'utf8', env: { ...process.env, FWC_CACHE_LOG: log } });
  const cached = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Run['cached'][number]) : [];
  return { stdout: r.stdout, stderr: r.stderr, status: r.status ?? -1, cached };
}

/** An index run's text with its times (a build's stage times too) and project folder left out. */
const plain = (text: string, root: string): string =>
  text
    .split(root)
    .join('ROOT')
    .replace(/\b\d+(\.\d+)? (s|ms)\b/g, 'T')
    .replace(/"(elapsedMs|preprocessMs|parseMs|\w+Ms)": [\d.]+/g, '"$1": T')
    .replace(/"stageMs": \{[^}]*\}/g, (stages) => stages.replace(/": [\d.e+-]+/g, '": T'));

/** A first index, then one after a .c edit, by ENTRY (the bin or main.js) in a fresh copy of the demo fixture. */
function indexTwice(entry: string, nodeFlags: string[] = []): { root: string; runs: Run[] } {
  const root = copyFixtureToTemp('index', 'drivers-hal-cmake');
  writeConfig(root, { ...DEFAULT_CONFIG });
  // Files and folders older than the racy window, the edit too: the runs hash, carry, parse and list folders
  // for builds alike, however slow (a folder within 2 s of its mtime is listed again by the next search).
  const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000);
  const age = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) age(p);
      fs.utimesSync(p, ago(2), ago(2));
    }
  };
  age(root);
  fs.utimesSync(root, ago(2), ago(2));
  const first = run(entry, root, ['index', '--jobs', '0'], nodeFlags);
  const edited = path.join(root, 'src/main.c');
  fs.appendFileSync(edited, '\nint bundle_probe_extra(void) { return 2; }\n');
  fs.utimesSync(edited, ago(1), ago(1));
  const second = run(entry, root, ['index', '--jobs', '0', '--json'], nodeFlags);
  return { root, runs: [first, second] };
}

describe('the command bundle', () => {
  let fromMain: { root: string; runs: Run[] };
  beforeAll(() => {
    assertCliBuilt();
    fromMain = indexTwice(MAIN);
  });

  const sameAsMain = (got: { root: string; runs: Run[] }): void => {
    for (const [i, r] of got.runs.entries()) {
      const want = fromMain.runs[i];
      expect(r.status).toBe(want.status);
      expect(plain(r.stdout, got.root)).toBe(plain(want.stdout, fromMain.root));
      expect(plain(r.stderr, got.root)).toBe(plain(want.stderr, fromMain.root));
    }
  };

  it('index (first, then after a .c edit) runs from the bundle compiled from its code cache, and prints what main.js prints', () => {
    const got = indexTwice(CLI);
    for (const r of got.runs) expect(r.cached).toEqual([{ file: path.join(path.dirname(CLI), 'main-cli.cjs'), rejected: false }]);
    expect((JSON.parse(got.runs[1].stdout) as { parsed: number }).parsed).toBe(1);
    sameAsMain(got);
  });

  it('a cache made for other V8 flags is refused: the bundle compiles from source and prints the same', () => {
    const got = indexTwice(CLI, ['--interrupt-budget=100000']);
    for (const r of got.runs) expect(r.cached).toEqual([{ file: path.join(path.dirname(CLI), 'main-cli.cjs'), rejected: true }]);
    sameAsMain(got);
  });

  it('without its cache the bundle compiles from source and prints the same', () => {
    // A copy of the package whose command bundle has no cache.
    const pkg = tempDir('fwc-pkg-');
    fs.cpSync(path.join(PROJECT_ROOT, 'dist'), path.join(pkg, 'dist'), { recursive: true });
    for (const f of ['node_modules', 'package.json', 'fixtures', 'src']) fs.symlinkSync(path.join(PROJECT_ROOT, f), path.join(pkg, f));
    fs.rmSync(path.join(pkg, 'dist/src/cli/main-cli.cache'));
    const bin = path.join(pkg, 'dist/src/cli/bin.cjs');
    const got = indexTwice(bin);
    for (const r of got.runs) expect(r.cached).toEqual([]);
    sameAsMain(got);
    const loaded = spawnSync(process.execPath, ['-e', `process.stdout.write(String(require(${JSON.stringify(bin)}).loadMainCli().cacheUsed))`], { encoding: 'utf8' });
    expect(loaded.stdout).toBe('false');
  });

  it.each([
    ['lookup', 'uart_init'],
    ['lookup', 'uart_init', '--json'],
    ['search', 'uart init'],
    ['symbols', '--kind', 'function'],
    ['find', 'uart'],
    ['callers', 'uart_init'],
    ['variants'],
    ['lookup'],
    ['no-such-command'],
    ['index', 'somewhere'],
    ['--version'],
    ['--help'],
    [],
    ['--no-such-flag'],
  ])('fw-context %s prints what main.js prints', (...args) => {
    const root = fromMain.root;
    const bin = run(CLI, root, args);
    const main = run(MAIN, root, args);
    expect(bin.stdout).toBe(main.stdout);
    expect(bin.stderr).toBe(main.stderr);
    expect(bin.status).toBe(main.status);
    if (args[0] !== 'lookup' || args.length > 1) expect(bin.cached.length).toBeLessThanOrEqual(1);
  });

  it('index refuses a folder named after it (it indexes the project around the working directory)', () => {
    const r = run(CLI, fromMain.root, ['index', 'somewhere']);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('fw-context: index takes no argument, got "somewhere"\nhint: to index another folder: fw-context -C somewhere index\n');
  });
});
