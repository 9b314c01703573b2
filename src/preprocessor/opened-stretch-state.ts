// Whether a stretch of code an edit opens right after an #include (a declaration added between two #includes) takes no
// mark of the names #undefs touched (see undef-marks.ts): it does not when the state there is the one the file was last
// marked with. That state is found ahead of it: past the #includes that follow, up to the next code read, it holds at
// the start of the first of their headers read there and, when none is, at that code; so when every read of each of
// those headers starts in one state, that code is in it too, and the file was marked with it last, the walk marks
// nothing there. Leaves out (the unit is walked): a file read more than once with marks, a conditional, #undef or
// #define of a name #undefs touched before the next code, an #include whose file is not known by its name alone.
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
}

/**
 * Whether the stretch opened after new directive `j` (kept) takes no mark in the walk: see above. `before` is the file
 * the walk read, `al` the edit's alignment.
 */
export function opensUnmarked(m: MarksOfFile, before: FileSkeleton, al: DirectiveAlignment, j: number): boolean {
  const o = j < 0 ? -1 : al.oldOf[j];
  if (j >= 0 && o < 0) return false;
  const reads = readsOf(m.undone, m.index);
  if (reads === undefined) return false;
  const ahead = new Set<number>();
  let code: number | undefined;
  const dirs = before.directives;
  for (let i = o + 1; code === undefined; i++) {
    const [from, to] = linesAfterDirective(before, i - 1);
    if (from <= to) code = from;
    else if (i >= dirs.length) return false;
    else if (isInclude(dirs[i])) {
      const k = fileOf(dirs[i], m.files);
      if (k === undefined) return false;
      for (const s of readStarts(m.undone, k)) ahead.add(s);
    } else if (!quietAhead(dirs[i], m.touched)) return false;
  }
  // In each read of the file: the state last marked before the stretch, and the one at the code after it.
  const at = o < 0 ? 0 : dirs[o].line;
  for (const marks of reads) {
    const last = stateAt(marks, at);
    if (stateAt(marks, code) !== last) return false;
    for (const s of ahead) if (s !== last) return false;
  }
  return true;
}

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
 * The file's marks per read ([line, state] pairs, line 0 first): one read when it was read once (a run, or one start
 * marked in a state other than none, which no earlier read in that state can hide), or [[0, 0]] when it has none (every
 * read in no state). Undefined when it was read more than once with marks.
 */
function readsOf(u: UndoneMarks, k: number): number[][] | undefined {
  const runs = u.runs ?? [];
  for (let p = 0; p < runs.length; p += 3) if (k >= runs[p] && k <= runs[p + 1]) return [[0, runs[p + 2]]];
  const marks = marksOf(u, k);
  if (marks.length === 0) return [[0, 0]];
  let starts = 0;
  for (let j = 0; j < marks.length; j += 2) if (marks[j] === 0) starts++;
  return starts === 1 && marks[1] !== 0 ? [marks] : undefined;
}

/** The states the reads of file `k` start in (none: state 0). */
function readStarts(u: UndoneMarks, k: number): number[] {
  const runs = u.runs ?? [];
  for (let p = 0; p < runs.length; p += 3) if (k >= runs[p] && k <= runs[p + 1]) return [runs[p + 2]];
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
