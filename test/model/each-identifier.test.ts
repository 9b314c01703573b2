// Identifiers of a text visited one at a time: the same names in the same order as /[A-Za-z_]\w*/g matches them,
// over code, numbers with letters in them, and characters past ASCII.
import { describe, expect, it } from 'vitest';
import { eachIdentifier } from '../../src/model/each-identifier.js';

const byRegex = (text: string): string[] => text.match(/[A-Za-z_]\w*/g) ?? [];

function visited(text: string): string[] {
  const out: string[] = [];
  eachIdentifier(text, (id) => out.push(id));
  return out;
}

describe('eachIdentifier', () => {
  it('visits what the regular expression matches', () => {
    const texts = [
      '',
      'x',
      '#define UART_BASE 0x4000C000UL /* base */\nint uart_init(void) { return _priv_3 + 1e5f; }',
      '0x1Fu 12ab 9_x __COUNTER__ a1b2',
      'é_name naïve ünicode_9 x\u00e9y \u{1F600}z',
      '  trailing_id',
      'a.b->c::d[e](f)',
    ];
    for (const text of texts) expect(visited(text)).toEqual(byRegex(text));
  });

  it('visits what the regular expression matches in random texts', () => {
    const alphabet = 'aZ_09 .\n(é#x';
    let seed = 11;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let t = 0; t < 300; t++) {
      const text = Array.from({ length: next() % 40 }, () => alphabet[next() % alphabet.length]).join('');
      expect(visited(text)).toEqual(byRegex(text));
    }
  });
});
