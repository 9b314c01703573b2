// The build search's memory between runs: per folder (real path) its mtime, the sub-folders to enter and the
// markers it holds. A folder whose mtime is unchanged has the same entries, so a warm search stats each folder
// once instead of listing it. Stored as one JSON file; a missing, foreign or broken file is an empty cache.
import fs from 'node:fs';
import path from 'node:path';

export interface CachedFolder {
  mtimeMs: number;
  /** Sub-folders to enter; `real` is set when the entry is a symlink (its target's real path). */
  subdirs: { name: string; real?: string }[];
  markers: string[];
}

interface CacheFile {
  version: number;
  /** What the search was asked (places, exclusions, depth): another question starts a new cache. */
  key: string;
  folders: Record<string, CachedFolder>;
}

const VERSION = 1;

export class DiscoveryCache {
  private readonly old: Record<string, CachedFolder> = {};
  private readonly next: Record<string, CachedFolder> = {};
  private changed = false;

  constructor(
    private readonly file: string | undefined,
    private readonly key: string,
  ) {
    if (!file) return;
    try {
      const data = JSON.parse(fs.readFileSync(file, 'utf8')) as CacheFile;
      if (data.version === VERSION && data.key === key && data.folders && typeof data.folders === 'object') this.old = data.folders;
    } catch {
      /* no cache yet, or unreadable: a cold search */
    }
  }

  /** The folder as cached, when its mtime is the one cached. */
  get(dir: string, mtimeMs: number): CachedFolder | undefined {
    const f = this.old[dir];
    if (!f || f.mtimeMs !== mtimeMs) return undefined;
    this.next[dir] = f;
    return f;
  }

  set(dir: string, folder: CachedFolder): void {
    this.next[dir] = folder;
    this.changed = true;
  }

  /** Writes the folders seen in this search (dropping the ones no longer reached), when anything changed. */
  save(): void {
    if (!this.file) return;
    if (!this.changed && Object.keys(this.next).length === Object.keys(this.old).length) return;
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      const tmp = `${this.file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify({ version: VERSION, key: this.key, folders: this.next } satisfies CacheFile));
      fs.renameSync(tmp, this.file);
    } catch {
      /* a read-only project still searches; it only stays cold */
    }
  }
}
