// A cast to a type name before a parenthesized operand (`(UCHAR)(x)`), which tree-sitter reads as a call of the type
// name, is kept apart from other calls: its row holds the parenthesized name as its detail (the call graph leaves it
// out where the build declares that typedef), and a function pointer held in a parameter, local or file-scope
// variable and called in parentheses is a call through that pointer.
import { describe, expect, it } from 'vitest';
import { extractCalls } from '../../src/parser/extract-calls.js';

describe('casts that read as calls', () => {
  const text = [
    'typedef unsigned char UCHAR;',
    'typedef void (*notify_t)(unsigned long);',
    'static notify_t g_notify;',
    'int f(int x, void (*done)(unsigned long))',
    '{',
    '    notify_t local = g_notify;',
    '    UCHAR c = (UCHAR)(x & 0xff);',
    '    unsigned long n = (ULONG)(x + 1) + (ULONG)((x));',
    '    (done)(c);',
    '    (local)(n);',
    '    (g_notify)(1);',
    '    return g(x) + (int)(n);',
    '}',
    '',
  ].join('\n');

  it('mark a call of a parenthesized name with that name; pointers called in parentheses stay calls through them', () => {
    for (const language of ['c', 'cpp'] as const) {
      const refs = extractCalls(text, { relPath: 'x.c', language, fileText: text }).references.filter((r) => r.kind === 'call' || r.kind === 'indirect');
      expect(refs.map((r) => `${r.kind} ${r.name} ${r.line} ${r.detail}`)).toEqual([
        'call UCHAR 7 (UCHAR)',
        'call ULONG 8 (ULONG)',
        'call ULONG 8 (ULONG)',
        'indirect done 9 (done)',
        'indirect local 10 (local)',
        'indirect g_notify 11 (g_notify)',
        'call g 12 null',
      ]);
    }
  });
});
