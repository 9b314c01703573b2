// Which lines a build reads, rebuilt from stored decisions: nested groups, directive-only branches, and
// groups inside a dead branch (never evaluated, so their directives stay hidden too).
import { describe, expect, it } from 'vitest';
import type { FileLinesRow } from '../../src/index/index-reader.js';
import { visibleLines } from '../../src/query/visible-lines.js';

const text = [
  '#include "a.h"', // 1
  '#if A', // 2 evaluated, taken
  '#  if B', // 3 evaluated, not taken
  'int b;', // 4
  '#  else', // 5 taken
  '#    define ONLY_NOT_B 1', // 6
  '#  endif', // 7
  'int a;', // 8
  '#else', // 9
  '#  ifdef C', // 10 never evaluated (dead branch)
  'int c;', // 11
  '#  endif', // 12
  '#endif', // 13
  '#define LAST 2', // 14
].join('\n');

const row = (active: string, evaluated: string, taken: string): FileLinesRow => ({ buildId: 1, path: 'x.c', lineCount: 14, active, evaluated, taken, decisionsRecorded: true, linesId: 1 });

describe('visibleLines', () => {
  it('shows live directives and conditional heads, hides dead branches and their directives', () => {
    const v = visibleLines('x.c', text, row('8', '2-3', '2,5'));
    const shown = [...v].flatMap((on, i) => (on ? [i + 1] : []));
    expect(shown).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 13, 14]);
  });

  it('shows only compiled lines when decisions were not recorded', () => {
    const v = visibleLines('x.c', text, { ...row('8', '', ''), decisionsRecorded: false });
    expect([...v].flatMap((on, i) => (on ? [i + 1] : []))).toEqual([8]);
  });
});
