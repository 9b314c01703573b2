// Names of call rows and variable accesses are stored once (`names`) and named by id: the views refs and variable_refs
// read the rows with their names as before, the call graph and variable queries answer as before, and a name no row
// names any more is collected with the rows.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { indexPath } from '../../src/project/config.js';
import { withProject } from '../../src/query/project-context.js';
import { findCallees, findCallers } from '../../src/query/call-graph/call-sites.js';
import { findVariables } from '../../src/query/find-variables.js';
import { answerRows } from '../helpers/answer-rows.js';
import { indexedFixture, touchFuture } from '../helpers/fixture-project.js';

/** Calls of one build as the view reads them: callee, line, caller. */
function buildCalls(db: Database.Database, variant: string): [string, number, string | null][] {
  return db
    .prepare(
      `SELECT r.name, r.line, r.caller FROM refs r JOIN parse_chunks pc ON pc.chunk_id = r.chunk_id JOIN build_files bf ON bf.parsed_id = pc.parsed_id
       JOIN builds b ON b.id = bf.build_id WHERE b.variant = ? AND r.kind = 'call' ORDER BY r.line, r.col, r.name`,
    )
    .raw()
    .all(variant) as [string, number, string | null][];
}

/** Ids rows name that no names row holds. */
function danglingNames(db: Database.Database): number {
  return db
    .prepare(
      `SELECT count(*) FROM (SELECT name_id AS id FROM ref_rows UNION SELECT caller_id FROM ref_rows WHERE caller_id IS NOT NULL UNION SELECT name_id FROM variable_ref_rows)
       WHERE id NOT IN (SELECT id FROM names)`,
    )
    .pluck()
    .get() as number;
}

const storedName = (db: Database.Database, name: string) => db.prepare('SELECT count(*) FROM names WHERE name = ?').pluck().get(name) as number;

describe('names of call rows and variable accesses', () => {
  it('are stored once, rows naming them by id, and read back as text by the views and the queries', async () => {
    const { root } = await indexedFixture(['index', 'shared-chunks']);
    const db = new Database(indexPath(root), { readonly: true });
    try {
      expect(db.prepare('SELECT count(*) = count(DISTINCT name) FROM names').pluck().get()).toBe(1);
      expect(db.prepare('SELECT DISTINCT typeof(name_id) || typeof(caller_id) FROM ref_rows').pluck().all()).toEqual(['integerinteger']);
      expect(db.prepare('SELECT DISTINCT typeof(name_id) FROM variable_ref_rows').pluck().all()).toEqual(['integer']);
      // pump_limit is called four times in the two builds' rows: its name is one row.
      expect(storedName(db, 'pump_limit')).toBe(1);
      expect(buildCalls(db, 'build-big')).toEqual([
        ['pump_limit', 18, 'pump_run'],
        ['pump_run', 35, 'pump_boost'],
        ['pump_limit', 35, 'pump_boost'],
        ['pump_run', 53, 'pump_stop'],
        ['pump_limit', 53, 'pump_stop'],
      ]);
      expect(db.prepare("SELECT DISTINCT name FROM variable_refs WHERE name = 'pump_level'").pluck().all()).toEqual(['pump_level']);
    } finally {
      db.close();
    }
    const callers = answerRows(withProject(root, (ctx) => findCallers(ctx, { name: 'pump_limit', variant: 'build-big' })));
    expect(callers.map((c) => `${c.caller}:${c.line}:${c.ref_kind}`)).toEqual(['pump_run:18:call', 'pump_boost:35:call', 'pump_stop:53:call']);
    const callees = answerRows(withProject(root, (ctx) => findCallees(ctx, { name: 'pump_stop', variant: 'build-small' })));
    expect(callees.map((c) => `${c.callee}:${c.line}`)).toEqual(['pump_run:53', 'pump_limit:53']);
    const level = withProject(root, (ctx) => findVariables(ctx, { name: 'pump_level', variant: 'build-small' })) as unknown as { refs?: { line: number; ref_kind: string }[] }[];
    expect(level.find((v) => v.refs)!.refs!.map((u) => `${u.line}:${u.ref_kind}`).sort()).toEqual(['14:write', '18:read', '52:write']);
  });

  it('a name no row names after an edit is collected with the rows', async () => {
    const { root } = await indexedFixture(['index', 'shared-chunks']);
    const file = path.join(root, 'src', 'pump.c');
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, `${text}\nvoid pump_prime_all(void)\n{\n  pump_primer_count = 2;\n  pump_prime(pump_primer_count);\n}\n`);
    touchFuture(file);
    await indexProject({ root });
    const read = (check: (db: Database.Database) => void) => {
      const db = new Database(indexPath(root), { readonly: true });
      try {
        check(db);
      } finally {
        db.close();
      }
    };
    read((db) => {
      expect(['pump_prime', 'pump_prime_all', 'pump_primer_count'].map((n) => storedName(db, n))).toEqual([1, 1, 1]);
      expect(buildCalls(db, 'build-small')).toContainEqual(['pump_prime', 59, 'pump_prime_all']);
    });
    fs.writeFileSync(file, text);
    touchFuture(file, 10);
    await indexProject({ root });
    read((db) => {
      expect(['pump_prime', 'pump_prime_all', 'pump_primer_count', 'pump_limit'].map((n) => storedName(db, n))).toEqual([0, 0, 0, 1]);
      expect(danglingNames(db)).toBe(0);
    });
  });
});
