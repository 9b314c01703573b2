// The first item of a stored #undef marks list: marks grouped by file and runs as base64 varints, giving back the
// same marks and runs (runs absent stay absent), in well under two thirds of the characters of their JSON.
import { describe, expect, it } from 'vitest';
import { marksItem, marksOfItem } from '../../src/index/marks-item.js';

describe('#undef marks items', () => {
  it('give back the marks and runs they were made from', () => {
    const marks = [3, 0, 0, 3, 3, 1, 5, 0, 0, 5, 66, 2, 5, 652, 3, 8, 0, 3, 8, 40, 1, 2, 10, 1];
    const runs = [7, 7, 2, 11, 20, 3, 22, 36, 1];
    expect(marksOfItem(marksItem({ states: [], marks, runs }))).toEqual({ marks, runs });
    expect(marksOfItem(marksItem({ states: [], marks }))).toEqual({ marks });
    expect(marksOfItem(marksItem({ states: [], marks: [], runs: [] }))).toEqual({ marks: [], runs: [] });
  });

  it('take well under two thirds of the characters of the JSON of a file-heavy marks list', () => {
    const marks: number[] = [];
    for (let k = 0; k < 200; k++) marks.push(k, 0, 0, k, 20 + k, 1);
    const item = JSON.stringify(marksItem({ states: [], marks }));
    expect(item.length * 3).toBeLessThan(JSON.stringify({ marks }).length * 2);
  });
});
