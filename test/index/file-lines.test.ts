// The index keeps, per build and file, the lines the build compiles and its conditional decisions; builds
// that see a file the same way share one stored line set.
import { beforeAll, describe, expect, it } from 'vitest';
import { LineSet, encodeActiveRows, encodeLineSet, decodeRanges } from '../../src/model/line-ranges.js';
import { requireReader, withProject } from '../../src/query/project-context.js';
import { indexedFixture } from '../helpers/fixture-project.js';

let root: string;
beforeAll(async () => {
  ({ root } = await indexedFixture(['index', 'multi-board-masked']));
});

function linesOf(variant: string, file: string) {
  return withProject(root, (ctx) => {
    const reader = requireReader(ctx);
    const build = reader.builds().find((b) => b.variant === variant)!;
    return reader.fileLines(build.id, file);
  });
}

describe('line ranges text', () => {
  it('round-trips rows and line sets', () => {
    expect(encodeActiveRows(Uint8Array.from([1, 1, 0, 1, 0, 0, 1, 1, 1]))).toBe('1-2,4,7-9');
    expect(encodeLineSet([9, 3, 4, 5, 1])).toBe('1,3-5,9');
    expect(decodeRanges('1-2,4')).toEqual([[1, 2], [4, 4]]);
    const s = new LineSet('1-2,4,7-9');
    expect([0, 1, 2, 3, 4, 5, 7, 9, 10].map((n) => s.has(n))).toEqual([false, true, true, false, true, false, true, true, false]);
    expect(s.size).toBe(6);
  });
});

describe('build_file_lines', () => {
  it('stores the compiled lines of each build', () => {
    const a = new LineSet(linesOf('build-board-a', 'src/radio.c')!.active);
    const b = new LineSet(linesOf('build-board-b', 'src/radio.c')!.active);
    expect([6, 12, 17, 23, 34].map((l) => a.has(l))).toEqual([true, true, false, false, true]);
    expect([6, 12, 17, 23, 34].map((l) => b.has(l))).toEqual([false, false, true, true, false]);
  });

  it('stores which #if heads were evaluated and which branches were taken', () => {
    const a = linesOf('build-board-a', 'src/radio.c')!;
    const b = linesOf('build-board-b', 'src/radio.c')!;
    expect(a.decisionsRecorded).toBe(true);
    expect(new LineSet(a.evaluated).has(4)).toBe(true);
    expect(new LineSet(a.taken).has(4)).toBe(true);
    expect(new LineSet(a.taken).has(15)).toBe(false);
    expect(new LineSet(b.taken).has(15)).toBe(true);
    expect(new LineSet(b.taken).has(33)).toBe(false);
    expect(new LineSet(b.evaluated).has(33)).toBe(true);
  });

  it('gives builds that see a file differently their own line set, and none for files a build does not read', () => {
    expect(linesOf('build-board-a', 'include/radio.h')!.linesId).not.toBe(linesOf('build-board-b', 'include/radio.h')!.linesId);
    expect(linesOf('build-board-a', 'src/radio.c')!.linesId).not.toBe(linesOf('build-board-b', 'src/radio.c')!.linesId);
    expect(linesOf('build-board-a', 'src/nowhere.c')).toBeNull();
  });
});
