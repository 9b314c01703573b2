// Test helper: every column of the unit results the builds link (their `tested`, diagnostics, undone and files lists decoded from
// the tables they are stored in), of the views and of the stored lists, without row ids, to compare a patched
// index's rows with a from-scratch index's.
import Database from 'better-sqlite3';
import { indexPath } from '../../src/project/config.js';
import { storedListJson } from '../../src/index/value-lists.js';
import { resultData, viewDataJson } from '../../src/index/view-ids.js';

/** The linked results (with their build and unit), the views and the stored lists (decoded), each row as JSON, in a stable order. */
export function unitResultRows(root: string): { results: string[]; views: string[]; testedLists: string[] } {
  const db = new Database(indexPath(root), { readonly: true });
  const rows = db
    .prepare(
      `SELECT b.variant, up.path, r.key, r.hash, r.tested_id, r.diagnostics_id, r.undone_id, r.files_id, r.data, r.views FROM build_units bu JOIN builds b ON b.id = bu.build_id
       JOIN unit_paths up ON up.id = bu.unit_id JOIN unit_results r ON r.id = bu.result_id ORDER BY 1, 2`,
    )
    .raw()
    .all() as [string, string, string, string, number, number, number, number, Buffer, Buffer][];
  const lists = (id: number) => storedListJson(db, id);
  // The data as results hold it (body and view hashes): view ids differ between indexes that stored views in other orders.
  const results = rows.map(([variant, unit, key, hash, tested, diagnostics, undone, files, body, ids]) => [variant, unit, key, hash, lists(tested), lists(diagnostics), lists(undone), lists(files), resultData(db, body, ids).toString('hex')]);
  // A view's JSON as stored (deflated when long) read back.
  const views = (db.prepare('SELECT hash, data, uses FROM file_views ORDER BY hash').raw().all() as [Buffer, string | Buffer, number][]).map(([hash, data, uses]) => [hash, viewDataJson(data), uses]);
  const stored = db.prepare('SELECT id, hash FROM value_lists ORDER BY hash').raw().all() as [number, string][];
  const testedLists = stored.map(([id, hash]) => JSON.stringify([hash, lists(id)]));
  db.close();
  return { results: results.map((r) => JSON.stringify(r)), views: views.map((v) => JSON.stringify(v)), testedLists };
}

/** The ids of the stored results, in order. */
export function unitResultIds(root: string): number[] {
  const db = new Database(indexPath(root), { readonly: true });
  const ids = db.prepare('SELECT id FROM unit_results ORDER BY id').pluck().all() as number[];
  db.close();
  return ids;
}
