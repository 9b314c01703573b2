// Keeps the content index in step with the project tree after an index run: walks the searchable files,
// re-reads only those whose size or mtime changed, re-indexes only those whose content hash changed, and
// drops files that are gone. Only files some build reads get their trigrams here; the others are recorded
// as deferred (find reads them whole) and `fw-context serve` fills them in later (fill-content-index.ts):
// trigram indexing costs ~70 ms per MB, and a vendor tree's text is mostly headers of parts no build compiles.
// Build folders are not walked but for the files builds read there, and object files never (walk-scope.ts). A run
// over a large tree walks it ahead, on another thread (content-walk-ahead.ts), and adds the files builds read here.
import type { Db } from '../index/open-index.js';
import { pathsReadByBuilds, storedBuildFolders, writeContentChanges, type ContentFileWrite } from '../index/sqlite-content-index.js';
import { walkScopeOf } from '../content/walk-scope.js';
import { isBinary, readProjectBytes, type BytesRead } from '../content/text-file.js';
import { isUtf8 } from 'node:buffer';
import type { KeptBytes } from './file-states.js';
import type { ContentFileRow } from '../index/content-index-reader.js';
import path from 'node:path';
import { sha1 } from '../model/sha1.js';
import { aheadListing, walkedListing, type ContentListing, type KnownStat } from './content-listing.js';
import type { WalkAhead } from './walk-ahead.js';

/** Text files larger than this are searched by reading them, not through the trigram index. */
export const LARGE_FILE_BYTES = 8 * 1024 * 1024;
/** Files per transaction, and text bytes past which a batch is written before it has that many (a tree of large generated sources). Tests lower them. */
export const contentBatch = { files: 500, textBytes: 8 << 20 };

export interface ContentIndexSummary {
  files: number;
  reindexed: number;
  /** Text files recorded without their trigrams (no build reads them): new, changed or still deferred. */
  deferred: number;
  /** Deferred files given their trigrams after the update (index --all-content). */
  filled?: number;
  removed: number;
  /** Walked files whose size and mtime the run had stat'ed already (a build reads them): not stat'ed again. */
  statsKnown: number;
  /** The tree was walked ahead, on another thread, while the builds were indexed (content-walk-ahead.ts). */
  walkedAhead?: true;
  elapsedMs: number;
}

/**
 * A walked file's bytes from those an index run already read (with the size and mtime the walk found), else
 * read now; with the sha1 of its bytes when they were hashed already.
 */
function readWalked(root: string, f: { path: string; size: number; mtimeMs: number }, kept?: (file: string) => KeptBytes | undefined): BytesRead & { hash?: string } {
  const k = kept?.(path.join(root, f.path));
  if (!k || k.size !== f.size || k.mtimeMs !== f.mtimeMs) return readProjectBytes(root, f.path, true);
  if (isBinary(k.bytes)) return { skipped: 'binary' };
  return { bytes: k.bytes, size: k.size, mtimeMs: k.mtimeMs, hash: k.hash };
}

/** The sha1 of the text the bytes decode to: of the bytes themselves when they are valid UTF-8 (no decoding). */
function textHash(bytes: Buffer, utf8: boolean, bytesHash?: string): string {
  return utf8 ? (bytesHash ?? sha1(bytes)) : sha1(bytes.toString('utf8'));
}

/**
 * The row of a walked file read now: binary, large, text with its trigrams, or deferred; null when unreadable.
 * Only a file whose trigrams are written and whose bytes are not valid UTF-8 is decoded: the others go to the
 * index as their bytes (no string of each file's text in the heap).
 */
function walkedRow(f: { path: string; size: number; mtimeMs: number }, read: BytesRead & { hash?: string }, old: ContentFileRow | undefined, eager: boolean): ContentFileWrite | null {
  if ('skipped' in read) return read.skipped === 'binary' ? { path: f.path, contentHash: 'binary', size: f.size, mtimeMs: f.mtimeMs, kind: 'binary' } : null;
  const utf8 = isUtf8(read.bytes);
  const hash = textHash(read.bytes, utf8, read.hash);
  const sameText = old !== undefined && old.contentHash === hash;
  // A file whose trigrams are in the index keeps them while its text is the same (a touch, or a fill).
  const kind = read.size > LARGE_FILE_BYTES ? 'large' : eager || (sameText && old.kind === 'text') ? 'text' : 'deferred';
  const keep = sameText && old.kind === kind;
  return { path: f.path, contentHash: hash, size: read.size, mtimeMs: read.mtimeMs, kind, ...(kind === 'text' && !keep ? { text: utf8 ? read.bytes : read.bytes.toString('utf8') } : {}) };
}

export interface ContentSources {
  /** The config's [index] exclude_paths. */
  excludePaths?: string[];
  /** The bytes of files the run already read (by absolute path), which are then not read again. */
  kept?: (file: string) => KeptBytes | undefined;
  /** The size and mtime of files the run stat'ed (the builds' files, by absolute path), which are not stat'ed again. */
  known?: KnownStat;
  /** The absolute paths `known` answers for (with a walk ahead, only those are looked up). */
  knownFiles?: () => Iterable<string>;
  /** The walk made ahead on another thread (content-walk-ahead.ts), used when it skipped the folders this update skips. */
  ahead?: Promise<WalkAhead | null>;
}

/** Bring the content index up to date with the files under root (config exclude_paths left out); its time counts the wait for a walk ahead. */
export async function updateContentIndex(db: Db, root: string, sources: ContentSources = {}): Promise<ContentIndexSummary> {
  const started = performance.now();
  const walked = await sources.ahead;
  const readByBuilds = pathsReadByBuilds(db);
  // The scope's read files add linker scripts and Kconfig output to those the builds' rows name (a copy: only
  // the latter get their trigrams now).
  const scope = walkScopeOf(root, storedBuildFolders(db, root, new Set(readByBuilds)), sources.excludePaths ?? []);
  const ahead = walked && sameFolders(walked.skipped, scope.skipped) ? walked : undefined;
  const listing = ahead
    ? aheadListing(db, root, scope, ahead, { known: sources.known, knownFiles: sources.knownFiles?.() ?? [], eager: readByBuilds })
    : walkedListing(db, root, scope, sources.known, readByBuilds);
  const written = writeListed(db, root, listing, readByBuilds, sources.kept);
  return {
    files: listing.files,
    reindexed: written.reindexed,
    deferred: listing.deferred + written.deferred,
    removed: listing.removed.length,
    statsKnown: listing.statsKnown,
    ...(ahead ? { walkedAhead: true } : {}),
    elapsedMs: performance.now() - started,
  };
}

function sameFolders(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((d, i) => d === b[i]);
}

/** The rows of the listing's changed candidates written (a batch per transaction), and those of the files gone deleted. */
function writeListed(db: Db, root: string, listing: ContentListing, readByBuilds: Set<string>, kept: ContentSources['kept']): { reindexed: number; deferred: number } {
  let batch: ContentFileWrite[] = [];
  let batchBytes = 0;
  let reindexed = 0;
  let deferred = 0;
  let changed = false;
  const flush = (final: boolean, deletes: string[] = []) => {
    if (batch.length || deletes.length) {
      writeContentChanges(db, batch, deletes, final ? 'generation' : null);
      changed = true;
    } else if (final && changed) writeContentChanges(db, [], [], 'generation');
    batch = [];
    batchBytes = 0;
  };
  for (const f of listing.candidates) {
    const old = listing.old(f.path);
    const eager = readByBuilds.has(f.path);
    const sameStat = old !== undefined && old.size === f.size && old.mtimeMs === f.mtimeMs;
    // An unchanged file keeps its row, unless a build reads it now and its trigrams were left for later.
    if (sameStat && !(eager && old.kind === 'deferred')) {
      if (old.kind === 'deferred') deferred++;
      continue;
    }
    const row = walkedRow(f, readWalked(root, f, kept), old, eager);
    if (!row) continue;
    batch.push(row);
    if (row.kind === 'deferred') deferred++;
    if (!(old && old.contentHash === row.contentHash && old.kind === row.kind)) reindexed++;
    batchBytes += row.text?.length ?? 0;
    if (batch.length >= contentBatch.files || batchBytes >= contentBatch.textBytes) flush(false);
  }
  flush(true, listing.removed);
  return { reindexed, deferred };
}
