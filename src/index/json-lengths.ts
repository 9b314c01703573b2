// The length of what JSON.stringify writes for strings and arrays of strings, worked out without writing it: a list
// weighed against another (see undone-lists.ts) need not be written twice to pick the shorter.

/** The length of JSON.stringify(s). */
export function jsonStringLength(s: string): number {
  let n = s.length + 2;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c !== 0x22 && c !== 0x5c && (c < 0xd800 || c > 0xdfff)) continue;
    // `"`, `\` and the control characters with a short escape take two characters; other control characters \u00XX.
    if (c === 0x22 || c === 0x5c || c === 8 || c === 9 || c === 10 || c === 12 || c === 13) n += 1;
    else if (c < 0x20) n += 5;
    // A surrogate: written as it is when paired, escaped when alone.
    else return JSON.stringify(s).length;
  }
  return n;
}

/** The characters the strings take in an array's JSON, each with its comma (see jsonArrayLength). */
export function jsonElementsLength(list: readonly string[]): number {
  let n = 0;
  for (let i = 0; i < list.length; i++) n += jsonStringLength(list[i]) + 1;
  return n;
}

/** The length of the JSON of an array of `count` strings whose elements take `elements` (see jsonElementsLength). */
export function jsonArrayLength(count: number, elements: number): number {
  // `[`, the elements with a comma each but the last, `]`.
  return count === 0 ? 2 : elements + 1;
}
