// A build's diagnostics and units are value lists its row names (builds.diagnostics_id, units_id): two builds
// reporting the same diagnostics store them once; the row gives the first BUILD_DIAGNOSTICS_KEPT, the writer's
// checks see them all; lists no build names any more are collected, those still named are kept.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { BUILD_DIAGNOSTICS_KEPT, rowDiagnostics, rowUnits } from '../../src/index/build-lists.js';
import { IndexWriter, type BuildWrite } from '../../src/index/index-writer.js';
import { openIndexForWrite } from '../../src/index/open-index.js';
import { SqliteIndex } from '../../src/index/sqlite-index.js';
import { LIST_COLUMNS } from '../../src/index/value-lists.js';
import { indexProject } from '../../src/indexer/index-project.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { DEFAULT_CONFIG, indexPath, writeConfig } from '../../src/project/config.js';
import { againFromScratch } from '../helpers/build-record-rows.js';
import { buildListRows } from '../helpers/build-list-rows.js';
import { replaceInFile } from '../helpers/edit-file.js';
import { copyFixtureToTemp, tempDir } from '../helpers/fixture-project.js';

/** Lists no column names, and rows naming a list that is not stored. */
function listState(db: Database.Database): { orphans: number; missing: number } {
  const count = (sql: string) => db.prepare(sql).pluck().get() as number;
  const orphans = count(`SELECT count(*) FROM value_lists WHERE ${LIST_COLUMNS.map(([t, c]) => `id NOT IN (SELECT ${c} FROM ${t})`).join(' AND ')}`);
  const missing = LIST_COLUMNS.reduce((n, [t, c]) => n + count(`SELECT count(*) FROM ${t} WHERE ${c} NOT IN (SELECT id FROM value_lists)`), 0);
  return { orphans, missing };
}

function readIndex<T>(root: string, read: (db: Database.Database) => T): T {
  const db = new Database(indexPath(root), { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** The items of the stored lists whose JSON names `text`. */
const itemsNaming = (db: Database.Database, text: string) => db.prepare('SELECT json FROM list_items WHERE instr(json, ?) > 0').pluck().all(text) as string[];

describe('build lists', () => {
  it('two builds with the same diagnostics store them once; edits, a removed build and collection keep rows as from scratch', async () => {
    const root = copyFixtureToTemp('index', 'shared-units');
    writeConfig(root, DEFAULT_CONFIG);
    replaceInFile(path.join(root, 'src/crc.c'), '', '#include "nowhere_a.h"\n');
    const first = await indexProject({ root, workers: 0 });
    expect(first.builds).toHaveLength(2);
    readIndex(root, (db) => {
      expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'file_diagnostics'").pluck().get()).toBe(0);
      const builds = new SqliteIndex(db).builds();
      for (const b of builds) expect(JSON.stringify(b.diagnostics)).toContain('nowhere_a.h');
      // Both builds name one diagnostics list (the same warning), and each of its items is stored once.
      expect(new Set(db.prepare('SELECT diagnostics_id FROM builds').pluck().all()).size).toBe(1);
      expect(new Set(itemsNaming(db, 'nowhere_a.h')).size).toBe(itemsNaming(db, 'nowhere_a.h').length);
      expect(db.prepare('SELECT max(length(defines_json) + length(record_inputs_json)) FROM builds').pluck().get()).toBeLessThan(2000);
      expect(listState(db)).toEqual({ orphans: 0, missing: 0 });
    });

    // Another missing header: both builds are indexed again with new lists; the old ones are collected.
    replaceInFile(path.join(root, 'src/crc.c'), 'nowhere_a.h', 'nowhere_b.h');
    await indexProject({ root, workers: 0 });
    readIndex(root, (db) => {
      for (const b of new SqliteIndex(db).builds()) expect([JSON.stringify(b.diagnostics).includes('nowhere_b.h'), JSON.stringify(b.diagnostics).includes('nowhere_a.h')]).toEqual([true, false]);
      expect(listState(db)).toEqual({ orphans: 0, missing: 0 });
      expect(buildListRows(db).map((r) => r[2])).toEqual(buildListRows(db).map(() => expect.stringContaining('nowhere_b.h')));
    });

    // One build removed: the other keeps its lists.
    fs.rmSync(path.join(root, 'build-board-b'), { recursive: true });
    expect((await indexProject({ root, workers: 0 })).removedBuilds).toBe(1);
    readIndex(root, (db) => expect(listState(db)).toEqual({ orphans: 0, missing: 0 }));
    const { incremental, scratch } = await againFromScratch(root);
    expect(incremental).toEqual(scratch);
  });

  it('a build row gives its first diagnostics; the writer sees them all', () => {
    const { db } = openIndexForWrite(path.join(tempDir(), 'index.db'));
    const diagnostics: Diagnostic[] = Array.from({ length: BUILD_DIAGNOSTICS_KEPT + 50 }, (_, i) => ({ severity: 'warning', file: `src/f${i}.c`, line: i + 1, message: 'm' }));
    const write: BuildWrite = {
      build: {
        variant: 'board', image: 'app', imageType: null, defaultImage: true, board: 'board', buildSystem: 'cmake', buildDir: 'build', compileCommands: null,
        compileCommandsHash: null, compileCommandsMtimeMs: null, description: 'test build', defines: {}, definesVarying: 0, linkerScripts: [], entryPoint: '',
        memory: [], memoryNote: '', provenance: 'test', implicitMacros: [], units: ['src/f0.c', 'src/f1.c'], linkedUnits: null, linking: null,
        kconfig: null, fingerprint: 'fp', recordInputs: null,
      },
      files: [],
      macroGroups: [],
      units: [],
      fileDiagnostics: diagnostics,
    };
    const writer = new IndexWriter(db);
    writer.writeBuild(write, 'now');
    const [row] = new SqliteIndex(db).builds();
    expect(row.diagnostics).toEqual(diagnostics.slice(0, BUILD_DIAGNOSTICS_KEPT));
    expect(row.units).toEqual(['src/f0.c', 'src/f1.c']);
    expect(writer.buildDiagnosesAny('board', 'app', [`src/f${BUILD_DIAGNOSTICS_KEPT + 10}.c`])).toBe(true);
    expect(writer.buildDiagnosesAny('board', 'app', ['src/other.c'])).toBe(false);
    // A row of an index of an older schema (status lists its builds before the re-index) holds both as JSON.
    const old = { diagnostics_json: JSON.stringify(diagnostics.slice(0, 2)), units_json: '["src/a.c"]' };
    expect([rowDiagnostics(db, old), rowUnits(db, old)]).toEqual([diagnostics.slice(0, 2), ['src/a.c']]);
    db.close();
  });
});
