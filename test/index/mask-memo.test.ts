// The run's masks by activity: a key kept answers its mask hash, one the run did not make is asked of the stored
// builds (and kept), and the memo holds no more than its bound of characters (past it, it starts again). By answers: the
// mask last kept under a key, when the build answers what its masking asked alike, within a bound (what no recent build
// kept or took goes first; past that, no more is kept).
import { describe, expect, it } from 'vitest';
import { MaskMemo } from '../../src/indexer/mask-memo.js';
import type { MacrosNow, MaskAnswers } from '../../src/indexer/mask-questions.js';

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
    // Three keys (each the digest of its path, language and activity) at most.
    const memo = new MaskMemo(undefined, 3);
    for (let i = 0; i < 3; i++) memo.keep(`src/${i}.c.xx`, 'c', KEY, `m${i}`);
    expect([0, 1, 2].map((i) => memo.find(`src/${i}.c.xx`, 'c', KEY))).toEqual(['m0', 'm1', 'm2']);
    memo.keep('src/3.c.xx', 'c', KEY, 'm3');
    expect([0, 1, 2, 3].map((i) => memo.find(`src/${i}.c.xx`, 'c', KEY))).toEqual([undefined, undefined, undefined, 'm3']);
  });

  it('holds its keys and sha1 mask hashes as bytes: under 100 bytes a key', () => {
    const memo = new MaskMemo();
    const hash = (i: number) => (i.toString(16) + 'f'.repeat(40)).slice(0, 40);
    for (let i = 0; i < 20_000; i++) memo.keep(`src/${i}.c`, 'c', KEY, hash(i));
    expect(memo.keptBytes).toBeLessThan(20_000 * 100);
    expect(memo.find('src/12345.c', 'c', KEY)).toBe(hash(12345));
  });
});

describe('MaskMemo, masks recalled by their answers', () => {
  /** Answers that ask nothing (any build answers them alike), of a weight. */
  const asking = (weight: number): MaskAnswers => ({ names: '', flags: new Uint8Array(0), blanked: new Map(), lookedNames: '', lookedAt: new Int32Array(0), files: [], defs: [], checks: [], weight });
  const now = () => ({}) as MacrosNow;

  it('answers the mask last kept under a key when the answers hold; past its bound, lets go of what no recent build kept or took', () => {
    const memo = new MaskMemo(undefined, undefined, 30);
    memo.nextBuild();
    memo.keepAnswered('k1', asking(10), 'm1');
    memo.keepAnswered('k2', asking(10), 'm2');
    memo.keepAnswered('k1', asking(10), 'm1b');
    memo.keepAnswered('k3', asking(10), 'm3');
    // Full of this build's: not kept (a build larger than the bound would let go of each before the next asks).
    memo.keepAnswered('k4', asking(10), 'm4');
    expect(memo.findAnswered('k4', now)).toBeUndefined();
    memo.nextBuild();
    expect(memo.findAnswered('k1', now)).toBe('m1b');
    memo.nextBuild();
    // k2 and k3 were kept two builds ago and not taken since: k2, kept first, goes.
    memo.keepAnswered('k5', asking(10), 'm5');
    expect(['k1', 'k2', 'k3', 'k5'].map((k) => memo.findAnswered(k, now))).toEqual(['m1b', undefined, 'm3', 'm5']);
  });

  it('answers nothing when the build answers a recorded question otherwise', () => {
    const memo = new MaskMemo();
    memo.keepAnswered('k', { ...asking(10), checks: [() => false] }, 'm');
    expect(memo.findAnswered('k', now)).toBeUndefined();
  });
});
