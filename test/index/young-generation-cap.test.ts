// An index run holds V8's young generation from its start, lets its walks grow it up to youngCap and holds it there,
// and gives V8 its own growth back at its end; a young generation already past the cap is held where it is, one held
// for a large header is left as it is.
import { afterEach, describe, expect, it } from 'vitest';
import { indexProject } from '../../src/indexer/index-project.js';
import { holdHeapGrowthForText, LARGE_TEXT_CHARS, releaseHeapGrowth } from '../../src/indexer/release-memory.js';
import { capYoungGeneration, checkYoungGeneration, releaseYoungCap, youngCap, youngCapState, youngGrowthChanges, youngLooks } from '../../src/indexer/young-generation-cap.js';
import { copyFixtureToTemp } from '../helpers/fixture-project.js';

const CAP = youngCap.bytes;

describe('the young generation of an index run', () => {
  afterEach(() => {
    youngCap.bytes = CAP;
    releaseYoungCap();
    releaseHeapGrowth();
  });

  it('is held from the start, let grow by the walks while under the cap, held after them and released at the end', async () => {
    // A cap above any young generation: this test process's is under it.
    youngCap.bytes = Number.MAX_SAFE_INTEGER;
    const root = copyFixtureToTemp('index', 'drivers-hal-cmake');
    const before = youngGrowthChanges.count;
    const seen: { at: string; capped: boolean; growing: boolean; changes: number }[] = [];
    const look = (at: string) => seen.push({ at, ...youngCapState(), changes: youngGrowthChanges.count - before });
    await indexProject({ root, workers: 0, onProgress: (m) => (m.includes('preprocessing') ? look('walks') : m.includes('parsing') ? look('parse') : undefined) });
    // Before the first walk: held since the run's start.
    expect(seen[0]).toEqual({ at: 'walks', capped: true, growing: false, changes: 1 });
    // After the walks: they let it grow (under the cap) and it was held again when they ended.
    const parse = seen.find((s) => s.at === 'parse')!;
    expect(parse.capped).toBe(true);
    expect(parse.growing).toBe(false);
    expect(parse.changes).toBe(3);
    expect(youngCapState()).toEqual({ capped: false, growing: false });
    expect(youngGrowthChanges.count - before).toBe(4);
  });

  it('is looked at on asks a millisecond apart at most (a look lists every space of the heap)', () => {
    youngCap.bytes = Number.MAX_SAFE_INTEGER;
    capYoungGeneration();
    const before = youngLooks.count;
    const started = performance.now();
    for (let i = 0; i < 20_000; i++) checkYoungGeneration();
    const looks = youngLooks.count - before;
    // The first ask looks; later ones only once a millisecond has passed since the last look.
    expect(looks).toBeGreaterThanOrEqual(1);
    expect(looks).toBeLessThanOrEqual(Math.ceil(performance.now() - started) + 1);
    expect(youngCapState()).toEqual({ capped: true, growing: true });
  });

  it('is held where it is when already at or past the cap (V8 never shrinks it), left as it is when held for a large header', () => {
    youngCap.bytes = 1;
    const before = youngGrowthChanges.count;
    capYoungGeneration();
    // Held, not left to V8's growth: the walks' asks do not let it grow either.
    expect(youngCapState()).toEqual({ capped: true, growing: false });
    checkYoungGeneration();
    expect(youngCapState()).toEqual({ capped: true, growing: false });
    expect(youngGrowthChanges.count).toBe(before + 1);
    releaseYoungCap();
    expect(youngCapState()).toEqual({ capped: false, growing: false });
    expect(youngGrowthChanges.count).toBe(before + 2);
    youngCap.bytes = Number.MAX_SAFE_INTEGER;
    holdHeapGrowthForText('x'.repeat(LARGE_TEXT_CHARS + 1));
    capYoungGeneration();
    expect(youngCapState().capped).toBe(false);
    expect(youngGrowthChanges.count).toBe(before + 2);
  });
});
