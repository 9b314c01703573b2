// Stored item ids decoded straight into one scratch array, then packed (see value-lists.ts packedIds): a list read
// back (~1 500 ids a tested list, ~47 000 decoded a run on 32 of Marlin's F103 envs) grew a number array push by push.
import { VarintReader } from './varints.js';
import type { ItemIds } from './list-edits.js';

/** Where a list's ids are decoded (doubles: an id that does not fit an Int32Array's slot is kept as it is). Never shrunk. */
let scratch = new Float64Array(4096);

/** Room for `n` ids in the scratch (the ids before `kept` kept). */
function room(n: number, kept: number): void {
  if (n <= scratch.length) return;
  const grown = new Float64Array(Math.max(n, 2 * scratch.length));
  grown.set(scratch.subarray(0, kept));
  scratch = grown;
}

/** The first `n` ids of the scratch, in an Int32Array when each fits one, else as a plain array (as packedIds). */
function packedScratch(n: number): ItemIds {
  const s = scratch;
  for (let k = 0; k < n; k++) {
    if ((s[k] | 0) === s[k]) continue;
    const ids = new Array<number>(n);
    for (let i = 0; i < n; i++) ids[i] = s[i];
    return ids;
  }
  const out = new Int32Array(n);
  for (let k = 0; k < n; k++) out[k] = s[k];
  return out;
}

/** packedIds(decodeIds(bytes)) (see value-lists.ts encodeIds) without the array between. */
export function packedDecodedIds(bytes: Uint8Array): ItemIds {
  const r = new VarintReader(bytes);
  let n = 0;
  // Each id takes a byte at least.
  room(bytes.length, 0);
  const s = scratch;
  while (!r.done) s[n++] = r.id();
  return packedScratch(n);
}

/** packedIds(applyEdits(items, base)) (see list-edits.ts) without the array between. */
export function packedEditedIds(items: Uint8Array, base: ItemIds): ItemIds {
  const r = new VarintReader(items);
  r.unsigned();
  r.unsigned();
  let n = 0;
  let j = 0;
  while (!r.done) {
    const keep = r.unsigned();
    if (j + keep > base.length) throw new Error('a stored list keeps more items than its base holds');
    room(n + keep, n);
    for (let k = 0; k < keep; k++) scratch[n++] = base[j++];
    j += r.unsigned();
    const add = r.unsigned();
    // Each added id takes a byte at least (a count past the bytes left is a broken list, not room to make).
    if (add > items.length) throw new Error('a stored list ends inside a number');
    room(n + add, n);
    for (let k = 0; k < add; k++) scratch[n++] = r.id();
  }
  if (j > base.length) throw new Error('a stored list keeps more items than its base holds');
  return packedScratch(n);
}
