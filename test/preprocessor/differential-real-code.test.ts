// The skeptic's check on real translation units: SQLite's amalgamation and the tree-sitter runtime (both
// shipped inside installed npm packages) preprocessed by fw-context and by the host gcc must agree on
// every conditional group.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDifferentialCheck } from '../../src/preprocessor/differential-check.js';
import { PROJECT_ROOT, hasTool, tempDir } from '../helpers/fixture-project.js';

const SQLITE = path.join(PROJECT_ROOT, 'node_modules/better-sqlite3/deps/sqlite3/sqlite3.c');
const TS_LIB = path.join(PROJECT_ROOT, 'node_modules/tree-sitter/vendor/tree-sitter/lib');

describe.skipIf(!hasTool('gcc') || !fs.existsSync(SQLITE) || !fs.existsSync(TS_LIB))('differential check on real C code', () => {
  it('agrees with gcc on every conditional group of sqlite3.c and the tree-sitter runtime', () => {
    const dir = tempDir();
    const units = [
      { directory: dir, file: SQLITE, arguments: ['gcc', '-O2', '-DSQLITE_THREADSAFE=1', '-DSQLITE_ENABLE_FTS5', '-DSQLITE_OMIT_LOAD_EXTENSION', '-c', SQLITE, '-o', 'sqlite3.o'] },
      ...['query.c', 'parser.c', 'lexer.c', 'stack.c'].map((f) => ({
        directory: dir,
        file: path.join(TS_LIB, 'src', f),
        arguments: ['gcc', '-std=c11', '-D_POSIX_C_SOURCE=200112L', '-D_DEFAULT_SOURCE', `-I${TS_LIB}/src`, `-I${TS_LIB}/include`, '-c', path.join(TS_LIB, 'src', f), '-o', `${f}.o`],
      })),
    ];
    const db = path.join(dir, 'compile_commands.json');
    fs.writeFileSync(db, JSON.stringify(units));
    const r = runDifferentialCheck(db);
    expect(r.units.map((u) => u.status)).toEqual(['checked', 'checked', 'checked', 'checked', 'checked']);
    expect(r.disagreements).toEqual([]);
    expect(r.totalGroups).toBeGreaterThan(5000);
    expect(r.agreementPercent).toBe(100);
  });
});
