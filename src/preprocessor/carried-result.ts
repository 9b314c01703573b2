// A unit whose only changed input is its own source, edited without adding, removing, changing or moving a
// directive (a function body edited, code appended after the last directive): a walk would take every step
// of the previous one, so the previous result is carried over with the source's new hash and line count.
// Leaves out every other edit (the unit is walked): a directive line moved, a structure problem, diagnostics.
import type { FileSkeleton } from './file-skeleton.js';
import type { UnitResult } from './unit-result.js';

/** True when two skeletons hold the same directives at the same lines: the walk decides nothing differently. */
export function sameDirectives(a: FileSkeleton, b: FileSkeleton): boolean {
  if (a.directives.length !== b.directives.length || a.guard !== b.guard || a.pragmaOnce !== b.pragmaOnce) return false;
  if (a.problems.length || b.problems.length) return false;
  for (let i = 0; i < a.directives.length; i++) {
    const x = a.directives[i];
    const y = b.directives[i];
    if (x.kind !== y.kind || x.line !== y.line || x.endLine !== y.endLine || x.rest !== y.rest) return false;
  }
  return true;
}

/**
 * The previous result of a unit with its source (`unitFile`: `before` is the skeleton of the content `old` read,
 * `after` that of the content now, whose hash is `hash`) edited between directives only, or undefined when that
 * does not hold. The caller has checked that every other input of `old` (the macros it tested, the other files'
 * contents) is unchanged.
 *
 * The source's view keeps its ranges up to its last directive; after it, the file is at top level in every
 * visit (no structure problem), so its lines are active from the line after the last directive to the end:
 * that range is the one that follows the new length. Verified on the old view before it is moved.
 */
export function carriedResult(old: UnitResult, unitFile: string, before: FileSkeleton, after: FileSkeleton, hash: string): UnitResult | undefined {
  if (old.diagnostics.length || !sameDirectives(before, after)) return undefined;
  const at = old.files.findIndex((f) => f.file === unitFile);
  if (at < 0) return undefined;
  const view = old.files[at].view;
  if (view.lines !== before.lineCount) return undefined;
  const last = before.directives.length ? before.directives[before.directives.length - 1].endLine : 0;
  let head = view.ranges;
  if (before.lineCount > last) {
    const n = head.length;
    if (n < 2 || head[n - 2] !== last + 1 || head[n - 1] !== before.lineCount) return undefined;
    head = head.slice(0, n - 2);
  } else if (head.length && head[head.length - 1] > last) return undefined;
  const ranges = after.lineCount > last ? [...head, last + 1, after.lineCount] : head;
  const files = old.files.slice();
  files[at] = { file: unitFile, hash, view: { ...view, lines: after.lineCount, ranges } };
  return { ...old, files };
}
