// ownStrings: long parts re-cut from one joined string keep their values and order; short ones are left as they are.
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ownString, ownStrings, SharedStrings, SLICED_MIN_LENGTH } from '../../src/model/own-strings.js';
import { parseCompileDatabase } from '../../adapters/compile-commands/read-compile-database.js';

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

describe('SharedStrings', () => {
  it('gives each list its values back, in order, the list given left as it is', () => {
    const shared = new SharedStrings();
    const a = 'gcc -I/work/project/include/long/path -DCONFIG_A=1 -c a.c'.split(' ');
    const b = 'gcc -I/work/project/include/long/path -DCONFIG_B=2 -c b.c -I/work/project/include/long/path'.split(' ');
    const given = [...b];
    expect(shared.of(a)).toEqual(a);
    expect(shared.of(b)).toEqual(given);
    expect(b).toEqual(given);
  });

  it("keeps a compile database's repeated flags once, not each unit's command", () => {
    const flags = Array.from({ length: 200 }, (_, i) => `-I/work/project/some/rather/long/include/folder_${i}`).join(' ');
    const entries = Array.from({ length: 1000 }, (_, i) => ({ directory: '/work/build', command: `gcc ${flags} -DUNIT_${i} -c /work/src/f${i}.c -o f${i}.o`, file: `/work/src/f${i}.c` }));
    let text: string | null = JSON.stringify(entries);
    const before = heapAfterCollection();
    const units = parseCompileDatabase(text, '/work/build/compile_commands.json').units;
    text = null;
    const kept = heapAfterCollection() - before;
    expect(units).toHaveLength(1000);
    expect(units[999].arguments.slice(-5)).toEqual(['-DUNIT_999', '-c', '/work/src/f999.c', '-o', 'f999.o']);
    expect(units[999].arguments[1]).toBe('-I/work/project/some/rather/long/include/folder_0');
    // 1 000 commands of ~10 KB: ~10 MB as slices of each command; the lists themselves take ~1.7 MB.
    expect(kept).toBeLessThan(4 << 20);
  });
});

