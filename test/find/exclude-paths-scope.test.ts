// find leaves out what the config's [index] exclude_paths names, as the index run's content walk does: a text
// file under an excluded folder (or an excluded file) is neither listed nor read whole as unindexed, by a
// one-off call or a server's watched tree, whether the index run saw the exclusion or not.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { walkScopeOf } from '../../src/content/walk-scope.js';
import { indexProject } from '../../src/indexer/index-project.js';
import type { FindResult } from '../../src/query/find.js';
import type { FindRequest } from '../../src/query/find-request.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { copyFixtureToTemp } from '../helpers/fixture-project.js';
import { findIn, withContentIndex } from './find-fixture.js';

let root: string;
const write = (rel: string, data: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), data);
};
const EXCLUDED = { ...DEFAULT_CONFIG, excludePaths: ['third_party/legacy/', 'docs/old-notes.txt'] };

beforeEach(() => {
  root = copyFixtureToTemp('find', 'two-boards-cpp');
  fs.mkdirSync(path.join(root, '.git'));
  write('third_party/legacy/notes.txt', 'excluded_folder_token_q7\n');
  write('third_party/legacy/deep/more.md', 'excluded_folder_token_q7 again\n');
  write('docs/old-notes.txt', 'excluded_file_token_z3\n');
  write('third_party/kept.txt', 'kept_neighbour_token_k1\n');
});

const run = (req: FindRequest, keepTreeState: boolean): Promise<FindResult> => findIn(root, req, keepTreeState);

const paths = (r: FindResult) => [...new Set(r.matches.map((m) => m.path))].sort();
const indexedPaths = () => withContentIndex(root, (c) => c.files().map((f) => f.path));

/** find leaves the excluded paths out and reads no more files whole than the index defers. */
async function expectExcludedLeftOut(keep: boolean): Promise<void> {
  const deferred = withContentIndex(root, (c) => c.coverage().deferred);
  for (const token of ['excluded_folder_token_q7', 'excluded_file_token_z3']) {
    const r = await run({ query: token, target: 'content' }, keep);
    expect(r.matches).toEqual([]);
    expect(r.unindexed_files ?? 0).toBe(deferred);
  }
  expect(paths(await run({ query: 'kept_neighbour_token_k1', target: 'content' }, keep))).toEqual(['third_party/kept.txt']);
  expect(paths(await run({ query: '/legacy|old-notes/', target: 'files' }, keep))).toEqual([]);
}

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('find and the config exclude_paths', () => {
  for (const keep of [false, true]) {
    const who = keep ? 'a server session' : 'a one-off find';
    it(`${who} leaves them out when the index run excluded them`, async () => {
      writeConfig(root, EXCLUDED);
      await indexProject({ root });
      expect(indexedPaths().filter((p) => p.includes('legacy') || p.includes('old-notes'))).toEqual([]);
      await expectExcludedLeftOut(keep);
    });

    it(`${who} leaves them out once the config excludes them, before and after the next index run`, async () => {
      writeConfig(root, { ...DEFAULT_CONFIG });
      await indexProject({ root });
      expect(paths(await run({ query: 'excluded_folder_token_q7', target: 'content' }, keep))).toEqual(['third_party/legacy/deep/more.md', 'third_party/legacy/notes.txt']);
      writeConfig(root, EXCLUDED);
      // Before the index run: the index still holds the files, find leaves them out all the same.
      for (const token of ['excluded_folder_token_q7', 'excluded_file_token_z3']) expect((await run({ query: token, target: 'content' }, keep)).matches).toEqual([]);
      await indexProject({ root });
      await expectExcludedLeftOut(keep);
    });
  }
});

describe('walkScopeOf with exclude_paths', () => {
  it('skips excluded paths under the root and keeps no file a build reads there', () => {
    const builds = [{ buildDir: '/p/build', units: ['/p/src/a.c'] }];
    const read = new Set(['build/gen.h', 'build/legacy/old.h', 'ext/x.h']);
    const scope = walkScopeOf('/p', { builds, read }, ['./ext/', '/p/build/legacy', '/elsewhere/sdk', '../up']);
    expect(scope.skipped).toEqual(['build', 'ext']);
    expect(scope.kept).toEqual(['build/gen.h']);
  });
});
