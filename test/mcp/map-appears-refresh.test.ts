// `fw-context serve` refreshes a build whose map file appears where the build writes one, at a path the build did
// not name when indexed (the firmware linked after the index): the file watcher (or polling) sees it, also in a
// build folder that did not exist yet, the background refresh runs once, and the memory answer is then that of
// a from-scratch index. Over stdio, get_active_build reports it and ends ready with the map's usage.
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, describe, expect, it } from 'vitest';
import { runMemory } from '../../src/cli/memory-command.js';
import { readLock } from '../../src/indexer/index-lock.js';
import { indexProject } from '../../src/indexer/index-project.js';
import { FreshnessKeeper } from '../../src/mcp/keep-fresh.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { againFromScratch } from '../helpers/build-record-rows.js';
import { CLI, assertCliBuilt, copyFixtureToTemp } from '../helpers/fixture-project.js';
import { until } from '../helpers/until.js';
import { refreshedOnce } from '../helpers/keeper-refresh.js';

const keepers: FreshnessKeeper[] = [];
const clients: Client[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) await c.close().catch(() => {});
  for (const k of keepers.splice(0)) k.close();
});

/** A linked image's map: FLASH holds `text` bytes of .text. */
function mapText(text: number): string {
  return ['Memory Configuration', '', 'Name             Origin             Length             Attributes', 'FLASH            0x08000000         0x00080000         xr',
    '*default*        0x00000000         0xffffffff', '', 'Linker script and memory map', '', `.text           0x08000000      0x${text.toString(16)}`, ''].join('\n');
}

const memory = (root: string, variant: string) => JSON.parse(runMemory({ cwd: root, json: true, variant }).text) as { memory: { name: string; used?: number }[] };

/** A fixture indexed with `map` (project-relative) absent; `before` runs first (removing the fixture's map, making folders). */
async function indexedBeforeLink(fixture: string[], before: (root: string) => void = () => {}): Promise<string> {
  const root = copyFixtureToTemp(...fixture);
  writeConfig(root, DEFAULT_CONFIG);
  before(root);
  await indexProject({ root });
  return root;
}

/** A keeper watching `root` (or polling) whose first refresh ends after `link` ran: that refresh, and no second one. */
async function refreshedAfter(root: string, polling: boolean, link: () => void): Promise<void> {
  // No fill of deferred trigrams after it: the from-scratch index that follows must find the lock free.
  await refreshedOnce(keepers, root, { debounceMs: 100, pollMs: 200, polling, fillBytes: 0 }, link);
}

/** The build's memory answer, every build's rows and the answers equal those of a from-scratch index. */
async function expectAsFromScratch(root: string, variant: string, used: number): Promise<void> {
  expect(memory(root, variant).memory.find((r) => r.name === 'FLASH')?.used).toBe(used);
  const again = await againFromScratch(root, () => memory(root, variant));
  expect(again.incremental).toEqual(again.scratch);
  expect(again.answers.incremental).toEqual(again.answers.scratch);
}

const ZEPHYR_MAP = 'build-stm32f4/zephyr/zephyr.map';
const withoutZephyrMap = (root: string) => fs.rmSync(path.join(root, ZEPHYR_MAP));

describe('a map file that appears where the build writes one starts the background refresh', () => {
  for (const polling of [false, true]) {
    it(`Zephyr without build.ninja, ${polling ? 'polling' : 'the file watcher'}: the refresh reads the map`, async () => {
      assertCliBuilt();
      const root = await indexedBeforeLink(['adapters', 'zephyr-multi-board'], withoutZephyrMap);
      await refreshedAfter(root, polling, () => fs.writeFileSync(path.join(root, ZEPHYR_MAP), mapText(0x2a4)));
      await expectAsFromScratch(root, 'nucleo_f401re', 0x2a4);
    });
  }

  it('PlatformIO env never built: the watcher waits for its build folder, then sees the map in it', async () => {
    assertCliBuilt();
    const root = await indexedBeforeLink(['adapters', 'platformio-multi-env']);
    const map = path.join(root, '.pio/build/nucleo_f401re/firmware.map');
    await refreshedAfter(root, false, () => {
      fs.mkdirSync(path.dirname(map), { recursive: true });
      fs.writeFileSync(map, mapText(0x1c0));
    });
    // Once one env is built, the envs never built are no longer declared: the refresh, scoped to the build whose
    // map appeared, drops them as a from-scratch index leaves them out (every build's rows are compared).
    await expectAsFromScratch(root, 'nucleo_f401re', 0x1c0);
  });

  it('over stdio: get_active_build reports the map, the server refreshes, and answers with its usage', async () => {
    assertCliBuilt();
    const root = await indexedBeforeLink(['adapters', 'zephyr-multi-board'], withoutZephyrMap);
    // The refresh waits 1.5 s under the lock: get_active_build sees the map's reason first, then the run.
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'serve'], cwd: root, stderr: 'pipe', env: { ...process.env, FW_CONTEXT_REFRESH_HOLD_MS: '1500' } as Record<string, string> });
    const client = new Client({ name: 'fw-context-test', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    const call = async (args: Record<string, unknown>) => JSON.parse(((await client.callTool({ name: 'get_active_build', arguments: args })) as { content: { text: string }[] }).content[0].text);
    expect((await call({ variant: 'nucleo_f401re' })).status).toBe('ready');
    fs.writeFileSync(path.join(root, ZEPHYR_MAP), mapText(0x2a4));
    const stale = await call({ variant: 'nucleo_f401re' });
    expect(stale.status).toMatch(/^(reindex_needed|reindexing)$/);
    expect(stale.reindex_reasons).toEqual([expect.stringMatching(new RegExp(`^${ZEPHYR_MAP} of build nucleo_f401re/app appeared since indexing`))]);
    const after = await until(async () => {
      const st = await call({ variant: 'nucleo_f401re' });
      return st.status === 'ready' && !st.bg_reindex_running && st.last_refresh?.outcome === 'done' ? st : null;
    });
    expect(after.memory.find((r: { name: string }) => r.name === 'FLASH')?.used).toBe(0x2a4);
    // The server gone (and with it any job of its own), the index is compared with a from-scratch one.
    await clients.pop()!.close();
    await until(() => (readLock(root) === null ? true : null));
    await expectAsFromScratch(root, 'nucleo_f401re', 0x2a4);
  });
});
