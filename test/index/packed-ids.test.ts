// Stored ids decoded straight into packed form: the same ids as decoding to an array then packing it, whatever a
// list keeps of its base, adds or drops, past the scratch's first size too; an id an Int32Array cannot hold keeps
// the list a plain array; a list keeping more than its base holds, or ending inside a number, is refused.
import { describe, expect, it } from 'vitest';
import { applyEdits, encodeEdits } from '../../src/index/list-edits.js';
import { packedDecodedIds, packedEditedIds } from '../../src/index/packed-ids.js';
import { decodeIds, encodeIds, packedIds } from '../../src/index/value-lists.js';

describe('packed ids', () => {
  it('decode a plain list as decodeIds then packedIds do, long lists and large ids too', () => {
    for (const ids of [[], [5, 3, 2 ** 31 - 1, 0], Array.from({ length: 10_000 }, (_, i) => (i * 7919) % 100_003), [1, 2 ** 31, 3]]) {
      const bytes = encodeIds(ids);
      const packed = packedDecodedIds(bytes);
      expect(packed).toEqual(packedIds(decodeIds(bytes)));
      expect(Array.from(packed)).toEqual(ids);
    }
    expect(packedDecodedIds(encodeIds([1, 2 ** 31]))).not.toBeInstanceOf(Int32Array);
  });

  it('make an edited list from its base as applyEdits then packedIds do', () => {
    const base = Int32Array.from({ length: 6000 }, (_, i) => 1000 + i);
    const cases = [
      Array.from(base),
      [...base.slice(0, 50), 5, 6, ...base.slice(60, 1200), ...base.slice(1210), 7],
      [9, ...base.slice(3), ...Array.from({ length: 5000 }, (_, i) => 90_000 + i)],
      Array.from(base.slice(0, 150)),
      [...base.slice(0, 10), 2 ** 31 + 5, ...base.slice(10)],
    ];
    for (const ids of cases) {
      const edits = encodeEdits(42, base, ids, Infinity)!;
      expect(packedEditedIds(edits, base)).toEqual(packedIds(applyEdits(edits, base)));
      expect(Array.from(packedEditedIds(edits, base))).toEqual(ids);
    }
  });

  it('refuse an edited list keeping more than its base holds or ending inside a number', () => {
    const base = [1, 2, 3];
    const edits = encodeEdits(42, base, [1, 2, 3, 4], Infinity)!;
    expect(() => packedEditedIds(edits, [1, 2])).toThrow(/keeps more items/);
    expect(() => packedEditedIds(edits.subarray(0, edits.length - 1), base)).toThrow(/ends inside a number/);
  });
});
