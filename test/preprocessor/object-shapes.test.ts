// Objects the walks read in hot loops are made with one set of fields in one order, whatever their kind (V8 then
// gives them one shape and the reading sites stay monomorphic): skeleton directives, scanned or decoded, and tokens.
import { describe, expect, it } from 'vitest';
import { buildSkeleton, decodeSkeleton, encodeSkeleton } from '../../src/preprocessor/file-skeleton.js';
import { MacroDef, parseDefine } from '../../src/preprocessor/macro-definition.js';
import { lexLine } from '../../src/preprocessor/tokens.js';

const TEXT = [
  '#ifndef GUARD_H', '#define GUARD_H', '#include "a.h"', '#include <b.h>', '#include HDR', '#if A > 1', '#elif defined(B)',
  '#else', '#endif', '#ifdef C', '#undef C', '#endif', '#pragma once', '#pragma pack(1)', '#error no', '#line 4',
  '#endif', '#else', '#ifdef', '# 12 "x.c"', '#foo bar', '#define F(x) x + 1', '#endif',
].join('\n');

const keysOf = (o: object) => Object.keys(o).join(',');

describe('object shapes', () => {
  it('gives every directive but a #define the same fields in the same order, scanned or decoded', () => {
    const sk = buildSkeleton('/p/x.h', TEXT);
    const plain = sk.directives.filter((d) => !(d instanceof MacroDef));
    expect(plain.length).toBeGreaterThan(15);
    expect(new Set(plain.map(keysOf)).size).toBe(1);
    const decoded = decodeSkeleton(encodeSkeleton(sk), '/p/x.h').directives.filter((d) => !(d instanceof MacroDef));
    expect(decoded.map(keysOf)).toEqual(plain.map(keysOf));
    // The links and flags are set as before: a stray #else, a group's next and end.
    expect(sk.directives.filter((d) => d.stray).map((d) => d.line)).toEqual([18]);
    expect(sk.directives[5].next).toBe(6);
    expect(sk.directives[5].end).toBe(8);
  });

  it('gives lexed tokens and macro body tokens (which mark their parameters) the same fields in the same order', () => {
    const lexed = lexLine('a + 1 "s" \'c\' ( ) ## @');
    const def = parseDefine('F(x, y) x ## y + #x z', '/p/x.h', 1).def!;
    const all = [...lexed, ...def.body];
    expect(def.body.some((t) => t.pi !== undefined)).toBe(true);
    expect(new Set(all.map(keysOf)).size).toBe(1);
  });
});
