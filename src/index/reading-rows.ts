// Writes the rows that let queries read code as one build sees it: variable accesses, base classes and
// template uses of a chunk of a parse (parse-chunks.ts), and per build its include folders. Per-file line ranges are IndexWriter.writeFileLines's.
import type { Db } from './open-index.js';
import type { CodeRelations } from '../model/code-relations.js';
import { RowBatch } from './row-batch.js';
import type { NameStore } from './ref-names.js';
import { ACCESS_CODES, VIA_CODES } from './variable-ref-codes.js';

export class ReadingRowsWriter {
  private readonly varRows;
  private readonly varNames;
  private readonly insBase;
  private readonly insTemplate;
  private readonly insDir;

  constructor(
    private readonly db: Db,
    private readonly names: NameStore,
  ) {
    this.varRows = new RowBatch(db, 'INSERT INTO variable_ref_rows(chunk_id, name_id, line, col, access, via)');
    this.varNames = new RowBatch(db, 'INSERT OR IGNORE INTO variable_ref_names(name_id, chunk_id)');
    this.insBase = db.prepare('INSERT INTO class_bases(chunk_id, class_qname, base_name, base_text, access, is_virtual, line) VALUES (?, ?, ?, ?, ?, ?, ?)');
    this.insTemplate = db.prepare('INSERT INTO template_uses(chunk_id, name, args, line, col, kind) VALUES (?, ?, ?, ?, ?, ?)');
    this.insDir = db.prepare('INSERT OR IGNORE INTO build_include_dirs(build_id, dir) VALUES (?, ?)');
  }

  /** Rows of a chunk written for the first time (its variable accesses batched: see flush). */
  writeRelations(chunkId: number, r: CodeRelations): void {
    const vars = this.varRows.values;
    const named = new Set<number>();
    for (const v of r.variableRefs) {
      const nameId = this.names.id(v.name);
      vars.push(chunkId, nameId, v.line, v.column, ACCESS_CODES[v.access], VIA_CODES[v.via]);
      this.varRows.added();
      named.add(nameId);
    }
    // The chunks of a name (variable_ref_names): each of its names once.
    for (const nameId of named) {
      this.varNames.values.push(nameId, chunkId);
      this.varNames.added();
    }
    for (const b of r.classBases) this.insBase.run(chunkId, b.classQualifiedName, b.baseName, b.baseText, b.access, b.isVirtual ? 1 : 0, b.line);
    for (const t of r.templateUses) this.insTemplate.run(chunkId, t.name, t.args, t.line, t.column, t.kind);
  }

  /** Writes the variable accesses still pending (see RowBatch). */
  flush(): void {
    this.varRows.flush();
    this.varNames.flush();
  }

  /** Drops the variable accesses still pending (their transaction was rolled back). */
  discard(): void {
    this.varRows.clear();
    this.varNames.clear();
  }

  /** Replace a build's include folders. */
  writeIncludeDirs(buildId: number, dirs: string[] | undefined): void {
    this.db.prepare('DELETE FROM build_include_dirs WHERE build_id = ?').run(buildId);
    for (const d of dirs ?? []) this.insDir.run(buildId, d);
  }
}
