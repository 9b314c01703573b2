// The diagnostics of a unit's walk carried over an edit of its files (see carried-result.ts): those of files not edited
// stay, those of an edited file sit on a directive the edit kept and move to its new line. Leaves out (the unit is
// walked) a diagnostic of an edited file without a line, on a line no kept directive starts, or on a directive whose
// diagnostics are not decided by its text and the macros the walk read.
import type { Diagnostic } from '../model/diagnostic.js';
import type { DirectiveKind, FileSkeleton } from './file-skeleton.js';

/**
 * Directives whose diagnostics the walk makes again, at the same place in its steps, when the directive's text is the
 * same, the walk is live there and the macros it read hold (what a carried walk keeps): a missing header (its name
 * written or expanded from macros read), a computed #include that names none, #includes nested too deep (the same
 * depth); `#error` and `#warning` (their text); a #define or #undef in error (its text parsed); a conditional's
 * operand in error, an #if expression's errors (its text expanded by macros read; a walk reading `__LINE__` or
 * whose #if counts is not carried on such an edit). Not here: #else and #endif (structure problems, which no carried
 * edit has), #line (no carried edit has one), #pragma and others (no diagnostic of theirs is known).
 */
const CARRIED_KINDS: ReadonlySet<DirectiveKind> = new Set<DirectiveKind>([
  'include', 'include_next', 'import', 'error', 'warning', 'define', 'undef', 'if', 'ifdef', 'ifndef', 'elif', 'elifdef', 'elifndef',
]);

/** An edited file: its path and its content before. */
interface DiagnosedEdit {
  file: string;
  before: FileSkeleton;
}

/** Per skeleton, the kind of the directive starting at each line. */
const kindsByLine = new WeakMap<FileSkeleton, Map<number, DirectiveKind>>();

function kindAt(sk: FileSkeleton, line: number): DirectiveKind | undefined {
  let kinds = kindsByLine.get(sk);
  if (kinds === undefined) kindsByLine.set(sk, (kinds = new Map(sk.directives.map((d) => [d.line, d.kind]))));
  return kinds.get(line);
}

/**
 * `list` with each diagnostic of an edited file at the new line of its directive (`keptLines`: where the edit moved
 * each kept directive, line before → line after), the same array when none moved; null when one is not carried.
 */
export function movedDiagnostics<E extends DiagnosedEdit>(list: Diagnostic[], edits: readonly E[], keptLines: (e: E) => ReadonlyMap<number, number>): Diagnostic[] | null {
  let out: Diagnostic[] | undefined;
  for (let k = 0; k < list.length; k++) {
    const d = list[k];
    const e = edits.find((x) => x.file === d.file);
    if (e === undefined) continue;
    if (d.line === undefined) return null;
    const kind = kindAt(e.before, d.line);
    const line = kind !== undefined && CARRIED_KINDS.has(kind) ? keptLines(e).get(d.line) : undefined;
    if (line === undefined) return null;
    if (line === d.line) continue;
    out ??= list.slice();
    // The fields in Diagnostic's order, as the walk makes them (stored lists compare field by field).
    out[k] = { ...d, line };
  }
  return out ?? list;
}
