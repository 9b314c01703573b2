// LEB128 varints as stored lists write them: unsigned counts, and ids as zigzag-mapped differences from the id
// written before (0, -1, 1, -2 … → 0, 1, 2, 3 …), so ids stored in about the list's order cost a byte or two each;
// signed numbers zigzag-mapped, and text as its UTF-8 bytes (its length written apart).

export class VarintWriter {
  private out: Buffer;
  private at = 0;
  private before = 0;

  /** `expected`: about how many varints will be written (the buffer grows past it). */
  constructor(expected = 16) {
    this.out = Buffer.allocUnsafe(Math.max(16, expected * 2));
  }

  /** Room for `bytes` more bytes. */
  private room(bytes: number): void {
    if (this.at + bytes <= this.out.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.out.length * 2, this.at + bytes));
    this.out.copy(grown, 0, 0, this.at);
    this.out = grown;
  }

  unsigned(v: number): void {
    this.room(8);
    while (v >= 0x80) {
      this.out[this.at++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    this.out[this.at++] = v;
  }

  /** A safe integer of either sign, zigzag-mapped. */
  signed(v: number): void {
    this.unsigned(v >= 0 ? 2 * v : -2 * v - 1);
  }

  /** An id as its zigzag difference from the id written before it. */
  id(id: number): void {
    const d = id - this.before;
    this.before = id;
    this.signed(d);
  }

  /** The UTF-8 bytes of `text` (its length is the caller's to write: see VarintReader.text). */
  text(text: string): void {
    this.room(3 * text.length);
    this.at += this.out.write(text, this.at, 'utf8');
  }

  get length(): number {
    return this.at;
  }

  buffer(): Buffer {
    return this.out.subarray(0, this.at);
  }
}

export class VarintReader {
  private at = 0;
  private before = 0;
  constructor(private readonly bytes: Uint8Array) {}

  get done(): boolean {
    return this.at >= this.bytes.length;
  }

  unsigned(): number {
    let v = 0;
    let scale = 1;
    for (;;) {
      if (this.at >= this.bytes.length) throw new Error('a stored list ends inside a number');
      const b = this.bytes[this.at++];
      v += (b & 0x7f) * scale;
      if ((b & 0x80) === 0) return v;
      scale *= 0x80;
    }
  }

  signed(): number {
    const v = this.unsigned();
    return v % 2 === 0 ? v / 2 : -(v + 1) / 2;
  }

  /** An id written by VarintWriter.id. */
  id(): number {
    this.before += this.signed();
    return this.before;
  }

  /** The text of the next `bytes` bytes. */
  text(bytes: number): string {
    if (this.at + bytes > this.bytes.length) throw new Error('a stored list ends inside a text');
    const text = Buffer.from(this.bytes.buffer, this.bytes.byteOffset + this.at, bytes).toString('utf8');
    this.at += bytes;
    return text;
  }
}
