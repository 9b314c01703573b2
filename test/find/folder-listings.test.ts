// The content index's walk lists only the folders changed since the last run (folder-listings.ts): an unchanged
// folder's entries come from the listing kept, its files are still stat'ed (an edit changes a file, not its folder).
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { folderListingsPath } from '../../src/indexer/update-content-index.js';
import { touchFuture } from '../helpers/fixture-project.js';
import { indexedFindFixture, withContentIndex } from './find-fixture.js';

let root: string;
const rows = (r: string) => withContentIndex(r, (c) => c.files().map((f) => [f.path, f.kind, f.contentHash, f.size]));
const listedNow = async () => (await indexProject({ root })).content!.foldersListed;

/** The project's folders (hidden ones aside) given an mtime an hour ago: older than a listing kept is trusted. */
function ageFolders(dir = root): number {
  let n = 1;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) if (e.isDirectory() && !e.name.startsWith('.')) n += ageFolders(path.join(dir, e.name));
  const past = new Date(Date.now() - 3600_000);
  fs.utimesSync(dir, past, past);
  return n;
}

beforeAll(async () => {
  root = await indexedFindFixture();
});

describe('folder listings kept between index runs', () => {
  it('lists no unchanged folder again, once its mtime is older than a listing may be trusted', async () => {
    // The fixture was just copied: its folders changed too recently for their listings to be kept.
    expect(await listedNow()).toBeGreaterThan(0);
    ageFolders();
    const walked = await listedNow();
    expect(walked).toBeGreaterThan(3);
    expect(fs.existsSync(folderListingsPath(root))).toBe(true);
    expect(await listedNow()).toBe(0);
  });

  it('still sees a file edited in an unchanged folder', async () => {
    const before = rows(root).find((r) => r[0] === 'docs/uart.md');
    fs.appendFileSync(path.join(root, 'docs', 'uart.md'), 'The folder keeps its mtime.\n');
    touchFuture(path.join(root, 'docs', 'uart.md'));
    expect(await listedNow()).toBe(0);
    const after = rows(root).find((r) => r[0] === 'docs/uart.md');
    expect(after![2]).not.toBe(before![2]);
    expect(after![3]).toBeGreaterThan(before![3] as number);
  });

  it('lists a folder again when a file is added to it or removed, and only that folder', async () => {
    fs.writeFileSync(path.join(root, 'docs', 'added.md'), 'a new page\n');
    expect(await listedNow()).toBe(1);
    expect(rows(root).map((r) => r[0])).toContain('docs/added.md');
    fs.rmSync(path.join(root, 'docs', 'added.md'));
    ageFolders();
    expect(await listedNow()).toBeGreaterThan(0);
    expect(rows(root).map((r) => r[0])).not.toContain('docs/added.md');
    expect(await listedNow()).toBe(0);
  });

  it('leaves the rows a walk listing every folder makes', async () => {
    const kept = rows(root);
    fs.rmSync(path.join(root, '.fw-context'), { recursive: true, force: true });
    await indexProject({ root });
    expect(rows(root)).toEqual(kept);
  });
});
