// tree-sitter's addons load from the file node-gyp-build would choose, without node-gyp-build: the choice is its own
// wherever certainAddon answers (compared with node-gyp-build's resolve on made-up package folders), any other
// case is left to it, and a parse of both languages loads no node-gyp-build module.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addonLoads, certainAddon } from '../../src/parser/native-binding.js';
import { parseText } from '../../src/parser/tree-sitter-parser.js';
import { tempDir } from '../helpers/fixture-project.js';

const require = createRequire(import.meta.url);
const tuple = `${process.platform}-${process.arch}`;

/** A package folder holding `files` (relative paths, empty content). */
function packageWith(files: string[]): string {
  const dir = tempDir('fwc-addon-');
  fs.writeFileSync(path.join(dir, 'package.json'), '{"name":"made-up-addon"}');
  for (const f of files) {
    fs.mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    fs.writeFileSync(path.join(dir, f), '');
  }
  return dir;
}

/** node-gyp-build's own choice, or undefined when it finds none. */
function searched(dir: string): string | undefined {
  try {
    // Required here, after the parse test below has looked for it among the modules loaded.
    return (require('node-gyp-build') as { resolve: (d: string) => string }).resolve(dir);
  } catch {
    return undefined;
  }
}

describe('parsing loads tree-sitter without node-gyp-build', () => {
  it('requires the runtime and both grammars\' addons directly', () => {
    expect(parseText('int x;', 'c').count).toBeGreaterThan(1);
    expect(parseText('int y;', 'cpp').count).toBeGreaterThan(1);
    const loaded = Object.keys(require.cache);
    expect(loaded.filter((f) => f.includes(`${path.sep}node-gyp-build${path.sep}`))).toEqual([]);
    expect(loaded.filter((f) => f.endsWith('.node')).length).toBeGreaterThanOrEqual(3);
    expect(addonLoads.searched).toBe(0);
  });
});

describe('certainAddon', () => {
  afterEach(() => {
    delete process.env.PREBUILDS_ONLY;
    delete process.env.MADE_UP_ADDON_PREBUILD;
  });

  it.each([
    ['a build/Release addon', ['build/Release/obj.target/x.o', 'build/Release/binding.node', `prebuilds/${tuple}/made-up-addon.node`]],
    ['a build/Debug addon', ['build/Debug/binding.node', `prebuilds/${tuple}/made-up-addon.node`]],
    ['one untagged prebuild', [`prebuilds/${tuple}/made-up-addon.node`, `prebuilds/${process.platform}-${process.arch}+other/x.node`, 'prebuilds/other-os/made-up-addon.node']],
  ])('answers node-gyp-build\'s own choice for %s', (_, files) => {
    const dir = packageWith(files);
    const file = certainAddon(dir);
    expect(file).toBeDefined();
    expect(file).toBe(searched(dir));
  });

  it.each([
    ['tagged prebuilds', [`prebuilds/${tuple}/node.napi.glibc.node`, `prebuilds/${tuple}/node.napi.musl.node`]],
    ['one tagged prebuild', [`prebuilds/${tuple}/made-up-addon.napi.node`]],
    ['a multi-architecture folder alone', [`prebuilds/${tuple}+other/made-up-addon.node`]],
    ['no addon', ['build/Release/x.o']],
  ])('leaves %s to node-gyp-build', (_, files) => {
    expect(certainAddon(packageWith(files))).toBeUndefined();
  });

  it('leaves the search to node-gyp-build when the environment overrides it', () => {
    const dir = packageWith(['build/Release/binding.node', `prebuilds/${tuple}/made-up-addon.node`]);
    process.env.PREBUILDS_ONLY = '1';
    expect(certainAddon(dir)).toBeUndefined();
    delete process.env.PREBUILDS_ONLY;
    process.env.MADE_UP_ADDON_PREBUILD = dir;
    expect(certainAddon(dir)).toBeUndefined();
  });
});
