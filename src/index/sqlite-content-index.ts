// The SQLite side of the content index: reading it (ContentIndexReader) and writing it (file rows and
// trigram rows). A query is an OR of groups, each an AND of the trigrams of its runs of text (the table keeps
// no positions, so a run is not matched as a phrase); the caller verifies every candidate against the file text.
import type { Db } from './open-index.js';
import { insertedId } from './statement-cache.js';
import { rowUnits } from './build-lists.js';
import path from 'node:path';
import type { ContentCoverage, ContentFileKind, ContentFileRow, ContentIndexReader, IndexedBuildFolders } from './content-index-reader.js';

const GENERATION_KEY = 'content_generation';
const FILL_KEY = 'content_filled';

function stamp(): string {
  return `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
}

function quoteToken(t: string): string {
  return `"${t.replace(/"/g, '""')}"`;
}

/**
 * The distinct trigrams of runs of text, three code points each as FTS5's trigram tokenizer cuts them (it folds
 * their case itself: only ASCII letters are folded here, to drop repeats).
 */
function runTrigrams(runs: string[]): string[] {
  const out = new Set<string>();
  for (const run of runs) {
    const chars = [...run];
    for (let i = 0; i + 3 <= chars.length; i++) out.add((chars[i] + chars[i + 1] + chars[i + 2]).replace(/[A-Z]/g, (c) => c.toLowerCase()));
  }
  return [...out];
}

/** FTS5 MATCH text: OR of groups, each an AND of its runs' trigrams (runs shorter than 3 characters say nothing). */
export function trigramMatch(groups: string[][]): string {
  return groups.map((g) => `(${runTrigrams(g).map(quoteToken).join(' AND ')})`).join(' OR ');
}

export class SqliteContentIndex implements ContentIndexReader {
  constructor(private readonly db: Db) {}

  generation(): string | null {
    return this.metaValue(GENERATION_KEY);
  }

  fillStamp(): string | null {
    return this.metaValue(FILL_KEY);
  }

  coverage(): ContentCoverage {
    const rows = this.db.prepare('SELECT kind, count(*) AS n, sum(size) AS bytes FROM content_files GROUP BY kind').all() as { kind: ContentFileKind; n: number; bytes: number }[];
    const of = (kind: ContentFileKind) => rows.find((r) => r.kind === kind) ?? { n: 0, bytes: 0 };
    return { textFiles: of('text').n + of('deferred').n + of('large').n, indexed: of('text').n, deferred: of('deferred').n, deferredBytes: of('deferred').bytes, large: of('large').n };
  }

  private metaValue(key: string): string | null {
    try {
      const r = this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
      return r?.value ?? null;
    } catch {
      return null;
    }
  }

  buildFolders(root: string): IndexedBuildFolders {
    return storedBuildFolders(this.db, root);
  }

  files(): ContentFileRow[] {
    const rows = this.db.prepare('SELECT path, content_hash, size, mtime_ms, kind FROM content_files ORDER BY path').all() as Record<string, unknown>[];
    return rows.map((r) => ({ path: r.path as string, contentHash: r.content_hash as string, size: r.size as number, mtimeMs: r.mtime_ms as number, kind: r.kind as ContentFileKind }));
  }

  candidates(groups: string[][]): Set<string> | null {
    const usable = groups.map((g) => g.filter((run) => [...run].length >= 3)).filter((g) => g.length > 0);
    if (usable.length < groups.length) return null;
    if (usable.length === 0) return new Set();
    const rows = this.db
      .prepare('SELECT f.path FROM content_trigrams t CROSS JOIN content_files f ON f.id = t.rowid WHERE content_trigrams MATCH ?')
      .all(trigramMatch(usable)) as { path: string }[];
    return new Set(rows.map((r) => r.path));
  }
}

export interface ContentFileWrite {
  path: string;
  contentHash: string;
  size: number;
  mtimeMs: number;
  kind: ContentFileKind;
  /**
   * The text to index (kind text only), or its bytes when they are valid UTF-8 (the trigram index reads a value
   * as UTF-8 text, and keeps no copy: content=''); absent when only the stat of an indexed text file changed.
   */
  text?: string | Buffer;
}

/** A content row's size, mtime and kind. */
export type ContentRowStat = [size: number, mtimeMs: number, kind: ContentFileKind];

/** The content rows' sizes, mtimes and kinds by path (no hash strings made: an update compares stats first). */
export function storedContentStats(db: Db): Map<string, ContentRowStat> {
  const rows = db.prepare('SELECT path, size, mtime_ms, kind FROM content_files').raw().all() as [string, number, number, ContentFileKind][];
  const out = new Map<string, ContentRowStat>();
  for (const r of rows) out.set(r[0], [r[1], r[2], r[3]]);
  return out;
}

/** The content row of one path. */
export function contentRowLookup(db: Db): (path: string) => ContentFileRow | undefined {
  const get = db.prepare('SELECT path, content_hash AS contentHash, size, mtime_ms AS mtimeMs, kind FROM content_files WHERE path = ?');
  return (p) => get.get(p) as ContentFileRow | undefined;
}

/** Project-relative paths of the files some indexed build reads (their trigrams are indexed at once). */
export function pathsReadByBuilds(db: Db): Set<string> {
  const rows = db.prepare('SELECT path FROM files').all() as { path: string }[];
  return new Set(rows.map((r) => r.path).filter((p) => !p.startsWith('/')));
}

/**
 * The indexed builds' folders and units, and the files they read: the index's files (`read`: pathsReadByBuilds, a
 * set the caller may have read already, which this adds to), linker scripts and Kconfig output.
 */
export function storedBuildFolders(db: Db, root: string, read: Set<string> = pathsReadByBuilds(db)): IndexedBuildFolders {
  const rows = db.prepare('SELECT * FROM builds').all() as { build_dir: string; units_id?: number; linker_scripts_json: string | null; kconfig_json: string | null }[];
  const relative = (f: string) => path.relative(root, f).split(path.sep).join('/');
  for (const r of rows) {
    for (const s of JSON.parse(r.linker_scripts_json ?? '[]') as string[]) read.add(path.isAbsolute(s) ? relative(s) : s);
    const k = JSON.parse(r.kconfig_json ?? 'null') as { dot_config: string | null; autoconf_h: string | null } | null;
    for (const f of [k?.dot_config, k?.autoconf_h]) if (f) read.add(f);
  }
  return { builds: rows.map((r) => ({ buildDir: r.build_dir, units: rowUnits(db, r) })), read };
}

/** The deferred files, in path order, for the fill. */
export function deferredContentFiles(db: Db): ContentFileRow[] {
  return new SqliteContentIndex(db).files().filter((f) => f.kind === 'deferred');
}

/**
 * One transaction: upsert these files (their trigram rows replaced), delete those paths, and stamp the change:
 * 'generation' when what a search finds may have changed (an index run), 'fill' when deferred files only got
 * their trigrams. The trigram rows are written after every file row, one statement after the other: FTS5
 * flushes its pending terms whenever another statement of the transaction starts, so rows interleaved with
 * the file upserts cost a segment each (three times the tokenizing).
 */
export function writeContentChanges(db: Db, upserts: ContentFileWrite[], deletes: string[], bump: 'generation' | 'fill' | null): void {
  const find = db.prepare('SELECT id, kind FROM content_files WHERE path = ?');
  const dropTrigrams = db.prepare('DELETE FROM content_trigrams WHERE rowid = ?');
  const dropFile = db.prepare('DELETE FROM content_files WHERE id = ?');
  // The file rows are inserted or updated by the id found (see insertedId on RETURNING).
  const insert = db.prepare('INSERT INTO content_files(path, content_hash, size, mtime_ms, kind) VALUES (?, ?, ?, ?, ?)');
  const update = db.prepare('UPDATE content_files SET content_hash = ?, size = ?, mtime_ms = ?, kind = ? WHERE id = ?');
  const addTrigrams = db.prepare('INSERT INTO content_trigrams(rowid, body) VALUES (?, ?)');
  const tx = db.transaction(() => {
    // Trigram rows to drop (a file's id is kept by its upsert, or taken again by a new file) and to add.
    const drops: number[] = [];
    const adds: { id: number; text: string | Buffer }[] = [];
    for (const p of deletes) {
      const old = find.get(p) as { id: number; kind: string } | undefined;
      if (!old) continue;
      if (old.kind === 'text') drops.push(old.id);
      dropFile.run(old.id);
    }
    for (const f of upserts) {
      // A text file written without text only changed its stat: its trigram row stays.
      const old = find.get(f.path) as { id: number; kind: string } | undefined;
      const newText = f.kind === 'text' && f.text !== undefined;
      if (old?.kind === 'text' && (newText || f.kind !== 'text')) drops.push(old.id);
      let id: number;
      if (old) update.run(f.contentHash, f.size, f.mtimeMs, f.kind, (id = old.id));
      else id = insertedId(insert, f.path, f.contentHash, f.size, f.mtimeMs, f.kind)!;
      if (newText) adds.push({ id, text: f.text! });
    }
    if (bump) {
      db.prepare('INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(bump === 'fill' ? FILL_KEY : GENERATION_KEY, stamp());
    }
    for (const id of drops) dropTrigrams.run(id);
    // In rowid order: FTS5 also flushes when a row's id is below the last one's.
    adds.sort((a, b) => a.id - b.id);
    for (const a of adds) addTrigrams.run(a.id, a.text);
  });
  tx.immediate();
}
