// Finds the lines of a text that hold a match, one hit per line (as grep reports them), with the 1-based
// column of the first match. Literal and word patterns only: they run in linear time on the main thread.

export interface LineHit {
  line: number;
  column: number;
  text: string;
}

/** Longest line text returned; longer lines are cut around the match. */
export const MAX_LINE_TEXT = 400;

export function lineExcerpt(line: string, column: number): string {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  if (text.length <= MAX_LINE_TEXT) return text;
  const from = Math.max(0, Math.min(column - 1 - MAX_LINE_TEXT / 4, text.length - MAX_LINE_TEXT));
  return (from > 0 ? '…' : '') + text.slice(from, from + MAX_LINE_TEXT) + (from + MAX_LINE_TEXT < text.length ? '…' : '');
}

export interface LinePattern {
  /** Literal text to find with indexOf (case-sensitive literal), or a global RegExp. */
  literal?: string;
  regex?: RegExp;
}

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The pattern of a literal or word query; word means not inside a longer identifier ([A-Za-z0-9_]). */
export function linePattern(query: string, mode: 'literal' | 'word', ignoreCase: boolean): LinePattern {
  if (mode === 'literal' && !ignoreCase) return { literal: query };
  const body = mode === 'word' ? `(?<![A-Za-z0-9_])${escapeRegex(query)}(?![A-Za-z0-9_])` : escapeRegex(query);
  return { regex: new RegExp(body, ignoreCase ? 'gi' : 'g') };
}

/** Every line of `text` holding the pattern. */
export function findLines(text: string, pattern: LinePattern): LineHit[] {
  const hits: LineHit[] = [];
  let lineNo = 1;
  let lineStart = 0;
  let cursor = 0;
  const next = (from: number): number => {
    if (pattern.literal !== undefined) return pattern.literal === '' ? -1 : text.indexOf(pattern.literal, from);
    const re = pattern.regex!;
    re.lastIndex = from;
    const m = re.exec(text);
    return m ? m.index : -1;
  };
  for (let at = next(0); at >= 0; ) {
    // Advance the line counter to the hit.
    for (let nl = text.indexOf('\n', cursor); nl >= 0 && nl < at; nl = text.indexOf('\n', nl + 1)) {
      lineNo++;
      lineStart = nl + 1;
    }
    cursor = at;
    const end = text.indexOf('\n', at);
    const lineEnd = end < 0 ? text.length : end;
    hits.push({ line: lineNo, column: at - lineStart + 1, text: lineExcerpt(text.slice(lineStart, lineEnd), at - lineStart + 1) });
    if (end < 0) break;
    lineNo++;
    lineStart = cursor = end + 1;
    at = next(end + 1);
  }
  return hits;
}
