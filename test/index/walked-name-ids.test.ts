// The table indexes of a walk's names (walked-name-ids.ts): the same as looking each name up, with the names found at
// their place in the list before (over the same table) taken from there, not looked up.
import { afterEach, describe, expect, it } from 'vitest';
import { forgetWalkedNameIds, walkedNameIds } from '../../src/indexer/walked-name-ids.js';

/** A table of names with a lookup that adds new names and counts its calls. */
function table(): { names: string[]; lookup: (name: string) => number; lookups: string[] } {
  const names: string[] = [];
  const ids = new Map<string, number>();
  const lookups: string[] = [];
  const lookup = (name: string): number => {
    lookups.push(name);
    let i = ids.get(name);
    if (i === undefined) ids.set(name, (i = names.push(name) - 1));
    return i;
  };
  return { names, lookup, lookups };
}

/** A name as a string of its own (not the list before's object), as a walk's lexed names are. */
const copy = (s: string): string => Buffer.from(s, 'latin1').toString('latin1');

afterEach(() => forgetWalkedNameIds());

describe('walked name ids', () => {
  it('answers each name its index in the table, and looks up only those not at their place in the list before', () => {
    const t = table();
    const first = Array.from({ length: 30 }, (_, i) => `WALKED_NAME_${i}`);
    expect(walkedNameIds(t.names, first, t.lookup)).toEqual(first.map((_, i) => i));
    expect(t.lookups).toHaveLength(30);
    t.lookups.length = 0;
    // Five names dropped, one moved back, one new; equal strings that are other objects are found as well.
    const next = [...first.slice(0, 3), ...first.slice(4, 10), ...first.slice(15, 25).map(copy), first[3], 'WALKED_NEW', ...first.slice(25)];
    expect(walkedNameIds(t.names, next, t.lookup)).toEqual(next.map((name) => t.names.indexOf(name)));
    expect(t.lookups).toEqual([first[4], first[15], first[3], 'WALKED_NEW', first[25]]);
  });

  it('takes nothing from a list over another table, nor once forgotten', () => {
    const a = table();
    const names = ['WALKED_A', 'WALKED_B', 'WALKED_C'];
    walkedNameIds(a.names, names, a.lookup);
    const b = table();
    b.lookup('WALKED_OTHER');
    b.lookups.length = 0;
    expect(walkedNameIds(b.names, names, b.lookup)).toEqual([1, 2, 3]);
    expect(b.lookups).toEqual(names);
    forgetWalkedNameIds();
    b.lookups.length = 0;
    expect(walkedNameIds(b.names, names, b.lookup)).toEqual([1, 2, 3]);
    expect(b.lookups).toEqual(names);
  });

  it('answers as lookups do over many random lists and a growing table', () => {
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    const t = table();
    const pool = Array.from({ length: 3000 }, (_, i) => `WALKED_POOL_${i}`);
    let list = pool.slice(0, 200);
    for (let round = 0; round < 60; round++) {
      // Drop, move and add names at random, keeping them distinct.
      const out = list.filter(() => next() % 10 !== 0);
      for (let k = 0; k < 15; k++) out.splice(next() % (out.length + 1), 0, pool[next() % pool.length]);
      list = [...new Set(out)].map((name) => (next() % 3 === 0 ? copy(name) : name));
      const ids = walkedNameIds(t.names, list, t.lookup);
      expect(ids.map((i) => t.names[i])).toEqual(list);
    }
  });
});
