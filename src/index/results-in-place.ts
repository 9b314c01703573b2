// A patched unit's new result written over the stored row it replaces, under the same id, when that row is its
// unit's alone and the new result is not stored yet: a row carried over for a header edited between directives has
// every column the same length as the old one, so SQLite writes only the pages whose bytes changed (a header edit
// under 500 units: ~600 pages where inserting the new rows and deleting the old ones wrote ~2 700). Leaves out rows
// other units link (they keep theirs) and results already stored (linked as they are).
import { ownString } from '../model/own-strings.js';
import type { Db } from './open-index.js';
import { prepared } from './statement-cache.js';
import { noteResultHash } from './reindex-rows.js';
import { filesListText, resultColumns, type EncodedUnitResult } from './unit-result-rows.js';
import { deleteUnusedViews } from './view-ids.js';
import { editedViews, releaseViewBase } from './view-lists.js';
import { storeList } from './value-lists.js';
import { byHashPrefix, storedHash } from './hash-columns.js';

/** Per view hash, the views the rows written name with their JSON and the uses they gain (see IndexWriter). */
export type NamedViews = Map<string, { data: string; uses: number }>;

/** A stored result a unit's new one replaces: its id and the view hashes its `data` ends with. */
export interface ReplacedResult {
  id: number;
  viewHashes: readonly string[];
}

/**
 * Writes each unit's new result (`units[k]`, an encoded row) over the row it replaces (`replaced[k]`) where that
 * row is linked by one unit only (this one), no unit of the patch takes it as its stored result and no row holds
 * the new hash; the entry's result becomes that id (its link stays as it is).
 * The views the new row names and the old one did not gain a use in `named`; those the old one named and the new
 * one does not are answered with the uses they lose. Answers the ids written over.
 */
export function replaceResultsInPlace(
  db: Db,
  units: { unitPath?: string; result: EncodedUnitResult | number }[],
  replaced: readonly ReplacedResult[],
  named: NamedViews,
): { ids: Set<number>; released: Map<string, number> } {
  const ids = new Set<number>();
  const released = new Map<string, number>();
  const links = prepared(db, 'SELECT count(*) FROM build_units WHERE result_id = ?').pluck();
  const stored = prepared(db, `SELECT 1 FROM unit_results WHERE ${byHashPrefix('hash')}`).pluck();
  const write = prepared(db, 'UPDATE unit_results SET key = ?, hash = ?, files_id = ?, data = ?, views = ? WHERE id = ?');
  const oldViews = prepared(db, 'SELECT views FROM unit_results WHERE id = ?').pluck();
  // Each list column apart: its index entry is rewritten only when the list changed (a carried row keeps its lists).
  const relist = (column: 'tested_id' | 'diagnostics_id' | 'undone_id', id: number, list: number): void => {
    prepared(db, `UPDATE unit_results SET ${column} = ? WHERE id = ? AND ${column} != ?`).run(list, id, list);
  };
  // Stored results units of the patch take as they are (a unit compiled twice may take the other's old result).
  const taken = new Set(units.map((u) => u.result).filter((r) => typeof r === 'number'));
  units.forEach((u, k) => {
    const r = u.result;
    const old = replaced[k];
    if (typeof r === 'number' || old === undefined || ids.has(old.id) || taken.has(old.id)) return;
    const hash = storedHash(r.hash);
    if (links.get(old.id) !== 1 || stored.get(hash, hash) !== undefined) return;
    const { body, views, hashes: now } = resultColumns(db, r);
    // The old row's view list use given back before the new one's is taken (a base no row edits goes at the collection).
    releaseViewBase(db, oldViews.get(old.id) as Buffer);
    write.run(storedHash(r.key), hash, storeList(db, filesListText(r)), body, editedViews(db, views, u.unitPath), old.id);
    relist('tested_id', old.id, storeList(db, { hash: r.testedHash, json: r.tested }, true));
    relist('diagnostics_id', old.id, storeList(db, { hash: r.diagnosticsHash, json: r.diagnostics }));
    relist('undone_id', old.id, storeList(db, { hash: r.undoneHash, json: r.undone }, true));
    noteResultHash(db, old.id, r.hash);
    ids.add(old.id);
    u.result = old.id;
    // Uses count the rows naming a view: a hash gains one where the old row did not name it, loses one where the new
    // row does not. Compared place by place (a carried row keeps all but its moved files' hashes, as the same strings).
    const was = old.viewHashes;
    for (let i = 0; i < now.length; i++) {
      const hash = now[i];
      if (hash === was[i] || was.includes(hash) || now.indexOf(hash) !== i) continue;
      useView(named, hash, r);
    }
    for (let i = 0; i < was.length; i++) {
      const hash = was[i];
      if (hash === now[i] || now.includes(hash) || was.indexOf(hash) !== i) continue;
      released.set(hash, (released.get(hash) ?? 0) + 1);
    }
  });
  return { ids, released };
}

/** One more use, counted in `named`, of the view `hash` that the new row `r` names. */
export function useView(named: NamedViews, hash: string, r: EncodedUnitResult): void {
  const v = named.get(hash);
  if (v) v.uses++;
  // A hash cut from the row's hex string of them all would keep that string (~11 KB a unit) until the build's end.
  else named.set(ownString(hash), { data: r.views.get(hash)!, uses: 1 });
}

/** The uses `released` views lose; views no row names any more are deleted. */
export function releaseViews(db: Db, released: ReadonlyMap<string, number>): void {
  if (released.size === 0) return;
  const release = prepared(db, 'UPDATE file_views SET uses = uses - ? WHERE hash = ?');
  for (const [hash, n] of released) release.run(n, storedHash(hash));
  deleteUnusedViews(db);
}
