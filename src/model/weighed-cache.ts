// A cache bounded by the total weight of what it holds (e.g. the characters of its strings), and optionally by its
// count: cleared whole when an entry would pass a bound. A count bound lets entries of a few KB each (a PlatformIO env's
// 45 KB `tested` lists, #undef mark sets) hold tens of MB across a run's builds. Made `byBuild`, it also drops, at a
// build's first use, what the last build that used it did not read (see build-generation.ts).
import { buildGeneration } from './build-generation.js';
import { ownString } from './own-strings.js';

export class WeighedCache<K, V> {
  private entries = new Map<K, V>();
  private held = 0;
  /** byBuild: the entries the last build that used the cache read (read again: moved into `entries`), their weight, and `entries`' build. */
  private older: Map<K, V> | undefined;
  private olderHeld = 0;
  private build = buildGeneration.value;

  constructor(
    private readonly maxWeight: number,
    private readonly weigh: (value: V, key: K) => number,
    private readonly maxEntries = Infinity,
    private readonly byBuild = false,
  ) {}

  /** A cache bounded by its count alone (emptied when a new key would pass `maxEntries`). */
  static byCount<K, V>(maxEntries: number): WeighedCache<K, V> {
    return new WeighedCache<K, V>(Infinity, () => 1, maxEntries);
  }

  get(key: K): V | undefined {
    if (this.byBuild) this.age();
    const value = this.entries.get(key);
    if (value !== undefined || this.older === undefined) return value;
    const kept = this.older.get(key);
    if (kept === undefined) return undefined;
    this.older.delete(key);
    this.olderHeld -= this.weigh(kept, key);
    // Under a key of its own: the caller's may be cut from a larger text (an item of a list's JSON), which the entry
    // would keep alive (362 diagnostics lists of up to 300 KB, 7.4 MB, in the item ids at Meshtastic's 207th env).
    this.entries.set(ownKey(key), kept);
    return kept;
  }

  /** Holds `value` under `key` (an entry heavier than the bound alone is not held). */
  set(key: K, value: V): void {
    if (this.byBuild) this.age();
    const w = this.weigh(value, key);
    if (w > this.maxWeight) return;
    this.delete(key);
    if (this.held + w > this.maxWeight || this.size >= this.maxEntries) this.clear();
    this.entries.set(key, value);
    this.held += w;
  }

  delete(key: K): void {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.held -= this.weigh(old, key);
      this.entries.delete(key);
      return;
    }
    const kept = this.older?.get(key);
    if (kept === undefined) return;
    const w = this.weigh(kept, key);
    this.held -= w;
    this.olderHeld -= w;
    this.older!.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.older = undefined;
    this.held = 0;
    this.olderHeld = 0;
  }

  /** Entries held. */
  get size(): number {
    return this.entries.size + (this.older?.size ?? 0);
  }

  /** The total weight held (for tests). */
  get weight(): number {
    return this.held;
  }

  /**
   * byBuild, at a build's first use: what the last build that used the cache did not read goes, what it read becomes
   * the build before's (a build that does not use the cache, e.g. one whose units were all reused, ages nothing).
   */
  private age(): void {
    const now = buildGeneration.value;
    if (now === this.build) return;
    this.build = now;
    this.held -= this.olderHeld;
    this.older = this.entries.size > 0 ? this.entries : undefined;
    this.olderHeld = this.held;
    this.entries = new Map<K, V>();
  }
}

/** A string key as a string of its own (see own-strings.ts); any other key as it is. */
function ownKey<K>(key: K): K {
  return typeof key === 'string' ? (ownString(key) as K) : key;
}
