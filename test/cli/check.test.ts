// `fw-context check`: exit 0/1/2, one line per problem naming build, file and reason, --json and GitHub
// annotations; with cmake, the full cycle on a project whose compile database cmake writes.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runCheck } from '../../src/cli/check-command.js';
import { indexProject } from '../../src/indexer/index-project.js';
import { ROW_FORMAT_VERSION } from '../../src/index/schema.js';
import { DEFAULT_CONFIG, indexPath, writeConfig } from '../../src/project/config.js';
import { checkIndex, type CheckResult } from '../../src/query/index-check.js';
import { withProject } from '../../src/query/project-context.js';
import { copyFixtureToTemp, hasTool, indexedFixture, runCli, tempDir, touchFuture } from '../helpers/fixture-project.js';

const check = (root: string, sel = {}): CheckResult => withProject(root, (ctx) => checkIndex(ctx, sel));
const reasonsOf = (r: CheckResult) => r.builds.flatMap((b) => b.reasons.map((p) => ({ build: `${b.variant}/${b.image}`, ...p })));

describe('check on an indexed fixture', () => {
  it('passes, then names the edited unit and the header with the units that read it', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    expect(check(root)).toMatchObject({ status: 'ok', exit_code: 0 });
    fs.appendFileSync(path.join(root, 'src/drivers/gpio.c'), '\nint gpio_extra(void) { return 0; }\n');
    fs.appendFileSync(path.join(root, 'src/drivers/uart.h'), '\n#define UART_EXTRA 1\n');
    touchFuture(path.join(root, 'src/drivers/serial.h')); // touched, same content: not a problem
    const r = check(root);
    expect(r).toMatchObject({ status: 'stale', exit_code: 1 });
    expect(reasonsOf(r)).toEqual([
      expect.objectContaining({ build: 'build/app', code: 'file_changed', file: 'src/drivers/gpio.c', fix: '`fw-context index`' }),
      expect.objectContaining({ build: 'build/app', code: 'header_changed', file: 'src/drivers/uart.h', message: expect.stringMatching(/2 unit\(s\).*src\/drivers\/(uart|serial)\.c/) }),
    ]);
    const text = runCheck({ cwd: root, json: false });
    expect(text.exitCode).toBe(1);
    expect(text.text.split('\n').filter((l) => l.startsWith('build/app: '))).toHaveLength(2);
    await indexProject({ root });
    expect(check(root).exit_code).toBe(0);
  });

  it('names a deleted unit and a changed compile database with the line of the new entry', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const dbFile = path.join(root, 'build/compile_commands.json');
    const db = JSON.parse(fs.readFileSync(dbFile, 'utf8')) as { file: string; directory: string; command?: string; arguments?: string[] }[];
    const spi = path.join(root, 'src/drivers/spi.c');
    fs.writeFileSync(spi, 'int spi_init(void) { return 0; }\n');
    db.push({ ...db[0], file: spi });
    fs.writeFileSync(dbFile, JSON.stringify(db, null, 2));
    let r = check(root);
    const [reason] = reasonsOf(r);
    expect(reason).toMatchObject({ code: 'compile_database', file: 'build/compile_commands.json', message: expect.stringContaining('1 unit(s) added (src/drivers/spi.c)') });
    expect(fs.readFileSync(dbFile, 'utf8').split('\n')[reason.line! - 1]).toContain('spi.c');
    await indexProject({ root });
    fs.rmSync(spi);
    r = check(root);
    expect(reasonsOf(r)).toEqual([expect.objectContaining({ code: 'file_deleted', file: 'src/drivers/spi.c' })]);
  });

  it('reports sources no build compiles in the build\'s source folders as information only', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const extra = path.join(root, 'src/drivers/spi.c');
    fs.writeFileSync(extra, 'int spi_init(void) { return 0; }\n');
    touchFuture(extra);
    const r = check(root);
    expect(r.exit_code).toBe(0);
    expect(r.info).toEqual([expect.objectContaining({ file: 'src/drivers/spi.c', fix: '`fw-context index --build`' })]);
    // The SDK folder's uncompiled module is not the build's source folder.
    expect(r.info.map((i) => i.file)).not.toContain('vendor/st/hal/src/stm32f4xx_hal_spi.c');
  });

  it('prints GitHub annotations with root-relative paths, escaped', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    fs.appendFileSync(path.join(root, 'src/drivers/gpio.c'), '\n/* 100% edited, really */\n');
    const out = runCheck({ cwd: root, json: false, format: 'github' });
    expect(out.exitCode).toBe(1);
    expect(out.text).toMatch(/^::error file=src\/drivers\/gpio\.c,line=1,title=fw-context%3A build\/app::changed on disk since indexing \(build build\/app\); fix: fw-context index$/m);
    expect(out.text).not.toContain(root);
  });

  it('--variant restricts the check; an unknown build cannot be checked', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    fs.appendFileSync(path.join(root, 'src/drivers/gpio.c'), '\n');
    expect(check(root, { variant: 'build' }).exit_code).toBe(1);
    const r = check(root, { variant: 'nope' });
    expect(r).toMatchObject({ status: 'unknown', exit_code: 2, message: expect.stringContaining('build/app') });
  });
});

describe('check cannot tell (exit 2)', () => {
  it('names fw-context init in a folder that is no project, and fw-context index before any index', () => {
    const bare = tempDir();
    const r = runCli(bare, ['check']);
    expect(r.status).toBe(2);
    expect(r.stdout).toMatch(/fw-context init/);
    const root = copyFixtureToTemp('index', 'drivers-hal-cmake');
    writeConfig(root, DEFAULT_CONFIG);
    expect(check(root)).toMatchObject({ exit_code: 2, message: expect.stringContaining('`fw-context index`') });
  });

  it('on an unreadable index, and on an index of a newer row format', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const db = new Database(indexPath(root));
    db.prepare("UPDATE meta SET value = ? WHERE key = 'row_format_version'").run(String(ROW_FORMAT_VERSION + 1));
    db.close();
    expect(check(root)).toMatchObject({ exit_code: 2, message: expect.stringContaining('newer fw-context') });
    for (const s of ['-wal', '-shm']) fs.rmSync(indexPath(root) + s, { force: true });
    fs.writeFileSync(indexPath(root), 'this is not an SQLite file'.repeat(200));
    const out = runCheck({ cwd: root, json: true });
    expect(out.exitCode).toBe(2);
    expect(JSON.parse(out.text)).toMatchObject({ status: 'unknown', message: expect.stringMatching(/cannot be read.*fw-context index/) });
  });

  it('fails (exit 1) on an index of an older row format, naming the index', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const db = new Database(indexPath(root));
    db.prepare("UPDATE meta SET value = ? WHERE key = 'row_format_version'").run(String(ROW_FORMAT_VERSION - 1));
    db.close();
    expect(reasonsOf(check(root))).toEqual([expect.objectContaining({ code: 'row_format', file: '.fw-context/index.db' })]);
  });
});

const CMAKE_GENERATOR = hasTool('ninja') ? ['-G', 'Ninja'] : [];

describe.skipIf(!hasTool('cmake') || !hasTool('gcc') || !hasTool('g++'))('check on a cmake project (real compile database)', () => {
  it('follows edits, new units, and build folders that appear and vanish', () => {
    const root = copyFixtureToTemp('index', 'drivers-hal-cmake');
    fs.rmSync(path.join(root, 'build'), { recursive: true });
    const cmake = (dir: string) => {
      const r = spawnSync('cmake', ['-S', root, '-B', path.join(root, dir), ...CMAKE_GENERATOR, '-DCMAKE_EXPORT_COMPILE_COMMANDS=ON'], { encoding: 'utf8' });
      expect(r.status, `cmake failed:\n${r.stdout}\n${r.stderr}`).toBe(0);
    };
    cmake('build');
    expect(runCli(root, ['init']).status).toBe(0);
    expect(runCli(root, ['index']).status).toBe(0);
    const checkCli = (...args: string[]) => runCli(root, ['check', ...args]);
    expect(checkCli().status).toBe(0);

    fs.appendFileSync(path.join(root, 'src/drivers/uart.c'), '\nint uart_flush(void) { return 0; }\n');
    let r = checkCli();
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^build\/app: src\/drivers\/uart\.c:1: changed on disk since indexing/m);
    const gh = checkCli('--format', 'github');
    expect(gh.stdout).toMatch(/^::error file=src\/drivers\/uart\.c,line=1,/m);
    expect(JSON.parse(checkCli('--json').stdout)).toMatchObject({ status: 'stale', builds: [{ variant: 'build', status: 'stale', reasons: [{ file: 'src/drivers/uart.c' }] }] });
    expect(runCli(root, ['index']).status).toBe(0);
    expect(checkCli().status).toBe(0);

    fs.writeFileSync(path.join(root, 'src/drivers/spi.c'), 'int spi_init(void) { return 0; }\n');
    const cml = path.join(root, 'CMakeLists.txt');
    fs.writeFileSync(cml, fs.readFileSync(cml, 'utf8').replace('  src/drivers/gpio.c\n', '  src/drivers/gpio.c\n  src/drivers/spi.c\n'));
    cmake('build');
    r = checkCli();
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^build\/app: build\/compile_commands\.json:\d+: changed since indexing: 1 unit\(s\) added \(src\/drivers\/spi\.c\)/m);
    expect(runCli(root, ['index']).status).toBe(0);
    expect(checkCli().status).toBe(0);

    cmake('build-b');
    r = checkCli();
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^build-b\/app: build-b: build folder build-b declares this build, but it is not indexed/m);
    expect(runCli(root, ['index']).status).toBe(0);
    expect(checkCli().status).toBe(0);
    fs.rmSync(path.join(root, 'build-b'), { recursive: true });
    r = checkCli();
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^build-b\/app: build-b: indexed, but the build system no longer declares it/m);
  });
});
