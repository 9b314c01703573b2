// Where each id of a list of item ids stands (list-edits.ts makes a list as the edits of a base by them): an
// open-addressing table in typed arrays, each id's first position and per position the next one of the same id. Made
// with no entry objects nor a Map's growth: a many-env run maps ~5 000 bases of ~1 500 ids, once each.

export interface IdPositions {
  /** Per slot: an id (NaN: an empty slot) and its first position. */
  readonly keys: Float64Array;
  readonly first: Int32Array;
  /** Per position, the next position of the same id (-1: none). */
  readonly next: Int32Array;
  readonly bits: number;
}

/** The positions of each of `ids`. */
export function idPositions(ids: ArrayLike<number>): IdPositions {
  const n = ids.length;
  let bits = 3;
  while (1 << bits < 2 * n) bits++;
  const keys = new Float64Array(1 << bits).fill(NaN);
  const first = new Int32Array(1 << bits);
  const next = new Int32Array(n);
  const mask = (1 << bits) - 1;
  // From the last position back: each id's first position is set last, the later ones chained behind it in order.
  for (let i = n - 1; i >= 0; i--) {
    const id = ids[i];
    let s = slotOf(id, bits);
    while (keys[s] === keys[s] && keys[s] !== id) s = (s + 1) & mask;
    next[i] = keys[s] === id ? first[s] : -1;
    keys[s] = id;
    first[s] = i;
  }
  return { keys, first, next, bits };
}

/** The first position of `id` at or after `from`, or -1. */
export function positionFrom(at: IdPositions, id: number, from: number): number {
  let p = firstPosition(at, id);
  while (p >= 0 && p < from) p = at.next[p];
  return p;
}

/** Whether the list holds `id`. */
export function holdsId(at: IdPositions, id: number): boolean {
  return firstPosition(at, id) >= 0;
}

function firstPosition(at: IdPositions, id: number): number {
  const keys = at.keys;
  const mask = keys.length - 1;
  for (let s = slotOf(id, at.bits); keys[s] === keys[s]; s = (s + 1) & mask) if (keys[s] === id) return at.first[s];
  return -1;
}

/** The slot an id's search starts at: its low and high 32 bits mixed, the top `bits` bits of a multiplicative hash. */
function slotOf(id: number, bits: number): number {
  const mixed = (id | 0) ^ Math.imul((id / 4294967296) | 0, 0x85ebca6b);
  return Math.imul(mixed, 0x9e3779b1) >>> (32 - bits);
}
