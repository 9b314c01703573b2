// A unit result's diagnostics as a value list (see value-lists.ts): stored once per distinct list, each distinct
// diagnostic once, named by unit_results.diagnostics_id. A PlatformIO env's units repeat the same missing-header
// warnings of the headers they share (177 000 diagnostics, 499 distinct, in 14 nRF52 envs of one project).
import type { Diagnostic } from '../model/diagnostic.js';
import { WeighedCache } from '../model/weighed-cache.js';
import type { Db } from './open-index.js';
import { EMPTY_LIST, listText, storedListJson, type ListText } from './value-lists.js';

/** The list diagnosticsText answered last, with its answer. */
let last: { list: readonly Diagnostic[]; text: ListText } | undefined;

/**
 * The JSON of `list` and its sha1 (most units have none: that list's made once). The units of a build mostly repeat
 * the diagnostics of the headers they share (copies replayed from one header walk: the same strings): a list equal
 * field by field to the last one takes its text (diagnostics are made with Diagnostic's fields in its order).
 */
export function diagnosticsText(list: readonly Diagnostic[]): ListText {
  if (list.length === 0) return EMPTY_LIST;
  if (last !== undefined && sameDiagnostics(list, last.list)) return last.text;
  const text = listText(JSON.stringify(list));
  // A copy: the caller may change its list after.
  last = { list: list.slice(), text };
  return text;
}

function sameDiagnostics(a: readonly Diagnostic[], b: readonly Diagnostic[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) {
    const x = a[k];
    const y = b[k];
    if (x !== y && (x.severity !== y.severity || x.file !== y.file || x.line !== y.line || x.message !== y.message || x.fix !== y.fix)) return false;
  }
  return true;
}

/** Per connection, stored lists by id, parsed (shared by the results naming them; never changed). Bounded by characters of JSON. */
const byId = new WeakMap<Db, WeighedCache<number, { text: ListText; list: Diagnostic[] }>>();
const MAX_LIST_CHARS = 500_000;

/** The stored diagnostics list of id `id` with its text (see unit_results.diagnostics_id). */
export function storedDiagnostics(db: Db, id: number): { text: ListText; list: Diagnostic[] } {
  let ids = byId.get(db);
  if (ids === undefined) byId.set(db, (ids = new WeighedCache(MAX_LIST_CHARS, (entry) => entry.text.json.length, Infinity, true)));
  const known = ids.get(id);
  if (known !== undefined) return known;
  const json = storedListJson(db, id);
  const entry = { text: listText(json), list: JSON.parse(json) as Diagnostic[] };
  ids.set(id, entry);
  return entry;
}
