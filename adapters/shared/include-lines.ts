// The `#include` lines of a file as PlatformIO's library finder reads them (SCons' classic C scanner: every line,
// conditionals not evaluated), recorded for the detection cache by those lines alone, so an edit that adds or
// removes no #include keeps the detected builds.
import { readDerivedText, registerDerivation } from './detect-inputs.js';

/** One `#include "name"` (quoted) or `#include <name>`. */
export interface IncludeLine {
  quoted: boolean;
  name: string;
}

const INCLUDE_RE = /^[ \t]*#[ \t]*(?:include|import)[ \t]*([<"])([^>"\n]+)[>"]/gm;
const INCLUDE_LINES = 'include-lines';

function includeLines(text: string): IncludeLine[] {
  const out: IncludeLine[] = [];
  for (const m of text.matchAll(INCLUDE_RE)) out.push({ quoted: m[1] === '"', name: m[2].trim() });
  return out;
}

registerDerivation(INCLUDE_LINES, (text) => includeLines(text).map((i) => (i.quoted ? `"${i.name}"` : `<${i.name}>`)).join('\n'));

/** The file's includes ([] when unreadable), read once per `memo` (a project's). */
export function includesOf(file: string, memo: Map<string, IncludeLine[]>): IncludeLine[] {
  let found = memo.get(file);
  if (found === undefined) {
    const text = readDerivedText(file, INCLUDE_LINES);
    memo.set(file, (found = text === undefined ? [] : includeLines(text)));
  }
  return found;
}
