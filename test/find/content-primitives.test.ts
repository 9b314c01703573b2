// The pieces under find: trigrams a regex implies, gitignore-style scope globs, fuzzy ranking, line
// matching, and the preprocessor structure used to judge directive lines.
import { describe, expect, it } from 'vitest';
import { fuzzyScore } from '../../src/content/fuzzy-score.js';
import { findLines, linePattern } from '../../src/content/line-match.js';
import { pathScope } from '../../src/content/path-scope.js';
import { literalTrigrams, regexTrigramGroups } from '../../src/content/trigrams.js';
import { directiveLines } from '../../src/query/find-build-lines.js';

describe('trigrams', () => {
  it('of a literal: every 3-character substring', () => {
    expect(literalTrigrams('uart_')).toEqual(['uar', 'art', 'rt_']);
    expect(literalTrigrams('ab')).toEqual([]);
  });

  it('of a regex: the literal runs every match needs, per alternative', () => {
    expect(regexTrigramGroups('fn handle_\\w+')).toEqual([['fn ', 'n h', ' ha', 'han', 'and', 'ndl', 'dle', 'le_']]);
    expect(regexTrigramGroups('baud > \\d+')).toEqual([['bau', 'aud', 'ud ', 'd >', ' > ']]);
    expect(regexTrigramGroups('spi_(read|write)')).toEqual([['spi', 'pi_']]);
    expect(regexTrigramGroups('uart_init|spi_init')).toEqual([['uar', 'art', 'rt_', 't_i', '_in', 'ini', 'nit'], ['spi', 'pi_', 'i_i', '_in', 'ini', 'nit']]);
    // An optional character breaks the run; a required repeated one ends it.
    expect(regexTrigramGroups('colou?r')).toEqual([['col', 'olo']]);
    expect(regexTrigramGroups('(a+)+$')).toBeNull();
    expect(regexTrigramGroups('ab|cde')).toBeNull();
    expect(regexTrigramGroups('\\.text\\b')).toEqual([['.te', 'tex', 'ext']]);
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
