// Packing lists of one length against each other: a list differing from a recent list of its length at few places is
// that list plus those places; any other becomes a base for the lists after it. Used where a build's units' argument
// lists are held packed (a build's C and C++ units share most of their flags).

/** Earlier lists of one length a list is compared with, most recent first (a build compiles C and C++ units). */
const BASES_TRIED = 4;

/** The bases lists are packed against, by length. */
export class ListBases<T> {
  private readonly byLength = new Map<number, (readonly T[])[]>();

  /**
   * The base `list` differs from at few places (at most an eighth of them, and 2 more), with those places in rising
   * order; null when it differs from every base tried at more, and it is taken as a base itself.
   */
  match(list: readonly T[]): { base: readonly T[]; at: number[] } | null {
    const tried = this.byLength.get(list.length) ?? [];
    const most = (list.length >> 3) + 2;
    for (const base of tried) {
      const at = differingPlaces(base, list, most);
      if (at) return { base, at };
    }
    this.byLength.set(list.length, [list, ...tried.slice(0, BASES_TRIED - 1)]);
    return null;
  }
}

/** The places where two lists of one length differ, or null past `most` of them. */
function differingPlaces<T>(base: readonly T[], list: readonly T[], most: number): number[] | null {
  const at: number[] = [];
  for (let k = 0; k < list.length; k++) {
    if (base[k] === list[k]) continue;
    if (at.length === most) return null;
    at.push(k);
  }
  return at;
}
