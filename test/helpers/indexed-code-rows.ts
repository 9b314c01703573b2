// Test helper: the symbols, references and per-build compiled lines of an index, in a stable order without row ids:
// two indexes of the same tree made under different memory budgets must hold the same rows.
import Database from 'better-sqlite3';
import { indexPath } from '../../src/project/config.js';

export function indexedCodeRows(root: string): Record<string, unknown[]> {
  const db = new Database(indexPath(root), { readonly: true });
  try {
    return {
      symbols: db
        .prepare(
          `SELECT f.path, s.stable_id, s.name, s.kind, s.line, s.end_line, s.col, s.signature FROM symbols s
           JOIN parse_chunks sc ON sc.chunk_id = s.chunk_id JOIN parsed_files p ON p.id = sc.parsed_id JOIN files f ON f.id = p.file_id ORDER BY f.path, s.line, s.col, s.stable_id`,
        )
        .all(),
      refs: db.prepare('SELECT f.path, r.name, r.line, r.col, r.kind FROM refs r JOIN parse_chunks rc ON rc.chunk_id = r.chunk_id JOIN parsed_files p ON p.id = rc.parsed_id JOIN files f ON f.id = p.file_id ORDER BY f.path, r.line, r.col, r.name').all(),
      lines: db.prepare('SELECT b.variant, f.path, s.hash FROM build_file_lines l JOIN builds b ON b.id = l.build_id JOIN files f ON f.id = l.file_id JOIN line_sets s ON s.id = l.lines_id ORDER BY 1, 2').all(),
    };
  } finally {
    db.close();
  }
}
