// `fw-context serve` refreshes a build reconfigured without an indexed file changing: another --defsym in
// build.ninja's link edge or link.txt, another -D in the compile database. The keeper (watching or polling, no
// calls) runs the refresh once, and get_active_build over a real SDK client is ready with the new record.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BuildInputsCheck } from '../../src/mcp/build-inputs.js';
import { FreshnessKeeper } from '../../src/mcp/keep-fresh.js';
import { getActiveBuild } from '../../src/query/active-build.js';
import { withProject } from '../../src/query/project-context.js';
import { assertCliBuilt } from '../helpers/fixture-project.js';
import { indexedLinkFixture, LINK_TXT, NINJA } from '../helpers/link-command-fixture.js';
import { activeAfterRefresh, connectClient, type ToolCaller } from '../helpers/mcp-client.js';
import { refreshedOnce } from '../helpers/keeper-refresh.js';

const DB = 'build/compile_commands.json';

const keepers: FreshnessKeeper[] = [];
const closers: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const c of closers.splice(0)) await c();
  for (const k of keepers.splice(0)) k.close();
  vi.restoreAllMocks();
});

function edit(root: string, file: string, from: string, to: string): void {
  const abs = path.join(root, file);
  const text = fs.readFileSync(abs, 'utf8');
  expect(text).toContain(from);
  fs.writeFileSync(abs, text.split(from).join(to));
}

const reasons = (root: string) => (withProject(root, (ctx) => getActiveBuild(ctx)) as { reindex_reasons: string[] }).reindex_reasons;

/** `file` edited as `from` -> `to`: status names it at once; the keeper refreshes once on its own. */
async function refreshedAfterEdit(root: string, polling: boolean, file: string, from: string, to: string): Promise<void> {
  await refreshedOnce(keepers, root, { debounceMs: 100, pollMs: 200, polling, fillBytes: 0 }, () => {
    edit(root, file, from, to);
    expect(reasons(root)).toEqual([expect.stringContaining(file)]);
  });
}

async function client(root: string): Promise<ToolCaller> {
  const mcp = await connectClient(root);
  closers.push(() => mcp.close());
  return mcp;
}

/** get_active_build is ready and the linker-script symbol took the new --defsym. */
async function expectReadyWithStack(root: string, value: string): Promise<void> {
  const mcp = await client(root);
  expect((await mcp.call('get_active_build', {})).value).toMatchObject({ status: 'ready', reindex_reasons: [] });
  const found = (await mcp.call('lookup_symbol', { name: '_Min_Stack_Size' })).value as { name?: string; docstring?: string }[];
  expect(found.find((s) => s.name === '_Min_Stack_Size')?.docstring).toBe(`value ${value}`);
}

describe('the background refresh follows a changed link command or compile database', () => {
  for (const polling of [false, true]) {
    it(`another --defsym in build.ninja's link edge, ${polling ? 'polling' : 'the file watcher'}: refreshed, then ready with it`, async () => {
      assertCliBuilt();
      const root = await indexedLinkFixture();
      await expectReadyWithStack(root, '0x800');
      await refreshedAfterEdit(root, polling, NINJA, '__stack_size__=0x800', '__stack_size__=0x1000');
      await expectReadyWithStack(root, '0x1000');
    });
  }

  it('another --defsym in link.txt (no build.ninja), the file watcher: refreshed, then ready with it', async () => {
    assertCliBuilt();
    const root = await indexedLinkFixture(true);
    await refreshedAfterEdit(root, false, LINK_TXT, '__stack_size__=0x800', '__stack_size__=0x1000');
    await expectReadyWithStack(root, '0x1000');
  });

  it('another -D in the compile database, polling: refreshed, then ready with the define', async () => {
    assertCliBuilt();
    const root = await indexedLinkFixture();
    await refreshedAfterEdit(root, true, DB, '-DUSE_HAL_DRIVER ', '-DUSE_HAL_DRIVER -DBOARD_REV=2 ');
    const active = (await (await client(root)).call('get_active_build', {})).value;
    expect(active).toMatchObject({ status: 'ready', reindex_reasons: [], defines: expect.objectContaining({ BOARD_REV: '2' }) });
  });

  it('over the SDK client with `serve`s keeper: get_active_build names build.ninja, then is ready with the new --defsym', async () => {
    assertCliBuilt();
    const root = await indexedLinkFixture();
    const mcp = await connectClient(root, { debounceMs: 100, pollMs: 200, polling: true, fillBytes: 0 });
    closers.push(() => mcp.close());
    edit(root, NINJA, '__stack_size__=0x800', '__stack_size__=0x1000');
    expect((await mcp.call('get_active_build', {})).value.reindex_reasons).toEqual([expect.stringContaining(`changed in ${NINJA} since indexing`)]);
    const after = await activeAfterRefresh(mcp);
    expect(after.reindex_reasons).toEqual([]);
    await expectReadyWithStack(root, '0x1000');
  });
});

describe('BuildInputsCheck', () => {
  it('reads build.ninja once per size and mtime it takes, none while they are as indexed', async () => {
    const root = await indexedLinkFixture();
    const build = () => withProject(root, (ctx) => ctx.reader!.builds()[0]!);
    const check = new BuildInputsCheck();
    const reads = vi.spyOn(fs, 'readFileSync');
    const ninjaReads = () => reads.mock.calls.filter(([f]) => String(f).endsWith(NINJA)).length;
    // As indexed: nothing read.
    expect(check.changed(root, build())).toEqual([]);
    expect(check.changed(root, build())).toEqual([]);
    expect(ninjaReads()).toBe(0);
    // Rewritten around the same link edge: no change, read once.
    const before = ninjaReads();
    fs.appendFileSync(path.join(root, NINJA), '\n# regenerated\n');
    for (let i = 0; i < 3; i++) expect(check.changed(root, build())).toEqual([]);
    expect(ninjaReads() - before).toBe(1);
    edit(root, NINJA, '__stack_size__=0x800', '__stack_size__=0x1000');
    const edited = ninjaReads();
    // Another link edge: changed, read once.
    expect(check.changed(root, build())).toEqual([path.join(root, NINJA)]);
    expect(check.changed(root, build())).toEqual([path.join(root, NINJA)]);
    expect(ninjaReads() - edited).toBe(1);
  });
});
