// The names a walk's environment read (TrackedEnv.readNames): definitions read under their name are marked rather
// than their names kept in a set, so the list must still hold every name read, once, whoever defined it.
import { describe, expect, it } from 'vitest';
import { parseDefine, type MacroDef } from '../../src/preprocessor/macro-definition.js';
import { readNameList, TrackedEnv } from '../../src/preprocessor/tracked-env.js';
import { readNameSet } from '../../src/indexer/unit-reads.js';

const def = (text: string): MacroDef => parseDefine(text, '/p/h.h', 1).def!;
const sorted = (env: TrackedEnv): string[] => [...readNameList(env.readNames())].sort();

describe('names a walk read', () => {
  it('holds names read while undefined, defined by the walk or in the starting state, each once', () => {
    const env = new TrackedEnv(new Map([['BASE', def('BASE 1')], ['UNREAD', def('UNREAD 2')]]));
    env.set('A', def('A 1'));
    env.set('B', def('B 2'));
    env.get('A');
    env.get('A');
    env.has('MISSING');
    env.get('BASE');
    env.peek('B');
    expect(sorted(env)).toEqual(['A', 'BASE', 'MISSING']);
  });

  it('reads a list of names that hold in one pass as getting each does, and reads none of a list that does not', () => {
    const base = new Map([['BASE', def('BASE 1')], ['OTHER', def('OTHER 2')]]);
    const own = def('OWN 1');
    const names = ['OWN', 'BASE', 'GONE', 'NONE'];
    const defs = [own, base.get('BASE'), undefined, undefined];
    const walk = (check: (env: TrackedEnv) => void) => {
      const env = new TrackedEnv(base);
      env.set('OWN', own);
      env.set('GONE', def('GONE 1'));
      env.delete('GONE');
      check(env);
      return { reads: sorted(env), tested: env.tested() };
    };
    const got = walk((env) => names.forEach((name) => env.get(name)));
    expect(walk((env) => expect(env.readIfSame(names, defs)).toBe(true))).toEqual(got);
    expect(got.reads).toEqual(['BASE', 'GONE', 'NONE', 'OWN']);
    expect(walk((env) => expect(env.readIfSame(['BASE', 'OTHER'], [base.get('BASE'), undefined])).toBe(false))).toEqual(walk(() => {}));
  });

  it('keeps a name read before its definition was replaced or removed', () => {
    const base = def('BASE 1');
    const env = new TrackedEnv(new Map([['BASE', base]]));
    const a = def('A 1');
    env.set('A', a);
    env.get('A');
    env.set('A', def('A 2'));
    env.get('BASE');
    env.delete('BASE');
    env.get('BASE');
    env.set('C', def('C 1'));
    env.get('C');
    env.delete('C');
    // The first definitions of A and BASE are no longer in place: their names are still read.
    expect(sorted(env)).toEqual(['A', 'BASE', 'C']);
  });

  it('does not count another environment\'s reads of shared definitions', () => {
    const shared = def('S 1');
    const first = new TrackedEnv(new Map([['S', shared]]));
    first.get('S');
    const second = new TrackedEnv(new Map([['S', shared]]));
    second.set('T', shared);
    second.get('T');
    expect(sorted(first)).toEqual(['S']);
    // A definition read under another name than its own is kept by name.
    expect(sorted(second)).toEqual(['T']);
  });

  it('notes the names a replayed header read after defining them', () => {
    const env = new TrackedEnv(new Map());
    env.set('X', def('X 1'));
    env.get('X');
    env.noteReads(['X', 'Y']);
    expect(sorted(env)).toEqual(['X', 'Y']);
  });

  it('lists the same names when a walk marks more definitions than it keeps a list of', () => {
    const n = (1 << 17) + 10;
    const base = new Map([['BASE', def('BASE 1')], ['GONE', def('GONE 1')]]);
    const env = new TrackedEnv(base);
    env.get('BASE');
    env.get('GONE');
    env.delete('GONE');
    for (let i = 0; i < n; i++) env.set(`M${i}`, def(`M${i} ${i}`));
    for (let i = 0; i < n; i += 2) env.get(`M${i}`);
    env.set('M0', def('M0 again'));
    const names = sorted(env);
    expect(names.length).toBe(Math.ceil(n / 2) + 2);
    expect(names.slice(0, 3)).toEqual(['BASE', 'GONE', 'M0']);
    expect(names.includes('M1')).toBe(false);
    expect(names.includes(`M${n - 2}`)).toBe(true);
  });

  it('answers sets of names, and none for an empty list', () => {
    expect([...readNameSet('A\nB')].sort()).toEqual(['A', 'B']);
    expect(readNameSet('').size).toBe(0);
    expect(readNameList('')).toEqual([]);
  });

  it('notes each walk\'s names for itself, walk after walk, and hands out one string for the same names', () => {
    const base = new Map([['BASE', def('BASE 1')]]);
    const walk = (extra: string[]) => {
      const env = new TrackedEnv(base);
      for (const name of ['UNDEF', 'BASE', 'UNDEF', ...extra]) env.get(name);
      env.readKnown(['KNOWN', 'BASE'], [undefined, undefined], [undefined, base.get('BASE')]);
      const out = { list: env.readNameList(), names: env.readNames(), tested: env.tested() };
      env.release();
      return out;
    };
    const first = walk([]);
    const second = walk([]);
    expect(readNameList(first.names)).toEqual(['UNDEF', 'KNOWN', 'BASE']);
    expect(first.tested).toEqual([['BASE', '\u00011'], ['KNOWN', null], ['UNDEF', null]]);
    // Equal answers: `tested` is the same array, not a copy kept by every result. (readNames hands out the same
    // string again too, but a string's identity is not observable here: this only checks its value.)
    expect(second.names).toBe(first.names);
    expect(second.tested).toBe(first.tested);
    // The list readNames joins is the same array too (a set is made of it without joining it: see unit-reads.ts).
    expect(second.list).toBe(first.list);
    expect(first.list).toEqual(['UNDEF', 'KNOWN', 'BASE']);
    const third = walk(['OTHER']);
    expect(readNameList(third.names)).toEqual(['UNDEF', 'OTHER', 'KNOWN', 'BASE']);
    expect(third.tested.map(([name]) => name)).toEqual(['BASE', 'KNOWN', 'OTHER', 'UNDEF']);
  });

  it('notes names again once released', () => {
    const env = new TrackedEnv(new Map());
    env.get('A');
    env.release();
    env.get('A');
    env.get('B');
    expect(readNameList(env.readNames())).toEqual(['A', 'B']);
    expect(env.tested()).toEqual([['A', null], ['B', null]]);
  });
});
