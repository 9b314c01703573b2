// A build whose edited file's parse reports syntax errors (a declaration a missing header's macro leaves cut short)
// keeps the fast path when the edit leaves the report as it was (a function appended below the error), the build's
// diagnostics unchanged; an edit that moves the error (a line added above it) takes the full path, which lists it
// anew. Either way the rows and diagnostics equal those of a from-scratch index of the edited tree.
import Database from 'better-sqlite3';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { IndexResult } from '../../src/indexer/index-project.js';
import { indexPath } from '../../src/project/config.js';
import { editAndCompare } from '../helpers/build-record-rows.js';
import { buildDiagnosticRows } from '../helpers/build-list-rows.js';
import { indexedFixture } from '../helpers/fixture-project.js';

const FIXTURE = ['index', 'syntax-error-edit'];

/** The run's parses and whether its build took the fast path. */
const work = (r: IndexResult) => ({ parsed: r.parsed, patched: r.builds.every((b) => b.patched === true) });

/** An edit of `src/broken.c`, the index made again, its work, and its rows checked against a from-scratch index. */
const edited = (root: string, from: string, to: string) => editAndCompare(root, 'src/broken.c', from, to, work);

/** The build's diagnostics, as "file: message". */
function diagnostics(root: string): string[] {
  const db = new Database(indexPath(root), { readonly: true });
  try {
    return buildDiagnosticRows(db).map((d) => `${path.relative(root, String(d[1]))}: ${d[4]}`);
  } finally {
    db.close();
  }
}

describe("an edited file whose parse reports syntax errors", () => {
  it('keeps the fast path when the report stays, and takes the full path when the error moves', async () => {
    const { root } = await indexedFixture(FIXTURE);
    const report = (line: number) => [`src/broken.c: syntax errors near line ${line} (the rest of the file is indexed)`];
    expect(diagnostics(root)).toEqual(report(4));
    const end = 'int after_error(void) { return 2; }\n';
    expect(await edited(root, end, `${end}int appended(void) { return 3; }\n`)).toEqual({ parsed: 1, patched: true });
    expect(diagnostics(root)).toEqual(report(4));
    expect(await edited(root, 'int before_error(void) { return 1; }\n', 'int before_error(void) { return 1; }\nint above(void);\n')).toEqual({ parsed: 1, patched: false });
    expect(diagnostics(root)).toEqual(report(5));
  });
});
