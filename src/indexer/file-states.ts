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

/**
 * Bytes of the files read in a run kept for the stages that read them again, up to this many in all: held to the run's
 * end, and a file past them is read again from the page cache (8 MiB were ~2 % of Marlin's 241-env peak RSS; the
 * first builds' files fill them, which a long run's later builds seldom read).
 */
const MAX_KEPT_BYTES = 1024 * 1024;
/** A file larger than this is read again where needed (a vendor device header: its bytes would stay through the run). */
const MAX_KEPT_FILE = 4 * 1024 * 1024;

/** A file's bytes as read and hashed in this run, with the size and mtime it had then. */
export interface KeptBytes {
  bytes: Buffer;
  hash: string;
  size: number;
  mtimeMs: number;
}

/** What a FileState was taken from on another thread: size and mtime, and the bytes and their hash when read. */
export interface TakenFileState {
  file: string;
  size: number;
  mtimeMs: number;
  hash?: string;
  bytes?: Uint8Array;
}

function readHashed(file: string): { bytes: Buffer; hash: string } {
  const bytes = fs.readFileSync(file);
  return { bytes, hash: sha1(bytes) };
}

/** Opened without blocking (a FIFO named as a header must not hang the run). */
const OPEN_FLAGS = fs.constants.O_RDONLY | fs.constants.O_NONBLOCK;

/** The bytes of the open file `fd` of `size` bytes as stat'ed, read as fs.readFileSync reads them (up to that size; a file stat'ed empty to its end). */
function readSized(fd: number, size: number): Buffer {
  if (size === 0) return fs.readFileSync(fd);
  // Not from Buffer's pool (as readFileSync's): a worker's bytes are cloned to the main thread with their whole ArrayBuffer.
  const bytes = Buffer.allocUnsafeSlow(size);
  let n = 0;
  while (n < size) {
    const got = fs.readSync(fd, bytes, n, size - n, null);
    if (got === 0) return bytes.subarray(0, n);
    n += got;
  }
  return bytes;
}

/**
 * A file's stat and, when a regular file, its bytes and hash, from one open: a file the index holds no record of is
 * read whatever its size and mtime (a first index: one stat syscall and Node's own fstat less a file than stat then read).
 */
function statAndRead(file: string): { st: fs.Stats; read?: { bytes: Buffer; hash: string } } {
  const fd = fs.openSync(file, OPEN_FLAGS);
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return { st };
    const bytes = readSized(fd, st.size);
    return { st, read: { bytes, hash: sha1(bytes) } };
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * What a run found of each file it asked for, held compactly (a file's slot in columns, not two objects and two map
 * entries: Meshtastic's 246 envs ask for ~20 000 files, and the states are held to the run's end).
 */
class StateColumns {
  /** Per file asked for (absolute path), its slot, in the order first asked. */
  readonly slots = new Map<string, number>();
  /** Per slot: the content hash, null when the file has no state (missing, not a regular file, unreadable). */
  readonly hashes: (string | null)[] = [];
  /** Per slot: the size and the mtime as the index should record them (of a slot with a hash). */
  private sizes: Float64Array = new Float64Array(1024);
  private mtimes: Float64Array = new Float64Array(1024);
  /** Per slot: the mtime as stat'ed, NaN when the run stat'ed no regular file there. */
  private statMtimes: Float64Array = new Float64Array(1024);
  /** Per slot: the size as stat'ed (of a slot stat'ed as a regular file). */
  private statSizes: Float64Array = new Float64Array(1024);

  add(file: string, state: FileState | null, stat: { size: number; mtimeMs: number } | undefined): void {
    const at = this.hashes.length;
    if (at === this.sizes.length) this.grow();
    this.slots.set(file, at);
    this.hashes.push(state?.hash ?? null);
    this.sizes[at] = state?.size ?? 0;
    this.mtimes[at] = state?.mtimeMs ?? 0;
    this.statSizes[at] = stat?.size ?? 0;
    this.statMtimes[at] = stat?.mtimeMs ?? NaN;
  }

  state(at: number): FileState | null {
    const hash = this.hashes[at];
    return hash === null ? null : { hash, size: this.sizes[at], mtimeMs: this.mtimes[at] };
  }

  stat(at: number): { size: number; mtimeMs: number } | undefined {
    const mtimeMs = this.statMtimes[at];
    return Number.isNaN(mtimeMs) ? undefined : { size: this.statSizes[at], mtimeMs };
  }

  private grow(): void {
    const wider = (a: Float64Array): Float64Array => {
      const b = new Float64Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.sizes = wider(this.sizes);
    this.mtimes = wider(this.mtimes);
    this.statSizes = wider(this.statSizes);
    this.statMtimes = wider(this.statMtimes);
  }
}

export class FileStates {
  private columns = new StateColumns();
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

  /**
   * `taken`, when given, lists what `get` found for each existing file (a worker thread's states, for the main
   * thread to record with `adopt`).
   */
  constructor(
    private root: string,
    private stored: StoredFileStates,
    private taken?: TakenFileState[],
  ) {}

  get(file: string): FileState | null {
    const at = this.columns.slots.get(file);
    if (at !== undefined) return this.columns.state(at);
    let state: FileState | null = null;
    let stat: { size: number; mtimeMs: number } | undefined;
    try {
      const opened = this.stored.has(storedPath(this.root, file)) ? undefined : statAndRead(file);
      const st = opened?.st ?? fs.statSync(file);
      if (st.isFile()) stat = { size: st.size, mtimeMs: st.mtimeMs };
      let read = opened?.read;
      state = this.fromStat(file, st.size, st.mtimeMs, st.isFile(), () => (read ??= readHashed(file)));
      if (state && this.taken && st.isFile()) this.taken.push({ file, size: st.size, mtimeMs: st.mtimeMs, ...(read ? { hash: read.hash, bytes: read.bytes } : {}) });
    } catch {
      state = null;
    }
    this.columns.add(file, state, stat);
    return state;
  }

  /**
   * Records a state another thread took for `file` (see `taken`) as `get` would have, unless this run has one:
   * answered by this run's record when size and mtime match it, else by the hash (and bytes) taken there.
   */
  adopt(t: TakenFileState): void {
    if (this.columns.slots.has(t.file)) return;
    let state: FileState | null = null;
    try {
      state = this.fromStat(t.file, t.size, t.mtimeMs, true, () => (t.hash !== undefined && t.bytes ? { bytes: Buffer.from(t.bytes.buffer, t.bytes.byteOffset, t.bytes.byteLength), hash: t.hash } : readHashed(t.file)));
    } catch {
      state = null;
    }
    this.columns.add(t.file, state, { size: t.size, mtimeMs: t.mtimeMs });
  }

  /** A file's state from its size and mtime: its record's hash when they match the record, else read and hashed. */
  private fromStat(file: string, size: number, mtimeMs: number, isFile: boolean, read: () => { bytes: Buffer; hash: string }): FileState | null {
    const stored = storedPath(this.root, file);
    const rec = this.stored.get(stored);
    if (rec && rec.size === size && rec.mtimeMs === mtimeMs) return { hash: rec.contentHash, size, mtimeMs };
    if (!isFile) return null;
    this.hashed++;
    const { bytes, hash } = read();
    if (bytes.length <= MAX_KEPT_FILE && this.keptTotal + bytes.length <= MAX_KEPT_BYTES) {
      this.kept.set(file, { bytes, hash, size, mtimeMs });
      this.keptTotal += bytes.length;
    }
    const trusted = Date.now() - mtimeMs > RACY_MS;
    if (trusted && rec && rec.contentHash === hash) this.refresh.set(stored, { size, mtimeMs, hash });
    return { hash, size, mtimeMs: trusted ? mtimeMs : UNTRUSTED_MTIME };
  }

  /** Size and mtime of a regular file (absolute path) as this run stat'ed it, if it did. */
  statOf(file: string): { size: number; mtimeMs: number } | undefined {
    const at = this.columns.slots.get(file);
    return at === undefined ? undefined : this.columns.stat(at);
  }

  /** The regular files this run stat'ed (absolute paths): those statOf answers for. */
  *statedFiles(): IterableIterator<string> {
    for (const [file, at] of this.columns.slots) if (this.columns.stat(at) !== undefined) yield file;
  }

  /** The bytes of `file` as this run read and hashed them, if kept. */
  keptBytes(file: string): KeptBytes | undefined {
    return this.kept.get(file);
  }

  /** A file's text and content hash: from the bytes this run kept when it hashed the file, else read now. */
  readText(file: string): { text: string; hash: string } | undefined {
    const kept = this.kept.get(file);
    if (kept) return { text: kept.bytes.toString('utf8'), hash: kept.hash };
    try {
      const { bytes, hash } = readHashed(file);
      return { text: bytes.toString('utf8'), hash };
    } catch {
      return undefined;
    }
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
    const at = this.columns.slots.get(file);
    return at === undefined ? (this.get(file)?.hash ?? null) : this.columns.hashes[at];
  }

  /**
   * `hash` as a function of these states alone: header walks kept for the run hold the function their host gave
   * (see shared-file-reads.ts), and a closure made inside a stage would keep that stage's whole scope alive.
   */
  readonly hashOf = (file: string): string | null => this.hash(file);

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
