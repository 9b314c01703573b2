// Lists made one after another mostly repeat the list before in its order: an item is looked for among the next few
// items of the list before (past its last match) and, when found there, taken with what is known of it, no lookup.

/** How far past the last match an item is looked for (items the new list dropped). */
const LOOKAHEAD = 3;

/** The index of `item` among the LOOKAHEAD items of `before` from `from`, or -1. */
export function matchAhead<T>(before: readonly T[], item: T, from: number): number {
  const end = Math.min(before.length, from + LOOKAHEAD);
  for (let k = from; k < end; k++) if (before[k] === item) return k;
  return -1;
}
