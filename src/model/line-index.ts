// Offsets of a text's line starts (lines end at `\n`) and the 0-based line an offset lies on, by binary search.

/** Offset of the start of each line of `text`, the first 0. */
export function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The 0-based line of `offset`, given the line starts of its text (an array, or a typed one). */
export function lineAt(starts: ArrayLike<number>, offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
