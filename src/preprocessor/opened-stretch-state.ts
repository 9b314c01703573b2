// Whether a stretch of code an edit opens right after an #include (a declaration added between two #includes) takes a
// mark of the names #undefs touched (see undef-marks.ts), and which: the walk marks it when the state there is not the
// one the file was last marked with. That state is found ahead of it: past the #includes that follow, up to the next
// code read, it holds at the start of the first of their headers read there and, when none is, at that code; so when
// every read of each of those headers starts in one state and that code is in it too, the stretch is in that state.
// Then it takes no mark when the file was last marked with it, else the mark the code after it had (which that code
// no longer takes). Leaves out (the unit is walked): a file read more than once with marks (read once: one start
// marked, a `#pragma once`, or an include guard it #defines first whose name no #undef touched), a conditional,
// #undef or #define of a name #undefs touched before the next code, an #include whose file is not known by its name
// alone. A stretch with no code after it to the file's end (a line appended below the last #include) is in the state
// after the directive above it: known when that is an #include of a header read wherever it is included (no guard,
// no `#pragma once`) that changes no such state, each of its reads starting in one state (see stateAfterInclude).
import type { DirectiveAlignment } from './directive-alignment.js';
import { linesAfterDirective, type Directive, type FileSkeleton } from './file-skeleton.js';
import type { UnitFileRead } from './unit-result.js';
import type { UndoneMarks } from './undone-names.js';

/** What a unit's previous walk says of one edited file: its marks, its index among the files read, and the names #undefs touched. */
export interface MarksOfFile {
  undone: UndoneMarks;
  files: readonly UnitFileRead[];
  index: number;
  touched: ReadonlySet<string>;
  /** The skeleton of a file the walk read, as it is now (undefined: not known). */
  skeletonOf?: (file: string) => FileSkeleton | undefined;
}

/**
 * What the walk marks at an opened stretch: nothing, the mark the code after it had moved up to it (old line, new
 * line), or a mark no code had (new line, state index).
 */
export type OpenedMark = 'none' | { from: number; to: number } | { line: number; state: number };

/**
 * What the walk marks at the stretch opened after new directive `j` (kept; -1: the file's start), or undefined when
 * that is not known: see above. `before` is the file the walk read, `after` the edited one, `al` their alignment.
 */
export function openedMark(m: MarksOfFile, before: FileSkeleton, after: FileSkeleton, al: DirectiveAlignment, j: number): OpenedMark | undefined {
  const o = j < 0 ? -1 : al.oldOf[j];
  if (j >= 0 && o < 0) return undefined;
  const reads = readsOf(m.undone, m.index, readOnce(before, m.touched));
  if (reads === undefined) return undefined;
  const ahead = new Set<number>();
  let code: number | undefined;
  const dirs = before.directives;
  for (let i = o + 1; code === undefined; i++) {
    const [from, to] = linesAfterDirective(before, i - 1);
    if (from <= to) code = from;
    else if (i >= dirs.length) return endOfFileMark(m, before, o, reads, linesAfterDirective(after, j)[0]);
    else if (isInclude(dirs[i])) {
      const k = fileOf(dirs[i], m.files);
      if (k === undefined) return undefined;
      for (const s of readStarts(m.undone, k)) ahead.add(s);
    } else if (!quietAhead(dirs[i], m.touched)) return undefined;
  }
  const state = stateAt(reads[0], code);
  for (const s of ahead) if (s !== state) return undefined;
  // The state last marked before the stretch, in each read of the file.
  const at = o < 0 ? 0 : dirs[o].line;
  if (reads.every((marks) => stateAt(marks, at) === state && stateAt(marks, code) === state)) return 'none';
  // Read once: the code after it had a mark of that state, the walk puts it at the stretch.
  if (reads.length !== 1 || !hasMark(reads[0], code)) return undefined;
  return { from: code, to: linesAfterDirective(after, j)[0] };
}

/**
 * What the walk marks at a stretch with no code after it to the file's end, opened after old directive `o` (its new
 * first line `line`), when the state after `o` is known (see stateAfterInclude): nothing when each read of the file
 * was last marked with it before `o`, else, when the file was read once and is in no run (see UndoneMarks.runs), a
 * new mark of that state at the stretch. Undefined otherwise.
 */
function endOfFileMark(m: MarksOfFile, before: FileSkeleton, o: number, reads: number[][], line: number): OpenedMark | undefined {
  const state = o < 0 ? undefined : stateAfterInclude(m, before.directives[o]);
  if (state === undefined) return undefined;
  const at = before.directives[o].line;
  if (reads.every((marks) => stateAt(marks, at) === state)) return 'none';
  // No marks: one read only when the file is read once (several reads in no state leave none either).
  const once = marksOf(m.undone, m.index).length > 0 || readOnce(before, m.touched);
  return reads.length === 1 && once && runState(m.undone, m.index) === undefined ? { line, state } : undefined;
}

/**
 * Marks with the new ones added (file index -> line -> state index): each after its file's marks at lines above it,
 * after a start mark in no state when the file had none (as the walk marks a file's first range in a state).
 */
export function withAddedMarks(marks: readonly number[], adds: ReadonlyMap<number, ReadonlyMap<number, number>>): number[] {
  const out = marks.slice();
  for (const [k, lines] of adds) {
    for (const [line, state] of [...lines].sort((a, b) => a[0] - b[0])) {
      let at = 0;
      let own = false;
      while (at < out.length && (out[at] < k || (out[at] === k && out[at + 1] < line))) {
        own ||= out[at] === k;
        at += 3;
      }
      own ||= out[at] === k;
      out.splice(at, 0, ...(own ? [] : [k, 0, 0]), k, line, state);
    }
  }
  return out;
}

/** The state of the run file `k` is in (read once from its start in that state, with no other mark), if any. */
function runState(u: UndoneMarks, k: number): number | undefined {
  const runs = u.runs ?? [];
  for (let p = 0; p < runs.length; p += 3) if (k >= runs[p] && k <= runs[p + 1]) return runs[p + 2];
  return undefined;
}

/**
 * The state after an #include of a header that every #include of it reads (no include guard, no `#pragma once`)
 * and whose directives change no state of the names #undefs touched (conditionals, #defines of other names, #error,
 * #warning, #pragmas other than push_macro / pop_macro: no #include, no #undef), unchanged since the walk: the state
 * its reads start in, when they all start in one. Undefined otherwise.
 */
function stateAfterInclude(m: MarksOfFile, d: Directive): number | undefined {
  if (!isInclude(d)) return undefined;
  const k = fileOf(d, m.files);
  const sk = k === undefined ? undefined : m.skeletonOf?.(m.files[k].file);
  if (k === undefined || sk === undefined || sk.hash !== m.files[k].hash || sk.guard !== undefined || sk.pragmaOnce) return undefined;
  if (!sk.directives.every((x) => isConditional(x) || quietAhead(x, m.touched))) return undefined;
  const starts = readStarts(m.undone, k);
  return starts.every((s) => s === starts[0]) ? starts[0] : undefined;
}

const isConditional = (d: Directive): boolean =>
  d.kind === 'if' || d.kind === 'ifdef' || d.kind === 'ifndef' || d.kind === 'elif' || d.kind === 'elifdef' || d.kind === 'elifndef' || d.kind === 'else' || d.kind === 'endif';

const isInclude = (d: Directive): boolean => d.kind === 'include' || d.kind === 'include_next' || d.kind === 'import';

/** A directive that changes no state of the names #undefs touched, nor where the walk goes next: a #define of another name, #error, #warning, a #pragma other than push_macro / pop_macro. */
function quietAhead(d: Directive, touched: ReadonlySet<string>): boolean {
  switch (d.kind) {
    case 'define':
      return d.macro !== undefined && !touched.has(d.macro.name);
    case 'error':
    case 'warning':
    case 'pragma_once':
      return true;
    case 'pragma':
      return !/^(push_macro|pop_macro)\b/.test(d.rest);
    default:
      return false;
  }
}

/**
 * The index of the file an #include names, when one file read ends with its name (a literal name of plain folder
 * steps: the resolver joins it to a folder, so the file it found ends with it) and no other does.
 */
function fileOf(d: Directive, files: readonly UnitFileRead[]): number | undefined {
  const name = d.header?.name;
  if (name === undefined || name.startsWith('/') || name.split('/').some((step) => step === '' || step === '.' || step === '..')) return undefined;
  const tail = `/${name}`;
  let found: number | undefined;
  for (let k = 0; k < files.length; k++) {
    if (!files[k].file.endsWith(tail)) continue;
    if (found !== undefined) return undefined;
    found = k;
  }
  return found;
}

/**
 * The file's marks per read ([line, state] pairs, line 0 first): one read when it was read once (`once`, a run, or one
 * start marked in a state other than none, which no earlier read in that state can hide), or [[0, 0]] when it has none
 * (every read in no state). Undefined when it may have been read more than once with marks.
 */
function readsOf(u: UndoneMarks, k: number, once: boolean): number[][] | undefined {
  const run = runState(u, k);
  if (run !== undefined) return [[0, run]];
  const marks = marksOf(u, k);
  if (marks.length === 0) return [[0, 0]];
  let starts = 0;
  for (let j = 0; j < marks.length; j += 2) if (marks[j] === 0) starts++;
  return starts === 1 && (once || marks[1] !== 0) ? [marks] : undefined;
}

/**
 * Whether a file is read at most once in a walk: a `#pragma once` (the walk reads no file again once it saw one in
 * it), or an include guard whose name it #defines first, which no #undef touched (read again, the name would have
 * been undefined since: the read would start in a state naming it).
 */
function readOnce(sk: FileSkeleton, touched: ReadonlySet<string>): boolean {
  if (sk.pragmaOnce) return true;
  const d = sk.directives[1];
  return sk.guard !== undefined && !touched.has(sk.guard) && d !== undefined && d.kind === 'define' && d.macro?.name === sk.guard;
}

/** Whether a read's marks have one at `line`. */
function hasMark(marks: number[], line: number): boolean {
  for (let j = 2; j < marks.length; j += 2) if (marks[j] === line) return true;
  return false;
}

/** The states the reads of file `k` start in (none: state 0). */
function readStarts(u: UndoneMarks, k: number): number[] {
  const run = runState(u, k);
  if (run !== undefined) return [run];
  const marks = marksOf(u, k);
  if (marks.length === 0) return [0];
  const out: number[] = [];
  for (let j = 0; j < marks.length; j += 2) if (marks[j] === 0) out.push(marks[j + 1]);
  return out;
}

/** File `k`'s [line, state] pairs in walk order. */
function marksOf(u: UndoneMarks, k: number): number[] {
  const out: number[] = [];
  const m = u.marks;
  for (let j = 0; j < m.length; j += 3) if (m[j] === k) out.push(m[j + 1], m[j + 2]);
  return out;
}

/** The state of a read's last mark at or before `line`. */
function stateAt(marks: number[], line: number): number {
  let state = marks[1];
  for (let j = 2; j < marks.length && marks[j] <= line; j += 2) state = marks[j + 1];
  return state;
}
