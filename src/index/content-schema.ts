// Tables of the content index kept beside the symbol index: every searchable project file with its hash,
// and a contentless FTS5 trigram index of their text.

export const CONTENT_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS content_files (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  content_hash TEXT NOT NULL,
  size INTEGER NOT NULL,
  mtime_ms REAL NOT NULL,
  -- text: in content_trigrams; binary: never searched; large: searched by reading it (not in the trigram index);
  -- deferred: a text file no build reads, searched by reading it until its trigrams are filled in (kind text)
  kind TEXT NOT NULL
);

-- Which trigrams each file holds, without their positions (detail=none): about a ninth of the bytes with them.
-- A run of text matches the files holding each of its trigrams; find verifies them against the text.
CREATE VIRTUAL TABLE IF NOT EXISTS content_trigrams USING fts5(
  body, content='', contentless_delete=1, tokenize='trigram', detail=none
);
`;
