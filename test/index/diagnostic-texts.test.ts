// A unit result's diagnostics as the text its list is stored under: the JSON of the list and its sha1, the last list's
// text taken again for a list equal to it field by field (copies of the same header's diagnostics), never for one
// that differs in any field or was changed since.
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { diagnosticsText } from '../../src/index/diagnostic-lists.js';
import { sha1 } from '../../src/model/sha1.js';

const missing = (line: number): Diagnostic => ({ severity: 'warning', file: '/p/a.h', line, message: '<x.h>: no such file', fix: 'add its folder' });

describe('diagnostics texts', () => {
  it('are the JSON of the list and its sha1, the last text again for an equal list', () => {
    const first = [missing(3), missing(9)];
    const text = diagnosticsText(first);
    expect(text).toEqual({ json: JSON.stringify(first), hash: sha1(JSON.stringify(first)) });
    // Copies of the same diagnostics: the same text object, not made again.
    expect(diagnosticsText(first.map((d) => ({ ...d })))).toBe(text);
    const others: Diagnostic[][] = [
      [missing(3), missing(10)],
      [missing(3), { ...missing(9), severity: 'error' }],
      [missing(3), { ...missing(9), fix: undefined }],
      [missing(3), { ...missing(9), message: 'other' }],
      [missing(3), { ...missing(9), file: '/p/b.h' }],
      [missing(3)],
    ];
    for (const list of others) {
      const before = diagnosticsText([missing(3), missing(9)]);
      const made = diagnosticsText(list);
      expect(made).not.toBe(before);
      expect(made).toEqual({ json: JSON.stringify(list), hash: sha1(JSON.stringify(list)) });
    }
  });

  it('are not taken from a list changed after its text was made', () => {
    const list = [missing(4)];
    const text = diagnosticsText(list);
    list.push(missing(5));
    const changed = [missing(4), missing(5)];
    expect(diagnosticsText(changed)).not.toBe(text);
    expect(diagnosticsText(changed).json).toBe(JSON.stringify(changed));
  });
});
