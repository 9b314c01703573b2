// Which #undefs an edit of a header added or removed leave a unit's walk step for step as it was, so that its previous
// result, marks included, is carried over (see carried-result.ts): one in a stretch the walk never reached (a branch no
// inclusion of the file took), and one executed where its name is followed as undefined already in every read of the
// file (an earlier #undef of it and no #define since: undef-marks.ts changes nothing, and the macros hold no definition
// of it to drop), whether the walk read the name or not. What an executed #undef leaves in a result: its name dropped
// from the macros (what later #ifs read, and the values of the #defines reached, taken from the unit's last macros), a
// new state of the names #undefs touched, marked at the read of every file after it and at the next range of each file
// being read (UnitResult.undone, see undone-names.ts), and in the unit's own file which of its #defines later headers
// see (UnitResult.unseen). Leaves out every other #undef (the unit is walked): one that starts following a name, read
// or not, changes the state marked after it, and the result does not record which reads come after it (files are listed
// in first-read order; a header read again, as stddef.h is, and the rest of each file that included the header are not
// placed); one that ends a definition changes the macros too; and one of the unit's own file.
import type { DirectiveAlignment } from './directive-alignment.js';
import { linesAfterDirective, type Directive, type FileSkeleton } from './file-skeleton.js';
import type { UndoneMarks } from './undone-names.js';

/** An #undef the edit removed (`removed`: its index before) or added (its index after). */
export interface ChangedUndef {
  name: string;
  removed: boolean;
  index: number;
}

/** The #undefs an aligned edit removed, rewrote or added (a rewritten one is removed and added). */
export function changedUndefs(before: FileSkeleton, after: FileSkeleton, al: DirectiveAlignment): ChangedUndef[] {
  const out: ChangedUndef[] = [];
  before.directives.forEach((d, i) => {
    if (d.kind === 'undef' && al.newOf[i] < 0) out.push({ name: d.name!, removed: true, index: i });
  });
  after.directives.forEach((d, j) => {
    if (d.kind === 'undef' && al.oldOf[j] < 0) out.push({ name: d.name!, removed: false, index: j });
  });
  return out;
}

/** The names the edit changed in #defines (added, removed, rewritten). */
export function changedDefines(before: FileSkeleton, after: FileSkeleton, al: DirectiveAlignment): Set<string> {
  const out = new Set<string>();
  before.directives.forEach((d, i) => {
    if (d.kind === 'define' && al.newOf[i] < 0 && d.macro) out.add(d.macro.name);
  });
  after.directives.forEach((d, j) => {
    if (d.kind === 'define' && al.oldOf[j] < 0 && d.macro) out.add(d.macro.name);
  });
  return out;
}

/** What a unit's previous walk says of one edited file: its index in the result, its active ranges and slot liveness. */
export interface WalkOfFile {
  index: number;
  ranges: number[];
  /** Per slot (see directive-alignment.ts): live in some inclusion, in none, or not known. */
  live: readonly (boolean | undefined)[];
  undone: UndoneMarks | undefined;
}

/**
 * Whether the walk of the edited file, the #undef `c` added or removed, takes the same steps with the same macros and
 * marks. `once`: no other #define or #undef of the name changed in the edit (then the walks before and after differ
 * in that name by this #undef only, and the previous walk's marks say the name's state where it stands).
 */
export function undefKeepsWalk(c: ChangedUndef, before: FileSkeleton, al: DirectiveAlignment, walk: WalkOfFile, once: boolean): boolean {
  const slot = c.removed ? al.oldSlot[c.index] : al.newSlot[c.index];
  const live = walk.live[slot];
  if (live === false) return true;
  if (live !== true || !once || walk.undone === undefined) return false;
  // Where it stands before the edit: after the last directive kept ahead of it (removed: the one before it).
  let last = c.index - 1;
  if (!c.removed) {
    while (last >= 0 && al.oldOf[last] < 0) last--;
    last = last < 0 ? -1 : al.oldOf[last];
  }
  const at = stateLine(before, al, last, c.name);
  if (at === undefined) return false;
  if (at === KEPT_UNDEF) return true;
  return activeCount(walk.ranges, at.from, at.to) === at.to - at.from + 1 && undefinedInEveryRead(walk.undone, walk.index, at.from, c.name);
}

/** A kept #undef of the name stands just before (no code line between): the name is undefined there. */
const KEPT_UNDEF = 0;

/**
 * The nearest stretch of code lines before the place after old directive `last` (-1: the file's start), in the same
 * slot and past no directive setting `name`: the name's state there is its state at the place. KEPT_UNDEF when a
 * kept #undef of the name comes first; undefined when the slot starts first or a #define of the name comes between.
 */
function stateLine(sk: FileSkeleton, al: DirectiveAlignment, last: number, name: string): { from: number; to: number } | typeof KEPT_UNDEF | undefined {
  const dirs = sk.directives;
  for (let b = last; ; b--) {
    const [from, to] = linesAfterDirective(sk, b);
    if (from <= to) return { from, to };
    if (b < 0) return undefined;
    const d = dirs[b];
    if (d.kind !== 'define' && d.kind !== 'undef') return undefined;
    if (nameOf(d) === name) return d.kind === 'undef' && !d.error && al.newOf[b] >= 0 ? KEPT_UNDEF : undefined;
  }
}

const nameOf = (d: Directive): string | undefined => (d.kind === 'define' ? d.macro?.name : d.name);

/**
 * Whether every read of file `k` in the marks has the name followed as undefined at line `line` (the start of a
 * stretch of code: a mark at or before it in the read says its state). False when the file has no marks.
 */
function undefinedInEveryRead(u: UndoneMarks, k: number, line: number, name: string): boolean {
  const runs = u.runs ?? [];
  for (let p = 0; p < runs.length; p += 3) if (k >= runs[p] && k <= runs[p + 1]) return u.states[runs[p + 2]].includes(name);
  const m = u.marks;
  let any = false;
  let state = -1;
  for (let j = 0; j <= m.length; j += 3) {
    const mine = j < m.length && m[j] === k;
    // A read ends where the next starts (line 0) or the file's marks end.
    if (state >= 0 && (!mine || m[j + 1] === 0)) {
      if (!u.states[state].includes(name)) return false;
      state = -1;
    }
    if (!mine) {
      if (any) break;
      continue;
    }
    any = true;
    if (m[j + 1] <= line) state = m[j + 2];
  }
  return any;
}

/** Number of lines of [from, to] inside the sorted, merged ranges. */
export function activeCount(ranges: number[], from: number, to: number): number {
  let n = 0;
  for (let k = 0; k < ranges.length && ranges[k] <= to; k += 2) {
    const a = Math.max(ranges[k], from);
    const b = Math.min(ranges[k + 1], to);
    if (b >= a) n += b - a + 1;
  }
  return n;
}
