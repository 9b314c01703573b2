// Sorted lists of distinct strings walked in step: what a list drops and adds to another, a list made from another
// and such changes (or checked to be it), and the union of two. Lists out of order are not checked for: callers hold sorted ones.

/** The strings `prev` has and `cur` has not (`dropped`), and those `cur` has and `prev` has not (`added`), each in list order. */
export function sortedDifference(prev: readonly string[], cur: readonly string[]): { dropped: string[]; added: string[] } {
  const dropped: string[] = [];
  const added: string[] = [];
  let i = 0;
  let j = 0;
  while (i < prev.length && j < cur.length) {
    const a = prev[i];
    const b = cur[j];
    if (a === b) {
      i++;
      j++;
    } else if (a < b) {
      dropped.push(a);
      i++;
    } else {
      added.push(b);
      j++;
    }
  }
  while (i < prev.length) dropped.push(prev[i++]);
  while (j < cur.length) added.push(cur[j++]);
  return { dropped, added };
}

/**
 * `prev` (sorted) without the `dropped` strings, merged with the `added` ones (sorted, none of them kept). `dropped`
 * sorted too; a string of it that `prev` does not hold is passed over, as a set's would be. Each change is placed by
 * a binary search and the strings between are copied uncompared (Marlin's #undef states: ~300 strings, ~16 changes,
 * where a merge compared every string of `prev` with the next change, ~3 GB of compares and list growth a run).
 */
export function withSortedChanges(prev: readonly string[], dropped: readonly string[], added: readonly string[]): string[] {
  const { skip, at } = changePlaces(prev, dropped, added);
  const out = new Array<string>(prev.length - skip.length + added.length);
  let k = 0;
  let s = 0;
  let a = 0;
  for (let i = 0; i < prev.length; i++) {
    while (a < at.length && at[a] === i) out[k++] = added[a++];
    if (s < skip.length && skip[s] === i) s++;
    else out[k++] = prev[i];
  }
  while (a < added.length) out[k++] = added[a++];
  return out;
}

/** Whether `list` is withSortedChanges(prev, dropped, added), compared with it in step, not made. */
export function isWithSortedChanges(list: readonly string[], prev: readonly string[], dropped: readonly string[], added: readonly string[]): boolean {
  const { skip, at } = changePlaces(prev, dropped, added);
  if (list.length !== prev.length - skip.length + added.length) return false;
  let k = 0;
  let s = 0;
  let a = 0;
  for (let i = 0; i < prev.length; i++) {
    while (a < at.length && at[a] === i) if (list[k++] !== added[a++]) return false;
    if (s < skip.length && skip[s] === i) s++;
    else if (list[k++] !== prev[i]) return false;
  }
  while (a < added.length) if (list[k++] !== added[a++]) return false;
  return true;
}

/**
 * Where changes fall in `prev` (see withSortedChanges): the places of the dropped strings it holds, ascending, and
 * per added string the place of the first string of `prev` not below it.
 */
function changePlaces(prev: readonly string[], dropped: readonly string[], added: readonly string[]): { skip: number[]; at: number[] } {
  const skip: number[] = [];
  const at: number[] = [];
  let lo = 0;
  for (let d = 0; d < dropped.length; d++) {
    lo = lowerBound(prev, dropped[d], lo);
    if (lo < prev.length && prev[lo] === dropped[d] && skip[skip.length - 1] !== lo) skip.push(lo);
  }
  lo = 0;
  for (let a = 0; a < added.length; a++) at.push((lo = lowerBound(prev, added[a], lo)));
  return { skip, at };
}

/** The first place at or after `lo` of the sorted list whose string is not below `s`. */
function lowerBound(list: readonly string[], s: string, lo: number): number {
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < s) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The sorted union of two sorted lists, each string once. */
export function sortedUnion(a: readonly string[], b: readonly string[]): string[] {
  const { added } = sortedDifference(a, b);
  return added.length ? withSortedChanges(a, [], added) : a.slice();
}
