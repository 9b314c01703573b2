// Interned hide sets: the same membership as Set union and intersection, one object for the same names; and the
// expansions that depend on hide sets (C11 6.10.3.5 EXAMPLE 3, painted names, rescans past a replacement) as GCC gives them.
import { describe, expect, it } from 'vitest';
import { HideSet } from '../../src/preprocessor/hide-sets.js';
import { preprocessToText } from '../../src/preprocessor/preprocess-text.js';

/** A small deterministic generator, so that a failure repeats. */
function random(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
}

const NAMES = ['A', 'B', 'C', 'ENABLED', 'ANY', '_CAT', 'MB', 'PIN_EXISTS', 'X1', 'X2', 'X3', 'X4', 'X5', 'X6', 'X7', 'X8', 'X9', 'Y'];

describe('hide sets', () => {
  it('unite and intersect as sets do, whatever the sizes', () => {
    const next = random(7);
    const pick = () => NAMES.filter(() => next() < 0.4);
    for (let n = 0; n < 400; n++) {
      const a = pick();
      const b = pick();
      const u = HideSet.of(a).union(HideSet.of(b));
      const c = HideSet.of(a).common(HideSet.of(b));
      for (const name of [...NAMES, 'Z']) {
        expect(u.has(name)).toBe(a.includes(name) || b.includes(name));
        expect(c?.has(name) ?? false).toBe(a.includes(name) && b.includes(name));
      }
      expect(c === null).toBe(!a.some((x) => b.includes(x)));
      expect([...u.names]).toEqual([...new Set([...a, ...b])].sort());
    }
  });

  it('are one object for the same names, and a union or intersection asked again answers the same object', () => {
    const ab = HideSet.of(['B', 'A', 'B']);
    expect(HideSet.of(['A', 'B'])).toBe(ab);
    expect(HideSet.single('A').union(HideSet.single('B'))).toBe(ab);
    const abc = ab.union(HideSet.single('C'));
    expect(ab.union(HideSet.single('C'))).toBe(abc);
    expect(HideSet.of(['C', 'B', 'A'])).toBe(abc);
    expect(abc.union(ab)).toBe(abc);
    expect(ab.union(abc)).toBe(abc);
    expect(abc.common(ab)).toBe(ab);
    expect(ab.common(HideSet.single('C'))).toBeNull();
  });

  it('unite and intersect right across generations (sets made before the interned ones were forgotten, numbered anew)', () => {
    const a = HideSet.of(['OLD_A', 'OLD_Z']);
    const b = HideSet.of(['OLD_B', 'OLD_Z']);
    const ab = a.union(b);
    expect(a.common(b)?.names).toEqual(['OLD_Z']);
    const later: HideSet[] = [];
    for (let i = 0; i < 20000; i++) later.push(HideSet.of([`FILL_${i}`, 'OLD_Z']));
    for (const x of [later[0], later[1], later[5000], later[19999], b]) {
      expect(a.union(x).names).toEqual([...new Set([...a.names, ...x.names])].sort());
      expect(a.common(x)?.names).toEqual(['OLD_Z']);
      expect(x.union(a).names).toEqual(a.union(x).names);
    }
    // Every later set, whatever number it was given, unites with `a` as sets do (none answers a memo of `a`'s).
    const wrong = later.filter((x, i) => a.union(x).names.join() !== `FILL_${i},OLD_A,OLD_Z` || a.common(x)?.names.join() !== 'OLD_Z');
    expect(wrong).toEqual([]);
    expect(a.union(b).names).toEqual(ab.names);
    expect(later[19999].union(HideSet.single('OLD_A')).names).toEqual(['FILL_19999', 'OLD_A', 'OLD_Z']);
  });
});

const EXPANSIONS = [
  '#define x 3', '#define f(a) f(x * (a))', '#undef x', '#define x 2', '#define g f', '#define z z[0]', '#define h g(~',
  '#define m(a) a(w)', '#define w 0,1', '#define t(a) a', '#define p() int', '#define q(x) x', '#define r(x,y) x ## y', '#define str(x) # x',
  'f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);',
  'g(x+(3,4)-w) | h 5) & m(f)^m(m);',
  'p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };',
  'char c[2][6] = { str(hello), str() };',
  '#define F(x) x F', 'F(1)(2) F(F(3))',
  '#define A A B', '#define B A', 'A B',
  '#define G(a) a*H', '#define H(a) G(a)', 'G(2)(9)',
  '#define LP (', '#define K(a) <a>', 'K LP 1) K(K LP 2))',
  '#define CAT(a, b) a ## b', '#define CAT2(a, b) CAT(a, b)', '#define ONE 1', 'CAT2(O, NE) CAT(O, NE) CAT2(CAT, 2)(ON, E)',
  '#if G(2)(9) + 0 == 0', 'yes_if', '#endif',
  '#define E(x) ((x) + E(x))', '#define EE(x) E(E(x))', 'EE(EE(1))',
];

describe('expansions that hide sets decide', () => {
  it('expand as GCC does (gcc -E -P), the C standard example included', () => {
    const r = preprocessToText(EXPANSIONS.join('\n'), '/x/t.ld');
    expect(r.diagnostics).toEqual([]);
    expect(r.text.split('\n').filter((l) => l.trim())).toEqual([
      // C11 6.10.3.5 EXAMPLE 3 (each invocation on one line).
      'f(2 * (y+1)) + f(2 * (f(2 * (z[0])))) % f(2 * (0)) + t(1);',
      'f(2 * (2+(3,4)-0,1)) | f(2 * (~ 5)) & f(2 * (0,1))^m(0,1);',
      'int i[] = { 1, 23, 4, 5, };',
      'char c[2][6] = { "hello", "" };',
      // A name its own expansion leaves stays itself, also when `(` follows later from the source.
      '1 F(2) 3 F F',
      'A A A B',
      // The `)` from outside: H's hide set is what both its name and that `)` hold, so it expands once.
      '2*9*H',
      'K ( 1) <K ( 2>)',
      // A pasted name keeps the hide set of its left side, which came through CAT2: CAT2 stays.
      '1 1 CAT2(ON, E)',
      'yes_if',
      '((((((((1) + E(1))) + E(((1) + E(1))))) + E(((((1) + E(1))) + E(((1) + E(1))))))) + E(((((((1) + E(1))) + E(((1) + E(1))))) + E(((((1) + E(1))) + E(((1) + E(1))))))))',
    ]);
  });
});
