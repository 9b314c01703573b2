// Decoded #undef marks lists of one connection by list id (see undone-lists.ts), with the states and names they hold
// shared among them: a state that several lists hold, or that a later build decodes again, is one list weighed once.
// Bounded by the entries held (each list's marks, runs and states, each distinct state's names, each distinct name):
// cleared whole when full. At a build's first read, the lists the last build that read the cache did not read go.
import { buildGeneration } from '../model/build-generation.js';
import type { UndoneMarks } from '../preprocessor/undone-names.js';
import { sameEntries, sharedState } from '../preprocessor/shared-undone-states.js';

/** What a list weighs apart from its states' names: its marks, runs and states (the empty list: 1). */
function ownWeight(marks: UndoneMarks | undefined): number {
  return marks === undefined ? 1 : marks.marks.length + (marks.runs?.length ?? 0) + marks.states.length;
}

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
  /** The held lists' states' entriesHash (to take a kept list's states in again), by list id. */
  private hashes = new Map<number, readonly number[]>();
  /** The build the cache was last read in (see build-generation.ts), and the lists read or held in it. */
  private build = buildGeneration.value;
  private read = new Set<number>();

  constructor(private readonly maxWeight: () => number) {}

  has(id: number): boolean {
    this.age();
    return this.lists.has(id);
  }

  get(id: number): UndoneMarks | undefined {
    this.age();
    this.read.add(id);
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
    const own = ownWeight(marks);
    const weight = own + this.pending;
    this.pending = 0;
    this.read.add(id);
    if (this.held + weight <= this.maxWeight()) return this.put(id, marks, hashes, weight);
    this.clear();
    if (own > this.maxWeight()) return;
    if (this.keep(id, marks, hashes) > this.maxWeight()) this.clear();
  }

  /** At a build's first read: the lists the last build that read the cache read are kept, the others go. */
  private age(): void {
    const now = buildGeneration.value;
    if (now === this.build) return;
    const read = this.read;
    this.build = now;
    this.read = new Set<number>();
    const kept = [...this.lists].filter(([id]) => read.has(id));
    if (kept.length === this.lists.size) return;
    const hashes = kept.map(([id]) => this.hashes.get(id)!);
    this.clear();
    kept.forEach(([id, marks], k) => this.keep(id, marks, hashes[k]));
  }

  /** Holds list `id` again with its states, after a clear (the lists aged in fit as they did); what it weighs. */
  private keep(id: number, marks: UndoneMarks | undefined, hashes: readonly number[]): number {
    let weight = ownWeight(marks);
    if (marks !== undefined) for (let k = 0; k < marks.states.length; k++) weight += this.retake(marks.states[k], hashes[k]);
    this.put(id, marks, hashes, weight);
    return weight;
  }

  private put(id: number, marks: UndoneMarks | undefined, hashes: readonly number[], weight: number): void {
    this.lists.set(id, marks);
    this.hashes.set(id, hashes);
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
    this.hashes.clear();
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
