// Status (CLI and get_active_build) sees a build description changed since indexing without detecting again: the
// index keeps the files detection read (platformio.ini, the configs it takes in) with their size, mtime and hash.
// A touch is no change; an edit is, named, until `fw-context index`; a run over some builds keeps the others' state.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { getActiveBuild } from '../../src/query/active-build.js';
import { withProject } from '../../src/query/project-context.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { cliJson, copyFixtureToTemp, runCli } from '../helpers/fixture-project.js';

interface Status {
  status: string;
  reindex_reasons: string[];
  stale: boolean;
}

const active = (root: string) => withProject(root, (ctx) => getActiveBuild(ctx, { variant: 'board_a' })) as unknown as Status;
const statuses = (root: string) => [active(root), cliJson(root, ['status', '--variant', 'board_a']) as Status];

async function indexed(): Promise<string> {
  const root = copyFixtureToTemp('adapters', 'platformio-variants-beside-src');
  writeConfig(root, DEFAULT_CONFIG);
  await indexProject({ root });
  for (const s of statuses(root)) expect(s).toMatchObject({ status: 'ready', reindex_reasons: [], stale: false });
  return root;
}

function edit(root: string, file: string, from: string, to: string): void {
  const abs = path.join(root, file);
  const text = fs.readFileSync(abs, 'utf8');
  expect(text).toContain(from);
  fs.writeFileSync(abs, text.replace(from, to));
}

function expectStaleNaming(root: string, file: string): void {
  for (const s of statuses(root)) {
    expect(s).toMatchObject({ status: 'reindex_needed', stale: true });
    expect(s.reindex_reasons).toEqual([expect.stringMatching(new RegExp(`^${file.replace(/[./]/g, '\\$&')} changed since indexing: .*run \`fw-context index\`$`))]);
  }
}

describe('a build description changed since indexing', () => {
  it('platformio.ini touched: ready; edited: reindex_needed naming it; index clears it', async () => {
    const root = await indexed();
    const ini = path.join(root, 'platformio.ini');
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(ini, later, later);
    for (const s of statuses(root)) expect(s).toMatchObject({ status: 'ready', reindex_reasons: [] });

    edit(root, 'platformio.ini', 'framework = arduino', 'framework = arduino\nbuild_flags = -D EXTRA_FLAG=1');
    expectStaleNaming(root, 'platformio.ini');
    const text = runCli(root, ['status', '--variant', 'board_a']).stdout;
    expect(text).toMatch(/reindex needed because:\n {2}- platformio\.ini changed since indexing/);

    await indexProject({ root });
    for (const s of statuses(root)) expect(s).toMatchObject({ status: 'ready', reindex_reasons: [], stale: false });
  });

  it('a config platformio.ini takes in: named; a run over another build leaves it stale, a full run clears it', async () => {
    const root = await indexed();
    edit(root, 'variants/board_b/platformio.ini', 'build_flags = ', 'build_flags = -D BOARD_B_EXTRA=1 ');
    expectStaleNaming(root, 'variants/board_b/platformio.ini');
    await indexProject({ root, variant: 'board_a' });
    expectStaleNaming(root, 'variants/board_b/platformio.ini');
    await indexProject({ root });
    for (const s of statuses(root)) expect(s).toMatchObject({ status: 'ready', reindex_reasons: [] });
  });

  it('a run whose detection holds leaves the kept list as it was (no rewrite); a changed description rewrites it', async () => {
    const root = await indexed();
    // Files older than the racy window: detection's cache then holds them as checked when it last did.
    const past = new Date(Date.now() - 60_000);
    for (const e of fs.readdirSync(root, { recursive: true, withFileTypes: true })) if (e.isFile() && !e.parentPath.includes('.fw-context')) fs.utimesSync(path.join(e.parentPath, e.name), past, past);
    await indexProject({ root });
    const file = path.join(root, '.fw-context', 'described-from.json');
    const before = fs.statSync(file);
    await indexProject({ root });
    expect(fs.statSync(file).ino).toBe(before.ino);
    edit(root, 'platformio.ini', 'framework = arduino', 'framework = arduino\nbuild_flags = -D EXTRA_FLAG=1');
    const text = fs.readFileSync(file, 'utf8');
    await indexProject({ root });
    expect(fs.readFileSync(file, 'utf8')).not.toBe(text);
    for (const s of statuses(root)) expect(s).toMatchObject({ status: 'ready', reindex_reasons: [], stale: false });
  });
});
