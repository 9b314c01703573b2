// The deciding directive from a skeleton and stored decisions, on hand-made views: nested groups, #elif
// chains, groups never evaluated, directive lines, and views stored without decisions.
import { describe, expect, it } from 'vitest';
import type { FileLinesRow } from '../../src/index/index-reader.js';
import { encodeLineSet } from '../../src/model/line-ranges.js';
import { buildSkeleton } from '../../src/preprocessor/file-skeleton.js';
import { conditionNames, explainLine } from '../../src/query/deciding-directive.js';

const TEXT = [
  '#if defined(A)', //  1
  'int a;', //          2
  '#  ifdef B', //      3
  'int ab;', //         4
  '#  endif', //        5
  '#elif C > 2', //     6
  'int c;', //          7
  '#else', //           8
  'int other;', //      9
  '#endif', //         10
  '#define X 1', //    11
  'int tail;', //      12
].join('\n');
const sk = buildSkeleton('f.c', TEXT);

function view(active: number[], evaluated: number[], taken: number[], recorded = true): FileLinesRow {
  return { buildId: 1, path: 'f.c', lineCount: 12, active: encodeLineSet(active), evaluated: encodeLineSet(evaluated), taken: encodeLineSet(taken), decisionsRecorded: recorded, linesId: 1 };
}

describe('explainLine', () => {
  it('names the inner #ifdef when the outer branch was taken', () => {
    const v = explainLine(sk, view([2, 12], [1, 3], [1]), 4);
    expect(v).toMatchObject({ compiled: false, reason: 'inactive_branch', deciding: { line: 3, text: '#ifdef B', condition: 'B' } });
    expect(v.deciding!.taken_instead).toBeUndefined();
  });

  it('names the outer #if, not an inner group the build never evaluated', () => {
    const v = explainLine(sk, view([7, 12], [1], [6]), 4);
    expect(v.deciding).toMatchObject({ line: 1, text: '#if defined(A)', taken_instead: { line: 6, text: '#elif C > 2' } });
  });

  it('explains an #else branch by the branch taken instead, and an #elif by its own condition', () => {
    expect(explainLine(sk, view([2, 4, 12], [1, 3], [1, 3]), 9).deciding).toMatchObject({ line: 8, text: '#else', condition: '', taken_instead: { line: 1 } });
    expect(explainLine(sk, view([9, 12], [1], [8]), 7).deciding).toMatchObject({ line: 6, condition: 'C > 2', taken_instead: { line: 8 } });
  });

  it('says a directive line is processed when every branch around it was taken, and whether its branch was', () => {
    expect(explainLine(sk, view([2, 12], [1, 3], [1]), 11)).toMatchObject({ compiled: true, directive: { text: '#define X 1' } });
    expect(explainLine(sk, view([2, 12], [1, 3], [1]), 3)).toMatchObject({ compiled: true, directive: { text: '#ifdef B', branch_taken: false } });
    expect(explainLine(sk, view([7, 12], [1], [6]), 3)).toMatchObject({ compiled: false, reason: 'inactive_branch', deciding: { line: 1 } });
    expect(explainLine(sk, view([7, 12], [1], [6]), 6)).toMatchObject({ compiled: true, directive: { branch_taken: true } });
  });

  it('reports lines nothing explains, and lines past the end', () => {
    expect(explainLine(sk, view([], [], []), 12)).toMatchObject({ compiled: false, reason: 'not_reached' });
    expect(explainLine(sk, view([12], [], []), 40)).toMatchObject({ compiled: false, reason: 'beyond_end' });
  });

  it('without stored decisions, takes the outermost branch that holds no compiled line', () => {
    expect(explainLine(sk, view([2, 12], [], [], false), 4).deciding).toMatchObject({ line: 3 });
    expect(explainLine(sk, view([9, 12], [], [], false), 4).deciding).toMatchObject({ line: 1 });
  });
});

describe('conditionNames', () => {
  it('lists the macros a condition tests, not the operators', () => {
    expect(conditionNames('defined(CONFIG_X) && IS_ENABLED(CONFIG_Y) || __has_include(<zephyr/x.h>) && BOARD_REV >= 2')).toEqual(['CONFIG_X', 'IS_ENABLED', 'CONFIG_Y', 'BOARD_REV']);
  });
});
