// Token ends read from the text: words stop at the first character that is not an identifier character (and
// give up on non-ASCII letters and `\`), comments at `*/` or at a line end no backslash continues.
import { describe, expect, it } from 'vitest';
import { COMMENT, scannedEnd, WORD } from '../../src/parser/token-ends.js';

describe('token ends read from the text', () => {
  it('ends a word after its last ASCII identifier character, and gives up before other letters and `\\`', () => {
    expect(scannedEnd(WORD, 'x = abc_9$d+1', 4)).toBe(11);
    expect(scannedEnd(WORD, 'abc', 0)).toBe(3);
    expect(scannedEnd(WORD, 'int\tx', 0)).toBe(3);
    expect(scannedEnd(WORD, 'caf\u00e9 = 1', 0)).toBe(-1);
    expect(scannedEnd(WORD, 'a\\u00e9 = 1', 0)).toBe(-1);
  });

  it('ends a block comment after its first `*/`', () => {
    expect(scannedEnd(COMMENT, 'x /**/ y', 2)).toBe(6);
    expect(scannedEnd(COMMENT, '/*/ a */b', 0)).toBe(8);
    expect(scannedEnd(COMMENT, '/* a\n * b **/\nint', 0)).toBe(13);
    expect(scannedEnd(COMMENT, '/* open', 0)).toBe(-1);
  });

  it('ends a line comment before a line end no backslash (or backslash and CR) continues, or at the end of the text', () => {
    expect(scannedEnd(COMMENT, '// a\nb', 0)).toBe(4);
    expect(scannedEnd(COMMENT, '// a\r\nb', 0)).toBe(5);
    expect(scannedEnd(COMMENT, '// a \\\nb\nc', 0)).toBe(8);
    expect(scannedEnd(COMMENT, '// a \\\r\nb\r\nc', 0)).toBe(10);
    expect(scannedEnd(COMMENT, '//\\\nb', 0)).toBe(5);
    expect(scannedEnd(COMMENT, '// last', 0)).toBe(7);
  });
});
