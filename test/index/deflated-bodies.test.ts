// Definition bodies of 256 characters or more are stored deflated: their row holds fewer bytes than the text, the same text
// written again names the same row, and search_bodies finds and shows terms inside them as inside short ones. A symbol's
// later body is stored on its first one (the dictionary of its DEFLATE bytes), kept while that later body is.
import { describe, expect, it } from 'vitest';
import { IndexWriter } from '../../src/index/index-writer.js';
import { SqliteReading } from '../../src/index/sqlite-reading.js';
import { oneFileBuild, withWriteIndex } from '../helpers/one-file-build.js';

const LONG = `int f(void)\n{\n${Array.from({ length: 60 }, (_, k) => `  total += sensor_read(${k}); /* channel ${k} */\n`).join('')}  return needle_in_long;\n}`;
const SHORT = 'int f(void) { return needle_in_short; }';
/** 256-1 023 characters: stored deflated since row format 121 (text before). */
const MIDDLE = `int f(void)\n{\n${Array.from({ length: 8 }, (_, k) => `  total += sensor_read(${k}); /* channel ${k} */\n`).join('')}  return needle_in_middle;\n}`;

describe('deflated definition bodies', () => {
  it('stores a long body as fewer bytes, once, and search_bodies reads it back', () => {
    withWriteIndex((db) => {
      new IndexWriter(db).writeBuild(oneFileBuild('a', 'm1', LONG), 'now');
      // Another writer (no remembered ids): the stored row is found by its key and its text inflated.
      const writer = new IndexWriter(db);
      writer.writeBuild(oneFileBuild('b', 'm2', LONG), 'now');
      writer.writeBuild(oneFileBuild('c', 'm3', SHORT), 'now');
      const rows = db.prepare('SELECT typeof(text) AS type, length(text) AS bytes FROM bodies ORDER BY id').all();
      expect(rows).toEqual([{ type: 'blob', bytes: expect.any(Number) }, { type: 'text', bytes: SHORT.length }]);
      expect((rows[0] as { bytes: number }).bytes).toBeLessThan(LONG.length / 3);
      const id = (variant: string) => db.prepare('SELECT id FROM builds WHERE variant = ?').pluck().get(variant) as number;
      const reading = new SqliteReading(db);
      const page = { limit: 10, offset: 0 };
      const found = reading.searchBodies(id('b'), ['NEEDLE_IN_LONG', 'channel 59'], false, page);
      expect(found.total).toBe(1);
      expect(found.rows[0].body).toBe(LONG);
      expect(reading.searchBodies(id('b'), ['needle_in_short'], false, page).total).toBe(0);
      expect(reading.searchBodies(id('c'), ['needle_in_short'], false, page).rows.map((r) => r.body)).toEqual([SHORT]);
    });
  });

  it('stores a symbol\'s later body on its first one, reads it back, and collects the first one after it', () => {
    withWriteIndex((db) => {
      const variant = LONG.replace('needle_in_long', 'needle_in_variant');
      const later = (build: string, mask: string) => {
        const w = oneFileBuild(build, mask, variant);
        w.files[0].parsed!.symbols[0].stableId = 'f-m1';
        return w;
      };
      // One writer (a run): it remembers the symbol's first body.
      const writer = new IndexWriter(db);
      writer.writeBuild(oneFileBuild('a', 'm1', LONG), 'now');
      writer.writeBuild(later('b', 'm2'), 'now');
      // Another writer finds the stored later body by its key: no third row.
      new IndexWriter(db).writeBuild(later('c', 'm3'), 'now');
      const rows = db.prepare('SELECT id, base_id, length(text) AS bytes FROM bodies ORDER BY id').all() as { id: number; base_id: number | null; bytes: number }[];
      expect(rows.map((r) => r.base_id)).toEqual([null, rows[0].id]);
      expect(rows[1].bytes).toBeLessThan(rows[0].bytes / 4);
      const id = (v: string) => db.prepare('SELECT id FROM builds WHERE variant = ?').pluck().get(v) as number;
      const page = { limit: 10, offset: 0 };
      expect(new SqliteReading(db).searchBodies(id('b'), ['needle_in_variant'], false, page).rows.map((r) => r.body)).toEqual([variant]);
      // The first body's symbol gone, the body stays while the later one is stored on it; then both go.
      new IndexWriter(db).removeBuildsExcept(new Set(['b\u0000app', 'c\u0000app']));
      expect(db.prepare('SELECT count(*) FROM bodies').pluck().get()).toBe(2);
      expect(new SqliteReading(db).searchBodies(id('c'), ['needle_in_variant'], false, page).rows.map((r) => r.body)).toEqual([variant]);
      new IndexWriter(db).removeBuildsExcept(new Set());
      expect(db.prepare('SELECT count(*) FROM bodies').pluck().get()).toBe(0);
    });
  });

  it('stores a body of 256-1 023 characters deflated too', () => {
    withWriteIndex((db) => {
      expect(MIDDLE.length).toBeGreaterThanOrEqual(256);
      expect(MIDDLE.length).toBeLessThan(1024);
      new IndexWriter(db).writeBuild(oneFileBuild('a', 'm1', MIDDLE), 'now');
      const row = db.prepare('SELECT typeof(text) AS type, length(text) AS bytes FROM bodies').get() as { type: string; bytes: number };
      expect(row.type).toBe('blob');
      expect(row.bytes).toBeLessThan(MIDDLE.length / 2);
      const id = db.prepare("SELECT id FROM builds WHERE variant = 'a'").pluck().get() as number;
      const found = new SqliteReading(db).searchBodies(id, ['needle_in_middle'], false, { limit: 10, offset: 0 });
      expect(found.rows.map((r) => r.body)).toEqual([MIDDLE]);
    });
  });
});
