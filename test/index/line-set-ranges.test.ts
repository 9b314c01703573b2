// line_sets' ranges texts stored as varints (line-set-ranges.ts): any text round-trips (one of another shape is kept as
// it is), ascending ranges take fewer bytes, and a build's file lines read back as written.
import { describe, expect, it } from 'vitest';
import { IndexWriter } from '../../src/index/index-writer.js';
import { rangesText, storedRanges } from '../../src/index/line-set-ranges.js';
import { SqliteIndex } from '../../src/index/sqlite-index.js';
import { oneFileBuild, withWriteIndex } from '../helpers/one-file-build.js';

const ACTIVE = '1-24,26,28,40-41,43-50,58,66-71,75-77,81-86,90-94,98-99,102-103,105-106,119-131,400-100000';

describe('line set ranges as stored', () => {
  it('round-trip; ascending ranges as varints, any other text as it is', () => {
    for (const text of [ACTIVE, '', '1', '0', '3-17', '2,4-8,10,16-32', '5,3', '4-2', '1,1', '01', '-1', '1-', 'a', '1,,2', '99999999999']) {
      expect([text, rangesText(storedRanges(text))]).toEqual([text, text]);
    }
    expect(Buffer.isBuffer(storedRanges(ACTIVE)) && storedRanges(ACTIVE).length).toBeLessThan(ACTIVE.length / 2);
    for (const odd of ['', '5,3', '4-2', '1,1', '01', 'a']) expect(storedRanges(odd)).toBe(odd);
  });

  it('a build\'s file lines are stored as varints and read back as written', () => {
    withWriteIndex((db) => {
      const w = oneFileBuild('a', 'm1', 'int f(void) { return 1; }');
      w.fileLines = [{ path: 'src/f.c', lineCount: 100001, active: ACTIVE, decisions: { evaluated: '29,32,51-52', taken: '51' } }];
      new IndexWriter(db).writeBuild(w, 'now');
      expect(db.prepare('SELECT typeof(active), typeof(evaluated), typeof(taken) FROM line_sets').raw().get()).toEqual(['blob', 'blob', 'blob']);
      const id = db.prepare("SELECT id FROM builds WHERE variant = 'a'").pluck().get() as number;
      expect(new SqliteIndex(db).fileLines(id, 'src/f.c')).toMatchObject({ active: ACTIVE, evaluated: '29,32,51-52', taken: '51', lineCount: 100001 });
      expect(new IndexWriter(db).buildActiveLines('a', 'app')).toEqual(new Map([['src/f.c', ACTIVE]]));
    });
  });
});
