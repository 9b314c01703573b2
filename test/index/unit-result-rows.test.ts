// Encoding of per-unit results: views equal by value share one hash (the sha1 of the stored view JSON) even
// when they are distinct objects, views that differ in any part do not, runs of reads shared by several
// results encode as their reads one by one would, and a stored result decodes to what was encoded (also rows decoded
// one after another, which share the views the last one named in the same places; the unit's path named by its file).
import path from 'node:path';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openIndexForWrite } from '../../src/index/open-index.js';
import { decodeUnitResult, encodeUnitResult, FileViewCache, type UnitResultRow } from '../../src/index/unit-result-rows.js';
import type { FileView } from '../../src/preprocessor/unit-result.js';
import { tempDir } from '../helpers/fixture-project.js';
import { storedHash } from '../../src/index/hash-columns.js';

/** A view as stored: its #defines as [line, value] pairs. */
const stored = (defines: [number, string | null][], decisions = false) => ({
  lines: 40,
  ranges: [1, 12, 20, 40],
  defines,
  ...(decisions ? { evaluated: [13], taken: [] } : {}),
});

/** The same view in memory: its #defines flat. */
const view = (defines: [number, string | null][], decisions = false): FileView => ({ ...stored(defines, decisions), defines: defines.flat() });

function result(unit: string, views: FileView[]): UnitResultRow {
  return {
    unit,
    key: 'k1',
    lang: 'c',
    files: views.map((v, i) => ({ file: `inc/h${i}.h`, hash: `content${i}`, view: v })),
    tested: [['CONFIG_A', '1'], ['CONFIG_B', null]],
    diagnostics: [{ severity: 'warning', file: 'src/a.c', line: 3, message: 'an unresolved include' }],
  };
}

describe('unit result rows', () => {
  it('name views by the sha1 of their JSON, equal views once however many objects hold them', () => {
    const a = encodeUnitResult(result('src/a.c', [view([[3, '1']]), view([[3, '1']]), view([[3, '2']]), view([[3, '1']], true), view([[3, null]])]));
    const [v0, v1, v2, v3, v4] = a.viewHashes;
    expect(v0).toBe(createHash('sha1').update(JSON.stringify(stored([[3, '1']]))).digest('hex'));
    expect(v1).toBe(v0);
    expect(new Set([v0, v2, v3, v4]).size).toBe(4);
    expect(a.row.views.size).toBe(4);
    expect(a.row.views.get(v3)).toBe(JSON.stringify(stored([[3, '1']], true)));
    // Another unit's equal views (new objects) get the same names; a different unit is another row.
    const b = encodeUnitResult(result('src/b.c', [view([[3, '1']]), view([[3, '2']])]));
    expect(b.viewHashes).toEqual([v0, v2]);
    expect(b.row.hash).not.toBe(a.row.hash);
    expect(encodeUnitResult(result('src/b.c', [view([[3, '1']]), view([[3, '2']])])).row.hash).toBe(b.row.hash);
  });

  it('maps paths while encoding as a copy of the result with stored paths would be encoded', () => {
    const stored = result('src/a.c', [view([[3, '1']]), view([[4, null]], true)]);
    const absolute = { ...stored, unit: `/p/${stored.unit}`, files: stored.files.map((f) => ({ ...f, file: `/p/${f.file}` })) };
    const mapped = encodeUnitResult(absolute, new Map(), (f) => f.slice('/p/'.length));
    const copied = encodeUnitResult(stored);
    expect(mapped.row.hash).toBe(copied.row.hash);
    expect(mapped.row.files.equals(copied.row.files)).toBe(true);
    expect(mapped.row.data.equals(copied.row.data)).toBe(true);
    expect(mapped.viewHashes).toEqual(copied.viewHashes);
  });

  it('encode runs of reads shared by several results once, into the rows the reads one by one would make', () => {
    const reads = result('x', [view([[3, '1']]), view([[4, '2']]), view([[5, null]], true)]).files;
    const own = (unit: string) => ({ file: unit, hash: `content-${unit}`, view: view([[1, unit]]) });
    // Units taking the run (the same read objects) after a file of their own, and once more after the run.
    const taking = (unit: string): UnitResultRow => ({ ...result(unit, []), files: [own(unit), ...reads, own(`${unit}.h`)], shared: [{ at: 1, reads }] });
    const views = new Map<string, string>();
    const storedPath = (f: string) => `stored/${f}`;
    for (const unit of ['src/a.c', 'src/b.c', 'src/a.c']) {
      const shared = encodeUnitResult(taking(unit), views, storedPath);
      const { shared: _, ...plain } = taking(unit);
      const alone = encodeUnitResult({ ...plain, files: plain.files.map((f) => ({ ...f, view: { ...f.view } })) }, new Map(), storedPath);
      expect(shared.row.hash).toBe(alone.row.hash);
      expect(shared.row.files.equals(alone.row.files)).toBe(true);
      expect(shared.row.data.equals(alone.row.data)).toBe(true);
      expect(shared.viewHashes).toEqual(alone.viewHashes);
      for (const [hash, json] of alone.row.views) expect(views.get(hash)).toBe(json);
    }
    // A run its result no longer holds where it says is encoded read by read.
    const moved = { ...taking('src/c.c'), shared: [{ at: 0, reads }] };
    expect(encodeUnitResult(moved).row.hash).toBe(encodeUnitResult({ ...moved, shared: undefined }).row.hash);
  });

  it('decodes a stored result to what was encoded', () => {
    const { db } = openIndexForWrite(path.join(tempDir(), 'index.db'));
    const row = result('src/a.c', [view([[3, '1'], [9, null]]), view([]), view([[3, '1'], [9, null]]), view([[5, '0x10']], true)]);
    const encoded = encodeUnitResult(row).row;
    const put = db.prepare('INSERT INTO file_views(hash, data, uses) VALUES (?, ?, 1)');
    for (const [hash, data] of encoded.views) put.run(storedHash(hash), data);
    const decoded = decodeUnitResult(encoded, new FileViewCache(db));
    expect(decoded).toEqual(row);
    db.close();
  });

  it("stores the unit's path as the index of its file, decoded to that file's path", () => {
    const { db } = openIndexForWrite(path.join(tempDir(), 'index.db'));
    const own = result('src/own.c', [view([[3, '1']]), view([[4, '2']])]);
    own.files[1].file = 'src/own.c';
    own.tops = [0, ...Array<number>(40).fill(7)];
    const encoded = encodeUnitResult(own).row;
    expect(encoded.data.includes('src/own.c')).toBe(false);
    // The body before the view hashes: a few bytes where its JSON took a hundred or more.
    expect(encoded.data.length - 20 * own.files.length).toBeLessThan(16);
    const put = db.prepare('INSERT INTO file_views(hash, data, uses) VALUES (?, ?, 1)');
    for (const [hash, data] of encoded.views) put.run(storedHash(hash), data);
    expect(decodeUnitResult(encoded, new FileViewCache(db))).toEqual(own);
    db.close();
  });

  it('decodes rows one after another through one cache, each to what was encoded, whichever views they share by place', () => {
    const { db } = openIndexForWrite(path.join(tempDir(), 'index.db'));
    const [a, b, c, d] = [view([[3, '1']]), view([]), view([[5, '0x10']], true), view([[7, null]])];
    // The second row names the first's views in the same places but one, the third has them moved up a place.
    const rows = [result('src/a.c', [a, b, c]), result('src/b.c', [a, d, c]), result('src/c.c', [d, c]), result('src/d.c', [a, b, c, d])];
    const encoded = rows.map((r) => encodeUnitResult(r).row);
    const put = db.prepare('INSERT INTO file_views(hash, data, uses) VALUES (?, ?, 1) ON CONFLICT(hash) DO NOTHING');
    for (const e of encoded) for (const [hash, data] of e.views) put.run(storedHash(hash), data);
    const cache = new FileViewCache(db);
    const decoded = encoded.map((e) => decodeUnitResult(e, cache));
    expect(decoded).toEqual(rows);
    db.close();
  });

  it('intern an equal view made again as the cached object, the other object left holding the same lists', () => {
    const { db } = openIndexForWrite(path.join(tempDir(), 'index.db'));
    const cache = new FileViewCache(db);
    const first = view([[3, '1'], [9, null]], true);
    const again = view([[3, '1'], [9, null]], true);
    const other = view([[3, '2']]);
    const [h0, h1, h2] = encodeUnitResult(result('src/a.c', [first, again, other])).viewHashes;
    expect(cache.intern(h0, first)).toBe(first);
    // A header walk may keep `again` for later units: it no longer holds lists of its own.
    expect(cache.intern(h1, again)).toBe(first);
    expect(again.defines).toBe(first.defines);
    expect(again.ranges).toBe(first.ranges);
    expect(again.evaluated).toBe(first.evaluated);
    expect(again.taken).toBe(first.taken);
    expect(again).toEqual(view([[3, '1'], [9, null]], true));
    // A different view keeps its own.
    expect(cache.intern(h2, other)).toBe(other);
    expect(other.defines).not.toBe(first.defines);
    db.close();
  });
});
