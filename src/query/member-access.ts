// The access (public / protected / private) of a class's in-class members, read from the class body on
// disk: the last `public:`/`protected:`/`private:` label before the member, outside nested types; the
// default is private for a class and public for a struct or union. Null when the file cannot be read.
import fs from 'node:fs';
import type { SymbolRow } from '../index/index-reader.js';
import { absolutePath } from '../indexer/vendor-paths.js';

export type Access = 'public' | 'protected' | 'private';

const LABEL = /^\s*(public|protected|private)\s*:(?!:)/;
const TYPE_KINDS = new Set(['class', 'struct', 'union', 'enum']);

/** Member access by the line of its in-class declaration. */
export function memberAccess(root: string, cls: SymbolRow, members: SymbolRow[]): (line: number) => Access | null {
  let lines: string[];
  try {
    lines = fs.readFileSync(absolutePath(root, cls.file), 'utf8').split('\n');
  } catch {
    return () => null;
  }
  const nested = members.filter((m) => TYPE_KINDS.has(m.kind) && m.parent_id === cls.id).map((m) => [m.line, m.end_line] as const);
  const labels: { line: number; access: Access }[] = [];
  for (let n = cls.line; n <= cls.end_line && n <= lines.length; n++) {
    if (nested.some(([a, b]) => n >= a && n <= b)) continue;
    const m = LABEL.exec(lines[n - 1]);
    if (m) labels.push({ line: n, access: m[1] as Access });
  }
  const fallback: Access = cls.kind === 'class' ? 'private' : 'public';
  return (line) => {
    let access: Access = fallback;
    for (const l of labels) if (l.line <= line) access = l.access;
    return access;
  };
}
