// The pieces under find: the text runs a regex implies, gitignore-style scope globs, fuzzy ranking, line
// matching, and the preprocessor structure used to judge directive lines.
import { describe, expect, it } from 'vitest';
import { fuzzyScore } from '../../src/content/fuzzy-score.js';
import { findLines, linePattern } from '../../src/content/line-match.js';
import { pathScope } from '../../src/content/path-scope.js';
import { regexLiteralRuns } from '../../src/content/trigrams.js';
import { directiveLines } from '../../src/query/find-build-lines.js';

describe('runs of text a regex implies', () => {
  it('are the literal runs every match needs, per alternative', () => {
    expect(regexLiteralRuns('fn handle_\\w+')).toEqual([['fn handle_']]);
    expect(regexLiteralRuns('baud > \\d+')).toEqual([['baud > ']]);
    expect(regexLiteralRuns('spi_(read|write)')).toEqual([['spi_']]);
    expect(regexLiteralRuns('uart_init|spi_init')).toEqual([['uart_init'], ['spi_init']]);
    // An optional character breaks the run; a required repeated one ends it; short runs say nothing.
    expect(regexLiteralRuns('colou?r')).toEqual([['colo']]);
    expect(regexLiteralRuns('gpio+_set')).toEqual([['gpio', '_set']]);
    expect(regexLiteralRuns('(a+)+$')).toBeNull();
    expect(regexLiteralRuns('ab|cde')).toBeNull();
    expect(regexLiteralRuns('\\.text\\b')).toEqual([['.text']]);
  });
});

describe('scope globs', () => {
  it('anchor globs with a slash, match names at any depth otherwise, let the last match decide', () => {
    const s = pathScope(['src/**', '!**/tests/**']);
    expect(['src/a.c', 'src/tests/x.c', 'tests/y.c', 'docs/a.md'].map(s)).toEqual([true, false, false, false]);
    const names = pathScope(['*.c', '!test_*']);
    expect(['src/a.c', 'tests/test_uart.c', 'a.h'].map(names)).toEqual([true, false, false]);
    expect(['src/a.c', 'tests/test_uart.c'].map(pathScope(['!tests']))).toEqual([true, false]);
    expect(['drivers/uart/u.c', 'drivers/spi/s.c'].map(pathScope(['drivers/', '!drivers/spi', 'drivers/spi/s.c']))).toEqual([true, true]);
    expect(() => pathScope(['!'])).toThrow(/empty glob/);
  });
});

describe('fuzzy ranking', () => {
  it('prefers word starts and runs', () => {
    const score = (c: string) => fuzzyScore('uartdrvinit', c) ?? -1;
    expect(score('uart_drv_init')).toBeGreaterThan(score('uart_driver_init'));
    expect(score('uart_drv_init')).toBeGreaterThan(score('test_uart_drv_init'));
    expect(fuzzyScore('uartdrvinit', 'uart_init')).toBeNull();
  });
});

describe('line matching', () => {
  it('one hit per line with the first column; word respects identifier boundaries', () => {
    const text = 'init();\nuart_init(); init2;\r\n  x = init + init;\n';
    expect(findLines(text, linePattern('init', 'literal', false)).map((h) => [h.line, h.column])).toEqual([[1, 1], [2, 6], [3, 7]]);
    expect(findLines(text, linePattern('init', 'word', false)).map((h) => [h.line, h.column, h.text])).toEqual([[1, 1, 'init();'], [3, 7, '  x = init + init;']]);
    expect(findLines(text, linePattern('INIT', 'literal', true)).length).toBe(3);
  });
});

describe('preprocessor structure', () => {
  it('ties each directive to its group or branch, continuation lines included', () => {
    const d = directiveLines('#ifndef A\n#define A \\\n  1\n#if X\nint x;\n#else\n#include "y.h"\n#endif\n#endif\n#pragma once\n');
    expect(Object.fromEntries([...d].map(([line, i]) => [line, [i.conditional, i.ref]]))).toEqual({
      1: [true, 1],
      2: [false, 1],
      3: [false, 1],
      4: [true, 4],
      6: [true, 4],
      7: [false, 6],
      8: [true, 4],
      9: [true, 1],
      10: [false, 0],
    });
  });
});
