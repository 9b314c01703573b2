// Paging a large strict search: a server (keepTreeState) runs the search once and answers the next pages
// from its match list — counted, not timed — with exact totals; an edit between pages is still noticed
// (PAGE_IDENTITY_CHANGED); a one-shot caller (the CLI) searches again for each page.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { find, type FindResult } from '../../src/query/find.js';
import { FIND_CACHE_ENTRIES, FIND_CACHE_TTL_MS, FindCache } from '../../src/query/find-cache.js';
import type { FindRequest } from '../../src/query/find-request.js';
import { openProject } from '../../src/query/project-context.js';
import { QueryError } from '../../src/query/query-error.js';
import { tempDir } from '../helpers/fixture-project.js';

const FILES = 40;
const LINES = 60;

async function run(root: string, req: FindRequest, options: Parameters<typeof find>[2]): Promise<FindResult> {
  const ctx = openProject(root);
  try {
    return await find(ctx, req, options);
  } finally {
    ctx.close();
  }
}

/** Every page of a search, following next; the matches in order. */
async function allPages(root: string, req: FindRequest, options: Parameters<typeof find>[2]): Promise<{ pages: FindResult[]; keys: string[] }> {
  const pages: FindResult[] = [];
  let next: FindRequest | undefined = req;
  while (next) {
    const page: FindResult = await run(root, next, options);
    pages.push(page);
    next = page.next;
  }
  return { pages, keys: pages.flatMap((p) => p.matches.map((m) => `${m.path}:${m.line}`)) };
}

describe('find pages a large match list', () => {
  let root: string;
  beforeAll(async () => {
    root = tempDir();
    fs.mkdirSync(path.join(root, 'src'));
    for (let f = 0; f < FILES; f++) {
      const text = Array.from({ length: LINES }, (_, i) => `int needle_${f}_${i} = ${i}; /* shared_token */`).join('\n');
      fs.writeFileSync(path.join(root, 'src', `file_${String(f).padStart(2, '0')}.c`), text + '\n');
    }
    writeConfig(root, { ...DEFAULT_CONFIG });
    await indexProject({ root });
  });

  it('searches once in a server session, with the exact total on every page', async () => {
    const stats = { searches: 0 };
    const { pages, keys } = await allPages(root, { query: 'shared_token', target: 'content', limit: 500 }, { keepTreeState: true, stats });
    expect(pages).toHaveLength(5);
    expect(pages.every((p) => p.total === FILES * LINES && p.complete)).toBe(true);
    expect(new Set(keys).size).toBe(FILES * LINES);
    expect(stats.searches).toBe(1);
    // A different query (or scope) is a search of its own.
    await run(root, { query: 'shared_token', target: 'content', limit: 500, scope: { globs: ['src/file_0*'] } }, { keepTreeState: true, stats });
    expect(stats.searches).toBe(2);
  });

  it('notices a file edited between pages, although the match list is kept', async () => {
    const stats = { searches: 0 };
    const first = await run(root, { query: 'needle_3_', target: 'content', match: 'literal', limit: 20 }, { keepTreeState: true, stats });
    expect(first.total).toBe(LINES);
    fs.appendFileSync(path.join(root, 'src', 'file_03.c'), 'int needle_3_extra;\n');
    await expect(run(root, first.next!, { keepTreeState: true, stats })).rejects.toThrow(QueryError);
    const again = await run(root, { query: 'needle_3_', target: 'content', match: 'literal', limit: 20 }, { keepTreeState: true, stats });
    expect(again.total).toBe(LINES + 1);
    expect(stats.searches).toBe(2);
  });

  it('searches for each page in a one-shot process (the CLI), with the same pages', async () => {
    const stats = { searches: 0 };
    const { pages } = await allPages(root, { query: 'needle_1', target: 'content', match: 'literal', limit: 200 }, { stats });
    expect(pages.length).toBeGreaterThan(1);
    expect(stats.searches).toBe(pages.length);
  });
});

describe('the page cache is bounded', () => {
  it('keeps at most 32 searches, each for 2 minutes, and drops one whose file changed', () => {
    const root = tempDir();
    fs.writeFileSync(path.join(root, 'a.c'), 'int a;\n');
    let now = 0;
    const cache = new FindCache<number>(() => now);
    for (let i = 0; i <= FIND_CACHE_ENTRIES; i++) cache.put(root, `q${i}`, i, ['a.c'], 100);
    expect(cache.size).toBe(FIND_CACHE_ENTRIES);
    expect(cache.get(root, 'q0')).toBeUndefined();
    expect(cache.get(root, 'q1')).toBe(1);
    now += FIND_CACHE_TTL_MS + 1;
    expect(cache.get(root, 'q1')).toBeUndefined();
    cache.put(root, 'fresh', 7, ['a.c'], 100);
    fs.writeFileSync(path.join(root, 'a.c'), 'int a_longer;\n');
    expect(cache.get(root, 'fresh')).toBeUndefined();
  });
});
