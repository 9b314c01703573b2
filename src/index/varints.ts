// LEB128 varints as stored lists write them: unsigned counts, and ids as zigzag-mapped differences from the id
// written before (0, -1, 1, -2 … → 0, 1, 2, 3 …), so ids stored in about the list's order cost a byte or two each.

export class VarintWriter {
  private out: Buffer;
  private at = 0;
  private before = 0;

  /** `expected`: about how many varints will be written (the buffer grows past it). */
  constructor(expected = 16) {
    this.out = Buffer.allocUnsafe(Math.max(16, expected * 2));
  }

  unsigned(v: number): void {
    if (this.at + 8 > this.out.length) {
      const grown = Buffer.allocUnsafe(this.out.length * 2);
      this.out.copy(grown, 0, 0, this.at);
      this.out = grown;
    }
    while (v >= 0x80) {
      this.out[this.at++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    this.out[this.at++] = v;
  }

  /** An id as its zigzag difference from the id written before it. */
  id(id: number): void {
    const d = id - this.before;
    this.before = id;
    this.unsigned(d >= 0 ? 2 * d : -2 * d - 1);
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

  /** An id written by VarintWriter.id. */
  id(): number {
    const v = this.unsigned();
    this.before += v % 2 === 0 ? v / 2 : -(v + 1) / 2;
    return this.before;
  }
}
