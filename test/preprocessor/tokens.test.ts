// The lexer's punctuators: the longest one at each place, digraphs as their primary spelling, and characters
// that start no longer punctuator taken alone.
import { describe, expect, it } from 'vitest';
import { lexLine } from '../../src/preprocessor/tokens.js';

const spellings = (text: string) => lexLine(text).map((t) => `${t.k}:${t.v}`);

describe('lexLine punctuators', () => {
  it('takes the longest punctuator, and single ones where no longer one starts', () => {
    expect(spellings('a<<=b->*c...(d)[e]{f},g;h?i~j')).toEqual([
      'ident:a', 'punct:<<=', 'ident:b', 'punct:->*', 'ident:c', 'punct:...', 'punct:(', 'ident:d', 'punct:)',
      'punct:[', 'ident:e', 'punct:]', 'punct:{', 'ident:f', 'punct:}', 'punct:,', 'ident:g', 'punct:;', 'ident:h',
      'punct:?', 'ident:i', 'punct:~', 'ident:j',
    ]);
    expect(spellings('x##y #z <=> a::b .* c')).toEqual(['ident:x', 'punct:##', 'ident:y', 'punct:#', 'ident:z', 'punct:<=>', 'ident:a', 'punct:::', 'ident:b', 'punct:.*', 'ident:c']);
  });

  it('maps digraphs to their primary spelling and keeps other characters as they are', () => {
    expect(spellings('<: :> <% %> %: %:%: @ `')).toEqual(['punct:[', 'punct:]', 'punct:{', 'punct:}', 'punct:#', 'punct:##', 'other:@', 'other:`']);
  });
});
