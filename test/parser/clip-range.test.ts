// clipRange: a signature clipped from a range of the text, the same whether the range is sliced (short ranges)
// or read word by word (long ones).
import { describe, expect, it } from 'vitest';
import { clip, clipRange, MAX_SIGNATURE } from '../../src/parser/declarators.js';

/** A text of words and every kind of blank clip collapses (ASCII, NBSP, line and paragraph separators). */
function randomText(seed: number, length: number): string {
  const pieces = ['int', 'x', '(', ')', '*', 'const char', 'a'.repeat(MAX_SIGNATURE + 3), ' ', '  ', '\t', '\n', '\r\n', '\v\f', '\u00a0', '\u2028', '\u3000', 'é', ';'];
  let s = seed;
  let out = '';
  while (out.length < length) {
    s = (s * 1103515245 + 12345) % 2147483648;
    out += pieces[s % pieces.length];
  }
  return out;
}

describe('clipRange', () => {
  it('is clip of the slice for short and long ranges, blanks at either end, words longer than the clip', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const text = randomText(seed, 40 + (seed % 7) * 500);
      const start = seed % 13;
      for (const end of [start, start + 1, start + 37, start + 4 * MAX_SIGNATURE, start + 4 * MAX_SIGNATURE + 1, text.length]) {
        const to = Math.min(end, text.length);
        expect(clipRange(text, start, to)).toBe(clip(text.slice(start, to)));
      }
    }
  });

  it('collapses blanks and cuts a long signature with an ellipsis', () => {
    expect(clipRange('  static\n\tint  f(void)  ', 0, 24)).toBe('static int f(void)');
    const long = `void f(${'int a, '.repeat(200)})`;
    const clipped = clipRange(long, 0, long.length);
    expect(clipped.length).toBe(MAX_SIGNATURE);
    expect(clipped.endsWith('…')).toBe(true);
    expect(clipRange(long, 0, 7 * 60)).toBe(clip(long.slice(0, 7 * 60)));
  });
});
