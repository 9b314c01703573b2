// A cache bounded by the total weight of what it holds (e.g. the characters of its strings), and optionally by its
// count: cleared whole when an entry would pass a bound. A count bound lets entries of a few KB each (a PlatformIO env's
// 45 KB `tested` lists, #undef mark sets) hold tens of MB across a run's builds.
export class WeighedCache<K, V> {
  private entries = new Map<K, V>();
  private held = 0;

  constructor(
    private readonly maxWeight: number,
    private readonly weigh: (value: V, key: K) => number,
    private readonly maxEntries = Infinity,
  ) {}

  /** A cache bounded by its count alone (emptied when a new key would pass `maxEntries`). */
  static byCount<K, V>(maxEntries: number): WeighedCache<K, V> {
    return new WeighedCache<K, V>(Infinity, () => 1, maxEntries);
  }

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** Holds `value` under `key` (an entry heavier than the bound alone is not held). */
  set(key: K, value: V): void {
    const w = this.weigh(value, key);
    if (w > this.maxWeight) return;
    const old = this.entries.get(key);
    if (old !== undefined) this.held -= this.weigh(old, key);
    if (this.held + w > this.maxWeight || (old === undefined && this.entries.size >= this.maxEntries)) this.clear();
    this.entries.set(key, value);
    this.held += w;
  }

  delete(key: K): void {
    const old = this.entries.get(key);
    if (old === undefined) return;
    this.held -= this.weigh(old, key);
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.held = 0;
  }

  /** Entries held. */
  get size(): number {
    return this.entries.size;
  }

  /** The total weight held (for tests). */
  get weight(): number {
    return this.held;
  }
}
