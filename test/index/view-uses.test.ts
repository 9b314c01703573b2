// file_views.uses counts the unit results naming each view: it stays exact through a full index, an edit that
// replaces results in two builds, and the removal of a build, and views no result names are collected.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { namedViewHashes } from '../../src/index/view-ids.js';
import { indexPath } from '../../src/project/config.js';
import { indexedFixture } from '../helpers/fixture-project.js';
import { hashText, type StoredHash } from '../../src/index/hash-columns.js';

/** Per view hash: how many stored results name it (counted from their views) and the stored uses. */
function viewUses(root: string): { named: Map<string, number>; stored: Map<string, number>; results: number } {
  const db = new Database(indexPath(root), { readonly: true });
  try {
    const named = new Map<string, number>();
    const results = db.prepare('SELECT views FROM unit_results').pluck().all() as Buffer[];
    for (const views of results) for (const h of new Set(namedViewHashes(db, views))) named.set(h, (named.get(h) ?? 0) + 1);
    const stored = new Map((db.prepare('SELECT hash, uses FROM file_views').all() as { hash: StoredHash; uses: number }[]).map((v) => [hashText(v.hash), v.uses]));
    return { named, stored, results: results.length };
  } finally {
    db.close();
  }
}

describe('file view uses', () => {
  it('count the results naming each view through edits and build removal', async () => {
    const { root } = await indexedFixture(['index', 'shared-units']);
    const first = viewUses(root);
    expect(first.results).toBe(3);
    expect(first.stored).toEqual(first.named);
    // crc.c's result is shared by both builds: its views are named once, by one row.
    expect(Math.max(...first.stored.values())).toBeGreaterThanOrEqual(2);

    const header = path.join(root, 'include/board.h');
    fs.writeFileSync(header, fs.readFileSync(header, 'utf8').replace('#define LED_COUNT 4', '#define LED_COUNT 5\n#define LED_SPARE 1'));
    const edited = await indexProject({ root });
    expect(edited.builds.map((b) => b.preprocessed)).toEqual([1, 1]);
    const second = viewUses(root);
    expect(second.results).toBe(3);
    expect(second.stored).toEqual(second.named);
    expect(second.stored).not.toEqual(first.stored);

    fs.rmSync(path.join(root, 'build-board-b'), { recursive: true });
    const removed = await indexProject({ root });
    expect(removed.removedBuilds).toBe(1);
    const third = viewUses(root);
    expect(third.results).toBe(2);
    expect(third.stored).toEqual(third.named);
  });
});
