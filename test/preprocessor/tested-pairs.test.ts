// A walk's `tested` list: the starting macros it consulted as [name, definition key] pairs sorted by name (code units),
// each pair one object for every walk that consulted the name alike, with its JSON noted for the index to store as
// the list's items (tested-items.ts; stored from them in value-lists.test.ts), and lists of any length in the same
// order as a plain sort.
import { describe, expect, it } from 'vitest';
import { parseDefine, type MacroDef } from '../../src/preprocessor/macro-definition.js';
import { TrackedEnv } from '../../src/preprocessor/tracked-env.js';
import { knownNameLookups, knownNamesForgotten, knownNamesHeld, maxKnownChars } from '../../src/preprocessor/tested-pairs.js';
import { testedItems, type TestedPair } from '../../src/model/tested-items.js';

const def = (text: string): MacroDef => parseDefine(text, '/p/h.h', 1).def!;

/** The tested list of a walk from `base` that looked up `names` in this order. */
function walk(base: Map<string, MacroDef>, names: string[]): TestedPair[] {
  const env = new TrackedEnv(base);
  for (const name of names) env.get(name);
  const tested = env.tested();
  env.release();
  return tested;
}

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

describe('tested lists', () => {
  it('shares each pair between walks that consulted the name alike, and notes its JSON', () => {
    const base = new Map([['BASE', def('BASE 1')], ['F', def('F(x) ((x) + 1)')]]);
    const first = walk(base, ['UNDEF_TSTP', 'BASE', 'F']);
    const second = walk(base, ['OTHER_TSTP', 'F', 'UNDEF_TSTP', 'BASE']);
    expect(first).toEqual([['BASE', '\u00011'], ['F', '(x)\u0001((x) + 1)'], ['UNDEF_TSTP', null]]);
    expect(second.map(([name]) => name)).toEqual(['BASE', 'F', 'OTHER_TSTP', 'UNDEF_TSTP']);
    // The same objects: one pair per name and definition, not one per walk.
    expect(second[0]).toBe(first[0]);
    expect(second[1]).toBe(first[1]);
    expect(second[3]).toBe(first[2]);
    for (const list of [first, second]) expect(testedItems(list)).toEqual(list.map((pair) => JSON.stringify(pair)));
    // Another definition under a known name: a pair of its own.
    const other = walk(new Map([['BASE', def('BASE 2')]]), ['BASE']);
    expect(other).toEqual([['BASE', '\u00012']]);
  });

  it('sorts a list that adds, drops and moves names against the list before as a plain sort does', () => {
    const lists = [
      ['TSTP_B', 'TSTP_D', 'TSTP_F', 'TSTP_H'],
      ['TSTP_B', 'TSTP_C', 'TSTP_D', 'TSTP_F', 'TSTP_H'],
      ['TSTP_A', 'TSTP_D', 'TSTP_H', 'TSTP_B'],
      ['TSTP_E', 'TSTP_D', 'TSTP_C', 'TSTP_B', 'TSTP_A', 'TSTP_G'],
    ];
    for (const names of lists) expect(walk(new Map(), names).map(([name]) => name)).toEqual([...names].sort(byCodeUnits));
  });

  it('looks up only the names not at their place in the list before: past dropped or moved names it follows that list on', () => {
    const names = Array.from({ length: 40 }, (_, i) => `TSTL_${i}`);
    walk(new Map(), names);
    // Five names dropped (more than the look-ahead), one moved back, one new.
    const next = [...names.slice(0, 2), ...names.slice(3, 10), ...names.slice(15, 30), names[2], 'TSTL_NEW', ...names.slice(30)];
    const before = knownNameLookups.count;
    expect(walk(new Map(), next).map(([name]) => name)).toEqual([...next].sort(byCodeUnits));
    // names[15] (past the dropped ones), names[2] (moved), the new name and names[30] (after the moved one); names[3] is
    // found within the look-ahead.
    expect(knownNameLookups.count - before).toBe(4);
  });

  it('sorts long lists (past the small lists packed in 32 bits) as a plain sort does', () => {
    const names = Array.from({ length: 5000 }, (_, i) => `TSTP_${(i * 7919) % 5003}_${'é'.repeat(i % 3)}`);
    const tested = walk(new Map(), names);
    expect(tested.map(([name]) => name)).toEqual([...new Set(names)].sort(byCodeUnits));
    const small = walk(new Map(), names.slice(0, 300).reverse());
    expect(small.map(([name]) => name)).toEqual(names.slice(0, 300).sort(byCodeUnits));
  });

  it('ranks names added a few at a time among many known ones, and past the cap of known names, as a plain sort does', () => {
    // A small deterministic generator: each walk consults known names and adds new ones that sort between them.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    const pool: string[] = [];
    for (let round = 0; round < 40; round++) {
      for (let k = 0; k < 1 + (round % 4); k++) pool.push(`TSTR_${next() % 100_000}_${round}`);
      const names = [...new Set(Array.from({ length: 60 }, () => pool[next() % pool.length]))];
      expect(walk(new Map(), names).map(([name]) => name)).toEqual([...names].sort(byCodeUnits));
    }
    // 120 000 names at once: more than are kept known; the walk after it ranks among the names kept.
    const many = Array.from({ length: 120_000 }, (_, i) => `TSTR_MANY_${(i * 7919) % 120_007}`);
    expect(walk(new Map(), many).map(([name]) => name)).toEqual([...new Set(many)].sort(byCodeUnits));
    const after = ['TSTR_AFTER_B', many[5], 'TSTR_AFTER_A', pool[3], many[70_000]];
    expect(walk(new Map(), after).map(([name]) => name)).toEqual([...after].sort(byCodeUnits));
  });

  it('bounds the known names by their characters across builds that consult names of their own, and sorts as before', () => {
    // Each "build" consults headers it did not find under names holding its own include folders (long, never consulted
    // again, as absentLookupName makes them) beside macros every build consults: without a bound by characters the
    // known names grow with every build.
    const bound = maxKnownChars.count;
    maxKnownChars.count = 200_000;
    try {
      const forgotten = knownNamesForgotten.count;
      const shared = Array.from({ length: 50 }, (_, i) => `TSTK_SHARED_${i}`);
      const base = new Map(shared.map((name, i) => [name, def(`${name} ${i}`)]));
      for (let build = 0; build < 60; build++) {
        const folders = `/p/variants/board_${build}/include`.repeat(20);
        const own = Array.from({ length: 40 }, (_, i) => `\u0001TSTK_h${i}.h\u0001${folders}`);
        for (let unit = 0; unit < 3; unit++) {
          const names = [...own.slice(unit), ...shared.slice(unit * 10)];
          const tested = walk(base, names);
          expect(tested.map(([name]) => name)).toEqual([...names].sort(byCodeUnits));
          expect(testedItems(tested)).toEqual(tested.map((pair) => JSON.stringify(pair)));
        }
        // What is known stays within the bound and one list's names and pairs (~60 KB here).
        expect(knownNamesHeld().chars).toBeLessThanOrEqual(maxKnownChars.count + 100_000);
      }
      // 60 builds of ~60 KB each: forgotten every few builds, not at every list.
      expect(knownNamesForgotten.count - forgotten).toBeGreaterThan(5);
      expect(knownNamesForgotten.count - forgotten).toBeLessThan(60);
    } finally {
      maxKnownChars.count = bound;
    }
  });
});

