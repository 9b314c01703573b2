// A unit result's diagnostics as a value list (see value-lists.ts): stored once per distinct list, each distinct
// diagnostic once, named by unit_results.diagnostics_id. A PlatformIO env's units repeat the same missing-header
// warnings of the headers they share (177 000 diagnostics, 499 distinct, in 14 nRF52 envs of one project).
import type { Diagnostic } from '../model/diagnostic.js';
import { WeighedCache } from '../model/weighed-cache.js';
import type { Db } from './open-index.js';
import { EMPTY_LIST, listText, storedListJson, type ListText } from './value-lists.js';

/** The JSON of `list` and its sha1 (most units have none: that list's made once). */
export function diagnosticsText(list: readonly Diagnostic[]): ListText {
  return list.length === 0 ? EMPTY_LIST : listText(JSON.stringify(list));
}

/** Per connection, stored lists by id, parsed (shared by the results naming them; never changed). Bounded by characters of JSON. */
const byId = new WeakMap<Db, WeighedCache<number, { text: ListText; list: Diagnostic[] }>>();
const MAX_LIST_CHARS = 2_000_000;

/** The stored diagnostics list of id `id` with its text (see unit_results.diagnostics_id). */
export function storedDiagnostics(db: Db, id: number): { text: ListText; list: Diagnostic[] } {
  let ids = byId.get(db);
  if (ids === undefined) byId.set(db, (ids = new WeighedCache(MAX_LIST_CHARS, (entry) => entry.text.json.length)));
  const known = ids.get(id);
  if (known !== undefined) return known;
  const json = storedListJson(db, id);
  const entry = { text: listText(json), list: JSON.parse(json) as Diagnostic[] };
  ids.set(id, entry);
  return entry;
}
