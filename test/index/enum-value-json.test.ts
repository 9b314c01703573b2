// enum_value as JSON gives it: an integer number when exact as a double, the exact decimal string beyond 2^53.
import { describe, expect, it } from 'vitest';
import { enumValueOf } from '../../src/index/sqlite-index.js';

describe('enumValueOf', () => {
  it('gives safe integers as numbers, negative ones included', () => {
    expect(enumValueOf('4')).toBe(4);
    expect(enumValueOf('-2147483648')).toBe(-2147483648);
    expect(enumValueOf('9007199254740991')).toBe(9007199254740991);
  });

  it('keeps 64-bit values beyond 2^53 exact as decimal strings', () => {
    expect(enumValueOf('9007199254740993')).toBe('9007199254740993');
    expect(enumValueOf('18446744073709551615')).toBe('18446744073709551615');
    expect(enumValueOf('-9223372036854775808')).toBe('-9223372036854775808');
  });

  it('is null only when the value was not evaluable', () => {
    expect(enumValueOf(null)).toBeNull();
    expect(enumValueOf(undefined)).toBeNull();
    expect(enumValueOf('0')).toBe(0);
  });
});
