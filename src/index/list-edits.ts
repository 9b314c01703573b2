// A stored list written as the edits that make it from a similar list stored before it (its base): the units of a
// build consult mostly the same macros, so each `tested` list (~1 000 items) is a recent one's but for a few. The
// edited form is a marker (the varint 1: a plain list, see value-lists.ts encodeIds, never starts with it), the base's
// id, then runs of [keep, drop, add n, n item ids as zigzag differences]; base items after the last run are dropped.
// A base may itself be edited (a chain, bounded by the storer: see value-lists.ts listStorer); a plain list ends it.
import { VarintReader, VarintWriter } from './varints.js';
import { holdsId, idPositions, positionFrom, type IdPositions } from './id-positions.js';

/** A list's item ids: as decoded, or packed in a typed array where a cache holds them (see value-lists.ts itemIdsOf). */
export type ItemIds = ArrayLike<number> & Iterable<number>;

/** Base items an item may be looked for ahead of the current one before it is written as added instead. */
const LOOK_AHEAD = 64;

/** The varint the edited form starts with. */
const EDITED = 1;

/** Whether stored `items` are in the edited form. */
export function isEdited(items: Uint8Array): boolean {
  return items.length > 0 && items[0] === EDITED;
}

/** The id of the base an edited list names. */
export function baseOf(items: Uint8Array): number {
  const r = new VarintReader(items);
  r.unsigned();
  return r.unsigned();
}

/**
 * Positions by base list (never changed): a write stores its new lists as edits of the same bases one after another
 * (a build's ~300 tested lists of ~1 500 items), which mapped a base's items again for each (3 % of a many-env run's
 * allocation). Bounded by the ids mapped (see MAX_MAPPED_IDS): a base's positions take ~30-50 bytes an id beside its
 * 4 of a cached base (value-lists.ts itemIdsOf), and lived as long as the list's ids did in that cache (1 809 bases'
 * positions held 7.6 MB by a Meshtastic subset's 86th env).
 */
let positionsOf = new WeakMap<ItemIds, IdPositions>();
let mappedIds = 0;
/** Ids mapped before the positions held are let go (~70 bases of a tested list's ~1 500 ids: ~3-5 MB). */
const MAX_MAPPED_IDS = 100_000;

/** Where each id of `base` stands, mapped once per base list while held (see positionsOf). */
export function positions(base: ItemIds): IdPositions {
  let at = positionsOf.get(base);
  if (at === undefined) {
    if (mappedIds + base.length > MAX_MAPPED_IDS) {
      positionsOf = new WeakMap();
      mappedIds = 0;
    }
    positionsOf.set(base, (at = idPositions(base)));
    mappedIds += base.length;
  }
  return at;
}

/** Ids of a list sampled to tell how much of it a base holds (one in every len / SAMPLED). */
const SAMPLED = 64;

/** How many of a sample of `ids` the base `base` does not hold, and its length's difference as sampled: what edits from it would add and drop. */
export function sampledMisses(base: ItemIds, ids: readonly number[]): number {
  const at = positions(base);
  const step = Math.max(1, Math.floor(ids.length / SAMPLED));
  let misses = 0;
  for (let i = 0; i < ids.length; i += step) if (!holdsId(at, ids[i])) misses++;
  return misses + Math.abs(base.length - ids.length) / step;
}

/**
 * The one of `bases` a sample of `ids` says shares most with them (see sampledMisses; the first among equals). One
 * missing none ends the search: a unit's own base, tried first, mostly does.
 */
export function closestBase<B extends { ids: ItemIds }>(bases: readonly B[], ids: readonly number[]): B | undefined {
  let best: B | undefined;
  let fewest = Infinity;
  for (const base of bases) {
    const misses = sampledMisses(base.ids, ids);
    if (misses < fewest) [best, fewest] = [base, misses];
    if (fewest === 0) break;
  }
  return best;
}

/**
 * `ids` as edits of `base` (stored list `baseId`), or undefined when they do not take under `limit` bytes. Each id is
 * kept where the base has it a little ahead, added otherwise; within a run items are kept, then dropped, then added
 * (an edit out of that order starts the next run), so a run's added ids are consecutive ones of `ids`: each run is
 * written as it closes, its added ids read back from there (no run objects nor lists of them).
 */
export function encodeEdits(baseId: number, base: ItemIds, ids: readonly number[], limit: number): Buffer | undefined {
  const w = new VarintWriter(ids.length);
  w.unsigned(EDITED);
  w.unsigned(baseId);
  const at = positions(base);
  // The open run: base items kept and dropped, and its added ids (`added` of them, up to index i of `ids`).
  let keep = 0;
  let drop = 0;
  let added = 0;
  const close = (end: number): boolean => {
    w.unsigned(keep);
    w.unsigned(drop);
    w.unsigned(added);
    for (let k = end - added; k < end; k++) w.id(ids[k]);
    keep = drop = added = 0;
    return w.length < limit;
  };
  let j = 0;
  for (let i = 0; i < ids.length; i++) {
    const p = positionFrom(at, ids[i], j);
    if (p < 0 || p - j > LOOK_AHEAD) {
      added++;
      continue;
    }
    if (p > j && added > 0 && !close(i)) return undefined;
    if (p > j) drop += p - j;
    if ((drop > 0 || added > 0) && !close(i)) return undefined;
    keep++;
    j = p + 1;
  }
  return close(ids.length) ? w.buffer() : undefined;
}

/** The item ids an edited list holds, made from its base's `base`. */
export function applyEdits(items: Uint8Array, base: ItemIds): number[] {
  const r = new VarintReader(items);
  r.unsigned();
  r.unsigned();
  const ids: number[] = [];
  let j = 0;
  while (!r.done) {
    const keep = r.unsigned();
    for (let k = 0; k < keep; k++) ids.push(base[j++]);
    j += r.unsigned();
    const add = r.unsigned();
    for (let k = 0; k < add; k++) ids.push(r.id());
  }
  if (j > base.length) throw new Error('a stored list keeps more items than its base holds');
  return ids;
}

/** The item ids an edited list adds (its kept ones are its base's). */
export function addedIds(items: Uint8Array): number[] {
  const r = new VarintReader(items);
  r.unsigned();
  r.unsigned();
  const ids: number[] = [];
  while (!r.done) {
    r.unsigned();
    r.unsigned();
    const add = r.unsigned();
    for (let k = 0; k < add; k++) ids.push(r.id());
  }
  return ids;
}
