// Status's snapshot of the index (.fw-context/status-snapshot.json): status answers from it while index.db and
// its WAL are unchanged, exactly as it answers from the index, and still sees every edit of sources, compile
// databases and config; a changed index, other code or a damaged file sends it back to the index.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runStatus } from '../../src/cli/status-command.js';
import { indexProject } from '../../src/indexer/index-project.js';
import { DEFAULT_CONFIG, STATE_DIR, writeConfig } from '../../src/project/config.js';
import { getActiveBuild } from '../../src/query/active-build.js';
import { withProject } from '../../src/query/project-context.js';
import { SNAPSHOT_FILE } from '../../src/query/status-snapshot.js';
import { indexedFixture } from '../helpers/fixture-project.js';

interface SnapshotFile {
  answers: Record<string, string>;
  files: Record<string, [string, string]>;
}

const snapshotPath = (root: string) => path.join(root, STATE_DIR, SNAPSHOT_FILE);
const readSnapshot = (root: string) => JSON.parse(fs.readFileSync(snapshotPath(root), 'utf8')) as SnapshotFile;
/** The answer read from the SQLite index, as `fw-context status --json` prints it. */
const fromIndex = (root: string) => JSON.stringify(withProject(root, (ctx) => getActiveBuild(ctx)), null, 2);
const status = async (root: string, json = true) => (await runStatus({ cwd: root, json })).text;

/** Files older than the racy window, so that their size and mtime vouch for their content. */
function age(dir: string, past = new Date(Date.now() - 3_600_000)): void {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== STATE_DIR) age(p, past);
    } else fs.utimesSync(p, past, past);
  }
}

describe('status snapshot', () => {
  it('answers from the snapshot while the index is unchanged, and from the index once it changed', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const first = await status(root);
    expect(first).toBe(fromIndex(root));
    expect(JSON.parse(first).status).toBe('ready');
    expect(await status(root, false)).toContain('status: ready');
    // A count changed in the snapshot shows: the second status answered from it.
    const snap = readSnapshot(root);
    const countsKey = Object.keys(snap.answers).find((k) => k.startsWith('counts:'))!;
    snap.answers[countsKey] = JSON.stringify({ ...JSON.parse(snap.answers[countsKey]), symbols: 12345 });
    fs.writeFileSync(snapshotPath(root), JSON.stringify(snap));
    expect(JSON.parse(await status(root)).symbol_count).toBe(12345);
    // A re-index changes index.db: the snapshot no longer holds, status reads the index and records it again.
    fs.appendFileSync(path.join(root, 'src/drivers/gpio.c'), '\nint gpio_added_for_snapshot(void) { return 1; }\n');
    await indexProject({ root });
    const after = await status(root);
    expect(after).toBe(fromIndex(root));
    expect(JSON.parse(after).symbol_count).not.toBe(12345);
    expect(JSON.parse(readSnapshot(root).answers[countsKey]).symbols).toBe(JSON.parse(after).symbol_count);
  });

  it('still sees an edited compile database, a changed config and an edited source', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    age(root);
    await status(root);
    expect(await status(root)).toBe(fromIndex(root));
    // The compile database rewritten with the same size and its old mtime: its remembered hash no longer holds.
    const db = path.join(root, 'build/compile_commands.json');
    const before = fs.statSync(db);
    const text = fs.readFileSync(db, 'utf8');
    fs.writeFileSync(db, text.replace('"command"', '"commanD"'));
    fs.utimesSync(db, before.atime, before.mtime);
    expect(fs.statSync(db)).toMatchObject({ size: before.size, mtimeMs: before.mtimeMs });
    let s = await status(root);
    expect(s).toBe(fromIndex(root));
    expect(JSON.parse(s)).toMatchObject({ status: 'reindex_needed', reindex_needed: true });
    fs.writeFileSync(db, text);
    const configHash = JSON.parse(await status(root)).config_hash;
    writeConfig(root, { ...DEFAULT_CONFIG, vendorPaths: ['vendor'] });
    s = await status(root);
    expect(s).toBe(fromIndex(root));
    expect(JSON.parse(s).config_hash).not.toBe(configHash);
    expect(JSON.parse(s).vendor_paths).toEqual(['vendor']);
    fs.appendFileSync(path.join(root, 'src/drivers/uart.h'), '\n/* edited */\n');
    s = await status(root);
    expect(s).toBe(fromIndex(root));
    expect(JSON.parse(s)).toMatchObject({ modified_files_count: 1, modified_files: ['src/drivers/uart.h'], header_affected_tus: 2 });
  });

  it('keeps the hash of a file only once it is older than the racy window', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const db = path.join(root, 'build/compile_commands.json');
    fs.utimesSync(db, new Date(), new Date());
    await status(root);
    expect(readSnapshot(root).files[db]).toBeUndefined();
    age(root);
    await status(root);
    expect(readSnapshot(root).files[db]).toEqual([expect.any(String), expect.stringMatching(/^[0-9a-f]{40}$/)]);
  });

  it('ignores a damaged snapshot and one whose index identity differs', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    fs.writeFileSync(snapshotPath(root), '{"code": 1, "answers": ');
    expect(await status(root)).toBe(fromIndex(root));
    const snap = readSnapshot(root) as SnapshotFile & { index: string };
    snap.index = `${snap.index}x`;
    snap.answers['meta:'] = JSON.stringify({ schemaVersion: 1, rowFormatVersion: 1, indexedAt: 'never', firstIndexedAt: 'never' });
    fs.writeFileSync(snapshotPath(root), JSON.stringify(snap));
    expect(await status(root)).toBe(fromIndex(root));
  });
});
