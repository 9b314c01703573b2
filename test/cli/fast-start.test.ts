// Fast start: commands that only read the index load neither tree-sitter, the preprocessor, the indexer, the
// MCP SDK nor the build adapters (yaml, json5, the linker reader). Proven by the modules each process resolves
// (a module hook records them) and, for the command bundle the bin runs, the modules it initializes (it logs them
// when FWC_MODULE_LOG is set), not by time.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { cacheFileText } from '../../adapters/detection-cache.js';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { assertCliBuilt, CLI, copyFixtureToTemp, indexedFixture, PROJECT_ROOT, tempDir } from '../helpers/fixture-project.js';

const PROBE = fileURLToPath(new URL('./module-probe.mjs', import.meta.url));
const BUILTIN_PROBE = fileURLToPath(new URL('./builtin-probe.cjs', import.meta.url));
const HEAVY = /node_modules\/tree-sitter|\/src\/parser\/tree-sitter-parser\.js|\/src\/preprocessor\/|@modelcontextprotocol|\/src\/indexer\/index-project\.js/;
/** The build adapters and what only they use: a read-only command whose detection cache holds needs none. */
const ADAPTERS = /\/adapters\/(detect-builds|zephyr|mbed|platformio|cmake|ninja|compile-commands)\b|node_modules\/(yaml|json5|zod)\/|\/dist\/linker\//;

/**
 * What status may load: the CLI's entry and the status bundle (status with everything it imports, ini included),
 * the query and index readers the SQLite answer loads, the project config, the indexer modules that read the lock
 * file, the recorded inputs (link source included) and the kept assembler `.include`s, model helpers, better-sqlite3
 * and ini.
 */
const STATUS_MODULES =
  /\/dist\/src\/cli\/(bin|status-cli)\.cjs$|\/dist\/src\/(query\/[\w-]+|index\/[\w-]+|model\/[\w-]+|project\/(config|config-lint|declared-builds)|indexer\/(lock-file|record-inputs|link-source|file-states|vendor-paths|build-state-files|kept-assembler-includes))\.js$|\/node_modules\/(better-sqlite3|ini)\//;

/** main.js: the commands as ES modules, each a file the probe sees (the bin runs them from one bundle). */
const MAIN = path.join(path.dirname(CLI), 'main.js');

/** Runs the built CLI (or ENTRY) with the module probe; returns the URLs of every module the process resolved, and `builtin:NAME` for each built-in module it loaded. */
function modulesLoaded(cwd: string, args: string[], entry = CLI): { modules: string[]; status: number; stdout: string } {
  assertCliBuilt();
  const log = path.join(tempDir('fwc-modules-'), 'modules.txt');
  const r = spawnSync(process.execPath, ['--import', PROBE, entry, ...args], { cwd, encoding: 'utf8', env: { ...process.env, FWC_MODULE_LOG: log } });
  const modules = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
  return { modules, status: r.status ?? -1, stdout: r.stdout };
}

/**
 * Runs the built CLI with the built-in probe (a CommonJS preload that loads nothing itself): the built-in modules
 * the process loaded after it, and the files require() resolved.
 */
function builtinsLoaded(cwd: string, args: string[]): { builtins: string[]; resolved: string[]; status: number } {
  const log = path.join(tempDir('fwc-builtins-'), 'builtins.txt');
  const r = spawnSync(process.execPath, ['--require', BUILTIN_PROBE, CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, FWC_BUILTIN_LOG: log } });
  const lines = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
  return { builtins: lines.filter((l) => !l.startsWith('resolved:')), resolved: lines.filter((l) => l.startsWith('resolved:')).map((l) => l.slice('resolved:'.length)), status: r.status ?? -1 };
}

/** Sets every file and folder under `root` to `secondsAgo` in the past. */
function backdateTree(root: string, secondsAgo: number): void {
  const t = new Date(Date.now() - secondsAgo * 1000);
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) fs.utimesSync(path.join(entry.parentPath, entry.name), t, t);
  fs.utimesSync(root, t, t);
}

describe('read-only commands start without the indexer', () => {
  let root = '';
  beforeAll(async () => {
    root = (await indexedFixture(['index', 'drivers-hal-cmake'])).root;
    // The detection cache is keyed by the adapters' code: the built CLI's, not these tests' sources.
    expect(spawnSync(process.execPath, [CLI, 'index'], { cwd: root }).status).toBe(0);
  });

  it.each([['status'], ['lookup', 'uart_init'], ['search', 'uart init'], ['source', 'uart_init'], ['refs', 'uart_init'], ['symbols'], ['symbols', '--glob', 'uart*'], ['find', 'uart'], ['hotspots'], ['variants'], ['--version']])(
    'fw-context %s loads neither tree-sitter, the preprocessor, the indexer, the MCP SDK nor the adapters',
    (...args) => {
      const { modules, status } = modulesLoaded(root, [...args, ...(args[0] === '--version' ? [] : ['--json'])]);
      expect(status).toBe(0);
      expect(modules.length).toBeGreaterThan(1);
      expect(modules.filter((m) => HEAVY.test(m) || ADAPTERS.test(m))).toEqual([]);
    },
  );

  it('status and lookup load only their own query module, not the other commands\' ones', () => {
    // The status command is bundled with its own modules (active-build among them) into one file by the build.
    const status = modulesLoaded(root, ['status', '--json']).modules;
    expect(status.some((m) => /\/src\/cli\/bin\.cjs$/.test(m))).toBe(true);
    expect(status.filter((m) => /\/src\/query\/(search-code|lookup-symbol|get-source|find-references|list-symbols|list-variants)\.js$/.test(m))).toEqual([]);
    const lookup = modulesLoaded(root, ['lookup', 'uart_init', '--json']).modules;
    expect(lookup.filter((m) => /\/src\/query\/(active-build|search-code|get-source|find-references)\.js$/.test(m))).toEqual([]);
  });

  it('status loads the index reader, its own query and the files they read, nothing else', () => {
    // A changed index: status answers from SQLite (and records its snapshot).
    fs.rmSync(path.join(root, '.fw-context', 'status-snapshot.json'), { force: true });
    const { modules, status } = modulesLoaded(root, ['status', '--json']);
    expect(status).toBe(0);
    const ours = modules.filter((m) => m.startsWith('file:'));
    expect(ours.some((m) => /\/node_modules\/better-sqlite3\//.test(m))).toBe(true);
    expect(ours.filter((m) => !STATUS_MODULES.test(m))).toEqual([]);
  });

  it('status of an unchanged index loads the entry only (which compiles the status bundle itself): no ES module, not main.js', () => {
    const { modules, status } = modulesLoaded(root, ['status', '--json']);
    expect(status).toBe(0);
    expect([...new Set(modules.filter((m) => m.startsWith('file:')).map((m) => path.basename(m)))]).toEqual(['bin.cjs']);
    // Its snapshot is stamped with the build's stamp of the status code (the bundle's and the SQLite reader's bytes).
    const stamp = fs.readFileSync(path.join(path.dirname(CLI), 'status-code.txt'), 'latin1').trim();
    expect(stamp).toMatch(/^[0-9a-f]{40}$/);
    const snapshot = JSON.parse(fs.readFileSync(path.join(root, '.fw-context', 'status-snapshot.json'), 'utf8')) as { code: string };
    expect(snapshot.code).toMatch(new RegExp(`^\\d+ \\d+/\\d+ stamp:${stamp}$`));
  });

  it.each([['main.js', 'the bin', MAIN, CLI], ['the bin', 'main.js', CLI, MAIN]])('a snapshot %s wrote answers status through %s: no SQLite loads', (_, __, writer, reader) => {
    fs.rmSync(path.join(root, '.fw-context', 'status-snapshot.json'), { force: true });
    const written = modulesLoaded(root, ['status', '--json'], writer);
    expect(written.status).toBe(0);
    expect(written.modules.some((m) => /\/node_modules\/better-sqlite3\//.test(m))).toBe(true);
    const read = modulesLoaded(root, ['status', '--json'], reader);
    expect(read.stdout).toBe(written.stdout);
    expect(read.modules.filter((m) => /\/node_modules\/better-sqlite3\//.test(m))).toEqual([]);
  });

  it("the status code's stamp covers the bundle and the modules the SQLite answer loads, by their bytes", async () => {
    const { moduleGraph, statusCodeStamp } = (await import(pathToFileURL(path.join(PROJECT_ROOT, 'scripts', 'status-code-stamp.mjs')).href)) as {
      moduleGraph(entry: string): string[];
      statusCodeStamp(dist: string): string;
    };
    const dist = path.join(path.dirname(CLI), '..', '..');
    const copy = path.join(tempDir('fwc-status-stamp-'), 'dist');
    const covered = ['src/cli/status-cli.cjs', ...moduleGraph(path.join(dist, 'src/query/project-context.js')).map((m) => path.relative(dist, m))];
    expect(covered).toEqual(expect.arrayContaining(['src/index/sqlite-index.js', 'src/index/sqlite-search.js', 'src/project/config.js']));
    expect(covered.filter((m) => m.startsWith('adapters/'))).toEqual([]);
    // Copied with one mtime for all, as an install that sets every file's mtime leaves them: the same stamp.
    const installed = new Date('1985-10-26T08:15:00Z');
    for (const m of covered) {
      fs.mkdirSync(path.dirname(path.join(copy, m)), { recursive: true });
      fs.copyFileSync(path.join(dist, m), path.join(copy, m));
      fs.utimesSync(path.join(copy, m), installed, installed);
    }
    expect(statusCodeStamp(copy)).toBe(statusCodeStamp(dist));
    // A module the reader imports, changed with its size and that mtime kept: another stamp.
    const search = path.join(copy, 'src/index/sqlite-search.js');
    const size = fs.statSync(search).size;
    fs.writeFileSync(search, fs.readFileSync(search, 'latin1').replace(/;\n/, ';\r'), 'latin1');
    fs.utimesSync(search, installed, installed);
    expect(fs.statSync(search)).toMatchObject({ size, mtimeMs: installed.getTime() });
    expect(statusCodeStamp(copy)).not.toBe(statusCodeStamp(dist));
  });

  it('the bin compiles the status bundle from the code cache the build made for it', () => {
    const bin = createRequire(import.meta.url)(CLI) as { loadStatusCli(): { cli: { statusCommandLine: unknown }; cacheUsed: boolean } };
    const loaded = bin.loadStatusCli();
    expect(typeof loaded.cli.statusCommandLine).toBe('function');
    expect(loaded.cacheUsed).toBe(true);
  });

  it('main.js answers status as the bin does, from the index and from the snapshot', () => {
    fs.rmSync(path.join(root, '.fw-context', 'status-snapshot.json'), { force: true });
    const fromIndex = spawnSync(process.execPath, [path.join(path.dirname(CLI), 'main.js'), 'status', '--json'], { cwd: root, encoding: 'utf8' });
    expect(fromIndex.status).toBe(0);
    const bin = spawnSync(process.execPath, [CLI, 'status', '--json'], { cwd: root, encoding: 'utf8' });
    const main = spawnSync(process.execPath, [path.join(path.dirname(CLI), 'main.js'), 'status', '--json'], { cwd: root, encoding: 'utf8' });
    expect(bin.status).toBe(0);
    expect(main.status).toBe(0);
    expect(main.stdout).toBe(bin.stdout);
    expect(fromIndex.stdout).toBe(bin.stdout);
  });

  it('index of an unchanged project answers detection from its cache: no adapter module loads', () => {
    const { modules, status, stdout } = modulesLoaded(root, ['index', '--json']);
    expect(status).toBe(0);
    expect((JSON.parse(stdout) as { detection: { cached: boolean } }).detection.cached).toBe(true);
    expect(modules.filter((m) => /\/adapters\/(zephyr|mbed|platformio|cmake|ninja|compile-commands)\/|node_modules\/(yaml|json5)\//.test(m))).toEqual([]);
  });

  it('the detection cache is keyed by the build\'s stamp of the adapter code, not by a walk over its modules', () => {
    const adapters = path.join(path.dirname(CLI), '..', '..', 'adapters');
    const stamp = fs.readFileSync(path.join(adapters, 'code-fingerprint.txt'), 'latin1').trim();
    expect(stamp).toMatch(/^[0-9a-f]{40}$/);
    expect(fs.statSync(path.join(adapters, 'code-fingerprint.txt')).mtimeMs).toBeGreaterThanOrEqual(fs.statSync(path.join(adapters, 'detection-cache.js')).mtimeMs);
    expect(spawnSync(process.execPath, [CLI, 'index'], { cwd: root }).status).toBe(0);
    const cache = JSON.parse(cacheFileText(path.join(root, '.fw-context', 'detection.json'))) as { key: string };
    expect(JSON.parse(cache.key)[1]).toBe(`stamp:${stamp}`);
  });

  it('an index run and a lookup take better-sqlite3\'s JavaScript and ini from the command bundle: of packages, only the SQLite addon is a file they load', () => {
    for (const args of [['index', '--json'], ['lookup', 'uart_init', '--json']]) {
      const { builtins, resolved, status } = builtinsLoaded(root, args);
      expect(status).toBe(0);
      expect(builtins).toContain('vm');
      expect([...new Set(resolved.filter((m) => /\/node_modules\//.test(m)))]).toEqual([expect.stringMatching(/\/better-sqlite3\/build\/Release\/better_sqlite3\.node$/)]);
    }
  });

  it('an index run whose standard error is a pipe makes no stream of it, and loads neither perf_hooks, node:module nor the recursive remover', () => {
    const { builtins, status } = builtinsLoaded(root, ['index', '--json']);
    expect(status).toBe(0);
    expect(builtins).toContain('vm');
    expect(builtins.filter((m) => /^(net|perf_hooks|module|internal\/perf\/performance|internal\/fs\/rimraf)$/.test(m))).toEqual([]);
  });

  it('an index run that parses nothing loads no parser, nor the worker pool', () => {
    const { modules, status, stdout } = modulesLoaded(root, ['index', '--json']);
    expect(status).toBe(0);
    expect((JSON.parse(stdout) as { parsed: number }).parsed).toBe(0);
    expect(modules.filter((m) => /node_modules\/(tree-sitter|piscina)/.test(m))).toEqual([]);
  });

  it.each([['the bin (command bundle)', CLI], ['main.js', MAIN]])('the probe sees them where they are needed: a .c edit through %s loads the C grammar and the preprocessor, not C++ or workers', (_, entry) => {
    fs.appendFileSync(path.join(root, 'src/drivers/gpio.c'), `\nint gpio_probe_extra_${path.basename(entry).replace(/\W/g, '_')}(void) { return 3; }\n`);
    const { modules, status, stdout } = modulesLoaded(root, ['index', '--json'], entry);
    expect(status).toBe(0);
    expect((JSON.parse(stdout) as { parsed: number }).parsed).toBe(1);
    expect(modules.some((m) => /node_modules\/tree-sitter\//.test(m))).toBe(true);
    expect(modules.some((m) => /node_modules\/tree-sitter-c\//.test(m))).toBe(true);
    expect(modules.some((m) => /\/src\/preprocessor\//.test(m))).toBe(true);
    expect(modules.filter((m) => /node_modules\/(tree-sitter-cpp|piscina)\//.test(m))).toEqual([]);
  });
});

/** The drivers-hal-cmake fixture with every file an hour old (past the racy window), indexed. */
async function indexedOldFixture(): Promise<{ root: string; past: Date }> {
  const root = copyFixtureToTemp('index', 'drivers-hal-cmake');
  writeConfig(root, { ...DEFAULT_CONFIG });
  const past = new Date(Date.now() - 3_600_000);
  const age = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) age(p);
      else fs.utimesSync(p, past, past);
    }
  };
  age(root);
  await indexProject({ root });
  return { root, past };
}

describe('a read-only command that hashes nothing', () => {
  it('never loads node:crypto (lookup in a project whose files keep their indexed size and mtime)', async () => {
    // Files older than the racy window: the index trusts their size and mtime, so no read hashes them.
    const { root } = await indexedOldFixture();
    const { modules, status } = modulesLoaded(root, ['lookup', 'uart_init', '--json']);
    expect(status).toBe(0);
    expect(modules).toContain('builtin:fs');
    expect(modules.filter((m) => /^builtin:(crypto|internal\/crypto\/)/.test(m))).toEqual([]);
  });
});

describe('status right after an edit is indexed', () => {
  it('hashes the edited file, inside the racy window, without loading node:crypto', async () => {
    const { root } = await indexedOldFixture();
    const unit = path.join(root, 'src/main.c');
    fs.appendFileSync(unit, '\nint added_after_index(void) { return 0; }\n');
    expect(spawnSync(process.execPath, [CLI, 'index'], { cwd: root }).status).toBe(0);
    expect(spawnSync(process.execPath, [CLI, 'status'], { cwd: root }).status).toBe(0);
    const { modules, stdout } = modulesLoaded(root, ['status', '--json']);
    expect(JSON.parse(stdout)).toMatchObject({ status: 'ready', modified_files_count: 0 });
    expect(modules.filter((m) => /^builtin:(crypto|internal\/crypto\/)/.test(m))).toEqual([]);
    fs.appendFileSync(unit, '\nint added_after_that(void) { return 1; }\n');
    expect(JSON.parse(modulesLoaded(root, ['status', '--json']).stdout)).toMatchObject({ modified_files_count: 1, modified_files: ['src/main.c'] });
  });
});

describe('status of an unchanged index', () => {
  it('answers from its snapshot: neither better-sqlite3, node:crypto nor node:v8 loads, and an edited compile database still shows', async () => {
    // Files older than the racy window: the index trusts their size and mtime, and status keeps the compile
    // database's hash by its identity.
    const { root, past } = await indexedOldFixture();
    const db = path.join(root, 'build/compile_commands.json');
    expect(spawnSync(process.execPath, [CLI, 'status'], { cwd: root }).status).toBe(0);
    const first = modulesLoaded(root, ['status', '--json']);
    expect(JSON.parse(first.stdout).status).toBe('ready');
    expect(first.modules.filter((m) => /node_modules\/better-sqlite3\/|^builtin:(crypto|internal\/crypto\/|v8$)/.test(m))).toEqual([]);
    fs.writeFileSync(db, fs.readFileSync(db, 'utf8').replace('"command"', '"commanD"'));
    fs.utimesSync(db, past, past);
    const edited = modulesLoaded(root, ['status', '--json']);
    expect(JSON.parse(edited.stdout).status).toBe('reindex_needed');
    expect(edited.modules.filter((m) => /node_modules\/better-sqlite3\//.test(m))).toEqual([]);
  });
});

describe('status of an unchanged index after a header appears where units looked for it', () => {
  it('probes the folders from its snapshot: no SQLite while nothing appeared, and again once it recorded the units that looked', async () => {
    const { root } = await indexedFixture(['index', 'headers-appearing']);
    const sqlite = (m: string) => /node_modules\/better-sqlite3\//.test(m);
    const run = () => {
      const r = modulesLoaded(root, ['status', '--json']);
      expect(r.status).toBe(0);
      const answer = JSON.parse(r.stdout) as { status: string; appeared_headers: { file: string }[] };
      return { status: answer.status, appeared: answer.appeared_headers.map((h) => h.file), sqlite: r.modules.some(sqlite) };
    };
    expect(run()).toEqual({ status: 'ready', appeared: [], sqlite: true });
    expect(run()).toEqual({ status: 'ready', appeared: [], sqlite: false });
    fs.writeFileSync(path.join(root, 'include_sys/absent_angle.h'), 'int angle_decl(void);\n');
    // The units that looked for it are read from the index once, then kept in the snapshot.
    expect(run()).toEqual({ status: 'reindex_needed', appeared: ['include_sys/absent_angle.h'], sqlite: true });
    expect(run()).toEqual({ status: 'reindex_needed', appeared: ['include_sys/absent_angle.h'], sqlite: false });
  });
});

describe('a refusal that names builds not indexed yet loads the adapters only then', () => {
  let root = '';
  beforeAll(async () => {
    root = copyFixtureToTemp('adapters', 'zephyr-multi-board');
    // Files as old as a slow run leaves them: past the 2 s within which detection trusts no mtime.
    backdateTree(root, 60);
    writeConfig(root, { ...DEFAULT_CONFIG });
    await indexProject({ root, variant: 'nucleo_f401re' });
  });

  it('a query for an indexed build loads no adapter; one for a declared build not indexed names it', () => {
    const indexed = modulesLoaded(root, ['lookup', 'main', '--variant', 'nucleo_f401re', '--json']);
    expect(indexed.status).toBe(0);
    expect(indexed.modules.filter((m) => ADAPTERS.test(m))).toEqual([]);
    for (const entry of [CLI, MAIN]) {
      // No detection cache (nor its list of the builds' names, which a refusal reads first): the one the bin's run
      // writes would hold for main.js's once the fixture's files are older than the 2 s within which detection trusts
      // no mtime (a slow run), and no adapter would load then.
      for (const file of ['detection.json', 'detection-names.json']) fs.rmSync(path.join(root, '.fw-context', file), { force: true });
      const pending = modulesLoaded(root, ['lookup', 'main', '--variant', 'build-nrf52840dk', '--json'], entry);
      expect(pending.status).toBe(1);
      expect((JSON.parse(pending.stdout) as { error: string }).error).toMatch(/"build-nrf52840dk" is a build of this project but is not indexed yet \(images: app\)\. Indexed builds: nucleo_f401re/);
      expect(pending.modules.some((m) => /\/adapters\/detect-builds\.js$/.test(m))).toBe(true);
    }
    const unknown = modulesLoaded(root, ['lookup', 'main', '--variant', 'no_such_board', '--json']);
    expect((JSON.parse(unknown.stdout) as { error: string }).error).toMatch(/unknown variant "no_such_board"/);
  });

  it('a refusal naming a declared build takes it from the detection cache while that holds: no adapter loads', () => {
    const cached = copyFixtureToTemp('adapters', 'zephyr-multi-board');
    backdateTree(cached, 60);
    writeConfig(cached, { ...DEFAULT_CONFIG });
    // The built CLI's index writes the detection cache its queries read (keyed by the built adapters' code).
    expect(spawnSync(process.execPath, [CLI, 'index', '--variant', 'nucleo_f401re'], { cwd: cached }).status).toBe(0);
    for (const entry of [CLI, MAIN]) {
      const pending = modulesLoaded(cached, ['lookup', 'main', '--variant', 'build-nrf52840dk', '--json'], entry);
      expect(pending.status).toBe(1);
      expect((JSON.parse(pending.stdout) as { error: string }).error).toMatch(/"build-nrf52840dk" is a build of this project but is not indexed yet/);
      expect(pending.modules.filter((m) => ADAPTERS.test(m))).toEqual([]);
    }
  });

  it('status of several builds with no default takes the declared builds from the detection cache (the adapters only when it misses), and SQLite only for its first answer', async () => {
    const multi = copyFixtureToTemp('adapters', 'zephyr-multi-board');
    // Every file older than the 2 s within which detection trusts no mtime: the cache the first status writes holds.
    backdateTree(multi, 60);
    writeConfig(multi, { ...DEFAULT_CONFIG });
    await indexProject({ root: multi });
    // The detection cache is keyed by the adapters' code: the one these tests' index wrote misses in the built CLI.
    const first = modulesLoaded(multi, ['status', '--json']);
    expect(first.status).toBe(0);
    expect(first.modules.some((m) => /\/adapters\/detect-builds\.js$/.test(m))).toBe(true);
    const second = modulesLoaded(multi, ['status', '--json']);
    expect(second.stdout).toBe(first.stdout);
    expect(JSON.parse(second.stdout)).toMatchObject({ status: 'ready', multi: true, active_variant: null });
    expect(second.modules.some((m) => /\/adapters\/detection-cache\.js$/.test(m))).toBe(true);
    expect(second.modules.filter((m) => ADAPTERS.test(m))).toEqual([]);
    expect(second.modules.filter((m) => /node_modules\/better-sqlite3\//.test(m))).toEqual([]);
  });
});
