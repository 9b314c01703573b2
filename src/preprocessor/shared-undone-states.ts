// One frozen list per distinct state of a walk's #undef marks (UndoneMarks.states): LVGL's 952 units hold 17 000
// state lists of ~50 names each (glibc's limits and types headers #undef many), 959 of them distinct.
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
