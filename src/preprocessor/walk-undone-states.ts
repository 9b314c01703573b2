// A walk's #undef states as UndoneMarks.states holds them (see undone-names.ts), each distinct one once: a version's sorted
// entries made from the nearest earlier version's by the few names changed since, not sorted whole (Marlin: ~900 names).
import type { MacroDef } from './macro-definition.js';
import { entryHash, heldEntry, heldPlainState, heldWithChanges, knownPlainState, sameEntries, sharedState } from './shared-undone-states.js';
import { withSortedChanges } from './sorted-lists.js';
import type { UndoneChangeList, UndoneStateList } from './undef-marks.js';

/** What a walk tells of its states (see UnitWalker.undoneState, undoneStateKey and undoneChanges). */
export interface UndoneStateSource {
  undoneState(version: number): UndoneStateList;
  undoneStateKey(version: number): number;
  /** The names changed from version `base` to a later one (see UndefMarks.changes); undefined: diff the two states. */
  undoneChanges?(base: number, version: number): UndoneChangeList | undefined;
}

/** A version's entries, sorted, their hash (see entriesHash), and its plain state when it names no #define. */
interface Made {
  entries: readonly string[];
  hash: number;
  plain?: { list: readonly string[] };
}

export class WalkUndoneStates {
  /** The distinct states in the order first asked for, each a shared list (see sharedState); the first the empty one. */
  readonly lists: (readonly string[])[] = [sharedState([], 0)];
  /** Per version asked for, its state's place in `lists`. */
  private readonly places = new Map<number, number>([[0, 0]]);
  /** Places in `lists` by the hash of their entries. */
  private readonly byHash = new Map<number, number[]>([[0, [0]]]);
  /** Per version asked for, its entries: what a later version's are made from. */
  private readonly made = new Map<number, Made>([[0, { entries: this.lists[0], hash: 0 }]]);
  private last = 0;

  /**
   * `entryOf` is a #define's `name\0k\0line` entry (undefined: left to the table), the same string (or one alike)
   * each time it is asked for the same definition; an undefined name's entry is the name.
   */
  constructor(
    private readonly walk: UndoneStateSource,
    private readonly entryOf: (name: string, def: MacroDef) => string | undefined,
  ) {}

  /** The place in `lists` of the state at `version`. */
  placeOf(version: number): number {
    const known = this.places.get(version);
    if (known !== undefined) return known;
    const made = this.madeOf(version);
    let s = this.found(made);
    if (s === undefined) {
      s = this.lists.length;
      this.lists.push(made.plain?.list ?? sharedState(made.entries, made.hash));
      const bucket = this.byHash.get(made.hash);
      if (bucket === undefined) this.byHash.set(made.hash, [s]);
      else bucket.push(s);
    }
    this.places.set(version, s);
    // The shared list, not the one made: its copy goes with this walk.
    this.made.set(version, { entries: this.lists[s], hash: made.hash });
    return s;
  }

  /**
   * Makes the entries of these versions (any order, repeats allowed) in version order, ahead of placeOf, which
   * numbers the states in the order it is asked for them: each is made from the version before it by the changes
   * between (a file's marks come in walk order, but the files' in first-read order: a unit's own file marks the
   * last versions first, and each later version was made from the diff with a nearest earlier one looked for).
   */
  prepare(versions: number[]): void {
    versions.sort((a, b) => a - b);
    for (let k = 0; k < versions.length; k++) if (k === 0 || versions[k] !== versions[k - 1]) this.madeOf(versions[k]);
  }

  /** The entries of the state at `version`: made from the nearest earlier version's (see madeFrom), kept. */
  private madeOf(version: number): Made {
    const known = this.made.get(version);
    if (known !== undefined) return known;
    const pairs = this.walk.undoneState(version);
    const key = this.walk.undoneStateKey(version);
    // Most units have the same few states, naming no #define (the names glibc's headers #undef): one list each, shared.
    let plain = knownPlainState(pairs, key);
    let made: Made = plain !== undefined ? { entries: plain.list, hash: plain.hash, plain } : this.madeFrom(this.before(version), version, pairs);
    if (plain === undefined) {
      plain = heldPlainState(pairs, key, made.entries, made.hash);
      if (plain !== undefined) made = { entries: plain.list, hash: made.hash, plain };
    }
    this.made.set(version, made);
    if (version > this.last) this.last = version;
    return made;
  }

  /** The nearest version before `version` asked for already (versions are made in walk order: most are asked for in it). */
  private before(version: number): number {
    if (version > this.last) return this.last;
    let best = 0;
    for (const v of this.made.keys()) if (v < version && v > best) best = v;
    return best;
  }

  /** The place in `lists` of a list with these entries; undefined when none has them. */
  private found(made: Made): number | undefined {
    const bucket = this.byHash.get(made.hash);
    if (bucket !== undefined) for (const s of bucket) if (this.lists[s] === made.entries || sameEntries(this.lists[s], made.entries)) return s;
    return undefined;
  }

  /**
   * The entries of `pairs` (the state at `version`) made from those of version `base`, by the changes the walk logged
   * between them when it tells them (see UndoneStateSource.undoneChanges), else by diffing the two states: the state
   * keeps its names in the order they entered it (a Map's), so a later version's pairs are an earlier one's, less the
   * names dropped since, then the names added: walking both in step finds the changes. Pairs out of that order come
   * out as dropped and added again: the entries are still right, made at the cost of a sort.
   */
  private madeFrom(base: number, version: number, pairs: UndoneStateList): Made {
    const from = this.made.get(base)!;
    const dropped: string[] = [];
    const added: string[] = [];
    const changes = this.walk.undoneChanges?.(base, version);
    if (changes !== undefined) {
      for (let k = 0; k < changes.length; k += 3) {
        const had = changes[k + 1] as MacroDef | null | undefined;
        const has = changes[k + 2] as MacroDef | null | undefined;
        if (had === has) continue;
        if (had !== undefined) this.pushEntry(dropped, changes[k] as string, had);
        if (has !== undefined) this.pushEntry(added, changes[k] as string, has);
      }
      return this.changed(from, dropped, added);
    }
    const prev = this.walk.undoneState(base);
    let i = 0;
    let j = 0;
    for (; i < prev.length && j < pairs.length; i += 2) {
      if (prev[i] !== pairs[j]) {
        this.push(dropped, prev, i);
        continue;
      }
      if (prev[i + 1] !== pairs[j + 1]) {
        this.push(dropped, prev, i);
        this.push(added, pairs, j);
      }
      j += 2;
    }
    for (; i < prev.length; i += 2) this.push(dropped, prev, i);
    for (; j < pairs.length; j += 2) this.push(added, pairs, j);
    return this.changed(from, dropped, added);
  }

  /** The entries of `from` less `dropped`, plus `added` (neither sorted yet): a held list when one has them (see heldWithChanges). */
  private changed(from: Made, dropped: string[], added: string[]): Made {
    if (dropped.length === 0 && added.length === 0) return from.plain === undefined ? from : { entries: from.entries, hash: from.hash };
    let hash = from.hash;
    for (const e of dropped) hash = (hash - entryHash(e)) | 0;
    for (const e of added) hash = (hash + entryHash(e)) | 0;
    dropped.sort();
    added.sort();
    return { entries: heldWithChanges(from.entries, dropped, added, hash) ?? withSortedChanges(from.entries, dropped, added), hash };
  }

  /** The entry of the state's name at `at` pushed (a definition not read from a file of the unit, a -D one restored by pop_macro, is left to the table: none). */
  private push(out: string[], state: UndoneStateList, at: number): void {
    this.pushEntry(out, state[at] as string, state[at + 1] as MacroDef | null);
  }

  /** The entry of a name in a state (see push): a held string (see heldEntry). */
  private pushEntry(out: string[], name: string, def: MacroDef | null): void {
    if (def === null) out.push(heldEntry(name));
    else {
      const entry = this.entryOf(name, def);
      if (entry !== undefined) out.push(entry);
    }
  }
}
