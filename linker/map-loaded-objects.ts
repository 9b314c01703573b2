// Reads from a GNU ld map file what the link loaded: object files named on `LOAD` lines, and archive members
// written `archive(member)` (archive-member table, input-section rows). Paths are as ld wrote them (relative to
// the folder ld ran in). Symbols and addresses are left to map-reader.ts.

export interface LoadedObjects {
  /** Object files loaded directly (`LOAD x.o`). */
  objects: string[];
  /** Archive (as written) → member object names pulled from it. */
  members: Map<string, Set<string>>;
}

const LOAD = /^LOAD\s+(\S+)\s*$/;
const MEMBER = /([^\s()]+\.(?:a|lib))\(([^()\s]+)\)/g;

export function readLoadedObjects(text: string): LoadedObjects {
  const out: LoadedObjects = { objects: [], members: new Map() };
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    const load = LOAD.exec(line);
    if (load) {
      if (/\.(o|obj)$/i.test(load[1]!)) out.objects.push(load[1]!);
      continue;
    }
    if (!line.includes('(')) continue;
    for (const m of line.matchAll(MEMBER)) {
      let set = out.members.get(m[1]!);
      if (!set) out.members.set(m[1]!, (set = new Set()));
      set.add(m[2]!);
    }
  }
  return out;
}
