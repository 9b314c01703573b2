// A command's JSON written in pieces: joined, the pieces are JSON.stringify(value, null, 2) exactly, an index result's
// builds one piece each; and `fw-context index --json` prints that text.
import { describe, expect, it } from 'vitest';
import { prettyJsonPieces } from '../../src/cli/pretty-json-pieces.js';
import { outInPieces } from '../../src/cli/command-kit.js';

const joined = (v: unknown): string => [...prettyJsonPieces(v)].join('');

describe('pretty JSON in pieces', () => {
  it('joins to what JSON.stringify(value, null, 2) writes, whatever the value', () => {
    const values: unknown[] = [
      { root: '/p', builds: [{ variant: 'a', diagnostics: [{ line: 3, message: 'x\ny "q"' }] }, { variant: 'b', diagnostics: [] }], parsed: 3 },
      { empty: [], nothing: {}, gone: undefined, fn: () => 1, sym: Symbol('s'), when: new Date(0), list: [undefined, () => 0, null, [1, [2, {}]]] },
      { sparse: [1, , 3], nested: { deep: { list: [{ a: [] }] } } },
      {},
      [1, { a: 2 }],
      'text',
      7,
      null,
      { toJSON: () => ({ replaced: [1, 2] }) },
      { only: undefined },
    ];
    for (const v of values) expect(joined(v)).toBe(JSON.stringify(v, null, 2));
  });

  it('gives each element of a top-level array its own piece', () => {
    const builds = Array.from({ length: 5 }, (_, i) => ({ variant: `env${i}`, diagnostics: [{ message: 'm' }] }));
    const pieces = [...prettyJsonPieces({ root: '/p', builds, parsed: 1 })];
    // `{` + root, the key of builds, five builds, the closing bracket, parsed, the closing brace.
    expect(pieces).toHaveLength(10);
    expect(pieces.filter((p) => p.includes('"variant"'))).toHaveLength(5);
  });

  it('a command output in pieces gives its text only when asked, as the one string would be', () => {
    const value = { builds: [{ variant: 'a' }], failed: [] };
    const o = outInPieces(true, value, () => 'not json', 1);
    expect(o.exitCode).toBe(1);
    expect([...o.pieces!()].join('')).toBe(JSON.stringify(value, null, 2));
    expect(o.text).toBe(JSON.stringify(value, null, 2));
    const plain = outInPieces(false, value, () => 'as text');
    expect([plain.text, plain.pieces]).toEqual(['as text', undefined]);
  });
});
