// Test helper: every column of the unit results the builds link (each `tested` list decoded from the table it is
// stored in), of the views and of the stored tested lists, without row ids, to compare a patched index's rows with
// a from-scratch index's.
import Database from 'better-sqlite3';
import { indexPath } from '../../src/project/config.js';

/** The linked results (with their build and unit), the views and the tested lists, each row as JSON, in a stable order. */
export function unitResultRows(root: string): { results: string[]; views: string[]; testedLists: string[] } {
  const db = new Database(indexPath(root), { readonly: true });
  const results = db
    .prepare(
      `SELECT b.variant, bu.unit_path, r.key, r.hash, t.data, r.files, hex(r.data) FROM build_units bu JOIN builds b ON b.id = bu.build_id
       JOIN unit_results r ON r.id = bu.result_id JOIN tested_lists t ON t.id = r.tested_id ORDER BY 1, 2`,
    )
    .raw()
    .all() as unknown[][];
  const views = db.prepare('SELECT hash, data, uses FROM file_views ORDER BY hash').raw().all() as unknown[][];
  const testedLists = db.prepare('SELECT hash, data FROM tested_lists ORDER BY hash').raw().all() as unknown[][];
  db.close();
  return { results: results.map((r) => JSON.stringify(r)), views: views.map((v) => JSON.stringify(v)), testedLists: testedLists.map((t) => JSON.stringify(t)) };
}

/** The ids of the stored results, in order. */
export function unitResultIds(root: string): number[] {
  const db = new Database(indexPath(root), { readonly: true });
  const ids = db.prepare('SELECT id FROM unit_results ORDER BY id').pluck().all() as number[];
  db.close();
  return ids;
}
