// Splits the text of a macro invocation's arguments at its top-level commas. Plain text work, no
// tree-sitter: query code (the vector table) uses it without loading the parser.

/** Top-level comma-separated arguments of a macro invocation's text. */
export function splitArgs(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of text) {
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}
