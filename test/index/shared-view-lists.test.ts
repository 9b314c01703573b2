// Index size (row format 120): a result's view ids stored as the edits of a shared view list (the same unit's last one
// first), a unit's lists as the edits of the same unit's last list, activity scopes without their zero stretches, and
// skeletons and long file views deflated. Each stored shape decodes to what the plain form held.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { sha1 } from '../../src/model/sha1.js';
import { closeIndexForWrite, openIndexForWrite, type Db } from '../../src/index/open-index.js';
import { encodeIds, listStorer, storedListJson } from '../../src/index/value-lists.js';
import { deleteUnusedViewLists, editedViews, forgetViewBases, releaseViewBase, viewIdsOf } from '../../src/index/view-lists.js';
import { storedViewData, viewDataJson } from '../../src/index/view-ids.js';
import { packScope, unpackScope } from '../../src/index/activity-keys.js';
import { baseOf, isEdited } from '../../src/index/list-edits.js';
import { SkeletonRows } from '../../src/index/skeleton-rows.js';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, indexPath, writeConfig } from '../../src/project/config.js';
import { generateZephyrCorpus } from '../bench/synthetic-zephyr.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tempIndex(): Db {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'view-lists-'));
  dirs.push(dir);
  const file = path.join(dir, 'index.db');
  closeIndexForWrite(openIndexForWrite(file).db);
  return openIndexForWrite(file).db;
}

/** View ids 1..n in order, with `changed` ids replaced by ids past 1000. */
const ids = (n: number, changed: number[] = []): number[] => Array.from({ length: n }, (_, i) => (changed.includes(i) ? 1000 + i : i + 1));
const uses = (db: Db): [number, number][] => db.prepare('SELECT id, uses FROM view_lists ORDER BY id').raw().all() as [number, number][];

describe('view lists', () => {
  it('store a result as the edits of a shared list (its unit first), read back as its ids, each base counting its rows', () => {
    const db = tempIndex();
    const other = ids(60).map((id) => id + 500);
    const lists = [ids(90), ids(90, [3]), other, ids(90, [3, 40]), ids(91, [2])];
    const units = ['a.c', 'b.c', 'c.c', 'a.c', 'b.c'];
    const columns = lists.map((l, k) => editedViews(db, encodeIds(l), units[k]));
    columns.forEach((c, k) => expect(viewIdsOf(db, c)).toEqual(lists[k]));
    // Every column edits a list; the two families (90 and 60 ids) have a base each, stored once.
    expect(columns.every((c) => c[0] === 1)).toBe(true);
    expect(uses(db).map(([, n]) => n)).toEqual([4, 1]);
    const plain = lists.reduce((n, l) => n + encodeIds(l).length, 0);
    const stored = columns.reduce((n, c) => n + c.length, 0) + (db.prepare('SELECT sum(length(ids)) FROM view_lists').pluck().get() as number);
    expect(stored).toBeLessThan(plain * 0.5);
    // A short column stays plain and holds no base.
    const short = encodeIds([5, 6, 7]);
    expect(editedViews(db, short, 'd.c')).toBe(short);
    expect(viewIdsOf(db, short)).toEqual([5, 6, 7]);

    // Rows going give their uses back; a base no row edits is collected, and a later column makes a new one.
    for (const c of columns.slice(0, 4)) releaseViewBase(db, c);
    releaseViewBase(db, short);
    deleteUnusedViewLists(db);
    expect(uses(db).map(([, n]) => n)).toEqual([1]);
    const again = editedViews(db, encodeIds(other.slice(1)), 'c.c');
    expect(viewIdsOf(db, again)).toEqual(other.slice(1));
    expect(uses(db).map(([, n]) => n)).toEqual([1, 1]);
    // Bases forgotten (a rolled-back transaction): the column is read from the stored base all the same.
    forgetViewBases(db);
    expect(viewIdsOf(db, columns[4])).toEqual(lists[4]);
    closeIndexForWrite(db);
  });

  it('of an indexed project: every base counts the results editing it, through a header edit and a removed build', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'view-lists-corpus-'));
    dirs.push(root);
    const corpus = generateZephyrCorpus(root, { boards: 3, units: 12, headers: 30, functionsPerUnit: 1 });
    writeConfig(root, DEFAULT_CONFIG);
    const check = () => {
      const db = new Database(indexPath(root), { readonly: true });
      const columns = db.prepare('SELECT views FROM unit_results').pluck().all() as Buffer[];
      const edited = new Map<number, number>();
      for (const c of columns) {
        if (!isEdited(c)) continue;
        expect(viewIdsOf(db, c).length).toBeGreaterThan(20);
        edited.set(baseOf(c), (edited.get(baseOf(c)) ?? 0) + 1);
      }
      expect(new Map(uses(db))).toEqual(edited);
      const n = { edited: [...edited.values()].reduce((a, b) => a + b, 0), bases: edited.size };
      db.close();
      return n;
    };
    await indexProject({ root, workers: 0 });
    const first = check();
    expect(first.edited).toBe(36);
    expect(first.bases).toBeLessThan(6);
    fs.appendFileSync(corpus.sampleHeader, '\n#define SAMPLE_ADDED 1\n');
    await indexProject({ root, workers: 0 });
    check();
    fs.rmSync(corpus.buildDirs[0], { recursive: true });
    await indexProject({ root, workers: 0 });
    expect(check().edited).toBe(24);
  });
});

describe('a unit list', () => {
  it('is stored as the edits of the same unit’s last list, however many lists were stored since', () => {
    const db = tempIndex();
    const text = (items: string[]) => {
      const json = JSON.stringify(items);
      return { json, hash: sha1(json) };
    };
    const family = (k: number) => Array.from({ length: 300 }, (_, i) => `M${k}_${i}`);
    const tested = listStorer(db, true, 'tested');
    const first = tested(text(family(0)), 'main.c');
    // Twenty other units' lists, unlike it (more than the storer's recent bases).
    for (let k = 1; k <= 20; k++) tested(text(family(k)), `u${k}.c`);
    const next = family(0).slice(1).concat('M0_new');
    const later = listStorer(db, true, 'tested')(text(next), 'main.c');
    expect(db.prepare('SELECT base_id FROM value_lists WHERE id = ?').pluck().get(later)).toBe(first);
    expect(storedListJson(db, later)).toBe(JSON.stringify(next));
    expect((db.prepare('SELECT length(items) FROM value_lists WHERE id = ?').pluck().get(later) as number)).toBeLessThan(20);
    closeIndexForWrite(db);
  });
});

describe('stored shapes', () => {
  it('an activity scope leaves out its longest stretch of zero bytes and reads back as written', () => {
    const half = sha1('headers').slice(0, 32);
    for (const scope of [`u${sha1('u')}h${'0'.repeat(32)}${half}`, `h${half}${'0'.repeat(32)}`, `${sha1('s')}h${half.slice(0, 8)}${'0'.repeat(16)}${half.slice(8)}`, `h${'0'.repeat(64)}`, `c1,2h${'00'.repeat(3)}ff`]) {
      expect(unpackScope(packScope(scope))).toBe(scope);
    }
    expect((packScope(`u${sha1('u')}h${'0'.repeat(32)}${half}`) as Buffer).length).toBe(42);
    expect((packScope(`h${'00'.repeat(4)}ff`) as Buffer).length).toBe(5);
  });

  it('a skeleton row and a long file view are stored deflated and read back as they were', () => {
    const db = tempIndex();
    const rows = new SkeletonRows(db, 'test');
    const data = Buffer.from(JSON.stringify({ lines: Array.from({ length: 500 }, (_, i) => `#define X${i % 7} 1`) }));
    rows.put('a.h', false, 'h1', data);
    rows.flush();
    const stored = db.prepare('SELECT data FROM skeletons').pluck().get() as Buffer;
    expect(stored.length).toBeLessThan(data.length / 4);
    expect(new SkeletonRows(db, 'test').get('a.h', false, 'h1')).toEqual(data);
    const json = JSON.stringify({ lines: 900, ranges: Array.from({ length: 200 }, (_, i) => i * 3), defines: [] });
    expect(Buffer.isBuffer(storedViewData(json))).toBe(true);
    expect(viewDataJson(storedViewData(json))).toBe(json);
    expect(storedViewData('{"lines":3}')).toBe('{"lines":3}');
    closeIndexForWrite(db);
  });
});
