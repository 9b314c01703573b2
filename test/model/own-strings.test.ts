// ownStrings: long parts re-cut from one joined string keep their values and order; short ones are left as they are.
import { describe, expect, it } from 'vitest';
import { ownStrings, SLICED_MIN_LENGTH } from '../../src/model/own-strings.js';

describe('ownStrings', () => {
  it('gives every part its value back, in order, long ones cut from one string', () => {
    const text = `#define A_LONG_MACRO_NAME 1\n#if defined(CONFIG_SOMETHING_LONG)\n#x\n${'y'.repeat(SLICED_MIN_LENGTH)}`;
    const parts = [text.slice(8, 27), text.slice(0, 2), '', text.slice(29, 63), text.slice(text.length - SLICED_MIN_LENGTH)];
    const before = [...parts];
    const out = ownStrings(parts);
    expect(out).toBe(parts);
    expect(out).toEqual(before);
  });

  it('leaves a list without long parts as it is', () => {
    const parts = ['a', 'bc', ''];
    expect(ownStrings(parts)).toEqual(['a', 'bc', '']);
  });
});
