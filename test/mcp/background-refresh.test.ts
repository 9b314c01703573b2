// A server that keeps itself fresh: over stdio with a real SDK Client, an edit is answered at once with a
// warning and found after the background refresh, with nobody running `fw-context index`; `reindexing` is
// observed through an injected delay. Also the file watcher and polling without calls (a relink too), two
// servers on one project, and a killed server that leaves nothing blocking the next.
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, describe, expect, it } from 'vitest';
import { FreshnessKeeper } from '../../src/mcp/keep-fresh.js';
import { readLock } from '../../src/indexer/index-lock.js';
import { changedFiles } from '../../src/query/changed-files.js';
import { CLI, assertCliBuilt, indexedFixture } from '../helpers/fixture-project.js';
import { until } from '../helpers/until.js';
import { refreshedOnce } from '../helpers/keeper-refresh.js';

type Item = Record<string, any>;

interface Session {
  client: Client;
  transport: StdioClientTransport;
  call(name: string, args?: Record<string, unknown>): Promise<any>;
}

const sessions: Session[] = [];
const keepers: FreshnessKeeper[] = [];

afterEach(async () => {
  for (const s of sessions.splice(0)) await s.client.close().catch(() => {});
  for (const k of keepers.splice(0)) k.close();
});

async function serve(root: string, holdMs: number): Promise<Session> {
  assertCliBuilt();
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'serve'], cwd: root, stderr: 'pipe', env: { ...process.env, FW_CONTEXT_REFRESH_HOLD_MS: String(holdMs) } as Record<string, string> });
  const client = new Client({ name: 'fw-context-test', version: '1.0.0' });
  await client.connect(transport);
  const session: Session = {
    client,
    transport,
    async call(name, args = {}) {
      const r = (await client.callTool({ name, arguments: args })) as { content: { text: string }[] };
      return JSON.parse(r.content[0].text);
    },
  };
  sessions.push(session);
  return session;
}

const found = (answer: Item[], name: string) => answer.find((x) => x.kind && x.name === name) ?? null;

describe('fw-context serve keeps the index fresh', () => {
  it('answers an edit at once with a warning, reports reindexing, then finds the new function', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const s = await serve(root, 1500);
    expect((await s.call('get_active_build')).status).toBe('ready');
    fs.appendFileSync(path.join(root, 'src/drivers/uart.c'), '\n/** Drop what the receive FIFO holds. */\nint uart_drain_fifo(void) { return 0; }\n');

    const answer: Item[] = await s.call('search_code', { query: 'uart init' });
    expect(answer[0].warning).toMatch(/1 file\(s\) changed on disk.*src\/drivers\/uart\.c/);
    // The agent is told the server refreshes by itself (not only to run a shell command).
    expect(answer[0].warning).toMatch(/re-indexes them in the background \(`get_active_build` says when/);
    expect(answer.find((x) => x.kind)?.name).toBe('uart_init');

    const seen = new Set<string>();
    const during = await until(async () => {
      const st = await s.call('get_active_build');
      seen.add(st.status);
      return st.status === 'reindexing' ? st : null;
    });
    expect(during).toMatchObject({ bg_reindex_running: true, reindex_progress: expect.any(String), modified_files_count: 1 });

    const hit = await until(async () => found(await s.call('lookup_symbol', { name: 'uart_drain_fifo' }), 'uart_drain_fifo'));
    expect(hit).toMatchObject({ file: 'src/drivers/uart.c', docstring: 'Drop what the receive FIFO holds.' });
    const after = await until(async () => {
      const st = await s.call('get_active_build');
      return st.bg_reindex_running ? null : st;
    });
    expect(after).toMatchObject({ status: 'ready', modified_files_count: 0, last_refresh: { outcome: 'done' } });
    expect(seen.has('ready') || seen.has('reindexing')).toBe(true);
  });

  it('two servers on one project never write at once, and both answer the edit', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const a = await serve(root, 300);
    const b = await serve(root, 300);
    fs.appendFileSync(path.join(root, 'src/drivers/gpio.c'), '\nint gpio_toggle_all(void) { return 0; }\n');
    await Promise.all([a.call('search_code', { query: 'gpio' }), b.call('search_code', { query: 'gpio' })]);
    for (const s of [a, b]) await until(async () => found(await s.call('lookup_symbol', { name: 'gpio_toggle_all' }), 'gpio_toggle_all'));
    const states = await Promise.all([a, b].map(async (s) => until(async () => {
      const st = await s.call('get_active_build');
      return st.bg_reindex_running ? null : st;
    })));
    // A run that found the lock taken is retried later, never counted as a failure.
    for (const st of states) expect(st.last_refresh?.outcome ?? 'none').not.toBe('failed');
  });

  it('a killed server leaves no lock that blocks the next one', async () => {
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const first = await serve(root, 3000);
    fs.appendFileSync(path.join(root, 'src/main.c'), '\nint main_watchdog_kick(void) { return 0; }\n');
    await first.call('search_code', { query: 'main' });
    // Its refresh holds the writer lock (the injected delay runs under it) when the server is killed.
    const holder = await until(() => readLock(root));
    expect(holder.pid).not.toBe(first.transport.pid);
    process.kill(first.transport.pid!, 'SIGKILL');
    const second = await serve(root, 0);
    await until(async () => found(await second.call('lookup_symbol', { name: 'main_watchdog_kick' }), 'main_watchdog_kick'));
    await until(() => (readLock(root) === null ? true : null));
  });
});

describe('refresh without calls', () => {
  for (const polling of [false, true]) {
    it(`${polling ? 'polling' : 'the file watcher'} starts the refresh on its own`, async () => {
      assertCliBuilt();
      const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
      // One refresh, and none after it with nothing changed since.
      await refreshedOnce(keepers, root, { debounceMs: 100, pollMs: 200, polling }, () =>
        fs.appendFileSync(path.join(root, 'src/drivers/serial.c'), '\nint serial_flush_all(void) { return 0; }\n'),
      );
    });
  }

  it('a relink alone (the map file rewritten, no indexed file changed) starts the refresh that updates memory usage', async () => {
    assertCliBuilt();
    const { root } = await indexedFixture(['memory', 'cmake-stm32-map']);
    const keeper = new FreshnessKeeper({ debounceMs: 100 });
    keepers.push(keeper);
    keeper.watch(root);
    const map = path.join(root, 'build/firmware.map');
    const before = '.ccmram         0x10000000      0x100 load address 0x080001ec';
    fs.writeFileSync(map, fs.readFileSync(map, 'utf8').replace(before, before.replace(' 0x100 ', ' 0x140 ')));
    const state = await until(() => {
      const st = keeper.state(root);
      return st.lastOutcome ? st : null;
    });
    expect(state).toMatchObject({ lastOutcome: 'done', runs: 1 });
    const { getActiveBuild } = await import('../../src/query/active-build.js');
    const { withProject } = await import('../../src/query/project-context.js');
    const regions = (withProject(root, (ctx) => getActiveBuild(ctx)) as { memory: { name: string; used?: number }[] }).memory;
    expect(regions.find((r) => r.name === 'CCMRAM')?.used).toBe(0x140);
    keeper.check(root);
    expect(keeper.state(root)).toMatchObject({ running: false, runs: 1 });
  });

  it('an edit saved while a refresh runs is not lost', async () => {
    assertCliBuilt();
    const { root } = await indexedFixture(['index', 'drivers-hal-cmake']);
    const keeper = new FreshnessKeeper({ debounceMs: 50, holdMs: 500 });
    keepers.push(keeper);
    keeper.watch(root);
    const file = path.join(root, 'src/drivers/gpio.c');
    fs.appendFileSync(file, '\nint gpio_first_added(void) { return 1; }\n');
    await until(() => (keeper.state(root).running ? true : null), 20);
    fs.appendFileSync(file, '\nint gpio_second_added(void) { return 2; }\n');
    // Either the running refresh read the second edit too, or a refresh of its own follows when it ends.
    const { lookupSymbol } = await import('../../src/query/lookup-symbol.js');
    const { withProject } = await import('../../src/query/project-context.js');
    await until(() => (found(withProject(root, (ctx) => lookupSymbol(ctx, { name: 'gpio_second_added' })) as Item[], 'gpio_second_added') ? true : null));
    expect(found(withProject(root, (ctx) => lookupSymbol(ctx, { name: 'gpio_first_added' })) as Item[], 'gpio_first_added')).not.toBeNull();
    const state = await until(() => (keeper.state(root).running ? null : keeper.state(root)));
    expect(state.lastOutcome).toBe('done');
    expect(withProject(root, (ctx) => changedFiles(ctx.reader!, ctx.root))).toEqual([]);
  });
});
