// A file's content hash is stored once, in its files row (content_files for the content index), where freshness
// reads it: an edit that leaves a file's masked text as it was keeps its parse and brings that row up to date. A
// copy on the parse (parsed_files.content_hash) kept the first content's hash, read by nothing.
import crypto from 'node:crypto';
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { indexPath } from '../../src/project/config.js';
import { replaceInFile } from '../helpers/edit-file.js';
import { indexedSmallCorpus } from '../helpers/small-corpus.js';

describe("a file's content hash", () => {
  it('lives in files only, and an edit that masks to the same text keeps the parse and updates it', async () => {
    const { root, sampleUnit } = await indexedSmallCorpus(1);
    const rel = 'drivers/drv_0.c';
    const parseOf = () => {
      const db = new Database(indexPath(root), { readonly: true });
      const row = db.prepare('SELECT p.id AS parsed, f.content_hash AS hash FROM parsed_files p JOIN files f ON f.id = p.file_id WHERE f.path = ?').get(rel);
      const hashed = db
        .prepare("SELECT m.name FROM sqlite_master m, pragma_table_info(m.name) c WHERE m.type = 'table' AND c.name = 'content_hash' ORDER BY 1")
        .pluck()
        .all();
      db.close();
      return { row: row as { parsed: number; hash: string }, hashed };
    };
    const before = parseOf();
    expect(before.hashed).toEqual(['content_files', 'files']);
    // Board 0 is revision 1: the line under `#if CONFIG_BOARD_REV >= 2` is not compiled, and masks to an empty line.
    replaceInFile(sampleUnit, 'return CONFIG_BOARD_REV; }', 'return 2; }');
    const run = await indexProject({ root, workers: 0 });
    expect(run.builds.map((b) => b.error)).toEqual([undefined]);
    const after = parseOf();
    expect(after.row.parsed).toBe(before.row.parsed);
    expect(after.row.hash).toBe(crypto.createHash('sha1').update(fs.readFileSync(sampleUnit)).digest('hex'));
    expect(after.row.hash).not.toBe(before.row.hash);
  }, 30_000);
});
