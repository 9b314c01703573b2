// A result's #undef marks as a stored list: each state after the first as its changes where those are shorter in
// JSON, the same text as weighing both written out gives, and read back to the same states; the same marks and states
// again give the text made before, while the last build that made lists read it.
import { describe, expect, it } from 'vitest';
import { undoneFromJson, undoneText } from '../../src/index/undone-lists.js';
import { marksItem } from '../../src/index/marks-item.js';
import { nextBuildGeneration } from '../../src/model/build-generation.js';
import type { UndoneMarks } from '../../src/preprocessor/undone-names.js';
import { seededRandom } from '../helpers/seeded-random.js';

/** The list's JSON as written when each state's change and the state itself were both written to be weighed. */
function weighedWritten(marks: UndoneMarks): string {
  const item = (prev: readonly string[], cur: readonly string[]): unknown => {
    const dropped = prev.filter((name) => !cur.includes(name));
    const added = cur.filter((name) => !prev.includes(name));
    const change = { ...(dropped.length ? { '-': dropped } : {}), ...(added.length ? { '+': added } : {}) };
    return JSON.stringify(change).length < JSON.stringify(cur).length ? change : cur;
  };
  return JSON.stringify([marksItem(marks), ...marks.states.map((s, i) => (i === 0 ? s : item(marks.states[i - 1], s)))]);
}

describe('stored #undef marks', () => {
  it('write each state as the shorter of it and its changes, and read back the same states', () => {
    const random = seededRandom(5);
    const names = Array.from({ length: 40 }, (_, k) => (k % 6 === 0 ? `D${k}\u0000${k % 4}\u0000${k * 3}` : k % 13 === 0 ? `Q\\"${k}` : `N${k}`));
    for (let n = 0; n < 300; n++) {
      const states: string[][] = [[]];
      let cur = new Set<string>();
      for (let s = 0; s < 1 + Math.floor(random() * 8); s++) {
        // Mostly a name or two changed, now and then most of them.
        const p = random() < 0.2 ? 0.5 : 0.04;
        cur = new Set(names.filter((x) => (random() < p ? !cur.has(x) : cur.has(x))));
        states.push([...cur].sort());
      }
      const marks: UndoneMarks = { states, marks: states.map((_, k) => [0, k * 2, k]).flat() };
      const text = undoneText(marks);
      expect(text.json).toBe(weighedWritten(marks));
      expect(undoneFromJson(text.json)?.states).toEqual(states);
    }
  });

  it('give the text made before for the same marks and states (the same lists), and their own text for others', () => {
    const states = [[], ['A', 'B'], ['A', 'B', 'C']];
    const marks: UndoneMarks = { states, marks: [0, 2, 1, 0, 4, 2] };
    const text = undoneText(marks);
    // Another unit's marks: the same states in a list of its own.
    expect(undoneText({ states: [...states], marks: [0, 2, 1, 0, 4, 2] })).toBe(text);
    const moved = { states, marks: [0, 3, 1, 0, 4, 2] };
    expect(undoneText(moved).json).toBe(weighedWritten(moved));
    // Equal states in other lists: the same text.
    const alike = { states: states.map((s) => [...s]), marks: marks.marks };
    expect(undoneText(alike).json).toBe(text.json);
    const other = { states: [[], ['A'], ['A', 'B', 'C']], marks: marks.marks };
    expect(undoneText(other).json).toBe(weighedWritten(other));
  });

  it('make a text again once a build that made lists did not read it (the texts age by build)', () => {
    const states = [[], ['KEPT_A', 'KEPT_B']];
    const marks: UndoneMarks = { states, marks: [0, 2, 1] };
    const text = undoneText(marks);
    nextBuildGeneration();
    expect(undoneText(marks)).toBe(text);
    nextBuildGeneration();
    undoneText({ states: [[], ['OTHER']], marks: [0, 4, 1] });
    nextBuildGeneration();
    const again = undoneText(marks);
    expect(again).not.toBe(text);
    expect(again).toEqual(text);
  });
});
