// viewJson writes a view's JSON in flat pieces; it must equal the JSON of the view with its defines as
// [line, value] pairs, whatever the number of defines (none, one piece, several pieces and a partial one).
import { describe, expect, it } from 'vitest';
import { parseView, viewJson } from '../../src/index/view-encodings.js';
import type { DefineValues, FileView } from '../../src/preprocessor/unit-result.js';

function plainJson(view: FileView): string {
  const pairs: [number, string | null][] = [];
  for (let k = 0; k < view.defines.length; k += 2) pairs.push([view.defines[k] as number, view.defines[k + 1] as string | null]);
  const fields = Object.fromEntries(Object.entries(view).map(([key, value]) => [key, key === 'defines' ? pairs : value]));
  return JSON.stringify(fields);
}

function viewOf(defines: number, decisions: boolean): FileView {
  const values: DefineValues = [];
  for (let i = 0; i < defines; i++) values.push(3 * i + 1, i % 5 === 0 ? null : i % 7 === 0 ? `"q\\${i}"` : String(i * 16));
  return { lines: 3 * defines + 4, ranges: [1, 2, 5, 3 * defines + 4], ...(decisions ? { evaluated: [3], taken: [3] } : {}), defines: values };
}

describe('viewJson', () => {
  for (const n of [0, 1, 4095, 4096, 4097, 12_289]) {
    it(`equals the plain JSON of a view of ${n} #defines and round-trips`, () => {
      for (const decisions of [false, true]) {
        const view = viewOf(n, decisions);
        const json = viewJson(view);
        expect(json).toBe(plainJson(view));
        expect(parseView(json)).toEqual(view);
      }
    });
  }
});
