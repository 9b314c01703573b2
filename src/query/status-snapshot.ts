// Status's snapshot of the index: what status read from it (snapshot-readers.ts), kept in
// .fw-context/status-snapshot.json under the identity of index.db and its WAL (inode, size, mtime, the db's
// ctime, the WAL's header), so that status of an index unchanged since loads no SQLite. Only the index's
// answers are kept: the freshness checks (indexed files, compile databases, relinks, new sources, config)
// run on every status. It also keeps the sha1 of the texts status hashes and, by file identity, of the files
// (not a file whose mtime is within RACY_MS of the hash), so an unchanged project loads no crypto.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROW_FORMAT_VERSION, SCHEMA_VERSION } from '../index/schema-versions.js';
import { RACY_MS } from '../indexer/file-states.js';
import { replaceFile } from '../model/replace-file.js';
import { sha1 } from '../model/sha1.js';
import { DetectorNotLoaded } from '../project/declared-builds.js';
import type { StatusHashes } from './active-build.js';
import { openProjectWith, type ProjectContext, type ReaderOpener } from './project-open.js';
import { recordingReader, replayReader, type Answers } from './snapshot-readers.js';

export const SNAPSHOT_FILE = 'status-snapshot.json';

/** Hashes kept per kind (texts, files): the ones this status used first, then older ones. */
const MAX_HASHES = 64;

interface Snapshot {
  /** The code that wrote it (format, index versions, the build's stamp of the code or its modules' size and mtime). */
  code: string;
  /** The index's identity the answers belong to. */
  index: string | null;
  answers: Record<string, string>;
  texts: Record<string, string>;
  /** Path → [identity, sha1]. */
  files: Record<string, [string, string]>;
}

/** The file the build writes beside the status bundle: the sha1 of the code status answers with (scripts/status-code-stamp.mjs). */
export const STATUS_CODE_FILE = 'status-code.txt';

/**
 * The code status answers with: the build's stamp of it (the bundle's and the SQLite reader's bytes) when one is
 * beside this module (the status bundle, dist/src/cli/status-cli.cjs, which the bin and main.js both run) and no
 * older than it and the reader (a compile after the build: stale); else the size and mtime of each. New code, new
 * snapshot.
 */
function codeStamp(): string {
  const here = fileURLToPath(import.meta.url);
  const reader = path.join(path.dirname(here), '..', 'index', `sqlite-index${here.endsWith('.ts') ? '.ts' : '.js'}`);
  const st = (f: string) => fs.statSync(f, { throwIfNoEntry: false });
  const id = (f: string) => {
    const s = st(f);
    return s ? `${s.size}:${s.mtimeMs}` : '-';
  };
  return `1 ${SCHEMA_VERSION}/${ROW_FORMAT_VERSION} ${builtStamp(path.join(path.dirname(here), STATUS_CODE_FILE), [here, reader], st) ?? `${id(here)} ${id(reader)}`}`;
}

/** The build's stamp in FILE when it is no older than any of COVERED; undefined otherwise. */
function builtStamp(file: string, covered: string[], st: (f: string) => fs.Stats | undefined): string | undefined {
  const stamp = st(file);
  if (!stamp || covered.some((f) => (st(f)?.mtimeMs ?? Infinity) > stamp.mtimeMs)) return undefined;
  try {
    const text = fs.readFileSync(file, 'latin1').trim();
    return /^[0-9a-f]{40}$/.test(text) ? `stamp:${text}` : undefined;
  } catch {
    return undefined;
  }
}

function statId(st: fs.BigIntStats): string {
  return `${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
}

/** index.db's and its WAL's identity; null without an index file. Readers change neither (only the -shm). */
export function indexIdentity(indexFile: string): string | null {
  const db = fs.statSync(indexFile, { bigint: true, throwIfNoEntry: false });
  if (!db) return null;
  const walFile = `${indexFile}-wal`;
  const wal = fs.statSync(walFile, { bigint: true, throwIfNoEntry: false });
  let walHeader = '';
  if (wal && wal.size > 0n) {
    try {
      const fd = fs.openSync(walFile, 'r');
      try {
        const head = Buffer.alloc(32);
        walHeader = head.subarray(0, fs.readSync(fd, head, 0, 32, 0)).toString('hex');
      } finally {
        fs.closeSync(fd);
      }
    } catch {
      return null;
    }
  }
  // An empty WAL holds nothing (a reader creates one where there was none). Its ctime is left out: a reader
  // opening the index sets the WAL's owner, which touches it.
  return `${statId(db)} ${wal && wal.size > 0n ? `${wal.ino}:${wal.size}:${wal.mtimeNs}:${walHeader}` : '-'}`;
}

const snapshotFile = (indexFile: string) => path.join(path.dirname(indexFile), SNAPSHOT_FILE);

function readSnapshot(indexFile: string, code: string): Snapshot | null {
  try {
    const s = JSON.parse(fs.readFileSync(snapshotFile(indexFile), 'utf8')) as Snapshot;
    return s.code === code && s.answers && s.texts && s.files ? s : null;
  } catch {
    return null;
  }
}

/** Written to a temporary file and renamed over the old one; a folder status cannot write keeps no snapshot. */
function writeSnapshot(indexFile: string, s: Snapshot): void {
  replaceFile(snapshotFile(indexFile), JSON.stringify(s));
}

/** The hashes of one status: from the snapshot's memos where they hold, noting what it computed anew. */
class MemoHashes implements StatusHashes {
  readonly texts = new Map<string, string>();
  readonly files = new Map<string, [string, string]>();
  added = false;

  constructor(private readonly old: Snapshot | null) {}

  // Arrow functions: answers pass `hashes.text` on as a plain function.
  text = (text: string): string => {
    let h = this.texts.get(text) ?? this.old?.texts[text];
    if (h === undefined) {
      h = sha1(text);
      this.added = true;
    }
    this.texts.set(text, h);
    return h;
  };

  file = (file: string): string => {
    const before = fs.statSync(file, { bigint: true, throwIfNoEntry: false });
    const id = before ? statId(before) : null;
    const kept = this.files.get(file) ?? this.old?.files[file];
    if (id && kept && kept[0] === id) {
      this.files.set(file, kept);
      return kept[1];
    }
    const h = sha1(fs.readFileSync(file));
    // Kept only when a later write could not keep this identity (a write within its mtime's clock tick could).
    if (id && Date.now() - Number(before!.mtimeNs / 1_000_000n) > RACY_MS) {
      this.files.set(file, [id, h]);
      this.added = true;
    }
    return h;
  };

  /** The memos to keep: this status's, then the snapshot's older ones, up to MAX_HASHES each. */
  kept(): Pick<Snapshot, 'texts' | 'files'> {
    const merge = <V>(now: Map<string, V>, old: Record<string, V> | undefined) => {
      const out: Record<string, V> = Object.fromEntries(now);
      for (const [k, v] of Object.entries(old ?? {})) {
        if (Object.keys(out).length >= MAX_HASHES) break;
        if (!(k in out)) out[k] = v;
      }
      return out;
    };
    return { texts: merge(this.texts, this.old?.texts), files: merge(this.files, this.old?.files) };
  }
}

/** What status computes from an opened project, with the hashes to use. */
export type StatusAnswer<T> = (ctx: ProjectContext, hashes: StatusHashes) => T;

/**
 * `answer` from the snapshot when it holds for the index as it is now; otherwise (or when the answer needs a
 * call the snapshot lacks, or fails) from the SQLite index `openSqlite` gives, recording a new snapshot when
 * the index did not change while it was read.
 */
export async function answerWithSnapshot<T>(start: string, answer: StatusAnswer<T>, openSqlite: () => Promise<ReaderOpener>): Promise<T> {
  const code = codeStamp();
  const seen: { indexFile?: string; identity?: string | null; old?: Snapshot | null } = {};
  const fast = openProjectWith(start, (file) => {
    seen.indexFile = file;
    seen.identity = indexIdentity(file);
    if (seen.identity === null) return null;
    seen.old = readSnapshot(file, code);
    return seen.old?.index === seen.identity ? replayReader(new Map(Object.entries(seen.old.answers))) : null;
  });
  const old = seen.old ?? null;
  const replay = fast.reader !== null;
  const hashes = new MemoHashes(old);
  // Replayed, or an answer that needs no reader (not a project, no index file).
  if (replay || !fast.initialized || (seen.indexFile !== undefined && seen.identity === null)) {
    try {
      const result = answer(fast, hashes);
      if (replay && hashes.added && indexIdentity(seen.indexFile!) === seen.identity) writeSnapshot(seen.indexFile!, { ...old!, ...hashes.kept() });
      return result;
    } catch (err) {
      // The adapters are needed (a refusal naming declared builds): the entry point loads them and asks again.
      if (err instanceof DetectorNotLoaded) throw err;
      // A call the snapshot lacks, or an error the index's own answer should report: ask the index.
    } finally {
      fast.close();
    }
  }
  return answerFromIndex(start, answer, await openSqlite(), { code, old, hashes: new MemoHashes(old) });
}

async function answerFromIndex<T>(start: string, answer: StatusAnswer<T>, open: ReaderOpener, s: { code: string; old: Snapshot | null; hashes: MemoHashes }): Promise<T> {
  const answers: Answers = new Map(s.old?.answers ? Object.entries(s.old.answers) : []);
  let indexFile: string | null = null;
  let before: string | null = null;
  const ctx = openProjectWith(start, (file) => {
    indexFile = file;
    before = indexIdentity(file);
    // Answers of another state of the index are dropped.
    if (s.old?.index !== before) answers.clear();
    const real = open(file);
    return real && recordingReader(real, answers);
  });
  let result: T;
  try {
    result = answer(ctx, s.hashes);
  } finally {
    ctx.close();
  }
  if (indexFile && before !== null && indexIdentity(indexFile) === before) {
    writeSnapshot(indexFile, { code: s.code, index: before, answers: Object.fromEntries(answers), ...s.hashes.kept() });
  }
  return result;
}
