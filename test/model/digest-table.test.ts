// sha1 digests to sha1 digests held as bytes: answers as a Map would, other values beside, cleared whole at its bound.
import { describe, expect, it } from 'vitest';
import { DigestTable } from '../../src/model/digest-table.js';
import { sha1 } from '../../src/model/sha1.js';

describe('DigestTable', () => {
  it('answers what was set, through its growth, and other values as given', () => {
    const t = new DigestTable(100_000);
    const m = new Map<string, string>();
    for (let i = 0; i < 5000; i++) {
      const v = i % 7 === 0 ? `other${i}` : sha1(`v${i}`);
      t.set(sha1(`k${i}`), v);
      m.set(sha1(`k${i}`), v);
    }
    t.set(sha1('k3'), 'binary');
    m.set(sha1('k3'), 'binary');
    t.set(sha1('k7'), sha1('again'));
    m.set(sha1('k7'), sha1('again'));
    expect(t.size).toBe(5000);
    for (const [k, v] of m) expect(t.get(k)).toBe(v);
    expect(t.get(sha1('absent'))).toBeUndefined();
    expect(t.has(sha1('k4999'))).toBe(true);
    // 20 + 20 bytes an entry and two 4-byte slots, for the room grown to (8192 entries).
    expect(t.bytes).toBe(8192 * 48);
  });

  it('starts again past its bound', () => {
    const t = new DigestTable(3);
    for (let i = 0; i < 3; i++) t.set(sha1(`k${i}`), sha1(`v${i}`));
    expect(t.get(sha1('k2'))).toBe(sha1('v2'));
    t.set(sha1('k3'), sha1('v3'));
    expect([0, 1, 2, 3].map((i) => t.get(sha1(`k${i}`)))).toEqual([undefined, undefined, undefined, sha1('v3')]);
    expect(t.size).toBe(1);
  });
});
