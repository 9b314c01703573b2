// Units whose walks report diagnostics (missing headers, #warning, a #define and an #if in error) are carried over a
// header edit that keeps the directives reporting them, their diagnostics at the directives' new lines, and the build
// stays on the fast path (also when they are walked and report them at other lines); an edit of such a directive
// walks them. Either way the rows, diagnostics and their lines included, equal those of a from-scratch index of the
// edited tree.
import Database from 'better-sqlite3';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { IndexResult } from '../../src/indexer/index-project.js';
import { indexPath } from '../../src/project/config.js';
import { editAndCompare } from '../helpers/build-record-rows.js';
import { buildDiagnosticRows } from '../helpers/build-list-rows.js';
import { indexedFixture } from '../helpers/fixture-project.js';

const FIXTURE = ['index', 'carried-diagnostics'];

/** The units the run walked and carried over, and whether its build took the fast path. */
const work = (r: IndexResult) => ({ walked: r.preprocessed - r.carriedUnits, carried: r.carriedUnits, patched: r.builds.every((b) => b.patched === true) });

/** An edit of the fixture's file, the index made again, its work, and its rows checked against a from-scratch index. */
const edited = (root: string, file: string, from: string, to: string) => editAndCompare(root, file, from, to, work);

/** The build's diagnostics on `file`, as "line: message", in the build's order. */
function diagnosticsOn(root: string, file: string): string[] {
  const db = new Database(indexPath(root), { readonly: true });
  try {
    return buildDiagnosticRows(db)
      .filter((d) => d[1] === path.join(root, file))
      .map((d) => `${d[2]}: ${d[4]}`);
  } finally {
    db.close();
  }
}

/** The header's diagnostics, in the build's order, with its directives `by` lines down. */
function headerDiagnostics(by = 0): unknown[] {
  return [
    `${4 + by}: <absent_system.h>: no such file in the include path of this unit`,
    `${5 + by}: "absent_local.h": no such file in the include path of this unit`,
    `${6 + by}: #warning "diag.h is read"`,
    `${7 + by}: missing ')' in macro parameter list of "BROKEN_MACRO"`,
    expect.stringMatching(new RegExp(`^${8 + by}: .*\\(in #if\\)$`)),
  ];
}

describe('units with diagnostics carried over header edits', () => {
  it('a declaration added below the directives reporting diagnostics: every reader carried, none walked, the fast path kept', async () => {
    const { root } = await indexedFixture(FIXTURE);
    expect(diagnosticsOn(root, 'include/diag.h')).toEqual(headerDiagnostics());
    expect(await edited(root, 'include/diag.h', 'int diag_first(void);\n', 'int diag_first(void);\nint diag_added(void);\n')).toEqual({ walked: 0, carried: 3, patched: true });
    expect(diagnosticsOn(root, 'include/diag.h')).toEqual(headerDiagnostics());
  });

  it('a #define no walk reads added above them: carried, each diagnostic at its directive\'s new line; a unit\'s own file edited above its #include alike', async () => {
    const { root } = await indexedFixture(FIXTURE);
    const edit = await edited(root, 'include/diag.h', '#define DIAG_H\n', '#define DIAG_H\n#define DIAG_ABOVE 1\n\n');
    expect(edit).toEqual({ walked: 0, carried: 3, patched: true });
    expect(diagnosticsOn(root, 'include/diag.h')).toEqual(headerDiagnostics(2));
    expect(diagnosticsOn(root, 'src/one.c')).toEqual(['2: <absent_in_one.h>: no such file in the include path of this unit']);
    expect(await edited(root, 'src/one.c', '/* One. */\n', '/* One. */\nint one_above(void);\n')).toEqual({ walked: 0, carried: 1, patched: true });
    expect(diagnosticsOn(root, 'src/one.c')).toEqual(['3: <absent_in_one.h>: no such file in the include path of this unit']);
  });

  it("a declaration added above a header's #includes: its reader walked (code above them), the fast path kept, the diagnostic at its new line", async () => {
    const { root } = await indexedFixture(FIXTURE);
    expect(diagnosticsOn(root, 'include/solo.h')).toEqual(['3: <absent_solo.h>: no such file in the include path of this unit']);
    expect(await edited(root, 'include/solo.h', '#pragma once\n', '#pragma once\nint solo_above(void);\n')).toEqual({ walked: 1, carried: 0, patched: true });
    expect(diagnosticsOn(root, 'include/solo.h')).toEqual(['4: <absent_solo.h>: no such file in the include path of this unit']);
  });

  it('the directive reporting a diagnostic changed, then removed: its readers walked', async () => {
    const { root } = await indexedFixture(FIXTURE);
    expect(await edited(root, 'include/diag.h', 'int diag_first(void);\n', 'int diag_first(void);\n\n')).toEqual({ walked: 0, carried: 3, patched: true });
    expect((await edited(root, 'include/diag.h', '#warning "diag.h is read"', '#warning "diag.h is read again"')).walked).toBe(3);
    expect(diagnosticsOn(root, 'include/diag.h')[2]).toBe('6: #warning "diag.h is read again"');
    expect((await edited(root, 'include/diag.h', '#include "absent_local.h"\n', '')).walked).toBe(3);
    expect(diagnosticsOn(root, 'include/diag.h')).toHaveLength(4);
  });
});
