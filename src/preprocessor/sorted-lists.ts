// Sorted lists of distinct strings walked in step: what a list drops and adds to another, a list made from another
// and such changes, and the union of two. Lists out of order are not checked for: callers hold sorted ones.

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
 * sorted too; a string of it that `prev` does not hold is passed over, as a set's would be.
 */
export function withSortedChanges(prev: readonly string[], dropped: readonly string[], added: readonly string[]): string[] {
  const out: string[] = [];
  let d = 0;
  let a = 0;
  for (let i = 0; i < prev.length; i++) {
    const name = prev[i];
    while (d < dropped.length && dropped[d] < name) d++;
    if (d < dropped.length && dropped[d] === name) continue;
    while (a < added.length && added[a] < name) out.push(added[a++]);
    out.push(name);
  }
  while (a < added.length) out.push(added[a++]);
  return out;
}

/** The sorted union of two sorted lists, each string once. */
export function sortedUnion(a: readonly string[], b: readonly string[]): string[] {
  const { added } = sortedDifference(a, b);
  return added.length ? withSortedChanges(a, [], added) : a.slice();
}
