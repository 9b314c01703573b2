// maskText makes the text of blanked lines from runs of text between them: the same text as blanking each line
// of the split text (a trailing \r kept), for LF and CRLF texts and ranges past the last line.
import { describe, expect, it } from 'vitest';
import { DECODE_WHOLE_BYTES, maskText } from '../../src/indexer/mask-files.js';

/** The text blanked line by line (what maskText answers, made the plain way). */
function reference(text: string, ranges: number[]): { masked: string; rows: number[] } {
  const lines = text.split('\n');
  const rows = lines.map((_, i) => (ranges.some((_, k) => k % 2 === 0 && i + 1 >= ranges[k] && i + 1 <= ranges[k + 1]) ? 0 : 1));
  return { masked: lines.map((l, i) => (rows[i] ? (l.endsWith('\r') ? '\r' : '') : l)).join('\n'), rows };
}

describe('maskText', () => {
  it('blanks the lines outside the ranges as blanking each line would', () => {
    const texts = ['', '\n', 'a', 'a\n', '\n\nx\n\n', 'a\r\nb\r\n\r\nc', 'a\rb\n', '#define A 1\nint a;\n#define B 2\n\n\nint b;\n'];
    const rangeSets = [[], [1, 1], [2, 3], [1, 2, 5, 9], [3, 3, 6, 6], [1, 100]];
    for (const text of texts) {
      for (const ranges of rangeSets) {
        const r = reference(text, ranges);
        const m = maskText(text, ranges);
        expect(m.masked).toBe(r.masked);
        expect([...m.rowsMasked]).toEqual(r.rows);
      }
    }
  });

  it('keeps the line breaks of a long run of blanked lines', () => {
    const text = `int a;\n${'#define X 1\n'.repeat(1000)}int b;\n`;
    const m = maskText(text, [1, 1, 1002, 1003]);
    expect(m.masked).toBe(`int a;\n${'\n'.repeat(1000)}int b;\n`);
    expect(m.rowsMasked.reduce((a, b) => a + b, 0)).toBe(1000);
  });

  it("masks a file's bytes as it masks their text (the runs between line breaks decoded alone)", () => {
    const rangeSets = [[], [1, 1], [2, 3], [1, 2, 5, 9]];
    const texts = ['a\r\nb\r\n\r\nc', 'é\nü€\n😀 x\n\nz', '#define A 1\nint a;\n'].map((t) => Buffer.from(t));
    // Bytes that are not UTF-8, cut by line breaks: a sequence left open before \n, a stray continuation byte.
    texts.push(Buffer.from([0xe2, 0x82, 0x0a, 0x41, 0xff, 0x0d, 0x0a, 0xc3, 0x0a, 0x80, 0x42]));
    // Past DECODE_WHOLE_BYTES the runs are decoded one by one.
    const large = texts.map((t) => Buffer.concat(Array.from({ length: Math.ceil((DECODE_WHOLE_BYTES + 1) / t.length) }, () => t)));
    for (const bytes of [...texts, ...large]) {
      for (const ranges of [...rangeSets, [40_000, 90_000, 100_000, 100_001]]) {
        const fromText = maskText(bytes.toString('utf8'), ranges);
        const fromBytes = maskText(bytes, ranges);
        expect(fromBytes.masked).toBe(fromText.masked);
        expect([...fromBytes.rowsMasked]).toEqual([...fromText.rowsMasked]);
      }
    }
  });
});
