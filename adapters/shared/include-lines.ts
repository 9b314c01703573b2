// The `#include` lines of a file as PlatformIO's library finder reads them (SCons' classic C scanner: every line,
// conditionals not evaluated), and for its `chain+`/`deep+` modes the preprocessor lines SCons' conditional scanner
// reads; each recorded for the detection cache by those lines alone, so an edit that changes none keeps the builds.
import { readDerivedText, registerDerivation } from './detect-inputs.js';

/** One `#include "name"` (quoted) or `#include <name>`. */
export interface IncludeLine {
  quoted: boolean;
  name: string;
}

/**
 * One preprocessor line as SCons' cpp.py splits it (line continuations joined, comments cut): `op` is if, elif,
 * ifdef, ifndef, import, include (`#include_next` reads as include with `_next` before its name), else, endif,
 * define (args: name, parameters or undefined, replacement) or undef; `args` what its pattern fetched.
 */
export interface Directive {
  op: string;
  args: (string | undefined)[];
}

const INCLUDE_RE = /^[ \t]*#[ \t]*(?:include|import)[ \t]*([<"])([^>"\n]+)[>"]/gm;
const INCLUDE_LINES = 'include-lines';
const DIRECTIVE_LINES = 'directive-lines';

function includeLines(text: string): IncludeLine[] {
  const out: IncludeLine[] = [];
  for (const m of text.matchAll(INCLUDE_RE)) out.push({ quoted: m[1] === '"', name: m[2].trim() });
  return out;
}

const includeKey = (text: string) => includeLines(text).map((i) => (i.quoted ? `"${i.name}"` : `<${i.name}>`)).join('\n');

/** cpp.py's directive pattern (its alternatives in its order: `if` not before `def`/`ndef`) and each one's arguments. */
const DIRECTIVE_RE = /^\s*#\s*(if(?!n?def)|elif|ifdef|ifndef|import|include|include_next|else|endif|define|undef)(.*)$/gm;
const ARGS: Record<string, RegExp> = {
  if: /^\s*(.+)/,
  elif: /^\s*(.+)/,
  ifdef: /^\s+(.+)/,
  ifndef: /^\s+(.+)/,
  import: /^\s*(.+)/,
  include: /^\s*(.+)/,
  include_next: /^\s*(.+)/,
  else: /^/,
  endif: /^/,
  define: /^\s+([_A-Za-z][_A-Za-z0-9_]*)(\([^)]*\))?\s*(.*)/,
  undef: /^\s+([_A-Za-z][A-Za-z0-9_]*)/,
};
/** Comments and carriage returns cut from a directive's rest (a block comment to the line's last `*\/`). */
const CLEANER = /\s*(\/\*.*\*\/|\/\*.*|\/\/.*|\r)/g;

function directiveLines(text: string): Directive[] {
  const out: Directive[] = [];
  for (const m of text.replace(/\\\r?\n/g, '').matchAll(DIRECTIVE_RE)) {
    const a = ARGS[m[1]].exec(m[2].replace(CLEANER, ''));
    if (a) out.push({ op: m[1], args: a.slice(1) });
  }
  return out;
}

registerDerivation(INCLUDE_LINES, includeKey);
registerDerivation(DIRECTIVE_LINES, (text) => `${includeKey(text)}\n\0\n${directiveLines(text).map((d) => `${d.op}\t${d.args.join('\t')}`).join('\n')}`);

/** The file's includes ([] when unreadable), read once per `memo` (a project's). */
export function includesOf(file: string, memo: Map<string, IncludeLine[]>): IncludeLine[] {
  let found = memo.get(file);
  if (found === undefined) {
    const text = readDerivedText(file, INCLUDE_LINES);
    memo.set(file, (found = text === undefined ? [] : includeLines(text)));
  }
  return found;
}

/**
 * The file's preprocessor lines ([] when unreadable), read once per `memo`; its includes join `includes` from the
 * same read, which is recorded by both (so an edit of a conditional around an #include re-detects).
 */
export function directivesOf(file: string, memo: Map<string, Directive[]>, includes: Map<string, IncludeLine[]>): Directive[] {
  let found = memo.get(file);
  if (found === undefined) {
    const text = readDerivedText(file, DIRECTIVE_LINES);
    memo.set(file, (found = text === undefined ? [] : directiveLines(text)));
    includes.set(file, text === undefined ? [] : includeLines(text));
  }
  return found;
}
