// One frozen list per distinct state of a walk's #undef marks (UndoneMarks.states): LVGL's 952 units hold 17 000
// state lists of ~50 names each (glibc's limits and types headers #undef many), 959 of them distinct; and a walk's
// state naming no #define found by its names in walk order, not made again per unit. Lists are found by a hash of
// their entries that a list made from another's changes works out from those changes (see entriesHash).
import { isWithSortedChanges } from './sorted-lists.js';
import type { UndoneStateList } from './undef-marks.js';

/** Distinct states by the hash of their entries, each bucket's lists compared entry by entry. Bounded: cleared when full. */
const byHash = new Map<number, (readonly string[])[]>();
let held = 0;
const MAX_HELD = 8192;

/** The entriesHash each list sharedState made was held with, while the list lives. */
const listHashes = new WeakMap<readonly string[], number>();

/** The entriesHash of a list sharedState made; undefined for another list. */
export function heldListHash(list: readonly string[]): number | undefined {
  return listHashes.get(list);
}

/** The held list with these entries (sorted; `hash` their entriesHash), or these entries, frozen, now held. */
export function sharedState(entries: readonly string[], h: number): readonly string[] {
  let bucket = byHash.get(h);
  if (bucket !== undefined) for (const s of bucket) if (s === entries || sameEntries(s, entries)) return s;
  if (held >= MAX_HELD) {
    byHash.clear();
    held = 0;
    bucket = undefined;
    forgetSteps();
  }
  // Copied to its length (grown by push it had room to spare) and frozen: every unit with this state reads it.
  const kept = Object.freeze(entries.slice());
  listHashes.set(kept, h);
  if (bucket === undefined) byHash.set(h, [kept]);
  else bucket.push(kept);
  held++;
  return kept;
}

/**
 * The held list with the entries of `prev` less `dropped`, plus `added` (each sorted: see withSortedChanges), `h`
 * their entriesHash; undefined when none is held. Found without making that list: a walk's states are mostly ones
 * the build's other units had (Marlin: ~90 a unit of ~300 entries each, made per version and dropped).
 */
export function heldWithChanges(prev: readonly string[], dropped: readonly string[], added: readonly string[], h: number): readonly string[] | undefined {
  const known = steps.get(prev);
  if (known !== undefined) {
    for (const s of known) {
      if (s.hash !== h || !sameEntries(s.dropped, dropped) || !sameEntries(s.added, added)) continue;
      stepsFound.count++;
      return s.list;
    }
  }
  const bucket = byHash.get(h);
  if (bucket !== undefined) {
    for (const s of bucket) {
      if (!isWithSortedChanges(s, prev, dropped, added)) continue;
      keepStep(prev, { hash: h, dropped, added, list: s }, known);
      return s;
    }
  }
  return undefined;
}

/** A held list made from another by changes (sorted, see withSortedChanges), its entriesHash `hash`. */
interface Step {
  hash: number;
  dropped: readonly string[];
  added: readonly string[];
  list: readonly string[];
}

/**
 * Per held list, the changes heldWithChanges found a held list for: the units of a build change their #undef states
 * alike, so a step met again is found by its changes (~16 entries) where the held list was compared whole with the
 * list and changes (~300 entries; 1.5 s of 107 s sampled on 32 of Marlin's F103 envs). Emptied with the held lists,
 * and once its steps hold STEP_ENTRIES changes.
 */
let steps = new WeakMap<readonly string[], Step[]>();
/** How many lists heldWithChanges found by their step (for tests). */
export const stepsFound = { count: 0 };
let stepEntries = 0;
const STEP_ENTRIES = 65536;

function keepStep(prev: readonly string[], step: Step, known: Step[] | undefined): void {
  stepEntries += step.dropped.length + step.added.length + 1;
  if (stepEntries > STEP_ENTRIES) {
    forgetSteps();
    known = undefined;
  }
  if (known === undefined) steps.set(prev, [step]);
  else known.push(step);
}

function forgetSteps(): void {
  steps = new WeakMap();
  stepEntries = 0;
}

/** The entries of the build's walks' states (names, `name\0k\0line`: see definedEntries), each held once. Bounded: cleared when full. */
const entries = new Map<string, string>();
const MAX_ENTRIES = 65536;

/**
 * The entry held for this one, the same string object for every walk making it: held lists are found by their
 * entries compared in step (see heldWithChanges), where equal strings made apart were compared character by character.
 */
export function heldEntry(entry: string): string {
  const held = entries.get(entry);
  if (held !== undefined) return held;
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(entry, entry);
  return entry;
}

/** A walk's state whose names are all undefined: its names in walk order, its shared list and the list's entriesHash. */
interface PlainState {
  names: readonly string[];
  list: readonly string[];
  hash: number;
}

/** Plain states by their hash (UndefMarks's key of the state). Bounded: cleared when full. */
const plainByKey = new Map<number, PlainState[]>();
let plainHeld = 0;

/**
 * The state a walk's pairs make (`key` their hash, see UndefMarks) when it names no #define and is held: found by its
 * pairs (a unit that read glibc's headers as another did has the same, in the same order). Undefined otherwise.
 */
export function knownPlainState(pairs: UndoneStateList, key: number): PlainState | undefined {
  const bucket = plainByKey.get(key);
  if (bucket !== undefined) for (const p of bucket) if (sameNames(p.names, pairs)) return p;
  return undefined;
}

/**
 * The pairs' state held as a plain one (see knownPlainState), its list shared (`entries` the pairs' names sorted,
 * `hash` their entriesHash); undefined when the pairs name a #define.
 */
export function heldPlainState(pairs: UndoneStateList, key: number, entries: readonly string[], hash: number): PlainState | undefined {
  for (let k = 1; k < pairs.length; k += 2) if (pairs[k] !== null) return undefined;
  // The names alone, not the walk's pairs: a state of ~150 names held as pairs took ~7 KB.
  const names = new Array<string>(pairs.length >> 1);
  for (let k = 0; k < names.length; k++) names[k] = pairs[2 * k] as string;
  if (plainHeld >= MAX_HELD) {
    plainByKey.clear();
    plainHeld = 0;
  }
  const made = { names, list: sharedState(entries, hash), hash };
  const bucket = plainByKey.get(key);
  if (bucket === undefined) plainByKey.set(key, [made]);
  else bucket.push(made);
  plainHeld++;
  return made;
}

/** Whether the pairs (a flat state list) are these names in this order, each undefined. */
function sameNames(names: readonly string[], pairs: UndoneStateList): boolean {
  if (2 * names.length !== pairs.length) return false;
  for (let k = 0; k < names.length; k++) if (names[k] !== pairs[2 * k] || pairs[2 * k + 1] !== null) return false;
  return true;
}

/**
 * Forgets the held states (after a build's walks: its results hold the lists they name until its merge). A
 * build of many states (glibc's headers followed loosely: LVGL's 1 554) otherwise kept ~8 MB to the run's end.
 */
export function releaseSharedStates(): void {
  byHash.clear();
  held = 0;
  forgetSteps();
  plainByKey.clear();
  plainHeld = 0;
  entries.clear();
}

/** Whether two lists hold the same entries in the same order. */
export function sameEntries(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/**
 * A hash of a list's entries, whatever their order: the sum of each entry's (see entryHash). A list made from another
 * by dropping and adding entries has the other's hash less the dropped entries' and plus the added ones'.
 */
export function entriesHash(entries: readonly string[]): number {
  let h = 0;
  for (let k = 0; k < entries.length; k++) h = (h + entryHash(entries[k])) | 0;
  return h;
}

/** A hash of one entry (FNV-1a of its characters). */
export function entryHash(entry: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < entry.length; i++) h = Math.imul(h ^ entry.charCodeAt(i), 0x01000193);
  return h;
}
