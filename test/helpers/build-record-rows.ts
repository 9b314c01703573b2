// Test helpers: the rows a build's record and files make (without ids, times and mtimes), and the same rows
// from a from-scratch index of the same tree, for tests that check a cheap re-index against a full one.
import Database from 'better-sqlite3';
import path from 'node:path';
import { expect } from 'vitest';
import { indexProject, type IndexResult } from '../../src/indexer/index-project.js';
import { indexPath } from '../../src/project/config.js';
import { buildDiagnosticRows, buildListRows } from './build-list-rows.js';
import { removeIndexFiles } from './remove-index.js';
import { replaceInFile } from './edit-file.js';

/** The rows a build's record and files make, without ids, times and mtimes. */
export function recordRows(root: string): Record<string, unknown[]> {
  const db = new Database(indexPath(root), { readonly: true });
  const all = (sql: string) => (db.prepare(sql).raw().all() as unknown[][]).map((r) => JSON.stringify(r)).sort();
  const out = {
    builds: all(
      `SELECT variant, image, fingerprint, entry_point, memory_json, memory_note, kconfig_json, linker_scripts_json, linking_json, linked_units_json, json_extract(record_inputs_json, '$.memoryDiagnostics'), json_extract(record_inputs_json, '$.map') FROM builds`,
    ),
    inputs: all("SELECT b.variant, json_extract(i.value, '$.path'), json_extract(i.value, '$.hash') FROM builds b, json_each(b.record_inputs_json, '$.files') i"),
    lists: buildListRows(db).map((r) => JSON.stringify(r)).sort(),
    diagnostics: buildDiagnosticRows(db).map((r) => JSON.stringify(r)).sort(),
    files: all(
      `SELECT b.variant, f.path, f.content_hash, p.mask_hash, p.language, bf.is_unit, bf.activity FROM build_files bf JOIN builds b ON b.id = bf.build_id
       JOIN parsed_files p ON p.id = bf.parsed_id JOIN files f ON f.id = p.file_id`,
    ),
    symbols: all(
      `SELECT b.variant, f.path, s.stable_id, s.name, s.kind, s.line, s.signature, s.docstring FROM symbols s JOIN parse_chunks sc ON sc.chunk_id = s.chunk_id JOIN build_files bf ON bf.parsed_id = sc.parsed_id
       JOIN builds b ON b.id = bf.build_id JOIN parsed_files p ON p.id = sc.parsed_id JOIN files f ON f.id = p.file_id`,
    ),
    units: all('SELECT b.variant, up.path, r.hash FROM build_units bu JOIN builds b ON b.id = bu.build_id JOIN unit_paths up ON up.id = bu.unit_id JOIN unit_results r ON r.id = bu.result_id'),
    orphanParses: all('SELECT id FROM parsed_files WHERE id NOT IN (SELECT parsed_id FROM build_files)'),
  };
  db.close();
  return out;
}

/** Rows of the index as it stands, then of a from-scratch index of the same tree (`answers` read from each too). */
export async function againFromScratch<T = undefined>(
  root: string,
  answers?: () => T,
): Promise<{ incremental: Record<string, unknown[]>; scratch: Record<string, unknown[]>; answers: { incremental: T | undefined; scratch: T | undefined } }> {
  const incremental = recordRows(root);
  const before = answers?.();
  removeIndexFiles(root);
  const full = await indexProject({ root });
  expect(full.builds.every((b) => !b.patched && !b.unchanged && !b.recordRefreshed)).toBe(true);
  return { incremental, scratch: recordRows(root), answers: { incremental: before, scratch: answers?.() } };
}

/**
 * An edit of one of the tree's files (`from` replaced by `to`), the index made again on the main thread, what `work`
 * reads of that run, and the rows checked against a from-scratch index of the edited tree.
 */
export async function editAndCompare<T>(root: string, file: string, from: string, to: string, work: (r: IndexResult) => T): Promise<T> {
  replaceInFile(path.join(root, file), from, to);
  const done = work(await indexProject({ root, workers: 0 }));
  const { incremental, scratch } = await againFromScratch(root);
  expect(incremental).toEqual(scratch);
  return done;
}
