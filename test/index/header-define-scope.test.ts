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
    expect(v.sees('h1.h', 1, 'h2.h')).toBe(true);
    expect(v.sees('h2.h', 1, 'h1.h')).toBe(true);
    expect(v.sees('h1.h', 1, 'late.h')).toBe(false);
    expect(v.sees('late.h', 1, 'h1.h')).toBe(true);
    const both = headerVisibility([a, b], new Set(['a.c', 'b.c']), stored);
    expect(both.sees('h1.h', 1, 'late.h')).toBe(true);
    expect(both.digest('h1.h')).not.toBe(v.digest('h1.h'));
    // The first unit reading h1.h reached none of its #defines: the second's still count.
    expect(headerVisibility([b, a], new Set(['a.c', 'b.c']), stored).sees('late.h', 1, 'h1.h')).toBe(true);
  });

  it("a unit's own file sees a header below the #include that first read it", () => {
    const v = headerVisibility([a, b], new Set(['a.c', 'b.c']), stored);
    expect(v.sees('a.c', 1, 'h1.h')).toBe(false);
    expect(v.sees('a.c', 2, 'h1.h')).toBe(true);
    expect(v.sees('a.c', 5, 'late.h')).toBe(false);
    expect(v.sees('a.c', 6, 'late.h')).toBe(true);
    // h1.h reached no #define in b.c: b.c does not see it, and what reached none defines nothing there.
    expect(v.sees('b.c', 9, 'h1.h')).toBe(false);
    expect(v.sees('b.c', 9, '<command-line>')).toBe(true);
    expect(v.sees('unread.h', 1, 'late.h')).toBe(true);
  });

  it('a header read again later (assert.h) is seen from its first read', () => {
    const c = unit([['c.c', true], ['assert.h', true], ['mid.h', true]], [0, 9, 4], [1, 2]);
    const v = headerVisibility([c], new Set(['c.c']), stored);
    expect(v.sees('c.c', 3, 'assert.h')).toBe(true);
    expect(v.sees('mid.h', 1, 'assert.h')).toBe(true);
    const once = headerVisibility([unit([['c.c', true], ['assert.h', true], ['mid.h', true]], [0, 9, 4])], new Set(['c.c']), stored);
    expect(once.sees('c.c', 3, 'assert.h')).toBe(false);
  });

  it('units reading alike share bit sets; digests follow what a file sees', () => {
    const same = (name: string) => unit([[name, true], ['h1.h', true], ['h2.h', true], ['late.h', true]], [0, 1, 1, 5]);
    const v = headerVisibility([same('x.c'), same('y.c')], new Set(['x.c', 'y.c']), stored);
    const w = headerVisibility([same('x.c')], new Set(['x.c']), stored);
    expect(v.digest('h1.h')).toBe(w.digest('h1.h'));
    expect(v.digest('h1.h')).toBe(v.digest('h2.h'));
    expect(v.digest('late.h')).not.toBe(v.digest('h1.h'));
  });
});
