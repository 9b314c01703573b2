// Table-driven #if expressions: fw-context's value, and (when gcc is here) gcc's own verdict on the same table.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { preprocessBuild } from '../../src/preprocessor/preprocess-build.js';
import { evaluateExpression, parseChar, parseNumber } from '../../src/preprocessor/if-expression.js';
import { lexLine } from '../../src/preprocessor/tokens.js';
import { hasCompiler } from './fixture-support.js';

const PRELUDE = `
#define ONE 1
#define TWO 2
#define EMPTY
#define ADD(a, b) ((a) + (b))
#define MUL(a, b) ((a) * (b))
#define NESTED(x) ADD(MUL(x, x), ONE)
#define CAT(a, b) a ## b
#define XCAT(a, b) CAT(a, b)
#define STR(x) #x
#define FIRST(a, ...) a
#define REST(a, ...) __VA_ARGS__
#define COUNT(...) COUNT_(__VA_ARGS__, 4, 3, 2, 1, 0)
#define COUNT_(_1, _2, _3, _4, N, ...) N
#define OPT(...) (0 __VA_OPT__(+ 1))
#define GNU(fmt, args...) FIRST(fmt, ## args)
#define GNU_VA(...) FIRST(0, ## __VA_ARGS__, 9)
#define GNU_KEEP(x, ...) COUNT_(x, ## __VA_ARGS__, 4, 3, 2, 1, 0)
#define SELF SELF
#define REC(x) REC(x)
#define F(x) G
#define G(x) (x + 1)
#define D defined
#define OBJ_FN ADD
#define AB 42
#define _XXXX1 _YYYY,
#define Z_IS_ENABLED1(config_macro) Z_IS_ENABLED2(_XXXX##config_macro)
#define Z_IS_ENABLED2(one_or_two_args) Z_IS_ENABLED3(one_or_two_args 1, 0)
#define Z_IS_ENABLED3(ignore_this, val, ...) val
#define IS_ENABLED(config_macro) Z_IS_ENABLED1(config_macro)
#define __COND_CODE(one_or_two_args, _if_code, _else_code) __GET_ARG2_DEBRACKET(one_or_two_args _if_code, _else_code)
#define __GET_ARG2_DEBRACKET(ignore_this, val, ...) __DEBRACKET val
#define __DEBRACKET(...) __VA_ARGS__
#define Z_COND_CODE_1(_flag, _if_1_code, _else_code) __COND_CODE(_XXXX##_flag, _if_1_code, _else_code)
#define COND_CODE_1(_flag, _if_1_code, _else_code) Z_COND_CODE_1(_flag, _if_1_code, _else_code)
#define RAW_COND_CODE_1(_flag, _if_1_code, _else_code) __COND_CODE(_XXXX##_flag, _if_1_code, _else_code)
#define CONFIG_ON 1
#define CONFIG_THREE 3
`;

/** [expression, expected value (as the preprocessor's intmax/uintmax, printed signed when signed)] */
const TABLE: [string, bigint][] = [
  ['1 + 2 * 3', 7n],
  ['(1 + 2) * 3', 9n],
  ['10 / 3', 3n],
  ['-7 / 2', -3n],
  ['-7 % 3', -1n],
  ['1 << 4', 16n],
  ['-16 >> 2', -4n],
  ['0x10 + 010 + 0b11', 27n],
  ['10u - 11 > 0', 1n],
  ['-1 > 0u', 1n],
  ['-1 < 0', 1n],
  ['0xFFFFFFFFFFFFFFFF == -1', 1n],
  ['0xFFFFFFFFFFFFFFFF / 2 == 0x7FFFFFFFFFFFFFFF', 1n],
  ['9223372036854775807 + 0 > 0', 1n],
  ['18446744073709551615u == -1', 1n],
  ['1ULL + 2ul + 3LL + 4l + 5U', 15n],
  ['0 && (1 / 0)', 0n],
  ['1 || (1 / 0)', 1n],
  ['1 ? 2 : (1 / 0)', 2n],
  ['0 ? 1 : 2 ? 3 : 4', 3n],
  ['(0 ? -1 : 0u) > 0', 0n],
  ['(1 ? -1 : 0u) > 0', 1n],
  ['(1, 2)', 2n],
  ['!0 + !5 + ~0', 0n],
  ['~0u == 0xFFFFFFFFFFFFFFFF', 1n],
  ['3 > 2 > 1', 0n],
  ['1 == 1 != 0', 1n],
  ['(5 & 3) | (4 ^ 1)', 5n],
  ["'A'", 65n],
  ["'\\n' + '\\t'", 19n],
  ["'\\x41' == 'A' && '\\101' == 65", 1n],
  ["'\\0'", 0n],
  ["'\\377' < 0", 1n],
  ["'ab'", 24930n],
  ["L'A'", 65n],
  ["u'x' == 120", 1n],
  ['ONE + TWO', 3n],
  ['UNDEFINED_IDENTIFIER', 0n],
  ['UNDEFINED_FN == 0', 1n],
  ['EMPTY 1 EMPTY', 1n],
  ['NESTED(3)', 10n],
  ['ADD(ADD(1, 2), MUL(3, 4))', 15n],
  ['CAT(1, 2) + CAT(0x, 10)', 28n],
  ['XCAT(A, B)', 42n],
  ['CAT(A, B)', 42n],
  ['FIRST(5, 6, 7)', 5n],
  ['REST(5, 6)', 6n],
  ['COUNT(a) * 10 + COUNT(a, b, c)', 13n],
  ['OPT() + OPT(x) * 2', 2n],
  ['GNU(3) + GNU(4, 5)', 7n],
  ['GNU_VA() + GNU_VA(1)', 0n],
  // `, ## __VA_ARGS__` drops the comma only when the variadic argument is left out, not when it is given empty.
  ['GNU_KEEP(0) * 10 + GNU_KEEP(0, )', 12n],
  ['SELF', 0n],
  ['REC', 0n],
  ['F(1)(2)', 3n],
  ['OBJ_FN(2, 3)', 5n],
  ['defined ONE + defined(TWO) + defined NOPE', 2n],
  ['defined(ONE) && !defined NOPE', 1n],
  ['D ONE', 1n],
  ['D(NOPE)', 0n],
  ['IS_ENABLED(CONFIG_ON)', 1n],
  ['IS_ENABLED(CONFIG_THREE)', 0n],
  ['IS_ENABLED(CONFIG_MISSING)', 0n],
  ['COND_CODE_1(CONFIG_ON, (7), (8))', 7n],
  ['COND_CODE_1(CONFIG_MISSING, (7), (8))', 8n],
  ['RAW_COND_CODE_1(CONFIG_ON, (7), (8))', 8n],
  ['RAW_COND_CODE_1(1, (7), (8))', 7n],
  ['__LINE__ > 0', 1n],
  ['__has_include(<stdint.h>) + __has_include("no-such-header.h")', 1n],
  ['defined __has_include && defined(__has_builtin)', 1n],
  ['__has_builtin(__builtin_expect) + __has_builtin(no_such_builtin)', 1n],
  ['__has_attribute(aligned) + __has_attribute(no_such_attribute)', 1n],
  ['__has_c_attribute(nodiscard) == 202003', 1n],
];

// Without a host compiler there are no system include dirs to find <stdint.h> in.
if (!hasCompiler('gcc')) TABLE.splice(TABLE.findIndex(([e]) => e.includes('<stdint.h>')), 1);

/** Run the table through preprocessBuild in one unit (host gcc's implicit macros) and read each value back. */
function fwValues(): bigint[] {
  const src = PRELUDE + TABLE.map(([e], i) => `#if (${e}) == (${TABLE[i][1]})\nok_${i}\n#else\nbad_${i}\n#endif\n`).join('');
  const dir = os.tmpdir();
  const file = path.join(dir, 'fw-context-virtual-expr.c');
  const r = preprocessBuild([{ file, directory: dir, arguments: ['gcc', '-std=gnu2x', '-c', file] }], {
    readFile: (f) => (f === file ? src : require_fs(f)),
  });
  const lines = src.split('\n');
  const active = r.files.get(file)!.activeLines;
  return TABLE.map((_, i) => {
    const ok = lines.indexOf(`ok_${i}`);
    return active[ok] ? 1n : 0n;
  });
}
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
const require_fs = (f: string) => {
  try {
    return fs.readFileSync(f, 'utf8');
  } catch {
    return undefined;
  }
};

describe('#if expression table', () => {
  const values = fwValues();
  it.each(TABLE.map((row, i) => [row[0], row[1], i] as const))('%s == %s', (_e, _v, i) => {
    expect(values[i]).toBe(1n);
  });

  it.skipIf(!hasCompiler('gcc'))('gcc agrees with every expected value', () => {
    const src = PRELUDE + TABLE.map(([e, v], i) => `#if (${e}) == (${v})\nok_${i}\n#else\nbad_${i}\n#endif\n`).join('');
    const r = spawnSync('gcc', ['-std=gnu2x', '-E', '-P', '-x', 'c', '-'], { input: src, encoding: 'utf8' });
    const bad = r.stdout.split('\n').filter((l) => l.startsWith('bad_')).map((l) => TABLE[Number(l.slice(4))][0]);
    expect(bad).toEqual([]);
  });
});

describe('expression evaluator details', () => {
  const ev = (s: string, o = {}) => evaluateExpression(lexLine(s), o);
  it('reports division by zero and goes on with the left operand, like GCC', () => {
    const errors: string[] = [];
    expect(ev('6 / 0', { onError: (m: string) => errors.push(m) }).v).toBe(6n);
    expect(errors).toEqual(['division by zero in #if']);
    expect(() => ev('1 / 0')).toThrow(/division by zero/);
  });
  it('rejects malformed expressions', () => {
    expect(() => ev('REC(1) + 1')).toThrow(/missing binary operator before token "\("/);
    expect(() => ev('(1 + 2')).toThrow(/missing '\)'/);
    expect(() => ev('1 +')).toThrow();
    expect(() => ev('1 2')).toThrow(/missing binary operator/);
    expect(() => ev('1.5')).toThrow(/floating/);
    expect(() => ev('"s"')).toThrow(/not valid/);
    expect(() => ev('a = 1')).toThrow();
    expect(() => ev('')).toThrow(/no expression/);
  });
  it('true/false are 1/0 in C++ only; named operators in C++', () => {
    expect(ev('true', { cplusplus: true }).v).toBe(1n);
    expect(ev('true').v).toBe(0n);
    expect(ev('1 and not 0', { cplusplus: true }).v).toBe(1n);
  });
  it('reads suffixes, bases and char signedness', () => {
    expect(parseNumber('0xffffffffffffffff')).toEqual({ v: 0xffffffffffffffffn, u: true });
    expect(parseNumber('42ull')).toEqual({ v: 42n, u: true });
    expect(parseNumber("1'000")).toEqual({ v: 1000n, u: false });
    expect(() => parseNumber('09')).toThrow(/octal/);
    expect(() => parseNumber('1uu')).toThrow(/suffix/);
    expect(parseChar("'\\xff'")).toEqual({ v: -1n, u: false });
    expect(parseChar("'\\xff'", { unsignedChar: true })).toEqual({ v: 255n, u: true });
  });
  it('evaluates casts to known integer types in value mode only', () => {
    expect(ev('((uint32_t)0x40000000UL + 0x400)', { valueMode: true }).v).toBe(0x40000400n);
    expect(ev('(uint8_t)0x1ff', { valueMode: true }).v).toBe(0xffn);
    expect(() => ev('(foo)1', { valueMode: true })).toThrow();
  });
});
