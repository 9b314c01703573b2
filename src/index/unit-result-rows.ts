// Stores and finds per-unit preprocessing results (unit_results rows): the columns that decide whether a
// result still holds are plain JSON; `data` holds the rest as JSON followed by the unit's file views named by
// their sha1 (20 bytes each, one per file). File views (one file as one unit saw it) are stored once in
// file_views and shared by every unit and build that saw the file the same way. Paths are stored as the
// indexer hands them (project-relative where possible), so builds and runs share rows.
import type { Diagnostic } from '../model/diagnostic.js';
import { sha1 } from '../model/sha1.js';
import type { FileView } from '../preprocessor/unit-result.js';
import type { Db } from './open-index.js';
import { prepared } from './statement-cache.js';
import { mayHoldRows } from './known-empty.js';
import { parseView, ViewEncodings } from './view-encodings.js';

/** A unit result with its file paths already in stored form. */
export interface UnitResultRow {
  unit: string;
  key: string;
  lang: 'c' | 'cpp' | 'asm';
  files: { file: string; hash: string; view: FileView }[];
  tested: [string, string | null][];
  diagnostics: Diagnostic[];
}

/**
 * A result as its row stores it. A build's new results wait for its write: what they hold is kept off the JS
 * heap (bytes) or shared with the other results of the write (the views' JSON), so that the young generation's
 * collections during the rest of the build do not copy it.
 */
export interface EncodedUnitResult {
  key: string;
  hash: string;
  tested: string;
  /** The `files` column (JSON) as UTF-8 bytes. */
  files: Buffer;
  data: Buffer;
  /** Files of the result (view hashes at the end of `data`). */
  fileCount: number;
  /** The JSON of the views the result names, by hash, to store when new: shared by the results encoded for one write. */
  views: ReadonlyMap<string, string>;
}

/** Bytes of a view hash in `data`. */
const VIEW_HASH_BYTES = 20;

/** What `data` holds before the view hashes. */
interface ResultBody {
  unit: string;
  lang: UnitResultRow['lang'];
  diagnostics: Diagnostic[];
}

const viewEncodings = new ViewEncodings();

/** JSON of `tested` lists, by object: units that consulted the same macros share one list (see TrackedEnv.tested). */
const testedJson = new WeakMap<UnitResultRow['tested'], string>();

/** JSON of a [file, hash] pair of a result's `files` column, by file: the units of a run read mostly the same files. */
const fileJsons = new Map<string, { hash: string; json: string }>();
const MAX_FILE_JSONS = 100_000;

function fileJson(file: string, hash: string): string {
  const known = fileJsons.get(file);
  if (known !== undefined && known.hash === hash) return known.json;
  const json = JSON.stringify([file, hash]);
  if (fileJsons.size >= MAX_FILE_JSONS) fileJsons.clear();
  fileJsons.set(file, { hash, json });
  return json;
}

/** The 20 bytes of a view hash, by its hex: a run's results name a few hundred distinct views thousands of times. */
const hashBytes = new Map<string, Buffer>();
const MAX_HASH_BYTES = 100_000;

function viewHashBytes(hash: string): Buffer {
  let bytes = hashBytes.get(hash);
  if (bytes === undefined) {
    if (hashBytes.size >= MAX_HASH_BYTES) hashBytes.clear();
    hashBytes.set(hash, (bytes = Buffer.from(hash, 'hex')));
  }
  return bytes;
}

const samePath = (file: string): string => file;

/**
 * A result as stored, with per file its view's hash. `views` takes the JSON of the views it names (one map for
 * the results of one write). `storedPath` maps the result's paths (the unit's and its files') to their stored
 * form (see vendor-paths.ts); without it they are stored as they are.
 */
export function encodeUnitResult(r: UnitResultRow, views = new Map<string, string>(), storedPath: (file: string) => string = samePath): { row: EncodedUnitResult; viewHashes: string[] } {
  let tested = testedJson.get(r.tested);
  if (tested === undefined) testedJson.set(r.tested, (tested = JSON.stringify(r.tested)));
  const n = r.files.length;
  let files = '[';
  const viewHashes: string[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const f = r.files[i];
    files += (i ? ',' : '') + fileJson(storedPath(f.file), f.hash);
    const { json, hash } = viewEncodings.of(f.view);
    views.set(hash, json);
    viewHashes[i] = hash;
  }
  files += ']';
  const body = JSON.stringify({ unit: storedPath(r.unit), lang: r.lang, diagnostics: r.diagnostics } satisfies ResultBody);
  const bodyBytes = Buffer.byteLength(body);
  const data = Buffer.allocUnsafe(bodyBytes + VIEW_HASH_BYTES * n);
  data.write(body, 0, 'utf8');
  for (let i = 0; i < n; i++) data.set(viewHashBytes(viewHashes[i]), bodyBytes + VIEW_HASH_BYTES * i);
  const hash = sha1(`${r.key}\0${tested}\0${files}\0${body}\0${viewHashes.join('')}`);
  return { row: { key: r.key, hash, tested, files: Buffer.from(files), data, fileCount: n, views }, viewHashes };
}

/** Loads file views by hash, each once per run (the same object for every unit that names it). */
export class FileViewCache {
  private byHash = new Map<string, FileView>();
  constructor(private db: Db) {}

  get(hash: string): FileView {
    let v = this.byHash.get(hash);
    if (!v) {
      const row = prepared(this.db, 'SELECT data FROM file_views WHERE hash = ?').get(hash) as { data: string } | undefined;
      if (!row) throw new Error(`file view ${hash} is missing from the index`);
      v = parseView(row.data);
      // A unit result carried over or re-encoded names it again: its JSON and hash are these, not made again.
      viewEncodings.remember(v, { json: row.data, hash });
      this.remember(hash, v);
    }
    return v;
  }

  /** The cached object for a view seen in this run, or `view` itself (now cached). */
  intern(hash: string, view: FileView): FileView {
    const hit = this.byHash.get(hash);
    if (hit) return hit;
    this.remember(hash, view);
    return view;
  }

  /** Drops the views that list more than `maxDefines` #defines (a device header's): later units load them again by hash. */
  dropLarge(maxDefines: number): void {
    for (const [hash, view] of this.byHash) if (view.defines.length / 2 > maxDefines) this.byHash.delete(hash);
  }

  private remember(hash: string, view: FileView): void {
    if (this.byHash.size > 200_000) this.byHash.clear();
    this.byHash.set(hash, view);
  }
}

/**
 * The view hashes a stored result's `data` ends with, one per file of the result: cut from one hex string of
 * them all (a Buffer's toString runs its argument checks per call: ~90 calls a unit otherwise).
 */
export function storedViewHashes(data: Buffer, fileCount: number): string[] {
  const hex = data.toString('hex', data.length - VIEW_HASH_BYTES * fileCount);
  const width = 2 * VIEW_HASH_BYTES;
  const hashes: string[] = new Array(fileCount);
  for (let i = 0; i < fileCount; i++) hashes[i] = hex.slice(width * i, width * (i + 1));
  return hashes;
}

export function decodeUnitResult(key: string, tested: string, files: string, data: Buffer, views: FileViewCache): UnitResultRow {
  const pairs = JSON.parse(files) as [string, string][];
  const body = JSON.parse(data.toString('utf8', 0, data.length - VIEW_HASH_BYTES * pairs.length)) as ResultBody;
  const viewHashes = storedViewHashes(data, pairs.length);
  return {
    unit: body.unit,
    key,
    lang: body.lang,
    files: pairs.map(([file, hash], i) => ({ file, hash, view: views.get(viewHashes[i]) })),
    tested: JSON.parse(tested) as [string, string | null][],
    diagnostics: body.diagnostics,
  };
}

/** The cheap columns of a stored result: what decides whether it still holds. */
export interface StoredResultInputs {
  id: number;
  key: string;
  tested: string;
  files: string;
}

/** One stored result by id, inflated (its views through `views`). */
export function loadUnitResult(db: Db, stored: StoredResultInputs, views: FileViewCache): UnitResultRow {
  const { data } = prepared(db, 'SELECT data FROM unit_results WHERE id = ?').get(stored.id) as { data: Buffer };
  return decodeUnitResult(stored.key, stored.tested, stored.files, data, views);
}

/** One stored result by id, inflated (its views through `views`). */
export function loadUnitResultById(db: Db, id: number, views: FileViewCache): UnitResultRow {
  const r = prepared(db, 'SELECT key, tested, files, data FROM unit_results WHERE id = ?').get(id) as { key: string; tested: string; files: string; data: Buffer };
  return decodeUnitResult(r.key, r.tested, r.files, r.data, views);
}

/** Per unit path, the inputs of the result a stored build links (what the build's previous run used). */
export function buildUnitInputs(db: Db, variant: string, image: string): Map<string, StoredResultInputs> {
  const rows = db
    .prepare(
      `SELECT bu.unit_path, r.id, r.key, r.tested, r.files FROM build_units bu JOIN builds b ON b.id = bu.build_id
       JOIN unit_results r ON r.id = bu.result_id WHERE b.variant = ? AND b.image = ?`,
    )
    .all(variant, image) as { unit_path: string; id: number; key: string; tested: string; files: string }[];
  return new Map(rows.map((r) => [r.unit_path, { id: r.id, key: r.key, tested: r.tested, files: r.files }]));
}

/** Newest stored result under `key` that `holds` accepts (checked on the cheap columns before inflating). */
export function findUnitResult(
  db: Db,
  key: string,
  holds: (tested: [string, string | null][], files: [string, string][]) => boolean,
  views: FileViewCache,
  /** A result already known not to hold (the one a dirty unit linked): not checked again. */
  skipId?: number,
): { id: number; row: UnitResultRow } | undefined {
  if (!mayHoldRows(db, 'unit_results')) return undefined;
  const rows = prepared(db, 'SELECT id, tested, files FROM unit_results WHERE key = ? ORDER BY id DESC LIMIT 32').all(key) as { id: number; tested: string; files: string }[];
  for (const r of rows) {
    if (r.id === skipId || !holds(JSON.parse(r.tested), JSON.parse(r.files))) continue;
    return { id: r.id, row: loadUnitResult(db, { ...r, key }, views) };
  }
  return undefined;
}
