// A header that units looked for and did not find (#include "…", #include <…>, #include_next, __has_include) created
// after a first index: `check` reports the build stale naming it, and `index` walks the units that looked for it, its
// rows then equal those of a from-scratch index (the header read, its symbols present, #if decisions made with it). A
// header created in a folder no unit searches changes nothing; a unit carried over an edit keeps its lookups; a file
// the command line forces (-include) counts as such a header.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexProject, type IndexResult } from '../../src/indexer/index-project.js';
import { indexPath } from '../../src/project/config.js';
import { againFromScratch } from '../helpers/build-record-rows.js';
import { replaceInFile } from '../helpers/edit-file.js';
import { indexedFixture, runCli } from '../helpers/fixture-project.js';

const FIXTURE = ['index', 'headers-appearing'];

/** What `check --json` says of the fixture's one build: its status and the files and codes of its reasons. */
function checked(root: string): { status: string; reasons: [string, string][] } {
  const r = JSON.parse(runCli(root, ['check', '--json']).stdout) as { builds: { status: string; reasons: { code: string; file: string }[] }[] };
  return { status: r.builds[0]!.status, reasons: r.builds[0]!.reasons.map((x) => [x.code, x.file]) };
}

/** The units walked by a run and whether its build was found unchanged. */
const work = (r: IndexResult) => ({ walked: r.preprocessed - r.carriedUnits, unchanged: r.builds.every((b) => b.unchanged === true) });

/** The names of the build's symbols. */
function symbolNames(root: string): string[] {
  const db = new Database(indexPath(root), { readonly: true });
  try {
    return (db.prepare('SELECT DISTINCT name FROM symbols ORDER BY name').pluck().all() as string[]);
  } finally {
    db.close();
  }
}

/** Creates `file` under the fixture's root. */
const create = (root: string, file: string, text: string) => fs.writeFileSync(path.join(root, file), text);

/** Indexes again, checks the rows against a from-scratch index, and answers the run's work. */
async function indexAndCompare(root: string): Promise<ReturnType<typeof work>> {
  const done = work(await indexProject({ root, workers: 0 }));
  const { incremental, scratch } = await againFromScratch(root);
  expect(incremental).toEqual(scratch);
  return done;
}

describe('headers that appear where units looked for them', () => {
  it('"absent_local.h" created next to the unit: check names it, index walks that unit alone, rows equal a fresh index', async () => {
    const { root } = await indexedFixture(FIXTURE);
    expect(checked(root)).toEqual({ status: 'ok', reasons: [] });
    create(root, 'src/absent_local.h', 'int local_decl(void);\n');
    expect(checked(root)).toEqual({ status: 'stale', reasons: [['header_appeared', 'src/absent_local.h']] });
    expect(await indexAndCompare(root)).toEqual({ walked: 1, unchanged: false });
    expect(symbolNames(root)).toContain('local_decl');
    expect(checked(root)).toEqual({ status: 'ok', reasons: [] });
  });

  it('a header created in a folder no unit searches: check ok, the build unchanged', async () => {
    const { root } = await indexedFixture(FIXTURE);
    create(root, 'elsewhere/absent_local.h', 'int elsewhere_decl(void);\n');
    create(root, 'elsewhere/absent_angle.h', 'int elsewhere_decl(void);\n');
    expect(checked(root)).toEqual({ status: 'ok', reasons: [] });
    expect(work(await indexProject({ root, workers: 0 }))).toEqual({ walked: 0, unchanged: true });
  });

  it('<absent_angle.h> created in a system folder of the units (-isystem): stale, then indexed as a fresh index would', async () => {
    const { root } = await indexedFixture(FIXTURE);
    create(root, 'include_sys/absent_angle.h', 'int angle_decl(void);\n');
    expect(checked(root)).toEqual({ status: 'stale', reasons: [['header_appeared', 'include_sys/absent_angle.h']] });
    expect(await indexAndCompare(root)).toEqual({ walked: 1, unchanged: false });
    expect(symbolNames(root)).toContain('angle_decl');
  });

  it('__has_include(<optional_feature.h>) now true: the #if takes the other branch', async () => {
    const { root } = await indexedFixture(FIXTURE);
    expect(symbolNames(root)).toContain('feature_missing');
    create(root, 'include/optional_feature.h', '#define FEATURE_LEVEL 7\nint feature_decl(void);\n');
    expect(checked(root).reasons).toEqual([['header_appeared', 'include/optional_feature.h']]);
    expect(await indexAndCompare(root)).toEqual({ walked: 1, unchanged: false });
    expect(symbolNames(root)).toEqual(expect.arrayContaining(['feature_present', 'feature_decl']));
    expect(symbolNames(root)).not.toContain('feature_missing');
  });

  it('#include_next <wrapped.h> finds the wrapped header created past the wrapper\'s folder', async () => {
    const { root } = await indexedFixture(FIXTURE);
    create(root, 'include_sys/wrapped.h', 'int wrapped_decl(void);\n');
    expect(checked(root).reasons).toEqual([['header_appeared', 'include_sys/wrapped.h']]);
    expect(await indexAndCompare(root)).toEqual({ walked: 1, unchanged: false });
    expect(symbolNames(root)).toContain('wrapped_decl');
  });

  it('a file the command line forces (-include) created: check names it, the unit reads it', async () => {
    const { root } = await indexedFixture(FIXTURE);
    create(root, 'build/forced_config.h', '#define FORCED_ON 1\n');
    expect(checked(root).reasons).toEqual([['header_appeared', 'build/forced_config.h']]);
    expect(await indexAndCompare(root)).toEqual({ walked: 1, unchanged: false });
    expect(symbolNames(root)).toContain('forced_fn');
  });

  it('a header #included by a header every unit reads (its walk replayed for all but the first): every reader walked', async () => {
    const { root } = await indexedFixture(['index', 'carried-diagnostics']);
    create(root, 'include/absent_local.h', 'int local_in_diag(void);\n');
    const reasons = JSON.parse(runCli(root, ['check', '--json']).stdout).builds[0].reasons as { code: string; file: string; message: string }[];
    expect(reasons.map((r) => [r.code, r.file, r.message.replace(/ \(.*/, '')])).toEqual([['header_appeared', 'include/absent_local.h', 'appeared since indexing; 3 unit(s) of the build looked for it and did not find it then']]);
    expect(await indexAndCompare(root)).toEqual({ walked: 3, unchanged: false });
    expect(symbolNames(root)).toContain('local_in_diag');
  });

  it('a unit carried over an edit keeps its lookup: the header created after it is found', async () => {
    const { root } = await indexedFixture(FIXTURE);
    replaceInFile(path.join(root, 'src/other.c'), 'int other_entry(void) { return 2; }\n', 'int other_entry(void) { return 2; }\nint other_added(void) { return 4; }\n');
    const edit = await indexProject({ root, workers: 0 });
    expect({ patched: edit.builds[0]!.patched, carried: edit.carriedUnits }).toEqual({ patched: true, carried: 1 });
    create(root, 'src/other_missing.h', 'int other_missing_decl(void);\n');
    expect(checked(root).reasons).toEqual([['header_appeared', 'src/other_missing.h']]);
    expect(await indexAndCompare(root)).toEqual({ walked: 1, unchanged: false });
    expect(symbolNames(root)).toEqual(expect.arrayContaining(['other_added', 'other_missing_decl']));
  });
});
