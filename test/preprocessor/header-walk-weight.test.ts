// The header walk cache takes entries up to a weight (headerWalkWeight: the items of their lists), then no more: a
// build of many units reading many headers (a host build's libstdc++) held ~90 MB of recorded walks at the end of its
// walks. Inclusions past it are walked, to the same results, and an index run makes the same rows.
import { afterEach, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { SkeletonCache } from '../../src/preprocessor/file-skeleton.js';
import { HeaderWalkCache, headerWalkWeight } from '../../src/preprocessor/header-walk-cache.js';
import { ImplicitMacroProvider } from '../../src/preprocessor/implicit-macros.js';
import { preprocessBuildDetailed, type DetailedBuildResult } from '../../src/preprocessor/preprocess-build-detailed.js';
import { DEFAULT_CONFIG, writeConfig } from '../../src/project/config.js';
import { generateZephyrCorpus } from '../bench/synthetic-zephyr.js';
import { tempDir } from '../helpers/fixture-project.js';
import { indexedCodeRows } from '../helpers/indexed-code-rows.js';
import { copyFixture } from './fixture-support.js';

const saved = headerWalkWeight.max;
afterEach(() => {
  headerWalkWeight.max = saved;
});

/** A build's files and units as plain data. */
function plain(r: DetailedBuildResult): unknown {
  return {
    files: [...r.result.files.values()].map((f) => [f.file, [...f.activeLines].join(''), f.readBy]),
    macros: r.result.macros,
    units: r.units.map((u) => [u.unit.file, [...u.visits.values()].map((v) => [v.file, v.ranges]), u.diagnostics]),
  };
}

describe('header walk cache past its weight', () => {
  const fx = copyFixture('header-states');
  const provider = new ImplicitMacroProvider({ useRealCompiler: false });

  it('takes entries up to the weight, then none, and the build comes out as with every entry', () => {
    const units = fx.units('compile_commands.json');
    const unbounded = new HeaderWalkCache();
    const all = plain(preprocessBuildDetailed(units, { implicitMacros: provider, skeletons: new SkeletonCache(), headerCache: unbounded }));
    expect(unbounded.size).toBeGreaterThan(3);
    headerWalkWeight.max = Math.floor(unbounded.weight / 3);
    const bounded = new HeaderWalkCache();
    const some = plain(preprocessBuildDetailed(units, { implicitMacros: provider, skeletons: new SkeletonCache(), headerCache: bounded }));
    expect(bounded.weight).toBeLessThanOrEqual(headerWalkWeight.max);
    expect(bounded.size).toBeLessThan(unbounded.size);
    expect(bounded.recorded).toBeGreaterThan(unbounded.recorded);
    expect(some).toEqual(all);
    bounded.clear();
    expect(bounded.weight).toBe(0);
  });

  it('leaves an index run its rows', async () => {
    const roots = [tempDir(), tempDir()];
    for (const root of roots) {
      generateZephyrCorpus(root, { boards: 2, units: 20, headers: 12, functionsPerUnit: 2 });
      writeConfig(root, DEFAULT_CONFIG);
    }
    await indexProject({ root: roots[0] });
    headerWalkWeight.max = 200;
    await indexProject({ root: roots[1] });
    const a = indexedCodeRows(roots[0]);
    expect(a.symbols.length).toBeGreaterThan(100);
    expect(indexedCodeRows(roots[1])).toEqual(a);
  });
});
