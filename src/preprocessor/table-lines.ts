// A built-in macro table as its `#define` lines by name, changed name by name while it is adjusted for a unit's
// language and flags (implicit-macro-table.ts).

/** A table's `#define` lines by name (`NAME value`, or `NAME ` for an empty one), changed name by name. */
export class TableLines {
  readonly map = new Map<string, string>();
  /** Whether the compiler is GCC-compatible (defines __GNUC__). */
  readonly gnu: boolean;

  constructor(text: string) {
    for (const line of text.split('\n')) {
      const m = /^#define\s+([A-Za-z_]\w*)(.*)$/.exec(line);
      if (m) this.map.set(m[1], m[2].trim() ? m[1] + m[2] : m[1] + ' ');
    }
    this.gnu = this.map.has('__GNUC__');
  }

  set(n: string, v: string): void {
    this.map.set(n, `${n} ${v}`);
  }

  del(...names: string[]): void {
    for (const n of names) this.map.delete(n);
  }

  /** Defines `n` as `v`, or leaves it undefined when `v` is false. */
  setOrDel(n: string, v: string | false): void {
    if (v === false) this.map.delete(n);
    else this.set(n, v);
  }

  /** Sets each `#define NAME value` line of `lines`. */
  setLines(lines: string): void {
    for (const line of lines.split('\n')) {
      const m = /^#define\s+(\S+)\s+(.*)$/.exec(line);
      if (m) this.set(m[1], m[2]);
    }
  }
}
