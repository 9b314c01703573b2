// An #include, #include_next or __has_include that found no file is an input of the walk like a macro it tested: the
// walk reads a name standing for the lookup (the header's name and the folders searched, in order), undefined while no
// folder holds the header, so its result's tested list keeps it and a result is reused only while the header is still
// missing (see pairStillHolds). Whether a header appeared is answered from each folder's listing, read once per run or
// check. Here: the name's format and the probe, which the walk, index runs, check, status and the server's refresh share
// (no preprocessor code loads with them); the probe of the run under way is preprocessor/run-absent-probe.ts. The
// assembler's `.include` keeps the paths it looked at apart (see kept-assembler-includes.ts).
import fs from 'node:fs';
import path from 'node:path';

/** The first character of a lookup's name: no macro name holds it. */
const MARK = '\u0001';

/** The name standing for the lookup of `name` in `folders` (searched in that order) that found no file. */
export function absentLookupName(name: string, folders: readonly string[]): string {
  return `${MARK}${name}${MARK}${folders.join(MARK)}`;
}

/** Whether a tested name stands for a lookup that found no file. */
export function isAbsentLookup(name: string): boolean {
  return name.charCodeAt(0) === 1;
}

/** The header's name as written and the folders searched, of a lookup's name. */
export function absentLookupParts(lookup: string): { name: string; folders: string[] } {
  const [, name, ...folders] = lookup.split(MARK);
  return { name: name!, folders };
}

/**
 * Answers whether the headers of lookups that found no file exist now, each folder listed once (a folder every unit
 * searched for a framework header is read once, not stat'ed per unit and per build). Made anew for each run or
 * check: the disk is read as it is then.
 */
export class AbsentProbe {
  private listings = new Map<string, ReadonlySet<string> | null>();
  private answers = new Map<string, string | null>();

  /** The file a lookup would find now (the first folder holding the header), or null while none does. */
  found(lookup: string): string | null {
    let at = this.answers.get(lookup);
    if (at !== undefined) return at;
    const { name, folders } = absentLookupParts(lookup);
    at = null;
    for (const folder of folders) {
      const candidate = path.join(folder, name);
      if (this.listed(path.dirname(candidate)).has(path.basename(candidate)) && isFile(candidate)) {
        at = candidate;
        break;
      }
    }
    this.answers.set(lookup, at);
    return at;
  }

  private listed(folder: string): ReadonlySet<string> {
    let names = this.listings.get(folder);
    if (names === undefined) {
      try {
        names = new Set(fs.readdirSync(folder));
      } catch {
        names = null;
      }
      this.listings.set(folder, names);
    }
    return names ?? NONE;
  }
}

const NONE: ReadonlySet<string> = new Set();

function isFile(file: string): boolean {
  return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
}
