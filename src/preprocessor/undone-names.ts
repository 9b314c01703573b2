// Where an executed #undef decides what code lines expand: a unit's walk marks, per file it read, the state of the
// names an #undef touched (undefined, or defined again by a given #define) over the file's lines, in walk order;
// a build's merge keeps per file the marks of every unit reading it, and a name's state holds at a line where every
// read of every unit agrees on it (worked out for the names code lines use, when asked). The build's macro table
// keeps no #undef: these say where its definitions of those names do not apply.
import { sha1 } from '../model/sha1.js';
import { heldEntry } from './shared-undone-states.js';
import { shapeOf, StateContents } from './state-contents.js';
import { WalkUndoneStates } from './walk-undone-states.js';
import type { MacroDef } from './macro-definition.js';
import type { UnitWalker } from './unit-walker.js';
import type { UnitFileRead } from './unit-result.js';

/** The marks of one walk (see UnitResult.undone). */
export interface UndoneMarks {
  /**
   * States of the names an #undef touched, each sorted: `name` (undefined) or `name\0k\0line` (defined again by the
   * #define at that line of the result's `files[k]`).
   */
  states: (readonly string[])[];
  /** [file index, line, state index] triples, each file's in walk order; line 0 where a read of the file's text starts. */
  marks: number[];
  /**
   * Files read once each in one state from their start (most files: those read after stddef.h's #undef): [first
   * file index, last file index, state index] triples, each file between with marks [0, state] only. Absent when none.
   */
  runs?: number[];
}

/** The marks of a finished walk whose files are `files`; undefined when no #undef was executed or no file read any state but none. */
export function undoneMarks(walker: UnitWalker, files: readonly UnitFileRead[]): UndoneMarks | undefined {
  if (!walker.undefsExecuted) return undefined;
  // Files by path, made when a state names a #define's file.
  let index: Map<string, number> | undefined;
  const indexOf = (file: string): number | undefined => {
    if (index === undefined) {
      index = new Map();
      for (let k = 0; k < files.length; k++) index.set(files[k].file, k);
    }
    return index.get(file);
  };
  // A walk's states share their entries: the names are the walk's own strings and each #define's entry is made
  // once per walk (see definedEntries), so a state list holds references alone, where lists cut from their joined
  // text held a string each (Marlin's linux_native env: 840 states of ~900 names in its 67 units' results, ~30 MB
  // until the merge).
  const states = new WalkUndoneStates(walker, definedEntries(indexOf));
  states.prepare(markedVersions(walker, files));
  const out: UndoneMarks = { states: states.lists, marks: [] };
  const stateOf = (version: number): number => states.placeOf(version);
  const runs: number[] = [];
  for (let k = 0; k < files.length; k++) {
    const marks = walker.visits.get(files[k].file)?.marks;
    if (marks === undefined) continue;
    if (marks.length === 2 && marks[0] === 0) {
      const s = stateOf(marks[1]);
      const n = runs.length;
      if (s === 0) continue;
      if (n && runs[n - 2] === k - 1 && runs[n - 1] === s) runs[n - 2] = k;
      else runs.push(k, k, s);
      continue;
    }
    const at = out.marks.length;
    let any = false;
    for (let j = 0; j < marks.length; j += 2) {
      const s = stateOf(marks[j + 1]);
      if (s !== 0) any = true;
      out.marks.push(k, marks[j], s);
    }
    // A file read with every name as the table has it says nothing.
    if (!any) out.marks.length = at;
  }
  if (!out.marks.length && !runs.length) return undefined;
  // Copied to their lengths: grown by push, they had room to spare, and the build keeps every unit's until its merge.
  out.marks = out.marks.slice();
  if (runs.length) out.runs = runs.slice();
  return out;
}

/** The versions the files' marks name, as many times as they do. */
function markedVersions(walker: UnitWalker, files: readonly UnitFileRead[]): number[] {
  const out: number[] = [];
  for (let k = 0; k < files.length; k++) {
    const marks = walker.visits.get(files[k].file)?.marks;
    if (marks !== undefined) for (let j = 1; j < marks.length; j += 2) out.push(marks[j]);
  }
  return out;
}

/** Entries made by definedEntries (for tests): one per #define a walk's states name, whatever the number of states naming it. */
export const definedEntriesMade = { count: 0 };

/**
 * A walk's `name\0k\0line` entry of a #define (`indexOf` numbers its file among the unit's), made once per
 * definition; undefined when its file is none of the unit's.
 */
function definedEntries(indexOf: (file: string) => number | undefined): (name: string, def: MacroDef) => string | undefined {
  const made = new Map<MacroDef, { name: string; entry: string | undefined }>();
  return (name, def) => {
    const known = made.get(def);
    if (known !== undefined && known.name === name) return known.entry;
    const k = indexOf(def.file);
    const entry = k === undefined ? undefined : heldEntry(`${name}\0${k}\0${def.line}`);
    if (entry !== undefined) definedEntriesMade.count++;
    made.set(def, { name, entry });
    return entry;
  };
}

/** A result's states with the #defines named by path: per state, name → '' (undefined) or `file\0line`; and a short id per state. */
interface UnitStates {
  byName: StateNames[];
  ids: string[];
}

/**
 * A state's names as the merge reads them: '' for a name the state has undefined, `file\0line` for one a #define
 * defines again, undefined for a name it does not hold. The undefined names are looked up in the state's own sorted
 * list (a unit's result holds it); only the names defined again are held apart, so that a build's merge holds no copy
 * of its states' names (Marlin's linux_native env: 1 300 maps of ~900 names, ~20 MB from its merge to its masking).
 */
export class StateNames {
  private constructor(private readonly list: readonly string[], private readonly defined: Map<string, string> | undefined) {}

  /** `state` (sorted `name` and `name\0k\0line` entries) named with the unit's files. */
  static of(state: readonly string[], files: readonly UnitFileRead[]): StateNames {
    let defined: Map<string, string> | undefined;
    for (let i = 0; i < state.length; i++) {
      const entry = state[i];
      // A list out of order cannot be searched: every name is held apart (the lists the walks make are sorted).
      if (i > 0 && !(state[i - 1] < entry)) return new StateNames([], namesOf(state, files));
      const a = entry.indexOf('\0');
      if (a < 0) continue;
      const b = entry.indexOf('\0', a + 1);
      (defined ??= new Map()).set(entry.slice(0, a), `${files[Number(entry.slice(a + 1, b))].file}${entry.slice(b)}`);
    }
    return new StateNames(state, defined);
  }

  get(name: string): string | undefined {
    const def = this.defined?.get(name);
    if (def !== undefined) return def;
    return holdsEntry(this.list, name) ? '' : undefined;
  }

  /** Names held apart from the state's list (for tests): those a #define defines again. */
  get heldApart(): number {
    return this.defined?.size ?? 0;
  }
}

/** Every name of the state with its value (see StateNames). */
function namesOf(state: readonly string[], files: readonly UnitFileRead[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const entry of state) {
    const a = entry.indexOf('\0');
    if (a < 0) m.set(entry, '');
    else {
      const b = entry.indexOf('\0', a + 1);
      m.set(entry.slice(0, a), `${files[Number(entry.slice(a + 1, b))].file}${entry.slice(b)}`);
    }
  }
  return m;
}

/** Whether the sorted list holds `entry` (binary search). */
function holdsEntry(list: readonly string[], entry: string): boolean {
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const e = list[mid];
    if (e === entry) return true;
    if (e < entry) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** One unit's marks of one file: [line, state] pairs in walk order (line 0: a read starts), and their text (see FileUndone.digest). */
export interface FileMarks {
  unit: UnitStates;
  marks: number[];
  text: string;
}

/** What the units reading a file say of the names an #undef touched there: each unit's marks, in build order, each text once. */
export interface FileUndone {
  reads: FileMarks[];
  lineCount: number;
}

/** Where a name's state holds: `def` undefined (the name is undefined there) or the #define in force (file, line). */
export interface UndoneState {
  ranges: number[];
  def?: { file: string; line: number };
}

function unitStates(u: UndoneMarks, files: readonly UnitFileRead[], sharing: UndoneSharing): UnitStates {
  const byName: StateNames[] = [];
  const ids: string[] = [];
  // The states named by path and content: units with the same ones (most of a build's) share one object.
  let key = '';
  for (const state of u.states) {
    const named = namedState(state, files, sharing);
    byName.push(named.map);
    ids.push(named.id);
    key += `${named.n},`;
  }
  const known = sharing.units.get(key);
  if (known !== undefined) return known;
  const made = { byName, ids };
  sharing.units.set(key, made);
  return made;
}

/**
 * One state of a unit's marks named by path and content (see UndoneSharing.named). A state list (shared by the
 * units whose walks had it, see shared-undone-states.ts) names its #defines' files by their places in the unit's
 * files: units that have those same files (path and content) there name it alike, found without reading its names.
 */
function namedState(state: readonly string[], files: readonly UnitFileRead[], sharing: UndoneSharing): NamedState {
  const plain = sharing.plain.get(state);
  if (plain !== undefined) return plain;
  let byFiles = sharing.byState.get(state);
  const places = shapeOf(state).places;
  // The files by number, not by path and content: a key of a few characters, not of ~100 a file made per state; a
  // state's #defines mostly in one file (Marlin's configuration headers), that file's number alone.
  let filesKey: string | number;
  if (places.length === 1) filesKey = sharing.fileNumber(files[places[0]]);
  else {
    filesKey = '';
    for (const k of places) filesKey += `${sharing.fileNumber(files[k])},`;
  }
  const known = byFiles?.get(filesKey);
  if (known !== undefined) return known;
  const named = nameState(state, files, places.length === 0, sharing);
  if (places.length !== 0) {
    if (byFiles === undefined) sharing.byState.set(state, (byFiles = new Map()));
    byFiles.set(filesKey, named);
  }
  return named;
}

/** namedState of a state not met before with these files (`plain`: naming no #define). */
function nameState(state: readonly string[], files: readonly UnitFileRead[], plain: boolean, sharing: UndoneSharing): NamedState {
  sharing.statesRead++;
  // Found by what it holds: each #define's file by its number (path and content: see fileNumber).
  const named = sharing.named.get(state, files, () => ({ n: sharing.named.size, map: StateNames.of(state, files), id: stateId(state, files) }));
  // A state naming no #define means the same in every unit (its list is shared: see shared-undone-states.ts).
  if (plain) sharing.plain.set(state, named);
  return named;
}

/** A state's id: its entries with each #define's file named by its content, the same wherever the project is. */
function stateId(state: readonly string[], files: readonly UnitFileRead[]): string {
  let id = '';
  for (let i = 0; i < state.length; i++) {
    const entry = state[i];
    const a = entry.indexOf('\0');
    if (a < 0) id += `${entry}\n`;
    else {
      const b = entry.indexOf('\0', a + 1);
      id += `${entry.slice(0, a)}\0${files[Number(entry.slice(a + 1, b))].hash}${entry.slice(b)}\n`;
    }
  }
  return id === '' ? '' : sha1(id).slice(0, 16);
}

/** A state's map (name → '' or `file\0line`), its id, and its number in the merge. */
interface NamedState {
  n: number;
  map: StateNames;
  id: string;
}

/**
 * What the units of one merge share of their marks' states: every unit reading gcc's stddef.h has the same few
 * states, and the merge keeps a file's marks with their unit's states (LVGL: 7 800 maps of 952 units otherwise).
 * Made per merge, so that it goes with the merge's inputs.
 */
export class UndoneSharing {
  /** UnitStates by their states' numbers. */
  readonly units = new Map<string, UnitStates>();
  /** States by what they hold (paths, contents and lines of the #defines included). */
  readonly named = new StateContents<NamedState>((f) => this.fileNumber(f));
  /** States naming no #define, by their (shared) list. */
  readonly plain = new Map<readonly string[], NamedState>();
  /** States naming #defines, by their (shared) list, then by the paths and contents of the files those are in. */
  readonly byState = new WeakMap<readonly string[], Map<string | number, NamedState>>();
  /** States whose names were read to name them (for tests): each list once per set of files its #defines are in. */
  statesRead = 0;
  /** Numbers for the files (path, then content) the states' #defines are in (see fileNumber). */
  private readonly files = new Map<string, Map<string, number>>();
  private filesNumbered = 0;

  /** The number of a file with this path and content, the same for every unit of the merge reading it so. */
  fileNumber(f: UnitFileRead): number {
    let byHash = this.files.get(f.file);
    if (byHash === undefined) this.files.set(f.file, (byHash = new Map()));
    let n = byHash.get(f.hash);
    if (n === undefined) byHash.set(f.hash, (n = this.filesNumbered++));
    return n;
  }
}

/** Per file (path as in `files`) of one result, its marks; of the files `only` names when given. */
export function undoneByFile(r: { files: readonly UnitFileRead[]; undone?: UndoneMarks }, only?: ReadonlySet<string>, sharing = new UndoneSharing()): Map<string, FileMarks> {
  const out = new Map<string, FileMarks>();
  const u = r.undone;
  if (u === undefined) return out;
  let unit: UnitStates | undefined;
  const runs = u.runs ?? [];
  for (let p = 0; p < runs.length; p += 3) {
    unit ??= unitStates(u, r.files, sharing);
    // One object for the run's files: their marks are the same.
    const marks: FileMarks = { unit, marks: [0, runs[p + 2]], text: `0:${unit.ids[runs[p + 2]]},` };
    for (let k = runs[p]; k <= runs[p + 1]; k++) if (only === undefined || only.has(r.files[k].file)) out.set(r.files[k].file, marks);
  }
  const m = u.marks;
  let j = 0;
  while (j < m.length) {
    const k = m[j];
    if (only !== undefined && !only.has(r.files[k].file)) {
      while (j < m.length && m[j] === k) j += 3;
      continue;
    }
    unit ??= unitStates(u, r.files, sharing);
    const marks: number[] = [];
    let text = '';
    for (; j < m.length && m[j] === k; j += 3) {
      marks.push(m[j + 1], m[j + 2]);
      text += `${m[j + 1]}:${unit.ids[m[j + 2]]},`;
    }
    out.set(r.files[k].file, { unit, marks, text });
  }
  return out;
}

/** The digest of what a file's readers say (part of its parse's activity key). */
export function undoneDigest(u: FileUndone): string {
  return sha1(u.reads.map((r) => r.text).join('\n'));
}

/** Where a name's states hold in a file (every read of every unit agreeing); undefined where none does. */
export function undoneStates(u: FileUndone, name: string): UndoneState[] | undefined {
  let out: Map<string, number[]> | undefined;
  for (const read of u.reads) {
    const lines = unitLines(read, name, u.lineCount);
    if (lines === undefined) return undefined;
    out = out === undefined ? lines : intersectStates(out, lines);
    if (out.size === 0) return undefined;
  }
  if (out === undefined) return undefined;
  return [...out].map(([state, ranges]) => {
    if (state === '') return { ranges };
    const at = state.lastIndexOf('\0');
    return { ranges, def: { file: state.slice(0, at), line: Number(state.slice(at + 1)) } };
  });
}

/** One unit's lines of a file where the name's states hold: per read, then the reads intersected. */
function unitLines(read: FileMarks, name: string, lineCount: number): Map<string, number[]> | undefined {
  const m = read.marks;
  let out: Map<string, number[]> | undefined;
  let here: Map<string, number[]> | undefined;
  for (let j = 0; j < m.length; j += 2) {
    if (m[j] === 0) {
      if (here !== undefined) {
        out = out === undefined ? here : intersectStates(out, here);
        if (out.size === 0) return undefined;
      }
      here = new Map();
    }
    here ??= new Map();
    const state = read.unit.byName[m[j + 1]].get(name);
    if (state === undefined) continue;
    const start = Math.max(1, m[j]);
    const end = j + 2 < m.length && m[j + 2] !== 0 ? m[j + 2] - 1 : lineCount;
    if (end < start) continue;
    const ranges = here.get(state);
    if (ranges === undefined) here.set(state, [start, end]);
    else if (ranges[ranges.length - 1] + 1 >= start) ranges[ranges.length - 1] = Math.max(ranges[ranges.length - 1], end);
    else ranges.push(start, end);
  }
  if (here !== undefined) out = out === undefined ? here : intersectStates(out, here);
  return out === undefined || out.size === 0 ? undefined : out;
}

/** The lines where both say the same state. */
function intersectStates(a: Map<string, number[]>, b: Map<string, number[]>): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const [state, ra] of a) {
    const rb = b.get(state);
    if (rb === undefined) continue;
    const both = intersectRanges(ra, rb);
    if (both.length) out.set(state, both);
  }
  return out;
}

/** Intersection of two sorted, merged lists of [from, to] pairs. */
function intersectRanges(a: number[], b: number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const from = Math.max(a[i], b[j]);
    const to = Math.min(a[i + 1], b[j + 1]);
    if (from <= to) out.push(from, to);
    if (a[i + 1] < b[j + 1]) i += 2;
    else j += 2;
  }
  return out;
}

/**
 * Per read of a file (each unit's, each time its text is read), the state a name has at a line when the reads do not
 * all agree there: a header included several times in one unit with the name defined again in between (CMSIS-DSP's
 * arm_boolean_distance_template.h, read four times with `EXT` #undef'd and defined anew before each). A state is ''
 * (undefined), `file\0line` (the #define in force) or undefined (no #undef touched the name yet: the table's
 * definition). Undefined when no read has a state for the name, or when there is a single read.
 */
export function readStatesOf(u: FileUndone, name: string): ((line: number) => (string | undefined)[] | undefined) | undefined {
  const reads: number[][] = [];
  const states: string[] = [];
  let any = false;
  for (const read of u.reads) {
    const m = read.marks;
    let segments: number[] | undefined;
    for (let j = 0; j < m.length; j += 2) {
      if (m[j] === 0 || segments === undefined) reads.push((segments = []));
      const state = read.unit.byName[m[j + 1]].get(name);
      if (state === undefined) continue;
      const start = Math.max(1, m[j]);
      const end = j + 2 < m.length && m[j + 2] !== 0 ? m[j + 2] - 1 : u.lineCount;
      if (end < start) continue;
      any = true;
      let s = states.indexOf(state);
      if (s < 0) s = states.push(state) - 1;
      segments.push(start, end, s);
    }
  }
  if (!any || reads.length < 2) return undefined;
  const at = (segments: number[], line: number): string | undefined => {
    for (let k = 0; k < segments.length; k += 3) if (segments[k] <= line && line <= segments[k + 1]) return states[segments[k + 2]];
    return undefined;
  };
  return (line) => {
    const out = reads.map((segments) => at(segments, line));
    return out.every((s) => s === out[0]) ? undefined : out;
  };
}
