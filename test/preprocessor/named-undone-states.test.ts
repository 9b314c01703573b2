// A build's merge names each #undef state of its units' marks by the paths and contents of the files its #defines are
// in: a state list shared by many units (every unit reading Marlin's configuration headers has the same ~120) is read
// once per set of those files, not once per unit; units whose files there differ get their own names.
import { describe, expect, it } from 'vitest';
import { StateNames, undoneByFile, UndoneSharing, type UndoneMarks } from '../../src/preprocessor/undone-names.js';
import type { UnitFileRead } from '../../src/preprocessor/unit-result.js';
import { StateContents } from '../../src/preprocessor/state-contents.js';

const view = { lines: 40, ranges: [1, 40], defines: [] };
const files = (configHash: string): UnitFileRead[] => [
  { file: '/p/src/unit.cpp', hash: 'u', view },
  { file: '/p/inc/Conditionals.h', hash: configHash, view },
];

/** Shared state lists, as the walks' results hold them: names #undef'd, one defined again at line 12 of file 1. */
const states: (readonly string[])[] = [[], ['A', 'B'], ['A', 'B\u00001\u000012'], ['A', 'B\u00001\u000012', 'C']];
const marks: UndoneMarks = { states, marks: [1, 0, 1, 1, 5, 2, 1, 9, 3] };

describe('naming the #undef states of a build', () => {
  it('reads a shared state once per set of files its #defines are in', () => {
    const sharing = new UndoneSharing();
    const same = Array.from({ length: 20 }, () => undoneByFile({ files: files('h1'), undone: marks }, undefined, sharing).get('/p/inc/Conditionals.h'));
    expect(sharing.statesRead).toBe(states.length);
    for (const m of same) expect(m?.text).toBe(same[0]?.text);
    const other = undoneByFile({ files: files('h2'), undone: marks }, undefined, sharing).get('/p/inc/Conditionals.h');
    // The two states naming a #define of the header are named again: its content differs.
    expect(sharing.statesRead).toBe(states.length + 2);
    expect(other?.text).not.toBe(same[0]?.text);
    expect(other?.unit.byName[2].get('B')).toBe('/p/inc/Conditionals.h\u000012');
  });

  it('numbers the files of the #defines by path and content, and names states by those numbers alike', () => {
    const sharing = new UndoneSharing();
    const [unit, config] = files('h1');
    expect(sharing.fileNumber(config)).toBe(sharing.fileNumber({ ...config }));
    expect(sharing.fileNumber(unit)).not.toBe(sharing.fileNumber(config));
    expect(sharing.fileNumber({ ...config, hash: 'h2' })).not.toBe(sharing.fileNumber(config));
    expect(sharing.fileNumber({ ...config, file: '/q/inc/Conditionals.h' })).not.toBe(sharing.fileNumber(config));
    // Another list with the same entries, its #define's file at another place among the unit's: named the same.
    const moved: UnitFileRead[] = [unit, { file: '/p/inc/other.h', hash: 'o', view }, config];
    const a = undoneByFile({ files: files('h1'), undone: { states: [[], ['A', 'B\u00001\u000012']], marks: [1, 0, 1] } }, undefined, sharing).get('/p/inc/Conditionals.h');
    const b = undoneByFile({ files: moved, undone: { states: [[], ['A', 'B\u00002\u000012']], marks: [2, 0, 1] } }, undefined, sharing).get('/p/inc/Conditionals.h');
    expect(b?.text).toBe(a?.text);
    expect(b?.unit.byName[1].get('B')).toBe('/p/inc/Conditionals.h\u000012');
    expect(sharing.named.size).toBe(2);
  });

  it('finds a state by its names, lines and #define files whatever their places among the unit\'s files', () => {
    const sharing = new UndoneSharing();
    const contents = new StateContents<string>((f) => sharing.fileNumber(f));
    const [unit, config] = files('h1');
    const other = { file: '/p/inc/pins.h', hash: 'p', view };
    const a: UnitFileRead[] = [unit, config, other];
    const b: UnitFileRead[] = [unit, other, { ...config }, { file: '/p/x.h', hash: 'x', view }];
    const made = (v: string) => () => v;
    expect(contents.get(['A', 'B\u00001\u000012', 'C\u00002\u00007'], a, made('first'))).toBe('first');
    // The same names, lines and files at other places, in other lists: found.
    expect(contents.get(['A', 'B\u00002\u000012', 'C\u00001\u00007'], b, made('second'))).toBe('first');
    // Another line, another file's content, a name undefined instead of defined again: each a state of its own.
    expect(contents.get(['A', 'B\u00002\u000013', 'C\u00001\u00007'], b, made('line'))).toBe('line');
    expect(contents.get(['A', 'B\u00001\u000012', 'C\u00002\u00007'], [unit, { ...config, hash: 'h2' }, other], made('content'))).toBe('content');
    expect(contents.get(['A', 'B', 'C\u00002\u00007'], a, made('undefined'))).toBe('undefined');
    expect(contents.size).toBe(4);
  });

  it('holds apart only the names a #define defines again, the others read in the state\'s own list', () => {
    const state = ['A', 'B\u00001\u000012', 'C', 'D_LONGER_NAME'];
    const names = StateNames.of(state, files('h1'));
    expect(names.heldApart).toBe(1);
    expect(['A', 'B', 'C', 'D_LONGER_NAME', 'D', 'AB', ''].map((n) => names.get(n))).toEqual(['', '/p/inc/Conditionals.h\u000012', '', '', undefined, undefined, undefined]);
    // A list out of order is read as a whole.
    const unsorted = StateNames.of(['C', 'A', 'B\u00001\u000012'], files('h1'));
    expect(unsorted.heldApart).toBe(3);
    expect(['A', 'B', 'C', 'D'].map((n) => unsorted.get(n))).toEqual(['', '/p/inc/Conditionals.h\u000012', '', undefined]);
  });
});
