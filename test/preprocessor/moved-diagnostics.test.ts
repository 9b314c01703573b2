// The diagnostics of a carried walk over an edit: those of other files stay (the same list when none moves), those
// on a kept directive of an edited file move to its new line, and one without a line, on a line of code or on a
// directive whose diagnostics are not known refuses the carry.
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { buildSkeleton } from '../../src/preprocessor/file-skeleton.js';
import { movedDiagnostics } from '../../src/preprocessor/moved-diagnostics.js';

const FILE = '/p/include/h.h';
const before = buildSkeleton(FILE, ['#include <absent.h>', 'int code;', '#pragma pack(1)', '#if 1 +', '#endif', '#error stop'].join('\n'));
// The edit added two lines at the top: each directive two lines down.
const kept = new Map([
  [1, 3],
  [3, 5],
  [4, 6],
  [5, 7],
  [6, 8],
]);
const edits = [{ file: FILE, before }];
const moved = (list: Diagnostic[]) => movedDiagnostics(list, edits, () => kept);
const diag = (file: string, line: number | undefined, message: string): Diagnostic => ({ severity: 'error', file, line, message });

describe('moved diagnostics', () => {
  it("keeps another file's diagnostics and the list itself when none moves", () => {
    const list = [diag('/p/src/a.c', 1, '<absent.h>: no such file')];
    expect(moved(list)).toBe(list);
  });

  it('moves those on a kept #include, #if and #error to their new lines, fields in order, in place', () => {
    const list = [diag(FILE, 1, '<absent.h>: no such file'), diag('/p/src/a.c', 1, 'other'), diag(FILE, 4, 'expected value in expression (in #if)'), diag(FILE, 6, '#error stop')];
    const out = moved(list)!;
    expect(out.map((d) => d.line)).toEqual([3, 1, 6, 8]);
    expect(Object.keys(out[0])).toEqual(['severity', 'file', 'line', 'message']);
    expect(out[1]).toBe(list[1]);
    expect(list[0].line).toBe(1);
  });

  it('refuses one without a line, on a line of code, on a #pragma or on a directive the edit did not keep', () => {
    expect(moved([diag(FILE, undefined, `cannot read ${FILE}`)])).toBeNull();
    expect(moved([diag(FILE, 2, 'on code')])).toBeNull();
    expect(moved([diag(FILE, 3, 'on a pragma')])).toBeNull();
    expect(movedDiagnostics([diag(FILE, 1, '<absent.h>: no such file')], edits, () => new Map())).toBeNull();
  });
});
