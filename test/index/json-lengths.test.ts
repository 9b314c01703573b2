// Lengths of JSON worked out without writing it: what JSON.stringify writes, escapes and surrogates included.
import { describe, expect, it } from 'vitest';
import { jsonArrayLength, jsonElementsLength, jsonStringLength } from '../../src/index/json-lengths.js';
import { seededRandom } from '../helpers/seeded-random.js';

const random = seededRandom(11);
/** Characters a string may hold: plain, escaped short and long, quotes, a paired and lone surrogates, others. */
const chars = ['a', 'Z', '_', '0', '\u0000', '\u0001', '\u001f', '\b', '\t', '\n', '\f', '\r', '"', '\\', '/', '\u007f', '\u00e9', '\u2028', '\ud83d\ude00', '\ud800', '\udfff'];
const randomString = (): string => Array.from({ length: Math.floor(random() * 12) }, () => chars[Math.floor(random() * chars.length)]).join('');

describe('JSON lengths', () => {
  it('of strings are JSON.stringify\'s', () => {
    for (let n = 0; n < 2000; n++) {
      const s = randomString();
      expect(jsonStringLength(s), JSON.stringify(s)).toBe(JSON.stringify(s).length);
    }
  });

  it('of arrays of strings are JSON.stringify\'s', () => {
    for (let n = 0; n < 300; n++) {
      const list = Array.from({ length: Math.floor(random() * 5) }, randomString);
      expect(jsonArrayLength(list.length, jsonElementsLength(list))).toBe(JSON.stringify(list).length);
    }
  });
});
