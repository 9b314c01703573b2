// Content hashes of files for one index run: a file whose size and mtime match the index's record keeps its
// recorded hash (no read); anything else is read and hashed once per run, its bytes kept (within a bound) for
// the stages that read it again (directive scan, mask, content index). A hash taken within RACY_MS of
// the file's mtime is recorded without a usable mtime (a second write in the same clock tick could keep
// size and mtime), so the next run hashes the file again; once it is older, its record is refreshed.
import fs from 'node:fs';
import { sha1 } from '../model/sha1.js';
import { absolutePath, storedPath } from './vendor-paths.js';

export interface FileState {
  hash: string;
  size: number;
  /** As the index should record it: UNTRUSTED_MTIME when hashed within RACY_MS of its mtime. */
  mtimeMs: number;
}

/** How close (ms) to a file's mtime a hash may be taken and still vouch for later runs by size and mtime. */
export const RACY_MS = 2000;

/** The mtime recorded for a file hashed too close to its mtime: matches no file, so it is hashed again. */
export const UNTRUSTED_MTIME = -1;

export type StoredFileStates = Map<string, { contentHash: string; size: number; mtimeMs: number }>;

// The project's one sha1 helper, re-exported for this module's importers.
export { sha1 };

/** Bytes of the files read in a run kept for the stages that read them again, up to this many in all. */
const MAX_KEPT_BYTES = 32 * 1024 * 1024;
/** A file larger than this is read again where needed (a vendor device header: its bytes would stay through the run). */
const MAX_KEPT_FILE = 4 * 1024 * 1024;

/** A file's bytes as read and hashed in this run, with the size and mtime it had then. */
export interface KeptBytes {
  bytes: Buffer;
  hash: string;
  size: number;
  mtimeMs: number;
}

export class FileStates {
  private memo = new Map<string, FileState | null>();
  /**
   * Files read and hashed in this run, kept (within MAX_KEPT_BYTES) so that scanning their directives,
   * masking them and the content index take these bytes instead of reading the file again.
   */
  private kept = new Map<string, KeptBytes>();
  private keptTotal = 0;
  private byStored = new Map<string, string | null>();
  /** Files read and hashed in this run (the rest were answered from the index's records). */
  hashed = 0;
  /** Recorded files hashed again with the recorded content whose size/mtime record can now be trusted. */
  private refresh = new Map<string, { size: number; mtimeMs: number; hash: string }>();

  constructor(
    private root: string,
    private stored: StoredFileStates,
  ) {}

  get(file: string): FileState | null {
    if (this.memo.has(file)) return this.memo.get(file)!;
    let state: FileState | null = null;
    try {
      const st = fs.statSync(file);
      const stored = storedPath(this.root, file);
      const rec = this.stored.get(stored);
      if (rec && rec.size === st.size && rec.mtimeMs === st.mtimeMs) state = { hash: rec.contentHash, size: st.size, mtimeMs: st.mtimeMs };
      else if (st.isFile()) {
        this.hashed++;
        const bytes = fs.readFileSync(file);
        const hash = sha1(bytes);
        if (bytes.length <= MAX_KEPT_FILE && this.keptTotal + bytes.length <= MAX_KEPT_BYTES) {
          this.kept.set(file, { bytes, hash, size: st.size, mtimeMs: st.mtimeMs });
          this.keptTotal += bytes.length;
        }
        const trusted = Date.now() - st.mtimeMs > RACY_MS;
        state = { hash, size: st.size, mtimeMs: trusted ? st.mtimeMs : UNTRUSTED_MTIME };
        if (trusted && rec && rec.contentHash === hash) this.refresh.set(stored, { size: st.size, mtimeMs: st.mtimeMs, hash });
      }
    } catch {
      state = null;
    }
    this.memo.set(file, state);
    return state;
  }

  /** The bytes of `file` as this run read and hashed them, if kept. */
  keptBytes(file: string): KeptBytes | undefined {
    return this.kept.get(file);
  }

  /** Lets the kept bytes go (once no stage reads files any more). */
  releaseBytes(): void {
    this.kept.clear();
    this.keptTotal = 0;
  }

  /** Recorded files found unchanged by content whose current size and mtime the index can record (see writer.refreshFileStates). */
  refreshable(): { path: string; size: number; mtimeMs: number; hash: string }[] {
    return [...this.refresh].map(([p, r]) => ({ path: p, ...r }));
  }

  hash(file: string): string | null {
    return this.get(file)?.hash ?? null;
  }

  /** The content hash of a file named by its stored (project-relative) path. */
  storedHash(stored: string): string | null {
    let h = this.byStored.get(stored);
    if (h === undefined) {
      h = this.hash(absolutePath(this.root, stored));
      this.byStored.set(stored, h);
    }
    return h;
  }
}
