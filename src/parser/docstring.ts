// Turns the comment block before a declaration into docstring text: strips `/** */`, `/*! */`,
// leading `*`, `///`, `//!` and `//` markers; keeps the words and line breaks of the comment.

export function cleanComment(raw: string): string {
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
