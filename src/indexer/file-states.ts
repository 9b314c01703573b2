// Content hashes of files for one index run: a file whose size and mtime match the index's record keeps its
// recorded hash (no read); anything else is read and hashed once per run.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { absolutePath, storedPath } from './vendor-paths.js';

export interface FileState {
  hash: string;
  size: number;
  mtimeMs: number;
}

export type StoredFileStates = Map<string, { contentHash: string; size: number; mtimeMs: number }>;

export function sha1(data: Buffer | string): string {
  return createHash('sha1').update(data).digest('hex');
}

export class FileStates {
  private memo = new Map<string, FileState | null>();
  private byStored = new Map<string, string | null>();
  /** Files read and hashed in this run (the rest were answered from the index's records). */
  hashed = 0;

  constructor(
    private root: string,
    private stored: StoredFileStates,
  ) {}

  get(file: string): FileState | null {
    if (this.memo.has(file)) return this.memo.get(file)!;
    let state: FileState | null = null;
    try {
      const st = fs.statSync(file);
      const rec = this.stored.get(storedPath(this.root, file));
      if (rec && rec.size === st.size && rec.mtimeMs === st.mtimeMs) state = { hash: rec.contentHash, size: st.size, mtimeMs: st.mtimeMs };
      else if (st.isFile()) {
        this.hashed++;
        state = { hash: sha1(fs.readFileSync(file)), size: st.size, mtimeMs: st.mtimeMs };
      }
    } catch {
      state = null;
    }
    this.memo.set(file, state);
    return state;
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
