// SQLite schema of the index: builds, files, parsed file versions (a file under one mask), symbols,
// references, per-unit preprocessing results, macro groups, and FTS5 tables. Rows several builds share
// (parses, their chunks of rows, unit results, macro groups) are stored once and referenced by id. SCHEMA_VERSION changes with
// tables; ROW_FORMAT_VERSION with row content (both in schema-versions.ts).

import { CONTENT_SCHEMA_SQL } from './content-schema.js';
import { refKindSql } from './ref-kind-codes.js';

export { ROW_FORMAT_VERSION, SCHEMA_VERSION } from './schema-versions.js';

export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE IF NOT EXISTS builds (
  id INTEGER PRIMARY KEY,
  variant TEXT NOT NULL,
  image TEXT NOT NULL,
  image_type TEXT,
  default_image INTEGER NOT NULL DEFAULT 0,
  board TEXT,
  build_system TEXT NOT NULL,
  build_dir TEXT NOT NULL,
  compile_commands TEXT,
  compile_commands_hash TEXT,
  compile_commands_mtime_ms REAL,
  description TEXT NOT NULL DEFAULT '',
  defines_json TEXT NOT NULL DEFAULT '{}',
  defines_varying INTEGER NOT NULL DEFAULT 0,
  linker_scripts_json TEXT NOT NULL DEFAULT '[]',
  entry_point TEXT NOT NULL DEFAULT '',
  memory_json TEXT NOT NULL DEFAULT '[]',
  memory_note TEXT NOT NULL DEFAULT '',
  provenance TEXT NOT NULL,
  implicit_macros_json TEXT NOT NULL DEFAULT '[]',
  -- Value lists (value-lists.ts): every diagnostic of the build in the order reported, and its units' paths.
  diagnostics_id INTEGER NOT NULL,
  units_id INTEGER NOT NULL,
  linked_units_json TEXT,
  linking_json TEXT NOT NULL DEFAULT 'null',
  kconfig_json TEXT NOT NULL DEFAULT 'null',
  fingerprint TEXT,
  -- The files memory, entry point, linker-script symbols and the Kconfig summary were read from (indexer/record-inputs.ts).
  record_inputs_json TEXT NOT NULL DEFAULT 'null',
  indexed_at TEXT,
  UNIQUE (variant, image)
);

-- Directive skeletons (the preprocessor's outline of a file: directives parsed, conditionals matched) by path
-- and content hash, so an unchanged file is neither read nor scanned again. A cache: any row may be missing.
-- A rowid table: the (path, asm) key lives in its own index, so a lookup never reads another row's bytes (in a
-- WITHOUT ROWID table they sat in the key's b-tree, and a vendor header's 30 MB row was read whole by lookups
-- of the paths beside it).
CREATE TABLE IF NOT EXISTS skeletons (
  path TEXT NOT NULL,
  asm INTEGER NOT NULL,
  hash TEXT NOT NULL,
  data BLOB NOT NULL,
  PRIMARY KEY (path, asm)
);

CREATE TABLE IF NOT EXISTS files (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  content_hash TEXT NOT NULL,
  size INTEGER NOT NULL,
  mtime_ms REAL NOT NULL,
  is_vendor INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS parsed_files (
  id INTEGER PRIMARY KEY,
  file_id INTEGER NOT NULL REFERENCES files(id),
  mask_hash TEXT NOT NULL,
  language TEXT NOT NULL,
  parse_error TEXT,
  -- Diagnostics the parse reported beside parse_error (JSON [{severity, line, message, fix}], file-less); NULL: none.
  diagnostics_json TEXT,
  UNIQUE (file_id, mask_hash, language)
);

CREATE TABLE IF NOT EXISTS build_files (
  build_id INTEGER NOT NULL REFERENCES builds(id) ON DELETE CASCADE,
  parsed_id INTEGER NOT NULL REFERENCES parsed_files(id),
  is_unit INTEGER NOT NULL DEFAULT 0,
  -- Hash of what decided the parse (content, active ranges, language, blanked macros): equal → same parse. As
  -- activity-keys.ts stores it: the sha1's bytes and the id of its scope in activity_scopes (a key of another shape as text).
  activity BLOB,
  PRIMARY KEY (build_id, parsed_id)
) WITHOUT ROWID;
-- WITHOUT ROWID: the rows live in their key's b-tree (a build's files are read by build_id), where a rowid table kept
-- the key again in an index of its own (a 246-env project's 144 000 rows: 2.2 MB).
CREATE INDEX IF NOT EXISTS build_files_parsed ON build_files(parsed_id);

-- The part of activity keys past their ':' (the #defines and headers a file sees), each distinct one once (files and
-- builds that see alike share one). id: the first 32 bits of its sha1 (see activity-keys.ts); scope: packed or text, or
-- byte 0xff, its head's scope_heads id (4 bytes) and the rest packed (scope-heads.ts).
CREATE TABLE IF NOT EXISTS activity_scopes (id INTEGER PRIMARY KEY, scope NOT NULL);
-- A scope's head (before its last \`h\` run), each distinct one once, named by the scopes that hold it (scope-heads.ts).
CREATE TABLE IF NOT EXISTS scope_heads (id INTEGER PRIMARY KEY, head NOT NULL);

-- Which lines of a file a build compiles, and which conditional heads its units evaluated and took
-- (ranges text, 1-based: "1-20,25"; stored as varints, see line-set-ranges.ts). Builds that see a file the same way
-- share one line_sets row.
CREATE TABLE IF NOT EXISTS line_sets (
  id INTEGER PRIMARY KEY,
  hash TEXT NOT NULL UNIQUE,
  line_count INTEGER NOT NULL,
  active TEXT NOT NULL,
  evaluated TEXT NOT NULL,
  taken TEXT NOT NULL,
  decisions_recorded INTEGER NOT NULL
);

-- Each distinct (file, line set) pair once: a many-env project's builds name 3 500 pairs 144 000 times (build-line-pairs.ts).
-- Ids are never reused: a build's list may still name a collected pair, which build_file_lines leaves out.
CREATE TABLE IF NOT EXISTS file_line_pairs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  file_id INTEGER NOT NULL REFERENCES files(id),
  lines_id INTEGER NOT NULL REFERENCES line_sets(id),
  UNIQUE (file_id, lines_id)
);
-- Per build, its files' pairs: the file_line_pairs ids as a JSON array (one per file, ascending).
CREATE TABLE IF NOT EXISTS build_line_pairs (
  build_id INTEGER PRIMARY KEY REFERENCES builds(id) ON DELETE CASCADE,
  pairs TEXT NOT NULL
);
-- What queries read: a row per build and file (a build's rows are its list's pairs).
CREATE VIEW IF NOT EXISTS build_file_lines AS SELECT b.build_id, p.file_id, p.lines_id
  FROM build_line_pairs b JOIN json_each(b.pairs) j JOIN file_line_pairs p ON p.id = j.value;

-- A parse's rows (symbols, references, variable accesses, base classes, template uses) come in chunks: the rows
-- starting on the same 16 lines of the file (parse-chunks.ts). Each distinct chunk is stored once, found by the sha1
-- of its rows; a parse names its chunks in parse_chunks. The parses of one file under several masks differ only near
-- the lines the masks differ on, so they share most chunks. Rows name their chunk, never a parse: a query reaches a
-- build's rows through build_files → parse_chunks → chunk_id. Ids are never reused; a chunk no parse names is
-- collected with its rows.
CREATE TABLE IF NOT EXISTS chunks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  hash BLOB NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS parse_chunks (
  parsed_id INTEGER NOT NULL REFERENCES parsed_files(id) ON DELETE CASCADE,
  chunk_id INTEGER NOT NULL,
  PRIMARY KEY (parsed_id, chunk_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS parse_chunks_chunk ON parse_chunks(chunk_id);

CREATE TABLE IF NOT EXISTS symbols (
  id INTEGER PRIMARY KEY,
  chunk_id INTEGER NOT NULL,
  -- A symbol's id and its parent's: 16 hex digits stored as their 8 bytes (storedSymbolId in hash-columns.ts).
  stable_id BLOB NOT NULL,
  parent_id BLOB,
  name TEXT NOT NULL,
  qualified_name TEXT NOT NULL,
  kind TEXT NOT NULL,
  line INTEGER NOT NULL,
  end_line INTEGER NOT NULL,
  col INTEGER NOT NULL,
  is_definition INTEGER NOT NULL,
  signature TEXT NOT NULL,
  docstring TEXT NOT NULL,
  is_template INTEGER NOT NULL,
  is_virtual INTEGER NOT NULL,
  is_pure_virtual INTEGER NOT NULL,
  enum_value TEXT,
  name_tokens TEXT NOT NULL,
  -- The definition's text as the build parsed it (function-like definitions only), in \`bodies\`; NULL: none.
  body_id INTEGER,
  alias TEXT,
  via_macro TEXT
);
CREATE INDEX IF NOT EXISTS symbols_chunk ON symbols(chunk_id);
-- NOCASE only: LIKE finds names through them, and an exact match is a NOCASE one that is also exact (name-match.ts),
-- where BINARY indexes of the same texts (symbols_name_exact, symbols_qname_exact) doubled their bytes.
CREATE INDEX IF NOT EXISTS symbols_name ON symbols(name COLLATE NOCASE);
CREATE INDEX IF NOT EXISTS symbols_qname ON symbols(qualified_name COLLATE NOCASE);
CREATE INDEX IF NOT EXISTS symbols_alias ON symbols(alias) WHERE alias IS NOT NULL;
-- Whether a symbol still names a body (the collector asks it of the bodies whose symbols it deleted).
CREATE INDEX IF NOT EXISTS symbols_body ON symbols(body_id) WHERE body_id IS NOT NULL;

-- Definition bodies, each distinct text once (the parses of a file under several masks share most of them), found by
-- \`key\`, the first 52 bits of the text's sha1 (equal keys told apart by the text). No foreign key names them (the
-- check would look up symbols for every delete); a body no symbol names is collected; ids are never reused
-- (body-texts.ts). \`text\`: a body of 256 characters or more as raw DEFLATE bytes, a shorter one as text (body-compression.ts);
-- with \`base_id\`, raw DEFLATE bytes made with that body's text as the preset dictionary (a body of the same symbol
-- stored before it without a base; kept while a body names it: ~1 800 of a 246-env project's 13 000 bodies, 1.9 MB less).
CREATE TABLE IF NOT EXISTS bodies (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  key INTEGER NOT NULL,
  text TEXT NOT NULL,
  base_id INTEGER
);
CREATE INDEX IF NOT EXISTS bodies_key ON bodies(key);
-- Whether a body is still a base (the collector asks it of the bodies whose symbols it deleted).
CREATE INDEX IF NOT EXISTS bodies_base ON bodies(base_id) WHERE base_id IS NOT NULL;

-- Names of call rows and variable accesses (callee, caller, variable), each once (ref-names.ts): a caller's qualified name
-- was repeated in every call it makes, and again in refs_caller_kind. A name no row names is collected.
CREATE TABLE IF NOT EXISTS names (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
);

-- Call rows (calls, pointer stores, vector slots), their callee and caller by \`names\` id; read through the view refs.
CREATE TABLE IF NOT EXISTS ref_rows (
  chunk_id INTEGER NOT NULL,
  name_id INTEGER NOT NULL,
  line INTEGER NOT NULL,
  col INTEGER NOT NULL,
  -- The row's kind as its code (ref-kind-codes.ts), a kind of no code as its text (kinds are words: INTEGER affinity
  -- keeps them text, and makes the codes bound as numbers integers).
  kind INTEGER NOT NULL,
  caller_id INTEGER,
  via_macro TEXT,
  slot TEXT,
  detail TEXT
);
CREATE INDEX IF NOT EXISTS ref_rows_chunk ON ref_rows(chunk_id);
-- Rows by name / by calling function, covering the (kind, chunk) that paged call queries count per file.
CREATE INDEX IF NOT EXISTS ref_rows_name_kind ON ref_rows(name_id, kind, chunk_id);
CREATE INDEX IF NOT EXISTS ref_rows_caller_kind ON ref_rows(caller_id, kind, chunk_id) WHERE caller_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS ref_rows_slot ON ref_rows(slot) WHERE slot IS NOT NULL;
-- The member part of a slot ('.field' of 'T.field'): pointer calls and stores matched by member name alone.
CREATE INDEX IF NOT EXISTS ref_rows_slot_field ON ref_rows(substr(slot, instr(slot, '.'))) WHERE slot IS NOT NULL;
-- What queries read: the rows with their names as text (and ids). A condition on refs.name finds the names row by its
-- text, then the rows through ref_rows_name_kind; the caller is read only where a query names it (a join would be
-- made for every row a count reads), so a condition on callers names caller_id (sqlite-call-graph.ts).
-- \`kind\` is the word, \`kind_code\` the stored value: a condition on kinds names kind_code (refKindLiteral), which the
-- kind indexes hold.
CREATE VIEW IF NOT EXISTS refs AS SELECT x.chunk_id, x.name_id, n.name, x.line, x.col, ${refKindSql('x.kind')} AS kind, x.kind AS kind_code, x.caller_id,
    (SELECT c.name FROM names c WHERE c.id = x.caller_id) AS caller, x.via_macro, x.slot, x.detail
  FROM ref_rows x JOIN names n ON n.id = x.name_id;

-- The #defines of one file a build reached, with their values: shared by every build that reached the same.
CREATE TABLE IF NOT EXISTS macro_groups (
  id INTEGER PRIMARY KEY,
  hash TEXT NOT NULL UNIQUE,
  file TEXT NOT NULL
);
-- WITHOUT ROWID: the rows are their key's b-tree (a rowid table kept the pairs again in its key's index: 0.56 MB of
-- a 246-env project).
CREATE TABLE IF NOT EXISTS build_macro_groups (
  build_id INTEGER NOT NULL REFERENCES builds(id) ON DELETE CASCADE,
  group_id INTEGER NOT NULL REFERENCES macro_groups(id),
  PRIMARY KEY (build_id, group_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS build_macro_groups_group ON build_macro_groups(group_id);

CREATE TABLE IF NOT EXISTS macros (
  id INTEGER PRIMARY KEY,
  group_id INTEGER NOT NULL REFERENCES macro_groups(id),
  name TEXT NOT NULL,
  params TEXT,
  value TEXT NOT NULL,
  function_like INTEGER NOT NULL,
  -- NULL: its group's file (macro_groups.file), as for every macro the indexer writes (a group holds one file's).
  file TEXT,
  line INTEGER NOT NULL,
  expanded_value TEXT,
  name_tokens TEXT NOT NULL DEFAULT '',
  docstring TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS macro_groups_file ON macro_groups(file);
CREATE INDEX IF NOT EXISTS macros_group ON macros(group_id, name);
CREATE INDEX IF NOT EXISTS macros_name ON macros(name);

-- One compile unit's preprocessing (see src/preprocessor/unit-result.ts): \`key\` finds candidates, the lists
-- \`tested_id\` and \`files_id\` name (its tested macros, its [file, content hash] pairs) say whether one still holds,
-- \`diagnostics_id\` and \`undone_id\` name its diagnostics and #undef marks, \`data\` holds the rest (JSON), \`views\`
-- the ids of its files' views in order (varint differences, see view-ids.ts; or the edits of a view_lists row, see
-- view-lists.ts). \`key\` and \`hash\` (sha1s) are stored as
-- their 20 bytes (hash-columns.ts), not as an integer of their first bits: both are read back (a row carried over
-- is hashed again with its key; a re-index compares the hashes a build links). Both are found through indexes of
-- their first 3 bytes (byHashPrefix in hash-columns.ts), a fifth of the entry; the writer finds a hash before it
-- stores one (one writer), so \`hash\` has no UNIQUE index of the whole 20 bytes.
CREATE TABLE IF NOT EXISTS unit_results (
  id INTEGER PRIMARY KEY,
  key BLOB NOT NULL,
  hash BLOB NOT NULL,
  tested_id INTEGER NOT NULL,
  diagnostics_id INTEGER NOT NULL,
  undone_id INTEGER NOT NULL,
  files_id INTEGER NOT NULL,
  data BLOB NOT NULL,
  views BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS unit_results_key ON unit_results(substr(key, 1, 3));
CREATE INDEX IF NOT EXISTS unit_results_hash ON unit_results(substr(hash, 1, 3));
-- No index on the list ids: only the collection of unused lists asks for them, all at once (one scan of the rows
-- costs a many-env project ~35 ms a collection; the four indexes took 3.5 of its 153 MB).
-- Lists of JSON values (a unit result's tested list: the starting macros its walk consulted with their values; its
-- diagnostics; its #undef marks; its files; a build's diagnostics and units), once per distinct list, found by the
-- sha1 of the list's JSON; \`items\` names its items (list_items ids as varint differences; each distinct item once,
-- found by the first 52 bits of its JSON's sha1). \`hash\`: the sha1's 20 bytes (hash-columns.ts), found by it alone: a key
-- of its first bits would need the list's JSON joined again from its items to tell equal keys apart on every hit. Found
-- through an index of its first 3 bytes (byHashPrefix in hash-columns.ts); stored only after it was looked for.
-- A list no unit result or build names is collected, items when they have grown much; ids are never reused (value-lists.ts).
-- A list may be stored as the edits of a plain list stored before it, \`base_id\` (see list-edits.ts): kept while named
-- (no index on base_id: the collection reads them all in one scan).
CREATE TABLE IF NOT EXISTS value_lists (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  hash BLOB NOT NULL,
  items BLOB NOT NULL,
  base_id INTEGER
);
CREATE INDEX IF NOT EXISTS value_lists_hash ON value_lists(substr(hash, 1, 3));
-- \`json\`: an item's JSON; an item of a tested or #undef marks list from 256 characters on as raw DEFLATE bytes
-- (value-lists.ts; \`key\` is of the JSON either way).
CREATE TABLE IF NOT EXISTS list_items (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  key INTEGER NOT NULL,
  json TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS list_items_key ON list_items(key);
-- One file as one unit saw it (active ranges, decisions, defines reached with values; JSON): stored once
-- for every unit and build that saw it the same way. \`uses\`: how many unit_results rows name it (by id, in
-- their \`views\`); a view no result names any more is collected. Ids are never reused (results name them).
-- \`hash\`: the sha1's 20 bytes (hash-columns.ts; read back: a result's views are named by id).
CREATE TABLE IF NOT EXISTS file_views (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  hash BLOB NOT NULL UNIQUE,
  data TEXT NOT NULL,
  uses INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS file_views_unused ON file_views(uses) WHERE uses <= 0;
-- Plain lists of view ids that unit_results.views edit (view-lists.ts): \`ids\` as varint differences, \`uses\` how many
-- results edit it; a list no result edits any more is collected. Ids are never reused.
CREATE TABLE IF NOT EXISTS view_lists (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  ids BLOB NOT NULL,
  uses INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS view_lists_unused ON view_lists(uses) WHERE uses <= 0;
-- A unit's path stored once (unit-paths.ts); rows no build_units row names are collected.
CREATE TABLE IF NOT EXISTS unit_paths (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS build_units (
  build_id INTEGER NOT NULL REFERENCES builds(id) ON DELETE CASCADE,
  unit_id INTEGER NOT NULL,
  result_id INTEGER NOT NULL REFERENCES unit_results(id),
  PRIMARY KEY (build_id, unit_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS build_units_result ON build_units(result_id);

-- A variable's uses: \`access\` 0 read, 1 write, 2 address taken; \`via\` 0 its name, 1 a member access (variable-ref-codes.ts).
-- WITHOUT ROWID, ordered by chunk and place (a chunk's rows hold one name token at each place): the table is its own
-- chunk index (a file's lines in a range, a collected chunk's rows); variable_ref_names holds each (name, chunk) pair
-- once, so a name's uses are its chunks' rows of that name (an index on name_id held every column of every row again:
-- 3.5 of a 246-env PlatformIO project's 108 MB, the pairs 1.2). A rowid table stored the rowid three times and chunk_id
-- and line twice.
-- The variable by \`names\` id: its name was in every row and again in the name index.
CREATE TABLE IF NOT EXISTS variable_ref_rows (
  chunk_id INTEGER NOT NULL,
  line INTEGER NOT NULL,
  col INTEGER NOT NULL,
  name_id INTEGER NOT NULL,
  access INTEGER NOT NULL,
  via INTEGER NOT NULL,
  PRIMARY KEY (chunk_id, line, col, name_id, access, via)
) WITHOUT ROWID;
-- The chunks holding uses of a name (written with the chunk's rows, deleted with them: parse-chunks.ts).
CREATE TABLE IF NOT EXISTS variable_ref_names (
  name_id INTEGER NOT NULL,
  chunk_id INTEGER NOT NULL,
  PRIMARY KEY (name_id, chunk_id)
) WITHOUT ROWID;
-- What queries read: the rows with the variable's name as text.
CREATE VIEW IF NOT EXISTS variable_refs AS SELECT x.chunk_id, n.name, x.line, x.col, x.access, x.via
  FROM variable_ref_rows x JOIN names n ON n.id = x.name_id;

CREATE TABLE IF NOT EXISTS class_bases (
  chunk_id INTEGER NOT NULL,
  class_qname TEXT NOT NULL,
  base_name TEXT NOT NULL,
  base_text TEXT NOT NULL,
  access TEXT NOT NULL,
  is_virtual INTEGER NOT NULL,
  line INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS class_bases_chunk ON class_bases(chunk_id);

CREATE TABLE IF NOT EXISTS template_uses (
  chunk_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  args TEXT NOT NULL,
  line INTEGER NOT NULL,
  col INTEGER NOT NULL,
  kind TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS template_uses_chunk ON template_uses(chunk_id);

-- Include folders of a build's compile commands (-I, -iquote, -isystem, -idirafter), stored paths.
CREATE TABLE IF NOT EXISTS build_include_dirs (
  build_id INTEGER NOT NULL REFERENCES builds(id) ON DELETE CASCADE,
  dir TEXT NOT NULL,
  PRIMARY KEY (build_id, dir)
) WITHOUT ROWID;

-- columnsize=0 (both searches): no _docsize table; bm25 tokenizes a matched row's columns for their sizes (schema 44).
CREATE VIRTUAL TABLE IF NOT EXISTS symbols_fts USING fts5(
  name, qualified_name, signature, docstring, name_tokens,
  content='symbols', content_rowid='id', tokenize='unicode61 remove_diacritics 2', columnsize=0
);
-- Rows are added by the writer, one INSERT ... SELECT per write transaction over the symbols it inserted: FTS5
-- flushes its pending terms at every statement that writes it, so a per-row insert trigger wrote one segment per
-- symbol and made the full-text index the costliest part of a write. (Dropped here from indexes that had it.)
DROP TRIGGER IF EXISTS symbols_ai;
CREATE TRIGGER IF NOT EXISTS symbols_ad AFTER DELETE ON symbols BEGIN
  INSERT INTO symbols_fts(symbols_fts, rowid, name, qualified_name, signature, docstring, name_tokens)
  VALUES ('delete', old.id, old.name, old.qualified_name, old.signature, old.docstring, old.name_tokens);
END;

CREATE VIRTUAL TABLE IF NOT EXISTS macros_fts USING fts5(
  name, value, name_tokens, docstring, content='macros', content_rowid='id', tokenize='unicode61 remove_diacritics 2', columnsize=0
);
-- Rows added by the writer like symbols_fts's.
DROP TRIGGER IF EXISTS macros_ai;
CREATE TRIGGER IF NOT EXISTS macros_ad AFTER DELETE ON macros BEGIN
  INSERT INTO macros_fts(macros_fts, rowid, name, value, name_tokens, docstring) VALUES ('delete', old.id, old.name, old.value, old.name_tokens, old.docstring);
END;
${CONTENT_SCHEMA_SQL}`;
