// What query code may ask of an index: row types and the IndexReader interface. Query code depends on
// this, never on better-sqlite3; the SQLite implementation lives in sqlite-index.ts.
import type { BuildAbsentLookups, UnitAbsentLookups } from './absent-lookup-rows.js';
import type { LinkMethod } from '../../adapters/contract.js';
import type { ReadingIndex } from './reading-reader.js';
import type { CallGraphReader } from './call-graph-reader.js';
import type { ContentIndexReader } from './content-index-reader.js';
import type { SearchIndex } from './search-reader.js';
import type { BuildSummary } from './build-summaries.js';

/** One file a build record was read from: stored path, size and mtime (size null: absent), hash of its text (null: not read). */
export interface RecordInput {
  path: string;
  size: number | null;
  mtimeMs: number;
  hash: string | null;
}

/** What a build record was read from (see indexer/record-inputs.ts), and how many of its diagnostics (the last ones) that reading gave. */
export interface RecordInputs {
  files: RecordInput[];
  memoryDiagnostics: number;
  /** The map file the build named (stored path; null: none), so that one appearing, gone or moved is seen (undefined: not kept then). */
  map?: string | null;
  /** Hash of the link command the build named (null: none), so that a changed one re-reads the record (undefined: not kept then). */
  link?: string | null;
  /** Where that link command was read, with a digest of its text, so that status sees it changed (null or undefined: not known). */
  linkSource?: LinkSourceInput | null;
}

/** The file a build's link command was read from (indexer/link-source.ts): size and mtime, and a digest of the link edge's text. */
export interface LinkSourceInput {
  /** Stored path of build.ninja (or a file it includes) or of a link.txt. */
  path: string;
  size: number | null;
  mtimeMs: number;
  /** The link edge's first output as build.ninja writes it; null: a link.txt, read whole. */
  output: string | null;
  /** sha1 of the edge's lines (or of the link.txt); null: not found there. */
  digest: string | null;
}

export interface BuildRow {
  id: number;
  variant: string;
  image: string;
  imageType: string | null;
  defaultImage: boolean;
  board: string | null;
  buildSystem: string;
  buildDir: string;
  compileCommands: string | null;
  compileCommandsHash: string | null;
  compileCommandsMtimeMs: number | null;
  description: string;
  defines: Record<string, string>;
  definesVarying: number;
  linkerScripts: string[];
  entryPoint: string;
  memory: unknown[];
  memoryNote: string;
  provenance: string;
  implicitMacros: unknown[];
  diagnostics: unknown[];
  /** Absolute source paths of the build's compile units. */
  units: string[];
  /** Source paths of the units the image links (the only ones its queries answer from); null: the link is unknown, every unit counts. */
  linkedUnits: string[] | null;
  /** How linkedUnits was determined: the link edge of build.ninja, or the map file (project-relative source). */
  linking: { method: LinkMethod; source: string; objects: number } | null;
  /** Kconfig output of the build (Zephyr): project-relative paths and how many CONFIG_ symbols it sets. */
  kconfig: { dot_config: string | null; autoconf_h: string | null; symbols: number } | null;
  /** Hash of the build description at index time (see indexer/build-fingerprint.ts). */
  fingerprint: string | null;
  /** The files memory, entry point, linker-script symbols and the Kconfig summary were read from, as they were then. */
  recordInputs: RecordInputs | null;
  indexedAt: string | null;
}

/** What a build's row says of its link beside its units: the units its image links, how that was found, its linker scripts (see indexer/record-description.ts). */
export type BuildLink = Pick<BuildRow, 'linkedUnits' | 'linking' | 'linkerScripts'>;

/** What choosing a build reads of it (see IndexReader.buildChoices). */
export type BuildChoiceRow = Pick<BuildRow, 'id' | 'variant' | 'image' | 'board' | 'buildDir'>;

export interface FileRow {
  id: number;
  /** Project-relative POSIX path, or absolute for files outside the project. */
  path: string;
  contentHash: string;
  size: number;
  mtimeMs: number;
  isVendor: boolean;
}

export interface SymbolRow {
  id: string;
  parent_id: string | null;
  name: string;
  qualified_name: string;
  kind: string;
  file: string;
  line: number;
  end_line: number;
  column: number;
  is_definition: boolean;
  signature: string;
  docstring: string;
  is_template: boolean;
  is_virtual: boolean;
  is_pure_virtual: boolean;
  /** Enum constants: the integer value (a decimal string beyond ±(2^53 - 1), to stay exact), or null when not evaluable. */
  enum_value?: number | string | null;
  is_vendor: boolean;
}

export interface MacroRow {
  name: string;
  kind: 'macro';
  file: string;
  line: number;
  params: string | null;
  function_like: boolean;
  _macro_value: string;
  _macro_expanded_value: string | null;
}

export interface ReferenceRow {
  name: string;
  kind: string;
  file: string;
  line: number;
  column: number;
  /** Qualified name of the function the reference sits in, when one encloses it. */
  in_symbol: string | null;
  is_vendor: boolean;
}

/** How one build sees one file: the lines it compiles and its conditional decisions (ranges text, see line-ranges.ts). */
export interface FileLinesRow {
  buildId: number;
  /** Stored path of the file. */
  path: string;
  lineCount: number;
  active: string;
  /** Lines of #if/#ifdef/#ifndef heads evaluated in live code. */
  evaluated: string;
  /** Lines of #if/#elif/#else heads whose branch some unit took. */
  taken: string;
  /** False for indexes written without decisions (then only `active` is known). */
  decisionsRecorded: boolean;
  /** Builds with the same linesId see the file identically. */
  linesId: number;
}

/** A symbol row of some build (queries that span builds). */
export type BuildSymbolRow = SymbolRow & { build_id: number };
export type BuildMacroRow = MacroRow & { build_id: number };

export interface SymbolFilter {
  buildId: number;
  kinds?: string[];
  excludeKinds?: string[];
  projectOnly?: boolean;
  file?: string;
}

/** Where a build defines a symbol. */
export interface DefinitionSite {
  file: string;
  line: number;
  signature: string;
}

/** One symbol both builds define, not alike. */
export interface DefinitionsCompared {
  name: string;
  qualified_name: string;
  kind: string;
  a: DefinitionSite[];
  b: DefinitionSite[];
}

export interface Page<T> {
  rows: T[];
  total: number;
}

/** Thrown by reader methods when FTS5 rejects a MATCH expression. */
export class FtsQueryError extends Error {}

export interface IndexMeta {
  schemaVersion: number | null;
  rowFormatVersion: number | null;
  indexedAt: string | null;
  firstIndexedAt: string | null;
}

export interface IndexReader {
  /** Null when the index can be read; otherwise why not (a damaged or foreign file). An index without tables yet is readable. */
  unreadable(): string | null;
  meta(): IndexMeta;
  builds(): BuildRow[];
  /** Each build's id and the names a query may choose it by, in builds()'s order: no JSON parsed, no list read. */
  buildChoices(): BuildChoiceRow[];
  /** One build's full row (undefined: no build has that id). */
  build(id: number): BuildRow | undefined;
  /** The builds as builds() orders them, their long lists counted (build-summaries.ts). */
  buildSummaries(): BuildSummary[];
  /** The distinct compile units of every build (absolute source paths). */
  unitsOfBuilds(): string[];
  counts(buildId?: number): { symbols: number; files: number; references: number };
  files(buildId?: number): FileRow[];
  /** The indexed files among `paths` (stored paths), by path; unknown paths are left out. */
  filesAt(paths: readonly string[]): FileRow[];
  searchMacrosFts(match: string, buildId: number, page: { limit: number; offset: number }): Page<MacroRow>;
  /**
   * Symbols whose name or qualified name is `name` (starts with it: `prefix`), and those of the qualified name of a
   * function or variable with C linkage written as `name` in a namespace (its alias not made by a macro:
   * `std::remove` finds `remove`). The name a macro renamed finds nothing.
   */
  lookupSymbols(name: string, prefix: boolean, filter: SymbolFilter, page: { limit: number; offset: number }): Page<SymbolRow>;
  lookupMacros(name: string, prefix: boolean, buildId: number, page: { limit: number; offset: number }): Page<MacroRow>;
  listSymbols(filter: SymbolFilter, page: { limit: number; offset: number }): Page<SymbolRow>;
  /**
   * Symbols whose name matches the GLOB `namePattern` (case-sensitive, `*` and `?`) and, when given, whose
   * qualified name matches one of `qualifiedPatterns`; project code first, then by name, file and line.
   */
  globSymbols(namePattern: string, qualifiedPatterns: string[] | null, filter: SymbolFilter, page: { limit: number; offset: number }): Page<SymbolRow>;
  /** Macros of one build whose name matches the GLOB `namePattern`, by name, file and line. */
  globMacros(namePattern: string, buildId: number, page: { limit: number; offset: number }): Page<MacroRow>;
  unitFiles(buildId: number): Map<string, string[]>;
  /** A build's distinct lookups that found no file (#include, __has_include…), each folder named once (absent-lookup-rows.ts). */
  absentLookups(buildId: number): BuildAbsentLookups;
  /** A build's units whose walks made lookups that found no file, each with those (indexes into absentLookups(buildId).lookups). */
  absentLookupUnits(buildId: number): UnitAbsentLookups;
  /** Call sites of `name` in one build, project code first. */
  findReferences(name: string, buildId: number, projectOnly: boolean, page: { limit: number; offset: number }): Page<ReferenceRow>;
  /** One build's view of a file (stored path), or null when the build does not read it. */
  fileLines(buildId: number, path: string): FileLinesRow | null;
  /** Every build's view of a file; builds that do not read it are absent. */
  fileLinesInBuilds(path: string): FileLinesRow[];
  /** Stored path → line-set id, for every file of a build that has lines recorded. */
  fileLineIds(buildId: number): Map<string, number>;
  /** Stored path → content hash, for the files of a build whose path starts with `prefix` (its build folder). */
  contentHashesUnder(buildId: number, prefix: string): Map<string, string>;
  /** Stored paths equal to `path`, or ending in `/path` (at most `limit`). */
  matchFilePaths(path: string, limit: number): string[];
  /** Symbols named `name` (or with that qualified name, or that of a symbol written so, see lookupSymbols) in every build; the only symbol query that spans builds. */
  lookupSymbolsInBuilds(name: string, kinds?: string[]): BuildSymbolRow[];
  /** Macros named `name` in every build. */
  lookupMacrosInBuilds(name: string): BuildMacroRow[];
  /** Macros one build defines in one file (stored path), e.g. the CONFIG_ values of its autoconf.h. */
  macrosInFile(buildId: number, file: string): MacroRow[];
  /**
   * Symbols of build `a` with no symbol of the same qualified name, kind and definition/declaration in build
   * `b` (locals and linker-script symbols left out), by file and line.
   */
  symbolsOnlyIn(a: number, b: number, page: { limit: number; offset: number }): Page<SymbolRow>;
  /**
   * Symbols both builds define (same qualified name and kind) whose definitions differ in file, line or
   * signature, by name; each with every definition in `a` and in `b`.
   */
  definitionsDiffering(a: number, b: number, page: { limit: number; offset: number }): Page<DefinitionsCompared>;
  /** Symbols the build's linker scripts assign (language ld). */
  linkerScriptSymbols(buildId: number): SymbolRow[];
  /** The content index kept beside the symbols (text search over the project's files). */
  content(): ContentIndexReader;
  /** The code-reading queries (bodies, variable accesses, class structure) of the same index. */
  reading(): ReadingIndex;
  /** Call rows, pointer stores and vector rows (the call graph). */
  callGraph(): CallGraphReader;
  /** Candidate rows for search_code's relaxation steps, and full rows of one page. */
  search(): SearchIndex;
  close(): void;
}
