// Strings of their own for parts cut from a larger text: V8 keeps a slice of 13 characters or more as a view of the
// text it was cut from, which it then keeps alive (a file's whole text for a directive's operand). The long parts are
// joined into one string and cut from that again; shorter ones are copies already and stay as they are.

/** V8 copies a shorter part of a string; a longer one is a slice that keeps the whole string alive. */
export const SLICED_MIN_LENGTH = 13;

/** `parts` with each long one replaced by an equal slice of one string made of them all (`parts` is changed in place). */
export function ownStrings(parts: string[]): string[] {
  const long: string[] = [];
  for (const p of parts) if (p.length >= SLICED_MIN_LENGTH) long.push(p);
  if (long.length === 0) return parts;
  // join answers a lone part as it is, the very slice: a concatenation flattened by the slices below is a copy.
  const packed = long.length === 1 ? `${long[0]} ` : long.join('');
  let at = 0;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (p.length >= SLICED_MIN_LENGTH) parts[i] = packed.slice(at, (at += p.length));
  }
  return parts;
}

/** `s` as a string of its own (see ownStrings). */
export function ownString(s: string): string {
  return ownStrings([s])[0];
}
