// Unit results no build links any more are deleted at the end of a run and release their views: the rows a patch
// replaced (and did not write over) release them from the view hashes the patch read with them (not read again);
// others are read for theirs.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { indexPath } from '../../src/project/config.js';
import { replaceInFile } from '../helpers/edit-file.js';
import { removeIndexFiles } from '../helpers/remove-index.js';
import { indexedSmallCorpus } from '../helpers/small-corpus.js';

/** The number of stored results and every view row (hash, data, uses). */
function stored(root: string): { results: number; views: unknown[][] } {
  const db = new Database(indexPath(root), { readonly: true });
  const results = (db.prepare('SELECT count(*) FROM unit_results').pluck().get() as number) ?? 0;
  const views = db.prepare('SELECT hash, data, uses FROM file_views ORDER BY hash').raw().all() as unknown[][];
  db.close();
  return { results, views };
}

/** The same rows after a from-scratch index of the tree as it stands. */
async function fromScratch(root: string): Promise<ReturnType<typeof stored>> {
  removeIndexFiles(root);
  const full = await indexProject({ root, workers: 0 });
  expect(full.unlinkedRowsRead).toBe(0);
  return stored(root);
}

describe('unlinked unit results', () => {
  it('the rows a patch replaced are deleted and release their views without being read again', async () => {
    const { root, sampleHeader, buildDirs } = await indexedSmallCorpus(1);
    // Two builds sharing their rows: a patch inserts new ones rather than writing over them (see results-in-place.ts).
    fs.cpSync(buildDirs[0], path.join(path.dirname(buildDirs[0]), 'build-copy'), { recursive: true });
    await indexProject({ root, workers: 0 });
    replaceInFile(sampleHeader, '/** Object', 'int k_added_above(void);\n\n/** Object');
    const r = await indexProject({ root, workers: 0 });
    // The second build takes the first one's new results as stored.
    expect([r.carriedRows, r.resultsWrittenOver]).toEqual([12, 0]);
    expect(r.unlinkedRowsRead).toBe(0);
    const incremental = stored(root);
    // The 12 replaced rows are gone: only the linked ones stay, with their views' uses as a full index counts them.
    expect(incremental.results).toBe(12);
    expect(incremental).toEqual(await fromScratch(root));
  });

  it("a removed build's rows, which no patch read, are read for their views", async () => {
    const { root, buildDirs } = await indexedSmallCorpus(2);
    fs.rmSync(buildDirs[1], { recursive: true });
    const r = await indexProject({ root, workers: 0 });
    expect(r.removedBuilds).toBe(1);
    expect(r.unlinkedRowsRead).toBe(12);
    const incremental = stored(root);
    expect(incremental.results).toBe(12);
    expect(incremental).toEqual(await fromScratch(root));
  });
});
