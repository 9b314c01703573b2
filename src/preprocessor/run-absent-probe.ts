// The probe of the index run or check under way, which tested lists naming a header not found are checked against
// (see model/absent-lookups.ts: the lookups' names and the probe itself). Leaves the probing to AbsentProbe.
import { AbsentProbe } from '../model/absent-lookups.js';

/** The probe of the run or check under way (see startAbsentProbe); tested lists are checked against it. */
let current = new AbsentProbe();

/** Starts a run or check: the headers of lookups are looked for on the disk as it is now. */
export function startAbsentProbe(): AbsentProbe {
  current = new AbsentProbe();
  return current;
}

/** The probe of the run or check under way. */
export function absentProbe(): AbsentProbe {
  return current;
}
