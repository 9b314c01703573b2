// A text with macro invocations replaced by their expansions as the preprocessor writes them, nothing around them, and
// the line breaks an invocation spans kept: what the assembler reads of a `.S` file, line for line.
import type { MacroInvocation } from './macro-invocations.js';

/** `text` with each invocation (sorted; one inside an earlier one is left out) replaced by its expansion. */
export function splicedText(text: string, invocations: readonly MacroInvocation[]): string {
  const parts: string[] = [];
  let pos = 0;
  for (const inv of invocations) {
    if (inv.start < pos) continue;
    parts.push(text.slice(pos, inv.start), inv.expansion, text.slice(inv.start, inv.end).replace(/[^\n]/g, ''));
    pos = inv.end;
  }
  parts.push(text.slice(pos));
  return parts.join('');
}
