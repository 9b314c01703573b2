// Doc comments of API-wrapper macros: the comment block that ends on the line right above a #define
// (`/** ... */`, or a run of `//` lines), cleaned like symbol docstrings. Other macros keep none.
import { defaultReadFile } from '../preprocessor/file-source.js';
import type { MacroRecord } from '../preprocessor/api.js';
import { cleanComment } from '../parser/docstring.js';

const MAX_DOCSTRING = 4000;

/** The comment block ending on line `line - 1` (1-based) of `text`, cleaned; '' when there is none. */
export function commentAbove(lines: string[], line: number): string {
  let i = line - 2;
  if (i < 0) return '';
  const last = lines[i].trim();
  let from = i;
  if (last.endsWith('*/')) {
    while (from >= 0 && !lines[from].includes('/*')) from--;
    if (from < 0) return '';
    if (lines[from].slice(0, lines[from].indexOf('/*')).trim()) return '';
  } else if (last.startsWith('//')) {
    while (from > 0 && lines[from - 1].trim().startsWith('//')) from--;
  } else return '';
  return cleanComment(lines.slice(from, i + 1).join('\n').slice(0, MAX_DOCSTRING * 4)).slice(0, MAX_DOCSTRING);
}

/** Adds `docstring` to the API-wrapper records (function-like with an expansion) of one file (absolute path). */
export function withApiDocstrings(file: string, records: MacroRecord[], read: (file: string) => string | undefined = defaultReadFile): MacroRecord[] {
  if (!records.some((r) => r.functionLike && r.expandedValue !== null)) return records;
  const text = read(file);
  if (text === undefined) return records;
  const lines = text.split(/\r?\n/);
  return records.map((r) => {
    if (!r.functionLike || r.expandedValue === null) return r;
    const doc = commentAbove(lines, r.line);
    return doc ? { ...r, docstring: doc } : r;
  });
}
