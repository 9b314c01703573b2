// sameReach: whether a redone unit reaches the #define sites its previous result reached (a patch of a build parsing
// C and C++ then keeps each language's macros). It answers as counting both results' sites does, and reads the
// #defines only of the files whose view is another object (views are interned: one object for equal views).
import { describe, expect, it } from 'vitest';
import { languageSites, sameReach, sameSites } from '../../src/indexer/language-macros.js';
import type { FileView, UnitResult } from '../../src/preprocessor/unit-result.js';

let definesRead = 0;

/** A view whose #defines (lines with a null value) count their reads. */
function view(lines: number, defineLines: number[]): FileView {
  const defines = defineLines.flatMap((l) => [l, null]);
  return {
    lines,
    ranges: [1, lines],
    get defines() {
      definesRead++;
      return defines;
    },
  };
}

const result = (lang: UnitResult['lang'], files: [string, FileView][]): UnitResult => ({
  unit: files[0][0], key: 'k', lang, files: files.map(([file, v]) => ({ file, hash: 'h', view: v })), tested: [], diagnostics: [],
});

/** The answer of counting both results' sites whole. */
const counted = (a: UnitResult, b: UnitResult) => sameSites(languageSites([a]), languageSites([b]));

describe('sameReach', () => {
  const headers: [string, FileView][] = Array.from({ length: 50 }, (_, i) => [`/p/h${i}.h`, view(100, [1, 2, 3])]);

  it('reads the #defines only of the files whose view changed', () => {
    const old = result('cpp', [['/p/u.cpp', view(10, [2])], ...headers]);
    const fresh = result('cpp', [['/p/u.cpp', view(12, [2])], ...headers]);
    definesRead = 0;
    expect(sameReach(old, fresh)).toBe(true);
    // Each of the source's two views once; none of the 50 headers' shared ones.
    expect(definesRead).toBe(2);
    expect(counted(old, fresh)).toBe(true);
  });

  it('answers as counting both results whole does', () => {
    const cases: [UnitResult, UnitResult][] = [
      // A #define moved to another line of the source.
      [result('cpp', [['/p/u.cpp', view(10, [2])], ...headers]), result('cpp', [['/p/u.cpp', view(10, [3])], ...headers])],
      // A #define added, then one gone.
      [result('c', [['/p/u.c', view(10, [2])], ...headers]), result('c', [['/p/u.c', view(10, [2, 5])], ...headers])],
      [result('c', [['/p/u.c', view(10, [2, 5])], ...headers]), result('c', [['/p/u.c', view(10, [])], ...headers])],
      // The same lines reached twice in one view.
      [result('c', [['/p/u.c', view(10, [2, 2])]]), result('c', [['/p/u.c', view(10, [2])]])],
      // Another file read, or another language.
      [result('c', [['/p/u.c', view(10, [2])], headers[0]]), result('c', [['/p/u.c', view(10, [2])], headers[1]])],
      [result('asm', [['/p/u.S', view(10, [2])]]), result('c', [['/p/u.S', view(10, [2])]])],
      [result('c', [['/p/u.c', view(10, [2])]]), result('cpp', [['/p/u.c', view(10, [2])]])],
    ];
    for (const [a, b] of cases) expect(sameReach(a, b)).toBe(counted(a, b));
    expect(cases.map(([a, b]) => sameReach(a, b))).toEqual([false, false, false, true, false, true, false]);
  });
});
