// Lists packed against recent lists of their length (list-bases.ts): a list is a base's places when it differs at
// few of them, and a base itself otherwise; only the four most recent bases of a length are tried.
import { describe, expect, it } from 'vitest';
import { ListBases } from '../../src/model/list-bases.js';

const list = (n: number, changed: Record<number, string> = {}, tag = 'x'): string[] => Array.from({ length: n }, (_, k) => changed[k] ?? `${tag}${k}`);

describe('list bases', () => {
  it('take a first list as a base and give a later one its places, in rising order', () => {
    const bases = new ListBases<string>();
    const first = list(16);
    expect(bases.match(first)).toBeNull();
    const found = bases.match(list(16, { 9: 'a', 2: 'b' }));
    expect(found?.base).toBe(first);
    expect(found?.at).toEqual([2, 9]);
    // Another length has bases of its own.
    expect(bases.match(list(15))).toBeNull();
  });

  it('take a list differing at more than an eighth of its places and 2 as a base of its own', () => {
    const bases = new ListBases<string>();
    bases.match(list(16));
    // 16 places: at most 4 may differ.
    expect(bases.match(list(16, { 0: 'a', 1: 'b', 2: 'c', 3: 'd' }))?.at).toEqual([0, 1, 2, 3]);
    const own = list(16, { 0: 'a', 1: 'b', 2: 'c', 3: 'd', 4: 'e' });
    expect(bases.match(own)).toBeNull();
    expect(bases.match(list(16, { 0: 'a', 1: 'b', 2: 'c', 3: 'd', 4: 'e', 5: 'f' }))).toEqual({ base: own, at: [5] });
  });

  it('try the four most recent bases of a length only', () => {
    const bases = new ListBases<string>();
    const oldest = list(8, {}, 'p');
    bases.match(oldest);
    for (const tag of ['q', 'r', 's', 't']) expect(bases.match(list(8, {}, tag))).toBeNull();
    // Equal to the oldest base, which is no longer tried: a base again.
    expect(bases.match(list(8, {}, 'p'))).toBeNull();
    expect(bases.match(list(8, {}, 't'))?.at).toEqual([]);
  });
});
