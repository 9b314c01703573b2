// The writer's lookups of stored parses, macro groups and unit results: on a new index they answer nothing without
// running a statement (each would be an autocommit read with its lock calls), and they find what the writer stored
// since, macro rows (written many to a statement) included; a file row stored again keeps its id.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { IndexWriter, type BuildWrite, type FileVersion } from '../../src/index/index-writer.js';
import { closeIndexForWrite, openIndexForWrite, type Db } from '../../src/index/open-index.js';
import { BATCH_ROWS } from '../../src/index/row-batch.js';
import { encodeUnitResult, FileViewCache, findUnitResult } from '../../src/index/unit-result-rows.js';

/** A check every stored result passes. */
const ANY = { files: () => true, tested: () => true };

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function openTemp(): Db {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'writer-lookups-'));
  dirs.push(dir);
  return openIndexForWrite(path.join(dir, 'index.db')).db;
}

/** Counts the statements the connection runs (prepared once, run many times: counted per run). */
function countRuns(db: Db): { runs: string[] } {
  const seen = { runs: [] as string[] };
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    const s = prepare(sql);
    for (const m of ['get', 'all', 'run'] as const) {
      const orig = s[m].bind(s) as (...a: unknown[]) => unknown;
      (s as unknown as Record<string, unknown>)[m] = (...a: unknown[]) => {
        seen.runs.push(sql);
        return orig(...a);
      };
    }
    return s;
  }) as Db['prepare'];
  return seen;
}

function build(contentHash: string): BuildWrite {
  const file: FileVersion = {
    path: 'src/a.c', contentHash, size: 10, mtimeMs: 1, isVendor: false, maskHash: 'm1', language: 'c', isUnit: true, activity: 'a1',
    parsed: { symbols: [], references: [], error: 'broken', notes: [{ severity: 'warning', line: 2, message: 'note' }] },
  };
  const records = Array.from({ length: BATCH_ROWS + 21 }, (_, i) => ({ name: `M${i}`, params: null, value: String(i), functionLike: false, file: 'src/a.c', line: i + 1, expandedValue: String(i) }));
  return {
    build: {
      variant: 'board', image: 'app', imageType: null, defaultImage: true, board: 'board', buildSystem: 'cmake', buildDir: 'build', compileCommands: null,
      compileCommandsHash: null, compileCommandsMtimeMs: null, description: 'test build', defines: {}, definesVarying: 0, linkerScripts: [], entryPoint: '',
      memory: [], memoryNote: '', provenance: 'test', implicitMacros: [], units: ['src/a.c'], linkedUnits: null, linking: null,
      kconfig: null, fingerprint: 'fp', recordInputs: null,
    },
    files: [file],
    macroGroups: [{ hash: 'g1', file: 'src/a.c', records }],
    units: [{ unitPath: 'src/a.c', result: encodeUnitResult({ unit: 'src/a.c', key: 'k1', lang: 'c', files: [{ file: 'src/a.c', hash: contentHash, view: { lines: 10, ranges: [1, 10], defines: [] } }], tested: [], diagnostics: [] }).row }],
    fileDiagnostics: [],
    fileLines: [{ path: 'src/a.c', lineCount: 10, active: '1-10', decisions: null }],
  };
}

describe('the writer\'s lookups', () => {
  it('run no statement while the index holds no parse or macro group, then find what was stored', () => {
    const db = openTemp();
    const seen = countRuns(db);
    const writer = new IndexWriter(db);
    const views = new FileViewCache(db);
    for (let i = 0; i < 5; i++) {
      expect(writer.findParsed('src/a.c', 'm1', 'c')).toBeUndefined();
      expect(writer.parseReport('src/a.c', 'm1', 'c')).toBeUndefined();
      expect(writer.macroGroupId('g1')).toBeUndefined();
      expect(findUnitResult(db, 'k1', ANY, views)).toBeUndefined();
    }
    // One look at each table, then none.
    expect(seen.runs).toEqual(['SELECT 1 FROM parsed_files LIMIT 1', 'SELECT 1 FROM macro_groups LIMIT 1', 'SELECT 1 FROM unit_results LIMIT 1']);

    writer.writeBuild(build('c1'), 'now');
    const parsedId = writer.findParsed('src/a.c', 'm1', 'c');
    expect(parsedId).toBe(1);
    expect(writer.parseReport('src/a.c', 'm1', 'c')).toEqual({ error: 'broken', notes: [{ severity: 'warning', line: 2, message: 'note' }] });
    const groupId = writer.macroGroupId('g1');
    expect(groupId).toBe(1);
    const macros = db.prepare('SELECT id, name, line FROM macros ORDER BY id').raw().all();
    expect(macros).toEqual(Array.from({ length: BATCH_ROWS + 21 }, (_, i) => [i + 1, `M${i}`, i + 1]));
    expect(writer.macroGroupRecords(groupId!).map((m) => m.name)).toEqual(Array.from({ length: BATCH_ROWS + 21 }, (_, i) => `M${i}`));
    expect(findUnitResult(db, 'k1', ANY, views)?.id).toBe(1);
    closeIndexForWrite(db);
  });

  it('ask an index that holds rows, and keep a file row\'s id when it is stored again', () => {
    const db = openTemp();
    new IndexWriter(db).writeBuild(build('c1'), 'now');
    const writer = new IndexWriter(db);
    expect(writer.findParsed('src/a.c', 'm1', 'c')).toBe(1);
    expect(writer.macroGroupId('g1')).toBe(1);
    expect(findUnitResult(db, 'k1', ANY, new FileViewCache(db))?.id).toBe(1);
    // A candidate whose files changed is passed over on its files: its tested list is neither loaded nor checked.
    const tested: unknown[] = [];
    const filesChanged = { files: () => false, tested: (t: unknown) => (tested.push(t), true) };
    expect(findUnitResult(db, 'k1', filesChanged, new FileViewCache(db))).toBeUndefined();
    expect(tested).toEqual([]);
    expect(findUnitResult(db, 'k1', { ...filesChanged, files: () => true }, new FileViewCache(db))?.id).toBe(1);
    expect(tested).toEqual([[]]);
    // Checked against starting macros: a list's verdict is kept for them, and asked again for others.
    const macros = new Map();
    const checked = { files: () => true, tested: (t: unknown) => (tested.push(t), false), macros };
    expect(findUnitResult(db, 'k1', checked, new FileViewCache(db))).toBeUndefined();
    expect(findUnitResult(db, 'k1', { ...checked }, new FileViewCache(db))).toBeUndefined();
    expect(tested).toEqual([[], []]);
    expect(findUnitResult(db, 'k1', { ...checked, macros: new Map() }, new FileViewCache(db))).toBeUndefined();
    expect(tested).toEqual([[], [], []]);
    writer.writeBuild(build('c2'), 'later');
    expect(db.prepare('SELECT id, content_hash FROM files').raw().all()).toEqual([[1, 'c2']]);
    // The same mask: the stored parse is taken again, not a second one.
    expect(db.prepare('SELECT id, file_id FROM parsed_files').raw().all()).toEqual([[1, 1]]);
    closeIndexForWrite(db);
  });
});
