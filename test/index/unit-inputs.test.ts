// What a re-index reads to find the units an edit touched, counted: the stored file lists of the units' results
// come from the list kept beside the index (only results it lacks are read from the index), a broken or foreign
// list is not trusted, the lists of removed builds are deleted, and the content index's walk does not stat again the
// files the run stat'ed for the builds.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { unitInputsPath } from '../../src/indexer/unit-inputs.js';
import { readChecksummed } from '../../src/indexer/build-state-files.js';
import { parseView, viewJson } from '../../src/index/view-encodings.js';
import { viewDataJson } from '../../src/index/view-ids.js';
import { sha1 } from '../../src/model/sha1.js';
import { indexPath } from '../../src/project/config.js';
import { indexedFixture } from '../helpers/fixture-project.js';

const UNITS = 6;

async function indexedTwice(): Promise<{ root: string; unit: string; list: string }> {
  const { root, result } = await indexedFixture(['index', 'drivers-hal-cmake']);
  const b = result.builds[0];
  // A first index has no list yet: the first re-index reads every result's list from the index and keeps them.
  const first = await indexProject({ root });
  expect(first.builds[0]).toMatchObject({ unchanged: true, resultListsRead: UNITS });
  return { root, unit: path.join(root, 'src/drivers/gpio.c'), list: unitInputsPath(root, b.variant, b.image) };
}

describe('finding the units an edit touched', () => {
  it('reads no stored file list of an unchanged unit: only the result the last run wrote', async () => {
    const { root, unit, list } = await indexedTwice();
    expect(fs.existsSync(list)).toBe(true);
    const noop = await indexProject({ root });
    expect(noop.builds[0]).toMatchObject({ unchanged: true, resultListsRead: 0 });

    fs.appendFileSync(unit, '\nint gpio_one(void) { return 1; }\n');
    const edit = await indexProject({ root });
    expect(edit.builds[0]).toMatchObject({ patched: true, preprocessed: 1, parsed: 1, resultListsRead: 0 });
    // The edit linked a new result and kept its list beside the index: the next runs read none.
    fs.appendFileSync(unit, '\nint gpio_two(void) { return 2; }\n');
    const again = await indexProject({ root });
    expect(again.builds[0]).toMatchObject({ patched: true, preprocessed: 1, parsed: 1, resultListsRead: 0 });
    expect((await indexProject({ root })).builds[0]).toMatchObject({ unchanged: true, resultListsRead: 0 });
    expect((await indexProject({ root })).builds[0]).toMatchObject({ unchanged: true, resultListsRead: 0 });
  });

  it('a list that is broken, edited or of other results is not trusted: the edit is still found', async () => {
    const { root, unit, list } = await indexedTwice();
    const sum = fs.readFileSync(list, 'latin1').slice(0, 41);
    // Every index of every result pointed at the first pair: without the checksum, no unit would look dirty.
    const body = readChecksummed(list) as { pairs: [string, string][]; results: Record<string, number[]> };
    for (const k of Object.keys(body.results)) body.results[k] = body.results[k].map(() => 0);
    fs.writeFileSync(list, `${sum}${JSON.stringify(body)}`);
    fs.appendFileSync(unit, '\nint gpio_one(void) { return 1; }\n');
    const r = await indexProject({ root });
    expect(r.builds[0]).toMatchObject({ patched: true, preprocessed: 1, parsed: 1, resultListsRead: UNITS });

    fs.writeFileSync(list, 'not a list');
    expect((await indexProject({ root })).builds[0]).toMatchObject({ unchanged: true, resultListsRead: UNITS });
    // A whole list naming none of the build's results (another index's): every result is read, the edit found.
    const foreign = JSON.stringify({ format: 2, pairs: [['src/drivers/gpio.c', '0'.repeat(40)]], results: { ['f'.repeat(40)]: [0] }, lookups: [], absent: {} });
    fs.writeFileSync(list, `${sha1(foreign)}\n${foreign}`);
    fs.appendFileSync(unit, '\nint gpio_two(void) { return 2; }\n');
    expect((await indexProject({ root })).builds[0]).toMatchObject({ patched: true, preprocessed: 1, parsed: 1, resultListsRead: UNITS });
  });

  it("the content index's walk takes the builds' files as the run stat'ed them", async () => {
    const { root, unit } = await indexedTwice();
    fs.appendFileSync(unit, '\nint gpio_one(void) { return 1; }\n');
    const r = await indexProject({ root });
    const db = new Database(indexPath(root), { readonly: true });
    const buildFiles = (db.prepare("SELECT count(*) AS n FROM files WHERE path NOT LIKE '/%'").get() as { n: number }).n;
    db.close();
    // Every file a build reads inside the project was stat'ed once, by the run's file states; the walk stat'ed the rest.
    expect(r.content!.statsKnown).toBe(buildFiles);
    expect(r.content!.files).toBeGreaterThan(buildFiles);
  });

  it('the lists of a build the index no longer holds, and a killed run\'s temporary files, are deleted', async () => {
    const { root, result } = await indexedFixture(['index', 'shared-units']);
    expect(result.builds).toHaveLength(2);
    await indexProject({ root });
    const lists = result.builds.map((b) => unitInputsPath(root, b.variant, b.image));
    // The names each result's walk read are kept beside them (see unit-reads.ts), one file per build too.
    const reads = lists.map((l) => path.join(path.dirname(l), '..', 'unit-reads', path.basename(l)));
    for (const l of [...lists, ...reads]) expect(fs.existsSync(l)).toBe(true);
    const leftover = `${lists[0]}.12345.tmp`;
    fs.writeFileSync(leftover, 'half written');
    const gone = result.builds.findIndex((b) => b.variant.endsWith('b'));
    fs.rmSync(path.join(root, 'build-board-b'), { recursive: true });
    expect((await indexProject({ root })).removedBuilds).toBe(1);
    expect(fs.existsSync(lists[gone])).toBe(false);
    expect(fs.existsSync(lists[1 - gone])).toBe(true);
    expect(fs.existsSync(reads[gone])).toBe(false);
    expect(fs.existsSync(reads[1 - gone])).toBe(true);
    expect(fs.existsSync(leftover)).toBe(false);
    // A --variant run removes no build and leaves the folder as it is.
    fs.writeFileSync(leftover, 'half written');
    await indexProject({ root, variant: result.builds[1 - gone].variant });
    expect(fs.existsSync(leftover)).toBe(true);
  });

  it('a stored view read back encodes to its stored JSON (its hash is kept, not made again)', async () => {
    const { root } = await indexedFixture(['index', 'multi-board-masked']);
    const db = new Database(indexPath(root), { readonly: true });
    // As stored (a long view deflated), read back.
    const views = (db.prepare('SELECT data FROM file_views').pluck().all() as (string | Buffer)[]).map(viewDataJson);
    db.close();
    expect(views.length).toBeGreaterThan(0);
    for (const json of views) expect(viewJson(parseView(json))).toBe(json);
  });
});
