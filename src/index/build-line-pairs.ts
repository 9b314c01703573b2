// A build's files' line sets as stored: each distinct (file, line set) pair once (file_line_pairs), and per build the
// ids of its pairs as one JSON array (build_line_pairs); the view build_file_lines reads them as a row per build and file.
import type { Db } from './open-index.js';
import { insertedId, prepared } from './statement-cache.js';

/** Sets the line sets (`lines`: file id -> line_sets id) of files of `buildId`, over the build's stored ones for those files. */
export function storeBuildLines(db: Db, buildId: number, lines: ReadonlyMap<number, number>): void {
  const pairs = storedPairs(db, buildId);
  const insPair = prepared(db, 'INSERT INTO file_line_pairs(file_id, lines_id) VALUES (?, ?) ON CONFLICT(file_id, lines_id) DO NOTHING');
  const findPair = prepared(db, 'SELECT id FROM file_line_pairs WHERE file_id = ? AND lines_id = ?').pluck();
  for (const [fileId, linesId] of lines) pairs.set(fileId, insertedId(insPair, fileId, linesId) ?? (findPair.get(fileId, linesId) as number));
  const ids = [...pairs.values()].sort((a, b) => a - b);
  prepared(db, 'INSERT OR REPLACE INTO build_line_pairs(build_id, pairs) VALUES (?, ?)').run(buildId, JSON.stringify(ids));
}

/** The build's stored pairs by file id (those still stored: a collected pair is left out). */
function storedPairs(db: Db, buildId: number): Map<number, number> {
  const rows = prepared(db, 'SELECT p.file_id, p.id FROM build_line_pairs b JOIN json_each(b.pairs) j JOIN file_line_pairs p ON p.id = j.value WHERE b.build_id = ?')
    .raw()
    .all(buildId) as [number, number][];
  return new Map(rows);
}

/** Deletes the pairs of files no parse names, then those no build names (before line sets no pair names go). */
export function collectLinePairs(db: Db): void {
  db.exec(`
    DELETE FROM file_line_pairs WHERE file_id NOT IN (SELECT file_id FROM parsed_files);
    DELETE FROM file_line_pairs WHERE id NOT IN (SELECT j.value FROM build_line_pairs b JOIN json_each(b.pairs) j);
  `);
}
