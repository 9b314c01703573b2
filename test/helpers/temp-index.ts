// Empty index files for tests of what the writer stores: each in a temp folder of its own, made and closed once (a
// first index is written beside its file until closed) and opened for writing; the folders go after each test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { closeIndexForWrite, openIndexForWrite, type Db } from '../../src/index/open-index.js';

/** Registers the removal of the test's folders, and answers a maker of index files named after `prefix`. */
export function tempIndexes(prefix: string): () => { file: string; db: Db } {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  return () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
    dirs.push(dir);
    const file = path.join(dir, 'index.db');
    closeIndexForWrite(openIndexForWrite(file).db);
    return { file, db: openIndexForWrite(file).db };
  };
}
