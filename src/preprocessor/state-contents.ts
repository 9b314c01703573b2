// A merge's #undef states found by what they hold (each name, and each #define's file by number and its line) with
// no key string of their entries: the list's hash with its #defines' places left out, their files' numbers mixed in;
// the candidates compared entry by entry.
import { entriesHash, entryHash, heldListHash } from './shared-undone-states.js';
import type { UnitFileRead } from './unit-result.js';

/** A state met, the files its places are in, and what was made of it. */
interface Held<T> {
  state: readonly string[];
  files: readonly UnitFileRead[];
  value: T;
}

/**
 * A state list's entriesHash with each `name\0k\0line` entry hashed as `name\0line` (the same wherever its file is
 * among the unit's), its #define entries as [index, place] pairs, and the places each once, ascending.
 */
interface ListShape {
  hash: number;
  defined: number[];
  places: number[];
}

const shapes = new WeakMap<readonly string[], ListShape>();

/** The shape of a state list, worked out once per list: its hash is the one it was held with when known (see heldListHash). */
export function shapeOf(state: readonly string[]): ListShape {
  let shape = shapes.get(state);
  if (shape !== undefined) return shape;
  let hash = heldListHash(state) ?? entriesHash(state);
  const defined: number[] = [];
  const seen = new Set<number>();
  for (let i = 0; i < state.length; i++) {
    const entry = state[i];
    const a = entry.indexOf('\0');
    if (a < 0) continue;
    const b = entry.indexOf('\0', a + 1);
    const place = Number(entry.slice(a + 1, b));
    hash = (hash - entryHash(entry) + nameLineHash(entry, a, b)) | 0;
    defined.push(i, place);
    seen.add(place);
  }
  shape = { hash, defined, places: [...seen].sort((x, y) => x - y) };
  shapes.set(state, shape);
  return shape;
}

/** entryHash of `name\0line` for the entry `name\0k\0line` (its \0s at a and b), made of no string. */
function nameLineHash(entry: string, a: number, b: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i <= a; i++) h = Math.imul(h ^ entry.charCodeAt(i), 0x01000193);
  for (let i = b + 1; i < entry.length; i++) h = Math.imul(h ^ entry.charCodeAt(i), 0x01000193);
  return h;
}

/**
 * Values by state contents, a state a sorted list of `name` and `name\0k\0line` entries (k: the place of the
 * #define's file among the unit's `files`): two states hold the same when their entries are alike in order, each a
 * name alike or a #define of a name at a line alike in the same file (`fileNumber`: path and content). Where the key
 * was the entries joined (~300 names a state, ~24 000 states of Marlin's 32 F103 envs looked up: 1 GB of strings).
 */
export class StateContents<T> {
  private readonly byHash = new Map<number, Held<T>[]>();
  /** States held. */
  size = 0;

  constructor(private readonly fileNumber: (f: UnitFileRead) => number) {}

  /** The value held for a state with the contents of `state` (its places in `files`), else the one `make` makes, then held. */
  get(state: readonly string[], files: readonly UnitFileRead[], make: () => T): T {
    const shape = shapeOf(state);
    let h = shape.hash;
    const d = shape.defined;
    for (let k = 0; k < d.length; k += 2) h = Math.imul(Math.imul(h ^ d[k], 0x01000193) ^ this.fileNumber(files[d[k + 1]]), 0x01000193);
    const bucket = this.byHash.get(h);
    if (bucket !== undefined) for (const held of bucket) if (this.same(held.state, held.files, state, files)) return held.value;
    const value = make();
    const held = { state, files, value };
    if (bucket === undefined) this.byHash.set(h, [held]);
    else bucket.push(held);
    this.size++;
    return value;
  }

  private same(a: readonly string[], aFiles: readonly UnitFileRead[], b: readonly string[], bFiles: readonly UnitFileRead[]): boolean {
    if (a === b && aFiles === bFiles) return true;
    const da = shapeOf(a).defined;
    const db = shapeOf(b).defined;
    if (a.length !== b.length || da.length !== db.length) return false;
    let k = 0;
    for (let i = 0; i < a.length; i++) {
      if (k < da.length && da[k] === i) {
        if (db[k] !== i || !sameNameLine(a[i], b[i]) || this.fileNumber(aFiles[da[k + 1]]) !== this.fileNumber(bFiles[db[k + 1]])) return false;
        k += 2;
      } else if (a[i] !== b[i]) return false;
    }
    return true;
  }
}

/** Whether two `name\0k\0line` entries have the same name and line. */
function sameNameLine(x: string, y: string): boolean {
  const a = x.indexOf('\0');
  if (y.indexOf('\0') !== a || x.slice(0, a) !== y.slice(0, a)) return false;
  return x.slice(x.indexOf('\0', a + 1)) === y.slice(y.indexOf('\0', a + 1));
}
