// Sets of line numbers as compact text ("1-20,25,31-40") and back: how the index stores which lines of a
// file a build compiles and which conditional heads it evaluated or took. Lines are 1-based.

/** Ranges of the set rows of `rows` (rows[i] set → line i+1), as "a-b,c,d-e". */
export function encodeActiveRows(rows: Uint8Array): string {
  const parts: string[] = [];
  let i = 0;
  while (i < rows.length) {
    if (!rows[i]) {
      i++;
      continue;
    }
    const from = i;
    while (i < rows.length && rows[i]) i++;
    parts.push(from === i - 1 ? `${from + 1}` : `${from + 1}-${i}`);
  }
  return parts.join(',');
}

/** A set of line numbers as ranges text. */
export function encodeLineSet(lines: Iterable<number>): string {
  const sorted = [...new Set(lines)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let k = 0; k < sorted.length; ) {
    let j = k;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(j === k ? `${sorted[k]}` : `${sorted[k]}-${sorted[j]}`);
    k = j + 1;
  }
  return parts.join(',');
}

/** Ranges text → [from, to] pairs (inclusive), in order. */
export function decodeRanges(text: string): [number, number][] {
  if (!text) return [];
  return text.split(',').map((p) => {
    const dash = p.indexOf('-');
    if (dash < 0) {
      const n = Number(p);
      return [n, n];
    }
    return [Number(p.slice(0, dash)), Number(p.slice(dash + 1))];
  });
}

/** A decoded line set that answers membership by binary search. */
export class LineSet {
  private readonly ranges: [number, number][];
  constructor(text: string) {
    this.ranges = decodeRanges(text);
  }
  has(line: number): boolean {
    let lo = 0;
    let hi = this.ranges.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const [a, b] = this.ranges[mid];
      if (line < a) hi = mid - 1;
      else if (line > b) lo = mid + 1;
      else return true;
    }
    return false;
  }
  /** Number of lines in the set. */
  get size(): number {
    return this.ranges.reduce((n, [a, b]) => n + b - a + 1, 0);
  }
  /** The ranges as [from, to] pairs. */
  get pairs(): readonly [number, number][] {
    return this.ranges;
  }
}
