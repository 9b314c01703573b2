// Macro records read from skeletons about to be dropped: their strings are packed, each #define of a dropped
// skeleton is taken out of it as its record is made, a skeleton kept is left whole, and the records are those
// of a plain read; the skeleton cache names the skeletons its trim would drop before dropping them.
import { describe, expect, it } from 'vitest';
import { buildSkeleton, SkeletonCache } from '../../src/preprocessor/file-skeleton.js';
import { definedMacros } from '../../src/preprocessor/preprocess-build.js';

const TEXT = Array.from({ length: 40 }, (_, i) => `#define PERIPHERAL_REGISTER_${i}_Msk (0xFUL << PERIPHERAL_REGISTER_${i}_Pos)\n#define SHORT${i} ${i}\n`).join('') + '#if 1\nint x;\n#endif\n';

const sitesOf = (file: string, lines: number) => new Map([[file, new Map(Array.from({ length: lines }, (_, i) => [i + 1, i % 2 ? null : String(i)]))]]);

describe('definedMacros of skeletons being dropped', () => {
  it('makes the records of a plain read, takes each #define out of a dropped skeleton and leaves a kept one whole', () => {
    const plain = definedMacros(sitesOf('/p/dev.h', 80), () => buildSkeleton('/p/dev.h', TEXT));
    expect(plain.length).toBe(80);
    const dropped = buildSkeleton('/p/dev.h', TEXT);
    const records = definedMacros(sitesOf('/p/dev.h', 80), () => dropped, undefined, false, new Set([dropped]));
    expect(records).toEqual(plain);
    expect(dropped.directives.filter((d) => d.kind === 'define')).toEqual([]);
    expect(dropped.directives.filter((d) => d.kind === 'if' || d.kind === 'endif').length).toBe(2);

    const kept = buildSkeleton('/p/dev.h', TEXT);
    const other = buildSkeleton('/p/other.h', '#define OTHER 1\n');
    expect(definedMacros(sitesOf('/p/dev.h', 80), () => kept, undefined, false, new Set([other]))).toEqual(plain);
    expect(kept.directives.filter((d) => d.kind === 'define').length).toBe(80);
  });
});

describe('SkeletonCache.largest', () => {
  it('names what trim drops, largest first, and holds them until then', () => {
    const cache = new SkeletonCache();
    const big = cache.get('/p/big.h', TEXT);
    cache.get('/p/small.h', '#define A 1\n#define B 2\n');
    expect(cache.largest(1000)).toEqual([]);
    expect(cache.largest(10)).toEqual([big]);
    expect(cache.directives).toBe(big.directives.length + 2);
    expect(cache.trim(10)).toEqual([big]);
    expect(cache.directives).toBe(2);
  });
});
