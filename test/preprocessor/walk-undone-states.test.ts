// A walk's #undef states made each from an earlier version's changes are the states sorted whole: on random walks
// (names #undef'd, defined again, followed no more, in and out of order), asked for in and out of version order,
// the changes found by diffing two versions' states or told by the walk's log of them.
import { describe, expect, it } from 'vitest';
import type { MacroDef } from '../../src/preprocessor/macro-definition.js';
import { releaseSharedStates } from '../../src/preprocessor/shared-undone-states.js';
import type { UndoneChangeList, UndoneStateList } from '../../src/preprocessor/undef-marks.js';
import { WalkUndoneStates, type UndoneStateSource } from '../../src/preprocessor/walk-undone-states.js';
import { seededRandom } from '../helpers/seeded-random.js';

/**
 * A walk's states as UndefMarks keeps them: a Map changed in place, a flat copy of it per version; with `logged`, a
 * log of the changes, which tells a version's changes since another (see UndefMarks.changes).
 */
class RandomWalk implements UndoneStateSource {
  readonly undone = new Map<string, MacroDef | null>();
  private readonly states = new Map<number, UndoneStateList>();
  versions = 0;
  /** The versions whose states were read. */
  readonly read: number[] = [];
  private readonly log: { name: string; from: MacroDef | null | undefined; to: MacroDef | null | undefined }[] = [];
  private readonly madeAt: number[] = [];
  readonly undoneChanges?: (base: number, version: number) => UndoneChangeList | undefined;

  constructor(
    private readonly random: () => number,
    logged = false,
  ) {
    if (logged) this.undoneChanges = (base, version) => this.changes(base, version);
  }

  private set(name: string, to: MacroDef | null | undefined): void {
    this.log.push({ name, from: this.undone.get(name), to });
    if (to === undefined) this.undone.delete(name);
    else this.undone.set(name, to);
  }

  private changes(base: number, version: number): UndoneChangeList | undefined {
    if (base === 0) return undefined;
    const net = new Map<string, [MacroDef | null | undefined, MacroDef | null | undefined]>();
    for (const c of this.log.slice(this.madeAt[base], this.madeAt[version])) net.set(c.name, [net.has(c.name) ? net.get(c.name)![0] : c.from, c.to]);
    return [...net].flatMap(([name, [from, to]]) => [name, from, to]);
  }

  /** A few random changes: names undefined, defined again (at a line of a file; file 9 is none of the unit's), dropped. */
  step(): void {
    const changes = this.random() < 0.1 ? 40 : 1 + Math.floor(this.random() * 3);
    for (let c = 0; c < changes; c++) {
      const name = `N${Math.floor(this.random() * 60)}${this.random() < 0.1 ? '"q' : ''}`;
      const r = this.random();
      if (r < 0.3) this.set(name, undefined);
      else if (r < 0.6) this.set(name, null);
      else this.set(name, { name, file: `f${Math.floor(this.random() * 10)}`, line: Math.floor(this.random() * 50) } as unknown as MacroDef);
    }
  }

  version(): number {
    this.states.set(++this.versions, [...this.undone].flat());
    this.madeAt[this.versions] = this.log.length;
    return this.versions;
  }

  undoneState(version: number): UndoneStateList {
    this.read.push(version);
    return this.states.get(version) ?? [];
  }

  undoneStateKey(version: number): number {
    // Plain states are found by their pairs (in order) under a key: one alike for states of the same names.
    return (this.states.get(version) ?? []).length;
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
  it.each([false, true])('are the states sorted whole, each distinct one once, whatever order they are asked for in (changes logged: %s)', (logged) => {
    const random = seededRandom(3);
    for (let w = 0; w < 60; w++) {
      if (w % 20 === 0) releaseSharedStates();
      const walk = new RandomWalk(random, logged);
      const asked: number[] = [];
      for (let v = 0; v < 80; v++) {
        walk.step();
        asked.push(walk.version());
        // Now and then a version of before, or the empty state.
        if (random() < 0.2) asked.push(Math.floor(random() * walk.versions));
      }
      const states = new WalkUndoneStates(walk, entryOf);
      // Half the walks have their versions made in version order first, as undoneMarks does.
      if (w % 2 === 1) states.prepare(asked.slice());
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

  it("are made in version order from the changes the walk logged, reading no state but each version's own", () => {
    const random = seededRandom(5);
    releaseSharedStates();
    const walk = new RandomWalk(random, true);
    const asked: number[] = [];
    for (let v = 0; v < 80; v++) {
      walk.step();
      asked.push(walk.version());
    }
    const states = new WalkUndoneStates(walk, entryOf);
    // Asked for last first (a unit's own file marks the walk's last versions before its headers' first ones).
    const lastFirst = asked.slice().reverse();
    states.prepare(lastFirst.slice());
    for (const v of lastFirst) expect(states.lists[states.placeOf(v)]).toEqual(sortedEntries(walk.undoneState(v)));
    // Each version's state read once to make it (its pairs may be a plain state's), once above; the empty one once,
    // the first version made from it: no other version's state read to diff it.
    const reads = new Map<number, number>();
    for (const v of walk.read) reads.set(v, (reads.get(v) ?? 0) + 1);
    expect(reads.get(0)).toBe(1);
    for (const v of asked) expect(reads.get(v)).toBe(2);
    expect(reads.size).toBe(asked.length + 1);
  });
});
