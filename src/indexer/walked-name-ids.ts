// The table indexes of a walk's names (unit-reads.ts), found first where the walk before had them. A Map lookup of a
// name that is not the key's own string object compares their characters (~0.1-0.3 µs a name); a walk's names are
// mostly the very strings the walk before read (definitions' names), in much the same order, so most are found by
// identity in that walk's list.

/** The list made last and over which table; `keptIds` holds each of its names' index. */
let kept: { table: readonly string[]; names: readonly string[] } | undefined;
let keptIds = new Int32Array(1024);
/** Per table index, its position in `kept.names` when `stamp` holds the kept list's mark. */
let positions = new Int32Array(1024);
let stamps = new Int32Array(1024);
let mark = 0;

/**
 * The indexes in `table` of `names` (distinct): a name equal to the next one of the list before (over the same
 * table) takes its index, else `lookup` answers it (adding it to the table when new) and the list before is followed
 * on from that name's place in it. `names` is kept as the list before, until the next call or `forgetWalkedNameIds`.
 */
export function walkedNameIds(table: readonly string[], names: readonly string[], lookup: (name: string) => number): number[] {
  const before = kept !== undefined && kept.table === table ? kept : undefined;
  const prior = before?.names ?? NO_NAMES;
  const priorIds = keptIds;
  const ids = new Array<number>(names.length);
  let j = 0;
  for (let k = 0; k < names.length; k++) {
    const name = names[k];
    if (j < prior.length && prior[j] === name) {
      ids[k] = priorIds[j++];
      continue;
    }
    const i = lookup(name);
    ids[k] = i;
    if (i < stamps.length && stamps[i] === mark && before !== undefined) j = positions[i] + 1;
  }
  keep(table, names, ids);
  return ids;
}

/** Lets go of the list kept (its names may be slices of a large header's text that is being dropped). */
export function forgetWalkedNameIds(): void {
  kept = undefined;
}

/** Keeps `names` with their `ids` as the list before, each index's position stamped with a new mark. */
function keep(table: readonly string[], names: readonly string[], ids: readonly number[]): void {
  let max = -1;
  for (let k = 0; k < ids.length; k++) if (ids[k] > max) max = ids[k];
  if (max >= stamps.length) {
    const size = Math.max(max + 1, 2 * stamps.length);
    positions = new Int32Array(size);
    stamps = new Int32Array(size);
    mark = 0;
  }
  mark++;
  if (keptIds.length < ids.length) keptIds = new Int32Array(Math.max(ids.length, 2 * keptIds.length));
  for (let k = 0; k < ids.length; k++) {
    const i = ids[k];
    keptIds[k] = i;
    positions[i] = k;
    stamps[i] = mark;
  }
  kept = { table, names };
}

const NO_NAMES: readonly string[] = [];
