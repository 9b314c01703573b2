// find and the content index leave out the build folders of the indexed builds except the files a build reads
// there (generated headers, a generated source the build compiles, its linker script), and object files,
// archives and ELF images everywhere: an index run does not read or record them, find (a one-off call and a
// server's watched tree) neither lists nor reads them, and a kept file rewritten in a build folder is seen.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { walkScopeOf } from '../../src/content/walk-scope.js';
import { indexProject } from '../../src/indexer/index-project.js';
import type { FindResult } from '../../src/query/find.js';
import type { FindRequest } from '../../src/query/find-request.js';
import { openProject } from '../../src/query/project-context.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { copyFixtureToTemp } from '../helpers/fixture-project.js';
import { until } from '../helpers/until.js';
import { findIn, withContentIndex } from './find-fixture.js';

let root: string;
const write = (rel: string, data: string | Buffer) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), data);
};
const ELF = Buffer.concat([Buffer.from('\x7fELF\x01\x01\x01\0\0\0'), Buffer.from('uart_isr_marker\0')]);

beforeEach(async () => {
  root = copyFixtureToTemp('callgraph', 'zephyr-irq');
  writeConfig(root, { ...DEFAULT_CONFIG });
  // What a build leaves in its folder beside what it reads, and prebuilt objects in the source tree.
  write('build/zephyr/CMakeFiles/zephyr.dir/isr_tables.c.obj', ELF);
  write('build/zephyr/CMakeFiles/zephyr.dir/isr_tables.c.obj.d', 'isr_tables.c.obj: build_folder_dep_marker\n');
  write('build/zephyr/libzephyr.a', Buffer.concat([Buffer.from('!<arch>\n'), ELF]));
  write('build/zephyr/zephyr.elf', ELF);
  write('build/zephyr/zephyr.map', 'Memory Configuration build_folder_map_marker\n');
  write('modules/hal/nordic/lib/libnrf_prebuilt.a', Buffer.concat([Buffer.from('!<arch>\n'), ELF]));
  write('modules/hal/nordic/lib/startup.o', ELF);
  await indexProject({ root });
});

const sessions: ReturnType<typeof openProject>[] = [];
afterEach(() => {
  for (const s of sessions.splice(0)) s.close();
});

const run = (req: FindRequest, keepTreeState = false): Promise<FindResult> => findIn(root, req, keepTreeState);

const indexedPaths = () => withContentIndex(root, (c) => c.files().map((f) => f.path));
const paths = (r: FindResult) => [...new Set(r.matches.map((m) => m.path))].sort();

describe('build folders and object files in the content index and find', () => {
  it('an index run records, of the build folder, only the files the build reads, and no object file anywhere', () => {
    const all = indexedPaths();
    // The Kconfig output .config is read for the build's record: kept although hidden.
    expect(all.filter((p) => p.startsWith('build/'))).toEqual([
      'build/zephyr/.config',
      'build/zephyr/include/generated/zephyr/autoconf.h',
      'build/zephyr/include/generated/zephyr/devicetree_generated.h',
      'build/zephyr/isr_tables.c',
      'build/zephyr/linker.cmd',
    ]);
    expect(all.filter((p) => /\.(o|obj|a|elf)$/.test(p))).toEqual([]);
    expect(all).toContain('app/src/main.c');
    expect(all).toContain('README.md');
  });

  for (const keep of [false, true]) {
    it(`find${keep ? ' in a server session' : ''} finds generated headers and leaves the rest of the build folder and objects out`, async () => {
      expect(paths(await run({ query: 'CONFIG_NUM_IRQS', target: 'content' }, keep))).toContain('build/zephyr/include/generated/zephyr/autoconf.h');
      // Read whole: the text files no build reads (README.md), none of the build folder.
      const deferred = withContentIndex(root, (c) => c.coverage().deferred);
      for (const marker of ['build_folder_dep_marker', 'build_folder_map_marker', 'uart_isr_marker']) {
        const r = await run({ query: marker, target: 'content' }, keep);
        expect(r.matches).toEqual([]);
        expect(r.unindexed_files ?? 0).toBe(deferred);
      }
      expect(paths(await run({ query: '/\\.(o|obj|a|elf|d|ninja)$/', target: 'files' }, keep))).toEqual([]);
      expect(paths(await run({ query: 'linker.cmd', target: 'files' }, keep))).toEqual(['build/zephyr/linker.cmd']);
    });
  }

  it('a server session sees a kept generated header rewritten, and not new objects in the build folder', async () => {
    const first = await run({ query: 'CONFIG_NUM_IRQS', target: 'content' }, true);
    expect(paths(first)).toContain('build/zephyr/include/generated/zephyr/autoconf.h');
    const header = path.join(root, 'build/zephyr/include/generated/zephyr/autoconf.h');
    fs.appendFileSync(header, '#define CONFIG_REWRITTEN_MARKER 1\n');
    write('build/zephyr/CMakeFiles/zephyr.dir/new_unit.c.obj', ELF);
    write('build/zephyr/CMakeFiles/zephyr.dir/new_unit.c.obj.d', 'new_unit.c.obj: build_folder_dep_marker\n');
    await until(async () => (paths(await run({ query: 'CONFIG_REWRITTEN_MARKER', target: 'content' }, true)).length ? true : null));
    const r = await run({ query: 'build_folder_dep_marker', target: 'content' }, true);
    expect(r.matches).toEqual([]);
    expect(paths(await run({ query: 'new_unit', target: 'files' }, true))).toEqual([]);
  });
});

describe('walkScopeOf', () => {
  it('skips out-of-source build folders under the root, keeps the files builds read', () => {
    const builds = [
      { buildDir: '/p/build', units: ['/p/src/a.c', '/p/build/gen.c'] },
      { buildDir: '/p/build/sub', units: ['/p/src/a.c'] },
      { buildDir: '/p/app', units: ['/p/app/main.c'] },
      { buildDir: '/p', units: ['/p/main.c'] },
      { buildDir: '/elsewhere/build', units: ['/p/src/a.c'] },
    ];
    const scope = walkScopeOf('/p', { builds, read: new Set(['src/a.c', 'build/gen.c', 'build/sub/g.h', 'app/main.c']) });
    expect(scope.skipped).toEqual(['build']);
    // Every file some build reads is kept (listed even where hidden or ignored); those in build folders are listed there.
    expect(scope.kept).toEqual(['app/main.c', 'build/gen.c', 'build/sub/g.h', 'src/a.c']);
    expect([...scope.keptSet].sort()).toEqual(scope.kept);
  });
});
