// A unit result's #undef marks (UnitResult.undone) as a value list of one item (see value-lists.ts), named by
// unit_results.undone_id: the units of a project's envs repeat a few hundred distinct sets (~3 KB each; 533 in 2 661
// results of 14 PlatformIO envs), which their rows held each.
import { sha1 } from '../model/sha1.js';
import type { UndoneMarks } from '../preprocessor/undone-names.js';
import { sharedStatesOf } from '../preprocessor/shared-undone-states.js';
import type { Db } from './open-index.js';
import { storedListJson, type ListText } from './value-lists.js';

const NONE_JSON = '[]';
const NONE: ListText = { json: NONE_JSON, hash: sha1(NONE_JSON) };

/** The list of `marks` (none: the empty list) and its sha1. */
export function undoneText(marks: UndoneMarks | undefined): ListText {
  if (marks === undefined) return NONE;
  const json = `[${JSON.stringify(marks)}]`;
  return { json, hash: sha1(json) };
}

/** The marks a list's JSON holds (its states the lists the walks' results hold: see shared-undone-states.ts). */
export function undoneFromJson(json: string): UndoneMarks | undefined {
  if (json === NONE_JSON) return undefined;
  return sharedStatesOf((JSON.parse(json) as [UndoneMarks])[0]);
}

/** The text of stored list `id` (see unit_results.undone_id). */
export function storedUndoneText(db: Db, id: number): ListText {
  const json = storedListJson(db, id);
  return json === NONE_JSON ? NONE : { json, hash: sha1(json) };
}
