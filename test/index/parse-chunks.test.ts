// A parse's rows are stored in chunks of lines, each distinct chunk once: two builds that see one file differently
// share the chunks of the lines they see alike, queries answer per build as before (a function whose lines run into
// the next chunk still encloses the uses there), and removing a build collects the chunks only its parse named.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { IndexWriter } from '../../src/index/index-writer.js';
import { closeIndexForWrite, openIndexForWrite } from '../../src/index/open-index.js';
import { chunksOf, CHUNK_LINES } from '../../src/index/parse-chunks.js';
import { indexPath } from '../../src/project/config.js';
import { withProject } from '../../src/query/project-context.js';
import { findReferences } from '../../src/query/find-references.js';
import { findVariables } from '../../src/query/find-variables.js';
import type { ExtractedReference } from '../../src/model/symbol.js';
import { indexedFixture } from '../helpers/fixture-project.js';

const ROW_TABLES = ['symbols', 'refs', 'variable_refs', 'variable_ref_names', 'class_bases', 'template_uses'];

/** Per build variant, the chunk ids its parse of src/pump.c names. */
function pumpChunks(db: Database.Database): Record<string, number[]> {
  const rows = db
    .prepare(
      `SELECT b.variant, pc.chunk_id FROM builds b JOIN build_files bf ON bf.build_id = b.id JOIN parsed_files p ON p.id = bf.parsed_id
       JOIN files f ON f.id = p.file_id JOIN parse_chunks pc ON pc.parsed_id = p.id WHERE f.path = 'src/pump.c' ORDER BY b.variant, pc.chunk_id`,
    )
    .raw()
    .all() as [string, number][];
  const out: Record<string, number[]> = {};
  for (const [variant, chunk] of rows) (out[variant] ??= []).push(chunk);
  return out;
}

const definitions = (db: Database.Database, name: string) => db.prepare('SELECT count(*) FROM symbols WHERE name = ? AND is_definition = 1').pluck().get(name) as number;

/** Rows whose chunk is not stored, chunks no parse names, and variable_ref_names pairs no access has (or missing). */
function dangling(db: Database.Database): number {
  let n = db.prepare('SELECT count(*) FROM chunks WHERE id NOT IN (SELECT chunk_id FROM parse_chunks)').pluck().get() as number;
  for (const t of ROW_TABLES) n += db.prepare(`SELECT count(*) FROM ${t} WHERE chunk_id NOT IN (SELECT id FROM chunks)`).pluck().get() as number;
  // variable_ref_names holds exactly the (name, chunk) pairs of the variable accesses.
  const pairs = 'SELECT DISTINCT name_id, chunk_id FROM variable_ref_rows';
  n += db.prepare(`SELECT count(*) FROM (SELECT name_id, chunk_id FROM variable_ref_names EXCEPT ${pairs})`).pluck().get() as number;
  n += db.prepare(`SELECT count(*) FROM (${pairs} EXCEPT SELECT name_id, chunk_id FROM variable_ref_names)`).pluck().get() as number;
  return n;
}

const calls = (root: string, variant: string) =>
  (withProject(root, (ctx) => findReferences(ctx, { name: 'pump_limit', variant })) as Record<string, unknown>[])
    .filter((r) => 'line' in r)
    .map((r) => [r.line, r.in_symbol]);

/** The uses of pump_level one build's find_variables lists: line, access, enclosing function. */
const levelUses = (root: string, variant: string) => {
  const rows = withProject(root, (ctx) => findVariables(ctx, { name: 'pump_level', variant })) as unknown as { refs?: Record<string, unknown>[] }[];
  return rows.find((r) => r.refs)!.refs!.map((u) => [u.line, u.ref_kind, u.in_function]);
};

describe('parse rows in shared chunks', () => {
  it('cuts rows by the 16 lines they start on and hashes the path with them', () => {
    const ref = (line: number): ExtractedReference => ({ name: 'f', line, column: 1, kind: 'call' });
    const chunks = chunksOf('a.c', { symbols: [], references: [ref(3), ref(20), ref(CHUNK_LINES - 1)] });
    expect(chunks.map((c) => c.references.map((r) => r.line))).toEqual([[3, CHUNK_LINES - 1], [20]]);
    const again = chunksOf('a.c', { symbols: [], references: [ref(3), ref(21), ref(CHUNK_LINES - 1)] });
    expect(again[0].hash.equals(chunks[0].hash)).toBe(true);
    expect(again[1].hash.equals(chunks[1].hash)).toBe(false);
    expect(chunksOf('b.c', { symbols: [], references: [ref(3), ref(CHUNK_LINES - 1)] })[0].hash.equals(chunks[0].hash)).toBe(false);
  });

  it('the parses of a file two builds see differently name one stored chunk for the lines both see alike', async () => {
    const { root } = await indexedFixture(['index', 'shared-chunks']);
    const db = new Database(indexPath(root), { readonly: true });
    try {
      const { 'build-big': big, 'build-small': small } = pumpChunks(db);
      expect(big).toHaveLength(4);
      expect(small).toHaveLength(4);
      // Lines 1–31 and 48–54 are alike: three chunks shared; lines 32–47 (pump_boost) differ.
      expect(big.filter((c) => small.includes(c))).toHaveLength(3);
      expect([definitions(db, 'pump_limit'), definitions(db, 'pump_run'), definitions(db, 'pump_stop'), definitions(db, 'pump_boost')]).toEqual([1, 1, 1, 2]);
      expect(dangling(db)).toBe(0);
    } finally {
      db.close();
    }
  });

  it('answers per build, a function enclosing its uses in the next chunk', async () => {
    const { root } = await indexedFixture(['index', 'shared-chunks']);
    expect(calls(root, 'build-big')).toEqual([[18, 'pump_run'], [35, 'pump_boost'], [53, 'pump_stop']]);
    expect(calls(root, 'build-small')).toEqual([[18, 'pump_run'], [53, 'pump_stop']]);
    const uses = levelUses(root, 'build-small');
    expect(uses).toEqual(expect.arrayContaining([[14, 'write', 'pump_run'], [18, 'read', 'pump_run'], [52, 'write', 'pump_stop']]));
    expect(uses).toHaveLength(3);
  });

  it('removing a build collects the chunks only its parse named, with their rows', async () => {
    const { root } = await indexedFixture(['index', 'shared-chunks']);
    const { db } = openIndexForWrite(indexPath(root));
    try {
      const image = db.prepare("SELECT image FROM builds WHERE variant = 'build-big'").pluck().get() as string;
      new IndexWriter(db).removeBuildsExcept(new Set([`build-big\u0000${image}`]));
      expect(pumpChunks(db)['build-big']).toHaveLength(4);
      expect(db.prepare('SELECT count(*) FROM chunks').pluck().get()).toBe(4);
      expect(definitions(db, 'pump_boost')).toBe(1);
      expect(dangling(db)).toBe(0);
    } finally {
      closeIndexForWrite(db);
    }
    expect(calls(root, 'build-big')).toEqual([[18, 'pump_run'], [35, 'pump_boost'], [53, 'pump_stop']]);
  });
});
