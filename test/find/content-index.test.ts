// The content index beside the symbol index: which files it covers (ignore rules, binary files, files no
// build reads deferred), how an index run updates it (only changed files re-read).
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { contentBatch } from '../../src/indexer/update-content-index.js';
import { SqliteContentIndex } from '../../src/index/sqlite-content-index.js';
import { touchFuture } from '../helpers/fixture-project.js';
import { fillDeferredIn, indexedFindFixture, withContentIndex } from './find-fixture.js';

let root: string;
const withContent = <T>(fn: (c: SqliteContentIndex) => T): T => withContentIndex(root, fn);

const fillAll = () => fillDeferredIn(root);
const kindOf = (p: string) => withContent((c) => c.files()).find((f) => f.path === p)?.kind;

beforeAll(async () => {
  root = await indexedFindFixture();
});

describe('content index', () => {
  it('covers the files ripgrep would search, binary ones marked', () => {
    const files = withContent((c) => c.files());
    expect(files.map((f) => f.path)).toEqual(['README.md', 'assets/logo.bin', 'docs/uart.md', 'include/uart_drv.h', 'src/probe.cpp', 'src/sensor.cpp', 'src/uart_drv.c', 'tests/test_uart.c']);
    expect(files.find((f) => f.path === 'assets/logo.bin')?.kind).toBe('binary');
    // Files a build reads get their trigrams in the index run; the others wait for a fill.
    expect(files.filter((f) => f.kind === 'text').map((f) => f.path)).toEqual(['include/uart_drv.h', 'src/probe.cpp', 'src/sensor.cpp', 'src/uart_drv.c']);
    expect(files.filter((f) => f.kind === 'deferred').map((f) => f.path)).toEqual(['README.md', 'docs/uart.md', 'tests/test_uart.c']);
    expect(withContent((c) => c.candidates([['uart_drv']]))!.has('docs/uart.md')).toBe(false);
    expect(withContent((c) => c.coverage())).toEqual({ textFiles: 7, indexed: 4, deferred: 3, deferredBytes: expect.any(Number), large: 0 });
  });

  it('the same rows when the run writes a batch per file', async () => {
    const other = await indexedFindFixture();
    const rows = (r: string) => withContentIndex(r, (c) => c.files().map((f) => [f.path, f.kind, f.contentHash, f.size]));
    const found = (r: string) => [...(withContentIndex(r, (c) => c.candidates([['uart_drv']])) ?? [])].sort();
    const saved = { ...contentBatch };
    fs.rmSync(path.join(other, '.fw-context'), { recursive: true, force: true });
    Object.assign(contentBatch, { files: 2, textBytes: 1 });
    try {
      await indexProject({ root: other });
    } finally {
      Object.assign(contentBatch, { files: saved.files, textBytes: saved.textBytes });
    }
    expect(rows(other)).toEqual(rows(root));
    expect(found(other)).toEqual(found(root));
    expect(found(other).length).toBeGreaterThan(0);
  });

  it('a fill gives deferred files their trigrams without changing the generation', () => {
    const before = withContent((c) => [c.generation(), c.fillStamp()]);
    expect(fillAll()).toMatchObject({ filled: 3, skipped: 0, remaining: 0 });
    expect(withContent((c) => c.files()).filter((f) => f.kind === 'deferred')).toEqual([]);
    const after = withContent((c) => [c.generation(), c.fillStamp()]);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(fillAll()).toMatchObject({ filled: 0 });
  });

  it('finds candidate files by the trigrams of runs of text, case folded', () => {
    expect([...withContent((c) => c.candidates([['uart_drv']]))!].sort()).toEqual(['docs/uart.md', 'include/uart_drv.h', 'src/sensor.cpp', 'src/uart_drv.c', 'tests/test_uart.c']);
    expect([...withContent((c) => c.candidates([['TEMPS']]))!]).toEqual(['src/sensor.cpp']);
    // No file holds "uart_init_drv"; these hold each of its trigrams (uart_init_timeout, uart_drv_init), which find reads.
    expect([...withContent((c) => c.candidates([['uart_init_drv']]))!].sort()).toEqual(['docs/uart.md', 'include/uart_drv.h', 'src/sensor.cpp', 'src/uart_drv.c']);
    expect(withContent((c) => c.candidates([['uart_init'], ['TempSensor']]))!.size).toBe(4);
    expect(withContent((c) => c.candidates([['ab']]))).toBeNull();
  });

  it('re-reads only changed files and drops deleted ones', async () => {
    const before = withContent((c) => c.generation());
    const result = await indexProject({ root });
    expect(result.builds.every((b) => b.unchanged)).toBe(true);
    expect(withContent((c) => c.generation())).toBe(before);

    fs.appendFileSync(path.join(root, 'docs', 'uart.md'), 'The watchdog_kick_interval is 50 ms.\n');
    touchFuture(path.join(root, 'docs', 'uart.md'));
    fs.appendFileSync(path.join(root, 'src', 'uart_drv.c'), '/* watchdog_kick_interval */\n');
    touchFuture(path.join(root, 'src', 'uart_drv.c'));
    fs.rmSync(path.join(root, 'tests', 'test_uart.c'));
    const readmeBefore = withContent((c) => c.files()).find((f) => f.path === 'README.md');
    await indexProject({ root });
    expect(withContent((c) => c.generation())).not.toBe(before);
    // The edited build file is re-indexed; the edited file no build reads (filled before) is deferred again.
    expect([...withContent((c) => c.candidates([['watchdog']]))!]).toEqual(['src/uart_drv.c']);
    expect(kindOf('docs/uart.md')).toBe('deferred');
    expect(kindOf('README.md')).toBe('text');
    expect(withContent((c) => c.files()).find((f) => f.path === 'README.md')).toEqual(readmeBefore);
    expect(withContent((c) => c.files()).map((f) => f.path)).not.toContain('tests/test_uart.c');
    expect(fillAll()).toMatchObject({ filled: 1 });
    expect([...withContent((c) => c.candidates([['watchdog']]))!].sort()).toEqual(['docs/uart.md', 'src/uart_drv.c']);
  });
});

describe('content index text encodings', () => {
  it('indexes UTF-8 text (given as its bytes) and text that is not UTF-8 (decoded) alike', async () => {
    const own = await indexedFindFixture();
    // Files a build reads: their trigrams are written in the index run.
    fs.appendFileSync(path.join(own, 'src', 'uart_drv.c'), '/* café_naïve_marker — ✓ */\n');
    fs.appendFileSync(path.join(own, 'include', 'uart_drv.h'), Buffer.from('/* caf\xe9_latin1_marker */\n', 'latin1'));
    touchFuture(path.join(own, 'src', 'uart_drv.c'));
    touchFuture(path.join(own, 'include', 'uart_drv.h'));
    await indexProject({ root: own });
    const found = (run: string) => [...withContentIndex(own, (c) => c.candidates([[run]]))!];
    expect(found('café_naïve')).toEqual(['src/uart_drv.c']);
    expect(found('_latin1_marker')).toEqual(['include/uart_drv.h']);
    expect(found('\ufffd_latin1')).toEqual(['include/uart_drv.h']);
  });
});
