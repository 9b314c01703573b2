// Header-level preprocessing cache: the walk of an included header (with everything it includes) recorded
// as a replayable log, reused by a later inclusion whose inputs are the same — the file's place in the
// search chain, the walker's configuration, the values of the macros the walk read before writing them,
// the #pragma once state it tested and the content of every file it read (the uses of `__COUNTER__` its code lines
// made are added to the counter on replay). Leaves out walks that use __COUNTER__ in an #if, __INCLUDE_LEVEL__,
// __BASE_FILE__, push_macro/pop_macro or #import (they are walked each time).
import type { Diagnostic } from '../model/diagnostic.js';
import { HeldStrings } from '../model/own-strings.js';
import type { FileSkeleton } from './file-skeleton.js';
import type { MacroDef, MacroEnv } from './macro-definition.js';
import type { FileView, UnitFileRead } from './unit-result.js';
import { sameDefinition, TrackedEnv } from './tracked-env.js';

/** Log operations, each followed by its operands in `HeaderEntry.ops`. */
export const OP_VISIT = 0; // file
export const OP_RANGE = 1; // file, from, to
export const OP_GROUP = 2; // file, directive index
export const OP_TAKEN = 3; // file, directive index
/**
 * FileSkeleton, first and last directive index: a run of #defines one after another in a file, each setting its
 * canonical definition (MacroDef.canon) in the environment. A device header's 400 000 #defines are a few
 * thousand runs, not an operation and two definitions each.
 */
export const OP_DEFINES = 4;
export const OP_UNDEF = 5; // name
export const OP_DIAG = 6; // Diagnostic
export const OP_ONCE = 7; // file
export const OP_SUB = 8; // HeaderEntry (a nested header walked or replayed)
/** A file's text read (walked) from its start, for the marks of the names #undef made undefined (see UnitWalker.undone). */
export const OP_READ = 9; // file

/** One recorded walk of a header: its inputs and its effects, in order. */
export interface HeaderEntry {
  /** Macros read before the walk wrote them, with the definition each had (undefined: not defined). */
  readNames: string[];
  readDefs: (MacroDef | undefined)[];
  /** Every name the walk looked up, also those it had defined itself (a replay reads only `readNames`). */
  readAll: string[];
  /**
   * Files whose #pragma once state was tested before the walk marked them: first the `onceSeen` files that were marked
   * then, the others after (a count, not a flag per file: 0.6 MB of lists at Meshtastic's `coverage`).
   */
  onceFiles: string[];
  onceSeen: number;
  /** Every file whose content decided the walk, with the skeleton it had. */
  files: string[];
  skeletons: FileSkeleton[];
  /** Deepest include nesting below the header. */
  depth: number;
  /** How many `__COUNTER__` uses the code lines it read made (nested walks included; see counter-uses.ts). */
  counted: number;
  /** The files whose code lines made those uses (nested walks included); absent when none did. */
  countedIn?: string[];
  /**
   * Names its code lines named, looked up to tell whether they may use the counter (see counter-uses.ts), and names
   * their expansions looked up undefined, with their definitions (undefined: not defined; another unit may define
   * one to use the counter): inputs of the count, not of the unit (absent when none).
   */
  countNames?: string[];
  countDefs?: (MacroDef | undefined)[];
  ops: unknown[];
  /**
   * Views of files this walk alone made in a unit, by file (see unit-result.ts), each with the definitions
   * its #define values were worked out with.
   */
  views?: Map<string, ReusableView[]>;
  /** The effects grouped by file for replay (see groupedEffects); null when they cannot be. */
  grouped?: GroupedEffects | null;
  /** The files whose text the walk read, in order, each time (see readsOf). */
  reads?: string[];
  /** The names the walk's #undefs undefined (see undefNamesOf). */
  undefNames?: string[];
  /** Whether the walk defines none of a set of names (the set's key and the answer, see definesNoneOf). */
  definesNone?: { key: string; none: boolean };
  /** What a replay's marks did from one starting state (its key), to do again from the same (see undef-marks.ts). */
  markEvents?: { key: string; events: unknown[] };
  /** Whether the walk defines a macro whose replacement uses `__COUNTER__` (see definesCounter). */
  counterDefine?: boolean;
  /** The headers of the walk (nested walks included) whose #includes with code above them first read files (see UnitResult.heads); absent when none. */
  heads?: string[];
  /**
   * [header, file, line of the header's #include] of each file first read through that #include whose #defines the
   * header names above it (nested walks included; see UnitResult.through); absent when none.
   */
  through?: (string | number)[];
  /** Recorded or replayed since the cache last swept out the entries no walk replayed (see HeaderWalkCache.add). */
  used: boolean;
}

/**
 * A recorded walk's effects (nested walks included) grouped for replay: per file, in the order the walk first
 * visited it, the line ranges, evaluated groups and taken branches it added, each list in its order; then the
 * #define, #undef and #pragma once operations in order. Applying them so gives what applying the log in order
 * gives (each file's lists keep their order and nothing reads them during a replay) with one visit lookup per
 * file instead of one per operation.
 */
export interface GroupedEffects {
  files: string[];
  /** Per file: [from, to] pairs, evaluated and taken directive indices; null when the walk added none. */
  ranges: (number[] | null)[];
  groups: (number[] | null)[];
  taken: (number[] | null)[];
  /** OP_DEFINES, OP_UNDEF and OP_ONCE operations with their operands, in order. */
  ops: unknown[];
}

/** A file view a replayed walk made, reusable while every macro its values consulted has the same definition. */
export interface ReusableView {
  view: FileView;
  /** Made with conditional decisions recorded (evaluated / taken heads). */
  decisions: boolean;
  names: string[];
  defs: (MacroDef | undefined)[];
  /**
   * The read of the view by every unit that takes it (its file, content hash and view): one object in each of
   * their results, not one per unit (LVGL's 952 units held 273 000 reads, 12.5 MB, until their merge).
   */
  read?: UnitFileRead;
}

/** A walk of a header being recorded (nested recordings form a stack through `parent`). */
export class HeaderRecorder {
  readonly reads = new Map<string, MacroDef | undefined>();
  /** Every name looked up, also after the walk wrote it. */
  readonly allReads = new Set<string>();
  readonly written = new Set<string>();
  readonly onceReads = new Map<string, boolean>();
  readonly onceAdded = new Set<string>();
  readonly files = new Map<string, FileSkeleton>();
  readonly ops: unknown[] = [];
  depth = 0;
  /** Set when the walk used something the key does not hold (counter in a directive, include level, macro stacks). */
  uncacheable = false;
  /** `__COUNTER__` uses of the code lines it read (see HeaderEntry.counted). */
  counted = 0;
  /** The files whose code lines made them (see HeaderEntry.countedIn). */
  readonly countedIn = new Set<string>();
  /** Names looked up to count the counter's uses, before the walk wrote them (see HeaderEntry.countNames). */
  readonly countReads = new Map<string, MacroDef | undefined>();
  /** Where in `ops` the last OP_DEFINES starts (-1: none yet). */
  private lastRun = -1;
  /** What finish made of the walk, once it did (see FileVisit.recordedIn). */
  entry?: HeaderEntry;
  /** See HeaderEntry.heads and through. */
  heads?: string[];
  through?: (string | number)[];

  constructor(readonly parent: HeaderRecorder | undefined, file: string, sk: FileSkeleton) {
    this.files.set(file, sk);
  }

  read(name: string, def: MacroDef | undefined): void {
    this.allReads.add(name);
    if (!this.written.has(name) && !this.reads.has(name)) this.reads.set(name, def);
  }

  /** A name a code line named (or an expansion looked up undefined), looked up to count the counter's uses. */
  countRead(name: string, def: MacroDef | undefined): void {
    if (!this.written.has(name) && !this.countReads.has(name)) this.countReads.set(name, def);
  }

  /** The walk set `def` (directive `index` of `sk`, made canonical) in the environment: logged as a run of #defines. */
  defined(sk: FileSkeleton, index: number, def: MacroDef): void {
    this.written.add(def.name);
    const ops = this.ops;
    const n = ops.length;
    // The run goes on when nothing was logged since it and this directive follows its last one.
    if (this.lastRun === n - 4 && ops[n - 3] === sk && ops[n - 1] === index - 1) ops[n - 1] = index;
    else {
      this.lastRun = n;
      ops.push(OP_DEFINES, sk, index, index);
    }
  }

  onceRead(file: string, seen: boolean): void {
    if (!this.onceAdded.has(file) && !this.onceReads.has(file)) this.onceReads.set(file, seen);
  }

  /** The finished walk as an entry, or undefined when it cannot be reused. */
  finish(): HeaderEntry | undefined {
    if (this.uncacheable) return undefined;
    return {
      readNames: [...this.reads.keys()],
      readDefs: [...this.reads.values()],
      readAll: [...this.allReads],
      ...onceLists(this.onceReads),
      files: [...this.files.keys()],
      skeletons: [...this.files.values()],
      depth: this.depth,
      counted: this.counted,
      ...(this.countedIn.size !== 0 ? { countedIn: [...this.countedIn] } : {}),
      ...(this.countReads.size !== 0 ? { countNames: [...this.countReads.keys()], countDefs: [...this.countReads.values()] } : {}),
      // Copied to its length: grown by push, a log had room for up to half as much again (16 more slots a short one).
      ops: this.ops.slice(),
      ...(this.heads !== undefined ? { heads: this.heads } : {}),
      ...(this.through !== undefined ? { through: this.through } : {}),
      used: true,
    };
  }

  /** A header whose #include with code above it first read files (see HeaderEntry.heads). */
  addHead(file: string): void {
    const heads = (this.heads ??= []);
    if (!heads.includes(file)) heads.push(file);
  }

  /** A file first read through a header's #include at `line` whose #defines the header names above it (see HeaderEntry.through). */
  addThrough(header: string, file: string, line: number): void {
    (this.through ??= []).push(header, file, line);
  }

  /** Takes in a nested recording that just finished (its entry, when it has one). */
  absorbChild(child: HeaderRecorder, entry: HeaderEntry | undefined): void {
    if (!entry) {
      this.uncacheable = true;
      return;
    }
    // forEach, not for-of: no iterator result nor [key, value] pair made per name.
    child.reads.forEach((def, name) => this.read(name, def));
    child.countReads.forEach((def, name) => this.countRead(name, def));
    const allReads = this.allReads;
    child.allReads.forEach((name) => allReads.add(name));
    const written = this.written;
    child.written.forEach((name) => written.add(name));
    child.onceReads.forEach((seen, file) => this.onceRead(file, seen));
    const onceAdded = this.onceAdded;
    child.onceAdded.forEach((file) => onceAdded.add(file));
    // The entry's readAll is the child's allReads, just taken in.
    this.absorbOutcome(entry);
  }

  /** Takes in a replayed entry whose inputs were already read through this recording. */
  absorbEffects(entry: HeaderEntry): void {
    const allReads = this.allReads;
    const readAll = entry.readAll;
    for (let k = 0; k < readAll.length; k++) allReads.add(readAll[k]);
    this.absorbOutcome(entry);
  }

  /** An entry's files, depth, counter uses and place in the log taken in (absorbEffects but for its names read). */
  private absorbOutcome(entry: HeaderEntry): void {
    const files = entry.files;
    const skeletons = entry.skeletons;
    for (let k = 0; k < files.length; k++) this.files.set(files[k], skeletons[k]);
    if (entry.depth + 1 > this.depth) this.depth = entry.depth + 1;
    this.counted += entry.counted;
    const countedIn = entry.countedIn;
    if (countedIn !== undefined) for (let k = 0; k < countedIn.length; k++) this.countedIn.add(countedIn[k]);
    const countNames = entry.countNames;
    if (countNames !== undefined) for (let k = 0; k < countNames.length; k++) this.countRead(countNames[k], entry.countDefs![k]);
    if (entry.heads !== undefined) for (const head of entry.heads) this.addHead(head);
    const through = entry.through;
    if (through !== undefined) for (let k = 0; k < through.length; k += 3) this.addThrough(through[k] as string, through[k + 1] as string, through[k + 2] as number);
    this.ops.push(OP_SUB, entry);
  }
}

/** The files whose #pragma once state a walk tested, those marked then first (see HeaderEntry.onceFiles). */
function onceLists(reads: ReadonlyMap<string, boolean>): Pick<HeaderEntry, 'onceFiles' | 'onceSeen'> {
  let onceSeen = 0;
  reads.forEach((seen) => {
    if (seen) onceSeen++;
  });
  // Made at its length (a list grown by push has room to spare).
  const onceFiles = new Array<string>(reads.size);
  let marked = 0;
  let unmarked = onceSeen;
  reads.forEach((seen, file) => {
    onceFiles[seen ? marked++ : unmarked++] = file;
  });
  return { onceFiles, onceSeen };
}

/** What a walk's state looks like to the cache when checking an entry. */
export interface HeaderWalkState {
  env: MacroEnv;
  onceSeen: Set<string>;
  skeleton(file: string): FileSkeleton | undefined;
}

const MAX_ENTRIES_PER_SLOT = 64;
const MAX_ENTRIES = 50_000;

/**
 * Weight (see entryWeight) of the entries a cache takes before it takes no more, ~55 bytes of heap a unit with what
 * they hold. A host build's units read ~900 libstdc++ and project headers each, and an entry lists every name, file
 * and operation of the walks nested in it: 341 units recorded 1 843 entries of weight 1.7 M, ~90 MB live at the end
 * of the build's walks (peak RSS ~390 MiB), where a board's build records a few hundred. Tests lower it.
 */
export const headerWalkWeight = { max: 800_000 };

/** An entry's lists, counted in items: what its memory grows with (its views and replay forms come later, and are left out). */
function entryWeight(e: HeaderEntry): number {
  return 2 * (e.readNames.length + e.onceFiles.length + e.files.length + (e.countNames?.length ?? 0)) + e.readAll.length + e.ops.length;
}

/** A cache's list of the entries recorded for one file, place in the search chain and walker configuration. */
type Slot = HeaderEntry[] & { key?: string };

/**
 * Recorded header walks of one run, by file, place in the search chain and walker configuration. Full, it makes room
 * by sweeping out the entries no walk replayed since the last sweep (a clock's second chance): the entries of a build
 * whose macro state no later build shares leave room for the later builds' own, instead of holding the cache full.
 */
export class HeaderWalkCache {
  private slots = new Map<string, Slot>();
  private count = 0;
  /** Weight of the entries held (see headerWalkWeight). */
  private held = 0;
  /** `recorded` at the last sweep: a sweep waits for an eighth of the entries held (at least 64) offered since. */
  private recordedAtSweep = 0;
  /** Header inclusions walked (no entry held) / of those, recorded for reuse / replayed from an entry. */
  walked = 0;
  recorded = 0;
  replayed = 0;
  /** Times the entries were dropped between builds to bound memory (see dropWalksPastBudget). */
  dropped = 0;
  /** Entries swept out to make room (see add). */
  swept = 0;

  slot(key: string): HeaderEntry[] {
    const s = this.slots.get(key);
    if (s) return s;
    const made: Slot = [];
    made.key = key;
    this.slots.set(key, made);
    return made;
  }

  /** The first entry of `slot` whose inputs hold in `state`. */
  find(slot: HeaderEntry[], state: HeaderWalkState, maxDepth: number): HeaderEntry | undefined {
    for (const e of slot) {
      if (e.depth < maxDepth && holds(e, state)) {
        e.used = true;
        return e;
      }
    }
    return undefined;
  }

  add(slot: HeaderEntry[], entry: HeaderEntry): void {
    this.recorded++;
    if (slot.length >= MAX_ENTRIES_PER_SLOT) return;
    const weight = entryWeight(entry);
    if (!this.fits(weight)) {
      if (!this.maySweep()) return;
      this.sweep();
      if (!this.fits(weight)) return;
    }
    // A sweep may have taken the slot's last entry, and the slot out of the map with it.
    const key = (slot as Slot).key;
    if (key !== undefined && this.slots.get(key) !== slot) this.slots.set(key, slot);
    slot.push(entry);
    this.count++;
    this.held += weight;
  }

  private fits(weight: number): boolean {
    return this.count < MAX_ENTRIES && this.held + weight <= headerWalkWeight.max;
  }

  private maySweep(): boolean {
    return this.recorded - this.recordedAtSweep >= Math.max(64, this.count >> 3);
  }

  get size(): number {
    return this.count;
  }

  /** Weight of the entries held (see headerWalkWeight). */
  get weight(): number {
    return this.held;
  }

  /** Drops every entry (the counts of walks stay). */
  clear(): void {
    this.slots.clear();
    this.count = 0;
    this.held = 0;
  }

  /**
   * Drops the entries that read one of `skeletons` (dropped from the skeleton cache: a file read again gets
   * another skeleton, so these entries could never hold again, and they hold the dropped definitions).
   */
  forget(skeletons: ReadonlySet<FileSkeleton>): void {
    if (skeletons.size === 0) return;
    this.dropWhere((e) => e.skeletons.some((sk) => skeletons.has(sk)));
  }

  /** Drops the entries not replayed since the last sweep and clears the others' mark. */
  private sweep(): void {
    this.recordedAtSweep = this.recorded;
    this.swept += this.dropWhere((e) => {
      if (!e.used) return true;
      e.used = false;
      return false;
    });
  }

  /** Drops the entries `drop` answers true for, in place (walks under way hold their slots); answers how many. */
  private dropWhere(drop: (e: HeaderEntry) => boolean): number {
    let dropped = 0;
    for (const [key, slot] of this.slots) {
      let kept = 0;
      for (const e of slot) {
        if (drop(e)) {
          this.held -= entryWeight(e);
          dropped++;
        } else slot[kept++] = e;
      }
      slot.length = kept;
      if (kept === 0) this.slots.delete(key);
    }
    this.count -= dropped;
    return dropped;
  }
}

function holds(e: HeaderEntry, state: HeaderWalkState): boolean {
  const env = state.env;
  // Read without notifying a tracking environment: a failed check must not count as consulted.
  const tracked = env instanceof TrackedEnv ? env : undefined;
  // Walks whose macros are one shared layer check an entry's macro inputs once (see env-layer.ts).
  const layer = tracked?.layer;
  let macrosHold = layer?.inputsHold.get(e);
  if (macrosHold === undefined) {
    macrosHold = inputsHold(e, env, tracked);
    layer?.inputsHold.set(e, macrosHold);
  }
  if (!macrosHold) return false;
  const onceFiles = e.onceFiles;
  for (let k = 0; k < onceFiles.length; k++) if (state.onceSeen.has(onceFiles[k]) !== k < e.onceSeen) return false;
  for (let k = 0; k < e.files.length; k++) if (state.skeleton(e.files[k]) !== e.skeletons[k]) return false;
  return true;
}

/** Whether the macros the entry's walk read before writing them (and those its count looked up) have the same definitions in `env`. */
function inputsHold(e: HeaderEntry, env: MacroEnv, tracked: TrackedEnv | undefined): boolean {
  const names = e.readNames;
  const defs = e.readDefs;
  for (let k = 0; k < names.length; k++) {
    const def = tracked !== undefined ? tracked.peek(names[k]) : env.get(names[k]);
    if (def !== defs[k] && !sameDefinition(def, defs[k])) return false;
  }
  const countNames = e.countNames;
  if (countNames === undefined) return true;
  const countDefs = e.countDefs!;
  for (let k = 0; k < countNames.length; k++) {
    const def = tracked !== undefined ? tracked.peek(countNames[k]) : env.get(countNames[k]);
    if (def !== countDefs[k] && !sameDefinition(def, countDefs[k])) return false;
  }
  return true;
}

/**
 * The entry's effects grouped (made once per entry); null for a walk that reported diagnostics, whose order
 * among the visits' own reports only the log keeps.
 */
export function groupedEffects(e: HeaderEntry): GroupedEffects | null {
  if (e.grouped !== undefined) return e.grouped;
  const g: GroupedEffects = { files: [], ranges: [], groups: [], taken: [], ops: [] };
  return (e.grouped = collectEffects(e, g, new Map()) ? exactLists(g) : null);
}

/**
 * The grouped lists copied to their exact lengths: grown by push, each had room for ~17 more numbers (a list of
 * one range took ~150 bytes), and a build's recorded walks hold ~60 000 of them (~35 MB for LVGL's 952 units).
 */
function exactLists(g: GroupedEffects): GroupedEffects {
  const exact = (lists: (number[] | null)[]) => lists.map((l) => (l === null ? null : l.slice()));
  return { files: g.files.slice(), ranges: exact(g.ranges), groups: exact(g.groups), taken: exact(g.taken), ops: g.ops.slice() };
}

function collectEffects(e: HeaderEntry, g: GroupedEffects, at: Map<string, number>): boolean {
  const ops = e.ops;
  let k = 0;
  while (k < ops.length) {
    const op = ops[k] as number;
    if (op === OP_VISIT) {
      const file = ops[k + 1] as string;
      if (!at.has(file)) {
        at.set(file, g.files.length);
        g.files.push(file);
        g.ranges.push(null);
        g.groups.push(null);
        g.taken.push(null);
      }
      k += 2;
    } else if (op === OP_RANGE || op === OP_GROUP || op === OP_TAKEN) {
      // A walk visits a file before it adds to it; a log that says otherwise is replayed as it is.
      const i = at.get(ops[k + 1] as string);
      if (i === undefined) return false;
      if (op === OP_RANGE) {
        (g.ranges[i] ??= []).push(ops[k + 2] as number, ops[k + 3] as number);
        k += 4;
      } else {
        const list = op === OP_GROUP ? g.groups : g.taken;
        (list[i] ??= []).push(ops[k + 2] as number);
        k += 3;
      }
    } else if (op === OP_DEFINES) {
      g.ops.push(op, ops[k + 1], ops[k + 2], ops[k + 3]);
      k += 4;
    } else if (op === OP_UNDEF || op === OP_ONCE) {
      g.ops.push(op, ops[k + 1]);
      k += 2;
    } else if (op === OP_SUB) {
      if (!collectEffects(ops[k + 1] as HeaderEntry, g, at)) return false;
      k += 2;
    } else if (op === OP_READ) k += 2;
    else return false;
  }
  return true;
}

/**
 * The files whose text a recorded walk read (nested walks included), in order, one entry per read (made once per
 * entry): a replay that changes none of the names a unit's #undefs touched marks each read with them (see undef-marks.ts).
 */
export function readsOf(e: HeaderEntry): string[] {
  if (e.reads !== undefined) return e.reads;
  const out: string[] = [];
  collectReads(e, out);
  return (e.reads = out);
}

/** The names a recorded walk's #undefs undefined, nested walks included (made once per entry). */
export function undefNamesOf(e: HeaderEntry): string[] {
  if (e.undefNames !== undefined) return e.undefNames;
  const out = new Set<string>();
  collectUndefNames(e, out);
  return (e.undefNames = [...out]);
}

/** How many slots of a walk's log an operation takes, itself included. */
function opWidth(op: number): number {
  return op === OP_RANGE || op === OP_DEFINES ? 4 : op === OP_GROUP || op === OP_TAKEN ? 3 : 2;
}

function collectUndefNames(e: HeaderEntry, out: Set<string>): void {
  const ops = e.ops;
  let k = 0;
  while (k < ops.length) {
    const op = ops[k] as number;
    if (op === OP_UNDEF) out.add(ops[k + 1] as string);
    else if (op === OP_SUB) collectUndefNames(ops[k + 1] as HeaderEntry, out);
    k += opWidth(op);
  }
}

/** Whether a recorded walk (nested walks included) defines none of `names` (`key` names the set: answered once per entry and set). */
export function definesNoneOf(e: HeaderEntry, names: ReadonlySet<string>, key: string): boolean {
  if (e.definesNone?.key === key) return e.definesNone.none;
  const none = !definesAny(e, names);
  e.definesNone = { key: noneKeys.get(key), none };
  return none;
}

/**
 * Keys of sets definesNoneOf was asked about, each held once (32 at most): callers make a set's key anew each time
 * they follow other names, and the entries asked held ~0.4 MB of copies of a few keys at Meshtastic's `coverage`.
 */
const noneKeys = new HeldStrings(32);

/**
 * The held string of a key of names for definesNoneOf: an entry's key and the caller's are then one string, compared
 * as such, not character by character (~6 KB: Marlin's followed #undef names).
 */
export function heldNamesKey(key: string): string {
  return noneKeys.get(key);
}

function definesAny(e: HeaderEntry, names: ReadonlySet<string>): boolean {
  const ops = e.ops;
  let k = 0;
  while (k < ops.length) {
    const op = ops[k] as number;
    if (op === OP_DEFINES) {
      const dirs = (ops[k + 1] as FileSkeleton).directives;
      for (let i = ops[k + 2] as number; i <= (ops[k + 3] as number); i++) if (names.has(dirs[i].macro!.name)) return true;
    } else if (op === OP_SUB && definesAny(ops[k + 1] as HeaderEntry, names)) return true;
    k += opWidth(op);
  }
  return false;
}

/** Whether a recorded walk (nested walks included) defines a macro whose replacement uses `__COUNTER__` (answered once per entry). */
export function definesCounter(e: HeaderEntry): boolean {
  if (e.counterDefine !== undefined) return e.counterDefine;
  let found = false;
  const ops = e.ops;
  for (let k = 0; k < ops.length && !found; k += opWidth(ops[k] as number)) {
    const op = ops[k] as number;
    if (op === OP_DEFINES) {
      const dirs = (ops[k + 1] as FileSkeleton).directives;
      for (let i = ops[k + 2] as number; i <= (ops[k + 3] as number) && !found; i++) found = usesCounter(dirs[i].macro!);
    } else if (op === OP_SUB) found = definesCounter(ops[k + 1] as HeaderEntry);
  }
  return (e.counterDefine = found);
}

/** Whether a definition's text names `__COUNTER__` (a string or comment naming it counts too: rare, and only asks more). */
export const usesCounter = (def: MacroDef): boolean => def.text.includes('__COUNTER__');

function collectReads(e: HeaderEntry, out: string[]): void {
  const ops = e.ops;
  let k = 0;
  while (k < ops.length) {
    const op = ops[k] as number;
    if (op === OP_READ) out.push(ops[k + 1] as string);
    else if (op === OP_SUB) collectReads(ops[k + 1] as HeaderEntry, out);
    k += opWidth(op);
  }
}

/** A diagnostic replayed into a unit: its own object, so units never share one. */
export function replayedDiagnostic(d: Diagnostic): Diagnostic {
  return { ...d };
}
