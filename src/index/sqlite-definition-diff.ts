// Symbols both builds define but not alike: the same qualified name and kind with definitions at another
// file, line or signature (a board's own driver, the other branch of an #if, a static helper one build adds).
import type { Db } from './open-index.js';
import { nameIn } from './name-match.js';
import type { DefinitionSite, DefinitionsCompared, Page } from './index-reader.js';

/** Definitions of one build (locals and linker-script symbols left out), as comparable columns. */
const definitions = (build: string) => `SELECT s.qualified_name AS q, s.kind AS k, f.path AS file, s.line AS line, s.signature AS sig
  FROM symbols s
  JOIN parse_chunks pc ON pc.chunk_id = s.chunk_id
  JOIN build_files bf ON bf.parsed_id = pc.parsed_id AND bf.build_id = ${build}
  JOIN parsed_files p ON p.id = pc.parsed_id
  JOIN files f ON f.id = p.file_id
  WHERE s.is_definition = 1 AND s.kind <> 'varlocal' AND p.language <> 'ld'`;

const CHANGED = `WITH da AS (${definitions('@a')}), db AS (${definitions('@b')}),
  differ AS (SELECT q, k FROM (SELECT * FROM da EXCEPT SELECT * FROM db) UNION SELECT q, k FROM (SELECT * FROM db EXCEPT SELECT * FROM da))
  SELECT q, k FROM differ INTERSECT SELECT q, k FROM (SELECT q, k FROM da INTERSECT SELECT q, k FROM db) ORDER BY q, k`;

/** Every name whose definitions differ (name and kind only: short), then the definitions of the page's names. */
export function definitionsDiffering(db: Db, a: number, b: number, page: { limit: number; offset: number }): Page<DefinitionsCompared> {
  const changed = db.prepare(CHANGED).raw().all({ a, b }) as [string, string][];
  const shown = changed.slice(page.offset, page.offset + page.limit);
  const sites = (build: number, names: string[]) => {
    const out = new Map<string, DefinitionSite[]>();
    for (let i = 0; i < names.length; i += 500) {
      const chunk = names.slice(i, i + 500);
      const rows = db
        .prepare(`${definitions('?')} AND ${nameIn('s.qualified_name', chunk.map(() => '?').join(', '))} ORDER BY f.path, s.line`)
        .raw()
        .all(build, ...chunk, ...chunk) as [string, string, string, number, string][];
      for (const [q, k, file, line, signature] of rows) {
        const key = `${k}\u0000${q}`;
        const list = out.get(key);
        if (list) list.push({ file, line, signature });
        else out.set(key, [{ file, line, signature }]);
      }
    }
    return out;
  };
  const names = [...new Set(shown.map(([q]) => q))];
  const inA = sites(a, names);
  const inB = sites(b, names);
  const rows = shown.map(([q, k]): DefinitionsCompared => {
    const key = `${k}\u0000${q}`;
    return { qualified_name: q, name: q.split('::').pop() ?? q, kind: k, a: inA.get(key) ?? [], b: inB.get(key) ?? [] };
  });
  return { rows, total: changed.length };
}
