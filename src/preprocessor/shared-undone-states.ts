// One frozen list per distinct state of a walk's #undef marks (UndoneMarks.states): LVGL's 952 units hold 17 000
// state lists of ~50 names each (glibc's limits and types headers #undef many), 959 of them distinct; and a walk's
// state naming no #define found by its names in walk order, not sorted and joined again per unit.
import type { MacroDef } from './macro-definition.js';
import type { UndoneMarks } from './undone-names.js';

/** Distinct states by a hash of their text, each bucket's lists compared entry by entry. Bounded: cleared when full. */
const byHash = new Map<number, (readonly string[])[]>();
let held = 0;
const MAX_HELD = 8192;

/** The held list with these entries (sorted, joined by '\n' in `text`), or these entries, frozen, now held. */
export function sharedState(entries: readonly string[], text: string): readonly string[] {
  const h = textHash(text);
  let bucket = byHash.get(h);
  if (bucket !== undefined) for (const s of bucket) if (sameEntries(s, entries)) return s;
  if (held >= MAX_HELD) {
    byHash.clear();
    held = 0;
    bucket = undefined;
  }
  // Copied to its length (grown by push it had room to spare) and frozen: every unit with this state reads it.
  const kept = Object.freeze(entries.slice());
  if (bucket === undefined) byHash.set(h, [kept]);
  else bucket.push(kept);
  held++;
  return kept;
}

/** A stored result's marks with their states shared (read from its JSON, each list is a new one). */
export function sharedStatesOf(u: UndoneMarks): UndoneMarks {
  return { ...u, states: u.states.map((s) => sharedState(s, s.join('\n'))) };
}

/** A walk's state whose names are all undefined: its names in walk order, its shared list and text. */
interface PlainState {
  names: readonly string[];
  list: readonly string[];
  text: string;
}

/** Plain states by their hash (UndefMarks's key of the state). Bounded: cleared when full. */
const plainByKey = new Map<number, PlainState[]>();
let plainHeld = 0;

/**
 * The shared list and text of a walk's state (`key` its hash) when it names no #define: found by its pairs (a unit
 * that read glibc's headers as another did has the same, in the same order), else made. Undefined when it names one.
 */
export function plainState(pairs: readonly (readonly [string, MacroDef | null])[], key: number): PlainState | undefined {
  let bucket = plainByKey.get(key);
  if (bucket !== undefined) for (const p of bucket) if (sameNames(p.names, pairs)) return p;
  for (let k = 0; k < pairs.length; k++) if (pairs[k][1] !== null) return undefined;
  // The names alone, not the walk's pairs: a state of ~150 names held as pairs took ~7 KB.
  const names = pairs.map((p) => p[0]);
  const entries = names.slice().sort();
  const text = entries.join('\n');
  if (plainHeld >= MAX_HELD) {
    plainByKey.clear();
    plainHeld = 0;
    bucket = undefined;
  }
  const made = { names, list: sharedState(entries, text), text };
  if (bucket === undefined) plainByKey.set(key, [made]);
  else bucket.push(made);
  plainHeld++;
  return made;
}

/** Whether the pairs are these names in this order, each undefined. */
function sameNames(names: readonly string[], pairs: readonly (readonly [string, MacroDef | null])[]): boolean {
  if (names.length !== pairs.length) return false;
  for (let k = 0; k < names.length; k++) if (names[k] !== pairs[k][0] || pairs[k][1] !== null) return false;
  return true;
}

/**
 * Forgets the held states (after a build's walks: its results hold the lists they name until its merge). A
 * build of many states (glibc's headers followed loosely: LVGL's 1 554) otherwise kept ~8 MB to the run's end.
 */
export function releaseSharedStates(): void {
  byHash.clear();
  held = 0;
  plainByKey.clear();
  plainHeld = 0;
}

function sameEntries(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

function textHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h;
}
