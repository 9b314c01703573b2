// Each distinct `tested` list (and diagnostics, undone and files list) of the unit results is stored once (value_lists, under the sha1 of
// its JSON) and named from the rows; a list no row names any more is collected: after an edit that changes units' lists (their rows
// written over in place), a build described anew, and the removal of a build. Rows decode as a from-scratch index's.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { sha1 } from '../../src/model/sha1.js';
import { indexPath } from '../../src/project/config.js';
import { LIST_COLUMNS, storedListJson } from '../../src/index/value-lists.js';
import { replaceInFile } from '../helpers/edit-file.js';
import { indexedFixture } from '../helpers/fixture-project.js';
import { removeIndexFiles } from '../helpers/remove-index.js';
import { indexedSmallCorpus } from '../helpers/small-corpus.js';
import { unitResultRows } from '../helpers/unit-result-rows.js';
import { hashText, type StoredHash } from '../../src/index/hash-columns.js';

/**
 * Counts of results, stored tested lists, stored lists, lists the results name, lists none names, results naming no
 * stored list; lists whose hash is not their JSON's.
 */
function testedState(root: string): { results: number; tested: number; lists: number; named: number; orphans: number; missing: number; misnamed: number } {
  const db = new Database(indexPath(root), { readonly: true });
  try {
    const count = (sql: string) => db.prepare(sql).pluck().get() as number;
    const lists = db.prepare('SELECT id, hash FROM value_lists').all() as { id: number; hash: StoredHash }[];
    return {
      results: count('SELECT count(*) FROM unit_results'),
      tested: count('SELECT count(DISTINCT tested_id) FROM unit_results'),
      lists: lists.length,
      named: count(`SELECT count(*) FROM (${LIST_COLUMNS.map(([t, c]) => `SELECT ${c} FROM ${t}`).join(' UNION ')})`),
      orphans: count(`SELECT count(*) FROM value_lists WHERE ${LIST_COLUMNS.map(([t, c]) => `id NOT IN (SELECT ${c} FROM ${t})`).join(' AND ')}`),
      missing: LIST_COLUMNS.reduce((n, [t, c]) => n + count(`SELECT count(*) FROM ${t} WHERE ${c} NOT IN (SELECT id FROM value_lists)`), 0),
      misnamed: lists.filter((l) => sha1(storedListJson(db, l.id)) !== hashText(l.hash)).length,
    };
  } finally {
    db.close();
  }
}

/** The decoded `tested` list of each build's result for `unit` (a path ending), by variant. */
function testedOf(root: string, unit: string): Record<string, [string, string | null][]> {
  const db = new Database(indexPath(root), { readonly: true });
  try {
    const rows = db
      .prepare(
        `SELECT b.variant, r.tested_id FROM build_units bu JOIN builds b ON b.id = bu.build_id JOIN unit_paths up ON up.id = bu.unit_id JOIN unit_results r ON r.id = bu.result_id
         WHERE up.path LIKE ? ORDER BY 1`,
      )
      .raw()
      .all(`%${unit}`) as [string, number][];
    return Object.fromEntries(rows.map(([variant, id]) => [variant, JSON.parse(storedListJson(db, id))]));
  } finally {
    db.close();
  }
}

/** The rows as they stand equal those of a from-scratch index of the same tree (lists decoded, stored lists included). */
async function sameAsFromScratch(root: string): Promise<void> {
  const incremental = unitResultRows(root);
  removeIndexFiles(root);
  await indexProject({ root, workers: 0 });
  expect(incremental).toEqual(unitResultRows(root));
}

describe('tested lists stored once', () => {
  it('the units of a build share their list: one row per distinct list, each stored under the sha1 of its JSON', async () => {
    const { root } = await indexedSmallCorpus(2);
    const s = testedState(root);
    expect(s.results).toBe(24);
    expect(s.lists).toBe(s.named);
    expect(s.tested).toBeLessThanOrEqual(2);
    expect([s.orphans, s.missing, s.misnamed]).toEqual([0, 0, 0]);
  });

  it('lists an edit, a build described anew and a removed build leave are collected; rows as from scratch', async () => {
    const { root } = await indexedFixture(['index', 'shared-units']);
    const first = testedState(root);
    expect(first).toMatchObject({ results: 3, lists: first.named, orphans: 0, missing: 0, misnamed: 0 });
    expect(Object.keys(testedOf(root, 'src/board.c'))).toHaveLength(2);

    // board.c now tests BOARD_EXTRA: both builds' results take new lists, written over their rows in place.
    replaceInFile(path.join(root, 'src/board.c'), '#ifdef UNIT_TEST', '#ifdef BOARD_EXTRA\n  return 1;\n#endif\n#ifdef UNIT_TEST');
    const edited = await indexProject({ root, workers: 0 });
    expect(edited.resultsWrittenOver).toBe(2);
    const afterEdit = testedState(root);
    expect(afterEdit).toMatchObject({ results: 3, tested: first.tested, orphans: 0, missing: 0 });
    for (const list of Object.values(testedOf(root, 'src/board.c'))) expect(list).toContainEqual(['BOARD_EXTRA', null]);

    // A build whose compile commands changed is indexed again in full: its board.c list (BOARD_ID 2 → 3) is replaced.
    const commands = path.join(root, 'build-board-b/compile_commands.json');
    fs.writeFileSync(commands, fs.readFileSync(commands, 'utf8').replaceAll('-DBOARD_ID=2', '-DBOARD_ID=3'));
    await indexProject({ root, workers: 0 });
    expect(testedState(root)).toMatchObject({ results: 3, tested: first.tested, orphans: 0, missing: 0 });
    const byBuild = Object.values(testedOf(root, 'src/board.c'));
    expect(byBuild.map((list) => list.find(([name]) => name === 'BOARD_ID')?.[1]).sort()).toEqual(['\u00011', '\u00013']);

    // The second build removed: the list of its own board.c result goes with it.
    fs.rmSync(path.join(root, 'build-board-b'), { recursive: true });
    expect((await indexProject({ root, workers: 0 })).removedBuilds).toBe(1);
    expect(testedState(root)).toMatchObject({ results: 2, tested: first.tested - 1, orphans: 0, missing: 0 });
    await sameAsFromScratch(root);
  });
});
