// A file created where an assembler `.include` looked and found none: get_active_build, `status` and `check` name it
// with the file whose `.include` looked, and `serve`'s keeper — watching where the assembler looked, or polling —
// re-indexes once, after which the build is ready and the file's label is a symbol of the build.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runStatus } from '../../src/cli/status-command.js';
import { indexProject } from '../../src/indexer/index-project.js';
import type { FreshnessKeeper } from '../../src/mcp/keep-fresh.js';
import { getActiveBuild } from '../../src/query/active-build.js';
import { lookupSymbol } from '../../src/query/lookup-symbol.js';
import { withProject } from '../../src/query/project-context.js';
import { assertCliBuilt, indexedFixture, runCli } from '../helpers/fixture-project.js';
import { refreshedOnce } from '../helpers/keeper-refresh.js';

const keepers: FreshnessKeeper[] = [];
afterEach(() => {
  for (const k of keepers.splice(0)) k.close();
});

const INCLUDED = 'include/missing.inc';
const LABEL = '  .global inc_new\n  .type inc_new, %function\n  .thumb_func\ninc_new:\n  bx lr\n';

/** The fixture indexed with src/third.S `.include`-ing a file no folder the assembler searches holds yet. */
async function lookingForMissing(): Promise<string> {
  const { root } = await indexedFixture(['index', 'asm-include-labels']);
  fs.appendFileSync(path.join(root, 'src/third.S'), '  .include "missing.inc"\n');
  await indexProject({ root });
  return root;
}

const active = (root: string) => withProject(root, (ctx) => getActiveBuild(ctx)) as Record<string, unknown>;
const defined = (root: string, name: string) => (withProject(root, (ctx) => lookupSymbol(ctx, { name })) as { name?: string }[]).some((s) => s.name === name);

describe('a file appearing where an assembler `.include` found none', () => {
  it('get_active_build and status name it with the file whose `.include` looked; check too; ready again after index', async () => {
    const root = await lookingForMissing();
    expect(active(root)).toMatchObject({ status: 'ready', appeared_headers: [], header_affected_tus: 0 });
    fs.writeFileSync(path.join(root, INCLUDED), LABEL);
    const expected = {
      status: 'reindex_needed',
      header_affected_tus: 1,
      appeared_headers: [{ file: INCLUDED, units_count: 1, units: ['src/third.S'] }],
      reindex_reasons: [expect.stringMatching(/^include\/missing\.inc appeared since indexing where 1 unit\(s\) of build .* looked for it and found none \(src\/third\.S\);.*: run `fw-context index`$/)],
    };
    expect(active(root)).toMatchObject(expected);
    expect(JSON.parse((await runStatus({ cwd: root, json: true })).text)).toMatchObject(expected);
    const check = JSON.parse(runCli(root, ['check', '--json']).stdout) as { builds: { reasons: { code: string; file: string; message: string }[] }[] };
    expect(check.builds.flatMap((b) => b.reasons.map((r) => [r.code, r.file, r.message]))).toEqual([
      ['header_appeared', INCLUDED, 'appeared since indexing; 1 unit(s) of the build looked for it and did not find it then (src/third.S)'],
    ]);
    await indexProject({ root });
    expect(active(root)).toMatchObject({ status: 'ready', appeared_headers: [], header_affected_tus: 0 });
    expect(defined(root, 'inc_new')).toBe(true);
  });

  for (const polling of [false, true]) {
    it(`serve's keeper (${polling ? 'polling' : 'the file watcher'}): refreshed once, then ready with the file's label`, async () => {
      assertCliBuilt();
      const root = await lookingForMissing();
      await refreshedOnce(keepers, root, { debounceMs: 100, pollMs: 200, polling, fillBytes: 0 }, () => fs.writeFileSync(path.join(root, INCLUDED), LABEL));
      expect(active(root)).toMatchObject({ status: 'ready', appeared_headers: [] });
      expect(defined(root, 'inc_new')).toBe(true);
    });
  }
});
