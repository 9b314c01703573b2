// A file's views grouped by the #defines they reached (its define classes): where a file's #define is in effect.
// A #define applies to the file's own text only in the lines of the views that reached it (not in the `#else` of
// the `#ifdef` it sits in, which other units read), and another file sees those a unit reading it first reached.
import { sha1 } from '../model/sha1.js';
import { defineLine, mergeRanges, type DefineValues, type FileView } from '../preprocessor/unit-result.js';

/** Per class a lane of numbers (see pathLanes): summed into digests of what a file sees. */
export const LANES = 4;

/** Views of a file that reached the same #defines. */
export interface DefineClass {
  /** The #defines reached (of the first view). */
  readonly defines: DefineValues;
  /** Whether they are every #define of the file (see FileView.allDefines). */
  readonly allDefines?: true;
  /** Its number among a build's classes that define something another file may see (-1: none). */
  id: number;
  readonly views: FileView[];
}

/** A file's classes, made as its views come in (one after another mostly: the last one's class is kept). */
export class FileClasses {
  readonly classes: DefineClass[] = [];
  private lastView: FileView | undefined;
  private lastClass: DefineClass | undefined;
  private byView: Map<FileView, DefineClass> | undefined;

  /** The class of a view of the file. */
  of(view: FileView): DefineClass {
    if (view === this.lastView) return this.lastClass!;
    let c = this.byView?.get(view);
    if (c === undefined) {
      c = this.classes.find((k) => sameLines(k.defines, view.defines));
      if (c === undefined) this.classes.push((c = { defines: view.defines, ...(view.allDefines ? { allDefines: true as const } : {}), id: -1, views: [] }));
      c.views.push(view);
      if (this.lastView !== undefined) (this.byView ??= new Map([[this.lastView, this.lastClass!]])).set(view, c);
    }
    this.lastView = view;
    this.lastClass = c;
    return c;
  }

  /**
   * Per class, the lines its views compile and those of the #defines they reached, when the file has several classes:
   * a #define of the file applies where a class that reached it compiles. Undefined when one class has them all.
   */
  lines(): ClassLines[] | undefined {
    if (this.classes.length < 2) return undefined;
    return this.classes.map((c) => ({ ranges: c.views.length === 1 ? c.views[0].ranges : mergeRanges(c.views.flatMap((v) => v.ranges)), defines: sortedLines(c.defines) }));
  }
}

/** Of a class: the lines its views compile (sorted, merged pairs; no directive lines) and those of its #defines (ascending). */
export interface ClassLines {
  readonly ranges: readonly number[];
  readonly defines: Int32Array;
}

function sortedLines(defines: DefineValues): Int32Array {
  const out = new Int32Array(defines.length / 2);
  for (let k = 0; k < out.length; k++) out[k] = defineLine(defines, k);
  return out.sort();
}

/** Whether a class reached the #define at `line`. */
export function reached(c: ClassLines, line: number): boolean {
  const d = c.defines;
  let lo = 0;
  let hi = d.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (d[mid] < line) lo = mid + 1;
    else hi = mid;
  }
  return lo < d.length && d[lo] === line;
}

/** Whether two views reached #defines at the same lines, in the same order. */
function sameLines(a: DefineValues, b: DefineValues): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k += 2) if (a[k] !== b[k]) return false;
  return true;
}

/** Whether `line` lies in one of the sorted pairs `ranges`. */
export function inRanges(ranges: readonly number[], line: number): boolean {
  let lo = 0;
  let hi = ranges.length >>> 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ranges[2 * mid + 1] < line) lo = mid + 1;
    else hi = mid;
  }
  return lo < ranges.length >>> 1 && ranges[2 * lo] <= line;
}

/** Of a file with several classes (see FileClasses.lines): whether its #define at `defLine` applies at `line`. */
export function classesSee(classes: readonly ClassLines[], line: number, defLine: number): boolean {
  for (const c of classes) if (reached(c, defLine) && inRanges(c.ranges, line)) return true;
  return false;
}

/** A digest of a file's classes (part of its stored parse's key). */
export function classesDigest(classes: readonly ClassLines[]): string {
  return sha1(classes.map((c) => `${c.ranges.join(',')}/${c.defines.join(',')}`).sort().join(';'));
}

/** Mixes a number into a lane's value (the finalizer of MurmurHash3). */
function mix(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/**
 * The lanes of a class, written at `at` of `out`: of its path, and of the lines of the #defines reached unless they
 * were all the file's (`view.allDefines`). A class's name so depends on the file and its views alone, not on which
 * units a run reads; and one reaching every #define keeps its name when a #define is added that it reaches too
 * (what the new macro changes for its users is the macro table's to tell).
 */
export function classLanes(file: string, view: Pick<FileView, 'defines' | 'allDefines'>, out: Uint32Array, at: number): void {
  const h = sha1(file);
  for (let l = 0; l < LANES; l++) out[at + l] = parseInt(h.slice(8 * l, 8 * l + 8), 16);
  if (view.allDefines) return;
  const defines = view.defines;
  for (let k = 0; k < defines.length / 2; k++) {
    const line = defineLine(defines, k);
    for (let l = 0; l < LANES; l++) out[at + l] += mix(line + Math.imul(l + 1, 0x9e3779b9));
  }
}
