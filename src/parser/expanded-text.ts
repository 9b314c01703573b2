// The text the compiler sees at recorded macro invocations: each invocation replaced by its expansion (on the
// invocation's first line, its other lines kept empty so line numbers hold), with a map from positions in
// that text back to the file. Leaves out invocations whose text the parse text already blanked.
import type { MacroInvocation } from '../preprocessor/macro-invocations.js';

interface Segment {
  /** Start offset in the expanded text. */
  at: number;
  /** Copied text: its start offset in the file; expansion: -1. */
  from: number;
  inv?: MacroInvocation;
}

export interface ExpandedText {
  text: string;
  /** Invocations actually substituted. */
  used: MacroInvocation[];
  /** File offset of an expanded-text offset, and the invocation when it lies in an expansion. */
  locate(offset: number): { offset: number; inv?: MacroInvocation };
}

let last: { parseText: string; invocations: readonly MacroInvocation[]; expanded: ExpandedText } | undefined;

/**
 * Substitute `invocations` (sorted, not overlapping) into `parseText` (same length as the file text). The last
 * answer is kept: a file's extractors (recovery, calls, type arguments) ask for the same one.
 */
export function expandInvocations(parseText: string, invocations: readonly MacroInvocation[]): ExpandedText {
  if (last?.parseText === parseText && last.invocations === invocations) return last.expanded;
  const expanded = substituted(parseText, invocations);
  last = { parseText, invocations, expanded };
  return expanded;
}

/** Substitute `invocations` into `parseText` as expandInvocations does, keeping no answer (a reading made once). */
export function substituted(parseText: string, invocations: readonly MacroInvocation[]): ExpandedText {
  const parts: string[] = [];
  const segments: Segment[] = [];
  const used: MacroInvocation[] = [];
  let at = 0;
  let pos = 0;
  for (const inv of invocations) {
    if (inv.start < pos || inv.end > parseText.length) continue;
    const span = parseText.slice(inv.start, inv.end);
    // Blanked (inactive, or a macro that only decorates): nothing of it reaches the parser. A statement macro
    // the parser reads as `;` (statement-macros.ts) is read expanded.
    if (!span.trim() || !(span.startsWith(inv.name) || (inv.objectLike && span.trimEnd() === ';'))) continue;
    const before = parseText.slice(pos, inv.start);
    segments.push({ at, from: pos });
    parts.push(before);
    at += before.length;
    const repl = ` ${inv.expansion} ` + span.replace(/[^\r\n]/g, '').replace(/\r(?!\n)/g, '\n');
    segments.push({ at, from: -1, inv });
    parts.push(repl);
    at += repl.length;
    pos = inv.end;
    used.push(inv);
  }
  segments.push({ at, from: pos });
  parts.push(parseText.slice(pos));
  const text = parts.join('');
  const locate = (offset: number) => {
    let lo = 0;
    let hi = segments.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (segments[mid].at <= offset) lo = mid;
      else hi = mid - 1;
    }
    const s = segments[lo];
    if (s.inv) return { offset: s.inv.start, inv: s.inv };
    return { offset: s.from + (offset - s.at) };
  };
  return { text, used, locate };
}
