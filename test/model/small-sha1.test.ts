// The JavaScript sha1 a read-only command hashes a few small files with before it loads node:crypto gives crypto's
// digest at every length around the padding's edges and for bytes of every value.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { jsSha1, sha1BeforeCrypto } from '../../src/model/small-sha1.js';

const cryptoSha1 = (b: Uint8Array): string => crypto.createHash('sha1').update(b).digest('hex');

describe('jsSha1', () => {
  it("gives crypto's digest for lengths around a block's padding edges", () => {
    for (const n of [0, 1, 3, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000, 6143, 6144, 65_537]) {
      const bytes = new Uint8Array(n).map((_, i) => (i * 131 + n) & 0xff);
      expect(jsSha1(bytes), `length ${n}`).toBe(cryptoSha1(bytes));
    }
  });

  it("gives crypto's digest for random bytes and UTF-8 text", () => {
    for (let k = 0; k < 20; k++) {
      const bytes = crypto.randomBytes(1 + Math.floor(Math.random() * 5000));
      expect(jsSha1(bytes)).toBe(cryptoSha1(bytes));
    }
    const text = Buffer.from('int f(void) { return 0; } /* é — 漢字 😀 */\n'.repeat(40), 'utf8');
    expect(jsSha1(text)).toBe(cryptoSha1(text));
  });

  it('sha1BeforeCrypto answers the same digest as crypto, small or large, and for a view into a larger buffer', () => {
    const big = crypto.randomBytes(200_000);
    expect(sha1BeforeCrypto(big)).toBe(cryptoSha1(big));
    const view = big.subarray(1000, 4000);
    expect(sha1BeforeCrypto(view)).toBe(cryptoSha1(view));
  });
});
