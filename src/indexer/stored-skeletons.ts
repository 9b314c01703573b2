// The skeleton store of an index run: a file's content hash comes from the run's file states (size and
// mtime as the index recorded them, else read and hashed), its skeleton from the index's skeleton rows
// under that hash, else it is read and scanned and saved at the end of the run.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../index/open-index.js';
import { SkeletonRows } from '../index/skeleton-rows.js';
import { decodeSkeleton, encodeSkeleton, SKELETON_FORMAT, type FileSkeleton, type SkeletonStore } from '../preprocessor/file-skeleton.js';
import type { FileStates } from './file-states.js';
import { collectAfterLargeSkeleton, holdHeapGrowthForText, LARGE_SKELETON_BYTES } from './release-memory.js';
import { storedPath } from './vendor-paths.js';
import { moduleStamps } from '../model/module-stamps.js';
import { sha1 } from '../model/sha1.js';

/**
 * The preprocessor modules that make a skeleton: a stored skeleton counts only for the code that scanned it (what they
 * import to run is listed too, or is known to decide nothing of it: see the kept-code-modules test).
 */
export const SCANNING_MODULES = ['file-skeleton.js', 'scan-source.js', 'macro-definition.js', 'tokens.js'];

/** SKELETON_FORMAT with the size and mtime of the scanning modules (their .js files beside the preprocessor's). */
function skeletonFormat(): string {
  return sha1(`${SKELETON_FORMAT}\n${moduleStamps(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'preprocessor'), SCANNING_MODULES)}`);
}

export class StoredSkeletons implements SkeletonStore {
  private readonly rows: SkeletonRows;

  constructor(
    db: Db,
    private readonly root: string,
    private readonly states: FileStates,
  ) {
    this.rows = new SkeletonRows(db, skeletonFormat());
  }

  hash(file: string): string | null {
    return this.states.hash(file);
  }

  /** A text to be scanned: a vendor device header's holds the heap's growth before its scan (see holdHeapGrowthForText). */
  read(file: string): { text: string; hash: string } | undefined {
    const read = this.states.readText(file);
    if (read) holdHeapGrowthForText(read.text);
    return read;
  }

  load(file: string, hash: string, asm: boolean): FileSkeleton | undefined {
    const data = this.rows.get(storedPath(this.root, file), asm, hash);
    if (!data) return undefined;
    try {
      return decodeSkeleton(data, file);
    } catch {
      return undefined;
    }
  }

  /**
   * Encoded now (the encoding holds only what the scan made), so that the run's skeleton cache may drop the
   * skeleton and load it again from these bytes; written by `flush`.
   */
  save(file: string, hash: string, asm: boolean, sk: FileSkeleton): void {
    // Collected once the encoded bytes are out of reach (they are written at once, see SkeletonRows.put).
    if (this.put(file, hash, asm, sk) > LARGE_SKELETON_BYTES) collectAfterLargeSkeleton();
  }

  /** Answers the size of the encoding. */
  private put(file: string, hash: string, asm: boolean, sk: FileSkeleton): number {
    const data = encodeSkeleton(sk);
    this.rows.put(storedPath(this.root, file), asm, hash, data);
    return data.length;
  }

  /** A skeleton another thread scanned and encoded (see walk-worker.ts): stored, and loaded from these bytes when read here. */
  saveEncoded(file: string, hash: string, asm: boolean, data: Uint8Array): void {
    this.rows.put(storedPath(this.root, file), asm, hash, Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  }

  /** Stores the skeletons scanned in this run; answers how many were written. */
  flush(): number {
    return this.rows.flush();
  }
}
