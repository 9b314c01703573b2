// Decoded #undef marks lists of one connection by list id (see undone-lists.ts), with the states and names they hold
// shared among them: a state that several lists hold, or that a later build decodes again, is one list weighed once.
// Bounded by the entries held (each list's marks, runs and states, each distinct state's names, each distinct name):
// cleared whole when full.
import type { UndoneMarks } from '../preprocessor/undone-names.js';
import { sameEntries, sharedState } from '../preprocessor/shared-undone-states.js';

export class DecodedUndoneCache {
  /** Decoded lists by id (undefined: the empty list). */
  private lists = new Map<number, UndoneMarks | undefined>();
  /** The states the held lists name, by their entriesHash. */
  private states = new Map<number, (readonly string[])[]>();
  /** The names the held states hold, one string each (a list's JSON makes its own). */
  private names = new Map<string, string>();
  private held = 0;
  /** Names of the states taken in since the last list was held (see state and hold). */
  private pending = 0;

  constructor(private readonly maxWeight: () => number) {}

  has(id: number): boolean {
    return this.lists.has(id);
  }

  get(id: number): UndoneMarks | undefined {
    return this.lists.get(id);
  }

  /** `list`'s names made the held strings (new ones held from now on), in place. */
  interned(list: string[]): string[] {
    const names = this.names;
    for (let k = 0; k < list.length; k++) {
      const held = names.get(list[k]);
      if (held !== undefined) list[k] = held;
      else {
        names.set(list[k], list[k]);
        this.pending++;
      }
    }
    return list;
  }

  /**
   * The state with these entries (sorted; `hash` their entriesHash) as a held list names it, else the run's shared
   * one (see sharedState: the same object as the build's walks hold), held from now on for the list being decoded.
   */
  state(entries: readonly string[], hash: number): readonly string[] {
    const bucket = this.states.get(hash);
    if (bucket !== undefined) for (const s of bucket) if (sameEntries(s, entries)) return s;
    const kept = sharedState(entries, hash);
    if (bucket === undefined) this.states.set(hash, [kept]);
    else bucket.push(kept);
    this.pending += kept.length;
    return kept;
  }

  /**
   * Holds list `id` just decoded (its states taken in through `state`, `hashes` their entriesHash); past the bound,
   * the cache is cleared first (and a list past the bound alone is not held).
   */
  hold(id: number, marks: UndoneMarks | undefined, hashes: readonly number[]): void {
    const own = marks === undefined ? 1 : marks.marks.length + (marks.runs?.length ?? 0) + marks.states.length;
    let weight = own + this.pending;
    this.pending = 0;
    if (this.held + weight > this.maxWeight()) {
      this.clear();
      if (own > this.maxWeight()) return;
      weight = own;
      if (marks !== undefined) for (let k = 0; k < marks.states.length; k++) weight += this.retake(marks.states[k], hashes[k]);
      if (weight > this.maxWeight()) return this.clear();
    }
    this.lists.set(id, marks);
    this.held += weight;
  }

  /** What `state` weighs when the table takes it in again: its names and those not held yet (0: already held). */
  private retake(state: readonly string[], hash: number): number {
    const bucket = this.states.get(hash);
    if (bucket === undefined) this.states.set(hash, [state]);
    else if (bucket.includes(state)) return 0;
    else bucket.push(state);
    let weight = state.length;
    for (const name of state) {
      if (this.names.has(name)) continue;
      this.names.set(name, name);
      weight++;
    }
    return weight;
  }

  clear(): void {
    this.lists.clear();
    this.states.clear();
    this.names.clear();
    this.held = 0;
    this.pending = 0;
  }

  /** Lists held. */
  get size(): number {
    return this.lists.size;
  }

  /** The entries held (see the header). */
  get weight(): number {
    return this.held;
  }
}
