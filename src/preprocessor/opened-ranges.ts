// Where an edit opens a stretch of code the previous walk had none at (a line added between two directives): the walk
// marks the state of the names #undefs touched, and the value of `__COUNTER__`, at the first range read after they
// change (see undef-marks.ts), so such a range may take a mark the previous result does not show. Safe when no
// directive between it and the code read before it whenever it is read can change them, or when the state the code
// after it is read in says so (see opened-stretch-state.ts); else the unit is walked. A stretch a removed #define or
// #undef joined to the directive above it (`#include`, `#define X` removed, code) is no new one: it keeps its state.
import type { DirectiveAlignment } from './directive-alignment.js';
import { linesAfterDirective, type Directive, type FileSkeleton } from './file-skeleton.js';

/**
 * The line the walk's range starts at after directive `j` of the new file (-1: the file's start): the first line of
 * code before the next directive kept, past the directives added there (`#define A` added right after an #include:
 * the range, and a mark at its start, begins below it). Undefined when the added directives took every line.
 */
export function codeStartAfter(sk: FileSkeleton, al: DirectiveAlignment, j: number): number | undefined {
  for (let k = j; ; k++) {
    const [from, to] = linesAfterDirective(sk, k);
    if (from <= to) return from;
    if (k + 1 >= sk.directives.length || al.oldOf[k + 1] >= 0) return undefined;
  }
}

/**
 * Where the stretch of code after old directive `b` (-1: the file's start) starts in the new file, when the walk reads
 * it there in the same state: after a kept directive, past the directives added right after it (see codeStartAfter);
 * after a removed one, at the stretch after the nearest kept directive before it when only removed directives, with
 * no code between, stand between them (the removed #defines are of names no #undef touched and the removed #undefs
 * change nothing, or the carry-over walks the unit: see carried-result.ts; so the state there is the same).
 * Undefined otherwise (the stretch is empty, or joins code above it).
 */
export function stretchStartAfter(before: FileSkeleton, after: FileSkeleton, al: DirectiveAlignment, b: number): number | undefined {
  const [from, to] = linesAfterDirective(before, b);
  if (from > to) return undefined;
  let k = b;
  while (k >= 0 && al.newOf[k] < 0) {
    k--;
    const [f, t] = linesAfterDirective(before, k);
    if (f <= t) return undefined;
  }
  return codeStartAfter(after, al, k < 0 ? -1 : al.newOf[k]);
}

/**
 * The stretches of code of the new file that start where no range of the previous walk moved to: for each, the index
 * of the directive before it (-1: the file's start). Made once per alignment; most edits open none.
 */
export function openedStretches(before: FileSkeleton, after: FileSkeleton, al: DirectiveAlignment): number[] {
  const moved = new Set<number>();
  for (let b = -1; b < before.directives.length; b++) {
    const start = stretchStartAfter(before, after, al, b);
    if (start !== undefined) moved.add(start);
  }
  const out: number[] = [];
  for (let j = -1; j < after.directives.length; j++) {
    const [from, to] = linesAfterDirective(after, j);
    if (from <= to && !moved.has(from)) out.push(j);
  }
  return out;
}

/**
 * Whether one of the opened stretches (see openedStretches) may take a mark: one in a slot some inclusion walked
 * (or not known), with a directive that may change the marked state (an #include, an #undef kept, a #define of a
 * name in `touched`, `#pragma push_macro` / `pop_macro`) between it and the code read before it whenever it is, or
 * the file's start, unless `unmarked` says the stretch takes no mark (see opened-stretch-state.ts). `live`: the slots'
 * liveness under the walk.
 */
export function opensMarkedRange(
  opened: readonly number[],
  after: FileSkeleton,
  al: DirectiveAlignment,
  live: readonly (boolean | undefined)[],
  touched: ReadonlySet<string>,
  unmarked?: (j: number) => boolean,
): boolean {
  const lastSlot = al.depth.length - 1;
  for (const j of opened) {
    const slot = j + 1 < after.directives.length ? al.newSlot[j + 1] : lastSlot;
    if (live[slot] === false) continue;
    if (live[slot] === undefined || (!quietBefore(after, al, j, touched) && !unmarked?.(j))) return true;
  }
  return false;
}

/**
 * Whether no directive from `j` back to the nearest code read whenever the stretch after `j` is (before it in the
 * same branch or an enclosing one, not in an earlier branch of its group nor inside a group closed before it) or to
 * the file's start may change the marked state: then the state at the stretch is the one marked last.
 */
function quietBefore(sk: FileSkeleton, al: DirectiveAlignment, j: number, touched: ReadonlySet<string>): boolean {
  const dirs = sk.directives;
  // Groups closed between (entered backwards), and whether the walk is in an earlier branch of the stretch's group.
  let closed = 0;
  let earlier = false;
  for (let k = j; k >= 0; k--) {
    const d = dirs[k];
    if (!quiet(d, al.oldOf[k] < 0, touched)) return false;
    if (d.kind === 'endif') closed++;
    else if (d.kind === 'if' || d.kind === 'ifdef' || d.kind === 'ifndef') {
      if (closed > 0) closed--;
      else earlier = false;
    } else if (closed === 0 && (d.kind === 'else' || d.kind === 'elif' || d.kind === 'elifdef' || d.kind === 'elifndef')) earlier = true;
    const [from, to] = linesAfterDirective(sk, k - 1);
    if (from <= to && closed === 0 && !earlier) return true;
  }
  return true;
}

/**
 * A directive that changes no marked state: a conditional, a #define of a name no #undef touched, an #undef the edit
 * added that the caller found to change nothing (see undef-edits.ts), #error, #warning, a #pragma other than
 * push_macro / pop_macro.
 */
function quiet(d: Directive, added: boolean, touched: ReadonlySet<string>): boolean {
  switch (d.kind) {
    case 'if':
    case 'ifdef':
    case 'ifndef':
    case 'elif':
    case 'elifdef':
    case 'elifndef':
    case 'else':
    case 'endif':
    case 'error':
    case 'warning':
    case 'pragma_once':
      return true;
    case 'define':
      return d.macro !== undefined && !touched.has(d.macro.name);
    case 'undef':
      return added;
    case 'pragma':
      return !/^(push_macro|pop_macro)\b/.test(d.rest);
    default:
      return false;
  }
}
