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

/**
 * Strings shared by the lists made through one table: a string an earlier list held is that list's object, the
 * others strings of their own (see ownStrings). A compile database's units repeat the same include and define
 * flags: each is then held once, not once per unit as a slice of that unit's command (1 135 mbed CE commands of
 * ~9 KB each stayed alive through the run).
 */
export class SharedStrings {
  private seen = new Map<string, string>();

  /** Distinct strings held. */
  get size(): number {
    return this.seen.size;
  }

  /** `list` with its strings shared (a new list; `list` is left as it is). */
  of(list: readonly string[]): string[] {
    const out = list.slice();
    const fresh: number[] = [];
    for (let i = 0; i < out.length; i++) {
      const known = this.seen.get(out[i]);
      if (known !== undefined) out[i] = known;
      else fresh.push(i);
    }
    if (fresh.length === 0) return out;
    const own = ownStrings(fresh.map((i) => out[i]));
    for (let k = 0; k < fresh.length; k++) {
      const s = this.seen.get(own[k]) ?? own[k];
      this.seen.set(s, s);
      out[fresh[k]] = s;
    }
    return out;
  }
}

/**
 * Short strings by value, so that records repeating one share one copy: a device header's 400 000 #defines have
 * a few thousand distinct values (`(4U)`, `15`, `4026531840`), each otherwise a string of its own for as long as
 * the build's records live.
 */
export class ShortStrings {
  private readonly byText = new Map<string, string>();

  get(s: string): string {
    if (s.length > SHARED_MAX_LENGTH) return s;
    const known = this.byText.get(s);
    if (known !== undefined) return known;
    if (this.byText.size < SHARED_MAX_COUNT) this.byText.set(s, s);
    return s;
  }
}

const SHARED_MAX_LENGTH = 32;
const SHARED_MAX_COUNT = 1 << 16;

/**
 * Strings held once by value, at most `max` of them (then all let go and held anew): keys that callers make anew
 * each time and that many entries keep. With `own`, a string is held as a string of its own (see ownString): a key
 * built by appending is a chain of pieces, which a lookup hashes without joining them.
 */
export class HeldStrings {
  private readonly byText = new Map<string, string>();

  constructor(
    private readonly max: number,
    private readonly own = false,
  ) {}

  get(s: string): string {
    const held = this.byText.get(s);
    if (held !== undefined) return held;
    if (this.byText.size >= this.max) this.byText.clear();
    const kept = this.own ? ownString(s) : s;
    this.byText.set(kept, kept);
    return kept;
  }

  clear(): void {
    this.byText.clear();
  }
}
