// Stored directive skeletons (the preprocessor's outline of a file), by path and content hash: a cache
// that lets a run skip reading and scanning unchanged files. Rows of another skeleton format are dropped
// when the store opens; rows of files no build indexes go with the other unused rows. A row's data is stored deflated
// (raw DEFLATE: a skeleton's JSON takes a third), kept plain in memory until written.
import type { Db } from './open-index.js';
import { deflated, inflated } from '../model/raw-deflate.js';

/** What the stored format adds to the scanning code's: rows written before data was deflated are dropped. */
const STORED_FORM = 'deflated';

/** Bytes past which a skeleton row is written when it is put, not held until `flush`. */
const WRITTEN_AT_ONCE = 1 << 20;

export class SkeletonRows {
  private readonly find;
  /** Rows `put` wrote at once since the last `flush`. */
  private written = 0;
  /** Rows put in this run, by path, asm and hash: written by `flush`, read back before then. */
  private readonly pending = new Map<string, { path: string; asm: number; hash: string; data: Buffer }>();
  /** Bytes of the rows in `pending`. */
  private pendingBytes = 0;
  /**
   * False while the table holds no row (a first index, or one whose stored format changed): `get` then answers
   * from `pending` alone instead of asking SQLite for every file the run reads.
   */
  private stored: boolean;
  /** Lookups answered by SQLite (for tests). */
  queries = 0;

  /** `format` names the encoding (and the code that scans): stored rows of another format are dropped. */
  constructor(
    private readonly db: Db,
    format: string,
  ) {
    format = `${format}:${STORED_FORM}`;
    const row = db.prepare("SELECT value FROM meta WHERE key = 'skeleton_format'").get() as { value: string } | undefined;
    if (row?.value !== format) {
      db.transaction(() => {
        db.prepare('DELETE FROM skeletons').run();
        db.prepare("INSERT INTO meta(key, value) VALUES ('skeleton_format', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(format);
      })();
      this.stored = false;
    } else this.stored = db.prepare('SELECT 1 FROM skeletons LIMIT 1').get() !== undefined;
    this.find = db.prepare('SELECT data FROM skeletons WHERE path = ? AND asm = ? AND hash = ?').pluck();
  }

  get(path: string, asm: boolean, hash: string): Buffer | undefined {
    const data = this.pending.get(`${path}\0${asm ? 1 : 0}\0${hash}`)?.data;
    if (data !== undefined || !this.stored) return data;
    this.queries++;
    const stored = this.find.get(path, asm ? 1 : 0, hash) as Buffer | undefined;
    return stored === undefined ? undefined : inflated(stored);
  }

  /**
   * Kept until `flush`; a skeleton of more than WRITTEN_AT_ONCE bytes (a vendor device header's) is written now
   * rather than held through the run.
   */
  put(path: string, asm: boolean, hash: string, data: Buffer): void {
    const row = { path, asm: asm ? 1 : 0, hash, data };
    if (data.length > WRITTEN_AT_ONCE) {
      this.insert().run(row.path, row.asm, row.hash, deflated(row.data, 1));
      this.written++;
      this.stored = true;
      return;
    }
    const key = `${path}\0${row.asm}\0${hash}`;
    this.pendingBytes += data.length - (this.pending.get(key)?.data.length ?? 0);
    this.pending.set(key, { ...row, data: ownBytes(data) });
    if (this.pendingBytes > WRITTEN_AT_ONCE) this.writePending();
  }

  /**
   * Writes the rows kept so far once they pass WRITTEN_AT_ONCE bytes together, in the transaction open (a build's)
   * or one of their own: a build of many files otherwise held all its skeletons' bytes to the run's end (LVGL's
   * 1 854: ~6 MB through its walks and parse). Rows written in a build that fails go with it; a file whose row is
   * missing is scanned again.
   */
  private writePending(): void {
    const ins = this.insert();
    this.db.transaction(() => {
      for (const r of this.pending.values()) ins.run(r.path, r.asm, r.hash, deflated(r.data));
    })();
    this.written += this.pending.size;
    this.stored = true;
    this.pending.clear();
    this.pendingBytes = 0;
  }

  private insert() {
    return this.db.prepare('INSERT INTO skeletons(path, asm, hash, data) VALUES (?, ?, ?, ?) ON CONFLICT(path, asm) DO UPDATE SET hash = excluded.hash, data = excluded.data');
  }

  /** Writes what `put` kept, in one transaction (a run killed before it only loses cache rows); answers the rows written in the run. */
  flush(): number {
    if (this.pending.size > 0) this.writePending();
    const n = this.written;
    this.written = 0;
    return n;
  }
}

/**
 * Bytes of their own: a small skeleton's encoding is a slice of Node's 8 KB buffer pool, and a pool slab stays
 * allocated while any of its slices is held (Marlin's 963-unit envs: 602 pending rows of ~1 MB held 488 slabs, 3.9 MB).
 */
export function ownBytes(data: Buffer): Buffer {
  if (data.byteOffset === 0 && data.byteLength === data.buffer.byteLength) return data;
  const own = Buffer.allocUnsafeSlow(data.byteLength);
  data.copy(own);
  return own;
}
