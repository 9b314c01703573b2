// A header created where units looked for it and found none (an -I folder, next to the source): get_active_build over a
// real SDK client reports it (stale, appeared_headers, the units), and `serve`'s keeper — watching the folders the
// lookups searched, or polling — re-indexes once, after which the build is ready, the header's symbol is found and every
// row equals a from-scratch index. A header in a folder no unit searches starts no refresh.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FreshnessKeeper } from '../../src/mcp/keep-fresh.js';
import type { IndexReader } from '../../src/index/index-reader.js';
import { indexProject } from '../../src/indexer/index-project.js';
import { AbsentLookupsMemo } from '../../src/mcp/absent-lookups-memo.js';
import { AbsentProbe } from '../../src/model/absent-lookups.js';
import { appearedInBuild } from '../../src/query/appeared-headers.js';
import { withProject } from '../../src/query/project-context.js';
import { againFromScratch } from '../helpers/build-record-rows.js';
import { assertCliBuilt, indexedFixture } from '../helpers/fixture-project.js';
import { activeAfterRefresh, connectClient } from '../helpers/mcp-client.js';
import { refreshedOnce } from '../helpers/keeper-refresh.js';

const FIXTURE = ['index', 'headers-appearing'];
const keepers: FreshnessKeeper[] = [];
const closers: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const c of closers.splice(0)) await c();
  for (const k of keepers.splice(0)) k.close();
});

const create = (root: string, file: string, text: string) => fs.writeFileSync(path.join(root, file), text);

/** get_active_build and lookup_symbol over the in-memory transport, the server keeping no index fresh. */
async function answers(root: string): Promise<{ active: () => Promise<any>; found: (name: string) => Promise<boolean> }> {
  const mcp = await connectClient(root);
  closers.push(() => mcp.close());
  return {
    active: async () => (await mcp.call('get_active_build', {})).value,
    found: async (name) => ((await mcp.call('lookup_symbol', { name })).value as { name?: string }[]).some((s) => s.name === name),
  };
}

/** The build's rows equal those of a from-scratch index. */
async function expectAsFromScratch(root: string): Promise<void> {
  const again = await againFromScratch(root);
  expect(again.incremental).toEqual(again.scratch);
}

describe('get_active_build after a header appears where units looked for it', () => {
  it('reports it stale: appeared_headers names the header and its unit, header_affected_tus counts it, the reason names `fw-context index`', async () => {
    const { root } = await indexedFixture(FIXTURE);
    const mcp = await answers(root);
    expect(await mcp.active()).toMatchObject({ status: 'ready', stale: false, appeared_headers: [], header_affected_tus: 0 });
    create(root, 'src/absent_local.h', 'int local_decl(void);\n');
    expect(await mcp.active()).toMatchObject({
      status: 'reindex_needed',
      stale: true,
      reindex_needed: true,
      header_affected_tus: 1,
      appeared_headers: [{ file: 'src/absent_local.h', build: 'build/app', units_count: 1, units: ['src/main.c'] }],
      reindex_reasons: [expect.stringMatching(/^src\/absent_local\.h appeared since indexing .*: run `fw-context index`$/)],
    });
  });
});

describe('the background refresh follows a header that appears where units looked for it', () => {
  for (const polling of [false, true]) {
    it(`<absent_angle.h> created in the -isystem folder (no indexed file in it), ${polling ? 'polling' : 'the file watcher'}: refreshed once, then ready with its symbol`, async () => {
      assertCliBuilt();
      const { root } = await indexedFixture(FIXTURE);
      await refreshedOnce(keepers, root, { debounceMs: 100, pollMs: 200, polling, fillBytes: 0 }, () => create(root, 'include_sys/absent_angle.h', 'int angle_decl(void);\n'));
      const mcp = await answers(root);
      expect(await mcp.active()).toMatchObject({ status: 'ready', appeared_headers: [], header_affected_tus: 0 });
      expect(await mcp.found('angle_decl')).toBe(true);
      await expectAsFromScratch(root);
    });
  }

  it('the keeper reads a build\'s lookups once per state of the index: checks in between list folders only', async () => {
    const { root } = await indexedFixture(FIXTURE);
    const memo = new AbsentLookupsMemo();
    let reads = 0;
    const lookupsOf = () =>
      withProject(root, (ctx) => {
        const reader = ctx.reader!;
        const counted = { absentLookups: (id: number) => (reads++, reader.absentLookups(id)), absentLookupUnits: (id: number) => reader.absentLookupUnits(id) } as unknown as IndexReader;
        return appearedInBuild(memo.over(root, counted), root, reader.builds()[0]!, new AbsentProbe()).map((h) => h.file);
      });
    expect([lookupsOf(), lookupsOf()]).toEqual([[], []]);
    create(root, 'include_sys/absent_angle.h', 'int angle_decl(void);\n');
    expect(lookupsOf()).toEqual(['include_sys/absent_angle.h']);
    expect(reads).toBe(1);
    await indexProject({ root });
    expect(lookupsOf()).toEqual([]);
    expect(reads).toBe(2);
  });

  it('a header in a folder no unit searches: the watcher sees nothing to do, no refresh runs', async () => {
    const { root } = await indexedFixture(FIXTURE);
    const keeper = new FreshnessKeeper({ debounceMs: 50, pollMs: 100, polling: true, fillBytes: 0 });
    keepers.push(keeper);
    keeper.watch(root);
    create(root, 'elsewhere/absent_angle.h', 'int elsewhere_decl(void);\n');
    keeper.check(root);
    expect(keeper.state(root)).toMatchObject({ running: false, runs: 0 });
  });

  it("over the SDK client with `serve`'s keeper watching: the header created next to the unit is indexed without a call to index", async () => {
    assertCliBuilt();
    const { root } = await indexedFixture(FIXTURE);
    const mcp = await connectClient(root, { debounceMs: 100, pollMs: 200, fillBytes: 0 });
    closers.push(() => mcp.close());
    expect((await mcp.call('get_active_build', {})).value.status).toBe('ready');
    create(root, 'src/absent_local.h', 'int local_decl(void);\n');
    const after = await activeAfterRefresh(mcp);
    expect(after).toMatchObject({ appeared_headers: [], header_affected_tus: 0, last_refresh: { runs: 1 } });
    expect((await mcp.call('lookup_symbol', { name: 'local_decl' })).value.some((s: { name?: string }) => s.name === 'local_decl')).toBe(true);
  });
});
