// The content index beside the symbol index: which files it covers (ignore rules, binary files), how an
// index run updates it (only changed files re-read).
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { openIndexForRead } from '../../src/index/open-index.js';
import { SqliteContentIndex } from '../../src/index/sqlite-content-index.js';
import { indexPath } from '../../src/project/config.js';
import { touchFuture } from '../helpers/fixture-project.js';
import { indexedFindFixture } from './find-fixture.js';

let root: string;
const withContent = <T>(fn: (c: SqliteContentIndex) => T): T => {
  const db = openIndexForRead(indexPath(root))!;
  try {
    return fn(new SqliteContentIndex(db));
  } finally {
    db.close();
  }
};

beforeAll(async () => {
  root = await indexedFindFixture();
});

describe('content index', () => {
  it('covers the files ripgrep would search, binary ones marked', () => {
    const files = withContent((c) => c.files());
    expect(files.map((f) => f.path)).toEqual(['README.md', 'assets/logo.bin', 'docs/uart.md', 'include/uart_drv.h', 'src/probe.cpp', 'src/sensor.cpp', 'src/uart_drv.c', 'tests/test_uart.c']);
    expect(files.find((f) => f.path === 'assets/logo.bin')?.kind).toBe('binary');
  });

  it('finds candidate files by runs of text, case folded, as phrases', () => {
    expect([...withContent((c) => c.candidates([['uart_drv']]))!].sort()).toEqual(['docs/uart.md', 'include/uart_drv.h', 'src/sensor.cpp', 'src/uart_drv.c', 'tests/test_uart.c']);
    expect([...withContent((c) => c.candidates([['TEMPS']]))!]).toEqual(['src/sensor.cpp']);
    // Every trigram of "uart_init_drv" is in uart_drv.c, but not the run itself.
    expect(withContent((c) => c.candidates([['uart_init_drv']]))!.size).toBe(0);
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
    fs.rmSync(path.join(root, 'tests', 'test_uart.c'));
    await indexProject({ root });
    expect(withContent((c) => c.generation())).not.toBe(before);
    expect([...withContent((c) => c.candidates([['watchdog']]))!]).toEqual(['docs/uart.md']);
    expect(withContent((c) => c.files()).map((f) => f.path)).not.toContain('tests/test_uart.c');
  });
});
