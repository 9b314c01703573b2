// The JSON of each [name, definition key] pair of the `tested` lists a walk's environment made (see
// preprocessor/tested-pairs.ts), by list object: the index stores a list's items without cutting its JSON apart.

/** A `tested` list's pair. */
export type TestedPair = [string, string | null];

const itemsByList = new WeakMap<readonly TestedPair[], readonly string[]>();

/** Notes `items` as the JSON of `list`'s pairs, in order. */
export function noteTestedItems(list: readonly TestedPair[], items: readonly string[]): void {
  itemsByList.set(list, items);
}

/** The JSON of each pair of `list` when noted (undefined for a list made otherwise, e.g. parsed from the index). */
export function testedItems(list: readonly TestedPair[]): readonly string[] | undefined {
  return itemsByList.get(list);
}
