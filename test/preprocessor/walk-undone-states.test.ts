// A walk's #undef states made each from an earlier version's changes are the states sorted whole: on random walks
// (names #undef'd, defined again, followed no more, in and out of order), asked for in and out of version order.
import { describe, expect, it } from 'vitest';
import type { MacroDef } from '../../src/preprocessor/macro-definition.js';
import { releaseSharedStates } from '../../src/preprocessor/shared-undone-states.js';
import type { UndoneStateList } from '../../src/preprocessor/undef-marks.js';
import { WalkUndoneStates, type UndoneStateSource } from '../../src/preprocessor/walk-undone-states.js';
import { seededRandom } from '../helpers/seeded-random.js';

/** A walk's states as UndefMarks keeps them: a Map changed in place, a flat copy of it per version. */
class RandomWalk implements UndoneStateSource {
  readonly undone = new Map<string, MacroDef | null>();
  private readonly states = new Map<number, UndoneStateList>();
  versions = 0;

  constructor(private readonly random: () => number) {}

  /** A few random changes: names undefined, defined again (at a line of a file; file 9 is none of the unit's), dropped. */
  step(): void {
    const changes = this.random() < 0.1 ? 40 : 1 + Math.floor(this.random() * 3);
    for (let c = 0; c < changes; c++) {
      const name = `N${Math.floor(this.random() * 60)}${this.random() < 0.1 ? '"q' : ''}`;
      const r = this.random();
      if (r < 0.3) this.undone.delete(name);
      else if (r < 0.6) this.undone.set(name, null);
      else this.undone.set(name, { name, file: `f${Math.floor(this.random() * 10)}`, line: Math.floor(this.random() * 50) } as unknown as MacroDef);
    }
  }

  version(): number {
    this.states.set(++this.versions, [...this.undone].flat());
    return this.versions;
  }

  undoneState(version: number): UndoneStateList {
    return this.states.get(version) ?? [];
  }

  undoneStateKey(version: number): number {
    // Plain states are found by their pairs (in order) under a key: one alike for states of the same names.
    return this.undoneState(version).length;
  }
}

const entryOf = (name: string, def: MacroDef): string | undefined => (def.file === 'f9' ? undefined : `${name}\u0000${def.file.slice(1)}\u0000${def.line}`);

/** The state's entries sorted whole (what a walk's states were made as). */
function sortedEntries(state: UndoneStateList): string[] {
  const out: string[] = [];
  for (let k = 0; k < state.length; k += 2) {
    const name = state[k] as string;
    const def = state[k + 1] as MacroDef | null;
    const entry = def === null ? name : entryOf(name, def);
    if (entry !== undefined) out.push(entry);
  }
  return out.sort();
}

describe('the #undef states of a walk', () => {
  it('are the states sorted whole, each distinct one once, whatever order they are asked for in', () => {
    const random = seededRandom(3);
    for (let w = 0; w < 60; w++) {
      if (w % 20 === 0) releaseSharedStates();
      const walk = new RandomWalk(random);
      const asked: number[] = [];
      for (let v = 0; v < 80; v++) {
        walk.step();
        asked.push(walk.version());
        // Now and then a version of before, or the empty state.
        if (random() < 0.2) asked.push(Math.floor(random() * walk.versions));
      }
      const states = new WalkUndoneStates(walk, entryOf);
      const byText = new Map<string, number>();
      for (const v of asked) {
        const place = states.placeOf(v);
        const want = sortedEntries(walk.undoneState(v));
        expect(states.lists[place]).toEqual(want);
        expect(Object.isFrozen(states.lists[place])).toBe(true);
        const text = want.join('\n');
        expect(byText.get(text) ?? place).toBe(place);
        byText.set(text, place);
      }
      expect(states.lists.length).toBe(new Set([...byText.keys(), '']).size);
    }
  });
});
