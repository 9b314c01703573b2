// Hide sets (C11 6.10.3.4, Prosser's algorithm) as interned immutable values: the same names are one object, and
// a union or intersection of two is memoized, so expansion copies no set per token. Leaves out removal of names.
import { sortedUnion } from './sorted-lists.js';

/** Sets interned per generation; a new generation starts when one holds this many (identity is a shortcut, never a meaning). */
const MAX_INTERNED = 8192;
/** Memoized unions or intersections one set keeps before it forgets them. */
const MAX_MEMO = 256;
/** Sets of at most this many names are searched in their list rather than kept as a Set too. */
const SMALL = 8;
/** The generation's sets by their sorted names, and by number (HideSet.id). */
const interned = new Map<string, HideSet>();
const byId: HideSet[] = [];
let generation = 0;

/**
 * An immutable set of macro names; build one with HideSet.of or HideSet.single, combine with union and common.
 * Memos name sets by their number in their generation, never hold them: a set kept by a token long after (a
 * definition's value, a recorded expansion) keeps no other set alive.
 */
export class HideSet {
  /** The generation the set was made in, and its number there. */
  private readonly gen = generation;
  private readonly id = byId.length;
  /** Unions with other sets of its generation: the union's number by the other's. */
  private unions: Map<number, number> | undefined = undefined;
  /** Intersections with other sets of its generation: the intersection's number (-1: empty) by the other's. */
  private commons: Map<number, number> | undefined = undefined;
  /** The names as a set, for a set of more than SMALL names (a smaller one is searched in `names`). */
  private readonly set: ReadonlySet<string> | undefined;

  private constructor(
    /** The names, sorted, each once. */
    readonly names: readonly string[],
  ) {
    this.set = names.length > SMALL ? new Set(names) : undefined;
  }

  /** The set of `names` (in any order, repeats allowed). */
  static of(names: Iterable<string>): HideSet {
    return HideSet.intern([...new Set(names)].sort());
  }

  /** The set of one name. */
  static single(name: string): HideSet {
    return interned.get(name) ?? HideSet.intern([name]);
  }

  /** The one set of these sorted names in the generation, made when not yet interned. */
  private static intern(sorted: string[]): HideSet {
    const key = sorted.join('\0');
    let hs = interned.get(key);
    if (hs === undefined) {
      if (interned.size >= MAX_INTERNED) {
        interned.clear();
        byId.length = 0;
        generation++;
      }
      hs = new HideSet(sorted);
      interned.set(key, hs);
      byId.push(hs);
    }
    return hs;
  }

  has(name: string): boolean {
    return this.set === undefined ? this.names.includes(name) : this.set.has(name);
  }

  /** This set with the names of `other`: this set itself when it holds them all already. */
  union(other: HideSet): HideSet {
    if (other === this) return this;
    const memoized = this.gen === generation && other.gen === generation;
    if (memoized) {
      const hit = this.unions?.get(other.id);
      if (hit !== undefined) return byId[hit];
    }
    const merged = sortedUnion(this.names, other.names);
    const u = merged.length === this.names.length ? this : merged.length === other.names.length ? other : HideSet.intern(merged);
    if (memoized && u.gen === generation) this.unions = remember(this.unions, other.id, u.id);
    return u;
  }

  /** The names both sets hold, or null when none. */
  common(other: HideSet): HideSet | null {
    if (other === this) return this;
    const memoized = this.gen === generation && other.gen === generation;
    if (memoized) {
      const hit = this.commons?.get(other.id);
      if (hit !== undefined) return hit < 0 ? null : byId[hit];
    }
    const both = this.names.filter((n) => other.has(n));
    const c = both.length === 0 ? null : both.length === this.names.length ? this : both.length === other.names.length ? other : HideSet.intern(both);
    if (memoized && (c === null || c.gen === generation)) this.commons = remember(this.commons, other.id, c === null ? -1 : c.id);
    return c;
  }
}

/** `memo` (made when undefined, emptied when full) with `key` mapped to `value`. */
function remember(memo: Map<number, number> | undefined, key: number, value: number): Map<number, number> {
  if (memo === undefined) memo = new Map();
  else if (memo.size >= MAX_MEMO) memo.clear();
  memo.set(key, value);
  return memo;
}
