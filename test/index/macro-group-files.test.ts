// A macro row stores no file when it is its group's (every row the indexer writes): lookups, a file's macros and the
// writer's read-back still give each macro its file, and a row of another file than its group's keeps its own.
import { describe, expect, it } from 'vitest';
import { IndexWriter } from '../../src/index/index-writer.js';
import { SqliteIndex } from '../../src/index/sqlite-index.js';
import type { MacroRecord } from '../../src/preprocessor/api.js';
import { oneFileBuild, withWriteIndex } from '../helpers/one-file-build.js';

const record = (name: string, file: string, line: number): MacroRecord => ({ name, params: null, value: '1', functionLike: false, file, line, expandedValue: '1' });

describe('macro rows of a group', () => {
  it('keep their file in the group alone, and read back with it', () => {
    withWriteIndex((db) => {
      const records = [record('LED_PIN', 'src/board.h', 3), record('ODD_ONE', 'src/other.h', 7)];
      const writer = new IndexWriter(db);
      writer.writeBuild({ ...oneFileBuild('a', 'm1', 'int f(void) {}'), macroGroups: [{ hash: 'g1', file: 'src/board.h', records }] }, 'now');
      expect(db.prepare('SELECT name, file FROM macros ORDER BY id').raw().all()).toEqual([['LED_PIN', null], ['ODD_ONE', 'src/other.h']]);
      const groupId = db.prepare("SELECT id FROM macro_groups WHERE file = 'src/board.h'").pluck().get() as number;
      expect(writer.macroGroupRecords(groupId).map((m) => [m.name, m.file, m.line])).toEqual([['LED_PIN', 'src/board.h', 3], ['ODD_ONE', 'src/other.h', 7]]);
      const reader = new SqliteIndex(db);
      const buildId = db.prepare("SELECT id FROM builds WHERE variant = 'a'").pluck().get() as number;
      const page = { limit: 10, offset: 0 };
      expect(reader.lookupMacros('LED_PIN', false, buildId, page).rows.map((m) => [m.file, m.line])).toEqual([['src/board.h', 3]]);
      expect(reader.lookupMacrosInBuilds('ODD_ONE').map((m) => [m.build_id, m.file])).toEqual([[buildId, 'src/other.h']]);
      expect(reader.macrosInFile(buildId, 'src/board.h').map((m) => m.file)).toEqual(['src/board.h', 'src/other.h']);
    });
  });
});
