// get_active_build on the example firmware: each status, the exact modified-file count, and the reindex
// reasons with the command that fixes each.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getActiveBuild } from '../../src/query/active-build.js';
import { openProject } from '../../src/query/project-context.js';
import { indexProject } from '../../src/indexer/index-project.js';
import { copyFixtureToTemp, indexedFixture, tempDir, touchFuture } from '../helpers/fixture-project.js';
import { writeConfig, DEFAULT_CONFIG } from '../../src/project/config.js';

const status = (root: string) => {
  const ctx = openProject(root);
  try {
    return getActiveBuild(ctx) as Record<string, any>;
  } finally {
    ctx.close();
  }
};

describe('get_active_build', () => {
  it('says not_initialized and no_index before there is an index', () => {
    const bare = tempDir();
    const s = status(bare);
    expect(s).toEqual({ status: 'not_initialized', project_root: bare, index_message: expect.stringContaining('fw-context init') });
    const root = copyFixtureToTemp('index', 'drivers-hal-cmake');
    writeConfig(root, DEFAULT_CONFIG);
    expect(status(root)).toMatchObject({ status: 'no_index', project_id: expect.any(String) });
  });

  it('is ready after indexing, with counts and versions', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const s = status(root);
    expect(s).toMatchObject({ status: 'ready', reindex_needed: false, reindex_reasons: [], modified_files_count: 0, schema_version: s.current_schema, multi: false });
    expect(s.symbol_count).toBeGreaterThan(50);
    expect(s.file_count).toBeGreaterThanOrEqual(12);
    expect(s.reference_count).toBeGreaterThan(5);
    expect(s.indexed_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(s.defines).toMatchObject({ STM32F407xx: '1', USE_HAL_DRIVER: '1', BOARD_REV: '2' });
    // A status call from a subfolder finds the project upward.
    expect(status(path.join(root, 'src', 'drivers')).project_root).toBe(root);
  });

  it('counts exactly the files whose content changed, and the units their headers affect', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const c = path.join(root, 'src/drivers/gpio.c');
    fs.appendFileSync(c, '\n/* edited */\n');
    const h = path.join(root, 'src/drivers/serial.h');
    touchFuture(h); // touched, content unchanged: not modified
    let s = status(root);
    expect(s.modified_files_count).toBe(1);
    expect(s.modified_files).toEqual(['src/drivers/gpio.c']);
    expect(s.header_affected_tus).toBe(0);
    expect(s.status).toBe('ready');
    fs.appendFileSync(path.join(root, 'src/drivers/uart.h'), '\n');
    s = status(root);
    expect(s.modified_files_count).toBe(2);
    expect(s.header_affected_tus).toBe(2); // uart.c and serial.c include uart.h
    expect(s.stale).toBe(true);
  });

  it('needs a reindex when compile_commands.json changed', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const db = path.join(root, 'build/compile_commands.json');
    fs.writeFileSync(db, fs.readFileSync(db, 'utf8').replace('-DBOARD_REV=2', '-DBOARD_REV=3'));
    const s = status(root);
    expect(s.status).toBe('reindex_needed');
    expect(s.reindex_reasons).toHaveLength(1);
    expect(s.reindex_reasons[0]).toMatch(/build\/compile_commands\.json changed since indexing.*`fw-context index`/);
    await indexProject({ root });
    expect(status(root).status).toBe('ready');
  });

  it('asks for index --build when a source file was added that no build compiles', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const added = path.join(root, 'src/drivers/spi.c');
    fs.writeFileSync(added, 'int spi_init(void) { return 0; }\n');
    touchFuture(added);
    const s = status(root);
    expect(s.status).toBe('reindex_needed');
    expect(s.reindex_reasons.join('\n')).toMatch(/src\/drivers\/spi\.c.*fw-context index --build/);
    // SDK files nobody compiles are not a reason (the fixture's HAL SPI module is never built).
    expect(s.reindex_reasons.join('\n')).not.toMatch(/stm32f4xx_hal_spi/);
  });

  it('an SDK source no build compiles is not a reason even when new', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const sdk = path.join(root, 'vendor/st/hal/src/stm32f4xx_hal_spi.c');
    touchFuture(sdk);
    expect(status(root).status).toBe('ready');
  });
});

describe('index versions', () => {
  it('an older row format asks for fw-context index; a newer one asks for a client restart and stays ready', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const Database = (await import('better-sqlite3')).default;
    const { indexPath } = await import('../../src/project/config.js');
    const { SCHEMA_VERSION, ROW_FORMAT_VERSION } = await import('../../src/index/schema.js');
    const set = (key: string, value: number) => {
      const db = new Database(indexPath(root));
      db.prepare('UPDATE meta SET value = ? WHERE key = ?').run(String(value), key);
      db.close();
    };
    set('row_format_version', ROW_FORMAT_VERSION - 1);
    let s = status(root);
    expect(s.status).toBe('reindex_needed');
    expect(s.reindex_reasons[0]).toMatch(/differs from this fw-context's.*run `fw-context index`/);
    await indexProject({ root });
    expect(status(root)).toMatchObject({ status: 'ready', row_format_version: ROW_FORMAT_VERSION });
    set('row_format_version', ROW_FORMAT_VERSION + 1);
    s = status(root);
    expect(s).toMatchObject({ status: 'ready', reindex_needed: false, reindex_reasons: [], client_restart_required: true });
    expect(s.client_restart_reason).toMatch(/newer fw-context.*restart the LLM client.*Do not re-index/);
    expect(s.index_message.startsWith(s.client_restart_reason)).toBe(true);
    set('row_format_version', ROW_FORMAT_VERSION);
    set('schema_version', SCHEMA_VERSION + 1);
    expect(status(root)).toMatchObject({ status: 'ready', client_restart_required: true });
  });

  it('an unreadable index is an error, never a status', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const { indexPath } = await import('../../src/project/config.js');
    for (const s of ['-wal', '-shm']) fs.rmSync(indexPath(root) + s, { force: true });
    fs.writeFileSync(indexPath(root), 'garbage, not an index '.repeat(300));
    expect(() => status(root)).toThrow(/cannot be read/);
  });
});

describe('a run under way', () => {
  it('says reindexing with its progress, and lets reindex_needed win', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const { lockPath } = await import('../../src/indexer/index-lock.js');
    fs.writeFileSync(lockPath(root), JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString(), progress: '[1/1] build/app: 0/12 files' }));
    try {
      expect(status(root)).toMatchObject({ status: 'reindexing', bg_reindex_running: true, reindex_progress: '[1/1] build/app: 0/12 files' });
      const db = path.join(root, 'build/compile_commands.json');
      fs.writeFileSync(db, fs.readFileSync(db, 'utf8').replace('-DBOARD_REV=2', '-DBOARD_REV=3'));
      const s = status(root);
      expect(s).toMatchObject({ status: 'reindex_needed', bg_reindex_running: true });
      expect(s.index_message).toMatch(/under way: a second one would only wait/);
    } finally {
      fs.rmSync(lockPath(root), { force: true });
    }
  });
});
