// Files no build reads are left out of the first index run's trigram index (deferred): find still finds
// them (it reads them whole and says how many), answers the same after the server's fill gives them their
// trigrams, status counts them, and a fill cut short leaves an index that answers.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteContentIndex } from '../../src/index/sqlite-content-index.js';
import type { FillContentOptions } from '../../src/indexer/fill-content-index.js';
import { indexProject } from '../../src/indexer/index-project.js';
import { FreshnessKeeper } from '../../src/mcp/keep-fresh.js';
import { getActiveBuild } from '../../src/query/active-build.js';
import type { FindResult } from '../../src/query/find.js';
import type { FindRequest } from '../../src/query/find-request.js';
import { withProject } from '../../src/query/project-context.js';
import { assertCliBuilt, runCli, touchFuture } from '../helpers/fixture-project.js';
import { fillDeferredIn, findIn, indexedFindFixture, withContentIndex } from './find-fixture.js';
import { until } from '../helpers/until.js';

let root: string;
const keepers: FreshnessKeeper[] = [];

beforeEach(async () => {
  root = await indexedFindFixture();
});
afterEach(() => {
  for (const k of keepers.splice(0)) k.close();
});

const withContent = <T>(fn: (c: SqliteContentIndex) => T): T => withContentIndex(root, fn);
const kinds = () => Object.fromEntries(withContent((c) => c.files()).map((f) => [f.path, f.kind]));

const fill = (options: FillContentOptions = {}) => fillDeferredIn(root, options);

const run = (req: FindRequest, keepTreeState = false): Promise<FindResult> => findIn(root, req, keepTreeState);

const places = (r: FindResult) => r.matches.map((m) => `${m.path}:${m.line}:${m.column}:${m.text}`);

describe('deferred trigrams', () => {
  it('find reads deferred files whole, says so, and answers the same once they are filled in', async () => {
    expect(kinds()['docs/uart.md']).toBe('deferred');
    const queries: FindRequest[] = [
      { query: 'uart_drv_init', target: 'content' },
      { query: 'timeout', target: 'content', match: 'word', ignore_case: true },
      { query: '/uart_\\w+_timeout/' },
      { query: 'forever', target: 'content' },
    ];
    const before = await Promise.all(queries.map((q) => run(q)));
    // Only in docs/uart.md, which no build reads: found by reading it.
    expect(places(before[3])).toEqual(['docs/uart.md:4:30:A timeout of zero means wait forever.']);
    expect(before.every((r) => r.complete && (r.unindexed_files ?? 0) >= 3)).toBe(true);

    expect(fill()).toMatchObject({ filled: 3, remaining: 0 });
    const after = await Promise.all(queries.map((q) => run(q)));
    for (const [i, r] of after.entries()) {
      expect(places(r)).toEqual(places(before[i]));
      expect(r.total).toBe(before[i].total);
      expect(r.page_identity).toBe(before[i].page_identity);
      expect(r.unindexed_files).toBeUndefined();
    }
  });

  it('pages of a search continue across a fill (the identity does not depend on what the index narrowed)', async () => {
    const whole = await run({ query: 'uart', target: 'content', limit: 500 });
    const first = await run({ query: 'uart', target: 'content', limit: 3 });
    expect(first.next).toBeDefined();
    fill();
    const second = await run(first.next!);
    expect([...first.matches, ...second.matches]).toEqual(whole.matches.slice(0, 6));
    expect(second.total).toBe(whole.total);
  });

  it('a server session sees the fill (rows reload) without a new generation', async () => {
    const a = await run({ query: 'forever', target: 'content' }, true);
    expect(a.unindexed_files).toBeGreaterThan(0);
    fill();
    // The same search is answered from the session's match list (same generation); a new one reads the new rows.
    expect(await run({ query: 'forever', target: 'content' }, true)).toEqual(a);
    const b = await run({ query: 'wait forever', target: 'content' }, true);
    expect(places(b)).toEqual(['docs/uart.md:4:25:A timeout of zero means wait forever.']);
    expect(b.unindexed_files).toBeUndefined();
  });

  it('a fill cut short keeps what it wrote; a file changed since the index run is left deferred', async () => {
    fs.appendFileSync(path.join(root, 'README.md'), 'The bootloader_magic_word lives here.\n');
    touchFuture(path.join(root, 'README.md'));
    const r = fill({ maxBytes: 1, batchBytes: 1 });
    expect(r).toMatchObject({ filled: 1, remaining: 1, skipped: 1 });
    expect(kinds()).toMatchObject({ 'README.md': 'deferred', 'docs/uart.md': 'text', 'tests/test_uart.c': 'deferred' });
    const line = fs.readFileSync(path.join(root, 'README.md'), 'utf8').split('\n').findIndex((l) => l.includes('bootloader_magic_word')) + 1;
    expect(places(await run({ query: 'bootloader_magic_word', target: 'content' }))).toEqual([`README.md:${line}:5:The bootloader_magic_word lives here.`]);
    // The next index run records the new text (still deferred: no build reads it).
    await indexProject({ root });
    expect(kinds()['README.md']).toBe('deferred');
    expect(fill()).toMatchObject({ filled: 2, skipped: 0 });
    expect([...withContent((c) => c.candidates([['bootloader_magic_word']]))!]).toEqual(['README.md']);
  });

  it('status counts the files find reads whole', () => {
    const content = () => (withProject(root, (ctx) => getActiveBuild(ctx, { variant: 'build-board-a' })) as { content_index: Record<string, number> }).content_index;
    expect(content()).toMatchObject({ text_files: 7, trigram_indexed: 4, deferred: 3, large: 0 });
    fill();
    expect(content()).toMatchObject({ trigram_indexed: 7, deferred: 0, deferred_bytes: 0 });
  });

  it('fw-context index says what it deferred; --all-content fills them in the same run', () => {
    assertCliBuilt();
    const plain = runCli(root, ['index']);
    expect(plain.stdout).toMatch(/Content index \(find\): 3 text file\(s\) no build reads are deferred/);
    expect(runCli(root, ['status']).stdout).toMatch(/content index \(find\): 4 of 7 text files trigram-indexed; 3 read whole by find \(3 deferred/);
    const all = runCli(root, ['index', '--all-content']);
    expect(all.status).toBe(0);
    expect(all.stdout).toMatch(/trigrams of 3 file\(s\) no build reads filled in/);
    expect(all.stdout).not.toMatch(/are deferred/);
    expect(withContent((c) => c.coverage())).toMatchObject({ indexed: 7, deferred: 0 });
  });

  it('fw-context serve fills deferred files in the background, not reported as a re-index', async () => {
    assertCliBuilt();
    const keeper = new FreshnessKeeper({ debounceMs: 50, fillBytes: 1 });
    keepers.push(keeper);
    keeper.check(root);
    // One file per job (fillBytes 1): three jobs, each followed by the next.
    await until(() => (withContent((c) => c.coverage().deferred) === 0 ? true : null));
    await until(() => (keeper.state(root).fills >= 3 ? true : null));
    expect(keeper.state(root)).toMatchObject({ running: false, runs: 0, lastOutcome: null });
    expect([...withContent((c) => c.candidates([['forever']]))!]).toEqual(['docs/uart.md']);
  });
});
