// ownStrings: long parts re-cut from one joined string keep their values and order; short ones are left as they are.
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ownString, ownStrings, SLICED_MIN_LENGTH } from '../../src/model/own-strings.js';

/** Heap in use after a full collection. */
function heapAfterCollection(): number {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
  return v8.getHeapStatistics().used_heap_size;
}

/** A part cut from a 32 MB text, made its own string by `own`, and the heap the text would keep. */
function keptByPart(own: (part: string) => string): { part: string; kept: number } {
  let text: string | null = `${'x'.repeat(32 << 20)}a_part_longer_than_thirteen${Math.random()}`;
  // Read once, so that the text is one flat string before the heap is measured (a slice would flatten it).
  text.charCodeAt(0);
  const before = heapAfterCollection();
  const part = own(text.slice(32 << 20, (32 << 20) + 27));
  text = null;
  return { part, kept: heapAfterCollection() - before };
}

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

  it('detaches a lone long part too (join answers the very slice, which keeps its whole text)', () => {
    const lone = keptByPart((p) => ownStrings([p, 'ab'])[0]);
    expect(lone.part).toBe('a_part_longer_than_thirteen');
    expect(lone.kept).toBeLessThan(-16 << 20);
    const single = keptByPart(ownString);
    expect(single.part).toBe('a_part_longer_than_thirteen');
    expect(single.kept).toBeLessThan(-16 << 20);
  });
});
