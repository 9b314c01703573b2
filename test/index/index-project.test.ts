// The indexer on the example firmware: what gets indexed, vendor flags, reuse on the second run,
// per-file errors, and a failed run leaving the previous index answering.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { indexPath } from '../../src/project/config.js';
import { ROW_FORMAT_VERSION, SCHEMA_VERSION } from '../../src/index/schema.js';
import { openIndexForWrite, IndexVersionError } from '../../src/index/open-index.js';
import { indexedFixture } from '../helpers/fixture-project.js';
import { buildDiagnosticRows } from '../helpers/build-list-rows.js';

describe('indexProject', () => {
  it('indexes every unit and every header they include, flags vendor files', async () => {
    const { root, result } = await indexedFixture(['index', 'drivers-hal-cmake']);
    expect(result.builds).toHaveLength(1);
    // 12 project files, plus the compiler's own headers (stdint.h, ...) when the real compiler reports them.
    expect(result.builds[0]).toMatchObject({ units: 6, reused: 0 });
    expect(result.builds[0].files).toBeGreaterThanOrEqual(12);
    expect(result.builds[0].parsed).toBe(result.builds[0].files);
    const db = new Database(indexPath(root), { readonly: true });
    const every = db.prepare('SELECT path, is_vendor FROM files ORDER BY path').all() as { path: string; is_vendor: number }[];
    expect(every.filter((f) => path.isAbsolute(f.path)).every((f) => f.is_vendor === 1)).toBe(true);
    const files = every.filter((f) => !path.isAbsolute(f.path));
    expect(files).toHaveLength(12);
    expect(files.map((f) => f.path)).toContain('include/board_config.h');
    expect(files.map((f) => f.path)).not.toContain('vendor/st/hal/src/stm32f4xx_hal_spi.c');
    expect(files.filter((f) => f.is_vendor).map((f) => f.path)).toEqual(['vendor/st/hal/inc/stm32f4xx_hal.h', 'vendor/st/hal/src/stm32f4xx_hal_uart.c']);
    const meta = Object.fromEntries((db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[]).map((r) => [r.key, r.value]));
    expect(meta).toMatchObject({ schema_version: String(SCHEMA_VERSION), row_format_version: String(ROW_FORMAT_VERSION) });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const macro = db.prepare("SELECT m.params, m.value, m.function_like, coalesce(m.file, g.file) AS file FROM macros m JOIN macro_groups g ON g.id = m.group_id WHERE m.name = 'MIN'").get() as Record<string, unknown>;
    expect(macro).toMatchObject({ params: '(a, b)', value: '((a) < (b) ? (a) : (b))', function_like: 1, file: 'include/board_config.h' });
    db.close();
  });

  it('re-parses nothing on a second run and only the changed file on a third', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const first = (await indexProject({ root })).reused;
    const second = await indexProject({ root });
    expect(second.parsed).toBe(0);
    expect(second.reused).toBe(first);
    expect(second.reused).toBeGreaterThanOrEqual(12);
    fs.appendFileSync(path.join(root, 'src/drivers/gpio.c'), '\nint gpio_extra(void) { return 1; }\n');
    const third = await indexProject({ root });
    expect(third.parsed).toBe(1);
    expect(third.reused).toBe(first - 1);
    const db = new Database(indexPath(root), { readonly: true });
    expect(db.prepare("SELECT count(*) AS n FROM symbols WHERE name = 'gpio_extra'").get()).toEqual({ n: 1 });
    // The old version of gpio.c is gone.
    expect(db.prepare("SELECT count(*) AS n FROM symbols WHERE name = 'gpio_write' AND is_definition = 1").get()).toEqual({ n: 1 });
    db.close();
  });

  it('records a file that cannot be parsed and indexes the rest', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    fs.writeFileSync(path.join(root, 'src/drivers/gpio.c'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1, 2, 3]));
    const r = await indexProject({ root });
    const diags = r.builds[0].diagnostics;
    expect(diags.some((d) => d.file.endsWith('src/drivers/gpio.c') && /binary file/.test(d.message))).toBe(true);
    const db = new Database(indexPath(root), { readonly: true });
    expect(db.prepare("SELECT count(*) AS n FROM symbols WHERE name = 'uart_init'").get()).toEqual({ n: 2 });
    expect((db.prepare("SELECT parse_error FROM parsed_files p JOIN files f ON f.id = p.file_id WHERE f.path = 'src/drivers/gpio.c'").get() as { parse_error: string }).parse_error).toMatch(/binary/);
    db.close();
  });

  it('keeps the previous index when the compile database turns into invalid JSON', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const cdb = path.join(root, 'build/compile_commands.json');
    fs.writeFileSync(cdb, '[\n  {"directory": "x",\n  oops\n]');
    const r = await indexProject({ root });
    const all = [...r.diagnostics, ...r.builds.flatMap((b) => b.diagnostics)];
    expect(all.some((d) => d.file === cdb && d.line !== undefined && /not valid JSON/.test(d.message) && d.fix)).toBe(true);
    const db = new Database(indexPath(root), { readonly: true });
    expect((db.prepare("SELECT count(*) AS n FROM symbols WHERE name = 'uart_init'").get() as { n: number }).n).toBe(2);
    db.close();
  });

  it('refuses to rewrite an index written by a newer fw-context', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const db = new Database(indexPath(root));
    db.prepare("UPDATE meta SET value = ? WHERE key = 'schema_version'").run(String(SCHEMA_VERSION + 1));
    db.close();
    expect(() => openIndexForWrite(indexPath(root))).toThrow(IndexVersionError);
    await expect(indexProject({ root })).rejects.toThrow(/newer fw-context/);
  });
});

describe('unchanged builds', () => {
  it('skip preprocessing and parsing when nothing the build reads changed', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const again = await indexProject({ root });
    expect(again.builds[0].unchanged).toBe(true);
    expect(again.preprocessMs).toBe(0);
    // Touching a header (same content, new mtime): its hash is what the build read, so nothing is redone.
    const h = path.join(root, 'src/drivers/uart.h');
    const t = new Date(Date.now() + 10_000);
    fs.utimesSync(h, t, t);
    const touched = await indexProject({ root });
    expect(touched.builds[0].unchanged).toBe(true);
    expect(touched.parsed).toBe(0);
    // A changed compile database (another flag) is a different build.
    const cdb = path.join(root, 'build/compile_commands.json');
    fs.writeFileSync(cdb, fs.readFileSync(cdb, 'utf8').replace(/-DBOARD_REV=2/g, '-DBOARD_REV=3'));
    const rebuilt = await indexProject({ root });
    expect(rebuilt.builds[0].unchanged).toBeUndefined();
  });

  it('names the vendor files whose syntax the parser could not fully read; a later run keeps the note', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    fs.appendFileSync(path.join(root, 'vendor/st/hal/inc/stm32f4xx_hal.h'), '\nint broken(( ;\n');
    const named = /^\d+ vendor\/system file\(s\) .*: vendor\/st\/hal\/inc\/stm32f4xx_hal\.h[;,] .*their other symbols are indexed$/;
    const first = await indexProject({ root });
    expect(first.builds[0].diagnostics.filter((d) => d.severity === 'info' && /could not fully read/.test(d.message)).map((d) => d.message)).toEqual([expect.stringMatching(named)]);
    // A .c edit re-indexes one unit; the build's stored diagnostics (the note among them) stay.
    fs.appendFileSync(path.join(root, 'src/main.c'), '\nint main_extra(void) { return 0; }\n');
    expect((await indexProject({ root })).builds[0].parsed).toBe(1);
    const db = new Database(indexPath(root), { readonly: true });
    const stored = buildDiagnosticRows(db).map((r) => r[4] as string).filter((m) => m.includes('could not fully read'));
    db.close();
    expect(stored).toEqual([expect.stringMatching(named)]);
  });
});
