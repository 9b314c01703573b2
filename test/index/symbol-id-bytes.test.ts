// A symbol's stable id and its parent's (16 hex digits) are stored as their 8 bytes and read back as the same digits;
// an id of another shape is kept as its text.
import { describe, expect, it } from 'vitest';
import { IndexWriter } from '../../src/index/index-writer.js';
import { SqliteReading } from '../../src/index/sqlite-reading.js';
import { oneFileBuild, withWriteIndex } from '../helpers/one-file-build.js';

describe('symbol ids', () => {
  it('are stored as bytes and read back as hex digits', () => {
    withWriteIndex((db) => {
      const build = oneFileBuild('a', 'm1', 'int f(void) {}');
      const f = build.files[0].parsed!.symbols[0];
      const local = { ...f, stableId: 'v-not-hex', parentId: '0123456789abcdef', name: 'n', qualifiedName: 'f::n', kind: 'varlocal' as const, body: null };
      build.files[0].parsed!.symbols = [{ ...f, stableId: '0123456789abcdef' }, local];
      new IndexWriter(db).writeBuild(build, 'now');
      const stored = db.prepare('SELECT typeof(stable_id), length(stable_id), typeof(parent_id) FROM symbols ORDER BY id').raw().all();
      expect(stored).toEqual([['blob', 8, 'null'], ['text', 9, 'blob']]);
      const buildId = db.prepare("SELECT id FROM builds WHERE variant = 'a'").pluck().get() as number;
      const rows = new SqliteReading(db).symbolsInFile(buildId, 'src/f.c');
      expect(rows.map((s) => [s.name, s.id, s.parent_id])).toEqual([['f', '0123456789abcdef', null], ['n', 'v-not-hex', '0123456789abcdef']]);
    });
  });
});
