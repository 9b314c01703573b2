// A file some indexed build reads is searched even where ripgrep's rules leave it out: a .gitignore'd build
// folder's generated headers, a vendor module in a hidden folder (as PlatformIO's .pio/libdeps). What no build
// reads there stays out, and so does the rest of the build folder; a server session sees a kept file rewritten.
import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import type { FindResult } from '../../src/query/find.js';
import type { FindRequest } from '../../src/query/find-request.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { copyFixtureToTemp } from '../helpers/fixture-project.js';
import { until } from '../helpers/until.js';
import { findIn, withContentIndex } from './find-fixture.js';

let root: string;
const write = (rel: string, data: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), data);
};

beforeEach(async () => {
  root = copyFixtureToTemp('callgraph', 'zephyr-irq');
  // A git work tree ignoring the build folder and notes/, with the vendor module moved into a hidden folder.
  fs.mkdirSync(path.join(root, '.git'));
  write('.gitignore', 'build/\nnotes/\n');
  fs.mkdirSync(path.join(root, '.deps'));
  fs.renameSync(path.join(root, 'modules'), path.join(root, '.deps/modules'));
  const db = path.join(root, 'build/compile_commands.json');
  fs.writeFileSync(db, fs.readFileSync(db, 'utf8').replaceAll(`${root}/modules/`, `${root}/.deps/modules/`));
  write('notes/todo.txt', 'ignored_notes_marker\n');
  write('.deps/modules/hal/nordic/README.txt', 'hidden_unread_marker\n');
  write('build/zephyr/zephyr.map', 'Memory Configuration build_folder_map_marker\n');
  writeConfig(root, { ...DEFAULT_CONFIG });
  await indexProject({ root });
});

const run = (req: FindRequest, keep: boolean): Promise<FindResult> => findIn(root, req, keep);
const paths = (r: FindResult) => [...new Set(r.matches.map((m) => m.path))].sort();

describe('files builds read, hidden or ignored', () => {
  it('are recorded by an index run with their trigrams; what no build reads there is not', () => {
    const all = withContentIndex(root, (c) => c.files().map((f) => f.path));
    expect(all).toContain('build/zephyr/include/generated/zephyr/autoconf.h');
    expect(all).toContain('.deps/modules/hal/nordic/nrfx/mdk/nrf52840.h');
    expect(all.filter((p) => p.startsWith('notes/') || p.endsWith('README.txt') || p.endsWith('.map'))).toEqual([]);
  });

  for (const keep of [false, true]) {
    it(`are found by find${keep ? ' in a server session' : ''}, and nothing else hidden or ignored is`, async () => {
      expect(paths(await run({ query: 'CONFIG_NUM_IRQS', target: 'content' }, keep))).toContain('build/zephyr/include/generated/zephyr/autoconf.h');
      expect(paths(await run({ query: 'UARTE0_UART0_IRQn', target: 'content' }, keep))).toContain('.deps/modules/hal/nordic/nrfx/mdk/nrf52840.h');
      expect(paths(await run({ query: 'nrf52840.h', target: 'files' }, keep))).toEqual(['.deps/modules/hal/nordic/nrfx/mdk/nrf52840.h']);
      for (const marker of ['ignored_notes_marker', 'hidden_unread_marker', 'build_folder_map_marker']) {
        expect((await run({ query: marker, target: 'content' }, keep)).matches).toEqual([]);
      }
    });
  }

  it('a server session sees a kept header in an ignored build folder rewritten', async () => {
    expect(paths(await run({ query: 'CONFIG_NUM_IRQS', target: 'content' }, true))).toContain('build/zephyr/include/generated/zephyr/autoconf.h');
    fs.appendFileSync(path.join(root, 'build/zephyr/include/generated/zephyr/autoconf.h'), '#define CONFIG_REWRITTEN_MARKER 1\n');
    write('notes/later.txt', 'CONFIG_REWRITTEN_MARKER\n');
    await until(async () => (paths(await run({ query: 'CONFIG_REWRITTEN_MARKER', target: 'content' }, true)).length ? true : null));
    expect(paths(await run({ query: 'CONFIG_REWRITTEN_MARKER', target: 'content' }, true))).toEqual(['build/zephyr/include/generated/zephyr/autoconf.h']);
  });
});
