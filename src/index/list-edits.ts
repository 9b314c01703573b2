// A stored list written as the edits that make it from a similar list stored before it (its base): the units of a
// build consult mostly the same macros, so each `tested` list (~1 000 items) is its predecessor's but for a few. The
// edited form is a marker (the varint 1: a plain list, see value-lists.ts encodeIds, never starts with it), the base's
// id, then runs of [keep, drop, add n, n item ids as zigzag differences]; base items after the last run are dropped.
// A base is always a plain list, so one read of it decodes any list.
import { VarintReader, VarintWriter } from './varints.js';

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

/** One run of the edits: base items kept, then dropped, then items added. */
interface Run {
  keep: number;
  drop: number;
  add: number[];
}

/**
 * Positions by base list (never changed): a write stores its new lists as edits of the same base one after another
 * (a build's ~300 tested lists of ~1 500 items), which mapped the base's items again for each (3 % of a many-env run's
 * allocation).
 */
const positionsOf = new WeakMap<readonly number[], Map<number, number[]>>();

/** Positions of each id in `base`, in order. */
function positions(base: readonly number[]): Map<number, number[]> {
  let at = positionsOf.get(base);
  if (at === undefined) positionsOf.set(base, (at = positionsIn(base)));
  return at;
}

function positionsIn(base: readonly number[]): Map<number, number[]> {
  const at = new Map<number, number[]>();
  base.forEach((id, i) => {
    const list = at.get(id);
    if (list === undefined) at.set(id, [i]);
    else list.push(i);
  });
  return at;
}

/** Runs that make `ids` from `base`: each id kept where the base has it a little ahead, added otherwise. */
function runsFrom(base: readonly number[], ids: readonly number[]): Run[] {
  const at = positions(base);
  const runs: Run[] = [];
  let cur: Run = { keep: 0, drop: 0, add: [] };
  // Within a run items are kept, then dropped, then added: an edit out of that order starts the next run.
  const next = (): Run => (runs.push(cur), (cur = { keep: 0, drop: 0, add: [] }));
  let j = 0;
  for (const id of ids) {
    const p = at.get(id)?.find((q) => q >= j);
    if (p === undefined || p - j > LOOK_AHEAD) {
      cur.add.push(id);
      continue;
    }
    if (p > j) {
      if (cur.add.length > 0) next();
      cur.drop += p - j;
    }
    if (cur.drop > 0 || cur.add.length > 0) next();
    cur.keep++;
    j = p + 1;
  }
  runs.push(cur);
  return runs;
}

/** `ids` as edits of `base` (stored list `baseId`), or undefined when that is not under half their plain size `plainBytes`. */
export function encodeEdits(baseId: number, base: readonly number[], ids: readonly number[], plainBytes: number): Buffer | undefined {
  const w = new VarintWriter(ids.length);
  w.unsigned(EDITED);
  w.unsigned(baseId);
  for (const run of runsFrom(base, ids)) {
    w.unsigned(run.keep);
    w.unsigned(run.drop);
    w.unsigned(run.add.length);
    for (const id of run.add) w.id(id);
    if (w.length * 2 >= plainBytes) return undefined;
  }
  return w.buffer();
}

/** The item ids an edited list holds, made from its base's `base`. */
export function applyEdits(items: Uint8Array, base: readonly number[]): number[] {
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
