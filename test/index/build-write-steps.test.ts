// A build written in steps (files stored as their parses come, the rest at its end) holds the rows of the same
// build written at once, drops each stored file's parse results, waits to decide on the row tables' indexes until
// the rows reach BULK_MIN_ROWS, and leaves the index as it was when it is abandoned.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BULK_MIN_ROWS } from '../../src/index/bulk-indexes.js';
import { IndexWriter, macroRowCount, type BuildWrite, type FileVersion } from '../../src/index/index-writer.js';
import { closeIndexForWrite, openIndexForWrite, type Db } from '../../src/index/open-index.js';
import type { ExtractedSymbol } from '../../src/model/symbol.js';
import { encodeUnitResult } from '../../src/index/unit-result-rows.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function openTemp(): Db {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-write-steps-'));
  dirs.push(dir);
  return openIndexForWrite(path.join(dir, 'index.db')).db;
}

function symbol(name: string, line: number): ExtractedSymbol {
  return {
    stableId: `${name}-${line}`, parentId: null, name, qualifiedName: name, kind: 'function', line, endLine: line, column: 1, isDefinition: true,
    signature: `int ${name}(void)`, docstring: '', isTemplate: false, isVirtual: false, isPureVirtual: false, enumValue: null, nameTokens: name, body: null,
  };
}

/** A build of `files` files of `perFile` symbols each. */
function buildWrite(files: number, perFile: number): BuildWrite {
  const versions: FileVersion[] = Array.from({ length: files }, (_, i) => ({
    path: `src/f${i}.c`, contentHash: `c${i}`, size: 10, mtimeMs: 1, isVendor: false, maskHash: `m${i}`, language: 'c', isUnit: true, activity: `a${i}`,
    parsed: { symbols: Array.from({ length: perFile }, (_, k) => symbol(`f${i}_${k}`, k + 1)), references: [], error: null },
  }));
  return {
    build: {
      variant: 'board', image: 'app', imageType: null, defaultImage: true, board: 'board', buildSystem: 'cmake', buildDir: 'build', compileCommands: null,
      compileCommandsHash: null, compileCommandsMtimeMs: null, description: 'test build', defines: {}, definesVarying: 0, linkerScripts: [], entryPoint: '',
      memory: [], memoryNote: '', provenance: 'test', implicitMacros: [], units: versions.map((v) => v.path), linkedUnits: null, linking: null,
      kconfig: null, fingerprint: 'fp', recordInputs: null,
    },
    files: versions,
    macroGroups: [{ hash: 'g1', file: 'src/f0.c', records: [{ name: 'N', params: null, value: '1', functionLike: false, file: 'src/f0.c', line: 1, expandedValue: '1' }] }],
    units: [],
    fileDiagnostics: [],
    fileLines: versions.map((v) => ({ path: v.path, lineCount: 10, active: '1-10', decisions: null })),
  };
}

function dump(db: Db): Record<string, unknown[]> {
  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
  const rows = (t: string) => {
    const n = db.prepare(`SELECT * FROM "${t}" LIMIT 0`).columns().length;
    return db.prepare(`SELECT * FROM "${t}" ORDER BY ${Array.from({ length: n }, (_, i) => i + 1).join(', ')}`).raw().all();
  };
  return Object.fromEntries(tables.map((t) => [t, rows(t)]));
}

const indexNames = (db: Db): string[] => (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'symbols' ORDER BY name").all() as { name: string }[]).map((r) => r.name);

/** The build's units, each with a new result encoded (two of them naming one view, so that its uses count 2). */
function withUnits(w: BuildWrite): BuildWrite {
  const view = (n: number) => ({ lines: 10, ranges: [1, 10], defines: [n, '1'] });
  w.units = w.files.slice(0, 3).map((f, i) => {
    const files = [{ file: f.path, hash: f.contentHash, view: view(i) }, { file: 'inc/common.h', hash: 'h', view: view(100) }];
    return { unitPath: f.path, result: encodeUnitResult({ unit: f.path, key: `k${i}`, lang: 'c', files, tested: [['CONFIG_A', '1']], diagnostics: [] }).row };
  });
  return w;
}

describe('a build written in steps', () => {
  it('unit results stored as they come hold the rows of results written at the end; abandoned, none stays', () => {
    const whole = openTemp();
    new IndexWriter(whole).writeBuild(withUnits(buildWrite(4, 2)), 'now');

    const steps = openTemp();
    const writer = new IndexWriter(steps);
    const w = withUnits(buildWrite(4, 2));
    writer.beginBuild();
    for (const u of w.units) writer.storeUnitResults([u]);
    // Each entry is its row's id from then on: the encoded row can go.
    expect(w.units.every((u) => typeof u.result === 'number')).toBe(true);
    writer.expectMacroRows(macroRowCount(w.macroGroups));
    writer.finishBuild(w, 'now');
    expect(dump(steps)).toEqual(dump(whole));
    // The view all three results name: stored once, with three uses.
    expect(dump(steps).file_views.filter((r) => (r as unknown[]).at(-1) === 3)).toHaveLength(1);

    const before = dump(steps);
    const again = withUnits(buildWrite(4, 2));
    again.units.forEach((u, i) => (u.result = encodeUnitResult({ unit: u.unitPath, key: `other${i}`, lang: 'c', files: [], tested: [], diagnostics: [] }).row));
    writer.beginBuild();
    writer.storeUnitResults(again.units);
    expect((steps.prepare("SELECT count(*) AS n FROM unit_results WHERE key LIKE 'other%'").get() as { n: number }).n).toBe(3);
    writer.abortBuild();
    expect(dump(steps)).toEqual(before);
    closeIndexForWrite(whole);
    closeIndexForWrite(steps);
  });

  it('holds the rows of the build written at once and drops each stored parse', () => {
    const perFile = Math.ceil(BULK_MIN_ROWS / 8);
    const whole = openTemp();
    new IndexWriter(whole).writeBuild(buildWrite(20, perFile), 'now');

    const steps = openTemp();
    const writer = new IndexWriter(steps);
    const w = buildWrite(20, perFile);
    writer.beginBuild(macroRowCount(w.macroGroups));
    writer.storeFiles(w.files.slice(0, 4));
    // Fewer rows than BULK_MIN_ROWS so far: the files wait, with their parses.
    expect(w.files[0].parsed).toBeDefined();
    expect((steps.prepare('SELECT count(*) AS n FROM symbols').get() as { n: number }).n).toBe(0);
    writer.storeFiles(w.files.slice(4, 12));
    expect(w.files.slice(0, 12).every((f) => f.parsed === undefined)).toBe(true);
    expect((steps.prepare('SELECT count(*) AS n FROM symbols').get() as { n: number }).n).toBe(12 * perFile);
    writer.finishBuild(w, 'now');

    expect(dump(steps)).toEqual(dump(whole));
    expect(indexNames(steps)).toEqual(indexNames(whole));
    closeIndexForWrite(whole);
    closeIndexForWrite(steps);
  });

  it('refuses files given out of the build order', () => {
    const db = openTemp();
    const writer = new IndexWriter(db);
    const w = buildWrite(3, BULK_MIN_ROWS);
    writer.beginBuild(0);
    writer.storeFiles([w.files[1]]);
    expect(() => writer.finishBuild(w, 'now')).toThrow(/order/);
    writer.abortBuild();
    closeIndexForWrite(db);
  });

  it('abandoned, leaves the index as it was', () => {
    const db = openTemp();
    const writer = new IndexWriter(db);
    writer.writeBuild(buildWrite(2, 3), 'then');
    const before = dump(db);
    const w = buildWrite(5, BULK_MIN_ROWS);
    w.files.forEach((f) => (f.path = `src/new-${f.path.slice(4)}`));
    writer.beginBuild(0);
    writer.storeFiles(w.files.slice(0, 3));
    expect((db.prepare("SELECT count(*) AS n FROM files WHERE path LIKE 'src/new-%'").get() as { n: number }).n).toBe(3);
    writer.abortBuild();
    expect(dump(db)).toEqual(before);
    // The writer takes the next build.
    writer.writeBuild(buildWrite(2, 3), 'later');
    closeIndexForWrite(db);
  });
});
