// The #undef directives of a file the compiler executed, read from the file's text and its compiled lines: the
// macro table keeps no #undef, so a header's `#define putc(c) ...` would still expand `int putc(int c) { ... }`
// written after `#undef putc`. Directive lines are never among the compiled lines, so an #undef inside a
// conditional counts only when its branch holds a compiled line, or when the branch is `#ifdef NAME` (or
// `#if defined(NAME)`) around `#undef NAME`, which does nothing when not taken. Others are left out (as before).
import { activeLinesOf } from '../preprocessor/merge-unit-results.js';

/** A conditional branch being read: where it starts, the name its guard tests, the #undefs it holds. */
interface Branch {
  start: number;
  guard: string | undefined;
  undefs: [name: string, line: number][];
}

const DIRECTIVE = /^[ \t]*#[ \t]*(ifdef|ifndef|if|elif|else|endif|undef)\b[ \t]*([^\r\n]*)/;
const DEFINED_GUARD = /^(?:defined[ \t]*\([ \t]*([A-Za-z_$][\w$]*)[ \t]*\)|defined[ \t]+([A-Za-z_$][\w$]*))[ \t]*(?:\/[/*].*)?$/;

/** The executed #undefs of `text` (compiled lines `ranges`) by name, their lines ascending; undefined when none. */
export function executedUndefs(text: string, ranges: number[]): Map<string, number[]> | undefined {
  if (!text.includes('undef')) return undefined;
  const lines = text.split('\n');
  const active = activeLinesOf(ranges, lines.length);
  const out = new Map<string, number[]>();
  const stack: Branch[] = [];
  const record = (name: string, line: number) => {
    const list = out.get(name);
    if (list) list.push(line);
    else out.set(name, [line]);
  };
  // The branch's #undefs that it counts go to the enclosing branch, or are recorded at the top level.
  const close = (b: Branch, end: number) => {
    const compiled = active.subarray(b.start, end - 1).includes(1);
    for (const [name, line] of b.undefs) {
      if (!compiled && name !== b.guard) continue;
      if (stack.length) stack[stack.length - 1].undefs.push([name, line]);
      else record(name, line);
    }
  };
  for (let i = 0; i < lines.length; i++) {
    const m = DIRECTIVE.exec(lines[i]);
    // A directive's line is never compiled: a compiled line that reads like one is inside a comment or string.
    if (!m || active[i]) continue;
    const line = i + 1;
    const [, kind, rest] = m;
    if (kind === 'undef') {
      const name = /^[A-Za-z_$][\w$]*/.exec(rest)?.[0];
      if (!name) continue;
      if (stack.length) stack[stack.length - 1].undefs.push([name, line]);
      else record(name, line);
    } else if (kind === 'ifdef' || kind === 'if') {
      stack.push({ start: line, guard: guardName(kind, rest), undefs: [] });
    } else if (kind === 'ifndef') {
      stack.push({ start: line, guard: undefined, undefs: [] });
    } else if (stack.length) {
      const b = stack.pop()!;
      close(b, line);
      if (kind !== 'endif') stack.push({ start: line, guard: kind === 'elif' ? guardName('if', rest) : undefined, undefs: [] });
    }
  }
  return out.size ? out : undefined;
}

/** The name an `#ifdef NAME`, `#if defined(NAME)` or `#if defined NAME` tests; undefined for any other condition. */
function guardName(kind: string, rest: string): string | undefined {
  if (kind === 'ifdef') return /^[A-Za-z_$][\w$]*/.exec(rest)?.[0];
  const m = DEFINED_GUARD.exec(rest.trim());
  return m ? (m[1] ?? m[2]) : undefined;
}
