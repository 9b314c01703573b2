// A unit whose only changed inputs are files edited without adding, removing or changing a directive (a
// function body edited, lines added or removed between directives, code appended after the last one) — its
// source, a header it reads, or several: a walk would take every step of the previous one, at moved lines, so
// the previous result is carried over with each edited file's view moved to the new lines and its new hash.
// Leaves out every other edit (the unit is walked): a directive changed, added or removed, a structure
// problem, diagnostics, `#line`, a walk that read `__LINE__`, lines added where no line was before (between
// two adjacent directives, whose activity the view does not say).
import type { Directive, FileSkeleton } from './file-skeleton.js';
import type { FileView, UnitResult } from './unit-result.js';

/** True when two skeletons hold the same directives in the same order, each as many lines long (lines may have moved). */
export function sameDirectives(a: FileSkeleton, b: FileSkeleton): boolean {
  if (a.directives.length !== b.directives.length || a.guard !== b.guard || a.pragmaOnce !== b.pragmaOnce) return false;
  if (a.problems.length || b.problems.length) return false;
  for (let i = 0; i < a.directives.length; i++) {
    const x = a.directives[i];
    const y = b.directives[i];
    if (x.kind !== y.kind || x.endLine - x.line !== y.endLine - y.line || x.rest !== y.rest) return false;
  }
  return true;
}

/** A file of a unit edited since its previous result: the skeletons of the content read then and now, and the new hash. */
export interface EditedFile {
  file: string;
  before: FileSkeleton;
  after: FileSkeleton;
  hash: string;
}

/**
 * The previous result of a unit whose `edited` files changed between directives only, or undefined when that
 * does not hold. The caller has checked that every other input of `old` (the macros it tested, the other files'
 * contents) is unchanged.
 */
export function carriedResult(old: UnitResult, edited: EditedFile[]): UnitResult | undefined {
  if (old.diagnostics.length || old.tested.some(([name]) => name === '__LINE__')) return undefined;
  const files = old.files.slice();
  for (const { file, before, after, hash } of edited) {
    if (!sameDirectives(before, after) || before.directives.some((d) => d.kind === 'line')) return undefined;
    const at = files.findIndex((f) => f.file === file);
    if (at < 0 || files[at].view.lines !== before.lineCount) return undefined;
    const moved = movedView(files[at].view, before, after);
    if (!moved) return undefined;
    files[at] = { file, hash, view: moved };
  }
  return { ...old, files };
}

/** A stretch of lines of the old file and where it is in the new one (as many lines, for a directive). */
interface Segment {
  from: number;
  to: number;
  newFrom: number;
  newTo: number;
  directive: boolean;
}

/** Directives and the gaps around them, in order, in the old and the new file. */
function segmentsOf(before: FileSkeleton, after: FileSkeleton): Segment[] {
  const out: Segment[] = [];
  let prev = 0;
  let newPrev = 0;
  const gap = (to: number, newTo: number) => out.push({ from: prev + 1, to, newFrom: newPrev + 1, newTo, directive: false });
  before.directives.forEach((d: Directive, i) => {
    const n = after.directives[i];
    gap(d.line - 1, n.line - 1);
    out.push({ from: d.line, to: d.endLine, newFrom: n.line, newTo: n.endLine, directive: true });
    prev = d.endLine;
    newPrev = n.endLine;
  });
  gap(before.lineCount, after.lineCount);
  return out;
}

/** Number of lines of [from, to] inside the sorted, merged ranges. */
function activeCount(ranges: number[], from: number, to: number): number {
  let n = 0;
  for (let k = 0; k < ranges.length && ranges[k] <= to; k += 2) {
    const a = Math.max(ranges[k], from);
    const b = Math.min(ranges[k + 1], to);
    if (b >= a) n += b - a + 1;
  }
  return n;
}

/**
 * Active ranges at the new lines: a gap between directives is all active or all inactive (nothing in it
 * changes the state), so it keeps its state at its new length. A gap that was empty and is not any more has
 * the state only a walk knows — except before the first and after the last directive, where the file is at top
 * level (no structure problem) and every line is active. Gaps are apart (a directive between), so each active
 * one is a range of its own.
 */
function movedRanges(ranges: number[], segments: Segment[]): number[] | undefined {
  const out: number[] = [];
  for (let s = 0; s < segments.length; s++) {
    const g = segments[s];
    if (g.directive) {
      // The walk's ranges run between directives (unit-walker.ts): a directive line is never active.
      if (activeCount(ranges, g.from, g.to) !== 0) return undefined;
      continue;
    }
    const oldLen = g.to - g.from + 1;
    const newLen = g.newTo - g.newFrom + 1;
    const topLevel = s === 0 || s === segments.length - 1;
    const active = oldLen > 0 ? activeCount(ranges, g.from, g.to) : 0;
    if (oldLen > 0 && active !== 0 && active !== oldLen) return undefined;
    if (oldLen > 0 && topLevel && active === 0) return undefined;
    if (oldLen <= 0 && newLen > 0 && !topLevel) return undefined;
    if (newLen > 0 && (active > 0 || topLevel)) out.push(g.newFrom, g.newTo);
  }
  return out;
}

/** The view at the new lines: ranges moved, and the #if heads and #defines it names at their directives' new lines. */
function movedView(view: FileView, before: FileSkeleton, after: FileSkeleton): FileView | undefined {
  const ranges = movedRanges(view.ranges, segmentsOf(before, after));
  if (!ranges) return undefined;
  const lineOf = new Map<number, number>();
  before.directives.forEach((d, i) => lineOf.set(d.line, after.directives[i].line));
  const move = (lines: number[] | undefined): number[] | undefined | null => {
    if (!lines) return undefined;
    const out = lines.map((l) => lineOf.get(l));
    return out.every((l): l is number => l !== undefined) ? out : null;
  };
  const evaluated = move(view.evaluated);
  const taken = move(view.taken);
  const defines = view.defines.slice();
  for (let k = 0; k < defines.length; k += 2) {
    const line = lineOf.get(defines[k] as number);
    if (line === undefined) return undefined;
    defines[k] = line;
  }
  if (evaluated === null || taken === null) return undefined;
  const moved: FileView = { ...view, lines: after.lineCount, ranges, defines };
  if (evaluated) moved.evaluated = evaluated;
  if (taken) moved.taken = taken;
  return moved;
}
