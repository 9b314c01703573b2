// Parsing on worker threads gives the same index as parsing on the main thread: every symbol, reference
// and parse error of every file, compared row by row.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { indexPath, DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { generateZephyrCorpus } from '../bench/synthetic-zephyr.js';
import { tempDir } from '../helpers/fixture-project.js';

function dump(root: string): { symbols: unknown[]; refs: unknown[]; errors: unknown[] } {
  const db = new Database(indexPath(root), { readonly: true });
  const symbols = db
    .prepare(
      `SELECT f.path, s.stable_id, s.name, s.qualified_name, s.kind, s.line, s.end_line, s.col, s.signature, s.docstring, s.enum_value, b.text AS body
       FROM symbols s LEFT JOIN bodies b ON b.id = s.body_id JOIN parse_chunks sc ON sc.chunk_id = s.chunk_id JOIN parsed_files p ON p.id = sc.parsed_id JOIN files f ON f.id = p.file_id ORDER BY f.path, s.line, s.col, s.stable_id`,
    )
    .all();
  const refs = db.prepare('SELECT f.path, r.name, r.line, r.col, r.kind FROM refs r JOIN parse_chunks rc ON rc.chunk_id = r.chunk_id JOIN parsed_files p ON p.id = rc.parsed_id JOIN files f ON f.id = p.file_id ORDER BY f.path, r.line, r.col, r.name').all();
  const errors = db.prepare('SELECT f.path, p.parse_error FROM parsed_files p JOIN files f ON f.id = p.file_id ORDER BY f.path').all();
  db.close();
  return { symbols, refs, errors };
}

describe('parse workers', () => {
  it('index exactly what the main thread indexes', async () => {
    const roots = [tempDir(), tempDir()];
    for (const root of roots) {
      generateZephyrCorpus(root, { boards: 2, units: 60, headers: 12, functionsPerUnit: 3 });
      writeConfig(root, DEFAULT_CONFIG);
    }
    const single = await indexProject({ root: roots[0], workers: 0 });
    const pooled = await indexProject({ root: roots[1], workers: 2 });
    expect(single.parsedOnWorkers).toBe(0);
    // The main thread takes batches from the same queue; the workers, warmed while it preprocessed, take theirs.
    expect(pooled.parsedOnWorkers).toBeGreaterThan(0);
    expect(pooled.parsedOnWorkers).toBeLessThan(pooled.parsed);
    expect(pooled.parsed).toBe(single.parsed);
    const a = dump(roots[0]);
    const b = dump(roots[1]);
    expect(a.symbols.length).toBeGreaterThan(500);
    expect(b).toEqual(a);
  });
});
