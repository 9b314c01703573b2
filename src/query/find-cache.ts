// The match lists of recent strict content searches of a long-lived server, so that the pages after the
// first cost only their own rows: keyed by the search and the index state, checked on every use against
// the size and mtime of each file the search read (an edit not yet seen by the watcher still counts).
// Bounded like the reference tool's: at most 32 searches and about 32 MiB, each kept 2 minutes.
import fs from 'node:fs';
import path from 'node:path';

export const FIND_CACHE_ENTRIES = 32;
export const FIND_CACHE_BYTES = 32 * 1024 * 1024;
export const FIND_CACHE_TTL_MS = 2 * 60_000;

interface Entry<T> {
  value: T;
  /** size and mtime of each file the search read, when it read them. */
  files: Map<string, string>;
  bytes: number;
  storedAt: number;
}

function fileState(root: string, rel: string): string {
  const st = fs.statSync(path.join(root, rel), { throwIfNoEntry: false });
  return st ? `${st.size}\0${st.mtimeMs}` : 'gone';
}

export class FindCache<T> {
  private entries = new Map<string, Entry<T>>();
  private bytes = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** The value stored under key, when it is fresh and no file it read changed since. */
  get(root: string, key: string): T | undefined {
    const k = `${root}\0${key}`;
    const e = this.entries.get(k);
    if (!e) return undefined;
    const stale = this.now() - e.storedAt > FIND_CACHE_TTL_MS || [...e.files].some(([rel, state]) => fileState(root, rel) !== state);
    if (stale) {
      this.drop(k);
      return undefined;
    }
    // Most recently used last: eviction takes the oldest use first.
    this.entries.delete(k);
    this.entries.set(k, e);
    return e.value;
  }

  /** Keep `value`, which was computed from `read` (project-relative paths); `bytes` estimates its size. */
  put(root: string, key: string, value: T, read: string[], bytes: number): void {
    if (bytes > FIND_CACHE_BYTES) return;
    const k = `${root}\0${key}`;
    this.drop(k);
    this.entries.set(k, { value, files: new Map(read.map((rel) => [rel, fileState(root, rel)])), bytes, storedAt: this.now() });
    this.bytes += bytes;
    for (const old of this.entries.keys()) {
      if (this.entries.size <= FIND_CACHE_ENTRIES && this.bytes <= FIND_CACHE_BYTES) break;
      this.drop(old);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(k: string): void {
    const e = this.entries.get(k);
    if (!e) return;
    this.bytes -= e.bytes;
    this.entries.delete(k);
  }
}
