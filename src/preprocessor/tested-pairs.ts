// A walk's `tested` list (TrackedEnv.tested): the [name, definition key] pairs of the starting macros it consulted,
// sorted by name. Names consulted in this process are known with their rank (so a list is sorted as small integers)
// and their pair with its JSON (made once: a PlatformIO env's units consult ~1 500 names each, which were written out
// and cut back into items pair by pair to be stored, see value-lists.ts); one lookup per name serves both. The known
// names are bounded by count and by the characters of their names and pairs' JSON.
import type { MacroDef } from './macro-definition.js';
import { definitionKey } from './tracked-env.js';
import { ownString } from '../model/own-strings.js';
import { noteTestedItems, type TestedPair } from '../model/tested-items.js';
import { matchAhead } from '../model/match-ahead.js';

interface PairEntry {
  pair: TestedPair;
  /** JSON.stringify(pair). */
  json: string;
}

/** A name consulted in this process: its rank among those (code-unit order), its pairs as last made. */
interface KnownName {
  rank: number;
  /** Its pair when consulted undefined. */
  undefinedPair: PairEntry | undefined;
  /** The definition it was last consulted with, and that pair (most units of a build consult the same one). */
  def: MacroDef | undefined;
  definedPair: PairEntry | undefined;
  /** Its place in the last list (see `last`), when `listMark` is that list's mark. */
  at: number;
  listMark: number;
}

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Names consulted so far, sorted, with their records in the same order (units of a run consult mostly the same names);
 * `chars`: the characters of their names and of their pairs' JSON.
 */
const known = { names: [] as string[], records: [] as KnownName[], byName: new Map<string, KnownName>(), chars: 0 };
const MAX_KNOWN = 100_000;
/**
 * Characters of known names and pairs past which all but a list's own names are forgotten (see rank). A header looked
 * for and not found is consulted under a name holding the folders searched (absentLookupName: ~1.4 KB, its pair's
 * JSON ~2.8 KB), and each PlatformIO env searches folders of its own: Meshtastic's known names held 32 MB by the 100th
 * env (15 700 names) and grew with every env, where a build's own names are a few MB.
 */
export const maxKnownChars = { count: 4_000_000 };
/** How many times the known names were forgotten past a bound (for tests). */
export const knownNamesForgotten = { count: 0 };
/** How many names a list looked up among the known names, not found at their place in the last list (for tests). */
export const knownNameLookups = { count: 0 };
const INDEX_BITS = 2 ** 20;

/** The sorted pairs of `names` (distinct) consulted with `defs` (undefined: not defined); their JSON noted (tested-items.ts). */
export function sortedTested(names: string[], defs: (MacroDef | undefined)[]): TestedPair[] {
  const n = names.length;
  const records = knownNames(names);
  const order = n >= INDEX_BITS ? names.map((_, i) => i).sort((a, b) => byCodeUnits(names[a], names[b])) : sortedOrder(records);
  const out: TestedPair[] = new Array(n);
  const items: string[] = new Array(n);
  for (let k = 0; k < n; k++) {
    const i = order[k];
    const entry = pairOf(records[i], names[i], defs[i]);
    out[k] = entry.pair;
    items[k] = entry.json;
  }
  noteTestedItems(out, items);
  return out;
}

/**
 * The names and records of the last list (units of a build consult mostly the same names in the same order: a name
 * found among the last list's next few is taken from there, without a lookup; a name looked up that the last list
 * holds further on or back takes the search there: 2.2 of 4.5 million names looked up on 20 nRF52 envs without it).
 * Its records hold their place in it under `lastMark`.
 */
let last: { names: string[]; records: KnownName[] } = { names: [], records: [] };
let lastMark = 0;

/** The records of `names`, new names added (and every name ranked again). */
function knownNames(names: string[]): KnownName[] {
  const records: KnownName[] = new Array(names.length);
  const before = last.names;
  const added: [string, KnownName][] = [];
  let j = 0;
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    const k = matchAhead(before, name, j);
    if (k >= 0) {
      records[i] = last.records[k];
      j = k + 1;
      continue;
    }
    knownNameLookups.count++;
    let r = known.byName.get(name);
    if (r !== undefined && r.listMark === lastMark) j = r.at + 1;
    if (r === undefined) {
      r = { rank: -1, undefinedPair: undefined, def: undefined, definedPair: undefined, at: 0, listMark: 0 };
      // Its own string: a name cut from a header's text would keep that text for as long as the name is known
      // (Meshtastic's 200th env: 51 MB of header texts behind the known names).
      const own = ownString(name);
      known.byName.set(own, r);
      known.chars += own.length;
      added.push([own, r]);
    }
    records[i] = r;
  }
  if (added.length !== 0) rank(names, records, added);
  last = { names, records };
  const mark = ++lastMark;
  for (let i = 0; i < records.length; i++) {
    records[i].at = i;
    records[i].listMark = mark;
  }
  return records;
}

/**
 * Ranks the known names again after `added` (new, distinct names with their records) were recorded. Past MAX_KNOWN all but `names` are
 * forgotten and those sorted afresh; otherwise the added names are sorted and merged into the sorted names (a search
 * per added name, no comparison of the known names among themselves: a unit adds a few names to ~100 000 known).
 */
function rank(names: string[], records: KnownName[], added: [string, KnownName][]): void {
  if (known.names.length + added.length > MAX_KNOWN || known.chars > maxKnownChars.count) {
    knownNamesForgotten.count++;
    const order = names.map((_, i) => i).sort((a, b) => byCodeUnits(names[a], names[b]));
    known.names = order.map((i) => ownString(names[i]));
    known.records = order.map((i) => records[i]);
    known.byName = new Map(known.names.map((name, k) => [name, known.records[k]]));
    known.records.forEach((r, k) => (r.rank = k));
    known.chars = known.names.reduce((sum, name, k) => sum + name.length + recordChars(known.records[k]), 0);
    return;
  }
  added.sort((a, b) => byCodeUnits(a[0], b[0]));
  const merged = mergeSorted(known.names, known.records, added);
  known.names = merged.names;
  known.records = merged.records;
  for (let k = merged.from; k < merged.records.length; k++) merged.records[k].rank = k;
}

/** The first index of sorted `names` whose name sorts after `name`, searching from `lo`. */
function insertionPoint(names: readonly string[], name: string, lo: number): number {
  let hi = names.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (names[mid] < name) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Sorted `names` and `records` with sorted `added` (names not among them, with their records) merged in; `from`: the first index that moved. */
function mergeSorted(names: string[], records: KnownName[], added: [string, KnownName][]): { names: string[]; records: KnownName[]; from: number } {
  const outNames: string[] = new Array(names.length + added.length);
  const outRecords: KnownName[] = new Array(outNames.length);
  let from = -1;
  let src = 0;
  let dst = 0;
  for (const [name, record] of added) {
    const at = insertionPoint(names, name, src);
    for (; src < at; src++, dst++) {
      outNames[dst] = names[src];
      outRecords[dst] = records[src];
    }
    if (from < 0) from = dst;
    outNames[dst] = name;
    outRecords[dst++] = record;
  }
  for (; src < names.length; src++, dst++) {
    outNames[dst] = names[src];
    outRecords[dst] = records[src];
  }
  return { names: outNames, records: outRecords, from };
}

/** The pair of a name consulted with `def`, made once per name (undefined) or per name and definition. */
function pairOf(r: KnownName, name: string, def: MacroDef | undefined): PairEntry {
  if (def === undefined) {
    if (r.undefinedPair === undefined) known.chars += (r.undefinedPair = newEntry(name, undefined)).json.length;
    return r.undefinedPair;
  }
  if (r.def !== def) {
    r.def = def;
    known.chars -= r.definedPair?.json.length ?? 0;
    known.chars += (r.definedPair = newEntry(name, def)).json.length;
  }
  return r.definedPair!;
}

/** Characters of a record's pairs' JSON. */
function recordChars(r: KnownName): number {
  return (r.undefinedPair?.json.length ?? 0) + (r.definedPair?.json.length ?? 0);
}

/** The known names and the characters counted for them (for tests). */
export function knownNamesHeld(): { names: number; chars: number } {
  return { names: known.names.length, chars: known.chars };
}

function newEntry(name: string, def: MacroDef | undefined): PairEntry {
  // Its own string: a name is often a slice of a header's text, which the pair would keep alive.
  const pair: TestedPair = [def !== undefined && def.name === name ? def.name : ownString(name), definitionKey(def)];
  return { pair, json: JSON.stringify(pair) };
}

/** Lists of up to 2^11 names with ranks below 2^21 (most units' lists) are sorted as 32-bit integers. */
const SMALL_LIST = 1 << 11;
const SMALL_RANKS = 1 << 21;

/** Indices of `records` (of distinct names, fewer than 2^20) in the order of their ranks. */
function sortedOrder(records: KnownName[]): Uint32Array {
  const n = records.length;
  if (n <= SMALL_LIST && known.names.length <= SMALL_RANKS) {
    // rank * 2^11 + index: distinct and ordered by rank, in 32 bits.
    const packed = new Uint32Array(n);
    for (let i = 0; i < n; i++) packed[i] = ((records[i].rank << 11) | i) >>> 0;
    packed.sort();
    for (let k = 0; k < n; k++) packed[k] &= SMALL_LIST - 1;
    return packed;
  }
  // rank * 2^20 + index: distinct, exact in a double, and ordered by rank.
  const packed = new Float64Array(n);
  for (let i = 0; i < n; i++) packed[i] = records[i].rank * INDEX_BITS + i;
  packed.sort();
  const order = new Uint32Array(n);
  // Not `%`: a double's remainder is a call into the runtime.
  for (let k = 0; k < n; k++) order[k] = packed[k] - Math.floor(packed[k] / INDEX_BITS) * INDEX_BITS;
  return order;
}
