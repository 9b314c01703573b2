// A run of several builds keeps its recorded header walks for the next builds to replay, and drops them between
// builds once the heap in use is past headerWalksBudget (a run of many images in many macro states would otherwise
// hold every state's walks to its end): the later builds walk their headers again and index the same rows.
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { headerWalksBudget } from '../../src/indexer/release-memory.js';
import { indexPath, DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { generateZephyrCorpus } from '../bench/synthetic-zephyr.js';
import { tempDir } from '../helpers/fixture-project.js';

function dump(root: string): Record<string, unknown[]> {
  const db = new Database(indexPath(root), { readonly: true });
  try {
    return {
      symbols: db
        .prepare(
          `SELECT f.path, s.stable_id, s.name, s.kind, s.line, s.end_line, s.col, s.signature FROM symbols s
           JOIN parsed_files p ON p.id = s.parsed_id JOIN files f ON f.id = p.file_id ORDER BY f.path, s.line, s.col, s.stable_id`,
        )
        .all(),
      refs: db.prepare('SELECT f.path, r.name, r.line, r.col, r.kind FROM refs r JOIN parsed_files p ON p.id = r.parsed_id JOIN files f ON f.id = p.file_id ORDER BY f.path, r.line, r.col, r.name').all(),
      lines: db.prepare('SELECT b.variant, f.path, s.hash FROM build_file_lines l JOIN builds b ON b.id = l.build_id JOIN files f ON f.id = l.file_id JOIN line_sets s ON s.id = l.lines_id ORDER BY 1, 2').all(),
    };
  } finally {
    db.close();
  }
}

const saved = headerWalksBudget.bytes;
afterEach(() => {
  headerWalksBudget.bytes = saved;
});

describe('recorded header walks past the heap budget', () => {
  it('are dropped between builds, and the builds after walk their headers again to the same rows', async () => {
    const roots = [tempDir(), tempDir()];
    for (const root of roots) {
      generateZephyrCorpus(root, { boards: 3, units: 20, headers: 12, functionsPerUnit: 2 });
      writeConfig(root, DEFAULT_CONFIG);
    }
    const kept = await indexProject({ root: roots[0] });
    headerWalksBudget.bytes = 0;
    const dropped = await indexProject({ root: roots[1] });
    expect(kept.headerWalks.dropped).toBeUndefined();
    // After each build but the last (the last drops them before parsing in any case).
    expect(dropped.headerWalks.dropped).toBe(2);
    expect(dropped.headerWalks.walked).toBeGreaterThanOrEqual(kept.headerWalks.walked);
    const a = dump(roots[0]);
    expect(a.symbols.length).toBeGreaterThan(100);
    expect(dump(roots[1])).toEqual(a);
  });
});
