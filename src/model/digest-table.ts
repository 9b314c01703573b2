// A map from sha1 hex digests to sha1 hex digests held as their bytes in typed arrays (48 bytes an entry with its slots),
// not as a Map of two 40-character strings (~140 bytes an entry); other values beside, in a Map. Cleared whole at its bound.
const DIGEST_BYTES = 20;
const HEX40 = /^[0-9a-f]{40}$/;
/** Entries a table is made for before it grows (doubling up to its bound). */
const FIRST_ENTRIES = 1024;

export class DigestTable {
  private keys = new Uint8Array(0);
  private values = new Uint8Array(0);
  /** Open addressing: entry index + 1 per slot, 0 when free; twice the entries' room, a power of two. */
  private slots = new Int32Array(0);
  private count = 0;
  /** Values that are not sha1 hex digests, by key. */
  private readonly others = new Map<string, string>();

  constructor(readonly maxEntries: number) {}

  get size(): number {
    return this.count;
  }

  /** Bytes the typed arrays take (for tests and budgets). */
  get bytes(): number {
    return this.keys.byteLength + this.values.byteLength + this.slots.byteLength;
  }

  get(key: string): string | undefined {
    if (this.count === 0) return undefined;
    const at = this.find(Buffer.from(key, 'hex'));
    if (at < 0) return undefined;
    const other = this.others.get(key);
    if (other !== undefined) return other;
    const e = this.slots[at] - 1;
    return Buffer.from(this.values.buffer, this.values.byteOffset + e * DIGEST_BYTES, DIGEST_BYTES).toString('hex');
  }

  has(key: string): boolean {
    return this.count > 0 && this.find(Buffer.from(key, 'hex')) >= 0;
  }

  /** Holds `value` under `key` (a sha1 hex digest), emptying the table first when it is full. */
  set(key: string, value: string): void {
    if (!HEX40.test(key)) throw new Error(`not a sha1 digest: ${key}`);
    const digest = Buffer.from(key, 'hex');
    let at = this.count > 0 ? this.find(digest) : -1;
    if (at < 0) {
      if (this.count >= this.maxEntries) this.clear();
      if (this.count >= this.keys.length / DIGEST_BYTES) this.grow();
      at = this.freeSlot(digest, 0);
      const e = this.count++;
      this.slots[at] = e + 1;
      this.keys.set(digest, e * DIGEST_BYTES);
    }
    const e = this.slots[at] - 1;
    if (HEX40.test(value)) {
      this.values.set(Buffer.from(value, 'hex'), e * DIGEST_BYTES);
      this.others.delete(key);
    } else this.others.set(key, value);
  }

  clear(): void {
    this.keys = new Uint8Array(0);
    this.values = new Uint8Array(0);
    this.slots = new Int32Array(0);
    this.count = 0;
    this.others.clear();
  }

  /** The slot holding the key of bytes `digest`, or -1. */
  private find(digest: Uint8Array): number {
    const mask = this.slots.length - 1;
    for (let at = probeStart(digest, 0, mask); ; at = (at + 1) & mask) {
      const e = this.slots[at];
      if (e === 0) return -1;
      if (this.keyIs(e - 1, digest)) return at;
    }
  }

  private keyIs(e: number, digest: Uint8Array): boolean {
    const off = e * DIGEST_BYTES;
    for (let i = 0; i < DIGEST_BYTES; i++) if (this.keys[off + i] !== digest[i]) return false;
    return true;
  }

  /** The first free slot on the probe of the key whose bytes start at `off` of `bytes` (the key is not held). */
  private freeSlot(bytes: Uint8Array, off: number): number {
    const mask = this.slots.length - 1;
    let at = probeStart(bytes, off, mask);
    while (this.slots[at] !== 0) at = (at + 1) & mask;
    return at;
  }

  /** Room for twice the entries (up to the bound), the held ones placed again. */
  private grow(): void {
    const room = Math.min(this.maxEntries, Math.max(FIRST_ENTRIES, 2 * (this.keys.length / DIGEST_BYTES)));
    const keys = new Uint8Array(room * DIGEST_BYTES);
    const values = new Uint8Array(room * DIGEST_BYTES);
    keys.set(this.keys);
    values.set(this.values);
    let slotCount = 1;
    while (slotCount < 2 * room) slotCount *= 2;
    this.keys = keys;
    this.values = values;
    this.slots = new Int32Array(slotCount);
    for (let e = 0; e < this.count; e++) this.slots[this.freeSlot(keys, e * DIGEST_BYTES)] = e + 1;
  }
}

/** Where a key's probe starts: its first four bytes (little-endian) within the slots' mask. */
function probeStart(bytes: Uint8Array, off: number, mask: number): number {
  return (bytes[off] | (bytes[off + 1] << 8) | (bytes[off + 2] << 16) | (bytes[off + 3] << 24)) & mask;
}
