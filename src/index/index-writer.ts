// Writes one build into the index in a single transaction (readers keep the old build until commit),
// reuses parsed file versions by (file, mask hash, language), macro groups and unit results by their hash,
// and removes rows no build uses any more.
import type { Statement } from 'better-sqlite3';
import type { Db } from './open-index.js';
import { insertedId, prepared } from './statement-cache.js';
import { forgetResultHashes } from './reindex-rows.js';
import { dropUnusedLists, forgetUnitLists, listStorer, listText, storeList, type ListText } from './value-lists.js';
import { buildDiagnostics, storeBuildLists } from './build-lists.js';
import { releaseViews, replaceResultsInPlace, useView, type NamedViews, type ReplacedResult } from './results-in-place.js';
import type { ExtractedReference, ExtractedSymbol } from '../model/symbol.js';
import type { MacroRecord } from '../preprocessor/api.js';
import { nameTokens } from '../parser/name-tokens.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { BuildLink, BuildRow, RecordInputs } from './index-reader.js';
import type { CodeRelations } from '../model/code-relations.js';
import { ReadingRowsWriter } from './reading-rows.js';
import { RowBatch } from './row-batch.js';
import { filesListText, resultColumns, testedListText, type EncodedUnitResult } from './unit-result-rows.js';
import { namedViewHashes, storedViewData } from './view-ids.js';
import { deleteUnusedViewLists, editedViews, forgetViewBases, releaseViewBase } from './view-lists.js';
import { mayHoldRows, rowsStored } from './known-empty.js';
import { sha1 } from '../model/sha1.js';
import { BULK_MIN_ROWS, bulkTablesEmpty, createIndexes, dropIndexesOfEmptyTables } from './bulk-indexes.js';
import { BodyStore } from './body-texts.js';
import { collectLinePairs, storeBuildLines } from './build-line-pairs.js';
import { NameStore } from './ref-names.js';
import { chunksOf, dropParseRows, storeChunk, type ParseChunk } from './parse-chunks.js';
import { ActivityKeys, activityHead, type StoredActivity } from './activity-keys.js';
import { refKindCode } from './ref-kind-codes.js';
import { rangesText, storedRanges } from './line-set-ranges.js';
import { collectUnitPaths, unitPathId } from './unit-paths.js';
import { byHashPrefix, storedHash, storedSymbolId } from './hash-columns.js';
import { MACRO_FILE, MACRO_GROUP, storedMacroFile } from './macro-file.js';

/** A row of `macros` as stored. */
interface MacroRow {
  name: string;
  params: string | null;
  value: string;
  function_like: number;
  file: string;
  line: number;
  expanded_value: string | null;
  docstring: string | null;
}

const INSERT_MACROS = 'INSERT INTO macros(group_id, name, params, value, function_like, file, line, expanded_value, name_tokens, docstring)';

/** Symbol, reference and variable-access rows a file version may add (a parse already stored adds none). */
function parsedRowCount(f: FileVersion): number {
  return f.parsed ? f.parsed.symbols.length + f.parsed.references.length + (f.parsed.relations?.variableRefs.length ?? 0) : 0;
}

/** Macro rows a build's groups may add. */
export function macroRowCount(groups: MacroGroup[]): number {
  let n = 0;
  for (const g of groups) n += g.records.length;
  return n;
}

const macroRecord = (r: MacroRow): MacroRecord => ({
  name: r.name, params: r.params, value: r.value, functionLike: !!r.function_like, file: r.file, line: r.line, expandedValue: r.expanded_value,
  ...(r.docstring ? { docstring: r.docstring } : {}),
});

/** A record as the index gives it back once stored (null for absent fields, an empty docstring left out). */
export const storedMacroRecord = (m: MacroRecord): MacroRecord =>
  macroRecord({ name: m.name, params: m.params ?? null, value: m.value, function_like: m.functionLike ? 1 : 0, file: m.file, line: m.line, expanded_value: m.expandedValue ?? null, docstring: m.docstring ?? '' });

export interface FileVersion {
  path: string;
  contentHash: string;
  size: number;
  mtimeMs: number;
  isVendor: boolean;
  maskHash: string;
  language: string;
  isUnit: boolean;
  /** Hash of what decided the parse (content, active ranges, language, blanked macros). */
  activity?: string;
  /** Present when the file was parsed in this run; absent when an existing parse is reused. */
  /** `nameless`: lines of declarations skipped for want of a name; `notes`: what the parse reported beside its error. */
  parsed?: { symbols: ExtractedSymbol[]; references: ExtractedReference[]; error: string | null; relations?: CodeRelations; nameless?: number[]; notes?: ParseNote[] };
}

/** A diagnostic a parse reported about its own file (stored with the parse, the file added when reported). */
export type ParseNote = Omit<Diagnostic, 'file'>;

/** What a stored parse reported: its error and its notes. */
export interface StoredParseReport {
  error: string | null;
  notes: ParseNote[];
}

/** A build as the indexer writes it: the row queries read, without its id, time and diagnostics (BuildWrite's), plus its fingerprint. */
export type BuildRecord = Omit<BuildRow, 'id' | 'indexedAt' | 'diagnostics'> & {
  /** Hash of what the build description says beside what its record is read from (see indexer/build-fingerprint.ts): unchanged → same build. */
  fingerprint: string;
};

/** Lines of one file as a build sees them (see line_sets in schema.ts). */
export interface FileLinesRecord {
  path: string;
  lineCount: number;
  /** Ranges text of the lines the build compiles. */
  active: string;
  /** Ranges text of the #if heads evaluated in live code, and of the branch heads taken; null when not recorded. */
  decisions: { evaluated: string; taken: string } | null;
}

/** The #defines of one file a build reached (stored once per distinct hash). */
export interface MacroGroup {
  hash: string;
  file: string;
  records: MacroRecord[];
}

export interface BuildWrite {
  build: BuildRecord;
  files: FileVersion[];
  macroGroups: MacroGroup[];
  /** Per unit (absolute source path): its preprocessing result. */
  units: { unitPath: string; result: EncodedUnitResult | number }[];
  /** Every diagnostic of the build, in the order reported (the row gives the first BUILD_DIAGNOSTICS_KEPT). */
  fileDiagnostics: Diagnostic[];
  /** Per file of `files`: its compiled lines and decisions in this build. */
  fileLines?: FileLinesRecord[];
  /** Include folders of the build's compile commands (stored paths). */
  includeDirs?: string[];
}

/** What changed in a stored build whose description did not: files re-merged, units redone. */
export interface BuildPatch {
  files: FileVersion[];
  fileLines: FileLinesRecord[];
  /** Stored paths whose macro groups are replaced by `macroGroups`. */
  macroFiles: string[];
  macroGroups: MacroGroup[];
  units: BuildWrite['units'];
  /** Files whose parse stays, with the activity key they take (the build's macro table changed): [stored path, activity]. */
  activities?: [string, string][];
  /**
   * The stored results the units' rows replace (their ids) with the view hashes their `data` ends with, as the patch
   * read them: a unit's new result is written over the row it replaces when no other unit links that row (see
   * results-in-place.ts); else, when no build links the row any more, it is deleted and its views released without
   * reading it again. One entry per unit, in the order of `units`.
   */
  replaced?: ReplacedResult[];
  /** The build's diagnostics, all of them, when the patch moved some (units carried over); else they stay. */
  diagnostics?: Diagnostic[];
}

/** What a build row holds from its linker scripts, map file and Kconfig output, read again (indexer/refresh-build-record.ts). */
export interface RecordRefresh {
  entryPoint: string;
  memory: unknown[];
  memoryNote: string;
  kconfig: BuildRow['kconfig'];
  recordInputs: RecordInputs;
  /** What that reading reported: replaces the build's last `recordInputs.memoryDiagnostics` diagnostics (a full run writes them last). */
  diagnostics: Diagnostic[];
  /** The linker-script files with their symbols: replace the build's `ld` files. */
  scripts: FileVersion[];
}

/** A stored build file: what decided its parse and which parse it is. */
export interface StoredBuildFile {
  activity: string | null;
  parsedId: number;
  maskHash: string;
  contentHash: string;
  language: string;
}

const UPSERT_BUILD = `INSERT INTO builds(variant, image, image_type, default_image, board, build_system, build_dir, compile_commands, compile_commands_hash,
    compile_commands_mtime_ms, description, defines_json, defines_varying, linker_scripts_json, entry_point, memory_json, memory_note,
    provenance, implicit_macros_json, diagnostics_id, units_id, linked_units_json, linking_json, kconfig_json, fingerprint, record_inputs_json, indexed_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT(variant, image) DO UPDATE SET image_type = excluded.image_type, default_image = excluded.default_image,
    board = excluded.board, build_system = excluded.build_system, build_dir = excluded.build_dir,
    compile_commands = excluded.compile_commands, compile_commands_hash = excluded.compile_commands_hash,
    compile_commands_mtime_ms = excluded.compile_commands_mtime_ms, description = excluded.description,
    defines_json = excluded.defines_json, defines_varying = excluded.defines_varying,
    linker_scripts_json = excluded.linker_scripts_json, entry_point = excluded.entry_point, memory_json = excluded.memory_json,
    memory_note = excluded.memory_note, provenance = excluded.provenance, implicit_macros_json = excluded.implicit_macros_json,
    diagnostics_id = excluded.diagnostics_id, units_id = excluded.units_id, linked_units_json = excluded.linked_units_json,
    linking_json = excluded.linking_json, kconfig_json = excluded.kconfig_json,
    fingerprint = excluded.fingerprint, record_inputs_json = excluded.record_inputs_json, indexed_at = excluded.indexed_at
  RETURNING id`;

/** A file of the build being written, stored: its file and parse ids. */
interface StoredFile {
  version: FileVersion;
  fileId: number;
  parsedId: number;
}

/** Largest symbol and macro ids at some moment (see IndexWriter.lastRowIds). */
interface RowIds {
  lastSymbol: number;
  lastMacro: number;
}

/** The build being written (see IndexWriter.beginBuild). */
interface OpenBuild {
  /** Largest symbol and macro ids before it: the full-text rows of those past them are added at its end. */
  last: RowIds;
  stored: StoredFile[];
  /** Files given before the indexes were decided on. */
  pending: FileVersion[];
  /** New rows counted so far (macro rows, then the pending files' parse rows). */
  rows: number;
  /** The dropped indexes' statements to run at its end; null: none dropped; undefined: not decided yet. */
  deferred: string[] | null | undefined;
  /** Views the unit results stored so far name, with how many of them name each (written at its end). */
  views: NamedViews;
  /** The storers of the results' lists, kept across its writes (a list may be stored as edits of one stored before). */
  lists: ResultLists;
}

/** A storer per list column of unit_results (see listStorer): the lists of one transaction's results. */
interface ResultLists {
  tested: ListStorer;
  diagnostics: ListStorer;
  undone: ListStorer;
  files: ListStorer;
}

/** Stores a list of a unit's result (`unit`: its path, see listStorer); answers its id. */
type ListStorer = (t: ListText, unit?: string) => number;

function resultLists(db: Db): ResultLists {
  // Only the indexer reads tested and #undef marks lists: their long items are stored deflated, and they may edit an
  // edited list (value-lists.ts).
  return { tested: listStorer(db, true, 'tested'), diagnostics: listStorer(db, false, 'diagnostics'), undone: listStorer(db, true, 'undone'), files: listStorer(db, false, 'files') };
}

/** Views named by new unit results: per hash, the view's JSON and how many of the results name it. */
export class IndexWriter {
  private readingRows: ReadingRowsWriter | undefined;
  private open: OpenBuild | undefined;
  /** Symbol and reference rows of the parses stored, written many to a statement (flushRows). */
  private readonly symbolRows: RowBatch;
  private readonly refRows: RowBatch;
  /** Macro rows of the new macro groups (flushed by writeMacroGroups). */
  private readonly macroRows: RowBatch;
  /** Definition bodies, each distinct text stored once (symbols name them by id). */
  private readonly bodies: BodyStore;
  /** Names of call rows and variable accesses, each stored once (rows name them by id). */
  private readonly names: NameStore;
  /** build_files.activity in its stored form (activity-keys.ts). */
  private readonly activities: ActivityKeys;
  /**
   * Per stored result id, the view hashes its `data` ends with, as a patch read them from the row its unit's new
   * one replaces (see notePatchedRows): collecting the row then releases its views without reading it again.
   */
  private readonly replacedViews = new Map<number, readonly string[]>();
  /** Unit results deleted (no build links them) whose rows were read to learn the views they release. */
  unlinkedRowsRead = 0;
  /** Stored unit results a patch wrote its unit's new result over, under the same id (see results-in-place.ts). */
  resultsWrittenOver = 0;

  constructor(readonly db: Db) {
    this.symbolRows = new RowBatch(
      db,
      `INSERT INTO symbols(chunk_id, stable_id, parent_id, name, qualified_name, kind, line, end_line, col, is_definition, signature,
         docstring, is_template, is_virtual, is_pure_virtual, enum_value, name_tokens, body_id, alias, via_macro)`,
    );
    this.refRows = new RowBatch(db, 'INSERT INTO ref_rows(chunk_id, name_id, line, col, kind, caller_id, via_macro, slot, detail)');
    this.macroRows = new RowBatch(db, INSERT_MACROS);
    this.bodies = new BodyStore(db);
    this.names = new NameStore(db);
    this.activities = new ActivityKeys(db);
  }

  /** A statement prepared once per connection (a run writes many builds with the same statements). */
  private sql(text: string): Statement {
    return prepared(this.db, text);
  }

  private get reading(): ReadingRowsWriter {
    return (this.readingRows ??= new ReadingRowsWriter(this.db, this.names));
  }

  /** Writes the parse rows storeVersion left pending: every method that stores versions calls it before it returns. */
  private flushRows(): void {
    this.symbolRows.flush();
    this.refRows.flush();
    this.readingRows?.flush();
  }

  /** Drops the pending parse rows of a transaction rolled back. */
  private discardRows(): void {
    this.symbolRows.clear();
    this.refRows.clear();
    this.macroRows.clear();
    this.readingRows?.discard();
    this.bodies.discard();
    this.names.discard();
    this.activities.forget();
    forgetViewBases(this.db);
    forgetUnitLists(this.db);
  }

  /**
   * Runs `write` in one immediate transaction. Full-text rows of the symbols and macros it inserted are
   * added at its end in one statement each: FTS5 flushes its pending terms at every statement that writes
   * it, so a row-by-row trigger would write one segment per row (see schema.ts).
   */
  private writeTransaction<T>(write: () => T): T {
    const tx = this.db.transaction(() => {
      this.bodies.begin();
      this.names.begin();
      this.activities.forget();
      const last = this.lastRowIds();
      const out = write();
      this.addFullTextRows(last);
      return out;
    });
    try {
      return tx.immediate();
    } catch (err) {
      this.discardRows();
      throw err;
    }
  }

  /** Largest symbol and macro ids so far: the full-text rows of the rows inserted past them are added later. */
  private lastRowIds(): RowIds {
    const lastSymbol = (this.sql('SELECT coalesce(max(id), 0) AS n FROM symbols').get() as { n: number }).n;
    const lastMacro = (this.sql('SELECT coalesce(max(id), 0) AS n FROM macros').get() as { n: number }).n;
    return { lastSymbol, lastMacro };
  }

  /** Full-text rows of the symbols and macros inserted past these ids. */
  private addFullTextRows({ lastSymbol, lastMacro }: RowIds): void {
    this.sql(
      'INSERT INTO symbols_fts(rowid, name, qualified_name, signature, docstring, name_tokens) SELECT id, name, qualified_name, signature, docstring, name_tokens FROM symbols WHERE id > ?',
    ).run(lastSymbol);
    this.sql('INSERT INTO macros_fts(rowid, name, value, name_tokens, docstring) SELECT id, name, value, name_tokens, docstring FROM macros WHERE id > ?').run(lastMacro);
  }

  /** Id of an existing parse of this file under this mask, if any. */
  findParsed(path: string, maskHash: string, language: string): number | undefined {
    if (!mayHoldRows(this.db, 'parsed_files')) return undefined;
    const r = this.sql('SELECT p.id FROM parsed_files p JOIN files f ON f.id = p.file_id WHERE f.path = ? AND p.mask_hash = ? AND p.language = ?')
      .get(path, maskHash, language) as { id: number } | undefined;
    return r?.id;
  }

  /** Whether the index holds a build's file rows. */
  holdsBuildFiles(): boolean {
    return this.sql('SELECT 1 FROM build_files LIMIT 1').get() !== undefined;
  }

  /**
   * The mask hash of the parse a stored build (any) takes for `path` parsed in `language` under activity key `activity`
   * (see mask-memo.ts): the rows whose keys share its sha1 are read, their scopes compared.
   */
  storedMask(path: string, language: string, activity: string): string | undefined {
    if (!mayHoldRows(this.db, 'parsed_files')) return undefined;
    const head = activityHead(activity);
    const rows = this.sql(
      `SELECT p.mask_hash, bf.activity FROM files f JOIN parsed_files p ON p.file_id = f.id JOIN build_files bf ON bf.parsed_id = p.id
       WHERE f.path = ? AND p.language = ? AND ${head ? `substr(bf.activity, 1, ${head.length}) = ?` : 'bf.activity = ?'}`,
    )
      .raw()
      .all(path, language, head ?? activity) as [string, StoredActivity][];
    if (rows.length === 0) return undefined;
    // A reader per call: scope ids read once stay valid only while no run collects the scope rows.
    const read = this.activities.reader();
    return rows.find(([, stored]) => read(stored) === activity)?.[0];
  }

  /** The error and notes of a stored parse, if that parse is stored. */
  parseReport(path: string, maskHash: string, language: string): StoredParseReport | undefined {
    if (!mayHoldRows(this.db, 'parsed_files')) return undefined;
    const r = this.sql('SELECT p.parse_error, p.diagnostics_json FROM parsed_files p JOIN files f ON f.id = p.file_id WHERE f.path = ? AND p.mask_hash = ? AND p.language = ?')
      .get(path, maskHash, language) as { parse_error: string | null; diagnostics_json: string | null } | undefined;
    return r ? { error: r.parse_error, notes: r.diagnostics_json ? (JSON.parse(r.diagnostics_json) as ParseNote[]) : [] } : undefined;
  }

  /** The files a stored build parsed, by stored path. */
  buildFiles(variant: string, image: string): Map<string, StoredBuildFile> {
    const rows = this.db
      .prepare(
        `SELECT f.path, bf.activity, bf.parsed_id, p.mask_hash, f.content_hash, p.language FROM build_files bf
         JOIN builds b ON b.id = bf.build_id JOIN parsed_files p ON p.id = bf.parsed_id JOIN files f ON f.id = p.file_id
         WHERE b.variant = ? AND b.image = ?`,
      )
      .all(variant, image) as { path: string; activity: StoredActivity; parsed_id: number; mask_hash: string; content_hash: string; language: string }[];
    const activity = this.activities.reader();
    return new Map(rows.map((r) => [r.path, { activity: activity(r.activity), parsedId: r.parsed_id, maskHash: r.mask_hash, contentHash: r.content_hash, language: r.language }]));
  }

  /** The lines each file of a stored build compiles (ranges text, see line_sets), by stored path. */
  buildActiveLines(variant: string, image: string): Map<string, string> {
    const rows = this.db
      .prepare(
        `SELECT f.path, ls.active FROM build_file_lines bl JOIN builds b ON b.id = bl.build_id JOIN files f ON f.id = bl.file_id
         JOIN line_sets ls ON ls.id = bl.lines_id WHERE b.variant = ? AND b.image = ?`,
      )
      .raw()
      .all(variant, image) as [string, string | Buffer][];
    return new Map(rows.map(([file, active]) => [file, rangesText(active)]));
  }

  /** Id of a stored macro group, if any. */
  macroGroupId(hash: string): number | undefined {
    if (!mayHoldRows(this.db, 'macro_groups')) return undefined;
    return (this.sql('SELECT id FROM macro_groups WHERE hash = ?').get(hash) as { id: number } | undefined)?.id;
  }

  /** The hashes of every macro group the index holds. */
  macroGroupHashes(): Set<string> {
    return new Set(this.sql('SELECT hash FROM macro_groups').pluck().all() as string[]);
  }

  /** A stored macro group by its hash (no records when the index holds none of that hash). */
  macroGroupByHash(hash: string): MacroGroup {
    const row = this.sql('SELECT id, file FROM macro_groups WHERE hash = ?').get(hash) as { id: number; file: string } | undefined;
    return { hash, file: row?.file ?? '', records: row ? this.macroGroupRecords(row.id) : [] };
  }

  /** The records of a stored macro group. */
  macroGroupRecords(id: number): MacroRecord[] {
    const rows = this.sql(`SELECT m.name, m.params, m.value, m.function_like, ${MACRO_FILE} AS file, m.line, m.expanded_value, m.docstring FROM macros m ${MACRO_GROUP}
      WHERE m.group_id = ? ORDER BY m.id`).all(id) as MacroRow[];
    return rows.map(macroRecord);
  }

  /** New size and mtime for files whose content is as recorded (touched, or recorded too close to their mtime). */
  refreshFileStates(rows: { path: string; size: number; mtimeMs: number; hash: string }[]): void {
    if (rows.length === 0) return;
    const upd = this.db.prepare('UPDATE files SET size = ?, mtime_ms = ? WHERE path = ? AND content_hash = ?');
    this.db.transaction(() => {
      for (const r of rows) upd.run(r.size, r.mtimeMs, r.path, r.hash);
    })();
  }

  /** A build whose compile database was rewritten with the same bytes: its fingerprint and the database's mtime now. */
  refreshBuildDescription(variant: string, image: string, fingerprint: string, compileCommandsMtimeMs: number, compileCommandsHash: string): void {
    this.db
      .prepare('UPDATE builds SET fingerprint = ?, compile_commands_mtime_ms = ? WHERE variant = ? AND image = ? AND compile_commands_hash = ?')
      .run(fingerprint, compileCommandsMtimeMs, variant, image, compileCommandsHash);
  }

  /** A build whose record inputs were touched or rewritten with the same bytes: their sizes and mtimes now. */
  refreshRecordInputs(variant: string, image: string, inputs: RecordInputs): void {
    this.db.prepare('UPDATE builds SET record_inputs_json = ? WHERE variant = ? AND image = ?').run(JSON.stringify(inputs), variant, image);
  }

  /**
   * Replaces, in one transaction, what a stored build's row holds from its linker scripts, map file and Kconfig
   * output, the diagnostics reading them gave, its linker-script files and list, and how its link was determined
   * (the same units: see indexer/record-description.ts); its units and other files stay.
   */
  refreshBuildRecord(variant: string, image: string, r: RecordRefresh, link: BuildLink, indexedAt: string): number {
    return this.writeTransaction(() => {
      const row = this.sql('SELECT id, diagnostics_id, record_inputs_json FROM builds WHERE variant = ? AND image = ?').get(variant, image) as {
        id: number;
        diagnostics_id: number;
        record_inputs_json: string;
      };
      const buildId = row.id;
      // The record's diagnostics come last: its previous ones give way to the new.
      const previous = (JSON.parse(row.record_inputs_json) as RecordInputs | null)?.memoryDiagnostics ?? 0;
      const stored = buildDiagnostics(this.db, row.diagnostics_id);
      const diagnostics = [...stored.slice(0, Math.max(0, stored.length - previous)), ...r.diagnostics];
      const diagnosticsId = storeList(this.db, listText(JSON.stringify(diagnostics)));
      this.sql(
        `UPDATE builds SET entry_point = ?, memory_json = ?, memory_note = ?, kconfig_json = ?, diagnostics_id = ?, record_inputs_json = ?, linked_units_json = ?,
           linking_json = ?, linker_scripts_json = ?, indexed_at = ? WHERE id = ?`,
      ).run(
        r.entryPoint, JSON.stringify(r.memory), r.memoryNote, JSON.stringify(r.kconfig), diagnosticsId, JSON.stringify(r.recordInputs),
        link.linkedUnits ? JSON.stringify(link.linkedUnits) : null, JSON.stringify(link.linking), JSON.stringify(link.linkerScripts), indexedAt, buildId,
      );
      this.sql("DELETE FROM build_files WHERE build_id = ? AND parsed_id IN (SELECT id FROM parsed_files WHERE language = 'ld')").run(buildId);
      const insBuildFile = this.sql('INSERT OR IGNORE INTO build_files(build_id, parsed_id, is_unit, activity) VALUES (?, ?, ?, ?)');
      for (const f of r.scripts) insBuildFile.run(buildId, this.storeVersion(f).parsedId, f.isUnit ? 1 : 0, this.activities.stored(f.activity));
      this.flushRows();
      return buildId;
    });
  }

  /** Stored paths, sizes, mtimes and content hashes of every indexed file. */
  fileStates(): Map<string, { contentHash: string; size: number; mtimeMs: number }> {
    const rows = this.db.prepare('SELECT path, content_hash, size, mtime_ms FROM files').all() as { path: string; content_hash: string; size: number; mtime_ms: number }[];
    return new Map(rows.map((r) => [r.path, { contentHash: r.content_hash, size: r.size, mtimeMs: r.mtime_ms }]));
  }

  writeBuild(w: BuildWrite, indexedAt: string): number {
    this.beginBuild(macroRowCount(w.macroGroups));
    try {
      return this.finishBuild(w, indexedAt);
    } catch (err) {
      this.abortBuild();
      throw err;
    }
  }

  /**
   * Starts writing a build: one immediate transaction until finishBuild (or abortBuild), in which storeFiles
   * stores files as their parses come, so that a build's parse results need not all stay in memory until its
   * write. `macroRows`: the macro rows the build will add (with the parses' rows, they decide whether the row
   * tables' indexes are built after the rows; see bulk-indexes.ts).
   */
  beginBuild(macroRows = 0): void {
    if (this.open) throw new Error('a build is already being written');
    this.db.exec('BEGIN IMMEDIATE');
    this.bodies.begin();
    this.names.begin();
    this.activities.forget();
    const last = this.lastRowIds();
    // Rows go into tables that hold some already: their indexes stay, whatever the count.
    const deferred = bulkTablesEmpty(this.db) ? undefined : null;
    this.open = { last, stored: [], pending: [], rows: macroRows, deferred, views: new Map(), lists: resultLists(this.db) };
  }

  /** Counts macro rows the build being written will add (known once its units are preprocessed; see beginBuild). */
  expectMacroRows(rows: number): void {
    this.opened().rows += rows;
  }

  /**
   * Stores the next files of the build being written (in the build's order; the first files of finishBuild's
   * `files`), then drops their parse results. Until the build's new rows are known to reach BULK_MIN_ROWS
   * (or finishBuild), files wait: whether the row tables' indexes are dropped first is decided on that count.
   */
  storeFiles(files: FileVersion[]): void {
    const open = this.opened();
    if (open.deferred === undefined) {
      for (const f of files) {
        open.pending.push(f);
        open.rows += parsedRowCount(f);
      }
      if (open.rows < BULK_MIN_ROWS) return;
      open.deferred = dropIndexesOfEmptyTables(this.db);
      files = open.pending;
      open.pending = [];
    }
    for (const f of files) {
      const { fileId, parsedId } = this.storeVersion(f);
      open.stored.push({ version: f, fileId, parsedId });
      f.parsed = undefined;
    }
    this.flushRows();
  }

  /** Writes the rest of the build begun by beginBuild (its row, its files' links, macros, units, lines, diagnostics) and commits. */
  finishBuild(w: BuildWrite, indexedAt: string): number {
    const open = this.opened();
    const { stored, pending } = open;
    const given = stored.length + pending.length;
    for (let i = 0; i < given; i++) {
      if (w.files[i] !== (i < stored.length ? stored[i].version : pending[i - stored.length])) throw new Error('the files of a build were given out of their order');
    }
    if (open.deferred === undefined) {
      for (let i = given; i < w.files.length; i++) open.rows += parsedRowCount(w.files[i]);
      open.deferred = open.rows >= BULK_MIN_ROWS ? dropIndexesOfEmptyTables(this.db) : null;
    }
    open.pending = [];
    this.storeFiles(w.files.slice(stored.length));
    const buildId = this.writeBuildRows(w, indexedAt, stored);
    if (open.deferred) createIndexes(this.db, open.deferred);
    this.addFullTextRows(open.last);
    this.db.exec('COMMIT');
    this.open = undefined;
    return buildId;
  }

  /** Rolls back the build begun by beginBuild (its previous rows stay). */
  abortBuild(): void {
    this.open = undefined;
    this.discardRows();
    if (this.db.inTransaction) this.db.exec('ROLLBACK');
  }

  private opened(): OpenBuild {
    if (!this.open) throw new Error('no build is being written');
    return this.open;
  }

  /** The build's row (naming its diagnostics and units lists) and what links it to its stored files, macro groups, units and lines. */
  private writeBuildRows(w: BuildWrite, indexedAt: string, stored: StoredFile[]): number {
    const b = w.build;
    // The results first, as a run storing them as they come (storeUnitResults) does: their lists take the same ids.
    this.insertUnitResults(w.units, this.opened().views, this.opened().lists);
    const { diagnosticsId, unitsId } = storeBuildLists(this.db, w.fileDiagnostics, b.units);
    const { id: buildId } = this.sql(UPSERT_BUILD).get(
      b.variant, b.image, b.imageType, b.defaultImage ? 1 : 0, b.board, b.buildSystem, b.buildDir, b.compileCommands, b.compileCommandsHash,
      b.compileCommandsMtimeMs, b.description, JSON.stringify(b.defines), b.definesVarying, JSON.stringify(b.linkerScripts), b.entryPoint,
      JSON.stringify(b.memory), b.memoryNote, b.provenance, JSON.stringify(b.implicitMacros), diagnosticsId, unitsId,
      b.linkedUnits ? JSON.stringify(b.linkedUnits) : null, JSON.stringify(b.linking), JSON.stringify(b.kconfig), b.fingerprint, JSON.stringify(b.recordInputs), indexedAt,
    ) as { id: number };

    for (const t of ['build_files', 'build_macro_groups', 'build_units', 'build_line_pairs']) this.sql(`DELETE FROM ${t} WHERE build_id = ?`).run(buildId);
    this.reading.writeIncludeDirs(buildId, w.includeDirs);
    const insBuildFile = this.sql('INSERT OR IGNORE INTO build_files(build_id, parsed_id, is_unit, activity) VALUES (?, ?, ?, ?)');
    const fileIds = new Map<string, number>();
    for (const { version: f, fileId, parsedId } of stored) {
      fileIds.set(f.path, fileId);
      insBuildFile.run(buildId, parsedId, f.isUnit ? 1 : 0, this.activities.stored(f.activity));
    }
    this.writeMacroGroups(buildId, w.macroGroups);
    this.writeUnits(buildId, w.units, this.opened().views, this.opened().lists);
    this.writeFileLines(buildId, w.fileLines ?? [], fileIds);
    return buildId;
  }

  /** Stores a file version (file row, and its parse when new); answers the file and parse ids. */
  private storeVersion(f: FileVersion): { fileId: number; parsedId: number } {
    const { fileId, added } = this.storeFileRow(f);
    // A file row just added has no parse yet (one is deleted only once no parse names it: see collectGarbage).
    const stored = added ? undefined : (this.sql('SELECT id FROM parsed_files WHERE file_id = ? AND mask_hash = ? AND language = ?').get(fileId, f.maskHash, f.language) as { id: number } | undefined);
    if (stored) return { fileId, parsedId: stored.id };
    const parsed = f.parsed;
    const notes = parsed?.notes?.length ? JSON.stringify(parsed.notes) : null;
    const parsedId = insertedId(
      this.sql('INSERT INTO parsed_files(file_id, mask_hash, language, parse_error, diagnostics_json) VALUES (?, ?, ?, ?, ?)'),
      fileId, f.maskHash, f.language, parsed?.error ?? null, notes,
    )!;
    rowsStored(this.db, 'parsed_files');
    if (parsed) this.writeParse(parsedId, f.path, parsed);
    return { fileId, parsedId };
  }

  /** A version's file row, added or brought up to date (written only when it differs); its id, and whether it is new. */
  private storeFileRow(f: FileVersion): { fileId: number; added: boolean } {
    const vendor = f.isVendor ? 1 : 0;
    const old = this.sql('SELECT id, content_hash, size, mtime_ms, is_vendor FROM files WHERE path = ?').get(f.path) as
      | { id: number; content_hash: string; size: number; mtime_ms: number; is_vendor: number }
      | undefined;
    if (!old) {
      const fileId = insertedId(this.sql('INSERT INTO files(path, content_hash, size, mtime_ms, is_vendor) VALUES (?, ?, ?, ?, ?)'), f.path, f.contentHash, f.size, f.mtimeMs, vendor)!;
      return { fileId, added: true };
    }
    if (old.content_hash !== f.contentHash || old.size !== f.size || old.mtime_ms !== f.mtimeMs || old.is_vendor !== vendor) {
      this.sql('UPDATE files SET content_hash = ?, size = ?, mtime_ms = ?, is_vendor = ? WHERE id = ?').run(f.contentHash, f.size, f.mtimeMs, vendor, old.id);
    }
    return { fileId: old.id, added: false };
  }

  /**
   * Rows of a parse stored for the first time, chunk by chunk (parse-chunks.ts): a chunk another parse of the file
   * stored (under another mask, or before an edit elsewhere in the file) is only named; a new one is stored with its rows.
   */
  private writeParse(parsedId: number, path: string, parsed: NonNullable<FileVersion['parsed']>): void {
    const name = this.sql('INSERT INTO parse_chunks(parsed_id, chunk_id) VALUES (?, ?)');
    for (const c of chunksOf(path, parsed)) {
      const { id, added } = storeChunk(this.db, c.hash);
      name.run(parsedId, id);
      if (added) this.writeChunkRows(id, c);
    }
  }

  /** Symbol, reference and relation rows of a chunk stored for the first time. */
  private writeChunkRows(chunkId: number, c: ParseChunk): void {
    const syms = this.symbolRows.values;
    for (const s of c.symbols) {
      syms.push(
        chunkId, storedSymbolId(s.stableId), storedSymbolId(s.parentId), s.name, s.qualifiedName, s.kind, s.line, s.endLine, s.column, s.isDefinition ? 1 : 0, s.signature,
        s.docstring, s.isTemplate ? 1 : 0, s.isVirtual ? 1 : 0, s.isPureVirtual ? 1 : 0, s.enumValue, s.nameTokens, this.bodies.id(s.body, s.stableId), s.alias ?? null, s.viaMacro ?? null,
      );
      this.symbolRows.added();
    }
    const refs = this.refRows.values;
    for (const r of c.references) {
      refs.push(chunkId, this.names.id(r.name), r.line, r.column, refKindCode(r.kind), this.names.idOrNull(r.caller), r.viaMacro ?? null, r.slot ?? null, r.detail ?? null);
      this.refRows.added();
    }
    this.reading.writeRelations(chunkId, c.relations);
  }

  /**
   * Replaces part of a stored build in one transaction: the rows of the files in `patch.files` (their
   * parse, lines and macro groups) and the results of the units in `patch.units`; every other row stays.
   */
  patchBuild(variant: string, image: string, patch: BuildPatch, indexedAt: string): number {
    return this.writeTransaction(() => {
      const { id: buildId } = this.sql('UPDATE builds SET indexed_at = ? WHERE variant = ? AND image = ? RETURNING id').get(indexedAt, variant, image) as { id: number };
      const dropFile = this.sql(
        'DELETE FROM build_files WHERE build_id = ? AND parsed_id IN (SELECT p.id FROM parsed_files p JOIN files f ON f.id = p.file_id WHERE f.path = ?)',
      );
      const insBuildFile = this.sql('INSERT OR IGNORE INTO build_files(build_id, parsed_id, is_unit, activity) VALUES (?, ?, ?, ?)');
      const fileIds = new Map<string, number>();
      for (const f of patch.files) {
        dropFile.run(buildId, f.path);
        const { fileId, parsedId } = this.storeVersion(f);
        fileIds.set(f.path, fileId);
        insBuildFile.run(buildId, parsedId, f.isUnit ? 1 : 0, this.activities.stored(f.activity));
      }
      this.flushRows();
      const unlinkGroup = this.sql('DELETE FROM build_macro_groups WHERE build_id = ? AND group_id IN (SELECT id FROM macro_groups WHERE file = ?)');
      for (const file of patch.macroFiles) unlinkGroup.run(buildId, file);
      this.writeMacroGroups(buildId, patch.macroGroups);
      const named: NamedViews = new Map();
      const inPlace = replaceResultsInPlace(this.db, patch.units, patch.replaced ?? [], named);
      this.resultsWrittenOver += inPlace.ids.size;
      // A unit whose result was written over the row it linked keeps its link.
      this.writeUnits(buildId, patch.units.filter((u) => !inPlace.ids.has(u.result as number)), named, resultLists(this.db));
      releaseViews(this.db, inPlace.released);
      for (const r of patch.replaced ?? []) {
        if (inPlace.ids.has(r.id)) this.replacedViews.delete(r.id);
        else this.replacedViews.set(r.id, r.viewHashes);
      }
      this.writeFileLines(buildId, patch.fileLines, fileIds);
      const rekey = this.sql('UPDATE build_files SET activity = ? WHERE build_id = ? AND parsed_id IN (SELECT p.id FROM parsed_files p JOIN files f ON f.id = p.file_id WHERE f.path = ?)');
      for (const [file, activity] of patch.activities ?? []) rekey.run(this.activities.stored(activity), buildId, file);
      if (patch.diagnostics) this.sql('UPDATE builds SET diagnostics_id = ? WHERE id = ?').run(storeList(this.db, listText(JSON.stringify(patch.diagnostics))), buildId);
      return buildId;
    });
  }

  /** The macro groups a stored build links, with their records, in the order a full run builds them. */
  /** The hashes of a build's macro groups (which groups it holds: their records are stored once per hash). */
  buildMacroGroupHashes(variant: string, image: string): string[] {
    return this.sql('SELECT g.hash FROM build_macro_groups bg JOIN builds b ON b.id = bg.build_id JOIN macro_groups g ON g.id = bg.group_id WHERE b.variant = ? AND b.image = ?')
      .pluck()
      .all(variant, image) as string[];
  }

  buildMacroGroups(variant: string, image: string): MacroGroup[] {
    const rows = this.db
      .prepare('SELECT g.id, g.hash, g.file FROM build_macro_groups bg JOIN builds b ON b.id = bg.build_id JOIN macro_groups g ON g.id = bg.group_id WHERE b.variant = ? AND b.image = ?')
      .all(variant, image) as { id: number; hash: string; file: string }[];
    const records = new Map<number, MacroRecord[]>(rows.map((r) => [r.id, []]));
    const macros = this.db
      .prepare(
        `SELECT m.group_id, m.name, m.params, m.value, m.function_like, ${MACRO_FILE} AS file, m.line, m.expanded_value, m.docstring FROM macros m ${MACRO_GROUP}
         JOIN build_macro_groups bg ON bg.group_id = m.group_id JOIN builds b ON b.id = bg.build_id WHERE b.variant = ? AND b.image = ? ORDER BY m.id`,
      )
      .all(variant, image) as (MacroRow & { group_id: number })[];
    for (const m of macros) records.get(m.group_id)!.push(macroRecord(m));
    return rows.map((r) => ({ hash: r.hash, file: r.file, records: records.get(r.id)! }));
  }

  /** The line sets of files of one build (build-line-pairs.ts); identical line sets are stored once (keyed by their hash). */
  private writeFileLines(buildId: number, records: FileLinesRecord[], fileIds: Map<string, number>): void {
    const insSet = this.sql(
      'INSERT INTO line_sets(hash, line_count, active, evaluated, taken, decisions_recorded) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(hash) DO NOTHING',
    );
    const findSet = this.sql('SELECT id FROM line_sets WHERE hash = ?');
    const lines = new Map<number, number>();
    for (const r of records) {
      const fileId = fileIds.get(r.path);
      if (fileId === undefined) continue;
      const d = r.decisions;
      const hash = sha1(`${r.lineCount}\n${r.active}\n${d ? `${d.evaluated}\n${d.taken}` : '-'}`);
      const id = insertedId(insSet, hash, r.lineCount, storedRanges(r.active), storedRanges(d?.evaluated ?? ''), storedRanges(d?.taken ?? ''), d ? 1 : 0) ?? (findSet.get(hash) as { id: number }).id;
      lines.set(fileId, id);
    }
    storeBuildLines(this.db, buildId, lines);
  }

  private writeMacroGroups(buildId: number, groups: MacroGroup[]): void {
    const insGroup = this.sql('INSERT INTO macro_groups(hash, file) VALUES (?, ?) ON CONFLICT(hash) DO NOTHING');
    const findGroup = this.sql('SELECT id FROM macro_groups WHERE hash = ?');
    const link = this.sql('INSERT OR IGNORE INTO build_macro_groups(build_id, group_id) VALUES (?, ?)');
    for (const g of groups) {
      const inserted = insertedId(insGroup, g.hash, g.file);
      const id = inserted ?? (findGroup.get(g.hash) as { id: number }).id;
      if (inserted !== undefined) {
        rowsStored(this.db, 'macro_groups');
        this.insertMacros(id, g.file, g.records);
      }
      link.run(buildId, id);
    }
    this.macroRows.flush();
  }

  /**
   * A group's macro rows, in record order (batched: see RowBatch; a device header's 100 000 rows take ~1 600 statements);
   * a row's file NULL when it is the group's `file`.
   */
  private insertMacros(groupId: number, file: string, records: MacroRecord[]): void {
    const rows = this.macroRows;
    const values = rows.values;
    for (const m of records) {
      values.push(groupId, m.name, m.params, m.value, m.functionLike ? 1 : 0, storedMacroFile(m.file, file), m.line, m.expandedValue, nameTokens(m.name), m.docstring ?? '');
      rows.added();
    }
  }

  /**
   * Stores new results of the build being written as they come and makes each unit's entry its row id, so that
   * the encoded rows (a 900-unit build's ~60 MB) do not pile up until its end; finishBuild then links them.
   */
  storeUnitResults(units: BuildWrite['units']): void {
    this.insertUnitResults(units, this.opened().views, this.opened().lists);
  }

  /** Links the units (storing the results not stored yet), then writes the uses of the views the new results name. */
  private writeUnits(buildId: number, units: BuildWrite['units'], named: NamedViews, lists: ResultLists): void {
    this.insertUnitResults(units, named, lists);
    const link = this.sql('INSERT OR REPLACE INTO build_units(build_id, unit_id, result_id) VALUES (?, ?, ?)');
    for (const u of units) link.run(buildId, unitPathId(this.db, u.unitPath), u.result as number);
    // The views were stored when their results were (viewIdsColumn): one missing is stored here (its JSON deflated only then).
    const useView = this.sql('UPDATE file_views SET uses = uses + ? WHERE hash = ?');
    const addView = this.sql('INSERT INTO file_views(hash, data, uses) VALUES (?, ?, ?)');
    for (const [hash, v] of named) if (useView.run(v.uses, storedHash(hash)).changes === 0) addView.run(storedHash(hash), storedViewData(v.data), v.uses);
  }

  /** The results in `units` not stored yet inserted (or found), each entry's result made its row id; `named` counts their views. */
  private insertUnitResults(units: BuildWrite['units'], named: NamedViews, lists: ResultLists): void {
    const insResult = this.sql('INSERT INTO unit_results(key, hash, tested_id, diagnostics_id, undone_id, files_id, data, views) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    const findResult = this.sql(`SELECT id FROM unit_results WHERE ${byHashPrefix('hash')}`).pluck();
    for (const u of units) {
      const r = u.result;
      if (typeof r === 'number') continue;
      const unit = u.unitPath;
      const ids = [lists.tested(testedListText(r), unit), lists.diagnostics({ hash: r.diagnosticsHash, json: r.diagnostics }, unit), lists.undone({ hash: r.undoneHash, json: r.undone }, unit)];
      // A row already stored under the hash has these files (the hash covers them): the list found is its.
      const files = lists.files(filesListText(r), unit);
      const hash = storedHash(r.hash);
      // Found before stored (no UNIQUE index on the hash: see schema.ts).
      const found = findResult.get(hash, hash) as number | undefined;
      if (found !== undefined) {
        u.result = found;
        continue;
      }
      const { body, views, hashes } = resultColumns(this.db, r);
      u.result = Number(insResult.run(storedHash(r.key), hash, ...ids, files, body, editedViews(this.db, views, u.unitPath)).lastInsertRowid);
      rowsStored(this.db, 'unit_results');
      for (const hash of new Set(hashes)) useView(named, hash, r);
    }
  }

  /** Unit results no build links any more are deleted, and the views they named lose their uses (one transaction's part). */
  private dropUnlinkedResults(): void {
    // The ids first (from the key index: a scan of the rows would read every result's ~15 KB), then each dead row's
    // views (its view list's use given back; its view hashes read unless a patch of the run read them already).
    const deadIds = this.sql('SELECT id FROM unit_results WHERE id NOT IN (SELECT result_id FROM build_units)').pluck().all() as number[];
    const known = this.replacedViews;
    if (deadIds.length === 0) return known.clear();
    forgetResultHashes(this.db);
    deadIds.sort((a, b) => a - b);
    const row = this.sql('SELECT views FROM unit_results WHERE id = ?').pluck();
    // Per view, the uses it loses (one per row naming it) and the last row counted: one lookup per hash a row names.
    const released = new Map<string, { n: number; row: number }>();
    const drop = this.sql('DELETE FROM unit_results WHERE id = ?');
    for (const id of deadIds) {
      let hashes = known.get(id);
      const views = row.get(id) as Buffer;
      if (hashes === undefined) {
        hashes = namedViewHashes(this.db, views);
        this.unlinkedRowsRead++;
      }
      releaseViewBase(this.db, views);
      for (const hash of hashes) {
        const e = released.get(hash);
        if (e === undefined) released.set(hash, { n: 1, row: id });
        else if (e.row !== id) {
          e.n++;
          e.row = id;
        }
      }
      drop.run(id);
    }
    // Deleted ids may name other rows later.
    known.clear();
    releaseViews(this.db, new Map(Array.from(released, ([hash, e]) => [hash, e.n])));
  }

  /** Drop builds not in `keep` ("variant\0image" keys) nor kept by their folder, and the rows no build uses any more. */
  /** `collect`: collect unused rows even when no build was removed (the run wrote some). */
  removeBuildsExcept(keep: Set<string>, keepFolder: (buildDir: string) => boolean = () => false, collect = true): number {
    const tx = this.db.transaction(() => {
      let removed = 0;
      for (const b of this.db.prepare('SELECT id, variant, image, build_dir FROM builds').all() as { id: number; variant: string; image: string; build_dir: string }[]) {
        if (!keep.has(`${b.variant}\u0000${b.image}`) && !keepFolder(b.build_dir)) {
          this.db.prepare('DELETE FROM builds WHERE id = ?').run(b.id);
          removed++;
        }
      }
      return removed;
    });
    const removed = tx.immediate();
    if (removed > 0 || collect) this.collectGarbage();
    return removed;
  }

  /** Delete parses (with their symbols' bodies no other symbol names), files, macro groups, unit results and unit paths no build references (one transaction). */
  collectGarbage(): void {
    this.db.transaction(() => {
      this.db.exec(`
        CREATE TEMP TABLE IF NOT EXISTS orphan_parses(id INTEGER PRIMARY KEY);
        DELETE FROM orphan_parses;
        INSERT INTO orphan_parses SELECT id FROM parsed_files WHERE id NOT IN (SELECT parsed_id FROM build_files);
        CREATE TEMP TABLE IF NOT EXISTS orphan_bodies(id INTEGER PRIMARY KEY);
        DELETE FROM orphan_bodies;
        CREATE TEMP TABLE IF NOT EXISTS orphan_names(id INTEGER PRIMARY KEY);
        DELETE FROM orphan_names;
      `);
      dropParseRows(this.db, 'orphan_parses', { bodies: 'orphan_bodies', names: 'orphan_names' });
      this.db.exec(`
        DELETE FROM parsed_files WHERE id IN (SELECT id FROM orphan_parses);
      `);
      collectLinePairs(this.db);
      this.db.exec(`
        DELETE FROM files WHERE id NOT IN (SELECT file_id FROM parsed_files);
        DELETE FROM line_sets WHERE id NOT IN (SELECT lines_id FROM file_line_pairs);
        DELETE FROM macros WHERE group_id IN (SELECT id FROM macro_groups WHERE id NOT IN (SELECT group_id FROM build_macro_groups));
        DELETE FROM macro_groups WHERE id NOT IN (SELECT group_id FROM build_macro_groups);
        DELETE FROM skeletons WHERE path NOT IN (SELECT path FROM files);
      `);
      // Bodies the deleted symbols named that no symbol names any more.
      this.bodies.collect('orphan_bodies');
      this.names.collect('orphan_names');
      this.dropUnlinkedResults();
      // After them: the view lists neither a dropped row nor one written over in place edits any more.
      deleteUnusedViewLists(this.db);
      collectUnitPaths(this.db);
      this.activities.collect();
      // After the rows: results written over in place may have left a list too.
      dropUnusedLists(this.db);
    }).immediate();
  }

  /** The stored fingerprint of a build, if the build is stored. */
  buildFingerprint(variant: string, image: string): string | null {
    const r = this.db.prepare('SELECT fingerprint FROM builds WHERE variant = ? AND image = ?').get(variant, image) as { fingerprint: string | null } | undefined;
    return r?.fingerprint ?? null;
  }

  /** True when a stored build has a diagnostic about one of these files. */
  buildDiagnosesAny(variant: string, image: string, files: string[]): boolean {
    return this.buildDiagnosticsOn(variant, image, files).length > 0;
  }

  /** The stored build's diagnostics on `files`. */
  buildDiagnosticsOn(variant: string, image: string, files: string[]): Diagnostic[] {
    if (files.length === 0) return [];
    const wanted = new Set(files);
    return this.buildDiagnosticsOf(variant, image).filter((d) => d.file !== undefined && wanted.has(d.file));
  }

  /** Every diagnostic of the stored build, in its order (none when it is not stored). */
  buildDiagnosticsOf(variant: string, image: string): Diagnostic[] {
    const id = this.sql('SELECT diagnostics_id FROM builds WHERE variant = ? AND image = ?').pluck().get(variant, image) as number | undefined;
    return id === undefined ? [] : buildDiagnostics(this.db, id);
  }

  /** Number of symbols of a stored build. */
  buildSymbolCount(buildId: number): number {
    return (this.db.prepare('SELECT count(*) AS n FROM build_files bf JOIN parse_chunks pc ON pc.parsed_id = bf.parsed_id JOIN symbols s ON s.chunk_id = pc.chunk_id WHERE bf.build_id = ?').get(buildId) as { n: number }).n;
  }

  /** Number of files of a stored build. */
  buildFileCount(variant: string, image: string): number {
    const r = this.db.prepare('SELECT count(*) AS n FROM build_files bf JOIN builds b ON b.id = bf.build_id WHERE b.variant = ? AND b.image = ?').get(variant, image) as { n: number };
    return r.n;
  }

  setMeta(key: string, value: string): void {
    this.db.prepare('INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
  }

  getMeta(key: string): string | null {
    const r = this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
    return r?.value ?? null;
  }
}
