// The run's masks by activity: a key kept answers its mask hash, one the run did not make is asked of the stored
// builds (and kept), and the memo holds no more than its bound of characters (past it, it starts again).
import { describe, expect, it } from 'vitest';
import { MaskMemo } from '../../src/indexer/mask-memo.js';

const KEY = 'a'.repeat(40);

describe('MaskMemo', () => {
  it('answers a kept key by path, language and activity alike', () => {
    const memo = new MaskMemo();
    memo.keep('src/a.c', 'c', KEY, 'm1');
    expect(memo.find('src/a.c', 'c', KEY)).toBe('m1');
    expect(memo.find('src/b.c', 'c', KEY)).toBeUndefined();
    expect(memo.find('src/a.c', 'cpp', KEY)).toBeUndefined();
    expect(memo.find('src/a.c', 'c', `${KEY}:u1`)).toBeUndefined();
  });

  it('asks the stored builds for a key it does not hold, once', () => {
    const asked: string[] = [];
    const memo = new MaskMemo((path, language, activity) => (asked.push(path), path === 'src/a.c' && language === 'c' && activity === KEY ? 'm2' : undefined));
    expect(memo.find('src/a.c', 'c', KEY)).toBe('m2');
    expect(memo.find('src/a.c', 'c', KEY)).toBe('m2');
    expect(memo.find('src/b.c', 'c', KEY)).toBeUndefined();
    expect(asked).toEqual(['src/a.c', 'src/b.c']);
  });

  it('keeps no more than its bound', () => {
    // Each entry weighs its key (the digest of its path, language and activity) and its hash: 40 + 2.
    const memo = new MaskMemo(undefined, 42 * 3);
    for (let i = 0; i < 3; i++) memo.keep(`src/${i}.c.xx`, 'c', KEY, `m${i}`);
    expect([0, 1, 2].map((i) => memo.find(`src/${i}.c.xx`, 'c', KEY))).toEqual(['m0', 'm1', 'm2']);
    memo.keep('src/3.c.xx', 'c', KEY, 'm3');
    expect([0, 1, 2, 3].map((i) => memo.find(`src/${i}.c.xx`, 'c', KEY))).toEqual([undefined, undefined, undefined, 'm3']);
  });
});
