// Definition bodies are stored once per distinct text: the parses of a file two builds see differently name one
// row for each body they share, a body no symbol names any more is collected (an edit, a build removed), a writer's
// remembered ids do not outlive another run's collection, and search_bodies answers from the shared rows per build.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { IndexWriter } from '../../src/index/index-writer.js';
import { closeIndexForWrite, openIndexForWrite } from '../../src/index/open-index.js';
import { indexPath } from '../../src/project/config.js';
import { withProject } from '../../src/query/project-context.js';
import { searchBodies } from '../../src/query/search-bodies.js';
import { answerRows } from '../helpers/answer-rows.js';
import { replaceInFile } from '../helpers/edit-file.js';
import { indexedFixture, tempDir } from '../helpers/fixture-project.js';
import { oneFileBuild } from '../helpers/one-file-build.js';

/** Per parse of src/motor.c (by its builds' variants), each definition's name with its body row id and text. */
function motorBodies(root: string): { parses: number; rows: Record<string, [string, number, string][]>; stored: number; dangling: number } {
  const db = new Database(indexPath(root), { readonly: true });
  try {
    const defs = db
      .prepare(
        `SELECT (SELECT group_concat(b.variant) FROM build_files bf JOIN builds b ON b.id = bf.build_id WHERE bf.parsed_id = sc.parsed_id) AS variants,
           s.name, s.body_id, t.text FROM symbols s JOIN parse_chunks sc ON sc.chunk_id = s.chunk_id JOIN bodies t ON t.id = s.body_id ORDER BY sc.parsed_id, s.line`,
      )
      .raw()
      .all() as [string, string, number, string][];
    const rows: Record<string, [string, number, string][]> = {};
    for (const [variants, name, id, text] of defs) (rows[variants] ??= []).push([name, id, text]);
    const parses = db.prepare("SELECT count(*) FROM parsed_files p JOIN files f ON f.id = p.file_id WHERE f.path = 'src/motor.c'").pluck().get() as number;
    const stored = db.prepare('SELECT count(*) FROM bodies').pluck().get() as number;
    const dangling = db.prepare('SELECT count(*) FROM symbols WHERE body_id IS NOT NULL AND body_id NOT IN (SELECT id FROM bodies)').pluck().get() as number;
    return { parses, rows, stored, dangling };
  } finally {
    db.close();
  }
}

const CLAMP = 'int motor_clamp(int speed, int limit)\n{\n  return speed > limit ? limit : speed;\n}';

describe('definition bodies stored once per text', () => {
  it('two parses of a file whose builds see other lines elsewhere name one row for each body they share', async () => {
    const { root } = await indexedFixture(['index', 'shared-bodies']);
    const { parses, rows, stored, dangling } = motorBodies(root);
    expect(parses).toBe(2);
    const fast = rows['build-fast'];
    const slow = rows['build-slow'];
    expect(fast.map((r) => r[0])).toEqual(['motor_clamp', 'motor_brake', 'motor_ramp']);
    expect(slow.map((r) => r[0])).toEqual(['motor_clamp', 'motor_brake', 'motor_ramp']);
    expect(fast[0][2]).toBe(CLAMP);
    // The same text, one row: motor_clamp and motor_ramp are shared, each board's motor_brake is its own.
    expect([fast[0][1], fast[2][1]]).toEqual([slow[0][1], slow[2][1]]);
    expect(fast[1][1]).not.toBe(slow[1][1]);
    expect(slow[1][2]).toContain('motor_coast();');
    expect([stored, dangling]).toEqual([4, 0]);
  });

  it('a body no symbol names after an edit is collected; the shared ones keep their rows', async () => {
    const { root } = await indexedFixture(['index', 'shared-bodies']);
    const before = motorBodies(root);
    replaceInFile(path.join(root, 'src/motor.c'), 'motor_coast();', 'motor_coast(1);');
    await indexProject({ root });
    const after = motorBodies(root);
    const texts = Object.values(after.rows).flat().map((r) => r[2]);
    expect(texts.some((t) => t.includes('motor_coast();'))).toBe(false);
    expect(texts.some((t) => t.includes('motor_coast(1);'))).toBe(true);
    expect([after.parses, after.stored, after.dangling]).toEqual([2, 4, 0]);
    // The new parse of the slow board found motor_clamp's text stored (the fast board's parse names it).
    expect(after.rows['build-slow'][0][1]).toBe(before.rows['build-fast'][0][1]);
  });

  it('search_bodies answers per build from the shared rows', async () => {
    const { root } = await indexedFixture(['index', 'shared-bodies']);
    const search = (query: string, variant: string) =>
      answerRows(withProject(root, (ctx) => searchBodies(ctx, { query, variant }))).map((r) => [r.name, r.file, r.line, r.match_lines]);
    const clamp = ['motor_clamp', 'src/motor.c', 3, [{ line: 3, text: 'int motor_clamp(int speed, int limit)' }]];
    const ramp = ['motor_ramp', 'src/motor.c', 22, [{ line: 24, text: 'return motor_clamp(to - from, 10);' }]];
    expect(search('motor_clamp', 'build-fast')).toEqual([clamp, ramp]);
    expect(search('motor_clamp', 'build-slow')).toEqual([clamp, ramp]);
    expect(search('motor_coast', 'build-fast')).toEqual([]);
    expect(search('motor_coast void', 'build-slow')).toEqual([['motor_brake', 'src/motor.c', 16, [{ line: 16, text: 'void motor_brake(void)' }, { line: 18, text: 'motor_coast();' }]]]);
  });
});

describe('a writer connection that outlives another run', () => {
  it('stores a body again that another connection collected, rather than naming the deleted row', () => {
    const file = path.join(tempDir(), 'index.db');
    closeIndexForWrite(openIndexForWrite(file).db);
    const mine = openIndexForWrite(file).db;
    const other = openIndexForWrite(file).db;
    try {
      const body = 'int f(void) { return 1; }';
      const writer = new IndexWriter(mine);
      writer.writeBuild(oneFileBuild('a', 'm1', body), 'now');
      writer.writeBuild(oneFileBuild('b', 'm2', 'int f(void) { return 2; }'), 'now');
      // The other run removes the first build: its body is collected.
      new IndexWriter(other).removeBuildsExcept(new Set(['b\u0000app']));
      expect(other.prepare('SELECT count(*) FROM bodies').pluck().get()).toBe(1);
      writer.writeBuild(oneFileBuild('c', 'm3', body), 'now');
      const dangling = mine.prepare('SELECT count(*) FROM symbols WHERE body_id NOT IN (SELECT id FROM bodies)').pluck().get();
      expect(dangling).toBe(0);
      expect(mine.prepare('SELECT text FROM bodies ORDER BY id').pluck().all()).toEqual(['int f(void) { return 2; }', body]);
    } finally {
      mine.close();
      other.close();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });
});
