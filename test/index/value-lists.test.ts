// Lists stored by their items (value_lists + list_items): a list and each item once, joined back to the JSON they were
// stored from; the units that repeat a header's diagnostics share one list and one item per diagnostic, and their files
// lists one item per [file, content hash] pair; unused items
// are collected once they have grown, and a writer whose cached item ids another connection collected stores them again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { sha1 } from '../../src/model/sha1.js';
import { closeIndexForWrite, openIndexForWrite, type Db } from '../../src/index/open-index.js';
import { collectItems, decodeIds, EMPTY_LIST, dropUnusedLists, storedListJson, storeList } from '../../src/index/value-lists.js';
import { undoneFromJson, undoneText } from '../../src/index/undone-lists.js';
import { testedOf } from '../../src/index/tested-lists.js';
import { parseDefine } from '../../src/preprocessor/macro-definition.js';
import { TrackedEnv } from '../../src/preprocessor/tracked-env.js';
import type { UndoneMarks } from '../../src/preprocessor/undone-names.js';
import { indexPath } from '../../src/project/config.js';
import { absentLookupName } from '../../src/model/absent-lookups.js';
import { replaceInFile } from '../helpers/edit-file.js';
import { removeIndexFiles } from '../helpers/remove-index.js';
import { indexedSmallCorpus } from '../helpers/small-corpus.js';
import { unitResultRows } from '../helpers/unit-result-rows.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tempIndex(): { file: string; db: Db } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'value-lists-'));
  dirs.push(dir);
  const file = path.join(dir, 'index.db');
  // Made and closed once: a first index is written beside its file until closed, and the test opens the file twice.
  closeIndexForWrite(openIndexForWrite(file).db);
  return { file, db: openIndexForWrite(file).db };
}

const text = (list: unknown[]) => {
  const json = JSON.stringify(list);
  return { json, hash: sha1(json) };
};
const count = (db: Db, table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;

describe('value lists', () => {
  it('store an item of 256 characters or more of a list only the indexer reads deflated, give back its JSON and find it again from another connection', () => {
    const { file, db } = tempIndex();
    const long = Array.from({ length: 150 }, (_, i) => `CONFIG_SOME_MACRO_${i}`);
    // A list a query reads (a build's diagnostics) keeps its items as text.
    storeList(db, text([[...long, 'diagnostic']]));
    expect(db.prepare("SELECT DISTINCT typeof(json) FROM list_items").pluck().all()).toEqual(['text']);
    db.prepare('DELETE FROM list_items').run();
    db.prepare('DELETE FROM value_lists').run();
    const list = text([long, 'short']);
    const id = storeList(db, list, true);
    const stored = db.prepare('SELECT typeof(json) AS type, length(json) AS bytes FROM list_items ORDER BY id').all() as { type: string; bytes: number }[];
    expect(stored.map((r) => r.type)).toEqual(['blob', 'text']);
    expect(stored[0].bytes).toBeLessThan(JSON.stringify(long).length / 2);
    expect(storedListJson(db, id)).toBe(list.json);
    closeIndexForWrite(db);
    // A connection without the writer's cached ids finds the deflated item by its JSON, and reads it back.
    const again = openIndexForWrite(file).db;
    const other = text([long, 'other']);
    expect(storedListJson(again, storeList(again, other, true))).toBe(other.json);
    expect(storedListJson(again, id)).toBe(list.json);
    expect(count(again, 'list_items')).toBe(3);
    closeIndexForWrite(again);
  });

  it("store the lookups a unit's tested list names with one item of the folders they searched, collected with the last lookup naming it", () => {
    const { file, db } = tempIndex();
    const folders = Array.from({ length: 12 }, (_, i) => `/work/project/lib/library_${i}/src`);
    const lookups = ['Arduino.h', 'SPI.h', 'Wire.h'].map((h): [string, null] => [absentLookupName(h, folders), null]);
    const list = text([['BOARD', '"X"'], ...lookups]);
    const id = storeList(db, list, true);
    expect(storedListJson(db, id)).toBe(list.json);
    // Four items of the list and one of the folders, each lookup item a few bytes: the header's name and the folders' id.
    expect(count(db, 'list_items')).toBe(5);
    const shared = db.prepare("SELECT length(json) FROM list_items WHERE typeof(json) = 'text' AND substr(json, 1, 1) = char(2)").pluck().all() as number[];
    expect(shared).toHaveLength(3);
    for (const bytes of shared) expect(bytes).toBeLessThan(24);
    closeIndexForWrite(db);
    // Another connection reads the lookups back, and finds them by their JSON.
    const again = openIndexForWrite(file).db;
    expect(storedListJson(again, id)).toBe(list.json);
    const fewer = text([['BOARD', '"X"'], lookups[1]]);
    const fewerId = storeList(again, fewer, true);
    expect(count(again, 'list_items')).toBe(5);
    // The first list dropped: the lookups only it named go, the folders' item stays while a kept lookup names it.
    again.prepare('DELETE FROM value_lists WHERE id = ?').run(id);
    collectItems(again);
    expect(count(again, 'list_items')).toBe(3);
    expect(storedListJson(again, fewerId)).toBe(fewer.json);
    again.prepare('DELETE FROM value_lists').run();
    collectItems(again);
    expect(count(again, 'list_items')).toBe(0);
    closeIndexForWrite(again);
  });

  it('store a list and each item once and give back the JSON they were stored from', () => {
    const { db } = tempIndex();
    const a = text([['CONFIG_A', '\u00011'], ['CONFIG_B', null], { severity: 'warning', file: 'x.h', line: 3, message: 'm' }]);
    const b = text([['CONFIG_B', null], ['CONFIG_A', '\u00011'], ['CONFIG_C', 'x"y']]);
    const idA = storeList(db, a);
    expect(storeList(db, a)).toBe(idA);
    const idB = storeList(db, b);
    expect(idB).not.toBe(idA);
    expect([storedListJson(db, idA), storedListJson(db, idB)]).toEqual([a.json, b.json]);
    // Four distinct items in all; the empty list has none.
    expect(count(db, 'list_items')).toBe(4);
    expect(storedListJson(db, storeList(db, text([])))).toBe('[]');
    expect(EMPTY_LIST).toEqual(text([]));
    // Ids are differences from the one before, zigzag-mapped: 64 (128), then -59 (117), then 65530 (131060, three bytes).
    expect(decodeIds(Buffer.from([0x80, 0x01, 0x75, 0xf4, 0xff, 0x07]))).toEqual([64, 5, 65535]);
    // A list whose items were stored in its order costs a byte an item.
    const ordered = storeList(db, text(Array.from({ length: 300 }, (_, i) => [`ORDERED_${i}`, null])));
    const bytes = db.prepare('SELECT items FROM value_lists WHERE id = ?').pluck().get(ordered) as Buffer;
    expect(bytes.length).toBeLessThanOrEqual(301);
    expect(storedListJson(db, ordered)).toBe(text(Array.from({ length: 300 }, (_, i) => [`ORDERED_${i}`, null])).json);
    closeIndexForWrite(db);
  });

  it("store a walk's tested list from the pairs' noted JSON as from the list's JSON", () => {
    const env = new TrackedEnv(new Map([['BASE', parseDefine('BASE 1', '/p/h.h', 1).def!]]));
    for (const name of ['ZED', 'BASE', 'UNDEF_LISTS']) env.get(name);
    const list = env.tested();
    const entry = testedOf(list);
    expect(entry.items).toEqual(list.map((pair) => JSON.stringify(pair)));
    expect(entry.json).toBe(JSON.stringify(list));
    const { db } = tempIndex();
    const id = storeList(db, entry);
    expect(storedListJson(db, id)).toBe(JSON.stringify(list));
    // The same list given as its JSON alone is the list stored.
    expect(storeList(db, { json: entry.json, hash: entry.hash })).toBe(id);
    expect(db.prepare('SELECT json FROM list_items ORDER BY id').pluck().all()).toEqual(entry.items);
  });

  it("store a result's #undef marks as their marks and one item per state: states other results repeat are stored once", () => {
    const { db } = tempIndex();
    const big = Array.from({ length: 50 }, (_, i) => `__need_name_${i}`);
    const a: UndoneMarks = { states: [[], big], marks: [0, 0, 1, 1, 4, 0], runs: [2, 5, 1] };
    const b: UndoneMarks = { states: [[], big, ['EXTRA']], marks: [0, 0, 1, 3, 9, 2] };
    const ids = [a, b].map((m) => storeList(db, undoneText(m)));
    // [] and `big` once each, EXTRA's state, and the two marks items.
    expect(count(db, 'list_items')).toBe(5);
    const back = ids.map((id) => undoneFromJson(storedListJson(db, id)));
    expect(back).toEqual([a, b]);
    expect(undoneText(undefined).json).toBe('[]');
    closeIndexForWrite(db);
  });

  it('store each #undef state after the first as the names it drops and adds to the one before, and give the states back', () => {
    const { db } = tempIndex();
    const base = Array.from({ length: 80 }, (_, i) => `_GLIBCXX_NAME_${String(i).padStart(2, '0')}`);
    const grown = [...base, 'a_lower', '_GLIBCXX_NAME_40\u00002\u000017'].sort();
    const swapped = grown.filter((n) => n !== '_GLIBCXX_NAME_07').concat('_GLIBCXX_ADDED').sort();
    const a: UndoneMarks = { states: [base, grown, swapped], marks: [0, 0, 0, 1, 5, 1, 2, 9, 2] };
    const b: UndoneMarks = { states: [base, grown], marks: [0, 0, 0, 3, 2, 1] };
    const ids = [a, b].map((m) => storeList(db, undoneText(m)));
    expect(ids.map((id) => undoneFromJson(storedListJson(db, id)))).toEqual([a, b]);
    // The full first state once, its two changes (shared by both results), the two marks items: short items.
    expect(count(db, 'list_items')).toBe(5);
    const long = db.prepare("SELECT count(*) FROM list_items WHERE typeof(json) = 'blob' OR length(json) > 200").pluck().get();
    expect(long).toBe(1);
    closeIndexForWrite(db);
  });

  it('collect unused items once grown, and a writer whose cached ids another connection collected stores them anew', () => {
    const { file, db } = tempIndex();
    const kept = storeList(db, text([['KEPT', null]]));
    const many = Array.from({ length: 5000 }, (_, i) => [`M_${i}`, String(i)]);
    storeList(db, text(many));
    // No unit result names either list: both are dropped, and 5 001 items pass the growth bound, so all go.
    dropUnusedLists(db);
    expect([count(db, 'value_lists'), count(db, 'list_items')]).toEqual([0, 0]);
    expect(() => storedListJson(db, kept)).toThrow(/missing/);

    // Stored again; another connection drops the list and collects its items.
    storeList(db, text([['KEPT', null]]));
    const other = new Database(file);
    other.exec('DELETE FROM value_lists');
    collectItems(other);
    other.close();
    expect(count(db, 'list_items')).toBe(0);
    // This connection's cache still maps the item to its old id: the collection it missed is seen, the item stored anew.
    const again = storeList(db, text([['KEPT', null], ['NEW', null]]));
    closeIndexForWrite(db);
    const reader = new Database(file, { readonly: true });
    expect(storedListJson(reader, again)).toBe(JSON.stringify([['KEPT', null], ['NEW', null]]));
    reader.close();
  });

  it("the units reading a header with a missing include share one diagnostics list and one item for it; rows as from scratch", async () => {
    const { root, sampleHeader } = await indexedSmallCorpus(2);
    replaceInFile(sampleHeader, '#include <stddef.h>', '#include <stddef.h>\n#include <no_such_vendor_header.h>');
    await indexProject({ root, workers: 0 });
    const db = new Database(indexPath(root), { readonly: true });
    try {
      const lists = db.prepare('SELECT DISTINCT diagnostics_id FROM unit_results').pluck().all() as number[];
      const decoded = lists.map((id) => JSON.parse(storedListJson(db, id)) as { file: string; message: string }[]);
      const missing = decoded.filter((l) => l.some((d) => d.message.includes('no_such_vendor_header.h')));
      // Every unit of both boards reads the header: one list names its diagnostic, stored as one item.
      expect(missing).toHaveLength(1);
      // (The tested lists' lookups of it are items of their own: their heads name the header too.)
      expect(db.prepare("SELECT count(*) FROM list_items WHERE json LIKE '%no_such_vendor_header.h%' AND substr(json, 1, 1) <> char(2)").pluck().get()).toBe(1);
      const sharing = db.prepare('SELECT count(*) FROM unit_results WHERE diagnostics_id = ?').pluck().get(lists[decoded.indexOf(missing[0])]) as number;
      expect(sharing).toBe(24);
      // Each [file, content hash] pair of the results' files lists is stored once: far fewer items than entries.
      const files = (db.prepare('SELECT files_id FROM unit_results').pluck().all() as number[]).map((id) => JSON.parse(storedListJson(db, id)) as unknown[]);
      const entries = files.reduce((n, list) => n + list.length, 0);
      const pairs = new Set(files.flatMap((list) => list.map((pair) => JSON.stringify(pair))));
      expect(entries).toBeGreaterThan(5 * pairs.size);
      const stored = db.prepare('SELECT count(*) FROM list_items WHERE json = ?').pluck();
      for (const pair of pairs) expect(stored.get(pair)).toBe(1);
      // The rows' data no longer carries the diagnostics.
      expect(db.prepare("SELECT count(*) FROM unit_results WHERE CAST(data AS TEXT) LIKE '%no_such_vendor%'").pluck().get()).toBe(0);
    } finally {
      db.close();
    }
    const incremental = unitResultRows(root);
    removeIndexFiles(root);
    await indexProject({ root, workers: 0 });
    expect(incremental).toEqual(unitResultRows(root));
  });
});
