// build_units names units by the id of a unit_paths row (each path stored once): a build's units read back as the
// same paths after an edit re-indexes one of them, and paths no build links any more are collected with their builds.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { IndexWriter } from '../../src/index/index-writer.js';
import { closeIndexForWrite, openIndexForWrite } from '../../src/index/open-index.js';
import { buildUnitLinks } from '../../src/index/reindex-rows.js';
import { indexProject } from '../../src/indexer/index-project.js';
import { indexPath } from '../../src/project/config.js';
import { indexedFixture } from '../helpers/fixture-project.js';

/** Per build, its units' paths as the index reads them back; and how the tables hold them. */
function storedUnits(root: string): { units: Record<string, string[]>; paths: string[]; columns: string[]; unitIdTypes: string[] } {
  const db = new Database(indexPath(root), { readonly: true });
  try {
    const builds = db.prepare('SELECT variant, image FROM builds ORDER BY variant').all() as { variant: string; image: string }[];
    const units = Object.fromEntries(builds.map((b) => [b.variant, buildUnitLinks(db, b.variant, b.image).map((l) => l.unitPath).sort()]));
    return {
      units,
      paths: db.prepare('SELECT path FROM unit_paths ORDER BY path').pluck().all() as string[],
      columns: db.prepare("SELECT name FROM pragma_table_info('build_units') ORDER BY cid").pluck().all() as string[],
      unitIdTypes: db.prepare('SELECT DISTINCT typeof(unit_id) FROM build_units').pluck().all() as string[],
    };
  } finally {
    db.close();
  }
}

describe('unit paths stored once', () => {
  it('build_units holds path ids; a build reads back the same paths after an edit re-indexes one unit', async () => {
    const { root } = await indexedFixture(['index', 'shared-units']);
    const before = storedUnits(root);
    expect(before.columns).toEqual(['build_id', 'unit_id', 'result_id']);
    expect(before.unitIdTypes).toEqual(['integer']);
    // Two builds of the same two sources: four links, two paths.
    expect(before.paths).toHaveLength(2);
    expect(Object.values(before.units)).toEqual([before.paths, before.paths]);

    fs.appendFileSync(path.join(root, 'src/board.c'), '\nint board_extra(void) { return 2; }\n');
    const r = await indexProject({ root });
    expect(r.builds.map((b) => b.preprocessed)).toEqual([1, 1]);
    const after = storedUnits(root);
    expect(after.units).toEqual(before.units);
    expect(after.paths).toEqual(before.paths);
  });

  it('paths only removed builds linked are collected; those a kept build links stay', async () => {
    const { root } = await indexedFixture(['index', 'shared-units']);
    const { paths } = storedUnits(root);
    const { db } = openIndexForWrite(indexPath(root));
    const [kept] = db.prepare('SELECT variant, image FROM builds ORDER BY variant').all() as { variant: string; image: string }[];
    const writer = new IndexWriter(db);
    expect(writer.removeBuildsExcept(new Set([`${kept.variant}\u0000${kept.image}`]))).toBe(1);
    expect(db.prepare('SELECT path FROM unit_paths ORDER BY path').pluck().all()).toEqual(paths);
    expect(writer.removeBuildsExcept(new Set())).toBe(1);
    expect(db.prepare('SELECT count(*) FROM unit_paths').pluck().get()).toBe(0);
    closeIndexForWrite(db);
  });
});
