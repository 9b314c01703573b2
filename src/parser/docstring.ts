// Docstrings: the comment block right before a declaration (or a `///<` comment after a field or enum
// constant on its line), cleaned of `/** */`, `/*! */`, leading `*`, `///`, `//!` and `//` markers.
import { TRAILING_MARK, type SiblingComment, type SiblingComments, type SyntaxNode } from './tree-sitter-parser.js';

export function cleanComment(raw: string): string {
  if (raw.indexOf('\n') === -1) return cleanLine(raw);
  let text = raw.trim();
  const lines: string[] = [];
  if (text.startsWith('/*')) {
    text = text.replace(/^\/\*+!?/, '').replace(/\*+\/$/, '');
    for (const line of text.split('\n')) lines.push(line.replace(/^\s*\*+ ?/, '').trimEnd());
  } else {
    for (const line of text.split('\n')) lines.push(line.replace(/^\s*\/\/[/!]*<? ?/, '').trimEnd());
  }
  while (lines.length && !lines[0].trim()) lines.shift();
  while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
  return lines.join('\n').trim();
}

/** cleanComment of a text of one line (no line feed), without making a list of its lines. */
function cleanLine(raw: string): string {
  const text = raw.trim();
  if (text.startsWith('/*')) return text.replace(/^\/\*+!?/, '').replace(/\*+\/$/, '').replace(/^\s*\*+ ?/, '').trim();
  return text.replace(/^\s*\/\/[/!]*<? ?/, '').trim();
}

/** A comment documents what follows when it ends on an earlier line and every line between was blanked. */
function adjacent(source: string, comment: SiblingComment, nextStart: number, masked: Uint8Array | undefined): boolean {
  let row = comment.endRow;
  let newlines = 0;
  for (let i = comment.endIndex; i < nextStart; i++) {
    if (source.charCodeAt(i) !== 10) continue;
    if (newlines > 0 && (!masked || !masked[row])) return false;
    newlines++;
    row++;
  }
  return newlines > 0;
}

/**
 * The docstring of the statement `stmt` from the comments the walk saw beside it. Leading comments win;
 * a trailing `///<` comment on the same line counts where `trailingAllowed` (fields, enum constants).
 */
export function docstringOf(source: string, stmt: SyntaxNode, comments: Pick<SiblingComments, 'leading' | 'trailing'>, masked: Uint8Array | undefined, trailingAllowed: boolean): string {
  const key = stmt.id;
  const run = comments.leading(key);
  const parts: string[] = [];
  let nextStart = stmt.startIndex;
  for (let i = (run?.length ?? 0) - 1; i >= 0; i--) {
    const c = run![i];
    if (!adjacent(source, c, nextStart, masked)) break;
    // The first comment of a run that shares its line with code before it belongs to that code.
    if (i === 0 && c.prevEndIndex >= 0 && !source.slice(c.prevEndIndex, c.startIndex).includes('\n')) break;
    if (TRAILING_MARK.test(c.text)) break;
    parts.unshift(c.text);
    nextStart = c.startIndex;
  }
  if (parts.length) return cleanComment(parts.map((p) => cleanComment(p)).join('\n'));
  const trailing = trailingAllowed ? comments.trailing(key) : undefined;
  return trailing ? cleanComment(trailing.text.replace(/^(\/\/[/!]|\/\*[*!])</, '$1')) : '';
}
