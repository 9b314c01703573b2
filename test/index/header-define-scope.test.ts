// Which headers' #defines a file's text sees, from the order units read files in (header-define-scope.ts).
import { describe, expect, it } from 'vitest';
import { headerVisibility, type HeaderScopeInput } from '../../src/indexer/header-define-scope.js';

/** A read of `file`; `defines`: it reached a #define. */
const read = (file: string, defines = true) => ({ file, hash: '', view: { lines: 10, ranges: [1, 10], defines: defines ? [1, null] : [] } });

/** A unit reading `files` (its own first) at the lines of its own #includes `tops`. */
function unit(files: [string, boolean][], tops: number[], firstTops?: number[]): HeaderScopeInput {
  return { unit: files[0][0], files: files.map(([f, d]) => read(f, d)), tops, ...(firstTops ? { firstTops } : {}) };
}

const stored = (f: string) => f;

describe('headerVisibility', () => {
  // a.c: #include "h1.h" (line 1, which includes h2.h), #include "late.h" (line 5).
  const a = unit([['a.c', true], ['h1.h', true], ['h2.h', true], ['late.h', true]], [0, 1, 1, 5]);
  // b.c reads late.h first, then h1.h (and h2.h) at line 3; h1.h reached no #define there.
  const b = unit([['b.c', false], ['late.h', true], ['h1.h', false], ['h2.h', false]], [0, 1, 3, 3]);

  it('a header sees those read before its last read ended, by any unit', () => {
    const v = headerVisibility([a], new Set(['a.c', 'b.c']), stored);
    expect(v.sees('h1.h', 1, 'h2.h', 1)).toBe(true);
    expect(v.sees('h2.h', 1, 'h1.h', 1)).toBe(true);
    expect(v.sees('h1.h', 1, 'late.h', 1)).toBe(false);
    expect(v.sees('late.h', 1, 'h1.h', 1)).toBe(true);
    const both = headerVisibility([a, b], new Set(['a.c', 'b.c']), stored);
    expect(both.sees('h1.h', 1, 'late.h', 1)).toBe(true);
    expect(both.digest('h1.h')).not.toBe(v.digest('h1.h'));
    // The first unit reading h1.h reached none of its #defines: the second's still count.
    expect(headerVisibility([b, a], new Set(['a.c', 'b.c']), stored).sees('late.h', 1, 'h1.h', 1)).toBe(true);
  });

  it("a unit's own file sees a header below the #include that first read it", () => {
    const v = headerVisibility([a, b], new Set(['a.c', 'b.c']), stored);
    expect(v.sees('a.c', 1, 'h1.h', 1)).toBe(false);
    expect(v.sees('a.c', 2, 'h1.h', 1)).toBe(true);
    expect(v.sees('a.c', 5, 'late.h', 1)).toBe(false);
    expect(v.sees('a.c', 6, 'late.h', 1)).toBe(true);
    // h1.h reached no #define in b.c: b.c does not see it, and what reached none defines nothing there.
    expect(v.sees('b.c', 9, 'h1.h', 1)).toBe(false);
    expect(v.sees('b.c', 9, '<command-line>', 1)).toBe(true);
    expect(v.sees('unread.h', 1, 'late.h', 1)).toBe(true);
  });

  it('a header read again later (assert.h) is seen from its first read', () => {
    const c = unit([['c.c', true], ['assert.h', true], ['mid.h', true]], [0, 9, 4], [1, 2]);
    const v = headerVisibility([c], new Set(['c.c']), stored);
    expect(v.sees('c.c', 3, 'assert.h', 1)).toBe(true);
    expect(v.sees('mid.h', 1, 'assert.h', 1)).toBe(true);
    const once = headerVisibility([unit([['c.c', true], ['assert.h', true], ['mid.h', true]], [0, 9, 4])], new Set(['c.c']), stored);
    expect(once.sees('c.c', 3, 'assert.h', 1)).toBe(false);
  });

  it('units reading alike share bit sets; digests follow what a file sees', () => {
    const same = (name: string) => unit([[name, true], ['h1.h', true], ['h2.h', true], ['late.h', true]], [0, 1, 1, 5]);
    const v = headerVisibility([same('x.c'), same('y.c')], new Set(['x.c', 'y.c']), stored);
    const w = headerVisibility([same('x.c')], new Set(['x.c']), stored);
    expect(v.digest('h1.h')).toBe(w.digest('h1.h'));
    expect(v.digest('h1.h')).toBe(v.digest('h2.h'));
    expect(v.digest('late.h')).not.toBe(v.digest('h1.h'));
  });

  it("a header's #defines reach what follows in the units that reached them, and its own lines those views compile", () => {
    // pool.h: its guard's #define at 2; `#ifdef SEL` with a #define at 4 and code at 5; `#else`, a #define at 8 and
    // code at 9; shared code from 11. a.c defines SEL, b.c does not; both read after.h next.
    const pool = (ranges: number[], defines: number[]) => ({ file: 'pool.h', hash: '', view: { lines: 14, ranges, defines: defines.flatMap((l) => [l, null]) } });
    const a = { unit: 'a.c', files: [read('a.c', false), pool([1, 1, 5, 5, 11, 14], [2, 4]), read('after.h', false)], tops: [0, 2, 3] };
    const b = { unit: 'b.c', files: [read('b.c', false), pool([1, 1, 9, 9, 11, 14], [2, 8]), read('after.h', false)], tops: [0, 1, 2] };
    const v = headerVisibility([a, b], new Set(['a.c', 'b.c']), stored);
    expect(v.ownSees('pool.h', 5, 4)).toBe(true);
    expect(v.ownSees('pool.h', 9, 4)).toBe(false);
    expect(v.ownSees('pool.h', 9, 8)).toBe(true);
    expect(v.ownSees('pool.h', 12, 4)).toBe(true);
    expect(v.ownSees('pool.h', 12, 2)).toBe(true);
    expect(v.conditional('pool.h', 4)).toBe(true);
    expect(v.conditional('pool.h', 2)).toBe(false);
    expect(v.sees('a.c', 3, 'pool.h', 4)).toBe(true);
    expect(v.sees('a.c', 3, 'pool.h', 8)).toBe(false);
    expect(v.sees('b.c', 3, 'pool.h', 4)).toBe(false);
    expect(v.sees('b.c', 3, 'pool.h', 8)).toBe(true);
    expect(v.sees('b.c', 3, 'pool.h', 2)).toBe(true);
    expect(v.sees('after.h', 1, 'pool.h', 4)).toBe(true);
    // Its classes key its parse; a file reading one header as one class sees no line apart.
    expect(v.digest('pool.h')).toContain('v');
    expect(v.digest('after.h')).not.toContain('v');
    const one = headerVisibility([a], new Set(['a.c']), stored);
    expect(one.ownSees('pool.h', 9, 4)).toBe(true);
    expect(one.conditional('pool.h', 4)).toBe(false);
    // Each class apart: both compile the shared code at 12, each reached its own branch's #define.
    expect(v.classCount('pool.h')).toBe(2);
    expect(v.classCount('after.h')).toBe(0);
    expect(one.classCount('pool.h')).toBe(0);
    expect([0, 1].map((k) => v.classCompiles('pool.h', k, 12))).toEqual([true, true]);
    expect([0, 1].map((k) => v.classCompiles('pool.h', k, 9))).toEqual([false, true]);
    expect([0, 1].map((k) => [v.classReached('pool.h', k, 4), v.classReached('pool.h', k, 8), v.classReached('pool.h', k, 2)])).toEqual([
      [true, false, true],
      [false, true, true],
    ]);
  });
});
