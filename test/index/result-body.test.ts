// A unit result's body as varints: every list and flag decodes to what was encoded, the unit's path named by its
// file's index, a run-heavy `tops` a small part of its JSON, and a body holding a number no varint writes kept as JSON.
import { describe, expect, it } from 'vitest';
import { bodyLang, decodeBody, encodeBody, type ResultBody } from '../../src/index/result-body.js';

const files = ['src/main.c', 'inc/a.h', 'inc/b.h'];
const file = (k: number): string => files[k];

describe('result bodies', () => {
  it('decode to what was encoded, every list and flag, the unit by its file or by its text', () => {
    const full: ResultBody = {
      unit: 'src/main.c',
      lang: 'cpp',
      tops: [0, 1, 2, 2, 2, 7, 7, 3],
      firstTops: [2, 16],
      heads: [1, 2],
      through: [1, 2, 40],
      unseen: [0, 12, 0, 9],
      counter: [-3, 5],
      counterUsed: true,
      counterStale: true,
      counterIn: [0],
      counterInIf: true,
    };
    const byIndex = encodeBody(full, 0);
    expect(byIndex.includes('src/main.c')).toBe(false);
    expect(decodeBody(byIndex, file)).toEqual(full);
    expect(bodyLang(byIndex)).toBe('cpp');
    const byText: ResultBody = { unit: 'src/ünit.S', lang: 'asm', tops: [], heads: [] };
    expect(decodeBody(encodeBody(byText, -1), file)).toEqual(byText);
    expect(decodeBody(encodeBody({ unit: 'x.c', lang: 'c' }, -1), file)).toEqual({ unit: 'x.c', lang: 'c' });
  });

  it('store a run-heavy tops in a few bytes', () => {
    const tops = [0, 1, ...Array<number>(300).fill(2), ...Array<number>(200).fill(1450)];
    const body: ResultBody = { unit: 'src/main.c', lang: 'c', tops };
    const bytes = encodeBody(body, 0);
    expect(bytes.length).toBeLessThanOrEqual(16);
    expect(bytes.length * 50).toBeLessThan(JSON.stringify(body).length);
    expect(decodeBody(bytes, file)).toEqual(body);
  });

  it('keep a body holding a number that is no safe integer as JSON, its language read from it', () => {
    const body: ResultBody = { unit: 'src/main.c', lang: 'c', tops: [0, 1.5] };
    const bytes = encodeBody(body, 0);
    expect(bytes.toString()).toBe(JSON.stringify(body));
    expect(decodeBody(bytes, file)).toEqual(body);
    expect(bodyLang(bytes)).toBeUndefined();
  });
});
