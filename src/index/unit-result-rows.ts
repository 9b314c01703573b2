// Stores and finds per-unit preprocessing results (unit_results rows): the columns that decide whether a
// result still holds are plain JSON, the bulk (ranges, defines, diagnostics) is deflated JSON. Paths are
// stored as the indexer hands them (project-relative where possible), so builds and runs share rows.
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { Diagnostic } from '../model/diagnostic.js';
import type { Db } from './open-index.js';

/** A unit result with its file paths already in stored form. */
export interface UnitResultRow {
  unit: string;
  key: string;
  lang: 'c' | 'cpp' | 'asm';
  files: { file: string; hash: string; lines: number; ranges: number[]; evaluated?: number[]; taken?: number[] }[];
  tested: [string, string | null][];
  macros: [number, number, string | null][];
  diagnostics: Diagnostic[];
}

export interface EncodedUnitResult {
  key: string;
  hash: string;
  tested: string;
  files: string;
  data: Buffer;
}

export function encodeUnitResult(r: UnitResultRow): EncodedUnitResult {
  const tested = JSON.stringify(r.tested);
  const files = JSON.stringify(r.files.map((f) => [f.file, f.hash]));
  const body = JSON.stringify({
    unit: r.unit,
    lang: r.lang,
    lines: r.files.map((f) => f.lines),
    ranges: r.files.map((f) => f.ranges),
    decisions: r.files.map((f) => (f.evaluated && f.taken ? [f.evaluated, f.taken] : null)),
    macros: r.macros,
    diagnostics: r.diagnostics,
  });
  const hash = createHash('sha1').update(r.key).update('\0').update(tested).update('\0').update(files).update('\0').update(body).digest('hex');
  return { key: r.key, hash, tested, files, data: zlib.deflateRawSync(body, { level: 1 }) };
}

export function decodeUnitResult(key: string, tested: string, files: string, data: Buffer): UnitResultRow {
  const body = JSON.parse(zlib.inflateRawSync(data).toString('utf8')) as {
    unit: string;
    lang: UnitResultRow['lang'];
    lines: number[];
    ranges: number[][];
    decisions: ([number[], number[]] | null)[];
    macros: UnitResultRow['macros'];
    diagnostics: Diagnostic[];
  };
  const pairs = JSON.parse(files) as [string, string][];
  return {
    unit: body.unit,
    key,
    lang: body.lang,
    files: pairs.map(([file, hash], i) => {
      const d = body.decisions[i];
      return { file, hash, lines: body.lines[i], ranges: body.ranges[i], ...(d ? { evaluated: d[0], taken: d[1] } : {}) };
    }),
    tested: JSON.parse(tested) as [string, string | null][],
    macros: body.macros,
    diagnostics: body.diagnostics,
  };
}

/** Newest stored results under `key` that `holds` accepts (checked on the cheap columns before inflating). */
export function findUnitResult(
  db: Db,
  key: string,
  holds: (tested: [string, string | null][], files: [string, string][]) => boolean,
): { id: number; row: UnitResultRow } | undefined {
  const rows = db.prepare('SELECT id, tested, files FROM unit_results WHERE key = ? ORDER BY id DESC LIMIT 32').all(key) as { id: number; tested: string; files: string }[];
  for (const r of rows) {
    if (!holds(JSON.parse(r.tested), JSON.parse(r.files))) continue;
    const { data } = db.prepare('SELECT data FROM unit_results WHERE id = ?').get(r.id) as { data: Buffer };
    return { id: r.id, row: decodeUnitResult(key, r.tested, r.files, data) };
  }
  return undefined;
}
