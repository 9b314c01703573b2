// The part of a parse's key that enum values depend on: the parser evaluates enumerator initializers with
// the build's integer macro values (see parse-jobs.ts), so two builds (or two runs) whose masked text is the
// same but whose macros named in an enum's braces differ must not share one parse.
import type { MacroValues } from './parse-jobs.js';

const IDENTIFIER = /[A-Za-z_]\w*/g;
const isIdentChar = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/** End of the brace block opening at `open` (index after its `}`; the text's end when it is not closed). */
function blockEnd(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 123) depth++;
    else if (c === 125 && --depth === 0) return i + 1;
  }
  return text.length;
}

/**
 * "name=value" of each macro with an integer value that an enum body of `text` names (a superset of what the
 * parser reads: comments and enumerators with literal values are scanned too), sorted and joined; '' when none.
 */
export function enumMacroKey(text: string, values: Pick<MacroValues, 'has' | 'get'>): string {
  const named = new Set<string>();
  for (let at = text.indexOf('enum'); at >= 0; at = text.indexOf('enum', at + 4)) {
    if ((at > 0 && isIdentChar(text.charCodeAt(at - 1))) || isIdentChar(text.charCodeAt(at + 4))) continue;
    const open = text.indexOf('{', at);
    const semi = text.indexOf(';', at);
    if (open < 0 || (semi >= 0 && semi < open)) continue;
    const end = blockEnd(text, open);
    for (const id of text.slice(open, end).match(IDENTIFIER) ?? []) if (values.has(id)) named.add(id);
    at = end - 4;
  }
  if (named.size === 0) return '';
  return [...named]
    .sort()
    .map((n) => `${n}=${values.get(n)}`)
    .join(',');
}
