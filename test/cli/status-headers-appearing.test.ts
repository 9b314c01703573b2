// `fw-context status` (text and --json) reports a header that appeared where units looked for it and found none
// (#include, __has_include): reindex_needed, appeared_headers naming the header, its build and units,
// header_affected_tus counting the units, and a reason naming `fw-context index`; from the index and from status's
// snapshot alike. A header in a folder no unit searches changes nothing; after `index` the build is ready again.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runStatus } from '../../src/cli/status-command.js';
import { indexProject } from '../../src/indexer/index-project.js';
import { STATE_DIR } from '../../src/project/config.js';
import { getActiveBuild } from '../../src/query/active-build.js';
import { withProject } from '../../src/query/project-context.js';
import { SNAPSHOT_FILE } from '../../src/query/status-snapshot.js';
import { indexedFixture } from '../helpers/fixture-project.js';

type Answer = { status: string; stale: boolean; header_affected_tus: number; modified_files_count: number; appeared_headers: unknown[]; reindex_reasons: string[] };

const FIXTURE = ['index', 'headers-appearing'];
const status = async (root: string): Promise<Answer> => JSON.parse((await runStatus({ cwd: root, json: true })).text);
const statusText = async (root: string): Promise<string> => (await runStatus({ cwd: root, json: false })).text;
const fromIndex = (root: string) => withProject(root, (ctx) => getActiveBuild(ctx)) as Answer;
const create = (root: string, file: string, text: string) => fs.writeFileSync(path.join(root, file), text);
/** The calls status's snapshot holds answers for (method names). */
const snapshotCalls = (root: string) => Object.keys((JSON.parse(fs.readFileSync(path.join(root, STATE_DIR, SNAPSHOT_FILE), 'utf8')) as { answers: object }).answers).map((k) => k.split(':')[0]);

describe('status after a header appears where units looked for it', () => {
  it('<absent_angle.h> created in an -I folder: reindex_needed naming it and src/main.c, from the index and from the snapshot', async () => {
    const { root } = await indexedFixture(FIXTURE);
    expect(await status(root)).toMatchObject({ status: 'ready', stale: false, header_affected_tus: 0, appeared_headers: [], reindex_reasons: [] });
    // Answered from the snapshot (the index unchanged), which keeps the build's lookups, not its units'.
    expect(snapshotCalls(root)).toContain('absentLookups');
    expect(snapshotCalls(root)).not.toContain('absentLookupUnits');
    create(root, 'include/absent_angle.h', 'int angle_decl(void);\n');
    const expected = {
      status: 'reindex_needed',
      stale: true,
      header_affected_tus: 1,
      appeared_headers: [{ file: 'include/absent_angle.h', build: 'build/app', units_count: 1, units: ['src/main.c'] }],
      reindex_reasons: [expect.stringMatching(/^include\/absent_angle\.h appeared since indexing where 1 unit\(s\) of build build\/app looked for it and found none \(src\/main\.c\);.*: run `fw-context index`$/)],
    };
    expect(await status(root)).toMatchObject(expected);
    // Again: now from the snapshot with the units recorded; the same answer as the index's own.
    expect(snapshotCalls(root)).toContain('absentLookupUnits');
    expect(await status(root)).toMatchObject(expected);
    expect(fromIndex(root)).toMatchObject(expected);
    expect(await statusText(root)).toMatch(/reindex needed because:\n {2}- include\/absent_angle\.h appeared since indexing where 1 unit\(s\)/);
    await indexProject({ root });
    expect(await status(root)).toMatchObject({ status: 'ready', stale: false, header_affected_tus: 0, appeared_headers: [], reindex_reasons: [] });
  });

  it('__has_include(<optional_feature.h>) and -include build/forced_config.h both created: two headers, two units', async () => {
    const { root } = await indexedFixture(FIXTURE);
    await status(root);
    create(root, 'include/optional_feature.h', '#define FEATURE_LEVEL 7\n');
    create(root, 'build/forced_config.h', '#define FORCED_ON 1\n');
    const answer = await status(root);
    expect(answer).toMatchObject({ status: 'reindex_needed', header_affected_tus: 2 });
    expect(answer.appeared_headers).toEqual([
      { file: 'build/forced_config.h', build: 'build/app', units_count: 1, units: ['src/plain.c'] },
      { file: 'include/optional_feature.h', build: 'build/app', units_count: 1, units: ['src/main.c'] },
    ]);
    expect(answer.reindex_reasons).toEqual([expect.stringMatching(/^build\/forced_config\.h, include\/optional_feature\.h appeared since indexing where 2 unit\(s\) of build build\/app looked for them/)]);
  });

  it('a header 3 units read looked for one: the 3 units counted once each, also once that header is edited too', async () => {
    const { root } = await indexedFixture(['index', 'carried-diagnostics']);
    create(root, 'include/absent_local.h', 'int local_in_diag(void);\n');
    const appeared = [expect.objectContaining({ file: 'include/absent_local.h', units_count: 3 })];
    expect(await status(root)).toMatchObject({ status: 'reindex_needed', header_affected_tus: 3, appeared_headers: appeared });
    // The 3 units read the edited header and looked for the new one: each counted once.
    fs.appendFileSync(path.join(root, 'include/diag.h'), 'int diag_added(void);\n');
    expect(await status(root)).toMatchObject({ modified_files_count: 1, header_affected_tus: 3, appeared_headers: appeared });
  });

  it('the same header in a folder no unit searches: ready, nothing affected', async () => {
    const { root } = await indexedFixture(FIXTURE);
    await status(root);
    create(root, 'elsewhere/absent_angle.h', 'int elsewhere_decl(void);\n');
    expect(await status(root)).toMatchObject({ status: 'ready', stale: false, header_affected_tus: 0, appeared_headers: [] });
  });
});
