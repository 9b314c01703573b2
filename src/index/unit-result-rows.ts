// Stores and finds per-unit preprocessing results (unit_results rows): the columns that decide whether a
// result still holds name shared lists (`tested_id`, see tested-lists.ts; `files_id`, its [file, content hash]
// pairs), as do `diagnostics_id` (see diagnostic-lists.ts) and `undone_id` (see undone-lists.ts); `data` holds the
// rest as varints (see result-body.ts), `views` the unit's file views by id (one per file, see view-ids.ts; in
// memory a row's data is followed by the views' sha1s, 20 bytes each). File views (one file as one unit saw it) are stored once in file_views and shared by every unit and build that saw the
// file the same way. Paths are stored as the indexer hands them (project-relative where possible), so builds and
// runs share rows.
import type { AbsentProbe } from '../model/absent-lookups.js';
import { absentProbe } from '../preprocessor/run-absent-probe.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { sha1Hasher } from '../model/sha1.js';
import type { FileView, ResultInputsCheck, SharedReads, UnitFileRead } from '../preprocessor/unit-result.js';
import type { UndoneMarks } from '../preprocessor/undone-names.js';
import type { StartingMacros } from '../preprocessor/macro-definition.js';
import type { Db } from './open-index.js';
import { prepared } from './statement-cache.js';
import { mayHoldRows } from './known-empty.js';
import { parseView, ViewEncodings } from './view-encodings.js';
import { runEncoding, SharedRunsInOrder, type ReadEncoder, type RunEncoding } from './run-encodings.js';
import { storedTested, storedTestedHolds, storedTestedPairs, testedFromJson, testedOf, type TestedList } from './tested-lists.js';
import { diagnosticsText, storedDiagnostics } from './diagnostic-lists.js';
import { storedListJson, type ListText } from './value-lists.js';
import { storedUndone, storedUndoneText, undoneFromJson, undoneText } from './undone-lists.js';
import { namedViewHashes, resultData, VIEW_HASH_BYTES, viewDataJson, viewIdsColumn } from './view-ids.js';
import { byHashPrefix, hashText, storedHash, type StoredHash } from './hash-columns.js';
import { bodyLang, decodeBody, encodeBody, type ResultLang } from './result-body.js';

/** A unit result with its file paths already in stored form. */
export interface UnitResultRow {
  unit: string;
  key: string;
  lang: ResultLang;
  files: { file: string; hash: string; view: FileView }[];
  tested: [string, string | null][];
  diagnostics: Diagnostic[];
  /** Per file: the line of the unit's own file whose #include read it last (see UnitResult.tops). */
  tops?: number[];
  /** Per file read again under a later #include: [index, line of the #include that first read it] (see UnitResult.firstTops). */
  firstTops?: number[];
  /** The headers whose #includes with code above them first read files (see UnitResult.heads). */
  heads?: number[];
  /** Files first read through a header's #include whose #defines it names above it: [header, file, line] (see UnitResult.through). */
  through?: number[];
  /** The unit's own #defines files read below them did not see (see UnitResult.unseen). */
  unseen?: number[];
  /** What the #undefs the walk executed left undefined or defined again, where (see UnitResult.undone). */
  undone?: UndoneMarks;
  /** Where `__COUNTER__` does not start from 0 in the unit's own file, whether it uses it, whether that may no longer hold (see UnitResult.counter). */
  counter?: number[];
  counterUsed?: true;
  counterStale?: true;
  /** Which files' code lines used `__COUNTER__`, whether an #if did (see UnitResult.counterIn, counterInIf). */
  counterIn?: number[];
  counterInIf?: true;
  /** Runs of `files` shared with other results (see SharedReads): encoded once for all. */
  shared?: readonly SharedReads[];
}

/**
 * A result as its row stores it. A build's new results wait for its write: what they hold is kept off the JS
 * heap (bytes) or shared with the other results of the write (the views' JSON), so that the young generation's
 * collections during the rest of the build do not copy it.
 */
export interface EncodedUnitResult {
  key: string;
  hash: string;
  /**
   * The JSON of the result's `tested` list and its sha1 (the row names the list stored under it). Made when read where
   * the row has `testedItems` (see encodeUnitResult); the writer stores the list from those.
   */
  tested: string;
  testedHash: string;
  /** The JSON of each pair of `tested` when the walk made the list here (see ListText.items; not sent from a worker). */
  testedItems?: readonly string[];
  /** The JSON of the result's diagnostics and its sha1 (the row names the list stored under it). */
  diagnostics: string;
  diagnosticsHash: string;
  /** The JSON of the list of its #undef marks and its sha1 (see undone-lists.ts). */
  undone: string;
  undoneHash: string;
  /** The JSON of the result's [file, content hash] pairs as UTF-8 bytes, and its sha1 (the row names the list stored under it). */
  files: Buffer;
  filesHash: string;
  data: Buffer;
  /** Files of the result (view hashes at the end of `data`). */
  fileCount: number;
  /** Those view hashes as strings, when the row was made from a stored one (see movedRow: they are held anyway). */
  viewHashes?: readonly string[];
  /** The JSON of the views the result names, by hash, to store when new: shared by the results encoded for one write. */
  views: ReadonlyMap<string, string>;
}

const viewEncodings = new ViewEncodings();

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

/**
 * Writes the 20 bytes of a view hash, from its hex, at `at`. No Buffer is kept per hex: a run of many builds names tens
 * of thousands of distinct views (8.4 MB of such Buffers held at Meshtastic's 128th build), to save ~0.1 µs a write.
 */
function writeViewHash(data: Buffer, hash: string, at: number): void {
  data.write(hash, at, VIEW_HASH_BYTES, 'hex');
}

const samePath = (file: string): string => file;

const encodeRead: ReadEncoder = (read, storedPath) => ({ pair: fileJson(storedPath(read.file), read.hash), view: viewEncodings.of(read.view) });

/**
 * A result as stored, with per file its view's hash. `views` takes the JSON of the views it names (one map for
 * the results of one write). `storedPath` maps the result's paths (the unit's and its files') to their stored
 * form (see vendor-paths.ts); without it they are stored as they are.
 */
export function encodeUnitResult(r: UnitResultRow, views = new Map<string, string>(), storedPath: (file: string) => string = samePath): { row: EncodedUnitResult; viewHashes: string[] } {
  const tested = testedOf(r.tested);
  const n = r.files.length;
  const diagnostics = diagnosticsText(r.diagnostics);
  const undone = undoneText(r.undone);
  const enc = encodeFiles(r, views, storedPath);
  const unit = storedPath(r.unit);
  const body = encodeBody({ unit, lang: r.lang, tops: r.tops, firstTops: r.firstTops, heads: r.heads, through: r.through, unseen: r.unseen, counter: r.counter, counterUsed: r.counterUsed, counterStale: r.counterStale, counterIn: r.counterIn, counterInIf: r.counterInIf }, unitFile(r, unit, storedPath));
  const data = Buffer.allocUnsafe(body.length + VIEW_HASH_BYTES * n);
  body.copy(data);
  writeViewHashes(data, body.length, enc);
  const files = filesColumn(enc);
  const hash = rowHash(`${r.key}\0`, `${tested.hash}\0${diagnostics.hash}\0${undone.hash}\0`, files, body, enc);
  const filesHash = sha1Hasher().update(files).digest('hex');
  const lists = { diagnostics: diagnostics.json, diagnosticsHash: diagnostics.hash, undone: undone.json, undoneHash: undone.hash };
  // The tested JSON as the list's entry gives it when read: a walk's list is not held as JSON (see testedOf), and a
  // row waits for its build's write (a PlatformIO unit's: ~65 KB).
  const testedItems = tested.items ? { testedItems: tested.items } : {};
  const row: EncodedUnitResult = { key: r.key, hash, get tested() { return tested.json; }, testedHash: tested.hash, ...testedItems, ...lists, files, filesHash, data, fileCount: n, views };
  return { row, viewHashes: enc.viewHashes };
}

/** The text of a row's tested list, its JSON read only when its items are not at hand (see encodeUnitResult). */
export function testedListText(r: EncodedUnitResult): ListText {
  const items = r.testedItems;
  return items === undefined ? { hash: r.testedHash, json: r.tested } : { hash: r.testedHash, items, get json() { return r.tested; } };
}

/**
 * The text of a row's files list, its JSON decoded from the row's bytes only when read: the list is stored from it only
 * when new (a run's results name mostly lists a row before named or the index holds: ~15 KB decoded per unit otherwise).
 */
export function filesListText(r: EncodedUnitResult): ListText {
  return { hash: r.filesHash, get json() { return r.files.toString(); } };
}

/** The index of the result's file whose stored path is the unit's (`unit`), -1 when none is. */
function unitFile(r: UnitResultRow, unit: string, storedPath: (file: string) => string): number {
  for (let k = 0; k < r.files.length; k++) if (storedPath(r.files[k].file) === unit) return k;
  return -1;
}

/**
 * A result's files in order as pieces: one file's [file, hash] JSON, or a shared run of them (see SharedReads),
 * each at its first file's position; with every file's view hash.
 */
interface EncodedFiles {
  pieces: (string | RunEncoding)[];
  at: number[];
  viewHashes: string[];
}

const NO_SHARED: readonly SharedReads[] = [];

function encodeFiles(r: UnitResultRow, views: Map<string, string>, storedPath: (file: string) => string): EncodedFiles {
  const n = r.files.length;
  const shared = r.shared ?? NO_SHARED;
  const out: EncodedFiles = { pieces: [], at: [], viewHashes: new Array(n) };
  const runs = new SharedRunsInOrder(r.files, shared);
  for (let i = 0; i < n; ) {
    const held = runs.at(i);
    const run = held !== undefined ? runEncoding(held, views, storedPath, encodeRead) : undefined;
    out.at.push(i);
    if (run !== undefined) {
      out.pieces.push(run);
      const hashes = run.viewHashes;
      for (let k = 0; k < hashes.length; k++) out.viewHashes[i + k] = hashes[k];
      i += hashes.length;
      continue;
    }
    const { pair, view } = encodeRead(r.files[i], storedPath);
    out.pieces.push(pair);
    views.set(view.hash, view.json);
    out.viewHashes[i] = view.hash;
    i++;
  }
  return out;
}

/** The files' JSON: the pieces' as one array, a shared run's bytes copied as they are. */
function filesColumn(enc: EncodedFiles): Buffer {
  const bytes: Buffer[] = [];
  let text = '[';
  for (let p = 0; p < enc.pieces.length; p++) {
    const piece = enc.pieces[p];
    if (p) text += ',';
    if (typeof piece === 'string') text += piece;
    else {
      bytes.push(Buffer.from(text), piece.filesBytes);
      text = '';
    }
  }
  bytes.push(Buffer.from(`${text}]`));
  return bytes.length === 1 ? bytes[0] : Buffer.concat(bytes);
}

/**
 * The row's hash: sha1 of key, the tested, diagnostics and undone lists' hashes, files, body and the view hashes joined, each
 * but the last followed by a NUL (`keyNul` and `listsNul` come with theirs), fed in pieces: no flat copy of the ~12 KB a unit's
 * row hashes is made (fresh memory is what a unit's encoding costs most on a small VM).
 */
function rowHash(keyNul: string, listsNul: string, files: Buffer, body: Buffer, enc: EncodedFiles): string {
  const h = sha1Hasher().update(keyNul).update(listsNul).update(files).update('\0').update(body).update('\0');
  let hex = '';
  for (let p = 0; p < enc.pieces.length; p++) {
    const piece = enc.pieces[p];
    if (typeof piece === 'string') hex += enc.viewHashes[enc.at[p]];
    else {
      if (hex) h.update(hex);
      h.update(piece.hexBytes);
      hex = '';
    }
  }
  if (hex) h.update(hex);
  return h.digest('hex');
}

/** The view hashes as bytes after the body (`at`): a shared run's in one piece. */
function writeViewHashes(data: Buffer, at: number, enc: EncodedFiles): void {
  for (let p = 0; p < enc.pieces.length; p++) {
    const piece = enc.pieces[p];
    const i = enc.at[p];
    if (typeof piece === 'string') writeViewHash(data, enc.viewHashes[i], at + VIEW_HASH_BYTES * i);
    else data.set(piece.bytes, at + VIEW_HASH_BYTES * i);
  }
}

/** Makes `view` hold the lists of `same`, an equal view (views are never changed once made). */
function shareLists(view: FileView, same: FileView): void {
  view.ranges = same.ranges;
  view.defines = same.defines;
  if (same.evaluated) view.evaluated = same.evaluated;
  if (same.taken) view.taken = same.taken;
}

/** Loads file views by hash, each once per run (the same object for every unit that names it). */
export class FileViewCache {
  private byHash = new Map<string, FileView>();
  /** The view hashes and views of the row decoded last through this cache (see tailViews). */
  lastTail: DecodedTail | undefined;
  constructor(private db: Db) {}

  get(hash: string): FileView {
    let v = this.byHash.get(hash);
    if (!v) {
      const stored = prepared(this.db, 'SELECT data FROM file_views WHERE hash = ?').pluck().get(storedHash(hash)) as string | Buffer | undefined;
      if (stored === undefined) throw new Error(`file view ${hash} is missing from the index`);
      const json = viewDataJson(stored);
      v = parseView(json);
      // A unit result carried over or re-encoded names it again: its JSON and hash are these, not made again.
      viewEncodings.remember(v, { json, hash });
      this.remember(hash, v);
    }
    return v;
  }

  /**
   * The cached object for a view seen in this run, or `view` itself (now cached). A view equal to a cached one takes
   * its lists: a header walk keeps the views it made for later units (see unit-result.ts), and units whose macros
   * differ only where no value looks make equal ones (92 copies of a device header's 7 000 #define values, ~20 MB,
   * in a build of mbed CE).
   */
  intern(hash: string, view: FileView): FileView {
    const hit = this.byHash.get(hash);
    if (hit) {
      if (hit !== view) shareLists(view, hit);
      return hit;
    }
    this.remember(hash, view);
    return view;
  }

  /**
   * Each read's view made the cached object (see intern), `viewHashes` their hashes; the reads of a shared run
   * interned before are skipped (they are objects of every result that took the run: theirs are cached ones).
   */
  internReads(files: UnitFileRead[], viewHashes: string[], shared: readonly SharedReads[] = NO_SHARED): void {
    const runs = new SharedRunsInOrder(files, shared);
    for (let i = 0; i < files.length; ) {
      const reads = runs.at(i)?.reads;
      if (reads !== undefined && this.internedRuns.has(reads)) {
        i += reads.length;
        continue;
      }
      if (reads !== undefined) this.internedRuns.add(reads);
      files[i].view = this.intern(viewHashes[i], files[i].view);
      i++;
    }
  }

  /** Shared runs of reads whose views are cached (emptied whenever views are dropped). */
  private internedRuns = new WeakSet<readonly UnitFileRead[]>();

  /** Drops the views that list more than `maxDefines` #defines (a device header's): later units load them again by hash. */
  dropLarge(maxDefines: number): void {
    for (const [hash, view] of this.byHash) if (view.defines.length / 2 > maxDefines) this.byHash.delete(hash);
    this.internedRuns = new WeakSet();
  }

  private remember(hash: string, view: FileView): void {
    if (this.byHash.size > 200_000) {
      this.byHash.clear();
      this.internedRuns = new WeakSet();
    }
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

/** An encoded row decoded (one made elsewhere, e.g. on a worker). */
export function decodeUnitResult(r: Pick<EncodedUnitResult, 'key' | 'tested' | 'diagnostics' | 'undone' | 'files' | 'data'>, views: FileViewCache): UnitResultRow {
  const pairs = JSON.parse(r.files.toString('utf8')) as [string, string][];
  const lists = { tested: testedFromJson(r.tested).list, diagnostics: JSON.parse(r.diagnostics) as Diagnostic[], undone: undoneFromJson(r.undone) };
  return decodeRow(r.key, lists, r.data, pairs.length, (i) => pairs[i], views).row;
}

/**
 * A stored result decoded with its files known (`pairs[at[i]]`: its `i`th file's path, in the form the caller wants
 * its result's files in, and content hash), not parsed from its `files` column: a patch knows them from the lists kept
 * beside the index (see unit-inputs.ts). With the view hashes its `data` ends with. The unit's path is in the pairs'
 * form when it is one of its files' (see result-body.ts), else stored.
 */
export function decodeWithFiles(r: StoredUnitRow, pairs: readonly (readonly [string, string])[], at: readonly number[], views: FileViewCache): { row: UnitResultRow; viewHashes: string[] } {
  const lists = { tested: r.tested.list, diagnostics: r.diagnostics.list, undone: undoneFromJson(r.undone.json) };
  return decodeRow(r.key, lists, r.data, at.length, (i) => pairs[at[i]], views);
}

/** The view hashes a row's `data` ends with (its last bytes) and their views, as decoded (see tailViews). */
interface DecodedTail {
  bytes: Buffer;
  hashes: string[];
  views: FileView[];
}

/**
 * The view hashes `data` ends with (`n` of them) and their views through `cache`. A hash in the place where the row
 * decoded last had the same bytes is that row's string and view: the rows of a build's units mostly name the same
 * views in the same places (the 100 of a generated board: 99 % of places), and each hash cut and looked up costs far
 * more than comparing 20 bytes.
 */
function tailViews(data: Buffer, n: number, cache: FileViewCache): DecodedTail {
  const start = data.length - VIEW_HASH_BYTES * n;
  const last = cache.lastTail;
  const hashes: string[] = new Array(n);
  const read: FileView[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const at = start + VIEW_HASH_BYTES * i;
    if (last !== undefined && i < last.hashes.length && sameBytes(data, at, last.bytes, VIEW_HASH_BYTES * i)) {
      hashes[i] = last.hashes[i];
      read[i] = last.views[i];
    } else {
      hashes[i] = data.toString('hex', at, at + VIEW_HASH_BYTES);
      read[i] = cache.get(hashes[i]);
    }
  }
  cache.lastTail = { bytes: data.subarray(start), hashes, views: read };
  return cache.lastTail;
}

/** Whether the VIEW_HASH_BYTES bytes of `a` at `i` and of `b` at `j` are equal. */
function sameBytes(a: Buffer, i: number, b: Buffer, j: number): boolean {
  for (let k = 0; k < VIEW_HASH_BYTES; k++) if (a[i + k] !== b[j + k]) return false;
  return true;
}

/** The lists a row names, decoded. */
interface RowLists {
  tested: UnitResultRow['tested'];
  diagnostics: Diagnostic[];
  undone: UndoneMarks | undefined;
}

function decodeRow(key: string, lists: RowLists, data: Buffer, n: number, pair: (i: number) => readonly [string, string], views: FileViewCache): { row: UnitResultRow; viewHashes: string[] } {
  const body = decodeBody(data.subarray(0, data.length - VIEW_HASH_BYTES * n), (k) => pair(k)[0]);
  const { hashes: viewHashes, views: read } = tailViews(data, n, views);
  const files: UnitResultRow['files'] = new Array(n);
  for (let i = 0; i < n; i++) {
    const [file, hash] = pair(i);
    files[i] = { file, hash, view: read[i] };
  }
  const row: UnitResultRow = {
    unit: body.unit,
    key,
    lang: body.lang,
    files,
    tested: lists.tested,
    diagnostics: lists.diagnostics,
    ...(body.tops ? { tops: body.tops } : {}),
    ...(body.firstTops ? { firstTops: body.firstTops } : {}),
    ...(body.heads ? { heads: body.heads } : {}),
    ...(body.through ? { through: body.through } : {}),
    ...(body.unseen ? { unseen: body.unseen } : {}),
    ...(lists.undone ? { undone: lists.undone } : {}),
    ...(body.counter ? { counter: body.counter } : {}),
    ...(body.counterUsed ? { counterUsed: body.counterUsed } : {}),
    ...(body.counterStale ? { counterStale: body.counterStale } : {}),
    ...(body.counterIn ? { counterIn: body.counterIn } : {}),
    ...(body.counterInIf ? { counterInIf: body.counterInIf } : {}),
  };
  return { row, viewHashes };
}

/** The cheap columns of a stored result: what decides whether it still holds. */
export interface StoredResultInputs {
  id: number;
  key: string;
  /** The id of its `tested` list (see tested-lists.ts). */
  testedId: number;
  /** The ids of its diagnostics and undone lists (see diagnostic-lists.ts, undone-lists.ts). */
  diagnosticsId: number;
  undoneId: number;
  /** The JSON of its [file, content hash] pairs (the list its `files_id` names). */
  files: string;
}

/** One stored result by id, inflated (its views through `views`). */
export function loadUnitResult(db: Db, stored: StoredResultInputs, views: FileViewCache): UnitResultRow {
  const r = prepared(db, 'SELECT data, views FROM unit_results WHERE id = ?').get(stored.id) as StoredData;
  return storedResult(db, stored, resultData(db, r.data, r.views), views);
}

/** A stored result from its columns, its `tested` list the one its hash names. */
function storedResult(db: Db, stored: StoredResultInputs, data: Buffer, views: FileViewCache): UnitResultRow {
  const pairs = JSON.parse(stored.files) as [string, string][];
  const lists = { tested: storedTestedPairs(db, stored.testedId), diagnostics: storedDiagnostics(db, stored.diagnosticsId).list, undone: storedUndone(db, stored.undoneId) };
  return decodeRow(stored.key, lists, data, pairs.length, (i) => pairs[i], views).row;
}

/** A stored result's columns as read: what a row carried over is made from (see movedRow). */
export interface StoredUnitRow {
  key: string;
  /** The lists its `tested_id`, `diagnostics_id` and `undone_id` name. */
  tested: TestedList;
  diagnostics: { text: ListText; list: Diagnostic[] };
  undone: ListText;
  /** The JSON of its files list as UTF-8 bytes (a row carried over has hashes replaced in them in place). */
  files: Buffer;
  data: Buffer;
}

export function loadStoredUnitRow(db: Db, id: number): StoredUnitRow {
  const r = prepared(db, 'SELECT key, tested_id, diagnostics_id, undone_id, files_id, data, views FROM unit_results WHERE id = ?').get(id) as StoredColumns & StoredData;
  const lists = { tested: storedTested(db, r.tested_id), diagnostics: storedDiagnostics(db, r.diagnostics_id), undone: storedUndoneText(db, r.undone_id) };
  return { key: hashText(r.key), ...lists, files: Buffer.from(storedListJson(db, r.files_id)), data: resultData(db, r.data, r.views) };
}

/** A stored result's `data` (its body) and `views` columns. */
interface StoredData {
  data: Buffer;
  views: Buffer;
}

/**
 * The columns that store `r`'s data: its body and its views' ids (views new to the index stored now, from the JSON
 * `r` holds); with the views' hashes in order.
 */
export function resultColumns(db: Db, r: EncodedUnitResult): { body: Buffer; views: Buffer; hashes: readonly string[] } {
  const hashes = r.viewHashes ?? storedViewHashes(r.data, r.fileCount);
  const views = viewIdsColumn(db, hashes, (hash) => r.views.get(hash));
  return { body: r.data.subarray(0, r.data.length - VIEW_HASH_BYTES * r.fileCount), views, hashes };
}

/** The columns of a stored result that name its lists, with its key (as stored: see hash-columns.ts). */
interface StoredColumns {
  key: StoredHash;
  tested_id: number;
  diagnostics_id: number;
  undone_id: number;
  files_id: number;
}

/** A stored result's inputs from its columns (the files list's JSON read). */
function inputsOf(db: Db, id: number, r: StoredColumns): StoredResultInputs {
  return { id, key: hashText(r.key), testedId: r.tested_id, diagnosticsId: r.diagnostics_id, undoneId: r.undone_id, files: storedListJson(db, r.files_id) };
}

/** One stored result by id, inflated (its views through `views`). */
export function loadUnitResultById(db: Db, id: number, views: FileViewCache): UnitResultRow {
  const r = prepared(db, 'SELECT key, tested_id, diagnostics_id, undone_id, files_id, data, views FROM unit_results WHERE id = ?').get(id) as StoredColumns & StoredData;
  return storedResult(db, inputsOf(db, id, r), resultData(db, r.data, r.views), views);
}

/** A file of a stored result read again at another content hash, seen through another view (see movedRow). */
export interface MovedRead {
  /** Its place in the result's files. */
  at: number;
  /** Its path as stored. */
  file: string;
  was: string;
  hash: string;
  view: FileView;
}

/**
 * The row of a result that is the stored one `old` but for the files in `moved`, read at other content hashes
 * through other views (a unit carried over for headers edited between directives, its body unchanged): the `files`
 * column with those pairs' hashes replaced and their view hashes swapped at the end of `data`; key, tested and body
 * kept as stored. encodeUnitResult makes the same row of the carried result, at the cost of encoding it all.
 * `reads` are the result's files in order (their views' JSON is added to `views`, as encodeUnitResult does),
 * `storedHashes` the view hashes `old.data` ends with (see decodeWithFiles); `undone`, when given, the result's #undef
 * marks moved (its list encoded again, the rest as above).
 * Undefined when the column does not hold a moved file's pair where expected.
 */
export function movedRow(
  old: StoredUnitRow,
  reads: readonly UnitFileRead[],
  moved: readonly MovedRead[],
  storedHashes: readonly string[],
  views = new Map<string, string>(),
  undone?: UndoneMarks,
): { row: EncodedUnitResult; viewHashes: string[] } | undefined {
  const n = reads.length;
  const bodyBytes = old.data.length - VIEW_HASH_BYTES * n;
  if (bodyBytes < 0) return undefined;
  if (storedHashes.length !== n) return undefined;
  const viewHashes = storedHashes.slice();
  const data = Buffer.allocUnsafe(old.data.length);
  old.data.copy(data);
  const files = Buffer.allocUnsafe(old.files.length);
  old.files.copy(files);
  for (const m of moved) {
    // The [file, hash] JSON encodeUnitResult writes (see fileJson): the new hash as long as the old one, in place.
    const from = JSON.stringify([m.file, m.was]);
    const to = JSON.stringify([m.file, m.hash]);
    const k = m.at < n && to.length === from.length ? files.indexOf(from) : -1;
    if (k < 0) return undefined;
    files.write(to, k);
    const view = viewEncodings.of(m.view);
    viewHashes[m.at] = view.hash;
    writeViewHash(data, view.hash, bodyBytes + VIEW_HASH_BYTES * m.at);
  }
  for (let i = 0; i < n; i++) if (!views.has(viewHashes[i])) views.set(viewHashes[i], viewEncodings.of(reads[i].view).json);
  const marks = undone === undefined ? old.undone : undoneText(undone);
  // The hash encodeUnitResult makes (see rowHash).
  const hash = sha1Hasher().update(`${old.key}\0${old.tested.hash}\0${old.diagnostics.text.hash}\0${marks.hash}\0`).update(files).update('\0').update(data.subarray(0, bodyBytes)).update('\0').update(viewHashes.join('')).digest('hex');
  const lists = { tested: old.tested.json, testedHash: old.tested.hash, diagnostics: old.diagnostics.text.json, diagnosticsHash: old.diagnostics.text.hash, undone: marks.json, undoneHash: marks.hash };
  const filesHash = sha1Hasher().update(files).digest('hex');
  return { row: { key: old.key, hash, ...lists, files, filesHash, data, fileCount: n, views, viewHashes }, viewHashes };
}

/**
 * A stored result's language and files with their views, read without decoding its body or tested names (a patch
 * of a build parsing C and C++ reads every unit's sites this way); the whole result when the body's start does
 * not say.
 */
export function loadUnitSites(db: Db, id: number, views: FileViewCache): Pick<UnitResultRow, 'lang' | 'files'> {
  const filesId = prepared(db, 'SELECT files_id FROM unit_results WHERE id = ?').pluck().get(id) as number;
  const pairs = JSON.parse(storedListJson(db, filesId)) as [string, string][];
  const n = pairs.length;
  const r = prepared(db, 'SELECT substr(data, 1, 1) AS head, views FROM unit_results WHERE id = ?').get(id) as { head: Buffer; views: Buffer };
  const lang = bodyLang(r.head);
  if (!lang || n === 0) return loadUnitResultById(db, id, views);
  const hashes = namedViewHashes(db, r.views);
  return { lang, files: pairs.map(([file, hash], i) => ({ file, hash, view: views.get(hashes[i]) })) };
}

/** Per unit path, the inputs of the result a stored build links (what the build's previous run used). */
export function buildUnitInputs(db: Db, variant: string, image: string): Map<string, StoredResultInputs> {
  const rows = db
    .prepare(
      `SELECT p.path AS unit_path, r.id, r.key, r.tested_id, r.diagnostics_id, r.undone_id, r.files_id FROM build_units bu JOIN builds b ON b.id = bu.build_id
       JOIN unit_paths p ON p.id = bu.unit_id JOIN unit_results r ON r.id = bu.result_id WHERE b.variant = ? AND b.image = ?`,
    )
    .all(variant, image) as (StoredColumns & { unit_path: string; id: number })[];
  return new Map(rows.map((r) => [r.unit_path, inputsOf(db, r.id, r)]));
}

/** Newest stored result under `key` that `holds` accepts (checked on the cheap columns before inflating). */
export function findUnitResult(
  db: Db,
  key: string,
  holds: ResultInputsCheck,
  views: FileViewCache,
  /** A result already known not to hold (the one a dirty unit linked): not checked again. */
  skipId?: number,
): { id: number; row: UnitResultRow; hash?: string } | undefined {
  if (!mayHoldRows(db, 'unit_results')) return undefined;
  // The result to skip is left out by the query: its columns are not read (a dirty unit's lookup finds no other).
  const stored = storedHash(key);
  const rows = prepared(db, `SELECT id, hash, key, tested_id, diagnostics_id, undone_id, files_id FROM unit_results WHERE ${byHashPrefix('key')} AND id != ? ORDER BY id DESC LIMIT 32`).all(stored, stored, skipId ?? -1) as (StoredColumns & { id: number; hash: StoredHash })[];
  for (const r of rows) {
    const inputs = inputsOf(db, r.id, r);
    // The files first: a candidate of another build mostly read other files, and its tested list is not loaded then.
    if (!holds.files(JSON.parse(inputs.files)) || !testedHolds(db, r.tested_id, holds)) continue;
    return { id: r.id, hash: hashText(r.hash), row: loadUnitResult(db, inputs, views) };
  }
  return undefined;
}

/**
 * Per connection and starting macros, whether the stored tested list of an id holds in them. A list names the same
 * pairs for the life of the file (ids are never reused), and units set up alike share their starting macros (22 nRF52
 * envs: 7 of them): the candidates of their lookups, other builds' results, share lists, each then checked once (a
 * third of 2 300 checks). A list not loaded is checked pair by pair up to the first that fails (see storedTestedHolds).
 */
let verdicts = new WeakMap<Db, WeakMap<StartingMacros, Map<number, boolean>>>();
/** The probe the verdicts were made with: a list naming a header not found holds only while it is missing (see absent-lookups.ts). */
let verdictsProbe: AbsentProbe | undefined;

function testedHolds(db: Db, id: number, holds: ResultInputsCheck): boolean {
  if (holds.macros === undefined) return holds.tested(storedTested(db, id).list);
  if (verdictsProbe !== absentProbe()) {
    verdictsProbe = absentProbe();
    verdicts = new WeakMap();
  }
  let ofDb = verdicts.get(db);
  if (ofDb === undefined) verdicts.set(db, (ofDb = new WeakMap()));
  let ofMacros = ofDb.get(holds.macros);
  if (ofMacros === undefined) ofDb.set(holds.macros, (ofMacros = new Map()));
  let verdict = ofMacros.get(id);
  if (verdict === undefined) ofMacros.set(id, (verdict = holds.testedPair !== undefined ? storedTestedHolds(db, id, holds.testedPair) : holds.tested(storedTested(db, id).list)));
  return verdict;
}
