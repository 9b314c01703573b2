// loadUnitSites: a stored result's language and files (with their views) read from the row's start and end equal
// what decoding the whole result gives, for every result of an indexed mixed C/C++ fixture.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { indexPath } from '../../src/project/config.js';
import { FileViewCache, loadUnitResultById, loadUnitSites } from '../../src/index/unit-result-rows.js';
import { indexedFixture } from '../helpers/fixture-project.js';

describe('loadUnitSites', () => {
  it('gives each stored result its language and files with their views, as the whole decoded result does', async () => {
    const { root } = await indexedFixture(['index', 'mixed-languages']);
    const db = new Database(indexPath(root), { readonly: true });
    try {
      const ids = db.prepare('SELECT id FROM unit_results').pluck().all() as number[];
      expect(ids.length).toBeGreaterThan(1);
      const langs = new Set<string>();
      for (const id of ids) {
        const whole = loadUnitResultById(db, id, new FileViewCache(db));
        const sites = loadUnitSites(db, id, new FileViewCache(db));
        langs.add(sites.lang);
        expect(sites.lang).toBe(whole.lang);
        expect(sites.files).toEqual(whole.files);
      }
      expect([...langs].sort()).toEqual(['c', 'cpp']);
    } finally {
      db.close();
    }
  });
});
