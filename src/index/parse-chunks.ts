// A parse's rows cut into chunks by the lines they start on (CHUNK_LINES lines each), each distinct chunk stored once:
// the parses of one file under several masks differ only near the lines their masks differ on (schema.ts, `chunks`).
import type { Db } from './open-index.js';
import type { ExtractedReference, ExtractedSymbol } from '../model/symbol.js';
import type { CodeRelations } from '../model/code-relations.js';
import { sha1 } from '../model/sha1.js';
import { valueRowId } from './statement-cache.js';

/**
 * Lines per chunk. Measured on 14 nRF52 boards of a PlatformIO project (1 108 parses of 740 files): 16 keeps 48 %
 * of the symbol rows, 35 % of the call rows and 35 % of the variable accesses (top-level declarations as chunks: 53 /
 * 47 / 48 %); 8 lines keep a little less but double the parse_chunks rows, 64 keep ~10 % more.
 */
export const CHUNK_LINES = 16;

/** The rows a parse wrote, as extraction gave them. */
export interface ParseRows {
  symbols: ExtractedSymbol[];
  references: ExtractedReference[];
  relations?: CodeRelations;
}

/** The rows of one chunk, in extraction order. */
interface ChunkRows {
  symbols: ExtractedSymbol[];
  references: ExtractedReference[];
  relations: CodeRelations;
}

/** A chunk's rows and the sha1 of all their stored values (with the file's path). */
export interface ParseChunk extends ChunkRows {
  hash: Buffer;
}

/**
 * A parse's rows by chunk, chunks in line order; a chunk holding no row is left out. The file's path is hashed with
 * the rows (a chunk belongs to one file: a symbol's file is that of any parse naming its chunk).
 */
export function chunksOf(path: string, rows: ParseRows): ParseChunk[] {
  const byWindow = new Map<number, ChunkRows>();
  const chunk = (line: number): ChunkRows => {
    const w = Math.floor(Math.max(line, 0) / CHUNK_LINES);
    let c = byWindow.get(w);
    if (!c) byWindow.set(w, (c = { symbols: [], references: [], relations: { variableRefs: [], classBases: [], templateUses: [] } }));
    return c;
  };
  for (const s of rows.symbols) chunk(s.line).symbols.push(s);
  for (const r of rows.references) chunk(r.line).references.push(r);
  const rel = rows.relations;
  if (rel) {
    for (const v of rel.variableRefs) chunk(v.line).relations.variableRefs.push(v);
    for (const b of rel.classBases) chunk(b.line).relations.classBases.push(b);
    for (const t of rel.templateUses) chunk(t.line).relations.templateUses.push(t);
  }
  return [...byWindow.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, c]) => ({ ...c, hash: Buffer.from(sha1(`${path}\n${chunkText(c)}`), 'hex') }));
}

/** Every value the chunk's rows store (a body by its text), one JSON array per row, tables told apart. */
function chunkText(c: ChunkRows): string {
  const parts: string[] = [];
  for (const s of c.symbols) {
    parts.push(
      'S' + JSON.stringify([
        s.stableId, s.parentId, s.name, s.qualifiedName, s.kind, s.line, s.endLine, s.column, s.isDefinition, s.signature, s.docstring,
        s.isTemplate, s.isVirtual, s.isPureVirtual, s.enumValue, s.nameTokens, s.body, s.alias ?? null, s.viaMacro ?? null,
      ]),
    );
  }
  for (const r of c.references) parts.push('R' + JSON.stringify([r.name, r.line, r.column, r.kind, r.caller ?? null, r.viaMacro ?? null, r.slot ?? null, r.detail ?? null]));
  for (const v of c.relations.variableRefs) parts.push('V' + JSON.stringify([v.name, v.line, v.column, v.access, v.via]));
  for (const b of c.relations.classBases) parts.push('B' + JSON.stringify([b.classQualifiedName, b.baseName, b.baseText, b.access, b.isVirtual, b.line]));
  for (const t of c.relations.templateUses) parts.push('T' + JSON.stringify([t.name, t.args, t.line, t.column, t.kind]));
  return parts.join('\n');
}

/** The id of the stored chunk with this hash, and whether it was stored now (its rows are then the caller's to write). */
export function storeChunk(db: Db, hash: Buffer): { id: number; added: boolean } {
  return valueRowId(db, 'chunks', 'hash', hash);
}

/**
 * Deletes the rows of the parses in temp table `parses` (about to be deleted): their parse_chunks rows, and the chunks
 * no other parse names with all their rows. Bodies the deleted symbols named go into temp table `orphans.bodies` (see
 * BodyStore.collect), names the deleted call rows and variable accesses named into `orphans.names` (NameStore.collect).
 */
export function dropParseRows(db: Db, parses: string, orphans: { bodies: string; names: string }): void {
  db.exec(`
    CREATE TEMP TABLE IF NOT EXISTS orphan_chunks(id INTEGER PRIMARY KEY);
    DELETE FROM orphan_chunks;
    INSERT OR IGNORE INTO orphan_chunks SELECT chunk_id FROM parse_chunks WHERE parsed_id IN (SELECT id FROM ${parses});
    DELETE FROM parse_chunks WHERE parsed_id IN (SELECT id FROM ${parses});
    DELETE FROM orphan_chunks WHERE EXISTS (SELECT 1 FROM parse_chunks WHERE chunk_id = orphan_chunks.id);
    INSERT OR IGNORE INTO ${orphans.bodies} SELECT body_id FROM symbols WHERE chunk_id IN (SELECT id FROM orphan_chunks) AND body_id IS NOT NULL;
    INSERT OR IGNORE INTO ${orphans.names} SELECT name_id FROM ref_rows WHERE chunk_id IN (SELECT id FROM orphan_chunks);
    INSERT OR IGNORE INTO ${orphans.names} SELECT caller_id FROM ref_rows WHERE chunk_id IN (SELECT id FROM orphan_chunks) AND caller_id IS NOT NULL;
    INSERT OR IGNORE INTO ${orphans.names} SELECT name_id FROM variable_ref_rows WHERE chunk_id IN (SELECT id FROM orphan_chunks);
    DELETE FROM variable_ref_names WHERE (name_id, chunk_id) IN (SELECT name_id, chunk_id FROM variable_ref_rows WHERE chunk_id IN (SELECT id FROM orphan_chunks));
    DELETE FROM symbols WHERE chunk_id IN (SELECT id FROM orphan_chunks);
    DELETE FROM ref_rows WHERE chunk_id IN (SELECT id FROM orphan_chunks);
    DELETE FROM variable_ref_rows WHERE chunk_id IN (SELECT id FROM orphan_chunks);
    DELETE FROM class_bases WHERE chunk_id IN (SELECT id FROM orphan_chunks);
    DELETE FROM template_uses WHERE chunk_id IN (SELECT id FROM orphan_chunks);
    DELETE FROM chunks WHERE id IN (SELECT id FROM orphan_chunks);
  `);
}
