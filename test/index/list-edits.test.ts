// Lists stored as the edits of a similar plain list stored before them: each gives back its items (kept, dropped and
// added anywhere, repeated items too), costs a few bytes where it differs little from its base, is stored plain where
// it differs much; a base is kept while a list edits it and collected with the last one, and its items stay. A list's
// items are cut from its JSON without parsing it, and a list stored after its base takes the items they share from it,
// past runs of the base's items it dropped too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sha1 } from '../../src/model/sha1.js';
import { WeighedCache } from '../../src/model/weighed-cache.js';
import { applyEdits, closestBase, encodeEdits } from '../../src/index/list-edits.js';
import { closeIndexForWrite, openIndexForWrite, type Db } from '../../src/index/open-index.js';
import { collectItems, dropUnusedLists, itemsOf, listStorer, packedIds, storedHeadItems, storedItems, storedListJson } from '../../src/index/value-lists.js';
import Database from 'better-sqlite3';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, indexPath, writeConfig } from '../../src/project/config.js';

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tempIndex(): Db {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'list-edits-'));
  dirs.push(dir);
  const file = path.join(dir, 'index.db');
  closeIndexForWrite(openIndexForWrite(file).db);
  return openIndexForWrite(file).db;
}

const text = (list: unknown[]) => {
  const json = JSON.stringify(list);
  return { json, hash: sha1(json) };
};
const macros = (names: string[]) => names.map((n) => [n, n.endsWith('7') ? null : '1']);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `CONFIG_${from + i}`);

describe('list edits', () => {
  it('make each list from its base, whatever was kept, dropped, added or repeated', () => {
    const base = Array.from({ length: 200 }, (_, i) => 1000 + i);
    const cases = [
      base,
      [...base.slice(0, 50), 5, 6, ...base.slice(60, 120), ...base.slice(121), 7],
      [9, ...base.slice(3)],
      [...base.slice(0, 100), 1000, 1001, ...base.slice(100)],
      base.slice(0, 150),
      [...base].reverse().slice(0, 10).concat(base.slice(10)),
    ];
    for (const ids of cases) {
      const edits = encodeEdits(42, base, ids, 10 * ids.length);
      expect(edits).toBeDefined();
      expect(applyEdits(edits!, base)).toEqual(ids);
    }
    // Edits not under half the plain form's bytes are not made.
    expect(encodeEdits(42, base, Array.from({ length: 200 }, (_, i) => 5000 + 3 * i), 200)).toBeUndefined();
  });

  it('take as base the first of those a sample says the list shares most with, one missing none ending the search', () => {
    const ids = Array.from({ length: 640 }, (_, i) => i);
    const far = { name: 'far', ids: ids.map((id) => id + 10_000) };
    const near = { name: 'near', ids: [...ids.slice(0, 600), ...ids.slice(600).map((id) => id + 10_000)] };
    const same = { name: 'same', ids };
    const again = { name: 'again', ids: [...ids] };
    expect(closestBase([far, near, far], ids)?.name).toBe('near');
    expect(closestBase([far, near, { name: 'near too', ids: near.ids }], ids)?.name).toBe('near');
    expect(closestBase([far, same, again], ids)?.name).toBe('same');
    expect(closestBase([], ids)).toBeUndefined();
    // A base missing none is taken without sampling the ones after it (their sample would be wasted).
    const sampled: string[] = [];
    const watched = (b: { name: string; ids: number[] }) => ({ name: b.name, get ids() { sampled.push(b.name); return b.ids; } });
    expect(closestBase([far, same, near, again].map(watched), ids)?.name).toBe('same');
    expect(sampled).toEqual(['far', 'same']);
  });

  it('store a list close to the plain one before it in a few bytes, give it back, and keep its base while it is named', () => {
    const db = tempIndex();
    const store = listStorer(db);
    const lists = [macros(range(0, 800)), macros([...range(0, 400), 'CONFIG_NEW', ...range(401, 800)]), macros(range(5, 805)), macros(range(2000, 2600))];
    const ids = lists.map((l) => store(text(l)));
    lists.forEach((l, i) => expect(storedListJson(db, ids[i])).toBe(JSON.stringify(l)));
    const rows = db.prepare('SELECT id, length(items) AS bytes, base_id FROM value_lists ORDER BY id').all() as { id: number; bytes: number; base_id: number | null }[];
    // The second and third edit the first (a few bytes each); the fourth shares nothing with it and is a base itself.
    expect(rows.map((r) => r.base_id)).toEqual([null, ids[0], ids[0], null]);
    expect(rows[1].bytes).toBeLessThan(20);
    expect(rows[2].bytes).toBeLessThan(20);
    expect(rows[0].bytes).toBeGreaterThan(700);

    // Named by results: only the second (which edits the first) and the fourth. The first is kept as the second's base.
    db.prepare("INSERT INTO unit_results(key, hash, tested_id, diagnostics_id, undone_id, files_id, data, views) VALUES ('k', 'h', ?, ?, ?, ?, '{}', x'')").run(ids[1], ids[3], ids[3], ids[3]);
    dropUnusedLists(db);
    expect((db.prepare('SELECT id FROM value_lists ORDER BY id').pluck().all() as number[])).toEqual([ids[0], ids[1], ids[3]]);
    collectItems(db);
    expect(storedListJson(db, ids[1])).toBe(JSON.stringify(lists[1]));
    // Once nothing names the edited list, its base goes with it.
    db.prepare('UPDATE unit_results SET tested_id = ?').run(ids[3]);
    dropUnusedLists(db);
    expect((db.prepare('SELECT id FROM value_lists ORDER BY id').pluck().all() as number[])).toEqual([ids[3]]);
    db.close();
  });

  it('store each of two alternating families of lists as edits of its own family, chained, and keep a named chain whole', () => {
    const db = tempIndex();
    const store = listStorer(db, true);
    // Two families (a build's units alternate between includes), each list its family's last but for one macro more.
    const family = (from: number, step: number) => macros([...range(from, from + 600), ...range(from + 5000, from + 5000 + step)]);
    const lists = Array.from({ length: 40 }, (_, k) => family(k % 2 === 0 ? 0 : 1000, Math.floor(k / 2)));
    const ids = db.transaction(() => lists.map((l) => store(text(l))))();
    const rows = db.prepare('SELECT id, length(items) AS bytes, base_id FROM value_lists ORDER BY id').all() as { id: number; bytes: number; base_id: number | null }[];
    // Only the first of each family is plain: each other list edits its family's list before it, in a few bytes.
    expect(rows.filter((r) => r.base_id === null).map((r) => r.id)).toEqual([ids[0], ids[1]]);
    expect(rows.slice(2, 34).map((r) => r.base_id)).toEqual(ids.slice(0, 32));
    expect(Math.max(...rows.slice(2).map((r) => r.bytes))).toBeLessThan(16);
    expect(rows.reduce((n, r) => n + r.bytes, 0)).toBeLessThan(2 * 1000 + 38 * 16);
    const depth = (id: number): number => {
      const base = rows.find((r) => r.id === id)!.base_id;
      return base === null ? 0 : 1 + depth(base);
    };
    // Chains end: a list is at most 16 edits from a plain one (later lists edit the last list 15 edits deep).
    expect(ids.map(depth).slice(30)).toEqual([15, 15, 16, 16, 16, 16, 16, 16, 16, 16]);
    expect(rows.slice(34).map((r) => r.base_id)).toEqual([ids[30], ids[31], ids[30], ids[31], ids[30], ids[31]]);
    const reader = new Database(db.name, { readonly: true });
    lists.forEach((l, i) => expect(storedListJson(reader, ids[i])).toBe(JSON.stringify(l)));
    reader.close();

    // Named by a result: only the 31st list; its chain (every other list before it) stays, the rest goes.
    db.prepare("INSERT INTO unit_results(key, hash, tested_id, diagnostics_id, undone_id, files_id, data, views) VALUES ('k', 'h', ?, ?, ?, ?, '{}', x'')").run(ids[30], ids[30], ids[30], ids[30]);
    dropUnusedLists(db);
    expect(db.prepare('SELECT id FROM value_lists ORDER BY id').pluck().all()).toEqual(ids.filter((_, k) => k <= 30 && k % 2 === 0));
    collectItems(db);
    const fresh = new Database(db.name, { readonly: true });
    expect(storedListJson(fresh, ids[30])).toBe(JSON.stringify(lists[30]));
    fresh.close();

    // A list the queries read (not the indexer's alone) edits a plain list only: a read decodes two lists at most.
    const queried = listStorer(db);
    const more = db.transaction(() => Array.from({ length: 6 }, (_, k) => queried(text(macros(range(3000, 3600 + k))))))();
    expect(db.prepare(`SELECT base_id FROM value_lists WHERE id IN (${more.join(',')}) ORDER BY id`).pluck().all()).toEqual([null, more[0], more[0], more[0], more[0], more[0]]);
    closeIndexForWrite(db);
  });

  it('give back a list from its first item as far as it is read, an edited one from its base\'s: the ids storedItems gives', () => {
    const db = tempIndex();
    const store = listStorer(db, true);
    // Edits at the head (items dropped, added, kept), in a chain: each list edits the one before.
    const lists = [macros(range(0, 800)), macros(['CONFIG_A', ...range(3, 800)]), macros(['CONFIG_A', 'CONFIG_B', ...range(3, 400), ...range(401, 800)]), macros(['CONFIG_B', ...range(3, 805)])];
    const ids = db.transaction(() => lists.map((l) => store(text(l))))();
    expect((db.prepare('SELECT base_id FROM value_lists ORDER BY id').pluck().all() as (number | null)[]).filter((b) => b !== null).length).toBeGreaterThan(1);
    // A fresh connection (nothing decoded yet), then one that decoded every list whole.
    const fresh = new Database(db.name, { readonly: true });
    for (const id of ids) {
      const whole = new Database(db.name, { readonly: true });
      // Held packed (4 bytes an id) while the connection's cache holds them.
      const packed = storedItems(whole, id).ids;
      expect(packed).toBeInstanceOf(Int32Array);
      const all = [...packed];
      expect([...storedHeadItems(fresh, id).ids]).toEqual(all);
      expect([...storedHeadItems(whole, id).ids]).toEqual(all);
      const head: number[] = [];
      for (const item of storedHeadItems(fresh, id).ids) if (head.push(item) === 3) break;
      expect(head).toEqual(all.slice(0, 3));
      expect(head.map((item) => storedHeadItems(fresh, id).json(item))).toEqual(lists[ids.indexOf(id)].slice(0, 3).map((p) => JSON.stringify(p)));
      whole.close();
    }
    fresh.close();
    closeIndexForWrite(db);
  });

  it('pack ids in an Int32Array when each fits one', () => {
    expect(packedIds([3, 1, 2 ** 31 - 1])).toEqual(Int32Array.from([3, 1, 2 ** 31 - 1]));
    const big = [1, 2 ** 31];
    expect(packedIds(big)).toBe(big);
  });

  it("store most of a build's tested lists as edits of the one before, each giving back its JSON", async () => {
    const root = unitsTestingOwnMacros(12);
    await indexProject({ root, workers: 0 });
    const db = new Database(indexPath(root), { readonly: true });
    const tested = db.prepare('SELECT DISTINCT r.tested_id, v.base_id FROM unit_results r JOIN value_lists v ON v.id = r.tested_id').all() as { tested_id: number; base_id: number | null }[];
    expect(tested).toHaveLength(12);
    // Results are stored one at a time as the build's units are walked: the storers last the whole build.
    const edited = tested.filter((t) => t.base_id !== null);
    expect(edited.length).toBeGreaterThan(tested.length / 2);
    for (const t of tested) {
      const names = (JSON.parse(storedListJson(db, t.tested_id)) as [string, string | null][]).map(([name]) => name);
      expect(names.filter((n) => n.startsWith('CONFIG_OPT_'))).toHaveLength(40);
      expect(names.filter((n) => n.startsWith('UNIT_'))).toHaveLength(1);
    }
    db.close();
  });
});

/** Units that each read one header testing 40 macros, then test a macro of their own: 12 similar tested lists. */
function unitsTestingOwnMacros(units: number): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'list-edits-'));
  dirs.push(root);
  for (const dir of ['include', 'src', 'build']) fs.mkdirSync(path.join(root, dir));
  const options = Array.from({ length: 40 }, (_, k) => `#ifdef CONFIG_OPT_${k}\nint opt_${k};\n#endif\n`).join('');
  fs.writeFileSync(path.join(root, 'include', 'common.h'), `#ifndef COMMON_H\n#define COMMON_H\n${options}#endif\n`);
  const commands = Array.from({ length: units }, (_, u) => {
    const file = path.join(root, 'src', `u${u}.c`);
    fs.writeFileSync(file, `#include "common.h"\n#ifdef UNIT_${u}_FEATURE\nint feature_${u};\n#endif\nint unit_${u}(void) { return ${u}; }\n`);
    return { directory: path.join(root, 'build'), arguments: ['gcc', `-I${path.join(root, 'include')}`, '-DCONFIG_OPT_3=1', '-c', file], file };
  });
  fs.writeFileSync(path.join(root, 'build', 'compile_commands.json'), JSON.stringify(commands));
  writeConfig(root, DEFAULT_CONFIG);
  return root;
}

describe('list items', () => {
  it('cuts each element as JSON.stringify writes it, whatever its strings hold', () => {
    const list = [['A', '1'], ['B,C', null], 'x"],[y', { k: [1, { m: '\\' }] }, 3.5, [], {}, '', 'é\u0001'];
    expect(itemsOf(JSON.stringify(list))).toEqual(list.map((v) => JSON.stringify(v)));
    expect(itemsOf('[]')).toEqual([]);
    expect(itemsOf('[[]]')).toEqual(['[]']);
  });

  it('refuses text JSON.stringify would not write', () => {
    for (const bad of ['', '[1, 2]', '{"a":1}', '[[1]', '["a]', '1']) expect(() => itemsOf(bad), bad).toThrow(/JSON.stringify of an array/);
  });

  it('takes the shared items of a list stored after its base from the base, and joins both back', () => {
    const db = tempIndex();
    const first = Array.from({ length: 400 }, (_, k) => [`M${k}`, String(k)]);
    const second = first.filter((_, k) => k !== 7).map((p, k) => (k === 100 ? [p[0], 'changed'] : p));
    second.splice(200, 0, ['NEW', '1']);
    const store = listStorer(db);
    let a = 0;
    let b = 0;
    db.transaction(() => {
      a = store(text(first));
      const lookups = vi.spyOn(WeighedCache.prototype, 'get');
      b = store(text(second));
      // The changed item and the new one are looked up; the others come from the base.
      expect(lookups.mock.calls.length).toBeLessThanOrEqual(4);
    })();
    expect(storedListJson(db, a)).toBe(JSON.stringify(first));
    expect(storedListJson(db, b)).toBe(JSON.stringify(second));
    closeIndexForWrite(db);
  });

  it('takes the items after a long run its base has and the list not from the base again, once one of them is looked up', () => {
    const db = tempIndex();
    const first = Array.from({ length: 400 }, (_, k) => [`M${k}`, String(k)]);
    // Runs of 20 and 50 of the base's items dropped, one item added between them.
    const second = [...first.slice(0, 100), ...first.slice(120, 250), ['NEW', '1'], ...first.slice(300)];
    const store = listStorer(db);
    let b = 0;
    db.transaction(() => {
      store(text(first));
      const lookups = vi.spyOn(WeighedCache.prototype, 'get');
      b = store(text(second));
      // The first item after each run and the new one are looked up; the others come from the base.
      expect(lookups.mock.calls.length).toBeLessThanOrEqual(4);
    })();
    expect(storedListJson(db, b)).toBe(JSON.stringify(second));
    closeIndexForWrite(db);
  });
});
