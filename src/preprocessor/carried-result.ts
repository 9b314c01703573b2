// A unit whose only changed inputs are files edited so that a walk would take every step of the previous one, at moved
// lines: files edited between directives (a function body edited, lines added or removed between directives), whose
// #defines changed (added, removed, rewritten) when the previous walk read none of the names they set, or whose #undefs
// changed where that changes no step of the walk (see undef-edits.ts: one in a branch no inclusion took, or one of a
// name already followed as undefined there in every read). The previous result is carried over with each edited file's
// view moved to the new lines, its reached #defines added or dropped, its marks and diagnostics moved (see
// moved-diagnostics.ts), and its new hash. Leaves out every other edit (the unit is walked): another directive changed,
// a structure problem, a diagnostic of an edited file not on a directive the edit kept, `#line`, a walk
// that read `__LINE__`, a changed #define of a name the walk read (or a walk whose names are not known), a #define
// whose value other macros decide, lines or #defines where the view does not say whether the walk was live there (a
// stretch between two #includes is live where the stretches beside them are: the same branch), a line of code opened
// where a mark of the names #undefs touched or of the counter may fall (see opened-ranges.ts, opened-stretch-state.ts), a
// changed name the unit's own file #defines or #undefs more than once (which of its #defines later headers see may
// change), any other #undef added, removed or rewritten (one that starts or ends following a name, one of the unit's
// own file: undef-edits.ts says why), a changed #define of a name an #undef touched (see undone-names.ts), a header
// edited under a walk whose unit file (or an #if) used `__COUNTER__` when the edit may change how often headers use it
// (the header's code used it in the walk, its #defines changed, or its new code names a macro that may reach it), the
// unit's own file edited under a walk whose #if read the counter, or after such a header edit carried over (the
// counter's values there are not known), a #define of the unit's own file changed above one of its #includes under a
// walk that counted (headers read after it may count through it), and, under a walk where nothing used the counter, an
// edit leaving its file naming `__COUNTER__` that may start uses (a header's #defines changed or its code naming it,
// the own file's #defines above an #include). Also left out (see UnitResult.heads, through): an edit of a header's text
// above an #include with code above it, unless it was one of the unit's heads, saw no file's #defines only below its
// #includes, and no file read after it #defines a name its new text names above them; and a changed #define of a name
// one of the unit's heads names above its #includes.
import type { Directive, FileSkeleton } from './file-skeleton.js';
import { alignDirectives, type DirectiveAlignment } from './directive-alignment.js';
import { markAllDefines, valueWithoutEnvironment, type DefineValues, type FileView, type UnitResult } from './unit-result.js';
import type { UndoneMarks } from './undone-names.js';
import { codeStartAfter, openedStretches, opensMarkedRange, stretchStartAfter } from './opened-ranges.js';
import { openedMark, withAddedMarks, type MarksOfFile } from './opened-stretch-state.js';
import { entriesHash, sharedState } from './shared-undone-states.js';
import { movedDiagnostics } from './moved-diagnostics.js';
import { activeCount, changedDefines, changedUndefs, undefKeepsWalk, type ChangedUndef, type WalkOfFile } from './undef-edits.js';

/** A file of a unit edited since its previous result: the skeletons of the content read then and now, and the new hash. */
export interface EditedFile {
  file: string;
  before: FileSkeleton;
  after: FileSkeleton;
  hash: string;
}

/**
 * The previous result of a unit whose `edited` files changed as above, or undefined when that does not hold.
 * `reads` are the names the previous walk looked up (undefined: not known); `skeletonOf` gives the skeletons of the
 * files it read (see opened-stretch-state.ts). The caller has checked that every other input of `old` (the macros it
 * tested, the other files' contents) is unchanged.
 */
export function carriedResult(
  old: UnitResult,
  edited: EditedFile[],
  reads: ReadonlySet<string> | undefined,
  codeMayCount?: CodeMayCount,
  heads?: HeadNames,
  skeletonOf?: MarksOfFile['skeletonOf'],
): UnitResult | undefined {
  if (testsLine(old.tested)) return undefined;
  if (edited.some((e) => headMayMove(old, e, heads))) return undefined;
  const mayCount = codeMayCount ?? (() => true);
  // No header used the counter nor defined a macro using it: an edit naming it may start their uses.
  if (old.counter === undefined && edited.some((e) => e.after.mentionsCounter && (e.file === old.unit ? definesAboveInclude(e) : definesOrCodeMayCount(e, mayCount)))) return undefined;
  const countMoves = old.counter !== undefined && edited.some((e) => (e.file === old.unit ? definesAboveInclude(e) : countMayMove(old, e, mayCount)));
  if (countMoves && (old.counterUsed || old.counterInIf)) return undefined;
  // An #if read the counter: an edit of the unit's own file may change the uses before it.
  if (old.counterInIf && edited.some((e) => e.file === old.unit)) return undefined;
  const files = old.files.slice();
  let touched: Set<string> | undefined;
  // Of this unit's walk: marks moved up to stretches the edits opened (file index → old line → new line).
  let markMoves: MarkEdits | undefined;
  for (const e of edited) {
    const aligned = alignedOf(e.before, e.after);
    if (!aligned) return undefined;
    const defined = (aligned.defines ??= changedDefines(e.before, e.after, aligned));
    if (defined.size && old.undone) touched ??= touchedNames(old.undone);
    for (const name of defined) if (!reads || reads.has(name) || touched?.has(name)) return undefined;
    if (defined.size && old.heads && old.heads.some((h) => heads === undefined || heads.namedAbove(old.files[h].file, defined))) return undefined;
    const at = files.findIndex((f) => f.file === e.file);
    if (at < 0 || files[at].view.lines !== e.before.lineCount) return undefined;
    // Units that saw the file the same way share its view (one object): it is moved once for all of them.
    const view = files[at].view;
    if (!undefsKeepWalk(old, edited, e, aligned, at, view)) return undefined;
    // A range the edit opens may take a mark of the #undefs' names or of the counter (its own file's) that the previous walk shows nowhere.
    const opened = (aligned.opened ??= openedStretches(e.before, e.after, aligned));
    if (opened.length && (old.undone || (e.file === old.unit && old.counter))) {
      const live = livenessOf(view, e, aligned);
      const names = old.undone ? (touched ??= touchedNames(old.undone)) : new Set<string>();
      // The counter's marks of the unit's own file are not found ahead of the stretch: only the #undefs' are.
      const marks = old.undone && !(e.file === old.unit && old.counter) ? { undone: old.undone, files: old.files, index: at, touched: names, skeletonOf } : undefined;
      const unmarked = marks && ((j: number) => placeMark(marks, e, aligned, j, (markMoves ??= { moves: new Map(), adds: new Map() })));
      if (!live || opensMarkedRange(opened, e.after, aligned, live, names, unmarked)) return undefined;
    }
    let moved = aligned.moved.get(view);
    if (moved === undefined) aligned.moved.set(view, (moved = movedView(view, e, aligned) ?? null));
    if (!moved) return undefined;
    files[at] = { file: e.file, hash: e.hash, view: moved };
  }
  const own = edited.find((e) => e.file === old.unit);
  if (own && mayDropOwnDefines(own, alignedOf(own.before, own.after)!)) return undefined;
  const tops = own && old.tops ? movedTops(old.tops, own, alignedOf(own.before, own.after)!) : old.tops;
  if (tops === null) return undefined;
  const firstTops = own && old.firstTops ? movedLinePairs(old.firstTops, own, alignedOf(own.before, own.after)!) : old.firstTops;
  if (firstTops === null) return undefined;
  const unseen = own && old.unseen ? movedLinePairs(old.unseen, own, alignedOf(own.before, own.after)!) : old.unseen;
  if (unseen === null) return undefined;
  const undone = old.undone ? movedUndone(old.undone, old, edited, markMoves) : undefined;
  if (undone === null) return undefined;
  if (own && (old.counterStale || countMoves)) return undefined;
  const counter = own && old.counter ? movedCounter(old.counter, own) : old.counter;
  if (counter === null) return undefined;
  // Aligned: each edited file's kept directives are known.
  const diagnostics = old.diagnostics.length ? movedDiagnostics(old.diagnostics, edited, (e) => lineMovesOf(e).at) : old.diagnostics;
  if (diagnostics === null) return undefined;
  const stale = countMoves ? { counterStale: true as const } : {};
  return { ...old, files, diagnostics, ...(tops ? { tops } : {}), ...(firstTops ? { firstTops } : {}), ...(unseen ? { unseen } : {}), ...(undone ? { undone } : {}), ...(counter ? { counter } : {}), ...stale };
}

/** What the names headers name above their #includes say of an edit (see names-above-include.ts). */
export interface HeadNames {
  /** Whether a header's text names one of `names` above its #includes with code above them. */
  namedAbove(header: string, names: ReadonlySet<string>): boolean;
  /** Whether an edited header's new text names, above its #includes with code above them, a name one of `files` #defines. */
  definedAfter(e: EditedFile, files: readonly string[]): boolean;
}

/**
 * Whether an edit of a header's text above an #include with code above it may change which files' #defines the header
 * sees only below its #includes (see UnitResult.through): not where that text is the same, nor in the unit's own file,
 * nor in one of the unit's heads that saw none so and whose new text there names no name a file read after it
 * #defines (then it sees none so either, and `heads` still holds).
 */
function headMayMove(old: UnitResult, e: EditedFile, heads: HeadNames | undefined): boolean {
  if (e.before.headHash === e.after.headHash || e.file === old.unit) return false;
  const at = old.files.findIndex((f) => f.file === e.file);
  if (at < 0) return true;
  const through = old.through;
  if (through !== undefined) for (let p = 0; p < through.length; p += 3) if (through[p] === at) return true;
  if (e.after.firstCode === undefined) return false;
  if (!old.heads?.includes(at)) return true;
  return heads === undefined || heads.definedAfter(e, old.files.slice(at + 1).map((f) => f.file));
}

/** Whether an edited header's new code lines name `__COUNTER__` or a macro that may reach it, by the #defines the unit reads now (see counter-edits.ts). */
export type CodeMayCount = (e: EditedFile) => boolean;

/**
 * Whether a header's edit may change how many `__COUNTER__` uses the headers read before the unit's own file make:
 * unless its code used none in the walk (UnitResult.counterIn), the edit changed no #define, and its new code names
 * no macro that may reach the counter: then it uses none after the edit either. An #undef changed is carried over only
 * where it changes nothing (see undef-edits.ts).
 */
function countMayMove(old: UnitResult, e: EditedFile, codeMayCount: CodeMayCount): boolean {
  if (old.counterIn === undefined) return true;
  const at = old.files.findIndex((f) => f.file === e.file);
  if (at < 0 || old.counterIn.includes(at)) return true;
  const aligned = alignedOf(e.before, e.after);
  return aligned === undefined || (aligned.defines ??= changedDefines(e.before, e.after, aligned)).size !== 0 || codeMayCount(e);
}

/** Whether a header's edit changed a #define, or its new code names a macro that may reach the counter. */
function definesOrCodeMayCount(e: EditedFile, codeMayCount: CodeMayCount): boolean {
  const aligned = alignedOf(e.before, e.after);
  return aligned === undefined || (aligned.defines ??= changedDefines(e.before, e.after, aligned)).size !== 0 || codeMayCount(e);
}

/**
 * Whether an edit of the unit's own file changed a #define above one of its #includes: the headers read after it may
 * use the counter through it (their code naming the name, undefined or defined otherwise before).
 */
function definesAboveInclude(e: EditedFile): boolean {
  const aligned = alignedOf(e.before, e.after);
  if (aligned === undefined) return true;
  const changed = (aligned.defines ??= changedDefines(e.before, e.after, aligned));
  if (changed.size === 0) return false;
  for (const sk of [e.before, e.after]) {
    const dirs = sk.directives;
    const first = dirs.findIndex((d) => d.kind === 'define' && d.macro !== undefined && changed.has(d.macro.name));
    if (first >= 0 && dirs.some((d, i) => i > first && (d.kind === 'include' || d.kind === 'include_next' || d.kind === 'import'))) return true;
  }
  return false;
}

/** The unit's counter marks (see UnitResult.counter) at the lines they moved to (each is 1 or the line after a directive); null when one is gone. */
function movedCounter(counter: number[], e: EditedFile): number[] | null {
  const after = lineMovesOf(e).after;
  const out = counter.slice();
  for (let k = 0; k < out.length; k += 2) {
    const line = after.get(out[k]);
    if (line === undefined) return null;
    out[k] = line;
  }
  return out;
}

/** Whether a `tested` list names `__LINE__`, once per list (results decoded or walked alike share theirs). */
const linesTested = new WeakMap<UnitResult['tested'], boolean>();

function testsLine(tested: UnitResult['tested']): boolean {
  let line = linesTested.get(tested);
  if (line === undefined) linesTested.set(tested, (line = tested.some(([name]) => name === '__LINE__')));
  return line;
}

/** Whether a state (a shared list, see shared-undone-states.ts) names a #define of a file: an entry `name\0k\0line`. */
const definesAgain = new WeakMap<readonly string[], boolean>();

function namesDefines(state: readonly string[]): boolean {
  let named = definesAgain.get(state);
  if (named === undefined) definesAgain.set(state, (named = state.some((entry) => entry.includes('\0'))));
  return named;
}

/** The names the marks' states hold (an #undef of the walk touched them). */
function touchedNames(u: UndoneMarks): Set<string> {
  const out = new Set<string>();
  for (const state of u.states) for (const entry of state) out.add(entry.split('\0', 1)[0]);
  return out;
}

/**
 * Whether every #undef the edit of `e` (file `at` of the result) added, removed or rewrote leaves the walk as it was
 * (see undef-edits.ts): never of the unit's own file.
 */
function undefsKeepWalk(old: UnitResult, edited: EditedFile[], e: EditedFile, al: MemoAlignment, at: number, view: FileView): boolean {
  const undefs = (al.undefs ??= changedUndefs(e.before, e.after, al));
  if (undefs.length === 0) return true;
  if (e.file === old.unit) return false;
  const live = livenessOf(view, e, al);
  if (!live) return false;
  const walk: WalkOfFile = { index: at, ranges: view.ranges, live, undone: old.undone };
  return undefs.every((c) => undefKeepsWalk(c, e.before, al, walk, changedOnce(edited, c.name)));
}

/** Whether the edits change one #define or #undef of the name, no more. */
function changedOnce(edited: EditedFile[], name: string): boolean {
  let n = 0;
  for (const e of edited) {
    const al = alignedOf(e.before, e.after);
    if (!al) return false;
    if ((al.defines ??= changedDefines(e.before, e.after, al)).has(name)) return false;
    for (const c of (al.undefs ??= changedUndefs(e.before, e.after, al))) if (c.name === name) n++;
  }
  return n === 1;
}

/** Of a unit's walk, by file index: marks moved up to stretches the edits opened (old line -> new line), and marks added at them (new line -> state). */
interface MarkEdits {
  moves: Map<number, Map<number, number>>;
  adds: Map<number, Map<number, number>>;
}

/**
 * Whether the walk marks the stretch opened after new directive `j` of `e` as the previous result says (see
 * opened-stretch-state.ts): nothing, the mark of the code after it (noted in `edits.moves`), or a new mark (noted in
 * `edits.adds`). False when not known, or when two stretches would take the same mark.
 */
function placeMark(marks: MarksOfFile, e: EditedFile, al: MemoAlignment, j: number, edits: MarkEdits): boolean {
  const mark = openedMark(marks, e.before, e.after, al, j);
  if (mark === undefined) return false;
  if (mark === 'none') return true;
  const [byFile, key, value] = 'from' in mark ? [edits.moves, mark.from, mark.to] : [edits.adds, mark.line, mark.state];
  let file = byFile.get(marks.index);
  if (file === undefined) byFile.set(marks.index, (file = new Map()));
  if (file.has(key)) return false;
  file.set(key, value);
  return true;
}

/**
 * The marks (see UnitResult.undone) at the lines the edited files' directives moved to: a mark's line is 1 or the
 * line after a directive, a defined-again state names its #define's line; one `markMoves` names goes up to the
 * stretch an edit opened above it, and the marks it adds are put in (see placeMark). Null when one of those is gone.
 */
function movedUndone(u: UndoneMarks, old: UnitResult, edited: EditedFile[], markEdits: MarkEdits | undefined): UndoneMarks | null {
  const markMoves = markEdits?.moves;
  const moves = new Map<number, LineMoves>();
  for (const e of edited) moves.set(old.files.findIndex((f) => f.file === e.file), lineMovesOf(e));
  let changed = false;
  const marks = u.marks.slice();
  for (let j = 0; j < marks.length; j += 3) {
    const move = moves.get(marks[j]);
    if (move === undefined) continue;
    const up = markMoves?.get(marks[j])?.get(marks[j + 1]);
    if (up !== undefined) changed = true;
    const line = up ?? move.after.get(marks[j + 1]);
    if (line === undefined) return null;
    if (line !== marks[j + 1]) changed = true;
    marks[j + 1] = line;
  }
  const states: (readonly string[])[] = [];
  let statesMoved = false;
  for (const state of u.states) {
    const moved = namesDefines(state) ? movedState(state, moves) : state;
    if (moved === null) return null;
    if (moved !== state) statesMoved = changed = true;
    states.push(moved);
  }
  // Nothing moved: the same object, so that a patch sees the marks unchanged at once (runs start at line 0).
  const added = markEdits?.adds.size ? withAddedMarks(marks, markEdits.adds) : undefined;
  if (!changed && added === undefined) return u;
  return { states: statesMoved ? states : u.states, marks: added ?? marks, ...(u.runs ? { runs: u.runs } : {}) };
}

/**
 * A state naming #defines with the lines of those in edited files moved (the held list of that state: see
 * shared-undone-states.ts), the same list when none moved; null when one is gone.
 */
function movedState(state: readonly string[], moves: ReadonlyMap<number, LineMoves>): readonly string[] | null {
  let moved: string[] | undefined;
  for (let i = 0; i < state.length; i++) {
    const [name, k, line] = state[i].split('\0');
    const move = k === undefined ? undefined : moves.get(Number(k));
    if (move === undefined) continue;
    const to = move.at.get(Number(line));
    if (to === undefined) return null;
    if (to === Number(line)) continue;
    moved ??= state.slice();
    moved[i] = `${name}\0${k}\0${to}`;
  }
  if (moved === undefined) return state;
  moved.sort();
  return sharedState(moved, entriesHash(moved));
}

/**
 * True when a name the edit of the unit's own file changed has more than one #define or #undef there, before or
 * after: which of its #defines files read later see (UnitResult.unseen) may have changed, so the unit is walked.
 */
function mayDropOwnDefines(e: EditedFile, al: DirectiveAlignment): boolean {
  if (al.changed.size === 0) return false;
  for (const sk of [e.before, e.after]) {
    const seen = new Set<string>();
    for (const d of sk.directives) {
      const name = d.kind === 'define' ? d.macro?.name : d.kind === 'undef' ? d.name : undefined;
      if (name === undefined || !al.changed.has(name)) continue;
      if (seen.has(name)) return true;
      seen.add(name);
    }
  }
  return false;
}

/** The unit's tops (lines of its own #includes, see UnitResult.tops) at the lines they moved to; null when one is gone. */
function movedTops(tops: number[], e: EditedFile, al: DirectiveAlignment): number[] | null {
  const lineOf = movedDirectiveLines(e, al);
  const out = tops.map((l) => lineOf.get(l));
  return out.every((l): l is number => l !== undefined) ? out : null;
}

/**
 * Pairs [value, directive line] (the unit's first tops, see UnitResult.firstTops; its unseen #defines, see
 * UnitResult.unseen) with each line where the edit moved its directive; null when one is gone.
 */
function movedLinePairs(pairs: number[], e: EditedFile, al: DirectiveAlignment): number[] | null {
  const lineOf = movedDirectiveLines(e, al);
  const out: number[] = [];
  for (let p = 0; p < pairs.length; p += 2) {
    const line = lineOf.get(pairs[p + 1]);
    if (line === undefined) return null;
    out.push(pairs[p], line);
  }
  return out;
}

function movedDirectiveLines(e: EditedFile, al: DirectiveAlignment): Map<number, number> {
  const lineOf = new Map<number, number>([[0, 0]]);
  e.before.directives.forEach((d, i) => {
    if (al.newOf[i] >= 0) lineOf.set(d.line, e.after.directives[al.newOf[i]].line);
  });
  return lineOf;
}

/**
 * Where an edit moved the lines a walk's ranges start at (`after`: 0, the file's start, the line after each kept
 * directive and after each removed one whose stretch keeps its state) and its directives' lines (`at`).
 */
interface LineMoves {
  after: Map<number, number>;
  at: Map<number, number>;
}

/** An edit's LineMoves, made once per alignment (a header edited under 500 units). */
function lineMovesOf(e: EditedFile): LineMoves {
  const al = alignedOf(e.before, e.after)!;
  if (al.lines) return al.lines;
  const after = new Map<number, number>([[0, 0]]);
  const at = new Map<number, number>();
  const first = codeStartAfter(e.after, al, -1);
  if (first !== undefined) after.set(1, first);
  e.before.directives.forEach((d, i) => {
    const j = al.newOf[i];
    // After a removed directive: where its stretch joins the one after the kept directive before it (see stretchStartAfter).
    const start = j >= 0 ? codeStartAfter(e.after, al, j) : stretchStartAfter(e.before, e.after, al, i);
    if (start !== undefined) after.set(d.endLine + 1, start);
    if (j >= 0) at.set(d.line, e.after.directives[j].line);
  });
  return (al.lines = { after, at });
}

/**
 * An alignment with the views already moved by it (null: not carried), their slots' liveness, and once made its
 * LineMoves, the #defines and #undefs it changed and the stretches of code it opened.
 */
type MemoAlignment = DirectiveAlignment & {
  moved: WeakMap<FileView, FileView | null>;
  live: WeakMap<FileView, (boolean | undefined)[] | null>;
  lines?: LineMoves;
  defines?: Set<string>;
  undefs?: ChangedUndef[];
  opened?: number[];
};

/** The view's slotLiveness under the alignment, once per view. */
function livenessOf(view: FileView, e: EditedFile, al: MemoAlignment): (boolean | undefined)[] | undefined {
  let live = al.live.get(view);
  if (live === undefined) al.live.set(view, (live = slotLiveness(view, e, al) ?? null));
  return live ?? undefined;
}

/** Alignments by the skeletons before and after (a header edited under 100 units is aligned once). */
const alignments = new WeakMap<FileSkeleton, { after: FileSkeleton; aligned: MemoAlignment | undefined }>();

function alignedOf(before: FileSkeleton, after: FileSkeleton): MemoAlignment | undefined {
  const known = alignments.get(before);
  if (known?.after === after) return known.aligned;
  const al = alignDirectives(before, after);
  const aligned = al && { ...al, moved: new WeakMap<FileView, FileView | null>(), live: new WeakMap<FileView, (boolean | undefined)[] | null>() };
  alignments.set(before, { after, aligned });
  return aligned;
}

/** The gaps between a file's directives as [from, to, slot] triples (a gap may be empty: to < from). */
function gapsOf(sk: FileSkeleton, slotOf: Int32Array, lastSlot: number): number[] {
  const out: number[] = [];
  let prev = 0;
  sk.directives.forEach((d, i) => {
    out.push(prev + 1, d.line - 1, slotOf[i]);
    prev = d.endLine;
  });
  out.push(prev + 1, sk.lineCount, lastSlot);
  return out;
}

/**
 * Per slot (see directive-alignment.ts): whether the previous walk was live there in some inclusion of the
 * file, where the view says so — the top level of a file walked, a gap with active lines, a #define reached, a
 * branch taken before it, an #if evaluated at its end (a #define not reached or an inactive gap: not live), or a
 * slot of the same branch that says so (only an #include or another directive that is no conditional between).
 * Nothing in a slot changes the state, so a slot is all live or all not. A file with no compiled line (one read
 * through -imacros, whose lines are never compiled) says nothing by its gaps. Undefined when the view
 * contradicts itself or does not show the file walked.
 */
function slotLiveness(view: FileView, e: EditedFile, al: DirectiveAlignment): (boolean | undefined)[] | undefined {
  const noLines = view.ranges.length === 0;
  if (noLines && view.defines.length === 0 && !view.evaluated?.length) return undefined;
  const live: (boolean | undefined)[] = al.depth.map((d) => (d === 0 ? true : undefined));
  let consistent = true;
  const set = (k: number, v: boolean) => {
    if (live[k] === undefined) live[k] = v;
    else if (live[k] !== v) consistent = false;
  };
  const dirs = e.before.directives;
  const indexOfLine = new Map(dirs.map((d, i) => [d.line, i]));
  const reached = new Set<number>();
  for (let k = 0; k < view.defines.length; k += 2) reached.add(view.defines[k] as number);
  dirs.forEach((d, i) => {
    if (d.kind === 'define' && !d.error) set(al.oldSlot[i], reached.has(d.line));
    // The walk's ranges run between directives (unit-walker.ts): a directive line is never active.
    if (activeCount(view.ranges, d.line, d.endLine) !== 0) consistent = false;
  });
  for (const [lines, after] of [[view.taken, 1], [view.evaluated, 0]] as const) {
    for (const line of lines ?? []) {
      const i = indexOfLine.get(line);
      if (i === undefined) return undefined;
      set(al.oldSlot[i] + after, true);
    }
  }
  const gaps = gapsOf(e.before, al.oldSlot, al.depth.length - 1);
  for (let g = 0; g < gaps.length && !noLines; g += 3) {
    const len = gaps[g + 1] - gaps[g] + 1;
    if (len <= 0) continue;
    const active = activeCount(view.ranges, gaps[g], gaps[g + 1]);
    if (active !== 0 && active !== len) return undefined;
    set(gaps[g + 2], active === len);
  }
  return consistent && sameBranchAlike(live, dirs, al.oldSlot) ? live : undefined;
}

const CONDITIONALS = new Set(['if', 'ifdef', 'ifndef', 'elif', 'elifdef', 'elifndef', 'else', 'endif']);

/**
 * Gives the slots on either side of a directive other than a conditional (an #include between two stretches) the
 * liveness one of them has: they are in the same branch, read in the same inclusions. False when two disagree.
 */
function sameBranchAlike(live: (boolean | undefined)[], dirs: readonly Directive[], slotOf: Int32Array): boolean {
  const joins: number[] = [];
  dirs.forEach((d, i) => {
    if (d.kind !== 'define' && d.kind !== 'undef' && !CONDITIONALS.has(d.kind)) joins.push(slotOf[i]);
  });
  for (const order of [joins, joins.slice().reverse()]) {
    for (const k of order) {
      if (live[k] === undefined) live[k] = live[k + 1];
      else if (live[k + 1] === undefined) live[k + 1] = live[k];
      else if (live[k] !== live[k + 1]) return false;
    }
  }
  return true;
}

/**
 * Active ranges at the new lines: each non-empty gap takes its slot's state. A file that had no compiled line
 * has none when a gap of a live slot shows it was read without compiling lines (-imacros), or when no new gap
 * is in a slot that may be live; else undefined.
 */
function movedRanges(view: FileView, live: (boolean | undefined)[], e: EditedFile, al: DirectiveAlignment): number[] | undefined {
  const out: number[] = [];
  const gaps = gapsOf(e.after, al.newSlot, al.depth.length - 1);
  if (view.ranges.length === 0) {
    const old = gapsOf(e.before, al.oldSlot, al.depth.length - 1);
    for (let g = 0; g < old.length; g += 3) if (old[g + 1] >= old[g] && live[old[g + 2]] === true) return out;
    for (let g = 0; g < gaps.length; g += 3) if (gaps[g + 1] >= gaps[g] && live[gaps[g + 2]] !== false) return undefined;
    return out;
  }
  for (let g = 0; g < gaps.length; g += 3) {
    if (gaps[g + 1] < gaps[g]) continue;
    const state = live[gaps[g + 2]];
    if (state === undefined) return undefined;
    // Gaps are apart (a directive between), so each active one is a range of its own.
    if (state) out.push(gaps[g], gaps[g + 1]);
  }
  return out;
}

/**
 * The #defines reached at the new lines, in the order first reached: those kept, and those added in a live
 * slot next to a kept one reached there (the walk reaches them one after another, in every inclusion alike),
 * valued when no other macro decides their value. Undefined when that does not place or value one.
 */
function movedDefines(view: FileView, e: EditedFile, al: DirectiveAlignment, live: (boolean | undefined)[]): DefineValues | undefined {
  const before = e.before.directives;
  const after = e.after.directives;
  const indexOfLine = new Map(before.map((d, i) => [d.line, i]));
  const n = view.defines.length / 2;
  const entryOf = new Map<number, number>();
  for (let k = 0; k < n; k++) {
    const i = indexOfLine.get(view.defines[2 * k] as number);
    if (i === undefined) return undefined;
    entryOf.set(i, k);
  }
  // Added #defines to put before / after a kept entry.
  const ahead = new Map<number, DefineValues>();
  const behind = new Map<number, DefineValues>();
  let slot = -1;
  let anchor = -1;
  let pending: DefineValues = [];
  for (let j = 0; j <= after.length; j++) {
    const s = j < after.length ? al.newSlot[j] : -1;
    if (s !== slot) {
      if (pending.length) return undefined;
      slot = s;
      anchor = -1;
    }
    const d = after[j];
    if (!d || d.kind !== 'define') continue;
    const k = al.oldOf[j] >= 0 ? entryOf.get(al.oldOf[j]) : undefined;
    if (al.oldOf[j] >= 0) {
      if (k === undefined) continue;
      if (pending.length) ahead.set(k, pending);
      pending = [];
      anchor = k;
      continue;
    }
    if (live[s] === false) continue;
    const value = live[s] && d.macro ? valueWithoutEnvironment(d.macro) : undefined;
    if (value === undefined) return undefined;
    if (anchor < 0) pending.push(d.line, value);
    else behind.set(anchor, [...(behind.get(anchor) ?? []), d.line, value]);
  }
  const out: DefineValues = [];
  for (let k = 0; k < n; k++) {
    out.push(...(ahead.get(k) ?? []));
    const j = al.newOf[indexOfLine.get(view.defines[2 * k] as number)!];
    if (j >= 0) out.push(after[j].line, view.defines[2 * k + 1]);
    out.push(...(behind.get(k) ?? []));
  }
  return out;
}

/** The view at the new lines: ranges and reached #defines moved (see above), #if heads at their directives' new lines. */
function movedView(view: FileView, e: EditedFile, al: MemoAlignment): FileView | undefined {
  const live = livenessOf(view, e, al);
  const ranges = live && movedRanges(view, live, e, al);
  const defines = live && movedDefines(view, e, al, live);
  if (!ranges || !defines) return undefined;
  const lineOf = new Map<number, number>();
  e.before.directives.forEach((d, i) => {
    if (al.newOf[i] >= 0) lineOf.set(d.line, e.after.directives[al.newOf[i]].line);
  });
  const move = (lines: number[] | undefined): number[] | undefined | null => {
    if (!lines) return undefined;
    const out = lines.map((l) => lineOf.get(l));
    return out.every((l): l is number => l !== undefined) ? out : null;
  };
  const evaluated = move(view.evaluated);
  const taken = move(view.taken);
  if (evaluated === null || taken === null) return undefined;
  const moved: FileView = { ...view, lines: e.after.lineCount, ranges, defines };
  if (evaluated) moved.evaluated = evaluated;
  if (taken) moved.taken = taken;
  markAllDefines(moved, e.after);
  return moved;
}
