// A unit result's #undef marks (UnitResult.undone) as a value list (see value-lists.ts), named by
// unit_results.undone_id: its first item the marks and runs, then one item per state. The units of a project's envs
// repeat a few hundred distinct sets (533 in 2 661 results of 14 PlatformIO envs), and the sets of 170 builds of
// one project ~15 000 distinct states (a state lists the names #undef'd: ~2.7 KB) in 1 071 distinct orders (96 MB
// as whole sets, 42 MB as states).
import type { UndoneMarks } from '../preprocessor/undone-names.js';
import { sharedStatesOf } from '../preprocessor/shared-undone-states.js';
import type { Db } from './open-index.js';
import { EMPTY_LIST, listText, storedListJson, type ListText } from './value-lists.js';

/** The first item of a non-empty list: the marks without their states. */
type MarksItem = Omit<UndoneMarks, 'states'>;

/** The list of `marks` (none: the empty list) and its sha1. */
export function undoneText(marks: UndoneMarks | undefined): ListText {
  if (marks === undefined) return EMPTY_LIST;
  const head: MarksItem = marks.runs !== undefined ? { marks: marks.marks, runs: marks.runs } : { marks: marks.marks };
  return listText(JSON.stringify([head, ...marks.states]));
}

/** The marks a list's JSON holds (its states the lists the walks' results hold: see shared-undone-states.ts). */
export function undoneFromJson(json: string): UndoneMarks | undefined {
  if (json === EMPTY_LIST.json) return undefined;
  const [head, ...states] = JSON.parse(json) as [MarksItem, ...string[][]];
  return sharedStatesOf({ states, ...head });
}

/** The text of stored list `id` (see unit_results.undone_id). */
export function storedUndoneText(db: Db, id: number): ListText {
  return listText(storedListJson(db, id));
}
