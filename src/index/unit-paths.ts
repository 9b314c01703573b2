// build_units names a unit by the id of its unit_paths row, each path stored once (a 246-env project links ~74 000
// units, most paths in many envs). Leaves caching ids out: a lookup is one indexed read, as the link's own write is.
import type { Db } from './open-index.js';
import { prepared, valueRowId } from './statement-cache.js';

/** The id of the unit_paths row holding `path`, added when missing. */
export function unitPathId(db: Db, path: string): number {
  return valueRowId(db, 'unit_paths', 'path', path).id;
}

/** Deletes the paths no build_units row names (one transaction's part). */
export function collectUnitPaths(db: Db): void {
  prepared(db, 'DELETE FROM unit_paths WHERE id NOT IN (SELECT unit_id FROM build_units)').run();
}
