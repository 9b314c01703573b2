// find's content answers through the trigram index, which keeps no positions (a file holding a run's trigrams
// apart is a candidate too), against a plain scan of every text file, once a fill gave every file its trigrams.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FindRequest } from '../../src/query/find-request.js';
import { fillDeferredIn, findIn, indexedFindFixture, withContentIndex } from './find-fixture.js';

let root: string;

beforeAll(async () => {
  root = await indexedFindFixture();
  fillDeferredIn(root);
});

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The lines a scan of every text file the content index lists finds, as path:line. */
function scanned(req: FindRequest): string[] {
  const source = req.match === 'regex' ? req.query : req.match === 'word' ? `(?<![A-Za-z0-9_])${escape(req.query)}(?![A-Za-z0-9_])` : escape(req.query);
  const re = new RegExp(source, req.ignore_case ? 'i' : '');
  const files = withContentIndex(root, (c) => c.files()).filter((f) => f.kind !== 'binary');
  return files.flatMap((f) =>
    fs
      .readFileSync(path.join(root, f.path), 'utf8')
      .split(/\r?\n/)
      .flatMap((line, i) => (re.test(line) ? [`${f.path}:${i + 1}`] : [])),
  );
}

async function found(req: FindRequest): Promise<string[]> {
  const r = await findIn(root, { ...req, target: 'content', limit: 500 });
  expect(r.complete).toBe(true);
  expect(r.next).toBeUndefined();
  return r.matches.map((m) => `${m.path}:${m.line}`);
}

const QUERIES: FindRequest[] = [
  { query: 'uart_init_drv', match: 'literal' },
  { query: 'uart_drv', match: 'literal' },
  { query: 'uart_drv_init', match: 'word' },
  { query: 'TEMPSENSOR', match: 'literal', ignore_case: true },
  { query: 'TempSensor::', match: 'literal' },
  { query: 'int sample', match: 'literal' },
  { query: 'baud > 1', match: 'literal' },
  { query: 'int', match: 'word' },
  { query: 'uart_(init|drv)_t\\w+', match: 'regex' },
  { query: 'Probe::sample\\(\\) \\{ return [12]', match: 'regex' },
  { query: 'BOARD_A|BOARD_B', match: 'regex' },
  { query: 'sensor_count = \\d', match: 'regex', ignore_case: true },
];

describe('content search through the trigram index', () => {
  it('answers as a scan of every file: candidates holding a run only as scattered trigrams are verified away', async () => {
    // Every trigram of "uart_init_drv" is in uart_drv.c (uart_init_timeout, uart_drv_init), the run itself nowhere.
    expect(withContentIndex(root, (c) => c.candidates([['uart_init_drv']]))?.has('src/uart_drv.c')).toBe(true);
    for (const q of QUERIES) expect(await found(q), JSON.stringify(q)).toEqual(scanned(q));
    expect(await found(QUERIES[0])).toEqual([]);
  });
});
