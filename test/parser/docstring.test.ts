// Comment cleaning: a comment of one line takes a shorter path than a block of lines, with the same answer.
import { describe, expect, it } from 'vitest';
import { cleanComment } from '../../src/parser/docstring.js';

const ONE_LINE = [
  '/** Handle event 0 of driver 36. */',
  '/*! Qt style */',
  '/* plain */',
  '/***/',
  '/**   */',
  '/** * starred */',
  '/**< trailing after a field */',
  '///< trailing line comment',
  '//! bang',
  '//// four slashes',
  '// plain line',
  '//',
  '  /** padded */  ',
  '/** ends with stars ***/',
  '/** carriage return */\r',
  'already clean text',
  '  * a starred line',
  '',
];

describe('cleanComment', () => {
  it('answers a comment of one line as the path for several lines does', () => {
    // The trailing line feed sends the text down the path for several lines; trimmed, the text is the same.
    for (const raw of ONE_LINE) expect(cleanComment(raw), JSON.stringify(raw)).toBe(cleanComment(`${raw}\n`));
    expect(cleanComment('/** Handle event 0 of driver 36. */')).toBe('Handle event 0 of driver 36.');
    expect(cleanComment('///< trailing line comment')).toBe('trailing line comment');
  });
});
