// Test helpers: the builds' diagnostics and units read from the value lists their rows name, as rows without list
// ids (ids differ between indexes of the same builds): for tests that compare a cheap re-index with a full one.
import type { Database } from 'better-sqlite3';
import { buildDiagnostics } from '../../src/index/build-lists.js';
import { storedListJson } from '../../src/index/value-lists.js';

interface ListedBuild {
  variant: string;
  image: string;
  diagnostics_id: number;
  units_id: number;
}

function listedBuilds(db: Database): ListedBuild[] {
  return db.prepare('SELECT variant, image, diagnostics_id, units_id FROM builds ORDER BY variant, image').all() as ListedBuild[];
}

/** Per diagnostic of every build, in the build's order: [variant, file, line, severity, message]. */
export function buildDiagnosticRows(db: Database): unknown[][] {
  return listedBuilds(db).flatMap((b) => buildDiagnostics(db, b.diagnostics_id).map((d) => [b.variant, d.file, d.line ?? null, d.severity, d.message]));
}

/** Per build: [variant, image, the JSON of its diagnostics (all of them), the JSON of its units]. */
export function buildListRows(db: Database): unknown[][] {
  return listedBuilds(db).map((b) => [b.variant, b.image, storedListJson(db, b.diagnostics_id), storedListJson(db, b.units_id)]);
}
