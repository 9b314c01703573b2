// A unit result's #undef marks (UnitResult.undone) as a value list (see value-lists.ts), named by
// unit_results.undone_id: its first item the marks and runs (see marks-item.ts), then one item per state, each after
// the first written as the names it drops and adds to the state before it where that is shorter. The units of a project's envs repeat a
// few hundred distinct sets (533 in 2 661 results of 14 PlatformIO envs), and the sets of 246 builds of one project
// ~16 000 distinct states (a state lists the names #undef'd: ~2.7 KB; 43 MB as whole states), most of them the state
// before but for a name or two: as changes they are a few distinct short items.
import type { UndoneMarks } from '../preprocessor/undone-names.js';
import { entriesHash, sharedState } from '../preprocessor/shared-undone-states.js';
import { DecodedUndoneCache } from './decoded-undone-cache.js';
import type { Db } from './open-index.js';
import { EMPTY_LIST, listText, storedListJson, type ListText } from './value-lists.js';
import { marksItem, marksOfItem } from './marks-item.js';
import { WeighedCache } from '../model/weighed-cache.js';
import { buildGeneration } from '../model/build-generation.js';
import { sortedDifference, withSortedChanges } from '../preprocessor/sorted-lists.js';
import { jsonArrayLength, jsonElementsLength } from './json-lengths.js';

/**
 * Texts made lately, by their marks item, with the states they were made of (shared lists: see
 * shared-undone-states.ts). The units of a project's envs repeat a few hundred distinct lists (of 5 831 results of 20
 * nRF52 envs, 4 908 repeat an earlier one), each ~35 KB of JSON worked out state by state and hashed. Bounded by the
 * characters of their JSON (cleared when full); a build's first use drops what the last build using it did not read
 * (see build-generation.ts): filled by the host envs' lists, it held 8.9 MB of Meshtastic's heap at `native`'s start.
 */
const madeTexts = new WeighedCache<string, { states: UndoneMarks['states']; text: ListText }>(4_000_000, (made) => made.text.json.length, Infinity, true);

/** The list of `marks` (none: the empty list) and its sha1: the one made last of the same marks and states, when held. */
export function undoneText(marks: UndoneMarks | undefined): ListText {
  if (marks === undefined) return EMPTY_LIST;
  const head = marksItem(marks);
  const made = madeTexts.get(head);
  if (made !== undefined && sameLists(made.states, marks.states)) return made.text;
  const text = madeText(head, marks.states);
  madeTexts.set(head, { states: marks.states, text });
  return text;
}

/** Whether `a` and `b` hold the same lists (the same objects) in the same order. */
function sameLists(a: UndoneMarks['states'], b: UndoneMarks['states']): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The list of marks item `head` and `states`, and its sha1. */
function madeText(head: string, states: UndoneMarks['states']): ListText {
  const items: (readonly string[] | StateChange)[] = [];
  // What the state before takes in JSON (see jsonElementsLength): each state's worked out from its changes.
  let chars = 0;
  for (let i = 0; i < states.length; i++) {
    if (i === 0) {
      items.push(states[0]);
      chars = jsonElementsLength(states[0]);
    } else {
      const made = stateItemOf(states[i - 1], states[i], chars);
      items.push(made.item);
      chars = made.chars;
    }
  }
  return listText(JSON.stringify([head, ...items]));
}

/** The names a state drops (`-`) and adds (`+`) to the state before it, each sorted; empty ones left out. */
interface StateChange {
  '-'?: string[];
  '+'?: string[];
}

/** A state as an item after the state before it, and what its strings take in JSON (see stateItem). */
type StateItem = ReturnType<typeof stateItem>;

/**
 * stateItem's answers by the two states (shared lists: see shared-undone-states.ts), for the build making them: its
 * units repeat the same steps from one state to the next (of ~300-900 names each), each step diffed again for each
 * unit's list made (Marlin's F103 envs: 1.2 s of 110 in a CPU profile; 9 500 distinct steps of 103 000). Emptied at
 * a build's first use and when it holds MAX_STEPS: it keeps no build's states past the next build's first list.
 */
let itemsAfter = new Map<readonly string[], Map<readonly string[], StateItem>>();
let stepsHeld = 0;
let stepsBuild = buildGeneration.value;
const MAX_STEPS = 4096;

/** stateItem(prev, cur, prevChars), made once per pair of states while held (see itemsAfter). */
function stateItemOf(prev: readonly string[], cur: readonly string[], prevChars: number): StateItem {
  if (stepsBuild !== buildGeneration.value || stepsHeld >= MAX_STEPS) {
    itemsAfter = new Map();
    stepsHeld = 0;
    stepsBuild = buildGeneration.value;
  }
  let after = itemsAfter.get(prev);
  if (after === undefined) itemsAfter.set(prev, (after = new Map()));
  let made = after.get(cur);
  if (made === undefined) {
    after.set(cur, (made = stateItem(prev, cur, prevChars)));
    stepsHeld++;
  }
  return made;
}

/**
 * State `cur` as an item: its changes to `prev` (both sorted), or itself where that is as short in JSON; and what
 * `cur`'s strings take in JSON, `prevChars` what `prev`'s take (see jsonElementsLength). A state of ~900 names
 * differs from the one before by a few: both walked once, neither written to be weighed.
 */
function stateItem(prev: readonly string[], cur: readonly string[], prevChars: number): { item: readonly string[] | StateChange; chars: number } {
  const { dropped, added } = sortedDifference(prev, cur);
  const droppedChars = jsonElementsLength(dropped);
  const addedChars = jsonElementsLength(added);
  const chars = prevChars - droppedChars + addedChars;
  // `{`, `"-":` and the array, a comma between the two, `}` (JSON.stringify of the change).
  const changeLength =
    2 + (dropped.length ? 4 + jsonArrayLength(dropped.length, droppedChars) : 0) + (added.length ? 4 + jsonArrayLength(added.length, addedChars) : 0) + (dropped.length && added.length ? 1 : 0);
  if (changeLength >= jsonArrayLength(cur.length, chars)) return { item: cur, chars };
  const change: StateChange = { ...(dropped.length ? { '-': dropped } : {}), ...(added.length ? { '+': added } : {}) };
  return { item: change, chars };
}

/** The marks a list's JSON holds (its states the lists the walks' results hold: see shared-undone-states.ts). */
export function undoneFromJson(json: string): UndoneMarks | undefined {
  return decodedUndone(json, sharedState).marks;
}

/** Names as JSON.parse made them. */
const asParsed = { interned: (list: string[]): string[] => list };

/**
 * The marks a list's JSON holds (its names the strings `names` answers for them), each state the list `share` answers
 * for its entries and their entriesHash, with those hashes: a state made from the one before and its changes has that
 * one's hash less the dropped names' and plus the added ones' (a state of ~300 names changes by a few), so its names
 * are not hashed again.
 */
function decodedUndone(json: string, share: (entries: readonly string[], hash: number) => readonly string[], names: { interned(list: string[]): string[] } = asParsed): { marks: UndoneMarks | undefined; hashes: number[] } {
  if (json === EMPTY_LIST.json) return { marks: undefined, hashes: [] };
  const [head, ...items] = JSON.parse(json) as [string, ...(string[] | StateChange)[]];
  const states: (readonly string[])[] = [];
  const hashes: number[] = [];
  let prev: readonly string[] | undefined;
  let hash = 0;
  for (const item of items) {
    let made: readonly string[];
    if (Array.isArray(item)) {
      made = names.interned(item);
      hash = entriesHash(item);
    } else {
      if (prev === undefined) throw new Error('a stored #undef state names changes to no state before it');
      const dropped = item['-'] ?? [];
      const added = names.interned(item['+'] ?? []);
      made = withSortedChanges(prev, dropped, added);
      // A dropped name the state before does not hold is passed over (see withSortedChanges): hashed whole then.
      hash = made.length === prev.length - dropped.length + added.length ? (hash - entriesHash(dropped) + entriesHash(added)) | 0 : entriesHash(made);
    }
    prev = share(made, hash);
    states.push(prev);
    hashes.push(hash);
  }
  return { marks: { states, ...marksOfItem(head) }, hashes };
}

/**
 * Entries (marks, runs and states of each list, names of each distinct state and each distinct name) the decoded lists
 * of one connection's cache may hold: ~13 bytes of heap an entry. A 3D-printer firmware's units (Marlin's
 * configuration headers #undef and #define again hundreds of names) hold ~100 states of ~300 names each; a 963-unit
 * env names ~170 distinct lists (~400 000 entries), and every env built alike names the same ones again, so the
 * cache holds one such env's lists (at 400 000 it was cleared within each: 32 STM32 envs decoded 181 lists 1 321 times).
 */
export const maxCachedUndone = { entries: 500_000 };

/** Per connection, decoded lists by id (ids are never reused: AUTOINCREMENT). Bounded: cleared when full. */
const undoneById = new WeakMap<Db, DecodedUndoneCache>();

/**
 * The marks of stored list `id` (see unit_results.undone_id), decoded once per connection while its cache holds
 * them: a result shared by many units, or by the same unit of many builds, is not parsed and rebuilt state by state
 * again. The marks are shared: never changed by their readers.
 */
export function storedUndone(db: Db, id: number): UndoneMarks | undefined {
  let ids = undoneById.get(db);
  if (ids === undefined) undoneById.set(db, (ids = new DecodedUndoneCache(() => maxCachedUndone.entries)));
  if (ids.has(id)) return ids.get(id);
  const cache = ids;
  const { marks, hashes } = decodedUndone(storedListJson(db, id), (entries, hash) => cache.state(entries, hash), cache);
  ids.hold(id, marks, hashes);
  return marks;
}

/** Cached lists and their weight (for tests). */
export function cachedUndone(db: Db): { lists: number; weight: number } {
  const ids = undoneById.get(db);
  return { lists: ids?.size ?? 0, weight: ids?.weight ?? 0 };
}

/** The text of stored list `id` (see unit_results.undone_id). */
export function storedUndoneText(db: Db, id: number): ListText {
  return listText(storedListJson(db, id));
}
