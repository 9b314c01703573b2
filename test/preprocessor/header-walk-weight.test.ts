// The header walk cache takes entries up to a weight (headerWalkWeight: the items of their lists): a build of many
// units reading many headers (a host build's libstdc++) held ~90 MB of recorded walks at the end of its walks. Full, it
// sweeps out the entries no walk replayed since its last sweep to take new ones. Inclusions past it are walked, to the
// same results, and an index run makes the same rows.
import { afterEach, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { SkeletonCache } from '../../src/preprocessor/file-skeleton.js';
import { HeaderWalkCache, headerWalkWeight, type HeaderEntry } from '../../src/preprocessor/header-walk-cache.js';
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

/** A recorded walk that read nothing (it holds in any state), of weight `ops`. */
function entry(ops: number): HeaderEntry {
  return { readNames: [], readDefs: [], readAll: [], onceFiles: [], onceSeen: 0, files: [], skeletons: [], depth: 0, counted: 0, ops: new Array(ops).fill(0), used: true };
}

describe('header walk cache past its weight', () => {
  it('sweeps out the entries no walk replayed since its last sweep to take a later build\'s', () => {
    headerWalkWeight.max = 1000;
    const cache = new HeaderWalkCache();
    const state = { env: new Map(), onceSeen: new Set<string>(), skeleton: () => undefined };
    const first = Array.from({ length: 100 }, (_, i) => cache.slot(`first ${i}`));
    for (const slot of first) cache.add(slot, entry(10));
    expect(cache.weight).toBe(1000);
    // A later build records walks of other headers: the first sweep finds every entry recorded since the last.
    const later = Array.from({ length: 154 }, (_, i) => cache.slot(`later ${i}`));
    for (const slot of later.slice(0, 64)) cache.add(slot, entry(10));
    expect(cache.swept).toBe(0);
    expect(cache.size).toBe(100);
    expect(later.slice(0, 64).every((slot) => cache.find(slot, state, 10) === undefined)).toBe(true);
    // Ten of the first build's walks are replayed before the next sweep: they stay, the other 90 make room.
    for (const slot of first.slice(0, 10)) expect(cache.find(slot, state, 10)).toBeDefined();
    for (const slot of later.slice(64)) cache.add(slot, entry(10));
    expect(cache.swept).toBe(90);
    expect(cache.size).toBe(100);
    expect(cache.weight).toBe(1000);
    expect(first.filter((_, i) => cache.find(cache.slot(`first ${i}`), state, 10)).length).toBe(10);
    expect(later.filter((_, i) => cache.find(cache.slot(`later ${i}`), state, 10)).length).toBe(90);
    // Every entry held was just replayed: the next sweep keeps them all, and the new walks are not taken.
    for (let i = 0; i < 64; i++) cache.add(cache.slot(`last ${i}`), entry(10));
    expect(cache.swept).toBe(90);
    expect(cache.find(cache.slot('last 0'), state, 10)).toBeUndefined();
  });

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
